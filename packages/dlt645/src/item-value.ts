import { bcdToDigits } from './bcd.js';
import { FrameError } from './errors.js';
import { decodeStatusWord3, type StatusWord3 } from './status.js';

/**
 * A data item's value read by the format its catalogue row names ("XXXXXX.XX", "X.XX", "NNNN",
 * "YYMMDDhhmm", "hhmmss", a block "XXXXXX.XX*5"). Catalogue rows are edited by operators, so the format is
 * a string read here rather than a key of FORMATS. Values are packed BCD, low byte first; numbers come out
 * exact (digit text or a count of the format's least unit), never through floating point.
 */
export interface FormatShape {
  /** Digits of one value ("XXXXXX.XX" → 8). */
  digits: number;
  /** Digits after the point ("XXXXXX.XX" → 2). */
  decimals: number;
}

/** The shape of one value of a format; a block's count ("*5") and spaces between digit groups are ignored. */
export function formatShape(format: string): FormatShape {
  const body = format.replace(/\s/g, '').replace(/\*\d+$/, '') || 'X';
  const dot = body.indexOf('.');
  return { digits: body.replace('.', '').length, decimals: dot < 0 ? 0 : body.length - dot - 1 };
}

/** "000123" with 2 decimals → "1.23": leading zeros dropped, the decimals kept as the meter sent them. */
function placeDecimals(digits: string, decimals: number): string {
  const whole = digits.slice(0, digits.length - decimals).replace(/^0+(?=\d)/, '') || '0';
  return decimals ? `${whole}.${digits.slice(digits.length - decimals)}` : whole;
}

/**
 * The value as people read it: a date "2026-11-28" (YYMMDDWW), a time "12:30:45" (hhmmss), otherwise the
 * number with the format's decimals ("XXXXXX.XX" → "123.40"). Every byte of the value is read, so a
 * longer answer than the format (a block) shows all its digits. Throws FrameError on a byte that is not BCD.
 */
export function itemText(format: string, value: Uint8Array): string {
  const d = bcdToDigits(value);
  if (format === 'YYMMDDWW') return `20${d.slice(0, 2)}-${d.slice(2, 4)}-${d.slice(4, 6)}`;
  if (format === 'hhmmss') return `${d.slice(0, 2)}:${d.slice(2, 4)}:${d.slice(4, 6)}`;
  return placeDecimals(d, formatShape(format).decimals);
}

/** The first (or only) value's bytes: a block's total, or the whole value of a one-value item. */
function leading(format: string, value: Uint8Array): Uint8Array {
  const bytes = Math.ceil(formatShape(format).digits / 2);
  if (value.length < bytes) {
    throw new FrameError('bad-length', `${format} is ${bytes} bytes, got ${value.length}`);
  }
  return value.slice(0, bytes);
}

/**
 * The first (or only) value as a whole count of 10^-`decimals` (the format's own by default), truncated as
 * meters display: "XXXXXX.XX" 123.45 → 12345, or 1234 with `decimals` 1.
 */
export function itemUnits(
  format: string,
  value: Uint8Array,
  decimals = formatShape(format).decimals,
): number {
  const own = formatShape(format).decimals;
  const n = Number(bcdToDigits(leading(format, value)));
  return decimals >= own ? n * 10 ** (decimals - own) : Math.floor(n / 10 ** (own - decimals));
}

/** The calendar day "yyyy-MM-dd" of a value that starts with YYMMDD (YYMMDDhhmm, YYMMDDWW, …). */
export function itemDay(format: string, value: Uint8Array): string {
  if (!format.startsWith('YYMMDD')) throw new FrameError('bad-value', `${format} holds no date`);
  const d = bcdToDigits(leading(format, value));
  return `20${d.slice(0, 2)}-${d.slice(2, 4)}-${d.slice(4, 6)}`;
}

/** Run status word 3 from its two bytes (binary, low byte first). */
export function statusWord3Of(value: Uint8Array): StatusWord3 {
  if (value.length < 2) throw new FrameError('bad-length', `status word 3 is 2 bytes, got ${value.length}`);
  return decodeStatusWord3((value[0] ?? 0) | ((value[1] ?? 0) << 8));
}
