/**
 * DL/T 645-1997: the same frame as 2007 (so encodeFrame/decodeFrame/FrameStream serve both) but
 * function codes 01 read / 81 reply / C1 abnormal, 04 write, and 2-byte DIs sent low byte first.
 * Old and cheap meters still speak it; the original system's items are 1997-style (901F, B630).
 */
import type { Address } from './address.js';
import { Control1997, functionCode, isAbnormal, isReply } from './control.js';
import { FrameError } from './errors.js';
import { FORMATS, numericFormat, type ValueFormat } from './formats.js';
import type { Frame } from './frame.js';
import type { DataItem } from './items.js';
import { errorNames, type Reply } from './reply.js';

export type Edition = '2007' | '1997' | 'unknown';

const CODES_2007 = new Set([
  0x03, 0x08, 0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17, 0x18, 0x19, 0x1a, 0x1b, 0x1c, 0x1d,
]);
const CODES_1997 = new Set([0x01, 0x02, 0x03, 0x04, 0x08, 0x0a, 0x0c, 0x0f, 0x10]);

/**
 * Which edition a frame's function code belongs to. 08 (broadcast time) is common to both and 03
 * means different things in each: both are reported as '2007', the edition we speak.
 */
export function detectEdition(frame: Frame): Edition {
  const fn = functionCode(frame.control);
  if (CODES_2007.has(fn)) return '2007';
  if (CODES_1997.has(fn)) return '1997';
  return 'unknown';
}

export function di1997ToBytes(di: number): Uint8Array {
  if (!Number.isInteger(di) || di < 0 || di > 0xffff)
    throw new FrameError('bad-value', `a 1997 DI is 16 bits: ${di}`);
  return Uint8Array.of(di & 0xff, di >> 8);
}

export function di1997FromBytes(bytes: Uint8Array, offset = 0): number {
  if (bytes.length < offset + 2) throw new FrameError('too-short', 'a 1997 DI needs 2 bytes');
  return (bytes[offset] ?? 0) | ((bytes[offset + 1] ?? 0) << 8);
}

/** C=01 read of a 2-byte DI. */
export function readRequest1997(address: Address, di: number): Frame {
  return { address, control: Control1997.READ, data: di1997ToBytes(di) };
}

/** The reply to a 1997 read: address and function must pair, the DI must echo. */
export function parseReply1997(request: Frame, reply: Frame): Reply {
  const paired =
    isReply(reply.control) &&
    functionCode(reply.control) === functionCode(request.control) &&
    reply.address === request.address;
  if (!paired) throw new FrameError('unmatched-reply', 'reply does not answer the 1997 request');
  if (isAbnormal(reply.control)) {
    const errorWord = reply.data[0] ?? 0;
    return { ok: false, errorWord, errors: errorNames(errorWord) };
  }
  if (functionCode(request.control) !== Control1997.READ) return { ok: true, value: reply.data };
  const di = di1997FromBytes(reply.data);
  if (di !== di1997FromBytes(request.data)) throw new FrameError('unmatched-reply', 'DI differs');
  return { ok: true, di, value: reply.data.slice(2) };
}

/** A 1997 data item, described as a 2007 one (with a 2-byte DI) less scale, sign and access: it is only read. */
export type DataItem1997 = Pick<DataItem, 'di' | 'name' | 'format' | 'length' | 'unit' | 'decode' | 'encode'>;

function item(di: number, name: string, format: ValueFormat, unit?: string): DataItem1997 {
  return {
    di,
    name,
    format: format.name,
    length: format.length,
    ...(unit ? { unit } : {}),
    decode: format.decode,
    encode: format.encode,
  };
}

/** The 1997 items the original system's task flags use, and their 2007 counterparts' formats. */
export const DATA_ITEMS_1997: readonly DataItem1997[] = Object.freeze([
  item(0x9010, 'forward active energy total', FORMATS['XXXXXX.XX'], 'kWh'),
  item(0x9020, 'reverse active energy total', FORMATS['XXXXXX.XX'], 'kWh'),
  item(0xb611, 'voltage A', numericFormat('XXX'), 'V'),
  item(0xb612, 'voltage B', numericFormat('XXX'), 'V'),
  item(0xb613, 'voltage C', numericFormat('XXX'), 'V'),
  item(0xb621, 'current A', numericFormat('XX.XX'), 'A'),
  item(0xb622, 'current B', numericFormat('XX.XX'), 'A'),
  item(0xb623, 'current C', numericFormat('XX.XX'), 'A'),
  item(0xb630, 'active power total', numericFormat('XX.XXXX'), 'kW'),
  item(0xc010, 'date and weekday', FORMATS.YYMMDDWW),
  item(0xc011, 'time', FORMATS.hhmmss),
  item(0xc032, 'meter number', FORMATS.address),
]);

export function findDataItem1997(di: number): DataItem1997 | undefined {
  return DATA_ITEMS_1997.find((i) => i.di === di);
}
