import type { DlmsData } from './axdr.js';
import { decodeLength, encodeLength } from './axdr.js';
import { encodeData, readData } from './data.js';
import { DlmsError } from './errors.js';
import { concatBytes, type Reader, uintBytes } from './hex.js';
import { type Obis, obisFromBytes, obisToBytes } from './obis.js';

/** Data-access-result codes (IEC 62056-5-3) with their names. */
export const DATA_ACCESS_RESULT: Record<number, string> = {
  0: 'success',
  1: 'hardware-fault',
  2: 'temporary-failure',
  3: 'read-write-denied',
  4: 'object-undefined',
  9: 'object-class-inconsistent',
  11: 'object-unavailable',
  12: 'type-unmatched',
  13: 'scope-of-access-violated',
  14: 'data-block-unavailable',
  15: 'long-get-aborted',
  16: 'no-long-get-in-progress',
  17: 'long-set-aborted',
  18: 'no-long-set-in-progress',
  19: 'data-block-number-invalid',
  250: 'other-reason',
};

/** Action-result codes: the data-access-result codes plus their own names where they differ. */
export const ACTION_RESULT: Record<number, string> = {
  ...DATA_ACCESS_RESULT,
  15: 'long-action-aborted',
  16: 'no-long-action-in-progress',
};

export function dataAccessResultName(code: number): string {
  return DATA_ACCESS_RESULT[code] ?? `unknown-${code}`;
}

export interface AttributeDescriptor {
  classId: number;
  obis: Obis;
  attribute: number;
}
export interface MethodDescriptor {
  classId: number;
  obis: Obis;
  method: number;
}
/** Selective access: selector 1 = range, 2 = entry (profile generic); parameters as Data. */
export interface AccessSelection {
  selector: number;
  parameters: DlmsData;
}
/** Data-block of set and action (DataBlock-SA) and, with `result` a data-access-result, of get (DataBlock-G). */
export interface DataBlock {
  lastBlock: boolean;
  blockNumber: number;
  raw: Uint8Array;
}
/** Get-Data-Result: the data, or a data-access-result code. */
export type DataResult = { data: DlmsData } | { error: number };

/** Invoke-Id-And-Priority byte: id (0–15), service class (confirmed), priority (high). */
export interface InvokeIdAndPriority {
  invokeId: number;
  confirmed: boolean;
  highPriority: boolean;
}
export function encodeInvoke(p: InvokeIdAndPriority): number {
  return (p.invokeId & 0x0f) | (p.confirmed ? 0x40 : 0) | (p.highPriority ? 0x80 : 0);
}
export function decodeInvoke(b: number): InvokeIdAndPriority {
  return { invokeId: b & 0x0f, confirmed: (b & 0x40) !== 0, highPriority: (b & 0x80) !== 0 };
}

/**
 * The head of a get, set or action APDU: its tag, the CHOICE of its type (1-based, in the order the
 * standard lists them in `types`) and the Invoke-Id-And-Priority byte.
 */
export function encodeServiceHead(tag: number, types: readonly string[], type: string, invoke: number) {
  return Uint8Array.of(tag, types.indexOf(type) + 1, invoke);
}
/** Reads the type CHOICE and invoke byte after a service's tag; `what` names the service in the refusal. */
export function readServiceHead<T extends string>(
  r: Reader,
  types: readonly T[],
  what: string,
): { type: T; invoke: number } {
  const n = r.u8();
  const type = types[n - 1];
  if (!type) throw new DlmsError('bad-tag', `${what} choice ${n}`);
  return { type, invoke: r.u8() };
}

/** An A-XDR OPTIONAL value: 00 when absent, else 01 and the value. */
export function encodeOptional<T>(value: T | undefined, encode: (v: T) => Uint8Array): Uint8Array {
  return value === undefined ? Uint8Array.of(0) : concatBytes(Uint8Array.of(1), encode(value));
}

export function encodeAttributeDescriptor(d: AttributeDescriptor): Uint8Array {
  return concatBytes(uintBytes(d.classId, 2), obisToBytes(d.obis), Uint8Array.of(d.attribute & 0xff));
}
export function readAttributeDescriptor(r: Reader): AttributeDescriptor {
  const classId = r.u16();
  const obis = obisFromBytes(r.take(6));
  const raw = r.u8();
  return { classId, obis, attribute: raw > 127 ? raw - 256 : raw };
}
export function encodeMethodDescriptor(d: MethodDescriptor): Uint8Array {
  return concatBytes(uintBytes(d.classId, 2), obisToBytes(d.obis), Uint8Array.of(d.method & 0xff));
}
export function readMethodDescriptor(r: Reader): MethodDescriptor {
  const classId = r.u16();
  const obis = obisFromBytes(r.take(6));
  return { classId, obis, method: r.u8() };
}

export function encodeAccess(a: AccessSelection | undefined): Uint8Array {
  return a ? concatBytes(Uint8Array.of(1, a.selector), encodeData(a.parameters)) : Uint8Array.of(0);
}
export function readAccess(r: Reader): AccessSelection | undefined {
  if (!readFlag(r)) return undefined;
  const selector = r.u8();
  return { selector, parameters: readData(r) };
}

/** An A-XDR OPTIONAL / BOOLEAN byte: 00 absent or false, anything else present or true. */
export function readFlag(r: Reader): boolean {
  return r.u8() !== 0;
}

export function encodeDataBlockSA(b: DataBlock): Uint8Array {
  return concatBytes(
    Uint8Array.of(b.lastBlock ? 1 : 0),
    uintBytes(b.blockNumber, 4),
    encodeLength(b.raw.length),
    b.raw,
  );
}
export function readDataBlockSA(r: Reader): DataBlock {
  const lastBlock = readFlag(r);
  const blockNumber = r.u32();
  return { lastBlock, blockNumber, raw: r.take(decodeLength(r)) };
}

export function encodeDataResult(d: DataResult): Uint8Array {
  return 'data' in d ? concatBytes(Uint8Array.of(0), encodeData(d.data)) : Uint8Array.of(1, d.error);
}
export function readDataResult(r: Reader): DataResult {
  const choice = r.u8();
  if (choice === 0) return { data: readData(r) };
  if (choice === 1) return { error: r.u8() };
  throw new DlmsError('bad-tag', `Get-Data-Result choice ${choice}`);
}

export function encodeList<T>(items: T[], encode: (t: T) => Uint8Array): Uint8Array {
  return concatBytes(encodeLength(items.length), ...items.map(encode));
}
export function readList<T>(r: Reader, read: (r: Reader) => T): T[] {
  const n = decodeLength(r);
  if (n > r.remaining) throw new DlmsError('too-short', `${n} list items announced`);
  const out: T[] = [];
  for (let i = 0; i < n; i++) out.push(read(r));
  return out;
}
