import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DI, encodeFrame, FrameError, fromHex, gdw376, hex, readRequest } from '../src/index.js';
import { smallFrame, split } from './arbitraries.js';

const T = { area: '1000', terminal: 0x044d, msa: 1, group: false };
const SERIAL = { baud: 2400, parity: 'even', dataBits: 8, stopBits: 1 } as const;

const address376 = fc.oneof(
  fc.record({
    area: fc.stringMatching(/^[0-9]{4}$/),
    terminal: fc.integer({ min: 0, max: 0xffff }),
    msa: fc.integer({ min: 0, max: 127 }),
    group: fc.boolean(),
  }),
  fc.record({
    area: fc.stringMatching(/^[0-9]{4}$/),
    terminal: fc.integer({ min: 0, max: 0xffffffff }),
    msa: fc.integer({ min: 0, max: 127 }),
    group: fc.boolean(),
    wide: fc.constant(true),
  }),
);

const frame376: fc.Arbitrary<gdw376.Frame376> = fc.record({
  protocol: fc.constantFrom(1, 2),
  control: fc.integer({ min: 0, max: 255 }),
  address: address376,
  afn: fc.integer({ min: 0, max: 0x10 }),
  seq: fc.integer({ min: 0, max: 255 }),
  pn: fc.integer({ min: 0, max: 2040 }),
  fn: fc.integer({ min: 1, max: 248 }),
  data: fc.uint8Array({ maxLength: 80 }),
});

describe('Q/GDW 376.1 frames', () => {
  it('round-trip any frame when the address length is known', () => {
    fc.assert(
      fc.property(frame376, (f) => {
        const bytes = gdw376.encode(f);
        const back = gdw376.decode(bytes, { addressLength: f.address.wide ? 7 : 5 });
        expect(back).toEqual(f);
        expect(gdw376.encode(back)).toEqual(bytes);
      }),
      { numRuns: 1000 },
    );
  });

  it('detect any single corrupted byte', () => {
    fc.assert(
      fc.property(frame376, fc.nat(), fc.integer({ min: 1, max: 255 }), (f, where, delta) => {
        const bytes = gdw376.encode(f);
        const i = where % bytes.length;
        bytes[i] = ((bytes[i] ?? 0) + delta) & 0xff;
        expect(() => gdw376.decode(bytes, { addressLength: f.address.wide ? 7 : 5 })).toThrow(FrameError);
      }),
      { numRuns: 1000 },
    );
  });

  it('code points and items as DA/DT', () => {
    const dt = (fn: number) => hex(Uint8Array.from(gdw376.fnToDt(fn)));
    expect([dt(1), dt(2), dt(3), dt(9), dt(10), dt(11), dt(129), dt(161)]).toEqual([
      '01 00',
      '02 00',
      '04 00',
      '01 01',
      '02 01',
      '04 01',
      '01 10',
      '01 14',
    ]);
    for (let fn = 1; fn <= 248; fn++) expect(gdw376.dtToFn(...gdw376.fnToDt(fn))).toBe(fn);
    for (let pn = 0; pn <= 2040; pn++) expect(gdw376.daToPn(...gdw376.pnToDa(pn))).toBe(pn);
    expect(() => gdw376.fnToDt(0)).toThrow(FrameError);
  });

  it('control and SEQ bytes: named bits 7–4 and the low nibble, every byte back to itself', () => {
    expect(gdw376.parseControl(0xc9)).toEqual({ up: true, prm: true, fcbAcd: false, fcv: false, fn: 9 });
    expect(gdw376.makeControl({ up: false, prm: true, fcbAcd: true, fcv: true, fn: 10 })).toBe(0x7a);
    expect(gdw376.parseSeq(0x93)).toEqual({ tpv: true, fir: false, fin: false, con: true, seq: 3 });
    // FIR and FIN default to a single-frame message.
    expect(gdw376.makeSeq({ seq: 5 })).toBe(0x65);
    for (let b = 0; b <= 0xff; b++) {
      expect(gdw376.makeControl(gdw376.parseControl(b))).toBe(b);
      expect(gdw376.makeSeq(gdw376.parseSeq(b))).toBe(b);
    }
  });

  it('port control word and timeouts', () => {
    expect(gdw376.serialWord(SERIAL)).toBe(0x6b);
    for (const baud of gdw376.BAUD_RATES) {
      for (const parity of ['none', 'even', 'odd'] as const) {
        const s = { baud, parity, dataBits: 7, stopBits: 2 } as const;
        expect(gdw376.parseSerialWord(gdw376.serialWord(s))).toEqual(s);
      }
    }
    expect(gdw376.frameTimeoutByte(10_000)).toBe(0x8a);
    expect(gdw376.frameTimeoutByte(60_000)).toBe(0xbc);
    expect(gdw376.frameTimeoutByte(120_000)).toBe(0xf8);
    expect(gdw376.frameTimeoutByte(500)).toBe(0x32);
    expect(gdw376.frameTimeoutMs(0x32)).toBe(500);
    expect(() => gdw376.frameTimeoutByte(200_000)).toThrow(FrameError);
  });

  it('forward any meter frame with PW and time tag, and its reply', () => {
    fc.assert(
      fc.property(smallFrame, fc.integer({ min: 0, max: 4 }), fc.boolean(), (f, preamble, withPw) => {
        const inner = encodeFrame(f, { preamble });
        const tp = { pfc: 7, second: 1, minute: 2, hour: 3, day: 4, delayMinutes: 5 };
        const req = {
          port: 2,
          serial: SERIAL,
          frameTimeoutMs: 20_000,
          byteTimeoutMs: 50,
          frame: inner,
          ...(withPw ? { pw: new Uint8Array(16).fill(0x11) } : {}),
          tp,
        };
        const request = gdw376.decode(gdw376.encode(gdw376.forwardRequest(T, req, { pseq: 3 })));
        expect(gdw376.parseForwardRequest(request)).toEqual(req);
        const reply = gdw376.decode(gdw376.encode(gdw376.forwardReply(request, 2, inner)));
        expect(gdw376.parseForwardReply(reply)).toEqual({ port: 2, frame: inner });
        expect(gdw376.parseSeq(reply.seq).seq).toBe(3);
      }),
      { numRuns: 300 },
    );
  });

  it('refuse a bad forward request clearly', () => {
    const base = {
      port: 31,
      serial: SERIAL,
      frameTimeoutMs: 10_000,
      byteTimeoutMs: 100,
      frame: new Uint8Array(4),
    };
    expect(() => gdw376.forwardRequest(T, { ...base, port: 0 }, { pseq: 0 })).toThrow(FrameError);
    expect(() => gdw376.forwardRequest(T, { ...base, pw: new Uint8Array(3) }, { pseq: 0 })).toThrow(
      FrameError,
    );
    expect(() =>
      gdw376.forwardRequest(T, { ...base, serial: { ...SERIAL, baud: 115200 } }, { pseq: 0 }),
    ).toThrow(FrameError);
    const inconsistent = gdw376.forwardRequest(T, base, { pseq: 0 });
    expect(() =>
      gdw376.parseForwardRequest({ ...inconsistent, data: inconsistent.data.slice(0, 8) }),
    ).toThrow(FrameError);
  });

  it('a silent meter comes back as an empty forward reply or a deny', () => {
    const request = gdw376.forwardRequest(
      T,
      {
        port: 31,
        serial: SERIAL,
        frameTimeoutMs: 10_000,
        byteTimeoutMs: 100,
        frame: encodeFrame(readRequest('000102030425', DI.FORWARD_ACTIVE_TOTAL)),
      },
      { pseq: 9 },
    );
    expect(gdw376.parseForwardReply(gdw376.forwardReply(request, 31, new Uint8Array()))).toEqual({
      port: 31,
      frame: new Uint8Array(),
    });
    expect(gdw376.isDeny(gdw376.deny(request))).toBe(true);
  });

  it('name what is wrong with a bad frame', () => {
    const login = gdw376.encode(gdw376.login(T, 1));
    expect(() => gdw376.decode(login.slice(0, 10))).toThrow(FrameError);
    const lengths = login.slice();
    lengths[3] = 0x36;
    expect(() => gdw376.decode(lengths)).toThrow(/length fields differ/);
    expect(() =>
      gdw376.decode(fromHex('68 32 00 32 00 68 C9 00 10 4D 04 00 02 75 00 00 01 00 A3 16')),
    ).toThrow(/checksum/);
  });
});

describe('gdw376.Stream', () => {
  it('finds every frame among splits and garbage without 68', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            frame376.filter((f) => !f.address.wide),
            fc.uint8Array({ minLength: 1, maxLength: 20 }),
          ),
          {
            maxLength: 12,
          },
        ),
        fc.array(fc.nat(), { maxLength: 20 }),
        (pieces, cuts) => {
          const parts = pieces.map((p) =>
            p instanceof Uint8Array ? p.map((b) => (b === 0x68 ? 0 : b)) : gdw376.encode(p),
          );
          const frames = pieces.filter((p): p is gdw376.Frame376 => !(p instanceof Uint8Array));
          const bytes = Uint8Array.from(parts.flatMap((p) => [...p]));
          const stream = new gdw376.Stream({ addressLength: 5 });
          const got: gdw376.Frame376[] = [];
          for (const chunk of split(bytes, cuts)) got.push(...stream.push(chunk).frames.map((x) => x.frame));
          expect(got).toEqual(frames);
        },
      ),
      { numRuns: 300 },
    );
  });
});
