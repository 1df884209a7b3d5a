import { type Address, addressFromBytes, addressToBytes } from './address.js';
import { bcdToDigits, digitsToBcd } from './bcd.js';
import { hhmmss, YYMMDDhhmm, YYMMDDhhmmss, YYMMDDWW, YYMMDDWWhhmmss } from './clock-formats.js';
import { FrameError } from './errors.js';
import { checkLength, type ValueFormat } from './value-format.js';

export type { DecodedValue, ItemValue, ValueFormat } from './value-format.js';

/**
 * Packed-BCD number, low byte first, with `decimals` after the point ('XXXXXX.XX': 4 bytes, 2 decimals).
 * Signed formats carry the sign in the top bit of the most significant byte (1 = negative).
 */
export function numericFormat(pattern: string, signed = false): ValueFormat {
  const digits = pattern.replace(/[^XN]/g, '').length;
  const dot = pattern.indexOf('.');
  const decimals = dot < 0 ? 0 : pattern.length - dot - 1;
  // An odd digit count (X.XX in 2 bytes) leaves the top nibble 0; the sign bit then lives there.
  const length = Math.ceil(digits / 2);
  const name = pattern;
  const factor = 10 ** decimals;
  const limit = signed && digits % 2 === 0 ? 8 * 10 ** (digits - 1) : 10 ** digits;
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

/**
 * An unsigned binary (not BCD) integer of `length` bytes, low byte first; `what` names it in a length
 * error, `refusal` says what fits.
 */
function binaryFormat(name: string, length: number, what: string, refusal: string): ValueFormat {
  const max = 256 ** length - 1;
  return {
    name,
    length,
    decode(value) {
      checkLength(value, length, what);
      return value.reduceRight((n, byte) => n * 256 + byte, 0);
    },
    encode(v) {
      if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > max) {
        throw new FrameError('bad-value', refusal);
      }
      return Uint8Array.from({ length }, (_, i) => Math.floor(v / 256 ** i) & 0xff);
    },
  };
}

/** A 16-bit status word. */
const statusWord = binaryFormat('status', 2, 'status word', 'a status word is 0..0xFFFF');

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
const resultByte = binaryFormat('NN', 1, 'result byte', 'a result is one byte');

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
