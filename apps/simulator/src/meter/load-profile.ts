/**
 * Deterministic consumption: each meter draws a time-of-day shape scaled by its own daily volume,
 * both derived from its address, so the same meter consumes the same way on every run. Power is
 * constant within an hour, which makes the cumulative consumption up to any instant an O(1) sum —
 * the fleet never ticks a meter to make it consume.
 */

/** Residential shape (relative power per local hour): night low, morning bump, evening peak. */
const ELECTRIC_SHAPE = [
  3, 2.5, 2.2, 2, 2, 2.5, 4, 6, 6.5, 5, 4.5, 4.5, 5, 4.5, 4, 4, 5, 7, 9.5, 10, 9, 7.5, 6, 4,
];
/** Water and gas: morning and evening use, almost nothing at night. */
const FLOW_SHAPE = [0.3, 0.2, 0.2, 0.2, 0.3, 1, 5, 8, 6, 3, 2, 2, 3, 2, 1.5, 1.5, 2, 4, 6, 7, 5, 3, 1.5, 0.6];

/** Tariff of each local hour: 1 sharp, 2 peak, 3 flat, 4 valley (DL/T 645 tariff registers 1–4). */
export const TARIFF_OF_HOUR = [4, 4, 4, 4, 4, 4, 4, 3, 2, 2, 2, 3, 3, 3, 3, 3, 3, 2, 1, 1, 1, 2, 3, 4];

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** FNV-1a of a string: a stable seed per meter. */
export function seedOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** Deterministic pseudo-random numbers in [0, 1). */
export function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 0x100000000;
  };
}

export interface LoadProfile {
  /** Cumulative consumption in 0.01 units (kWh or m³) per tariff 1–4 at `ms`, since the profile's origin. */
  cumulative(ms: number): [number, number, number, number];
  /** Cumulative total in 0.01 units: the sum of the tariff registers. */
  total(ms: number): number;
  /** Demand at `ms` in watts (electricity) or litres per hour (water, gas). */
  powerAt(ms: number): number;
}

/**
 * @param meterType 0 electricity, 1 water, 2 gas
 * @param tzOffsetMs local time offset of the meters' area (time-of-day shape and tariff hours)
 */
export function createLoadProfile(address: string, meterType: number, tzOffsetMs: number): LoadProfile {
  const random = rng(seedOf(address));
  const shape = meterType === 0 ? ELECTRIC_SHAPE : FLOW_SHAPE;
  // Daily volume: 4–16 kWh for a household, 0.3–1.2 m³ of water, 0.5–2 m³ of gas.
  const daily =
    meterType === 0 ? 4 + random() * 12 : meterType === 1 ? 0.3 + random() * 0.9 : 0.5 + random() * 1.5;
  // Each meter's own wobble on the shape, so the fleet is not in lock-step.
  const weights = shape.map((w) => w * (0.7 + random() * 0.6));
  const sum = weights.reduce((a, b) => a + b, 0);
  /** Hundredths of a unit consumed in each local hour of the day. */
  const perHour = weights.map((w) => (daily * 100 * w) / sum);
  const perDayByTariff = [0, 0, 0, 0];
  /** Cumulative per tariff at the start of each hour of a day. */
  const startOfHour: number[][] = [];
  for (let h = 0; h < 24; h++) {
    startOfHour.push([...perDayByTariff]);
    const t = (TARIFF_OF_HOUR[h] ?? 3) - 1;
    perDayByTariff[t] = (perDayByTariff[t] ?? 0) + (perHour[h] ?? 0);
  }

  const exact = (ms: number): number[] => {
    const local = ms + tzOffsetMs;
    const days = Math.floor(local / DAY_MS);
    const inDay = local - days * DAY_MS;
    const hour = Math.floor(inDay / HOUR_MS);
    const fraction = (inDay - hour * HOUR_MS) / HOUR_MS;
    const tariff = (TARIFF_OF_HOUR[hour] ?? 3) - 1;
    return perDayByTariff.map((perDay, t) => {
      const within = (startOfHour[hour]?.[t] ?? 0) + (t === tariff ? (perHour[hour] ?? 0) * fraction : 0);
      return days * perDay + within;
    });
  };
  // Registers are whole hundredths: flooring the absolute cumulative value keeps differences exact.
  const cumulative = (ms: number) => {
    const e = exact(ms);
    return [Math.floor(e[0] ?? 0), Math.floor(e[1] ?? 0), Math.floor(e[2] ?? 0), Math.floor(e[3] ?? 0)] as [
      number,
      number,
      number,
      number,
    ];
  };
  return {
    cumulative,
    total: (ms) => cumulative(ms).reduce((a, b) => a + b, 0),
    powerAt: (ms) => {
      const local = ms + tzOffsetMs;
      const hour = Math.floor((((local % DAY_MS) + DAY_MS) % DAY_MS) / HOUR_MS);
      // hundredths per hour → watts (kWh) or litres per hour (m³): ×10.
      return (perHour[hour] ?? 0) * 10;
    },
  };
}
