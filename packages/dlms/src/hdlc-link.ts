import { BufferedStream } from './buffered-stream.js';
import { DlmsError } from './errors.js';
import {
  type Control,
  decodeHdlcFrame,
  FLAG,
  frameSpan,
  type HdlcAddress,
  type HdlcFrame,
  LLC_REQUEST,
  LLC_RESPONSE,
  MAX_FRAME_LENGTH,
} from './hdlc.js';
import { bytesEqual, concatBytes, Reader, uintBytes } from './hex.js';

/** HDLC parameters negotiated by SNRM/UA (IEC 62056-46 6.4.4.4.3.2). Defaults: 128 bytes, window 1. */
export interface HdlcParameters {
  maxInfoTransmit: number;
  maxInfoReceive: number;
  windowTransmit: number;
  windowReceive: number;
}

export const DEFAULT_HDLC_PARAMETERS: HdlcParameters = {
  maxInfoTransmit: 128,
  maxInfoReceive: 128,
  windowTransmit: 1,
  windowReceive: 1,
};

const PARAM_IDS: [keyof HdlcParameters, number][] = [
  ['maxInfoTransmit', 5],
  ['maxInfoReceive', 6],
  ['windowTransmit', 7],
  ['windowReceive', 8],
];

function minimalBytes(n: number, atLeast: number): Uint8Array {
  const size = n > 0xffff ? 4 : n > 0xff ? 2 : 1;
  return uintBytes(n, Math.max(size, atLeast));
}

/**
 * The information field of SNRM or UA: 81 80 length, then each parameter as id, length, value. Window
 * sizes are written on 4 bytes and information field lengths on the fewest bytes (or `lengthBytes`).
 */
export function encodeHdlcParameters(p: HdlcParameters, opts?: { lengthBytes?: 1 | 2 }): Uint8Array {
  const parts = PARAM_IDS.map(([key, id]) => {
    const value = minimalBytes(p[key], id >= 7 ? 4 : (opts?.lengthBytes ?? 1));
    return concatBytes(Uint8Array.of(id, value.length), value);
  });
  const body = concatBytes(...parts);
  return concatBytes(Uint8Array.of(0x81, 0x80, body.length), body);
}

export function decodeHdlcParameters(info: Uint8Array): HdlcParameters {
  const out = { ...DEFAULT_HDLC_PARAMETERS };
  if (info.length === 0) return out;
  const r = new Reader(info);
  if (r.u8() !== 0x81 || r.u8() !== 0x80) throw new DlmsError('bad-format', 'not an HDLC parameter field');
  const body = new Reader(r.take(r.u8()));
  r.end('HDLC parameters');
  while (body.remaining > 0) {
    const id = body.u8();
    const value = body.take(body.u8());
    const key = PARAM_IDS.find(([, i]) => i === id)?.[0];
    if (key) out[key] = value.reduce((n, b) => n * 256 + b, 0);
  }
  return out;
}

/** Strips the LLC header of the first segment of an APDU; `undefined` when there is none. */
export function stripLlc(info: Uint8Array): Uint8Array | undefined {
  const head = info.slice(0, 3);
  return bytesEqual(head, LLC_REQUEST) || bytesEqual(head, LLC_RESPONSE) ? info.slice(3) : undefined;
}

/**
 * Splits an APDU into the information fields of I-frames of at most `maxInfo` bytes, the LLC header in
 * front of the first. Every field but the last goes in a frame with the segmentation bit set.
 */
export function segmentApdu(
  apdu: Uint8Array,
  maxInfo: number,
  direction: 'request' | 'response',
): Uint8Array[] {
  const whole = concatBytes(direction === 'request' ? LLC_REQUEST : LLC_RESPONSE, apdu);
  const out: Uint8Array[] = [];
  for (let at = 0; at < whole.length; at += maxInfo) out.push(whole.slice(at, at + maxInfo));
  return out;
}

/**
 * Collects the information fields of a segmented transfer: push each I-frame (or UI frame); the
 * APDU, without its LLC header, comes back with the frame whose segmentation bit is clear.
 */
export class Reassembler {
  private parts: Uint8Array[] = [];

  get pending(): boolean {
    return this.parts.length > 0;
  }

  reset(): void {
    this.parts = [];
  }

  push(frame: HdlcFrame): Uint8Array | undefined {
    this.parts.push(frame.info);
    if (frame.segmented) return undefined;
    const whole = concatBytes(...this.parts);
    this.parts = [];
    const apdu = stripLlc(whole);
    if (!apdu) throw new DlmsError('bad-format', 'information field without LLC header');
    return apdu;
  }
}

export interface HdlcStreamResult {
  frames: { frame: HdlcFrame; raw: Uint8Array }[];
  /** Bytes dropped as not belonging to any valid frame (idle flags are not counted). */
  discarded: number;
}

/**
 * Streaming HDLC parser. A frame is found by its flag and its format field's length; a candidate that
 * fails (flag, format, HCS, FCS) costs one byte, so no valid frame is lost behind garbage or a corrupted
 * frame. A closing flag may open the next frame. At most one frame (< 2050 bytes) is held back.
 * push() never throws.
 */
export class HdlcStream extends BufferedStream {
  push(chunk: Uint8Array): HdlcStreamResult {
    const buf = concatBytes(this.buf, chunk);
    const out: HdlcStreamResult = { frames: [], discarded: 0 };
    let at = 0;
    while (at < buf.length) {
      const step = this.tryAt(buf, at, out);
      if (step === 0) break;
      at += step;
    }
    this.buf = buf.slice(at);
    return out;
  }

  /** Bytes consumed at `at`, 0 when more bytes are needed. */
  private tryAt(buf: Uint8Array, at: number, out: HdlcStreamResult): number {
    if (buf[at] !== FLAG) {
      out.discarded++;
      return 1;
    }
    if (buf[at + 1] === FLAG) return 1;
    let span: number | undefined;
    try {
      span = frameSpan(buf, at);
    } catch {
      out.discarded++;
      return 1;
    }
    if (span === undefined) return 0;
    if (span < 9 || span > MAX_FRAME_LENGTH + 2) {
      out.discarded++;
      return 1;
    }
    if (buf.length - at < span) {
      // A corrupted length must not hold back the valid frames already received behind it.
      if (!completeFrameAfter(buf, at + 1)) return 0;
      out.discarded++;
      return 1;
    }
    const frame = frameAt(buf, at, span);
    if (!frame) {
      out.discarded++;
      return 1;
    }
    out.frames.push({ frame, raw: buf.slice(at, at + span) });
    return span - 1;
  }
}

function frameAt(buf: Uint8Array, at: number, span: number): HdlcFrame | undefined {
  try {
    return decodeHdlcFrame(buf.slice(at, at + span));
  } catch {
    return undefined;
  }
}

function completeFrameAfter(buf: Uint8Array, from: number): boolean {
  for (let j = buf.indexOf(FLAG, from); j >= 0; j = buf.indexOf(FLAG, j + 1)) {
    let span: number | undefined;
    try {
      span = frameSpan(buf, j);
    } catch {
      continue;
    }
    if (span !== undefined && span >= 9 && j + span <= buf.length && frameAt(buf, j, span)) return true;
  }
  return false;
}

/** Frame helpers for a client (or a simulated meter) talking to one peer. */
export function uFrame(
  destination: HdlcAddress,
  source: HdlcAddress,
  control: Control,
  info = new Uint8Array(),
): HdlcFrame {
  return { segmented: false, destination, source, control, info };
}
