/**
 * Q/GDW 376.1 (concentrator ↔ master station) framing, as far as the head-end needs it: the frame,
 * link management (AFN 00 confirm/deny, AFN 02 login/logout/heartbeat) and AFN 10 F1 transparent
 * forwarding of a raw meter frame. Tolerates the 7-byte address variant (A1 2 bytes, A2 4, A3 1).
 *
 *   68 L L 68 C A1 A1 A2 A2 A3 AFN SEQ DA1 DA2 DT1 DT2 data… [AUX] CS 16
 *   L (2 bytes, sent twice): bits 1..0 protocol (2 = 376.1), bits 15..2 user-data length (C … AUX).
 */
import { FrameError } from '../errors.js';
import { type FrameShape, type ScanResult, ShapeStream } from '../scan.js';
import { daToPn, dtToFn, fnToDt, pnToDa } from './fields.js';

export const START = 0x68;
export const END = 0x16;
export const PROTOCOL_376_1 = 2;
const MAX_USER_DATA = 0x3fff;

export const Afn = {
  CONFIRM: 0x00,
  RESET: 0x01,
  LINK: 0x02,
  SET_PARAMETERS: 0x04,
  CONTROL: 0x05,
  QUERY_PARAMETERS: 0x0a,
  CLASS_1: 0x0c,
  CLASS_2: 0x0d,
  CLASS_3: 0x0e,
  FORWARD: 0x10,
} as const;

/** Terminal address. `area` is A1 as 4 digits (BCD); `terminal` A2 (binary); `msa` the master station address. */
export interface Address376 {
  area: string;
  terminal: number;
  msa: number;
  group: boolean;
  /** The 7-byte variant (A2 has 4 bytes). */
  wide?: boolean;
}

export interface Frame376 {
  /** L bits 1..0; 2 = Q/GDW 376.1 (1 = Q/GDW 130-2005). */
  protocol?: number;
  control: number;
  address: Address376;
  afn: number;
  seq: number;
  /** Measurement point of the first data unit (0 = terminal). */
  pn: number;
  /** Item of the first data unit (F1 = 1). */
  fn: number;
  /** Everything after the first DA/DT: the unit's data, further units, AUX (PW, EC, Tp). */
  data: Uint8Array;
}

// ——— address ———

function addressBytes(a: Address376): Uint8Array {
  if (!/^[0-9A-Fa-f]{4}$/.test(a.area))
    throw new FrameError('bad-address', `area code must be 4 digits: ${a.area}`);
  const wide = a.wide === true;
  const maxTerminal = wide ? 0xffffffff : 0xffff;
  if (!Number.isInteger(a.terminal) || a.terminal < 0 || a.terminal > maxTerminal) {
    throw new FrameError('bad-address', `terminal address out of range: ${a.terminal}`);
  }
  if (!Number.isInteger(a.msa) || a.msa < 0 || a.msa > 127)
    throw new FrameError('bad-address', 'MSA must be 0..127');
  const area = Number.parseInt(a.area, 16);
  const out = new Uint8Array(wide ? 7 : 5);
  out[0] = area & 0xff;
  out[1] = area >> 8;
  const t = a.terminal >>> 0;
  out[2] = t & 0xff;
  out[3] = (t >>> 8) & 0xff;
  if (wide) {
    out[4] = (t >>> 16) & 0xff;
    out[5] = (t >>> 24) & 0xff;
  }
  out[out.length - 1] = (a.msa << 1) | (a.group ? 1 : 0);
  return out;
}

function readAddress(ud: Uint8Array, wide: boolean): Address376 {
  const b = (i: number) => ud[1 + i] ?? 0;
  const area = ((b(1) << 8) | b(0)).toString(16).toUpperCase().padStart(4, '0');
  const terminal = wide ? (b(2) | (b(3) << 8) | (b(4) << 16) | (b(5) << 24)) >>> 0 : b(2) | (b(3) << 8);
  const a3 = b(wide ? 6 : 4);
  return { area, terminal, msa: a3 >> 1, group: (a3 & 1) !== 0, ...(wide ? { wide: true } : {}) };
}

// ——— frame ———

export function encode(f: Frame376): Uint8Array {
  const protocol = f.protocol ?? PROTOCOL_376_1;
  const address = addressBytes(f.address);
  const [da1, da2] = pnToDa(f.pn);
  const [dt1, dt2] = fnToDt(f.fn);
  const userLength = 1 + address.length + 2 + 4 + f.data.length;
  if (userLength > MAX_USER_DATA) throw new FrameError('bad-length', `user data too long: ${userLength}`);
  const out = new Uint8Array(8 + userLength);
  const l = ((userLength << 2) | (protocol & 3)) & 0xffff;
  out.set([START, l & 0xff, l >> 8, l & 0xff, l >> 8, START, f.control & 0xff], 0);
  out.set(address, 7);
  let at = 7 + address.length;
  out.set([f.afn & 0xff, f.seq & 0xff, da1, da2, dt1, dt2], at);
  at += 6;
  out.set(f.data, at);
  at += f.data.length;
  out[at] = sum(out, 6, at);
  out[at + 1] = END;
  return out;
}

function sum(bytes: Uint8Array, from: number, to: number): number {
  let s = 0;
  for (let i = from; i < to; i++) s += bytes[i] ?? 0;
  return s & 0xff;
}

type Probe376 =
  | { status: 'frame'; length: number }
  | { status: 'need-more' }
  | { status: 'invalid'; message: string };

/** Whether the bytes at `start` are a whole, valid 376.1 frame (length fields agree, checksum, 16). */
export function probe(buf: Uint8Array, start: number): Probe376 {
  const avail = buf.length - start;
  if (buf[start] !== START) return { status: 'invalid', message: 'no 68 at frame start' };
  if (avail < 6) return { status: 'need-more' };
  const l1 = (buf[start + 1] ?? 0) | ((buf[start + 2] ?? 0) << 8);
  const l2 = (buf[start + 3] ?? 0) | ((buf[start + 4] ?? 0) << 8);
  if (l1 !== l2) return { status: 'invalid', message: 'the two length fields differ' };
  if ((l1 & 3) === 0 || (l1 & 3) === 3)
    return { status: 'invalid', message: `unknown protocol id ${l1 & 3}` };
  if (buf[start + 5] !== START) return { status: 'invalid', message: 'second 68 missing' };
  const userLength = l1 >> 2;
  if (userLength < 12) return { status: 'invalid', message: `user data of ${userLength} bytes is too short` };
  const length = 8 + userLength;
  if (avail < length) return { status: 'need-more' };
  const cs = start + 6 + userLength;
  if (buf[cs] !== sum(buf, start + 6, cs)) return { status: 'invalid', message: 'bad checksum' };
  if (buf[cs + 1] !== END) return { status: 'invalid', message: 'end byte is not 16' };
  return { status: 'frame', length };
}

/**
 * Decodes one whole frame. The address is read as the standard 5 bytes unless only the 7-byte reading
 * gives a known AFN, valid DA/DT and (for AFN 10 F1) a consistent length. That guess is a heuristic:
 * a head-end that knows its concentrators use 7-byte addresses passes `addressLength: 7`.
 */
export function decode(bytes: Uint8Array, opts?: { addressLength?: 5 | 7 }): Frame376 {
  let start = 0;
  while (bytes[start] === 0xfe) start++;
  const p = probe(bytes, start);
  if (p.status === 'need-more') throw new FrameError('too-short', 'truncated 376.1 frame');
  if (p.status === 'invalid') throw new FrameError('bad-start', p.message);
  if (start + p.length !== bytes.length) throw new FrameError('trailing-bytes', 'bytes after the 16');
  return readFrame(bytes, start, p.length, opts?.addressLength);
}

function readFrame(bytes: Uint8Array, start: number, length: number, addressLength?: 5 | 7): Frame376 {
  const ud = bytes.slice(start + 6, start + length - 2);
  const l = bytes[start + 1] ?? 0;
  const wide = addressLength ? addressLength === 7 : !plausible(ud, 5) && plausible(ud, 7);
  const alen = wide ? 7 : 5;
  if (ud.length < 1 + alen + 6) throw new FrameError('too-short', 'no room for AFN, SEQ, DA and DT');
  const at = 1 + alen;
  const b = (i: number) => ud[at + i] ?? 0;
  return {
    protocol: l & 3,
    control: ud[0] ?? 0,
    address: readAddress(ud, wide),
    afn: b(0),
    seq: b(1),
    pn: daToPn(b(2), b(3)),
    fn: dtToFn(b(4), b(5)),
    data: ud.slice(at + 6),
  };
}

/** Does reading the address as `alen` bytes give a known AFN, a valid DA/DT and, for AFN 10 F1, a consistent length? */
function plausible(ud: Uint8Array, alen: number): boolean {
  const at = 1 + alen;
  if (ud.length < at + 6) return false;
  const [afn, , da1, da2, dt1, dt2] = [...ud.slice(at, at + 6)] as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (afn > 0x10 || dt1 === 0 || dt2 > 30) return false;
  if ((da1 === 0) !== (da2 === 0) && !(da1 === 0xff && da2 === 0)) return false;
  if (afn === Afn.FORWARD && dt1 === 1 && dt2 === 0) {
    const data = ud.slice(at + 6);
    const up = ((ud[0] ?? 0) & 0x80) !== 0;
    const kAt = up ? 1 : 4;
    const k = (data[kAt] ?? 0) | ((data[kAt + 1] ?? 0) << 8);
    return data.length >= kAt + 2 + k;
  }
  return true;
}

const SHAPE: FrameShape<Frame376> = {
  start: START,
  maxLength: 8 + MAX_USER_DATA,
  probe,
  read: (buf, at, length) => readFrame(buf, at, length),
};

/**
 * Streaming 376.1 parser (a concentrator's TCP link): same guarantees as the 645 FrameStream. A frame
 * that passes the checksum but cannot be read (e.g. DT 00) is counted as discarded, never thrown.
 */
export class Stream {
  private readonly inner: ShapeStream<Frame376>;

  constructor(opts?: { maxBuffer?: number; addressLength?: 5 | 7 }) {
    const addressLength = opts?.addressLength;
    this.inner = new ShapeStream(
      {
        ...SHAPE,
        probe: (buf, at) => probeReadable(buf, at, addressLength),
        read: (buf, at, length) => readFrame(buf, at, length, addressLength),
      },
      { maxBuffer: opts?.maxBuffer ?? 2048 },
    );
  }

  push(chunk: Uint8Array): ScanResult<Frame376> {
    return this.inner.push(chunk);
  }
}

function probeReadable(buf: Uint8Array, at: number, addressLength?: 5 | 7): Probe376 {
  const p = probe(buf, at);
  if (p.status !== 'frame') return p;
  try {
    readFrame(buf, at, p.length, addressLength);
    return p;
  } catch (e) {
    return { status: 'invalid', message: e instanceof Error ? e.message : 'unreadable' };
  }
}
