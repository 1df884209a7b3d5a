import { type Address, addressFromBytes, addressToBytes } from './address.js';
import { FrameError } from './errors.js';

export interface Frame {
  address: Address;
  control: number;
  /** The data field as values, WITHOUT the +0x33 the wire carries. */
  data: Uint8Array;
}

export const START = 0x68;
export const END = 0x16;
export const PREAMBLE_BYTE = 0xfe;
/** Header (68 A0..A5 68 C L) + CS + 16. */
export const FRAME_OVERHEAD = 12;
export const MAX_DATA_LENGTH = 255;
export const MAX_FRAME_LENGTH = FRAME_OVERHEAD + MAX_DATA_LENGTH;
const DATA_OFFSET = 0x33;

export function checksum(bytes: Uint8Array, start: number, end: number): number {
  let sum = 0;
  for (let i = start; i < end; i++) sum += bytes[i] ?? 0;
  return sum & 0xff;
}

export function encodeFrame(f: Frame, opts?: { preamble?: number }): Uint8Array {
  const preamble = opts?.preamble ?? 0;
  if (!Number.isInteger(preamble) || preamble < 0 || preamble > 16) {
    throw new FrameError('bad-value', `preamble must be 0..16 FE bytes: ${preamble}`);
  }
  if (!Number.isInteger(f.control) || f.control < 0 || f.control > 0xff) {
    throw new FrameError('bad-control', `control must be one byte: ${f.control}`);
  }
  if (f.data.length > MAX_DATA_LENGTH) {
    throw new FrameError('bad-length', `data is ${f.data.length} bytes; at most ${MAX_DATA_LENGTH}`);
  }
  const out = new Uint8Array(preamble + FRAME_OVERHEAD + f.data.length);
  out.fill(PREAMBLE_BYTE, 0, preamble);
  const s = preamble;
  out[s] = START;
  out.set(addressToBytes(f.address), s + 1);
  out[s + 7] = START;
  out[s + 8] = f.control;
  out[s + 9] = f.data.length;
  for (let i = 0; i < f.data.length; i++) out[s + 10 + i] = ((f.data[i] ?? 0) + DATA_OFFSET) & 0xff;
  const cs = s + 10 + f.data.length;
  out[cs] = checksum(out, s, cs);
  out[cs + 1] = END;
  return out;
}

export type Probe =
  | { status: 'frame'; length: number }
  | { status: 'need-more' }
  | { status: 'invalid'; code: 'bad-start' | 'bad-checksum' | 'bad-end'; message: string };

/**
 * Looks at the bytes from `start` (which must hold 0x68) as a frame: whole and valid, incomplete, or
 * not a frame. The length byte alone delimits the frame (0x68 and 0x16 occur inside data).
 */
export function probeFrame(buf: Uint8Array, start: number, end = buf.length): Probe {
  const avail = end - start;
  if (avail < 1) return { status: 'need-more' };
  if (buf[start] !== START) return { status: 'invalid', code: 'bad-start', message: 'no 68 at frame start' };
  if (avail < 8) return { status: 'need-more' };
  if (buf[start + 7] !== START) {
    return { status: 'invalid', code: 'bad-start', message: 'second 68 missing after the address' };
  }
  if (avail < 10) return { status: 'need-more' };
  const length = FRAME_OVERHEAD + (buf[start + 9] ?? 0);
  if (avail < length) return { status: 'need-more' };
  const cs = start + length - 2;
  const expected = checksum(buf, start, cs);
  if (buf[cs] !== expected) {
    return {
      status: 'invalid',
      code: 'bad-checksum',
      message: `checksum ${hexByte(buf[cs])} should be ${hexByte(expected)}`,
    };
  }
  if (buf[cs + 1] !== END) {
    return { status: 'invalid', code: 'bad-end', message: `end byte ${hexByte(buf[cs + 1])} is not 16` };
  }
  return { status: 'frame', length };
}

/** Decodes one whole, valid frame starting at `start` (probeFrame said 'frame'). */
export function readFrameAt(buf: Uint8Array, start: number): Frame {
  const length = buf[start + 9] ?? 0;
  const data = new Uint8Array(length);
  for (let i = 0; i < length; i++) data[i] = ((buf[start + 10 + i] ?? 0) - DATA_OFFSET) & 0xff;
  return { address: addressFromBytes(buf, start + 1), control: buf[start + 8] ?? 0, data };
}

/** One whole frame, any number of FE bytes before it; throws FrameError naming the fault. */
export function decodeFrame(bytes: Uint8Array): Frame {
  let start = 0;
  while (bytes[start] === PREAMBLE_BYTE) start++;
  if (start >= bytes.length) throw new FrameError('too-short', 'no frame: empty or only FE bytes');
  if (bytes[start] !== START) {
    throw new FrameError('no-start', `frame must start with 68, found ${hexByte(bytes[start])}`);
  }
  const probe = probeFrame(bytes, start);
  if (probe.status === 'need-more') {
    throw new FrameError('too-short', `truncated frame: ${bytes.length - start} bytes`);
  }
  if (probe.status === 'invalid') throw new FrameError(probe.code, probe.message);
  if (start + probe.length !== bytes.length) {
    throw new FrameError('trailing-bytes', `${bytes.length - start - probe.length} bytes after the 16`);
  }
  return readFrameAt(bytes, start);
}

function hexByte(b: number | undefined): string {
  return b === undefined ? '--' : b.toString(16).toUpperCase().padStart(2, '0');
}
