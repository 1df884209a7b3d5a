import { StsError } from './errors.js';

/**
 * Token Identifier (sts.md §4): whole minutes from 00:00 on 1 January of the key's base year,
 * 24 bits. The standard uses a naive wall-clock difference; we compute it in UTC so a DST
 * fall-back can never repeat an hour of TIDs.
 */

export const BASE_YEARS = [1993, 2014, 2035] as const;
export type BaseYear = (typeof BASE_YEARS)[number];
export const MAX_TID = 0xffffff;

export function checkBaseYear(baseYear: unknown, field = 'baseYear'): BaseYear {
  // Accept the two-digit form of DKGA04 ("93", "14", "35") as well.
  const n = typeof baseYear === 'string' && /^\d{2}$/.test(baseYear) ? twoDigitYear(baseYear) : baseYear;
  if (!BASE_YEARS.includes(n as BaseYear)) {
    throw new StsError('INVALID_BASE_DATE', `${field} must be one of 1993, 2014 or 2035`, field);
  }
  return n as BaseYear;
}

function twoDigitYear(yy: string): number {
  const n = Number(yy);
  return n >= 90 ? 1900 + n : 2000 + n;
}

export function checkTid(tid: unknown, field = 'tid'): number {
  if (typeof tid !== 'number' || !Number.isInteger(tid) || tid < 0 || tid > MAX_TID) {
    throw new StsError(
      'TID_OUT_OF_RANGE',
      `${field} must be an integer from 0 to ${MAX_TID} (24 bits)`,
      field,
    );
  }
  return tid;
}

const NAIVE = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/;

/** Minutes since the Unix epoch for a naive "yyyy-MM-dd HH:mm[:ss]" string or a Date (UTC fields). */
function epochMinutes(at: Date | string): number {
  if (at instanceof Date) {
    const ms = at.getTime();
    if (Number.isNaN(ms)) throw new StsError('INVALID_DATE', 'the issue time is not a valid date', 'at');
    return Math.floor(ms / 60000);
  }
  const m = typeof at === 'string' ? NAIVE.exec(at) : null;
  if (!m) {
    throw new StsError('INVALID_DATE', 'the issue time must look like "yyyy-MM-dd HH:mm[:ss]"', 'at');
  }
  const [y, mo, d, h, mi] = [m[1], m[2], m[3], m[4], m[5]].map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const ms = Date.UTC(y, mo - 1, d, h, mi);
  const check = new Date(ms);
  if (check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d || h > 23 || mi > 59) {
    throw new StsError('INVALID_DATE', `the issue time ${at} is not a real date`, 'at');
  }
  return Math.floor(ms / 60000);
}

/** TID for an issue time. Seconds are dropped (floor), as in the standard. */
export function tidFromDate(at: Date | string, baseYear: number): number {
  const base = checkBaseYear(baseYear);
  const tid = epochMinutes(at) - Date.UTC(base, 0, 1) / 60000;
  if (tid < 0) {
    throw new StsError(
      'TID_BEFORE_BASE_DATE',
      `the issue time is before the base date ${base}-01-01 00:00`,
      'at',
    );
  }
  if (tid > MAX_TID) {
    throw new StsError(
      'TID_BEYOND_BASE_DATE',
      `the issue time is past the last TID of base date ${base} (${formatTid(MAX_TID, base)}); the meter needs a TID-rollover key change`,
      'at',
    );
  }
  return tid;
}

/** The issue minute a TID stands for, as a UTC Date. */
export function dateFromTid(tid: number, baseYear: number): Date {
  const base = checkBaseYear(baseYear);
  return new Date(Date.UTC(base, 0, 1) + checkTid(tid) * 60000);
}

/** "yyyy-MM-dd HH:mm" (the wire format without seconds) for display. */
export function formatTid(tid: number, baseYear: number): string {
  return dateFromTid(tid, baseYear).toISOString().slice(0, 16).replace('T', ' ');
}

/** A key is usable for a TID only while TID>>16 ≤ KEN (sts.md §4.3; not Nectar's off-by-one). */
export function isKeyExpired(tid: number, ken: number): boolean {
  return tid >>> 16 > ken;
}

export function lastTidForKen(ken: number): number {
  return ken * 65536 + 65535;
}

/**
 * The KEN (key expiry number) that makes a key last through the whole of `expiresOn` (yyyy-MM-dd, UTC):
 * the top 8 bits of the TID of that day's last minute. The meter then refuses tokens from the next
 * 65,536-minute block on; the vending system refuses to issue after the day itself. 255 when the day lies
 * past the base date's last TID (the key never expires within its base date).
 */
export function kenForExpiry(expiresOn: string, baseYear: number): number {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(expiresOn)) {
    throw new StsError('INVALID_DATE', `the key expiry ${expiresOn} is not a yyyy-MM-dd date`, 'expiresOn');
  }
  const base = checkBaseYear(baseYear);
  const lastMinute = epochMinutes(`${expiresOn} 23:59`) - Date.UTC(base, 0, 1) / 60000;
  if (lastMinute < 0) {
    throw new StsError(
      'TID_BEFORE_BASE_DATE',
      `the key expiry ${expiresOn} is before the base date ${base}-01-01`,
      'expiresOn',
    );
  }
  return lastMinute > MAX_TID ? 255 : lastMinute >>> 16;
}

export function checkKen(ken: unknown, field = 'ken'): number {
  if (typeof ken !== 'number' || !Number.isInteger(ken) || ken < 0 || ken > 255) {
    throw new StsError(
      'INVALID_FIELD',
      `${field} (key expiry number) must be an integer from 0 to 255`,
      field,
    );
  }
  return ken;
}

export function assertKeyNotExpired(tid: number, ken: number): void {
  checkKen(ken);
  if (isKeyExpired(tid, ken)) {
    throw new StsError(
      'KEY_EXPIRED',
      `the decoder key has expired: TID ${tid} has key-expiry block ${tid >>> 16} > KEN ${ken} (last usable TID ${lastTidForKen(ken)})`,
      'tid',
    );
  }
}

/**
 * Next TID for a meter: the clock minute, or lastTid + 1 when the clock has not moved past it
 * (several tokens in one minute, sts.md §4.2). The caller persists the result atomically.
 */
export function nextTid(nowTid: number, lastTid: number | undefined): number {
  const tid = lastTid === undefined ? nowTid : Math.max(nowTid, lastTid + 1);
  if (tid > MAX_TID) {
    throw new StsError(
      'TID_BEYOND_BASE_DATE',
      'no TID is left in this base date; a TID-rollover key change is needed',
    );
  }
  return tid;
}

/**
 * The TID for a new token to a meter: the issue minute (or lastTid + 1), refused when the meter's
 * key has expired by then. Persist the returned TID as the meter's lastTid in the same transaction
 * as the token.
 */
export function allocateTid(input: {
  at: Date | string;
  baseYear: number;
  lastTid?: number;
  ken?: number;
}): number {
  const tid = nextTid(tidFromDate(input.at, input.baseYear), input.lastTid);
  if (input.ken !== undefined) assertKeyNotExpired(tid, input.ken);
  return tid;
}
