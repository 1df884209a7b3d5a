import { describe, expect, it } from 'vitest';
import {
  blockToDigits,
  carriedAmounts,
  dateFromTid,
  decodeAmount,
  decodeCurrencyAmount,
  decodeToken,
  digitsToBlock,
  encodeAmount,
  encodeClearCredit,
  encodeClearTamper,
  encodeCredit,
  encodeCurrencyAmount,
  encodeKeyChange,
  encodeManagementRawValue,
  encodeMeterTest,
  encodeSetMaximumOverdraft,
  encodeSetMaximumPhasePowerUnbalanceLimit,
  encodeSetMaximumPowerLimit,
  MAX_AMOUNT_UNITS,
  prepareKey,
  STA_TABLES,
  staDecrypt64,
  staEncrypt64,
  tidFromDate,
  type VendorOverdraftProfile,
  verifyToken,
} from '../src/index.js';
import { prng } from './prng.js';

const RUNS = 150;
const key = (r: ReturnType<typeof prng>) => r.hex(r.pick([16, 32]));

/** RUNS rounds from the seeded generator, each with a fresh decoder key (EA07 or EA11 length) drawn first. */
function eachRandomKey(seed: number, round: (r: ReturnType<typeof prng>, decoderKey: string) => void): void {
  const r = prng(seed);
  for (let i = 0; i < RUNS; i++) round(r, key(r));
}

/** STA written directly from the pseudo-code of sts.md §6.2 with BigInt, bit by bit. */
function referenceSta(k: bigint, d: bigint): bigint {
  const M = (1n << 64n) - 1n;
  const rol = (x: bigint, n: bigint) => ((x << n) | (x >> (64n - n))) & M;
  const ror = (x: bigint, n: bigint) => ((x >> n) | (x << (64n - n))) & M;
  let kr = ror(~k & M, 12n);
  let block = d;
  for (let round = 0; round < 16; round++) {
    let x = 0n;
    for (let n = 0n; n < 16n; n++) {
      const v = Number((block >> (4n * n)) & 15n);
      const s = ((kr >> (4n * n + 3n)) & 1n) === 0n ? STA_TABLES.s1[v]! : STA_TABLES.s2[v]!;
      x |= BigInt(s) << (4n * n);
    }
    block = 0n;
    for (let i = 0; i < 64; i++) if ((x >> BigInt(i)) & 1n) block |= 1n << BigInt(STA_TABLES.p[i]!);
    kr = rol(kr, 1n);
  }
  return block;
}

function refusal(digits: string): string | undefined {
  try {
    digitsToBlock(digits);
    return undefined;
  } catch (e) {
    return (e as { code?: string }).code;
  }
}

describe('building blocks against straightforward references', () => {
  it('table-driven STA equals the bit-by-bit BigInt STA, and decrypts back', () => {
    const r = prng(1);
    for (let i = 0; i < 300; i++) {
      const k = BigInt(`0x${r.hex(16)}`);
      const d = BigInt(`0x${r.hex(16)}`);
      const e = staEncrypt64(k, d);
      expect(e, `key ${k.toString(16)} block ${d.toString(16)}`).toBe(referenceSta(k, d));
      expect(staDecrypt64(k, e)).toBe(d);
    }
  });

  it('20-digit conversion without BigInt equals the BigInt transposition (sts.md §10)', () => {
    const r = prng(2);
    const cases: [number, number, number][] = [
      [3, 0xffffffff, 0xffffffff],
      [0, 0, 0],
      [1, 0, 0x18000000],
      [2, 0xffffffff, 0xe7ffffff],
    ];
    for (let i = 0; i < 5000; i++) cases.push([r.int(0, 3), r.u32(), r.u32()]);
    for (const [cls, hi, lo] of cases) {
      const e = (BigInt(hi) << 32n) | BigInt(lo);
      const b28 = (e >> 28n) & 1n;
      const b27 = (e >> 27n) & 1n;
      const ep = (e & ~(3n << 27n)) | (BigInt(cls) << 27n);
      const t = (b28 << 65n) | (b27 << 64n) | ep;
      const digits = blockToDigits(cls, hi, lo);
      expect(digits).toBe(t.toString().padStart(20, '0'));
      const back = digitsToBlock(digits);
      expect([back.tokenClass, back.hi, back.lo]).toEqual([cls, hi, lo]);
    }
  });

  it('parsing 20 digits without BigInt agrees with BigInt, up to 2^66 − 1 and not beyond', () => {
    const r = prng(6);
    const bad: string[] = [];
    for (let i = 0; i < 5000; i++) {
      let digits = '';
      for (let k = 0; k < 20; k++) digits += String(r.int(0, 9));
      const t = BigInt(digits);
      if (t >= 1n << 66n) {
        if (refusal(digits) !== 'TOKEN_OUT_OF_RANGE') bad.push(digits);
        continue;
      }
      const b = digitsToBlock(digits);
      const e =
        (t & 0xffffffffffffffffn & ~(3n << 27n)) | (((t >> 65n) & 1n) << 28n) | (((t >> 64n) & 1n) << 27n);
      if (
        b.tokenClass !== Number((t >> 27n) & 3n) ||
        BigInt(b.hi) !== e >> 32n ||
        BigInt(b.lo) !== (e & 0xffffffffn)
      ) {
        bad.push(digits);
      }
    }
    expect(bad).toEqual([]);
    expect(() => digitsToBlock('73786976294838206463')).not.toThrow();
    expect(() => digitsToBlock('73786976294838206464')).toThrow(/2\^66/);
  });

  it('every 16-bit amount field re-encodes to itself, and encoding rounds up to the nearest value', () => {
    // Mismatches are collected, not asserted one by one: 85 000 expect() calls would dominate the run.
    const bad: unknown[] = [];
    for (let f = 0; f <= 0xffff; f++) if (encodeAmount(decodeAmount(f)) !== f) bad.push({ f });
    const r = prng(3);
    for (let i = 0; i < 20000; i++) {
      const t = r.int(0, MAX_AMOUNT_UNITS);
      const f = encodeAmount(t);
      const m = f & 0x3fff;
      const e = f >>> 14;
      const previous = m > 0 ? f - 1 : e > 0 ? ((e - 1) << 14) | 0x3fff : undefined;
      if (decodeAmount(f) < t || (previous !== undefined && decodeAmount(previous) >= t)) bad.push({ t, f });
    }
    expect(bad).toEqual([]);
  });

  it('names the carried amounts around any count: exact, between two neighbours, or past the largest', () => {
    expect(carriedAmounts(16383)).toEqual({ lower: 16383, upper: 16383 });
    expect(carriedAmounts(20005)).toEqual({ lower: 20004, upper: 20014 });
    expect(carriedAmounts(180220)).toEqual({ lower: 180214, upper: 180224 });
    expect(carriedAmounts(MAX_AMOUNT_UNITS + 1)).toEqual({ lower: MAX_AMOUNT_UNITS, upper: null });
    const bad: unknown[] = [];
    const r = prng(5);
    for (let i = 0; i < 20000; i++) {
      const t = r.int(0, MAX_AMOUNT_UNITS);
      const { lower, upper } = carriedAmounts(t);
      const carried = (n: number) => decodeAmount(encodeAmount(n)) === n;
      const neighbours = upper !== null && lower <= t && t <= upper && carried(lower) && carried(upper);
      // Nothing carried strictly between the two: the next value up from lower is upper.
      if (!neighbours || (upper !== null && lower < upper && decodeAmount(encodeAmount(lower + 1)) !== upper))
        bad.push({ t });
    }
    expect(bad).toEqual([]);
  });

  it('currency amounts round-trip with sign, rounded up in magnitude', () => {
    const r = prng(4);
    for (let i = 0; i < 2000; i++) {
      const magnitude = BigInt(r.int(0, 2 ** 31)) * BigInt(r.pick([1, 1000, 1000000]));
      const units = r.next() < 0.2 ? -magnitude : magnitude;
      const { sAndE, amountField } = encodeCurrencyAmount(units);
      const back = decodeCurrencyAmount(sAndE, amountField);
      const abs = (x: bigint) => (x < 0n ? -x : x);
      expect(abs(back) >= abs(units)).toBe(true);
      if (units !== 0n) expect(back < 0n).toBe(units < 0n);
    }
  });

  it('TID ↔ date round-trips on every base date', () => {
    const r = prng(5);
    for (const base of [1993, 2014, 2035]) {
      for (let i = 0; i < 300; i++) {
        const tid = r.int(0, 0xffffff);
        const at = dateFromTid(tid, base);
        expect(tidFromDate(at, base)).toBe(tid);
        expect(tidFromDate(new Date(at.getTime() + 59_999), base)).toBe(tid);
      }
    }
  });
});

describe('encode → decode round trips, every class and subclass, random keys', () => {
  it('class 0 credit, subclasses 0–3', () => {
    eachRandomKey(10, (r, decoderKey) => {
      const subclass = r.int(0, 3);
      const rnd = r.int(0, 15);
      const tid = r.int(0, 0xffffff);
      const amountUnits = r.next() < 0.3 ? r.int(0, 16383) : r.int(0, MAX_AMOUNT_UNITS);
      const token = encodeCredit({ decoderKey, subclass, rnd, tid, amountUnits });
      const d = verifyToken(token, decoderKey);
      expect(d).toMatchObject({
        tokenClass: 0,
        subclass,
        rnd,
        tid,
        amountUnits: decodeAmount(encodeAmount(amountUnits)),
      });
    });
  });

  it('class 0 currency credit, subclasses 4–7 (CRC_C)', () => {
    eachRandomKey(11, (r, decoderKey) => {
      const subclass = r.int(4, 7);
      const tid = r.int(0, 0xffffff);
      const amountUnits = BigInt(r.int(0, 2 ** 40));
      const d = verifyToken(encodeCredit({ decoderKey, subclass, tid, amountUnits }), decoderKey);
      expect(d).toMatchObject({ tokenClass: 0, subclass, tid, kind: expect.stringContaining('Currency') });
      expect(BigInt(d.currencyUnits!) >= amountUnits).toBe(true);
    });
  });

  it('class 2 MPL, clear credit, clear tamper, MPPUL, raw 2/2 and 2/7', () => {
    eachRandomKey(12, (r, decoderKey) => {
      const base = { decoderKey, rnd: r.int(0, 15), tid: r.int(0, 0xffffff) };
      const watts = r.int(0, MAX_AMOUNT_UNITS);
      const register = r.int(0, 0xffff);
      const value16 = r.int(0, 0xffff);
      const expectWatts = decodeAmount(encodeAmount(watts));
      expect(verifyToken(encodeSetMaximumPowerLimit({ ...base, watts }), decoderKey)).toMatchObject({
        tokenClass: 2,
        subclass: 0,
        rnd: base.rnd,
        tid: base.tid,
        watts: expectWatts,
      });
      expect(
        verifyToken(encodeSetMaximumPhasePowerUnbalanceLimit({ ...base, watts }), decoderKey),
      ).toMatchObject({
        subclass: 6,
        tid: base.tid,
        rnd: base.rnd,
        watts: expectWatts,
      });
      expect(verifyToken(encodeClearCredit({ ...base, register }), decoderKey)).toMatchObject({
        subclass: 1,
        tid: base.tid,
        register,
      });
      expect(verifyToken(encodeClearTamper(base), decoderKey)).toMatchObject({
        subclass: 5,
        kind: 'clearTamper',
        tid: base.tid,
        value16: '0000',
      });
      const sub = r.pick([2, 7]);
      expect(
        verifyToken(encodeManagementRawValue({ ...base, subclass: sub, value16 }), decoderKey),
      ).toMatchObject({
        subclass: sub,
        tid: base.tid,
        value16: value16.toString(16).toUpperCase().padStart(4, '0'),
      });
    });
  });

  it('class 2 vendor overdraft (subclasses 11–15, every value encoding)', () => {
    eachRandomKey(13, (r, decoderKey) => {
      const profile: VendorOverdraftProfile = {
        name: 'test profile',
        subclass: r.int(11, 15),
        valueEncoding: r.pick(['raw', 'expMantissa', 'bcd'] as const),
        unit: 'currencyMinorUnit',
      };
      const value = profile.valueEncoding === 'bcd' ? r.int(0, 9999) : r.int(0, 0xffff);
      const tid = r.int(0, 0xffffff);
      const token = encodeSetMaximumOverdraft({ decoderKey, tid, value, profile });
      const d = verifyToken(token, decoderKey, { vendorProfiles: [profile] });
      expect(d.kind).toBe('setMaximumOverdraft');
      expect(d.tid).toBe(tid);
      if (profile.valueEncoding === 'expMantissa') expect(d.value).toBe(decodeAmount(encodeAmount(value)));
      else expect(d.value).toBe(value);
      // Without the profile a decoder cannot read it: proprietary and unknown.
      expect(decodeToken(token, decoderKey)).toMatchObject({
        kind: 'proprietary',
        known: false,
        crcOk: true,
      });
    });
  });

  it('class 2 key change: 2 sections (EA07) or 4 (EA11) reassemble the new key', () => {
    const r = prng(14);
    for (let i = 0; i < RUNS; i++) {
      const digits = r.pick([16, 32]);
      const currentDecoderKey = r.hex(digits);
      const newDecoderKey = r.hex(digits);
      const input = {
        currentDecoderKey,
        newDecoderKey,
        newKEN: r.int(0, 255),
        newKRN: r.int(1, 9),
        RO: r.int(0, 1),
        newKT: r.int(0, 3),
        newTI: r.int(0, 99),
        sgc: String(r.int(0, 999999)).padStart(6, '0'),
      };
      const tokens = encodeKeyChange(input);
      expect(tokens).toHaveLength(digits === 16 ? 2 : 4);
      const [s1, s2, s3, s4] = tokens.map((t) => verifyToken(t, currentDecoderKey));
      expect(s1).toMatchObject({
        subclass: 3,
        KENHO: input.newKEN >> 4,
        KRN: input.newKRN,
        RO: input.RO,
        KT: input.newKT,
      });
      expect(s2).toMatchObject({ subclass: 4, KENLO: input.newKEN & 15, TI: input.newTI });
      const assembled =
        digits === 16 ? s1!.NKHO! + s2!.NKLO! : s1!.NKHO! + s3!.keyWord! + s4!.keyWord! + s2!.NKLO!;
      expect(assembled).toBe(newDecoderKey);
      if (digits === 32) expect(s4!.SGCHO! * 4096 + s3!.SGCLO!).toBe(Number(input.sgc));
    }
  });

  it('class 1 meter test, subclasses 0 and 1 (no key needed to decode)', () => {
    const r = prng(15);
    for (let i = 0; i < RUNS; i++) {
      const subclass = r.int(0, 1);
      const control = subclass === 0 ? r.int(0, 2 ** 36 - 1) : r.int(0, 2 ** 28 - 1);
      const mfrCode = subclass === 0 ? r.int(0, 255) : r.int(0, 65535);
      const token = encodeMeterTest({ subclass, controlHex: control.toString(16), mfrCode });
      expect(verifyToken(token)).toMatchObject({
        tokenClass: 1,
        subclass,
        kind: 'meterTest',
        control: control.toString(16).toUpperCase(),
        mfrCode,
      });
    }
  });
});

describe('a corrupted digit fails the CRC', () => {
  it('changing any one digit of a valid token is never accepted', () => {
    const r = prng(20);
    let tried = 0;
    for (let i = 0; i < 400; i++) {
      const decoderKey = key(r);
      const prepared = prepareKey(decoderKey);
      const token = encodeCredit({
        decoderKey: prepared,
        subclass: r.int(0, 3),
        tid: r.int(0, 0xffffff),
        amountUnits: r.int(0, 99999),
      });
      const pos = r.int(0, 19);
      const digit = (Number(token[pos]) + r.int(1, 9)) % 10;
      const corrupted = token.slice(0, pos) + digit + token.slice(pos + 1);
      let accepted = false;
      try {
        accepted = decodeToken(corrupted, prepared).crcOk;
      } catch {
        accepted = false; // ≥ 2^66 or class 3: refused before the CRC
      }
      tried++;
      expect(accepted, `${token} → ${corrupted}`).toBe(false);
    }
    expect(tried).toBe(400);
  });

  it('a token decoded with another meter key fails the CRC', () => {
    const r = prng(21);
    for (let i = 0; i < 200; i++) {
      const token = encodeCredit({
        decoderKey: r.hex(16),
        subclass: 0,
        tid: r.int(0, 0xffffff),
        amountUnits: 10,
      });
      expect(decodeToken(token, r.hex(16)).crcOk).toBe(false);
    }
  });
});
