/**
 * Q/GDW 376.1 (concentrator ↔ master station) framing, as far as the head-end needs it: the frame,
 * link management (AFN 00 confirm/deny, AFN 02 login/logout/heartbeat) and AFN 10 F1 transparent
 * forwarding of a raw meter frame. Tolerates the 7-byte address variant (A1 2 bytes, A2 4, A3 1).
 *
 *   68 L L 68 C A1 A1 A2 A2 A3 AFN SEQ DA1 DA2 DT1 DT2 data… [AUX] CS 16
 *   L (2 bytes, sent twice): bits 1..0 protocol (2 = 376.1), bits 15..2 user-data length (C … AUX).
 */
import { fromBcdByte, toBcdByte } from './bcd.js';
import { FrameError } from './errors.js';
import { concatBytes } from './hex.js';
import { type FrameShape, type ScanResult, ShapeStream } from './scan.js';

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

// ——— control byte and SEQ ———

export interface Control376 {
  /** DIR: true = up (terminal → master). */
  up: boolean;
  /** PRM: true = from the initiating station. */
  prm: boolean;
  /** FCB (down) / ACD (up: events pending). */
  fcbAcd: boolean;
  fcv: boolean;
  /** Function code 0..15. */
  fn: number;
}

export function makeControl(c: Control376): number {
  return (c.up ? 0x80 : 0) | (c.prm ? 0x40 : 0) | (c.fcbAcd ? 0x20 : 0) | (c.fcv ? 0x10 : 0) | (c.fn & 0x0f);
}

export function parseControl(control: number): Control376 {
  return {
    up: (control & 0x80) !== 0,
    prm: (control & 0x40) !== 0,
    fcbAcd: (control & 0x20) !== 0,
    fcv: (control & 0x10) !== 0,
    fn: control & 0x0f,
  };
}

export interface Seq {
  /** TpV: a time tag (Tp) closes the frame. */
  tpv: boolean;
  fir: boolean;
  fin: boolean;
  /** CON: the sender asks for a confirm. */
  con: boolean;
  /** PSEQ / RSEQ 0..15. */
  seq: number;
}

export function makeSeq(s: Partial<Seq> & { seq: number }): number {
  const fir = s.fir ?? true;
  const fin = s.fin ?? true;
  return (s.tpv ? 0x80 : 0) | (fir ? 0x40 : 0) | (fin ? 0x20 : 0) | (s.con ? 0x10 : 0) | (s.seq & 0x0f);
}

export function parseSeq(seq: number): Seq {
  return {
    tpv: (seq & 0x80) !== 0,
    fir: (seq & 0x40) !== 0,
    fin: (seq & 0x20) !== 0,
    con: (seq & 0x10) !== 0,
    seq: seq & 0x0f,
  };
}

// ——— DA (pn) and DT (Fn) ———

/** pn → DA1 DA2: p0 = 00 00; pn = DA2 (n−1)/8+1, DA1 bit (n−1) mod 8. */
export function pnToDa(pn: number): [number, number] {
  if (!Number.isInteger(pn) || pn < 0 || pn > 2040)
    throw new FrameError('bad-value', `pn must be 0..2040: ${pn}`);
  if (pn === 0) return [0, 0];
  return [1 << ((pn - 1) % 8), Math.floor((pn - 1) / 8) + 1];
}

/** DA1 DA2 → pn (the lowest point when DA1 names several). */
export function daToPn(da1: number, da2: number): number {
  if (da1 === 0 && da2 === 0) return 0;
  if (da1 === 0 || da2 === 0) throw new FrameError('bad-value', `DA ${da1}/${da2} names no single point`);
  return (da2 - 1) * 8 + lowestBit(da1) + 1;
}

export function fnToDt(fn: number): [number, number] {
  if (!Number.isInteger(fn) || fn < 1 || fn > 248)
    throw new FrameError('bad-value', `Fn must be 1..248: ${fn}`);
  return [1 << ((fn - 1) % 8), Math.floor((fn - 1) / 8)];
}

export function dtToFn(dt1: number, dt2: number): number {
  if (dt1 === 0 || dt2 > 30) throw new FrameError('bad-value', `DT ${dt1}/${dt2} names no item`);
  return dt2 * 8 + lowestBit(dt1) + 1;
}

function lowestBit(b: number): number {
  let n = 0;
  while (((b >> n) & 1) === 0 && n < 8) n++;
  return n;
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

// ——— link management: AFN 02 and AFN 00 ———

function linkFrame(address: Address376, fn: 1 | 2 | 3, pseq: number, extra?: Uint8Array): Frame376 {
  return {
    control: makeControl({ up: true, prm: true, fcbAcd: false, fcv: false, fn: 9 }),
    address: { ...address, msa: 0 },
    afn: Afn.LINK,
    seq: makeSeq({ con: true, seq: pseq }),
    pn: 0,
    fn,
    data: extra ?? new Uint8Array(0),
  };
}

/** AFN 02 F1: the terminal logs in after connecting (C=C9, CON set). */
export function login(address: Address376, pseq: number): Frame376 {
  return linkFrame(address, 1, pseq);
}

/** AFN 02 F2: logout. */
export function logout(address: Address376, pseq: number): Frame376 {
  return linkFrame(address, 2, pseq);
}

/** AFN 02 F3: heartbeat (some firmware appends a time field: pass it as `extra`). */
export function heartbeat(address: Address376, pseq: number, extra?: Uint8Array): Frame376 {
  return linkFrame(address, 3, pseq, extra);
}

export const LinkFn = { LOGIN: 1, LOGOUT: 2, HEARTBEAT: 3 } as const;

/**
 * AFN 00 F1 all-confirm (or F2 all-deny) answering `request`, RSEQ = its PSEQ. A master answers a
 * terminal's link frame with C=0B (link status) and MSA 0; a terminal answers a master's request with
 * C=88 (user-data response) keeping the request's address.
 */
export function confirm(request: Frame376, opts?: { deny?: boolean }): Frame376 {
  const fromTerminal = parseControl(request.control).up;
  const control = fromTerminal
    ? makeControl({ up: false, prm: false, fcbAcd: false, fcv: false, fn: 11 })
    : makeControl({ up: true, prm: false, fcbAcd: false, fcv: false, fn: 8 });
  return {
    ...(request.protocol !== undefined ? { protocol: request.protocol } : {}),
    control,
    address: fromTerminal ? { ...request.address, msa: 0 } : request.address,
    afn: Afn.CONFIRM,
    seq: makeSeq({ seq: parseSeq(request.seq).seq }),
    pn: 0,
    fn: opts?.deny ? 2 : 1,
    data: new Uint8Array(0),
  };
}

export function deny(request: Frame376): Frame376 {
  return confirm(request, { deny: true });
}

export function isConfirm(f: Frame376): boolean {
  return f.afn === Afn.CONFIRM && f.fn === 1;
}

export function isDeny(f: Frame376): boolean {
  return f.afn === Afn.CONFIRM && f.fn === 2;
}

// ——— AFN 10 F1 transparent forwarding ———

export type Parity = 'none' | 'even' | 'odd';
export interface SerialSettings {
  baud: number;
  parity: Parity;
  dataBits: 5 | 6 | 7 | 8;
  stopBits: 1 | 2;
}

export const BAUD_RATES = [300, 600, 1200, 2400, 4800, 7200, 9600, 19200] as const;

/** Port control word: bits 7..5 baud, bit 4 two stop bits, bit 3 parity on, bit 2 odd, bits 1..0 data bits − 5. */
export function serialWord(s: SerialSettings): number {
  const baud = BAUD_RATES.indexOf(s.baud as (typeof BAUD_RATES)[number]);
  if (baud < 0) throw new FrameError('bad-value', `unsupported baud rate: ${s.baud}`);
  const parity = s.parity === 'none' ? 0 : s.parity === 'even' ? 0x08 : 0x0c;
  return (baud << 5) | (s.stopBits === 2 ? 0x10 : 0) | parity | ((s.dataBits - 5) & 3);
}

export function parseSerialWord(w: number): SerialSettings {
  const parity: Parity = (w & 0x08) === 0 ? 'none' : (w & 0x04) === 0 ? 'even' : 'odd';
  const dataBits = ((w & 3) + 5) as SerialSettings['dataBits'];
  return { baud: BAUD_RATES[w >> 5] ?? 2400, parity, dataBits, stopBits: (w & 0x10) !== 0 ? 2 : 1 };
}

/** Frame wait timeout byte: bit 7 unit (0 = 10 ms, 1 = 1 s), bits 6..0 value. */
export function frameTimeoutByte(ms: number): number {
  if (!Number.isFinite(ms) || ms <= 0) throw new FrameError('bad-value', `timeout must be positive: ${ms}`);
  if (ms <= 1270 && ms % 10 === 0) return ms / 10;
  const seconds = Math.ceil(ms / 1000);
  if (seconds > 127) throw new FrameError('bad-value', `timeout above 127 s: ${ms} ms`);
  return 0x80 | seconds;
}

export function frameTimeoutMs(b: number): number {
  return (b & 0x7f) * ((b & 0x80) !== 0 ? 1000 : 10);
}

/** Tp: PFC, send time ss mm hh DD (BCD), allowed delay in minutes. */
export interface TimeTag {
  pfc: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  delayMinutes: number;
}

export function encodeTimeTag(t: TimeTag): Uint8Array {
  return Uint8Array.of(
    t.pfc & 0xff,
    toBcdByte(t.second),
    toBcdByte(t.minute),
    toBcdByte(t.hour),
    toBcdByte(t.day),
    t.delayMinutes & 0xff,
  );
}

export function decodeTimeTag(b: Uint8Array): TimeTag {
  if (b.length !== 6) throw new FrameError('bad-length', 'Tp is 6 bytes');
  return {
    pfc: b[0] ?? 0,
    second: fromBcdByte(b[1] ?? 0),
    minute: fromBcdByte(b[2] ?? 0),
    hour: fromBcdByte(b[3] ?? 0),
    day: fromBcdByte(b[4] ?? 0),
    delayMinutes: b[5] ?? 0,
  };
}

export interface ForwardRequest {
  /** Terminal port 1..31 (31 is the carrier/PLC port on many concentrators, 1/2 RS-485). */
  port: number;
  serial: SerialSettings;
  frameTimeoutMs: number;
  byteTimeoutMs: number;
  /** The raw meter frame (645 with or without FE preamble, or any other meter protocol). */
  frame: Uint8Array;
  /** 16-byte message authentication (PW); omitted when the terminal does not demand it. */
  pw?: Uint8Array;
  tp?: TimeTag;
}

/** AFN 10 F1 down: C=4A (PRM 1, request class-1 data), p0 F1. */
export function forwardRequest(
  address: Address376,
  req: ForwardRequest,
  opts: { pseq: number; con?: boolean },
): Frame376 {
  if (!Number.isInteger(req.port) || req.port < 1 || req.port > 31) {
    throw new FrameError('bad-value', `port must be 1..31: ${req.port}`);
  }
  if (req.pw && req.pw.length !== 16) throw new FrameError('bad-value', 'PW is 16 bytes');
  const byteTimeout = Math.round(req.byteTimeoutMs / 10);
  if (byteTimeout < 0 || byteTimeout > 255) throw new FrameError('bad-value', 'byte timeout is 0..2550 ms');
  const k = req.frame.length;
  if (k > 0xffff) throw new FrameError('bad-length', 'forwarded frame too long');
  const head = Uint8Array.of(
    req.port,
    serialWord(req.serial),
    frameTimeoutByte(req.frameTimeoutMs),
    byteTimeout,
    k & 0xff,
    k >> 8,
  );
  const parts = [
    head,
    req.frame,
    req.pw ?? new Uint8Array(0),
    req.tp ? encodeTimeTag(req.tp) : new Uint8Array(0),
  ];
  return {
    control: makeControl({ up: false, prm: true, fcbAcd: false, fcv: false, fn: 10 }),
    address,
    afn: Afn.FORWARD,
    seq: makeSeq({ tpv: req.tp !== undefined, con: opts.con ?? false, seq: opts.pseq }),
    pn: 0,
    fn: 1,
    data: concatBytes(...parts),
  };
}

export function parseForwardRequest(f: Frame376): ForwardRequest {
  if (f.afn !== Afn.FORWARD || f.fn !== 1) throw new FrameError('bad-value', 'not an AFN 10 F1 frame');
  const d = f.data;
  if (d.length < 6) throw new FrameError('too-short', 'AFN 10 F1 request needs 6 bytes before the frame');
  const k = (d[4] ?? 0) | ((d[5] ?? 0) << 8);
  if (d.length < 6 + k) throw new FrameError('bad-length', `forwarded length ${k} exceeds the data`);
  const tpv = parseSeq(f.seq).tpv;
  const rest = d.length - 6 - k;
  const tpLength = tpv ? 6 : 0;
  if (rest !== tpLength && rest !== tpLength + 16) {
    throw new FrameError('bad-length', `${rest} bytes after the forwarded frame are neither PW nor Tp`);
  }
  const afterFrame = 6 + k;
  const result: ForwardRequest = {
    port: d[0] ?? 0,
    serial: parseSerialWord(d[1] ?? 0),
    frameTimeoutMs: frameTimeoutMs(d[2] ?? 0),
    byteTimeoutMs: (d[3] ?? 0) * 10,
    frame: d.slice(6, afterFrame),
  };
  if (rest - tpLength === 16) result.pw = d.slice(afterFrame, afterFrame + 16);
  if (tpv) result.tp = decodeTimeTag(d.slice(d.length - 6));
  return result;
}

/** AFN 10 F1 up: port + length + the raw bytes that came back (none when the meter was silent). */
export function forwardReply(request: Frame376, port: number, raw: Uint8Array): Frame376 {
  return {
    ...(request.protocol !== undefined ? { protocol: request.protocol } : {}),
    control: makeControl({ up: true, prm: false, fcbAcd: false, fcv: false, fn: 8 }),
    address: request.address,
    afn: Afn.FORWARD,
    seq: makeSeq({ seq: parseSeq(request.seq).seq }),
    pn: 0,
    fn: 1,
    data: concatBytes(Uint8Array.of(port, raw.length & 0xff, raw.length >> 8), raw),
  };
}

export function parseForwardReply(f: Frame376): { port: number; frame: Uint8Array } {
  if (f.afn !== Afn.FORWARD || f.fn !== 1) throw new FrameError('bad-value', 'not an AFN 10 F1 frame');
  const d = f.data;
  if (d.length < 3) throw new FrameError('too-short', 'AFN 10 F1 reply needs port and length');
  const k = (d[1] ?? 0) | ((d[2] ?? 0) << 8);
  if (d.length < 3 + k) throw new FrameError('bad-length', `forwarded length ${k} exceeds the data`);
  return { port: d[0] ?? 0, frame: d.slice(3, 3 + k) };
}
