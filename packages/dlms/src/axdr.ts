import { DlmsError } from './errors.js';
import { concatBytes, type Reader, uintBytes } from './hex.js';

/** A-XDR tags of the DLMS `Data` CHOICE (IEC 62056-6-2, Blue Book 4.1.5). */
export const DataTag = {
  null: 0,
  array: 1,
  structure: 2,
  boolean: 3,
  'bit-string': 4,
  'double-long': 5,
  'double-long-unsigned': 6,
  'octet-string': 9,
  'visible-string': 10,
  'utf8-string': 12,
  bcd: 13,
  integer: 15,
  long: 16,
  unsigned: 17,
  'long-unsigned': 18,
  'compact-array': 19,
  long64: 20,
  'long64-unsigned': 21,
  enum: 22,
  float32: 23,
  float64: 24,
  'date-time': 25,
  date: 26,
  time: 27,
  'dont-care': 255,
} as const;

export type DataType = keyof typeof DataTag;

/**
 * date-time, date and time fields as the meter sent them, "not specified" values included (0xFF,
 * year 0xFFFF, deviation 0x8000), so a decoded value re-encodes to the same bytes.
 */
export interface CosemDateTime {
  year: number;
  month: number;
  day: number;
  dayOfWeek: number;
  hour: number;
  minute: number;
  second: number;
  hundredths: number;
  /** Minutes from local time to UTC, signed; 0x8000 (-32768) when not specified. */
  deviation: number;
  clockStatus: number;
}
export type CosemDate = Pick<CosemDateTime, 'year' | 'month' | 'day' | 'dayOfWeek'>;
export type CosemTime = Pick<CosemDateTime, 'hour' | 'minute' | 'second' | 'hundredths'>;

/** contents-description of a compact array (TypeDescription). */
export type TypeDescription =
  | { type: Exclude<DataType, 'array' | 'structure'> }
  | { type: 'array'; count: number; element: TypeDescription }
  | { type: 'structure'; elements: TypeDescription[] };

export type DlmsData =
  | { type: 'null' }
  | { type: 'dont-care' }
  | { type: 'array'; value: DlmsData[] }
  | { type: 'structure'; value: DlmsData[] }
  | { type: 'boolean'; value: boolean }
  /** Bits as '0'/'1' characters, first bit first. */
  | { type: 'bit-string'; value: string }
  | { type: 'double-long' | 'double-long-unsigned' | 'integer' | 'long' | 'unsigned'; value: number }
  | { type: 'long-unsigned' | 'enum' | 'bcd' | 'float32' | 'float64'; value: number }
  | { type: 'long64' | 'long64-unsigned'; value: bigint }
  | { type: 'octet-string'; value: Uint8Array }
  | { type: 'visible-string' | 'utf8-string'; value: string }
  | { type: 'date-time'; value: CosemDateTime }
  | { type: 'date'; value: CosemDate }
  | { type: 'time'; value: CosemTime }
  /** Recognised, kept as its description and raw contents so it re-encodes byte for byte. */
  | { type: 'compact-array'; description: TypeDescription; contents: Uint8Array };

const TAG_NAMES = new Map<number, DataType>(Object.entries(DataTag).map(([k, v]) => [v, k as DataType]));

export function dataTypeName(tag: number): DataType | undefined {
  return TAG_NAMES.get(tag);
}

// ---------------------------------------------------------------- lengths

/** A-XDR length: one byte below 0x80, else 0x80 + n followed by n big-endian bytes. */
export function encodeLength(n: number): Uint8Array {
  if (n < 0x80) return Uint8Array.of(n);
  if (n < 0x100) return Uint8Array.of(0x81, n);
  if (n < 0x10000) return Uint8Array.of(0x82, n >> 8, n & 0xff);
  return concatBytes(Uint8Array.of(0x84), uintBytes(n, 4));
}

export function decodeLength(r: Reader): number {
  const first = r.u8();
  if (first < 0x80) return first;
  const size = first & 0x7f;
  if (size === 0 || size > 4) throw new DlmsError('bad-length', `length of ${size} bytes`);
  let n = 0;
  for (let i = 0; i < size; i++) n = n * 256 + r.u8();
  return n;
}

// ---------------------------------------------------------------- fixed-size numbers

const FIXED: Partial<
  Record<DataType, { size: number; get: (v: DataView) => number; set: (v: DataView, n: number) => void }>
> = {
  'double-long': { size: 4, get: (v) => v.getInt32(0), set: (v, n) => v.setInt32(0, n) },
  'double-long-unsigned': { size: 4, get: (v) => v.getUint32(0), set: (v, n) => v.setUint32(0, n) },
  integer: { size: 1, get: (v) => v.getInt8(0), set: (v, n) => v.setInt8(0, n) },
  long: { size: 2, get: (v) => v.getInt16(0), set: (v, n) => v.setInt16(0, n) },
  unsigned: { size: 1, get: (v) => v.getUint8(0), set: (v, n) => v.setUint8(0, n) },
  'long-unsigned': { size: 2, get: (v) => v.getUint16(0), set: (v, n) => v.setUint16(0, n) },
  enum: { size: 1, get: (v) => v.getUint8(0), set: (v, n) => v.setUint8(0, n) },
  bcd: { size: 1, get: (v) => v.getInt8(0), set: (v, n) => v.setInt8(0, n) },
  float32: { size: 4, get: (v) => v.getFloat32(0), set: (v, n) => v.setFloat32(0, n) },
  float64: { size: 8, get: (v) => v.getFloat64(0), set: (v, n) => v.setFloat64(0, n) },
};

export function fixedBytes(type: DataType, n: number): Uint8Array {
  const spec = FIXED[type];
  if (!spec) throw new DlmsError('bad-tag', `${type} is not a fixed-size number`);
  const out = new Uint8Array(spec.size);
  spec.set(new DataView(out.buffer), n);
  return out;
}

export function readFixed(r: Reader, type: DataType): number {
  const spec = FIXED[type];
  if (!spec) throw new DlmsError('bad-tag', `${type} is not a fixed-size number`);
  const b = r.take(spec.size);
  return spec.get(new DataView(b.buffer, b.byteOffset, b.byteLength));
}

export function bigBytes(type: 'long64' | 'long64-unsigned', n: bigint): Uint8Array {
  const out = new Uint8Array(8);
  const v = new DataView(out.buffer);
  if (type === 'long64') v.setBigInt64(0, n);
  else v.setBigUint64(0, n);
  return out;
}

// ---------------------------------------------------------------- dates

export function encodeDate(d: CosemDate): Uint8Array {
  return Uint8Array.of(d.year >> 8, d.year & 0xff, d.month, d.day, d.dayOfWeek);
}
export function encodeTime(t: CosemTime): Uint8Array {
  return Uint8Array.of(t.hour, t.minute, t.second, t.hundredths);
}
export function encodeDateTime(d: CosemDateTime): Uint8Array {
  const dev = d.deviation & 0xffff;
  return concatBytes(encodeDate(d), encodeTime(d), Uint8Array.of(dev >> 8, dev & 0xff, d.clockStatus));
}
export function decodeDate(r: Reader): CosemDate {
  return { year: r.u16(), month: r.u8(), day: r.u8(), dayOfWeek: r.u8() };
}
export function decodeTime(r: Reader): CosemTime {
  return { hour: r.u8(), minute: r.u8(), second: r.u8(), hundredths: r.u8() };
}
export function decodeDateTime(r: Reader): CosemDateTime {
  const date = decodeDate(r);
  const time = decodeTime(r);
  const raw = r.u16();
  return { ...date, ...time, deviation: raw >= 0x8000 ? raw - 0x10000 : raw, clockStatus: r.u8() };
}

/** Date-time from the fields of `d` read in UTC; deviation and clock status as given. */
export function dateTimeFromDate(d: Date, deviation = -32768, clockStatus = 0xff): CosemDateTime {
  const dow = d.getUTCDay();
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    dayOfWeek: dow === 0 ? 7 : dow,
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
    hundredths: Math.floor(d.getUTCMilliseconds() / 10),
    deviation,
    clockStatus,
  };
}

/** A Date whose UTC fields are the meter's wall-clock fields (unspecified fields read as 0). */
export function dateTimeToDate(t: CosemDateTime): Date {
  const or0 = (v: number, unspecified: number) => (v === unspecified ? 0 : v);
  return new Date(
    Date.UTC(
      t.year,
      or0(t.month, 0xff) - 1,
      or0(t.day, 0xff),
      or0(t.hour, 0xff),
      or0(t.minute, 0xff),
      or0(t.second, 0xff),
      or0(t.hundredths, 0xff) * 10,
    ),
  );
}
