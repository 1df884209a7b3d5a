import { StsError } from './errors.js';

/**
 * The 16-bit exponent/mantissa value field (sts.md §5.2), used by credit amounts (units of
 * 0.1 kWh / 0.1 m³ / 0.1 min) and by MPL/MPPUL (watts): e in bits 15..14, m in bits 13..0,
 * t = 10^e·m + Σ_{i=1..e} 2^14·10^(i−1). Vending rounds UP, in the customer's favour.
 */

/** Per exponent e: [smallest value of the band, Σ_{i=1..e} 2^14·10^(i−1); step, 10^e]. */
const BANDS: readonly (readonly [offset: number, step: number])[] = [
  [0, 1],
  [16384, 10],
  [180224, 100],
  [1818624, 1000],
];
export const MAX_AMOUNT_UNITS = 18201624;

/** Encodes a count of units as the 16-bit field, rounding up to the next representable value. */
export function encodeAmount(units: number, field = 'amountUnits'): number {
  if (typeof units !== 'number' || !Number.isInteger(units) || units < 0) {
    throw new StsError('INVALID_AMOUNT', `${field} must be a whole, non-negative number of units`, field);
  }
  if (units > MAX_AMOUNT_UNITS) {
    throw new StsError(
      'AMOUNT_OUT_OF_RANGE',
      `${field} ${units} exceeds the largest STS value ${MAX_AMOUNT_UNITS} (1 820 162.4 kWh); split it into several tokens`,
      field,
    );
  }
  for (const [e, [offset, step]] of BANDS.entries()) {
    const above = units - offset;
    // A value in the gap below a band goes up to that band's first value (m = 0).
    const m = above <= 0 ? 0 : Math.ceil(above / step);
    if (m <= 16383) return (e << 14) | m;
  }
  throw new StsError('AMOUNT_OUT_OF_RANGE', `${field} ${units} cannot be encoded`, field);
}

/** The number of units a 16-bit field stands for (what the meter will credit). */
export function decodeAmount(amountField: number): number {
  const m = amountField & 0x3fff;
  // e is two bits, so there is always a band; [0, 1] only satisfies the type.
  const [offset, step] = BANDS[(amountField >>> 14) & 3] ?? [0, 1];
  return step * m + offset;
}

/**
 * The amounts a credit token can carry next to `units` (a whole count ≥ 0): `lower` ≤ units ≤ `upper`,
 * both equal to `units` when the field carries it exactly; `upper` is null past the largest value. Above
 * 1638.3 units only some counts exist, so a console can offer the nearest amounts before it vends.
 */
export function carriedAmounts(units: number): { lower: number; upper: number | null } {
  if (units > MAX_AMOUNT_UNITS) return { lower: MAX_AMOUNT_UNITS, upper: null };
  const field = encodeAmount(units);
  const upper = decodeAmount(field);
  if (upper === units) return { lower: units, upper };
  // The field just below: the previous mantissa, or the top of the band before when m is 0.
  const below = (field & 0x3fff) > 0 ? field - 1 : (((field >>> 14) - 1) << 14) | 0x3fff;
  return { lower: decodeAmount(below), upper };
}

export interface AmountQuote {
  requestedUnits: number;
  amountField: number;
  /** What the meter will really credit (≥ requested because of round-up). */
  effectiveUnits: number;
  /** effective − requested, to book the rounding difference. */
  deltaUnits: number;
}

export function quoteAmount(units: number): AmountQuote {
  const amountField = encodeAmount(units);
  const effectiveUnits = decodeAmount(amountField);
  return { requestedUnits: units, amountField, effectiveUnits, deltaUnits: effectiveUnits - units };
}

/**
 * Converts a decimal string ("25.6", "0.29") to integer units of 10^-decimals, rounding up, with no
 * binary floating point on the way (Nectar's `(int)(x*10)` truncates 0.29 to 2).
 */
export function decimalToUnits(amount: string, decimals: number, field = 'amount'): number {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(typeof amount === 'string' ? amount.trim() : '');
  if (!match) throw new StsError('INVALID_AMOUNT', `${field} must be a non-negative decimal number`, field);
  const [, whole = '0', frac = ''] = match;
  const kept = frac.slice(0, decimals).padEnd(decimals, '0');
  const dropped = frac.slice(decimals);
  let units = BigInt(whole + kept);
  if (/[1-9]/.test(dropped)) units += 1n;
  if (units > BigInt(Number.MAX_SAFE_INTEGER)) {
    throw new StsError('AMOUNT_OUT_OF_RANGE', `${field} is too large`, field);
  }
  return Number(units);
}

// --- Currency credit (class 0 subclasses 4–7, 2018) -------------------------------------------
// Provisional (sts.md §5.4, one implementation + 1 vector): a 5-bit exponent whose two low bits
// sit in Amount bits 15..14 and whose three high bits, with a sign bit, fill the S&E nibble that
// takes RND's place. Unit = 0.00001 of the base currency.

const MAX_CURRENCY_EXPONENT = 31;

function currencyOffset(e: number): bigint {
  // Σ_{i=1..e} 2^14·10^(i−1) = 16384·(10^e − 1)/9
  return (16384n * (10n ** BigInt(e) - 1n)) / 9n;
}

export interface CurrencyField {
  /** Sign(bit 3) e4 e3 e2 — sent in the RND position. */
  sAndE: number;
  /** e1 e0 in bits 15..14, mantissa in 13..0. */
  amountField: number;
}

/** Encodes a signed count of 0.00001 currency units; magnitude rounded up. */
export function encodeCurrencyAmount(units: bigint | number, field = 'amountUnits'): CurrencyField {
  if (typeof units === 'number' && !Number.isSafeInteger(units)) {
    throw new StsError('INVALID_AMOUNT', `${field} must be a whole number of 0.00001 currency units`, field);
  }
  let t = BigInt(units);
  const negative = t < 0n;
  if (negative) t = -t;
  for (let e = 0; e <= MAX_CURRENCY_EXPONENT; e++) {
    const above = t - currencyOffset(e);
    const stepE = 10n ** BigInt(e);
    const m = above <= 0n ? 0n : (above + stepE - 1n) / stepE;
    if (m <= 16383n) {
      return {
        sAndE: ((negative ? 1 : 0) << 3) | (e >> 2),
        amountField: ((e & 3) << 14) | Number(m),
      };
    }
  }
  throw new StsError('AMOUNT_OUT_OF_RANGE', `${field} is beyond the currency amount range`, field);
}

export function decodeCurrencyAmount(sAndE: number, amountField: number): bigint {
  const e = ((sAndE & 7) << 2) | ((amountField >>> 14) & 3);
  const m = BigInt(amountField & 0x3fff);
  const t = 10n ** BigInt(e) * m + currencyOffset(e);
  return sAndE & 8 ? -t : t;
}
