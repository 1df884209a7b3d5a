import { invalid } from '../lib/domain-errors.js';

/**
 * Exact conversions between wire decimals and stored integers. Strings are split, never multiplied as
 * floats, so "0.29" is 29 minor units and not 28.999….
 */
function scaled(value: string, places: number): number {
  const [int = '0', frac = ''] = value.trim().split('.');
  // Bad input, not a fault: a 400 naming the value (a filter or a cell may carry it here).
  if (frac.length > places || !/^-?\d*$/.test(int) || !/^\d*$/.test(frac)) {
    throw invalid(`Validation failed: ${value} is not a decimal with at most ${places} decimals`);
  }
  return Number(int) * 10 ** places + Number((frac + '0'.repeat(places)).slice(0, places) || '0');
}

/** "350.5" → 35050 minor units. */
export const toMinor = (value: string | number) => scaled(String(value), 2);
/** 35050 → 350.5 (a JSON number with at most 2 decimals). */
export const minorToNumber = (minor: number) => Number(minorToString(minor));
/** 35050 → "350.50". */
export function minorToString(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
/** 35000 → "350", 35050 → "350.5": the shortest decimal, so a price sent as "350" reads back as "350". */
export const minorToDecimal = (minor: number) => String(minorToNumber(minor));
/** kWh "12.5" → 125 tenths. */
export const toTenths = (value: string | number) => scaled(String(value), 1);
export const tenthsToNumber = (tenths: number) =>
  Number(`${Math.trunc(tenths / 10)}.${Math.abs(tenths % 10)}`);
/** Percent "7.5" → 750 hundredths of a percent. */
export const toBasisPoints = (value: string | number) => scaled(String(value), 2);
export const basisPointsToNumber = (bp: number) => minorToNumber(bp);
