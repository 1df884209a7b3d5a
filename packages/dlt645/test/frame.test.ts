import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeFrame, encodeFrame, fromHex, hex } from '../src/index.js';
import { frame } from './arbitraries.js';
import { errorCode } from './frame-error.js';

describe('frame codec', () => {
  it('round-trips any frame, with any FE preamble', () => {
    fc.assert(
      fc.property(frame, fc.integer({ min: 0, max: 8 }), (f, preamble) => {
        const bytes = encodeFrame(f, { preamble });
        expect(bytes.length).toBe(preamble + 12 + f.data.length);
        const back = decodeFrame(bytes);
        expect(back).toEqual({ ...f, address: f.address.toUpperCase() });
        expect(encodeFrame(back, { preamble })).toEqual(bytes);
      }),
      { numRuns: 2000 },
    );
  });

  it('detects any single corrupted byte of a frame', () => {
    fc.assert(
      fc.property(frame, fc.nat(), fc.integer({ min: 1, max: 255 }), (f, where, delta) => {
        const bytes = encodeFrame(f);
        const i = where % bytes.length;
        bytes[i] = ((bytes[i] ?? 0) + delta) & 0xff;
        expect(errorCode(() => decodeFrame(bytes))).toBeDefined();
      }),
      { numRuns: 2000 },
    );
  });

  it('names a truncated frame too-short and extra bytes trailing-bytes', () => {
    fc.assert(
      fc.property(frame, fc.nat(), (f, cut) => {
        const bytes = encodeFrame(f);
        expect(errorCode(() => decodeFrame(bytes.slice(0, cut % bytes.length)))).toBe('too-short');
        const longer = new Uint8Array(bytes.length + 1);
        longer.set(bytes);
        expect(errorCode(() => decodeFrame(longer))).toBe('trailing-bytes');
      }),
    );
  });

  it('throws only FrameError on arbitrary bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        errorCode(() => decodeFrame(bytes));
      }),
      { numRuns: 2000 },
    );
  });

  it('names each fault', () => {
    expect(errorCode(() => decodeFrame(new Uint8Array()))).toBe('too-short');
    expect(errorCode(() => decodeFrame(fromHex('FE FE FE')))).toBe('too-short');
    expect(errorCode(() => decodeFrame(fromHex('00 68')))).toBe('no-start');
    expect(errorCode(() => decodeFrame(fromHex('68 25 04 03 02 01 00 00 11 04 33 33 34 33 E1 16')))).toBe(
      'bad-start',
    );
    expect(errorCode(() => decodeFrame(fromHex('68 25 04 03 02 01 00 68 11 04 33 33 34 33 E2 16')))).toBe(
      'bad-checksum',
    );
    expect(errorCode(() => decodeFrame(fromHex('68 25 04 03 02 01 00 68 11 04 33 33 34 33 E1 17')))).toBe(
      'bad-end',
    );
    expect(errorCode(() => encodeFrame({ address: '12345', control: 0x11, data: new Uint8Array() }))).toBe(
      'bad-address',
    );
    expect(
      errorCode(() => encodeFrame({ address: '000000000001', control: 0x111, data: new Uint8Array() })),
    ).toBe('bad-control');
    expect(
      errorCode(() => encodeFrame({ address: '000000000001', control: 0x11, data: new Uint8Array(256) })),
    ).toBe('bad-length');
  });

  it('adds 0x33 to every data byte on the wire', () => {
    const bytes = encodeFrame({
      address: '000000000001',
      control: 0x11,
      data: Uint8Array.of(0x00, 0x35, 0xcd, 0xe3),
    });
    expect(hex(bytes)).toBe('68 01 00 00 00 00 00 68 11 04 33 68 00 16 97 16');
  });
});
