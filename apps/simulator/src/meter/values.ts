import { bcdEncode, concatBytes, toBcdByte } from '@prepay/dlt645';

/**
 * Raw value bytes of the meter's replies in DL/T 645 order (least significant byte first, packed BCD);
 * the frame codec adds the +0x33.
 */

/** Byte strings joined (the codec's own). */
export const concat = concatBytes;

/** A non-negative integer as `bytes` BCD bytes; saturates at all nines as a meter display would. */
export function bcd(value: number, bytes: number): Uint8Array {
  return bcdEncode(Math.min(Math.max(0, Math.floor(value)), 10 ** (2 * bytes) - 1), bytes);
}

/** Calendar fields of a meter wall-clock instant (the meter's local time kept in UTC fields). */
export function calendar(localMs: number) {
  const d = new Date(localMs);
  return {
    yy: d.getUTCFullYear() % 100,
    mo: d.getUTCMonth() + 1,
    dd: d.getUTCDate(),
    ww: d.getUTCDay(),
    hh: d.getUTCHours(),
    mi: d.getUTCMinutes(),
    ss: d.getUTCSeconds(),
  };
}

const bytes = (...values: number[]) => Uint8Array.from(values.map(toBcdByte));

/** YYMMDDWW, on the wire WW DD MM YY. */
export function dateBytes(localMs: number): Uint8Array {
  const c = calendar(localMs);
  return bytes(c.ww, c.dd, c.mo, c.yy);
}

/** hhmmss, on the wire ss mm hh. */
export function timeBytes(localMs: number): Uint8Array {
  const c = calendar(localMs);
  return bytes(c.ss, c.mi, c.hh);
}

/** YYMMDDWWhhmmss, on the wire ss mm hh WW DD MM YY. */
export function dateTimeBytes(localMs: number): Uint8Array {
  return concat(timeBytes(localMs), dateBytes(localMs));
}

/** YYMMDDhhmm, on the wire mm hh DD MM YY. */
export function minuteStampBytes(localMs: number): Uint8Array {
  const c = calendar(localMs);
  return bytes(c.mi, c.hh, c.dd, c.mo, c.yy);
}

/** Decodes LSB-first BCD bytes; undefined when a nibble is not a decimal digit. */
export function readBcd(value: Uint8Array): number | undefined {
  let v = 0;
  for (let i = value.length - 1; i >= 0; i--) {
    const b = value[i] ?? 0;
    if (b >> 4 > 9 || (b & 15) > 9) return undefined;
    v = v * 100 + (b >> 4) * 10 + (b & 15);
  }
  return v;
}
