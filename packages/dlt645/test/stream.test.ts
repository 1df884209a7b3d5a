import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  encodeFrame,
  type Frame,
  FrameStream,
  fromHex,
  hex,
  MAX_FRAME_LENGTH,
  readRequest,
  type StreamFrame,
} from '../src/index.js';
import { smallFrame, split } from './arbitraries.js';

/** A piece of the byte stream: a valid frame (with a preamble) or one kind of garbage. */
type Piece = { kind: 'frame'; frame: Frame; bytes: Uint8Array } | { kind: 'garbage'; bytes: Uint8Array };

const validPiece = fc
  .tuple(smallFrame, fc.integer({ min: 0, max: 4 }))
  .map(([frame, preamble]): Piece => ({ kind: 'frame', frame, bytes: encodeFrame(frame, { preamble }) }));

/** Garbage that looks like frames: random bytes rich in 68/16/FE, wrong checksums, truncated frames, FE runs. */
const garbagePiece: fc.Arbitrary<Piece> = fc
  .oneof(
    fc.uint8Array({ minLength: 1, maxLength: 60 }),
    fc
      .array(fc.constantFrom(0x68, 0x16, 0xfe, 0x00, 0x33), { minLength: 1, maxLength: 30 })
      .map((a) => Uint8Array.from(a)),
    fc.tuple(smallFrame, fc.integer({ min: 1, max: 255 })).map(([f, delta]) => {
      const b = encodeFrame(f);
      b[b.length - 2] = ((b[b.length - 2] ?? 0) + delta) & 0xff;
      return b;
    }),
    fc.tuple(smallFrame, fc.nat()).map(([f, cut]) => {
      const b = encodeFrame(f);
      return b.slice(0, 1 + (cut % (b.length - 1)));
    }),
    fc.integer({ min: 1, max: 40 }).map((n) => new Uint8Array(n).fill(0xfe)),
  )
  .map((bytes): Piece => ({ kind: 'garbage', bytes }));

/** Garbage with no 68 at all: nothing in it can start a frame. */
const inertGarbage: fc.Arbitrary<Piece> = fc
  .uint8Array({ minLength: 1, maxLength: 60 })
  .map((b) => b.map((x) => (x === 0x68 ? 0x67 : x)))
  .map((bytes): Piece => ({ kind: 'garbage', bytes }));

function join(pieces: Piece[]): { bytes: Uint8Array; spans: { frame: Frame; start: number; end: number }[] } {
  const total = pieces.reduce((n, p) => n + p.bytes.length, 0);
  const bytes = new Uint8Array(total);
  const spans: { frame: Frame; start: number; end: number }[] = [];
  let at = 0;
  for (const p of pieces) {
    bytes.set(p.bytes, at);
    if (p.kind === 'frame')
      spans.push({
        frame: p.frame,
        start: at + p.bytes.length - 12 - p.frame.data.length,
        end: at + p.bytes.length,
      });
    at += p.bytes.length;
  }
  return { bytes, spans };
}

function feed(
  stream: FrameStream,
  chunks: Uint8Array[],
): { frames: StreamFrame[]; discarded: number; idle: number } {
  const out = { frames: [] as StreamFrame[], discarded: 0, idle: 0 };
  for (const c of chunks) {
    const r = stream.push(c);
    out.frames.push(...r.frames);
    out.discarded += r.discarded;
    out.idle += r.idle;
  }
  return out;
}

const normal = (f: Frame) => ({ ...f, address: f.address.toUpperCase() });

/** Where each emitted frame sits in the stream, found by walking the raw bytes in order. */
function locate(bytes: Uint8Array, frames: StreamFrame[]): { start: number; end: number }[] {
  const text = hex(bytes, '');
  let from = 0;
  return frames.map(({ raw }) => {
    let i = text.indexOf(hex(raw, ''), from);
    while (i >= 0 && i % 2 !== 0) i = text.indexOf(hex(raw, ''), i + 1);
    expect(i, 'an emitted frame is a slice of the input, in order').toBeGreaterThanOrEqual(0);
    from = i + 2 * raw.length;
    return { start: i / 2, end: i / 2 + raw.length };
  });
}

/**
 * Checks a property of valid frames mixed with `garbage`: joined into one stream, cut anywhere, and read by a
 * fresh FrameStream.
 */
function assertStreamed(
  garbage: fc.Arbitrary<Piece>,
  check: (joined: ReturnType<typeof join>, out: ReturnType<typeof feed>) => void,
): void {
  fc.assert(
    fc.property(
      fc.array(fc.oneof(validPiece, garbage), { maxLength: 25 }),
      fc.array(fc.nat(), { maxLength: 40 }),
      (pieces, cuts) => {
        const joined = join(pieces);
        check(joined, feed(new FrameStream(), split(joined.bytes, cuts)));
      },
    ),
    { numRuns: 1500 },
  );
}

describe('FrameStream', () => {
  it('never throws and never loses a valid frame among splits, merges and garbage', () => {
    assertStreamed(garbagePiece, ({ bytes, spans }, out) => {
      const emitted = locate(bytes, out.frames);
      for (const f of out.frames) expect(hex(f.raw)).toBe(hex(encodeFrame(f.frame)));
      // Each valid frame we sent is emitted, unless garbage that happens to form a valid frame
      // overlapping it was emitted instead (then the stream really did carry that frame first).
      for (const span of spans) {
        const same = out.frames.findIndex(
          (f, i) => emitted[i]?.start === span.start && hex(f.raw) === hex(encodeFrame(span.frame)),
        );
        const shadowed = emitted.some((e) => e.start < span.end && span.start < e.end);
        expect(same >= 0 || shadowed, `frame at ${span.start} lost`).toBe(true);
        if (same >= 0) expect(out.frames[same]?.frame).toEqual(normal(span.frame));
      }
    });
  });

  it('emits exactly the valid frames, in order, when the garbage holds no 68', () => {
    assertStreamed(inertGarbage, ({ bytes, spans }, out) => {
      expect(out.frames.map((f) => f.frame)).toEqual(spans.map((s) => normal(s.frame)));
      // Every byte is accounted for: in a frame, or dropped (FE bytes as idle).
      const inFrames = spans.reduce((n, span) => n + span.end - span.start, 0);
      expect(out.discarded + out.idle).toBe(bytes.length - inFrames);
    });
  });

  it('never throws on arbitrary chunks and holds less than one maximal frame', () => {
    fc.assert(
      fc.property(fc.array(fc.uint8Array({ maxLength: 700 }), { maxLength: 30 }), (chunks) => {
        const stream = new FrameStream();
        for (const c of chunks) {
          stream.push(c);
          expect(stream.buffered).toBeLessThan(MAX_FRAME_LENGTH);
        }
      }),
      { numRuns: 1500 },
    );
  });

  it('keeps memory bounded on endless garbage, including endless frame headers that never complete', () => {
    const stream = new FrameStream();
    // A header announcing 255 data bytes, over and over: every candidate waits, then fails.
    const header = fromHex('68 11 11 11 11 11 11 68 11 FF');
    let discarded = 0;
    for (let i = 0; i < 5_000; i++) {
      const r = stream.push(header);
      discarded += r.discarded;
      expect(r.frames).toHaveLength(0);
      expect(stream.buffered).toBeLessThan(MAX_FRAME_LENGTH);
    }
    expect(discarded).toBeGreaterThan(5_000 * header.length - MAX_FRAME_LENGTH);
    // A valid frame after all that still comes through.
    const valid = encodeFrame(readRequest('000102030425', 0x00010000));
    const tail = stream.push(valid);
    expect(tail.frames.map((f) => hex(f.raw))).toEqual([hex(valid)]);
  });

  it('finds a frame whose data holds 68 and 16, fed one byte at a time', () => {
    const f: Frame = {
      address: '000102030425',
      control: 0x91,
      data: Uint8Array.of(0x35, 0xe3, 0x35, 0x35, 0xe3, 0xcb),
    };
    const bytes = encodeFrame(f, { preamble: 4 });
    const stream = new FrameStream();
    const frames = [...bytes].flatMap((b) => stream.push(Uint8Array.of(b)).frames);
    expect(frames.map((x) => x.frame)).toEqual([f]);
  });

  it('drops a frame with a wrong checksum and keeps the next', () => {
    const good = encodeFrame(readRequest('000102030425', 0x00010000));
    const bad = good.slice();
    bad[bad.length - 2] = (bad[bad.length - 2] ?? 0) ^ 0xff;
    const r = new FrameStream().push(Uint8Array.from([...bad, ...good]));
    expect(r.frames.map((f) => hex(f.raw))).toEqual([hex(good)]);
    expect(r.discarded).toBe(bad.length);
  });

  it('does not let a truncated frame hold back a whole one behind it', () => {
    const good = encodeFrame(readRequest('000102030425', 0x00010000));
    const truncated = encodeFrame({
      address: '000000000001',
      control: 0x91,
      data: new Uint8Array(200),
    }).slice(0, 30);
    const stream = new FrameStream();
    const r = stream.push(Uint8Array.from([...truncated, ...good]));
    expect(r.frames.map((f) => hex(f.raw))).toEqual([hex(good)]);
    expect(stream.buffered).toBe(0);
  });

  it('counts lone FE bytes (DTU heartbeats) as idle, not garbage', () => {
    const r = new FrameStream().push(Uint8Array.of(0xfe));
    expect(r).toEqual({ frames: [], discarded: 0, idle: 1 });
  });
});
