import { fromBcdByte, toBcdByte } from '../bcd.js';
import { FrameError } from '../errors.js';
import { concatBytes } from '../hex.js';
import { makeControl, makeSeq, parseSeq } from './fields.js';
import { type Address376, Afn, type Frame376 } from './frame.js';

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
