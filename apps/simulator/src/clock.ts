/**
 * The simulated time every meter runs on. Meters never read Date.now() themselves: consumption,
 * frozen data and token key-change windows are computed from `clock.now()`, so tests and demos can
 * freeze, step or accelerate time without waiting.
 */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/** A clock that runs `factor` times faster than `real` time (the system clock) from `startMs` (default: now). */
export function acceleratedClock(factor: number, startMs = Date.now(), real: Clock = systemClock): Clock {
  if (!(factor > 0) || !Number.isFinite(factor)) {
    throw new RangeError('clock factor must be a positive number');
  }
  const realStart = real.now();
  return { now: () => Math.floor(startMs + (real.now() - realStart) * factor) };
}

/** A clock that only moves when told to (tests). */
export class ManualClock implements Clock {
  constructor(private ms: number) {}
  now(): number {
    return this.ms;
  }
  set(ms: number): void {
    this.ms = ms;
  }
  advance(ms: number): void {
    this.ms += ms;
  }
}
