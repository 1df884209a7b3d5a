import { minorToNumber, tenthsToNumber } from './money.js';

/** Stored integers → wire numbers. Divisions by 10/1000 of integers are exact in decimal display. */
export const tenths = (v: number | null | undefined) =>
  v === null || v === undefined ? null : tenthsToNumber(v);
export const thousandths = (v: number | null | undefined) =>
  v === null || v === undefined ? null : Number((v / 1000).toFixed(3));
export const money = (minor: number | null | undefined) => minorToNumber(minor ?? 0);

/** "yyyy-MM-dd" → wire date-time at midnight. */
export const dayToWire = (d: string) => `${d} 00:00:00`;

/** The day part of a wire date-time range end ("yyyy-MM-dd HH:mm:ss" → "yyyy-MM-dd"). */
export const dayOf = (wire: string | null | undefined) => (wire ? wire.slice(0, 10) : undefined);

/** A Date's calendar day in the server's zone (the calendar arithmetic lives in lib/dates.ts). */
export { localDay } from '../lib/dates.js';

/** The server's IANA zone, for grouping UTC-hour buckets into local days in SQL. */
export const serverZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
