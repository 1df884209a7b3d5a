import { PREAMBLE_BYTE } from './frame.js';

/** The shape of a protocol's frames as the scanner needs it: where one may start and whether it is whole. */
export interface FrameShape<F> {
  start: number;
  maxLength: number;
  probe(
    buf: Uint8Array,
    at: number,
  ): { status: 'frame'; length: number } | { status: 'need-more' } | { status: 'invalid' };
  read(buf: Uint8Array, at: number, length: number): F;
}

export interface ScanResult<F> {
  frames: { frame: F; raw: Uint8Array }[];
  discarded: number;
  idle: number;
}

/**
 * Finds every whole valid frame in `buf`. A bad candidate start costs one byte and the scan resumes right
 * after it, so a valid frame behind garbage or a truncated frame is still found; an incomplete candidate
 * gives way to a complete valid frame that starts later (a truncated frame must not hold back the next).
 * Returns the offset from which bytes must be kept for the next chunk.
 */
export function scanFrames<F>(buf: Uint8Array, shape: FrameShape<F>, result: ScanResult<F>): number {
  let pos = 0;
  while (pos < buf.length) {
    const b = buf[pos];
    if (b !== shape.start) {
      if (b === PREAMBLE_BYTE) result.idle++;
      else result.discarded++;
      pos++;
      continue;
    }
    const probe = shape.probe(buf, pos);
    if (probe.status === 'frame') {
      result.frames.push({
        frame: shape.read(buf, pos, probe.length),
        raw: buf.slice(pos, pos + probe.length),
      });
      pos += probe.length;
    } else if (probe.status === 'invalid') {
      result.discarded++;
      pos++;
    } else {
      const later = nextWholeFrame(buf, pos + 1, shape);
      if (later < 0) return pos;
      result.discarded += later - pos;
      pos = later;
    }
  }
  return pos;
}

function nextWholeFrame<F>(buf: Uint8Array, from: number, shape: FrameShape<F>): number {
  for (let q = buf.indexOf(shape.start, from); q >= 0; q = buf.indexOf(shape.start, q + 1)) {
    if (shape.probe(buf, q).status === 'frame') return q;
  }
  return -1;
}

/** A byte-stream parser for any FrameShape; push() never throws and retains less than one maximal frame. */
export class ShapeStream<F> {
  private buffer: Uint8Array = new Uint8Array(0);
  private readonly maxBuffer: number;

  constructor(
    private readonly shape: FrameShape<F>,
    opts?: { maxBuffer?: number },
  ) {
    // Never below one maximal frame, or a valid long frame could be cut.
    this.maxBuffer = Math.max(opts?.maxBuffer ?? 1024, shape.maxLength);
  }

  /** Bytes held back waiting for the rest of a frame. */
  get buffered(): number {
    return this.buffer.length;
  }

  reset(): void {
    this.buffer = new Uint8Array(0);
  }

  push(chunk: Uint8Array): ScanResult<F> {
    const result: ScanResult<F> = { frames: [], discarded: 0, idle: 0 };
    const buf = this.join(chunk);
    try {
      let rest = buf.slice(scanFrames(buf, this.shape, result));
      if (rest.length > this.maxBuffer) {
        result.discarded += rest.length - this.maxBuffer;
        rest = rest.slice(rest.length - this.maxBuffer);
      }
      this.buffer = rest;
    } catch {
      // Unreachable by design; the stream must outlive anything a socket delivers.
      result.discarded += buf.length;
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
}
