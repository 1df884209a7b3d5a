import { fromBcdByte, toBcdByte } from './bcd.js';
import { FrameError } from './errors.js';

/**
 * A meter's wall-clock reading. Meters keep local time and know no zone: a Date is read through its
 * UTC fields, so pass a Date whose UTC fields are the meter's local time (or pass DateParts).
 */
export interface DateParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

export function toParts(at: Date | DateParts): DateParts {
  if (!(at instanceof Date)) return at;
  if (Number.isNaN(at.getTime())) throw new FrameError('bad-value', 'invalid date');
  return {
    year: at.getUTCFullYear(),
    month: at.getUTCMonth() + 1,
    day: at.getUTCDate(),
    hour: at.getUTCHours(),
    minute: at.getUTCMinutes(),
    second: at.getUTCSeconds(),
  };
}

/** 0 = Sunday, as DL/T 645's WW. */
export function weekday(p: Pick<DateParts, 'year' | 'month' | 'day'>): number {
  return new Date(Date.UTC(p.year, p.month - 1, p.day)).getUTCDay();
}

export function yearByte(year: number): number {
  if (!Number.isInteger(year) || year < 2000 || year > 2099) {
    throw new FrameError('bad-value', `meter clocks hold years 2000..2099: ${year}`);
  }
  return toBcdByte(year - 2000);
}

/** A field of a meter clock value; `weekday` is DL/T 645's WW (0 = Sunday). */
export type ClockField = keyof DateParts | 'weekday';

/** The BCD bytes of the fields, in the order given (a meter sends the lowest unit first). */
export function clockBytes(p: DateParts, fields: readonly ClockField[]): Uint8Array {
  return Uint8Array.from(
    fields.map((f) => (f === 'year' ? yearByte(p.year) : toBcdByte(f === 'weekday' ? weekday(p) : p[f]))),
  );
}

/** The fields read from BCD bytes in the order given; a field not sent is 2000-01-01 00:00:00's. */
export function clockParts(
  value: Uint8Array,
  fields: readonly ClockField[],
): DateParts & { weekday: number } {
  const p = { year: 2000, month: 1, day: 1, hour: 0, minute: 0, second: 0, weekday: 0 };
  for (const [i, f] of fields.entries()) {
    const n = fromBcdByte(value[i] ?? 0);
    p[f] = f === 'year' ? 2000 + n : n;
  }
  return p;
}

const DATE_TIME_6: readonly ClockField[] = ['second', 'minute', 'hour', 'day', 'month', 'year'];

/** ss mm hh DD MM YY (low first) — broadcast time and relay valid-until. */
export function encodeDateTime6(at: Date | DateParts): Uint8Array {
  return clockBytes(checkParts(toParts(at)), DATE_TIME_6);
}

export function decodeDateTime6(bytes: Uint8Array, offset = 0): DateParts {
  const b = (i: number) => fromBcdByte(bytes[offset + i] ?? 0xff);
  return checkParts({ second: b(0), minute: b(1), hour: b(2), day: b(3), month: b(4), year: 2000 + b(5) });
}

export function checkParts(p: DateParts): DateParts {
  const ok =
    p.month >= 1 &&
    p.month <= 12 &&
    p.day >= 1 &&
    p.day <= 31 &&
    p.hour >= 0 &&
    p.hour <= 23 &&
    p.minute >= 0 &&
    p.minute <= 59 &&
    p.second >= 0 &&
    p.second <= 59;
  if (!ok) throw new FrameError('bad-value', `not a valid date-time: ${JSON.stringify(p)}`);
  return p;
}

export function partsToDate(p: DateParts): Date {
  return new Date(Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second));
}

const pad = (n: number) => n.toString().padStart(2, '0');

export function formatParts(p: DateParts, withSeconds = true): string {
  const date = `${p.year}-${pad(p.month)}-${pad(p.day)}`;
  const time = withSeconds
    ? `${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}`
    : `${pad(p.hour)}:${pad(p.minute)}`;
  return `${date} ${time}`;
}
