import { encodeCredit, prepareKey } from '../src/index.js';

/**
 * The yardstick every benchmark of the repository measures in the same run as its figures: this machine's
 * one-core speed, as the rate of EA07 credit tokens with the decoder key prepared once (the STS bench's
 * first line). The project's machines all say "2 cores" and still differ several-fold; a figure divided by
 * the machine's speed compares across them, and across runs on a machine shared with other work.
 *
 * Normalised figures are those of a REFERENCE_RATE machine: a time × rate ÷ reference, a rate the other
 * way. Pure: imports only this package, so every workspace's bench can import it (`@prepay/sts/yardstick`)
 * without the engine depending on anything of ours.
 */

/** The machine figures are normalised to: 1.5 M EA07 credit tokens per CPU-second. */
export const REFERENCE_RATE = 1_500_000;

/**
 * Calls per second of CPU time of this thread (process.cpuUsage), so other work on a busy machine does
 * not count against it, after a JIT warm-up; the wall-clock rate alongside.
 */
export function measureRate(fn: (i: number) => unknown, minMs = 1500): { rate: number; wall: number } {
  let sink = 0;
  for (let i = 0; i < 20000; i++) sink ^= String(fn(i)).length;
  let n = 0;
  const cpu0 = process.cpuUsage();
  const start = performance.now();
  let elapsed = 0;
  while (elapsed < minMs) {
    for (let i = 0; i < 10000; i++) sink ^= String(fn(n++)).length;
    elapsed = performance.now() - start;
  }
  const cpu = process.cpuUsage(cpu0);
  const cpuMs = (cpu.user + cpu.system) / 1000;
  // The sink keeps the calls from being optimised away; it is never negative.
  return { rate: sink < 0 ? 0 : (n / cpuMs) * 1000, wall: (n / elapsed) * 1000 };
}

const ea07 = prepareKey('E653341F9D5BF36F');

/** One EA07 credit token, key prepared once: the unit of the yardstick. */
export const ea07Credit = (i: number) =>
  encodeCredit({ decoderKey: ea07, subclass: 0, rnd: i & 15, tid: i & 0xffffff, amountUnits: i % 100000 });

const group = (x: number) => Math.round(x).toLocaleString('en-US');
/** Fixed decimals by magnitude: 0.42, 5.40, 18.3, 514. */
const short = (x: number) =>
  Math.abs(x) >= 100 ? x.toFixed(0) : Math.abs(x) >= 10 ? x.toFixed(1) : x.toFixed(2);

/** A measured machine speed and the conversions of figures taken on it. */
export class Yardstick {
  constructor(
    /** EA07 credit tokens per CPU-second on one core. */
    readonly rate: number,
    /**
     * The share of a core the measuring thread got (wall-clock rate ÷ CPU rate): below 1 the machine was
     * busy with other work, which normalising cannot undo for wall-clock figures (CPU per operation holds).
     */
    readonly share = 1,
  ) {}

  /** Factor a time taken here is multiplied by to be a reference machine's. */
  get factor(): number {
    return this.rate / REFERENCE_RATE;
  }

  /** A duration (any unit) as on the reference machine. */
  time(x: number): number {
    return x * this.factor;
  }

  /** A rate (any unit per time) as on the reference machine. */
  perTime(x: number): number {
    return x / this.factor;
  }

  /** "514 ms (norm. 503 ms)". */
  ms(x: number, unit = 'ms'): string {
    return `${short(x)} ${unit} (norm. ${short(this.time(x))} ${unit})`;
  }

  /** "222 vends/s (norm. 218/s)". */
  rateOf(x: number, unit: string): string {
    return `${group(x)} ${unit} (norm. ${group(this.perTime(x))}/s)`;
  }

  /** The line every bench prints before its figures. */
  line(): string {
    return `yardstick: ${group(this.rate)} EA07 credit tokens/s on one core (CPU time); "norm." = as on a ${REFERENCE_RATE / 1e6} M tokens/s machine (times × ${this.factor.toFixed(3)}, rates ÷ ${this.factor.toFixed(3)})${this.busy()}`;
  }

  /** A warning when the thread got less than 90 % of a core while measuring. */
  busy(): string {
    if (this.share >= 0.9) return '';
    return `; BUSY MACHINE: the yardstick got ${(this.share * 100).toFixed(0)} % of a core, so wall-clock figures (rates, latencies) are worse than this machine's speed alone explains; CPU per operation is the figure to compare`;
  }
}

/** Measures this machine's yardstick now (about `minMs` of one core). */
export function measureYardstick(minMs = 1500): Yardstick {
  const { rate, wall } = measureRate(ea07Credit, minMs);
  return new Yardstick(rate, Math.min(1, wall / rate));
}

/**
 * Measures the yardstick again at the end of a bench and says how far it moved: a figure taken while the
 * machine's speed moved by more than a few percent is as uncertain as that.
 */
export function closingLine(start: Yardstick, minMs = 1500): string {
  const end = measureYardstick(minMs);
  const drift = ((end.rate - start.rate) / start.rate) * 100;
  return `yardstick at the end: ${group(end.rate)} tokens/s (${drift >= 0 ? '+' : ''}${drift.toFixed(1)} % from the start; figures above are normalised with the start)${end.busy()}`;
}
