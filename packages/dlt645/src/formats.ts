import { type Address, addressFromBytes, addressToBytes } from './address.js';
import { bcdToDigits, digitsToBcd, fromBcdByte, toBcdByte } from './bcd.js';
import { checkParts, type DateParts, formatParts, toParts, weekday, yearByte } from './clock.js';
import { FrameError } from './errors.js';

export type DecodedValue = number | string | boolean | Record<string, unknown>;
/** What an item's encode accepts: numbers for quantities, Date or the decoded string for clocks, records for blocks. */
export type ItemValue = number | string | Date | readonly number[] | Readonly<Record<string, unknown>>;

/** How a value is laid out in the data field (after the DI), as the standard's format strings name it. */
export interface ValueFormat {
  name: string;
  /** Bytes; for blocks the nominal length (a whole multiple of `unit` is accepted when decoding). */
  length: number;
  decimals?: number;
  signed?: boolean;
  decode(value: Uint8Array): DecodedValue;
  encode(v: ItemValue): Uint8Array;
}

function checkLength(value: Uint8Array, length: number, name: string): void {
  if (value.length !== length) {
    throw new FrameError('bad-length', `${name} is ${length} bytes, got ${value.length}`);
  }
}

/**
 * Packed-BCD number, low byte first, with `decimals` after the point ('XXXXXX.XX': 4 bytes, 2 decimals).
 * Signed formats carry the sign in the top bit of the most significant byte (1 = negative).
 */
export function numericFormat(pattern: string, signed = false): ValueFormat {
  const digits = pattern.replace(/[^XN]/g, '').length;
  const dot = pattern.indexOf('.');
  const decimals = dot < 0 ? 0 : pattern.length - dot - 1;
  const length = digits / 2;
  const name = pattern;
  const factor = 10 ** decimals;
  const limit = (signed ? 8 : 10) * 10 ** (digits - 1);
  return {
    name,
    length,
    decimals,
    signed,
    decode(value) {
      checkLength(value, length, name);
      const bytes = value.slice();
      const top = bytes[length - 1] ?? 0;
      const negative = signed && (top & 0x80) !== 0;
      if (signed) bytes[length - 1] = top & 0x7f;
      const n = Number.parseInt(bcdToDigits(bytes), 10) / factor;
      return negative && n !== 0 ? -n : n;
    },
    encode(v) {
      const n = typeof v === 'string' ? Number(v) : v;
      if (typeof n !== 'number' || !Number.isFinite(n))
        throw new FrameError('bad-value', `${name} needs a number`);
      if (n < 0 && !signed) throw new FrameError('bad-value', `${name} is unsigned: ${n}`);
      const scaled = Math.round(Math.abs(n) * factor);
      if (scaled >= limit) throw new FrameError('bad-value', `${n} does not fit ${name}`);
      const out = digitsToBcd(scaled.toString(), length);
      if (n < 0 && scaled !== 0) out[length - 1] = (out[length - 1] ?? 0) | 0x80;
      return out;
    },
  };
}

const pad = (n: number) => n.toString().padStart(2, '0');

function parseDateTime(v: ItemValue, name: string): DateParts {
  if (v instanceof Date) return toParts(v);
  if (typeof v === 'string') {
    const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?/.exec(v);
    if (m) {
      const [, y, mo, d, h = '0', mi = '0', s = '0'] = m;
      return checkParts({
        year: Number(y),
        month: Number(mo),
        day: Number(d),
        hour: Number(h),
        minute: Number(mi),
        second: Number(s),
      });
    }
  }
  throw new FrameError('bad-value', `${name} needs a Date or "YYYY-MM-DD hh:mm:ss"`);
}

function parseTime(v: ItemValue): { hour: number; minute: number; second: number } {
  if (typeof v === 'string') {
    const m = /^(\d{2}):(\d{2}):(\d{2})$/.exec(v);
    if (m)
      return checkParts({
        year: 2000,
        month: 1,
        day: 1,
        hour: Number(m[1]),
        minute: Number(m[2]),
        second: Number(m[3]),
      });
  }
  return parseDateTime(v, 'hhmmss');
}

/** Date + weekday: sent WW DD MM YY (WW 0 = Sunday). Decodes to { date: 'YYYY-MM-DD', weekday }. */
const YYMMDDWW: ValueFormat = {
  name: 'YYMMDDWW',
  length: 4,
  decode(value) {
    checkLength(value, 4, 'YYMMDDWW');
    const [ww, dd, mm, yy] = [...value].map(fromBcdByte);
    const p = checkParts({
      year: 2000 + (yy ?? 0),
      month: mm ?? 0,
      day: dd ?? 0,
      hour: 0,
      minute: 0,
      second: 0,
    });
    return { date: `${p.year}-${pad(p.month)}-${pad(p.day)}`, weekday: ww ?? 0 };
  },
  encode(v) {
    const p = parseDateTime(v, 'YYMMDDWW');
    return Uint8Array.of(toBcdByte(weekday(p)), toBcdByte(p.day), toBcdByte(p.month), yearByte(p.year));
  },
};

/** Time: sent ss mm hh. Decodes to 'hh:mm:ss'. */
const hhmmss: ValueFormat = {
  name: 'hhmmss',
  length: 3,
  decode(value) {
    checkLength(value, 3, 'hhmmss');
    const [s, mi, h] = [...value].map(fromBcdByte);
    const p = checkParts({ year: 2000, month: 1, day: 1, hour: h ?? 0, minute: mi ?? 0, second: s ?? 0 });
    return `${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}`;
  },
  encode(v) {
    const p = parseTime(v);
    return Uint8Array.of(toBcdByte(p.second), toBcdByte(p.minute), toBcdByte(p.hour));
  },
};

/** Date-time to the minute: sent mm hh DD MM YY. Decodes to 'YYYY-MM-DD hh:mm'. */
const YYMMDDhhmm: ValueFormat = {
  name: 'YYMMDDhhmm',
  length: 5,
  decode(value) {
    checkLength(value, 5, 'YYMMDDhhmm');
    const [mi, h, d, mo, y] = [...value].map(fromBcdByte);
    const p = {
      year: 2000 + (y ?? 0),
      month: mo ?? 0,
      day: d ?? 0,
      hour: h ?? 0,
      minute: mi ?? 0,
      second: 0,
    };
    return formatParts(checkParts(p), false);
  },
  encode(v) {
    const p = parseDateTime(v, 'YYMMDDhhmm');
    return Uint8Array.of(
      toBcdByte(p.minute),
      toBcdByte(p.hour),
      toBcdByte(p.day),
      toBcdByte(p.month),
      yearByte(p.year),
    );
  },
};

/** Date-time to the second: sent ss mm hh DD MM YY. Decodes to 'YYYY-MM-DD hh:mm:ss'. */
const YYMMDDhhmmss: ValueFormat = {
  name: 'YYMMDDhhmmss',
  length: 6,
  decode(value) {
    checkLength(value, 6, 'YYMMDDhhmmss');
    const [s, mi, h, d, mo, y] = [...value].map(fromBcdByte);
    const p = {
      year: 2000 + (y ?? 0),
      month: mo ?? 0,
      day: d ?? 0,
      hour: h ?? 0,
      minute: mi ?? 0,
      second: s ?? 0,
    };
    return formatParts(checkParts(p));
  },
  encode(v) {
    const p = parseDateTime(v, 'YYMMDDhhmmss');
    return Uint8Array.of(
      toBcdByte(p.second),
      toBcdByte(p.minute),
      toBcdByte(p.hour),
      toBcdByte(p.day),
      toBcdByte(p.month),
      yearByte(p.year),
    );
  },
};

/** Date, weekday and time: sent ss mm hh WW DD MM YY. Decodes to { dateTime, weekday }. */
const YYMMDDWWhhmmss: ValueFormat = {
  name: 'YYMMDDWWhhmmss',
  length: 7,
  decode(value) {
    checkLength(value, 7, 'YYMMDDWWhhmmss');
    const [s, mi, h, ww, d, mo, y] = [...value].map(fromBcdByte);
    const p = {
      year: 2000 + (y ?? 0),
      month: mo ?? 0,
      day: d ?? 0,
      hour: h ?? 0,
      minute: mi ?? 0,
      second: s ?? 0,
    };
    return { dateTime: formatParts(checkParts(p)), weekday: ww ?? 0 };
  },
  encode(v) {
    const p = parseDateTime(v, 'YYMMDDWWhhmmss');
    const hms = [p.second, p.minute, p.hour].map(toBcdByte);
    return Uint8Array.of(
      ...hms,
      toBcdByte(weekday(p)),
      toBcdByte(p.day),
      toBcdByte(p.month),
      yearByte(p.year),
    );
  },
};

/** A 16-bit status word, low byte first (binary, not BCD). */
const statusWord: ValueFormat = {
  name: 'status',
  length: 2,
  decode(value) {
    checkLength(value, 2, 'status word');
    return (value[0] ?? 0) | ((value[1] ?? 0) << 8);
  },
  encode(v) {
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > 0xffff) {
      throw new FrameError('bad-value', 'a status word is 0..0xFFFF');
    }
    return Uint8Array.of(v & 0xff, v >> 8);
  },
};

/** A communication address or meter number: 6 BCD bytes, low first. */
const addressFormat: ValueFormat = {
  name: 'NNNNNNNNNNNN',
  length: 6,
  decode(value): Address {
    checkLength(value, 6, 'address');
    return addressFromBytes(value);
  },
  encode(v) {
    if (typeof v !== 'string') throw new FrameError('bad-value', 'an address is a 12-digit string');
    return addressToBytes(v);
  },
};

/** A 20-digit STS token: 10 BCD bytes, low first. */
const tokenFormat: ValueFormat = {
  name: 'token',
  length: 10,
  decode(value) {
    checkLength(value, 10, 'token');
    return bcdToDigits(value);
  },
  encode(v) {
    if (typeof v !== 'string' || !/^\d{20}$/.test(v))
      throw new FrameError('bad-value', 'a token is 20 digits');
    return digitsToBcd(v, 10);
  },
};

/**
 * A block of `inner` values named by `labels`. Decoding accepts any whole number of values (meters
 * differ in their tariff count): extra energy values are labelled tariffN.
 */
export function blockFormat(
  inner: ValueFormat,
  labels: readonly string[],
  extraLabel?: (i: number) => string,
): ValueFormat {
  const name = `${inner.name}*${labels.length}`;
  return {
    name,
    length: inner.length * labels.length,
    decimals: inner.decimals,
    signed: inner.signed,
    decode(value) {
      const count = value.length / inner.length;
      const fixedOk = extraLabel ? count >= 1 : count === labels.length;
      if (!Number.isInteger(count) || !fixedOk) {
        throw new FrameError('bad-length', `${name}: ${value.length} bytes is not a whole block`);
      }
      const out: Record<string, unknown> = {};
      for (let i = 0; i < count; i++) {
        const label = labels[i] ?? extraLabel?.(i) ?? `v${i}`;
        out[label] = inner.decode(value.slice(i * inner.length, (i + 1) * inner.length));
      }
      return out;
    },
    encode(v) {
      const values: unknown[] = Array.isArray(v)
        ? v
        : typeof v === 'object' && v !== null && !(v instanceof Date)
          ? labels.map((l) => (v as Readonly<Record<string, unknown>>)[l])
          : [];
      if (values.length === 0 || values.some((x) => typeof x !== 'number')) {
        throw new FrameError('bad-value', `${name} needs numbers for ${labels.join(', ')}`);
      }
      const parts = values.map((x) => inner.encode(x as number));
      const out = new Uint8Array(parts.length * inner.length);
      parts.forEach((p, i) => {
        out.set(p, i * inner.length);
      });
      return out;
    },
  };
}

/** Max demand: XX.XXXX kW then the time it occurred, YYMMDDhhmm. Decodes to { value, at }. */
export function demandFormat(): ValueFormat {
  const value = numericFormat('XX.XXXX');
  return {
    name: 'XX.XXXX+YYMMDDhhmm',
    length: 8,
    decode(bytes) {
      checkLength(bytes, 8, 'max demand');
      return { value: value.decode(bytes.slice(0, 3)), at: YYMMDDhhmm.decode(bytes.slice(3)) };
    },
    encode(v) {
      if (typeof v !== 'object' || v === null || v instanceof Date || Array.isArray(v)) {
        throw new FrameError('bad-value', 'max demand needs { value, at }');
      }
      const r = v as Readonly<Record<string, unknown>>;
      const at = r.at;
      if (typeof r.value !== 'number' || !(typeof at === 'string' || at instanceof Date)) {
        throw new FrameError('bad-value', 'max demand needs { value: number, at: Date | string }');
      }
      const out = new Uint8Array(8);
      out.set(value.encode(r.value), 0);
      out.set(YYMMDDhhmm.encode(at), 3);
      return out;
    },
  };
}

/** One result byte (the vendor token item's answer). */
const resultByte: ValueFormat = {
  name: 'NN',
  length: 1,
  decode(value) {
    checkLength(value, 1, 'result byte');
    return value[0] ?? 0;
  },
  encode(v) {
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > 0xff) {
      throw new FrameError('bad-value', 'a result is one byte');
    }
    return Uint8Array.of(v);
  },
};

export const FORMATS = {
  'XXXXXX.XX': numericFormat('XXXXXX.XX'),
  'XXXXXX.XX signed': numericFormat('XXXXXX.XX', true),
  'XXX.X': numericFormat('XXX.X'),
  'XXX.X signed': numericFormat('XXX.X', true),
  'XXX.XXX signed': numericFormat('XXX.XXX', true),
  'XX.XXXX signed': numericFormat('XX.XXXX', true),
  'X.XXX signed': numericFormat('X.XXX', true),
  'XX.XX': numericFormat('XX.XX'),
  'X.XX': numericFormat('X.XX'),
  'XXXX.XXXX': numericFormat('XXXX.XXXX'),
  NNNN: numericFormat('NNNN'),
  NNNNNN: numericFormat('NNNNNN'),
  YYMMDDWW,
  hhmmss,
  YYMMDDhhmm,
  YYMMDDhhmmss,
  YYMMDDWWhhmmss,
  status: statusWord,
  address: addressFormat,
  token: tokenFormat,
  result: resultByte,
} as const satisfies Record<string, ValueFormat>;
