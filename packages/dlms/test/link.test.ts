import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  clientAddress,
  crc16x25,
  DlmsError,
  decodeControl,
  decodeHdlcFrame,
  decodeHdlcParameters,
  decodeWrapper,
  encodeControl,
  encodeHdlcFrame,
  encodeHdlcParameters,
  encodeWrapper,
  fromHex,
  type HdlcFrame,
  HdlcStream,
  hex,
  Reassembler,
  segmentApdu,
  serverAddress,
  stripLlc,
  WrapperStream,
} from '../src/index.js';
import { bytesOf, idsOf } from './vectors.js';

const hdlcIds = idsOf('hdlc');
const errorCode = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    if (e instanceof DlmsError) return e.code;
    throw e;
  }
  return undefined;
};

describe('HDLC vectors', () => {
  it.each(hdlcIds)('%s decodes (HCS and FCS checked) and re-encodes byte for byte', (id) => {
    const bytes = bytesOf(id);
    expect(hex(encodeHdlcFrame(decodeHdlcFrame(bytes)))).toBe(hex(bytes));
  });

  it('reads addresses, control and parameters as the sources state', () => {
    const snrm = decodeHdlcFrame(bytesOf('hdlc-snrm-kmethy'));
    expect(snrm).toMatchObject({
      destination: { upper: 1, lower: 0x11, size: 4 },
      source: { upper: 0x10, size: 1 },
    });
    expect(snrm.control).toEqual({ kind: 'SNRM', pf: true });
    const ua = decodeHdlcFrame(bytesOf('hdlc-ua-kmethy'));
    expect(ua.control.kind).toBe('UA');
    expect(decodeHdlcParameters(ua.info)).toEqual({
      maxInfoTransmit: 128,
      maxInfoReceive: 128,
      windowTransmit: 1,
      windowReceive: 1,
    });
    expect(hex(encodeHdlcParameters(decodeHdlcParameters(ua.info), { lengthBytes: 2 }))).toBe(hex(ua.info));
    const ua2 = decodeHdlcFrame(bytesOf('hdlc-ua-2byte'));
    expect(decodeHdlcParameters(ua2.info).maxInfoReceive).toBe(154);
    expect(hex(encodeHdlcParameters(decodeHdlcParameters(ua2.info)))).toBe(hex(ua2.info));
    const aare = decodeHdlcFrame(bytesOf('hdlc-i-aare'));
    expect(aare.control).toEqual({ kind: 'I', pf: true, ns: 0, nr: 1 });
    expect(aare.destination).toEqual({ upper: 0x10, size: 1 });
    expect(aare.source).toEqual({ upper: 1, lower: 17, size: 2 });
    expect(hex(stripLlc(aare.info) ?? new Uint8Array()).slice(0, 5)).toBe('61 29');
    expect(decodeHdlcFrame(bytesOf('hdlc-segmented')).segmented).toBe(true);
    expect(decodeHdlcFrame(bytesOf('hdlc-ui-push')).control).toEqual({ kind: 'UI', pf: true });
    expect(decodeHdlcFrame(bytesOf('hdlc-snrm-4byte-php')).destination).toEqual({
      upper: 1,
      lower: 0x4f,
      size: 4,
    });
  });

  it('computes the FCS of the standard (CRC-16/X.25 check value 906E)', () => {
    expect(crc16x25(new TextEncoder().encode('123456789')).toString(16)).toBe('906e');
    // pwitab/dlms-cosem tests/test_hdlc/test_hdlc.py: HCS of 03 3F is 5B EC.
    const c = crc16x25(fromHex('033F'));
    expect(hex(Uint8Array.of(c & 0xff, c >> 8))).toBe('5B EC');
  });

  it('names each fault', () => {
    const good = bytesOf('hdlc-i-aare');
    const badFcs = good.slice();
    badFcs[badFcs.length - 2] = (badFcs[badFcs.length - 2] ?? 0) ^ 1;
    expect(errorCode(() => decodeHdlcFrame(badFcs))).toBe('bad-fcs');
    const badFlag = good.slice();
    badFlag[0] = 0;
    expect(errorCode(() => decodeHdlcFrame(badFlag))).toBe('bad-flag');
    expect(errorCode(() => decodeHdlcFrame(good.slice(0, 5)))).toBe('too-short');
  });
});

describe('HDLC control field', () => {
  it('round-trips every control byte it knows', () => {
    for (let b = 0; b < 256; b++) {
      let c: ReturnType<typeof decodeControl>;
      try {
        c = decodeControl(b);
      } catch {
        continue;
      }
      expect(encodeControl(c)).toBe(b);
    }
    expect(decodeControl(0x93)).toEqual({ kind: 'SNRM', pf: true });
    expect(decodeControl(0x53)).toEqual({ kind: 'DISC', pf: true });
    expect(decodeControl(0x1f)).toEqual({ kind: 'DM', pf: true });
    expect(decodeControl(0x97)).toEqual({ kind: 'FRMR', pf: true });
    expect(decodeControl(0x51)).toEqual({ kind: 'RR', pf: true, nr: 2 });
    expect(decodeControl(0x55)).toEqual({ kind: 'RNR', pf: true, nr: 2 });
  });
});

const frameArb: fc.Arbitrary<HdlcFrame> = fc.record({
  segmented: fc.boolean(),
  destination: fc.oneof(
    fc.integer({ min: 0, max: 127 }).map((u) => serverAddress(u)),
    fc
      .tuple(fc.integer({ min: 0, max: 127 }), fc.integer({ min: 0, max: 127 }))
      .map(([u, l]) => serverAddress(u, l)),
    fc
      .tuple(fc.integer({ min: 0, max: 0x3fff }), fc.integer({ min: 0, max: 0x3fff }))
      .map(([u, l]) => ({ upper: u, lower: l, size: 4 as const })),
  ),
  source: fc.integer({ min: 0, max: 127 }).map(clientAddress),
  control: fc.record({
    kind: fc.constant('I' as const),
    pf: fc.boolean(),
    ns: fc.integer({ min: 0, max: 7 }),
    nr: fc.integer({ min: 0, max: 7 }),
  }),
  info: fc.uint8Array({ minLength: 1, maxLength: 200 }),
});

describe('HDLC codec and stream (our own cases)', () => {
  it('round-trips any frame', () => {
    fc.assert(
      fc.property(frameArb, (f) => {
        expect(decodeHdlcFrame(encodeHdlcFrame(f))).toEqual(f);
      }),
      { numRuns: 1000 },
    );
  });

  it('finds every frame of a stream cut anywhere, with garbage and corrupted frames between', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(frameArb, fc.uint8Array({ maxLength: 20 }), fc.boolean()), {
          minLength: 1,
          maxLength: 6,
        }),
        fc.array(fc.nat(), { maxLength: 8 }),
        (items, cuts) => {
          const parts: Uint8Array[] = [];
          const expected: HdlcFrame[] = [];
          for (const [f, garbage, corrupt] of items) {
            parts.push(garbage.map((b) => (b === 0x7e ? 0 : b)));
            const bytes = encodeHdlcFrame(f);
            if (corrupt) {
              bytes[bytes.length - 2] = (bytes[bytes.length - 2] ?? 0) ^ 0x55;
              parts.push(bytes);
            } else {
              parts.push(bytes);
              expected.push(f);
            }
          }
          const all = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
          let at = 0;
          for (const p of parts) {
            all.set(p, at);
            at += p.length;
          }
          const points = [...new Set(cuts.map((c) => c % (all.length + 1)))].sort((a, b) => a - b);
          const stream = new HdlcStream();
          const got: HdlcFrame[] = [];
          let from = 0;
          for (const p of [...points, all.length]) {
            got.push(...stream.push(all.slice(from, p)).frames.map((x) => x.frame));
            from = p;
          }
          expect(got).toEqual(expected);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('reads frames that share a flag', () => {
    const a = bytesOf('hdlc-snrm-1byte');
    const b = bytesOf('hdlc-ua-2byte');
    const merged = new Uint8Array(a.length + b.length - 1);
    merged.set(a);
    merged.set(b, a.length - 1);
    expect(new HdlcStream().push(merged).frames.map((x) => x.frame.control.kind)).toEqual(['SNRM', 'UA']);
  });

  it('segments an APDU and reassembles it', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 1, maxLength: 1000 }),
        fc.integer({ min: 16, max: 256 }),
        (apdu, max) => {
          const fields = segmentApdu(apdu, max, 'response');
          const r = new Reassembler();
          let out: Uint8Array | undefined;
          fields.forEach((info, i) => {
            const frame = encodeHdlcFrame({
              segmented: i < fields.length - 1,
              destination: clientAddress(16),
              source: serverAddress(1, 17),
              control: { kind: 'I', pf: true, ns: i & 7, nr: 0 },
              info,
            });
            out = r.push(decodeHdlcFrame(frame));
            expect(out === undefined).toBe(i < fields.length - 1);
          });
          expect(hex(out ?? new Uint8Array())).toBe(hex(apdu));
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('IEC 62056-47 wrapper', () => {
  it.each(idsOf('wrapper'))('%s decodes and re-encodes', (id) => {
    const bytes = bytesOf(id);
    const w = decodeWrapper(bytes);
    expect(w).toMatchObject({ version: 1, source: 1, destination: 1 });
    expect(w.apdu.length).toBe(70);
    expect(hex(encodeWrapper(w))).toBe(hex(bytes));
  });

  it('streams split and merged frames and resyncs past garbage (our own cases)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.uint8Array({ maxLength: 300 }), fc.uint8Array({ maxLength: 6 })), {
          minLength: 1,
          maxLength: 5,
        }),
        fc.integer({ min: 1, max: 50 }),
        (items, chunk) => {
          const parts = items.flatMap(([apdu, garbage]) => [
            garbage.map((b) => (b === 0 ? 0xff : b)),
            encodeWrapper({ source: 16, destination: 1, apdu }),
          ]);
          const all = Uint8Array.from(parts.flatMap((p) => [...p]));
          const s = new WrapperStream({ maxApdu: 1024 });
          const got: Uint8Array[] = [];
          for (let i = 0; i < all.length; i += chunk)
            got.push(...s.push(all.slice(i, i + chunk)).frames.map((f) => f.apdu));
          expect(got.map((g) => hex(g))).toEqual(items.map(([apdu]) => hex(apdu)));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('drops frames whose header is corrupted and keeps every other one (our own cases)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.uint8Array({ minLength: 1, maxLength: 200 }).map((a) => a.map((b) => 0x11 + (b % 0xee))),
            fc.boolean(),
          ),
          { minLength: 1, maxLength: 8 },
        ),
        fc.integer({ min: 1, max: 40 }),
        (items, chunk) => {
          const frames = items.map(([apdu, corrupt]) => {
            const f = encodeWrapper({ source: 0x11, destination: 0x11, apdu });
            if (corrupt) f[1] = 0x02;
            return f;
          });
          const all = Uint8Array.from(frames.flatMap((f) => [...f]));
          const s = new WrapperStream({ maxApdu: 256 });
          const got: string[] = [];
          for (let i = 0; i < all.length; i += chunk)
            got.push(...s.push(all.slice(i, i + chunk)).frames.map((f) => hex(f.apdu)));
          expect(got).toEqual(items.filter(([, corrupt]) => !corrupt).map(([apdu]) => hex(apdu)));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('refuses another version', () => {
    expect(errorCode(() => decodeWrapper(fromHex('0002 0001 0001 0000')))).toBe('bad-version');
  });
});
