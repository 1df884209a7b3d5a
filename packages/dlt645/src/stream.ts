import { type Frame, MAX_FRAME_LENGTH, PREAMBLE_BYTE, probeFrame, readFrameAt, START } from './frame.js';

export interface StreamFrame {
  frame: Frame;
  /** The frame's bytes from the first 68 to the 16 (no FE preamble). */
  raw: Uint8Array;
}

export interface StreamResult {
  frames: StreamFrame[];
  /** Bytes dropped as not belonging to any valid frame (FE bytes are counted in `idle` instead). */
  discarded: number;
  /** FE bytes seen outside frames: wake-up preambles, or heartbeats on a DTU link. */
  idle: number;
}

/**
 * Streaming parser for TCP or any byte stream. Frames are delimited by their length byte only; a
 * candidate start that turns out bad (checksum, end byte) costs one byte and the scan resumes right
 * after it, so a valid frame hidden behind garbage or a truncated frame is still found. An incomplete
 * candidate gives way to a complete valid frame that starts later in the buffer (a truncated frame
 * must not hold back the next one). At most one incomplete candidate (< 267 bytes) is retained.
 */
export class FrameStream {
  private buffer: Uint8Array = new Uint8Array(0);
  private readonly maxBuffer: number;

  constructor(opts?: { maxBuffer?: number }) {
    // Never below one maximal frame, or a valid long frame could be cut.
    this.maxBuffer = Math.max(opts?.maxBuffer ?? 1024, MAX_FRAME_LENGTH);
  }

  /** Bytes held back waiting for the rest of a frame. */
  get buffered(): number {
    return this.buffer.length;
  }

  reset(): void {
    this.buffer = new Uint8Array(0);
  }

  push(chunk: Uint8Array): StreamResult {
    const result: StreamResult = { frames: [], discarded: 0, idle: 0 };
    try {
      this.scan(this.join(chunk), result);
    } catch {
      // Unreachable by design; the stream must outlive anything a socket delivers.
      result.discarded += this.buffer.length;
      this.buffer = new Uint8Array(0);
    }
    return result;
  }

  private join(chunk: Uint8Array): Uint8Array {
    if (this.buffer.length === 0) return chunk;
    const joined = new Uint8Array(this.buffer.length + chunk.length);
    joined.set(this.buffer, 0);
    joined.set(chunk, this.buffer.length);
    return joined;
  }

  private scan(buf: Uint8Array, result: StreamResult): void {
    let pos = 0;
    while (pos < buf.length) {
      const b = buf[pos];
      if (b !== START) {
        if (b === PREAMBLE_BYTE) result.idle++;
        else result.discarded++;
        pos++;
        continue;
      }
      const probe = probeFrame(buf, pos);
      if (probe.status === 'frame') {
        result.frames.push({ frame: readFrameAt(buf, pos), raw: buf.slice(pos, pos + probe.length) });
        pos += probe.length;
      } else if (probe.status === 'invalid') {
        result.discarded++;
        pos++;
      } else {
        const later = nextWholeFrame(buf, pos + 1);
        if (later < 0) break;
        result.discarded += later - pos;
        pos = later;
      }
    }
    let rest = buf.slice(pos);
    if (rest.length > this.maxBuffer) {
      result.discarded += rest.length - this.maxBuffer;
      rest = rest.slice(rest.length - this.maxBuffer);
    }
    this.buffer = rest;
  }
}

function nextWholeFrame(buf: Uint8Array, from: number): number {
  for (let q = buf.indexOf(START, from); q >= 0; q = buf.indexOf(START, q + 1)) {
    if (probeFrame(buf, q).status === 'frame') return q;
  }
  return -1;
}
