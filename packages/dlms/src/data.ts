import {
  bigBytes,
  DataTag,
  type DataType,
  type DlmsData,
  dataTypeName,
  decodeDate,
  decodeDateTime,
  decodeLength,
  decodeTime,
  encodeDate,
  encodeDateTime,
  encodeLength,
  encodeTime,
  fixedBytes,
  readFixed,
  type TypeDescription,
} from './axdr.js';
import { DlmsError } from './errors.js';
import { concatBytes, Reader } from './hex.js';

const utf8 = new TextEncoder();
const utf8Decoder = new TextDecoder('utf-8', { fatal: true });
const latin1 = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0) & 0xff);
const fromLatin1 = (b: Uint8Array) => String.fromCharCode(...b);

function bitsToBytes(bits: string): Uint8Array {
  const out = new Uint8Array(Math.ceil(bits.length / 8));
  for (let i = 0; i < bits.length; i++)
    if (bits[i] === '1') out[i >> 3] = (out[i >> 3] ?? 0) | (0x80 >> (i & 7));
  return out;
}

function bytesToBits(bytes: Uint8Array, n: number): string {
  let s = '';
  for (let i = 0; i < n; i++) s += ((bytes[i >> 3] ?? 0) >> (7 - (i & 7))) & 1 ? '1' : '0';
  return s;
}

function encodeBody(d: DlmsData): Uint8Array {
  switch (d.type) {
    case 'null':
    case 'dont-care':
      return new Uint8Array();
    case 'array':
    case 'structure':
      return concatBytes(encodeLength(d.value.length), ...d.value.map(encodeData));
    case 'boolean':
      return Uint8Array.of(d.value ? 0xff : 0);
    case 'bit-string':
      return concatBytes(encodeLength(d.value.length), bitsToBytes(d.value));
    case 'octet-string':
      return concatBytes(encodeLength(d.value.length), d.value);
    case 'visible-string':
    case 'utf8-string': {
      const b = d.type === 'utf8-string' ? utf8.encode(d.value) : latin1(d.value);
      return concatBytes(encodeLength(b.length), b);
    }
    case 'long64':
    case 'long64-unsigned':
      return bigBytes(d.type, d.value);
    case 'date-time':
      return encodeDateTime(d.value);
    case 'date':
      return encodeDate(d.value);
    case 'time':
      return encodeTime(d.value);
    case 'compact-array':
      return concatBytes(encodeTypeDescription(d.description), encodeLength(d.contents.length), d.contents);
    default:
      return fixedBytes(d.type, d.value);
  }
}

/** A-XDR encoding of one `Data` value: tag, then its body. */
export function encodeData(d: DlmsData): Uint8Array {
  return concatBytes(Uint8Array.of(DataTag[d.type]), encodeBody(d));
}

export function encodeTypeDescription(t: TypeDescription): Uint8Array {
  const tag = Uint8Array.of(DataTag[t.type]);
  if (t.type === 'array')
    return concatBytes(tag, Uint8Array.of(t.count >> 8, t.count & 0xff), encodeTypeDescription(t.element));
  if (t.type === 'structure')
    return concatBytes(tag, encodeLength(t.elements.length), ...t.elements.map(encodeTypeDescription));
  return tag;
}

export function readTypeDescription(r: Reader, depth = 0): TypeDescription {
  if (depth > 32) throw new DlmsError('bad-value', 'type description nested too deep');
  const tag = r.u8();
  const type = dataTypeName(tag);
  if (type === undefined) throw new DlmsError('bad-tag', `unknown type tag ${tag}`);
  if (type === 'array') {
    const count = r.u16();
    return { type, count, element: readTypeDescription(r, depth + 1) };
  }
  if (type === 'structure') {
    const n = decodeLength(r);
    const elements: TypeDescription[] = [];
    for (let i = 0; i < n; i++) elements.push(readTypeDescription(r, depth + 1));
    return { type, elements };
  }
  if (type === 'compact-array') throw new DlmsError('bad-tag', 'compact-array inside a type description');
  return { type };
}

function readItems(r: Reader, depth: number): DlmsData[] {
  const n = decodeLength(r);
  if (n > r.remaining) throw new DlmsError('too-short', `${n} elements announced, ${r.remaining} bytes left`);
  const items: DlmsData[] = [];
  for (let i = 0; i < n; i++) items.push(readData(r, depth + 1));
  return items;
}

function readString(r: Reader): Uint8Array {
  return r.take(decodeLength(r));
}

function readBody(r: Reader, type: DataType, depth: number): DlmsData {
  switch (type) {
    case 'null':
    case 'dont-care':
      return { type };
    case 'array':
    case 'structure':
      return { type, value: readItems(r, depth) };
    case 'boolean':
      return { type, value: r.u8() !== 0 };
    case 'bit-string': {
      const n = decodeLength(r);
      return { type, value: bytesToBits(r.take(Math.ceil(n / 8)), n) };
    }
    case 'octet-string':
      return { type, value: readString(r) };
    case 'visible-string':
      return { type, value: fromLatin1(readString(r)) };
    case 'utf8-string':
      return { type, value: decodeUtf8(readString(r)) };
    case 'long64':
    case 'long64-unsigned': {
      const b = r.take(8);
      const v = new DataView(b.buffer, b.byteOffset, 8);
      return { type, value: type === 'long64' ? v.getBigInt64(0) : v.getBigUint64(0) };
    }
    case 'date-time':
      return { type, value: decodeDateTime(r) };
    case 'date':
      return { type, value: decodeDate(r) };
    case 'time':
      return { type, value: decodeTime(r) };
    case 'compact-array': {
      const description = readTypeDescription(r);
      return { type, description, contents: readString(r) };
    }
    default:
      return { type, value: readFixed(r, type) } as DlmsData;
  }
}

function decodeUtf8(b: Uint8Array): string {
  try {
    return utf8Decoder.decode(b);
  } catch {
    throw new DlmsError('bad-value', 'utf8-string is not UTF-8');
  }
}

/** Reads one `Data` value at the reader's position. */
export function readData(r: Reader, depth = 0): DlmsData {
  if (depth > 64) throw new DlmsError('bad-value', 'data nested too deep');
  const tag = r.u8();
  const type = dataTypeName(tag);
  if (type === undefined) throw new DlmsError('bad-tag', `unknown data tag ${tag} at ${r.pos - 1}`);
  return readBody(r, type, depth);
}

/** Decodes bytes holding exactly one `Data` value. */
export function decodeData(bytes: Uint8Array): DlmsData {
  const r = new Reader(bytes);
  const d = readData(r);
  r.end('data');
  return d;
}
