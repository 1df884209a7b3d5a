/** The current time, injectable so tests can step past expiry and lock windows. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock tests move by hand. */
export function manualClock(start = new Date()): Clock & { advanceMinutes(m: number): void } {
  let t = start.getTime();
  return {
    now: () => new Date(t),
    advanceMinutes(m: number) {
      t += m * 60_000;
    },
  };
}
