import { type CosemDateTime, type DlmsData, decodeDateTime, encodeDateTime } from './axdr.js';
import { DlmsError } from './errors.js';
import { Reader } from './hex.js';
import { type Obis, obisFromBytes, obisToBytes } from './obis.js';
import type { AccessSelection } from './xdlms-common.js';

/** Turns an attribute's Data into a typed value and back. */
export interface ValueCodec<T> {
  decode(d: DlmsData): T;
  encode(v: T): DlmsData;
}

export function expectType<K extends DlmsData['type']>(
  d: DlmsData,
  ...types: K[]
): Extract<DlmsData, { type: K }> {
  if (!types.includes(d.type as K))
    throw new DlmsError('bad-value', `expected ${types.join(' or ')}, got ${d.type}`);
  return d as Extract<DlmsData, { type: K }>;
}

type NumberType =
  | 'double-long'
  | 'double-long-unsigned'
  | 'integer'
  | 'long'
  | 'unsigned'
  | 'long-unsigned'
  | 'enum';
const NUMBER_TYPES: DlmsData['type'][] = [
  'double-long',
  'double-long-unsigned',
  'integer',
  'long',
  'unsigned',
  'long-unsigned',
  'enum',
  'float32',
  'float64',
  'bcd',
];

/** Any numeric Data as a number (64-bit values as a number too: meters' registers stay well below 2^53). */
export function numberOf(d: DlmsData): number {
  if (d.type === 'long64' || d.type === 'long64-unsigned') return Number(d.value);
  if (!NUMBER_TYPES.includes(d.type) || !('value' in d) || typeof d.value !== 'number') {
    throw new DlmsError('bad-value', `not a number: ${d.type}`);
  }
  return d.value;
}

export const numberCodec = (type: NumberType): ValueCodec<number> => ({
  decode: numberOf,
  encode: (value) => ({ type, value }),
});
/** The number types a class attribute or method parameter is declared with. */
export const integerCodec = numberCodec('integer');
export const unsignedCodec = numberCodec('unsigned');
export const longCodec = numberCodec('long');
export const longUnsignedCodec = numberCodec('long-unsigned');
export const doubleLongCodec = numberCodec('double-long');
export const doubleLongUnsignedCodec = numberCodec('double-long-unsigned');
export const enumCodec = numberCodec('enum');
export const booleanCodec: ValueCodec<boolean> = {
  decode: (d) => expectType(d, 'boolean').value,
  encode: (value) => ({ type: 'boolean', value }),
};
export const octetsCodec: ValueCodec<Uint8Array> = {
  decode: (d) => expectType(d, 'octet-string').value,
  encode: (value) => ({ type: 'octet-string', value }),
};
export const bitsCodec: ValueCodec<string> = {
  decode: (d) => expectType(d, 'bit-string').value,
  encode: (value) => ({ type: 'bit-string', value }),
};
export const rawCodec: ValueCodec<DlmsData> = { decode: (d) => d, encode: (d) => d };

/** COSEM date-time: an octet-string of 12 bytes (or the date-time type some meters use). */
export const dateTimeCodec: ValueCodec<CosemDateTime> = {
  decode: (d) => {
    const x = expectType(d, 'octet-string', 'date-time');
    if (x.type === 'date-time') return x.value;
    if (x.value.length !== 12) throw new DlmsError('bad-length', `date-time of ${x.value.length} bytes`);
    return decodeDateTime(new Reader(x.value));
  },
  encode: (v) => ({ type: 'octet-string', value: encodeDateTime(v) }),
};

export const obisCodec: ValueCodec<Obis> = {
  decode: (d) => obisFromBytes(expectType(d, 'octet-string').value),
  encode: (v) => ({ type: 'octet-string', value: obisToBytes(v) }),
};

/** Units of IEC 62056-6-2 (enum), those a prepayment head-end shows. */
export const UNITS: Record<number, string> = {
  1: 'a',
  2: 'mo',
  3: 'wk',
  4: 'd',
  5: 'h',
  6: 'min',
  7: 's',
  8: '°',
  9: '°C',
  10: 'currency',
  13: 'm³',
  14: 'm³',
  15: 'm³/h',
  16: 'm³/h',
  27: 'W',
  28: 'VA',
  29: 'var',
  30: 'Wh',
  31: 'VAh',
  32: 'varh',
  33: 'A',
  34: 'C',
  35: 'V',
  44: 'Hz',
  45: '1/(Wh)',
  46: '1/(varh)',
  47: '1/(VAh)',
  255: '',
  254: 'other',
};

export interface ScalerUnit {
  scaler: number;
  unit: number;
}
export const scalerUnitCodec: ValueCodec<ScalerUnit> = {
  decode: (d) => {
    const [s, u] = expectType(d, 'structure').value;
    if (!s || !u) throw new DlmsError('bad-value', 'scaler_unit needs two elements');
    return { scaler: numberOf(s), unit: numberOf(u) };
  },
  encode: (v) => ({
    type: 'structure',
    value: [
      { type: 'integer', value: v.scaler },
      { type: 'enum', value: v.unit },
    ],
  }),
};

/** value × 10^scaler, dividing for negative scalers so 12345 with −2 is exactly 123.45. */
export function applyScaler(value: number, scaler: number): number {
  return scaler < 0 ? value / 10 ** -scaler : value * 10 ** scaler;
}
/** The raw integer a scaled value is sent as. */
export function removeScaler(value: number, scaler: number): number {
  return Math.round(scaler < 0 ? value * 10 ** -scaler : value / 10 ** scaler);
}
export function unitName(unit: number): string {
  return UNITS[unit] ?? `unit-${unit}`;
}

/** A capture object of a profile or push setup: class, logical name, attribute and data index. */
export interface CaptureObject {
  classId: number;
  obis: Obis;
  attribute: number;
  dataIndex: number;
}
export const captureObjectCodec: ValueCodec<CaptureObject> = {
  decode: (d) => {
    const [c, o, a, i] = expectType(d, 'structure').value;
    if (!c || !o || !a || !i) throw new DlmsError('bad-value', 'capture object needs four elements');
    return {
      classId: numberOf(c),
      obis: obisCodec.decode(o),
      attribute: numberOf(a),
      dataIndex: numberOf(i),
    };
  },
  encode: (v) => ({
    type: 'structure',
    value: [
      { type: 'long-unsigned', value: v.classId },
      obisCodec.encode(v.obis),
      { type: 'integer', value: v.attribute },
      { type: 'long-unsigned', value: v.dataIndex },
    ],
  }),
};
export function arrayCodec<T>(item: ValueCodec<T>): ValueCodec<T[]> {
  return {
    decode: (d) => expectType(d, 'array').value.map(item.decode),
    encode: (v) => ({ type: 'array', value: v.map(item.encode) }),
  };
}
export const captureObjectsCodec = arrayCodec(captureObjectCodec);

const CLOCK_TIME: CaptureObject = { classId: 8, obis: '0.0.1.0.0.255', attribute: 2, dataIndex: 0 };

/** Profile generic buffer read by range (selector 1): rows whose `restricting` column lies in [from, to]. */
export function rangeDescriptor(opts: {
  from: CosemDateTime;
  to: CosemDateTime;
  restricting?: CaptureObject;
  columns?: CaptureObject[];
}): AccessSelection {
  return {
    selector: 1,
    parameters: {
      type: 'structure',
      value: [
        captureObjectCodec.encode(opts.restricting ?? CLOCK_TIME),
        dateTimeCodec.encode(opts.from),
        dateTimeCodec.encode(opts.to),
        captureObjectsCodec.encode(opts.columns ?? []),
      ],
    },
  };
}

/** Profile generic buffer read by entry (selector 2): entries and columns counted from 1; 0 = to the last. */
export function entryDescriptor(opts: {
  fromEntry: number;
  toEntry?: number;
  fromColumn?: number;
  toColumn?: number;
}): AccessSelection {
  return {
    selector: 2,
    parameters: {
      type: 'structure',
      value: [
        { type: 'double-long-unsigned', value: opts.fromEntry },
        { type: 'double-long-unsigned', value: opts.toEntry ?? 0 },
        { type: 'long-unsigned', value: opts.fromColumn ?? 1 },
        { type: 'long-unsigned', value: opts.toColumn ?? 0 },
      ],
    },
  };
}

/** Reads a profile buffer (array of structures) into rows of Data, one per capture object. */
export function bufferRows(d: DlmsData): DlmsData[][] {
  return expectType(d, 'array').value.map((row) => expectType(row, 'structure').value);
}
