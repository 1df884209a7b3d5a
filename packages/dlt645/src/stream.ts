import { type Frame, MAX_FRAME_LENGTH, probeFrame, readFrameAt, START } from './frame.js';
import { type FrameShape, ShapeStream } from './scan.js';

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

const DLT645_SHAPE: FrameShape<Frame> = {
  start: START,
  maxLength: MAX_FRAME_LENGTH,
  probe: probeFrame,
  read: (buf, at) => readFrameAt(buf, at),
};

/**
 * Streaming DL/T 645 parser for TCP or any byte stream. Frames are delimited by their length byte only
 * (0x68 and 0x16 occur inside data); a candidate that fails (checksum, end byte) costs one byte, so no
 * valid frame is lost behind garbage, a wrong checksum or a truncated frame. At most one incomplete
 * candidate (< 268 bytes) is retained, so endless garbage holds no memory. push() never throws.
 */
export class FrameStream {
  private readonly inner: ShapeStream<Frame>;

  constructor(opts?: { maxBuffer?: number }) {
    this.inner = new ShapeStream(DLT645_SHAPE, opts);
  }

  /** Bytes held back waiting for the rest of a frame. */
  get buffered(): number {
    return this.inner.buffered;
  }

  reset(): void {
    this.inner.reset();
  }

  push(chunk: Uint8Array): StreamResult {
    return this.inner.push(chunk);
  }
}
