import fc from 'fast-check';
import type { Frame } from '../src/index.js';

/** Any address a meter could send: 12 hex digits (BCD digits, 'A' wildcards, and worse). */
export const address = fc
  .array(fc.constantFrom(...'0123456789ABCDEF'), { minLength: 12, maxLength: 12 })
  .map((d) => d.join(''));

/** Data biased towards the bytes that trouble parsers: 0x35 and 0xE3 become 68 and 16 on the wire, 0xCB becomes FE. */
const awkwardByte = fc.oneof(
  { weight: 3, arbitrary: fc.integer({ min: 0, max: 255 }) },
  { weight: 1, arbitrary: fc.constantFrom(0x35, 0xe3, 0xcb, 0x68, 0x16, 0xfe, 0x00, 0xff) },
);

export const frame: fc.Arbitrary<Frame> = fc.record({
  address,
  control: fc.integer({ min: 0, max: 255 }),
  data: fc.array(awkwardByte, { maxLength: 255 }).map((a) => Uint8Array.from(a)),
});

/** Small frames keep stream properties fast while still covering every shape. */
export const smallFrame: fc.Arbitrary<Frame> = fc.record({
  address,
  control: fc.integer({ min: 0, max: 255 }),
  data: fc.array(awkwardByte, { maxLength: 40 }).map((a) => Uint8Array.from(a)),
});

/**
 * Cuts `bytes` at the given points (any number, any place: single bytes, merged frames, mid-header), as a
 * stream reader may receive them; `cuts` come from `fc.array(fc.nat())`.
 */
export function split(bytes: Uint8Array, cuts: number[]): Uint8Array[] {
  const points = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
  const chunks: Uint8Array[] = [];
  let from = 0;
  for (const p of [...points, bytes.length]) {
    chunks.push(bytes.slice(from, p));
    from = p;
  }
  return chunks;
}
