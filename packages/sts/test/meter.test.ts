import { describe, expect, it } from 'vitest';
import {
  acceptToken,
  createMeterState,
  encodeClearTamper,
  encodeCredit,
  encodeKeyChange,
  encodeMeterTest,
  encodeSetMaximumOverdraft,
  encodeSetMaximumPowerLimit,
  type MeterSecurityState,
  type VendorOverdraftProfile,
} from '../src/index.js';
import { EA11_KEYS, KEY_CHANGE_FIELDS } from './key-change.js';

const KEY = 'E653341F9D5BF36F';
const NEW_KEY = '060B8643C59A27F1';
const T0 = Date.UTC(2024, 0, 1);
const meter = (over: Partial<MeterSecurityState['key']> = {}, tidMemorySize = 5) =>
  createMeterState({ decoderKey: KEY, ken: 255, kt: 2, krn: 1, ti: 1, ...over }, 0x11, {
    manufacturingTid: 1000,
    tidMemorySize,
  });
const credit = (tid: number, decoderKey = KEY) =>
  encodeCredit({ decoderKey, subclass: 0, tid, amountUnits: 256 });

describe('meter-side acceptance (sts.md §12)', () => {
  it('accepts a credit once, then reports USED; the effect carries the units', () => {
    let s = meter();
    const first = acceptToken(s, credit(5000), T0);
    expect(first.outcome).toMatchObject({
      result: 'accept',
      code: 1,
      effect: { type: 'credit', subclass: 0, units: 256 },
    });
    s = first.state;
    expect(s.usedTids).toEqual([1000, 5000]);
    expect(acceptToken(s, credit(5000), T0).outcome).toMatchObject({ result: 'used', code: 10 });
  });

  it('refuses a TID older than the oldest remembered one as OLD, and forgets the oldest when full', () => {
    let s = meter();
    expect(acceptToken(s, credit(999), T0).outcome.result).toBe('old');
    for (const tid of [2000, 3000, 4000, 5000, 6000]) s = acceptToken(s, credit(tid), T0).state;
    expect(s.usedTids).toEqual([2000, 3000, 4000, 5000, 6000]);
    expect(acceptToken(s, credit(1500), T0).outcome.result).toBe('old');
    // Out of order but newer than the oldest: accepted.
    expect(acceptToken(s, credit(2500), T0).outcome.result).toBe('accept');
  });

  it('checks in the standard order: CRC, then KEN, then DDTK', () => {
    expect(acceptToken(meter(), credit(5000, NEW_KEY), T0).outcome).toMatchObject({
      result: 'crc',
      code: 13,
    });
    expect(acceptToken(meter({ ken: 0 }), credit(70000), T0).outcome).toMatchObject({
      result: 'keyExpired',
      code: 11,
    });
    expect(acceptToken(meter({ kt: 1 }), credit(5000), T0).outcome).toMatchObject({
      result: 'ddtk',
      code: 12,
    });
    // A DDTK meter still takes management tokens.
    const mpl = encodeSetMaximumPowerLimit({ decoderKey: KEY, tid: 5000, watts: 5000 });
    expect(acceptToken(meter({ kt: 1 }), mpl, T0).outcome).toMatchObject({
      result: 'accept',
      effect: { type: 'setMaximumPowerLimit', watts: 5000 },
    });
  });

  it('reports garbage as a format error and never throws', () => {
    expect(acceptToken(meter(), '1234', T0).outcome.result).toBe('format');
    expect(acceptToken(meter(), '99999999999999999999', T0).outcome.result).toBe('format');
  });

  it('class 1: own MfrCode or the generic 0; others are a MfrCode mismatch', () => {
    const own = encodeMeterTest({ subclass: 0, controlHex: '1', mfrCode: 0x11 });
    const generic = encodeMeterTest({ subclass: 0, controlHex: '2', mfrCode: 0 });
    const other = encodeMeterTest({ subclass: 1, controlHex: '1', mfrCode: 4242 });
    expect(acceptToken(meter(), own, T0).outcome.effect).toEqual({
      type: 'meterTest',
      subclass: 0,
      control: '1',
    });
    expect(acceptToken(meter(), generic, T0).outcome.result).toBe('accept');
    expect(acceptToken(meter(), generic, T0, { acceptGenericMfrCode: false }).outcome.result).toBe(
      'mfrCodeMismatch',
    );
    expect(acceptToken(meter(), other, T0).outcome).toMatchObject({ result: 'mfrCodeMismatch', code: 14 });
  });

  it('key change: either order, installs key, KEN, KT, KRN, TI; old tokens then fail the CRC', () => {
    const [first, second] = encodeKeyChange({
      currentDecoderKey: KEY,
      newDecoderKey: NEW_KEY,
      newKEN: 200,
      newKRN: 2,
      RO: 0,
      newKT: 2,
      newTI: 7,
    });
    for (const order of [
      [first!, second!],
      [second!, first!],
    ]) {
      let s = acceptToken(meter(), credit(5000), T0).state;
      const a = acceptToken(s, order[0]!, T0);
      expect(a.outcome.code).toBe(order[0] === first ? 2 : 3);
      s = a.state;
      const b = acceptToken(s, order[1]!, T0 + 60_000);
      expect(b.outcome).toMatchObject({ result: 'accept', effect: { type: 'keyChanged', rollover: false } });
      s = b.state;
      expect(s.key).toEqual({ decoderKey: NEW_KEY, ken: 200, kt: 2, krn: 2, ti: 7 });
      expect(s.pendingKeyChange).toBeUndefined();
      expect(s.usedTids).toEqual([1000, 5000]); // RO = 0 keeps the TID memory
      expect(acceptToken(s, credit(6000), T0).outcome.result).toBe('crc');
      expect(acceptToken(s, credit(6000, NEW_KEY), T0).outcome.result).toBe('accept');
    }
  });

  it('key change: a section left waiting past the window is dropped', () => {
    const [first, second] = encodeKeyChange({
      currentDecoderKey: KEY,
      newDecoderKey: NEW_KEY,
      ...KEY_CHANGE_FIELDS,
      newTI: 1,
    });
    const s = acceptToken(meter(), first!, T0).state;
    const late = acceptToken(s, second!, T0 + 11 * 60_000);
    expect(late.outcome.result).toBe('secondKeyChangeReceived');
    expect(late.state.key.decoderKey).toBe(KEY);
    expect(acceptToken(s, second!, T0 + 11 * 60_000, { keyChangeWindowMs: 20 * 60_000 }).outcome.result).toBe(
      'accept',
    );
  });

  it('key change: RO = 1 clears the TID memory; a change to DITK is a key-type error', () => {
    const rollover = encodeKeyChange({
      currentDecoderKey: KEY,
      newDecoderKey: NEW_KEY,
      newKEN: 255,
      newKRN: 5,
      RO: 1,
      newKT: 2,
      newTI: 1,
    });
    let s = acceptToken(meter(), credit(5000), T0).state;
    for (const t of rollover) s = acceptToken(s, t, T0).state;
    expect(s.usedTids).toEqual([]);
    expect(s.key.krn).toBe(5);

    const toDitk = encodeKeyChange({
      currentDecoderKey: KEY,
      newDecoderKey: NEW_KEY,
      newKEN: 255,
      newKRN: 1,
      RO: 0,
      newKT: 0,
      newTI: 1,
    });
    let d = meter();
    d = acceptToken(d, toDitk[0]!, T0).state;
    const r = acceptToken(d, toDitk[1]!, T0);
    expect(r.outcome).toMatchObject({ result: 'keyTypeError', code: 5 });
    expect(r.state.key.decoderKey).toBe(KEY);
  });

  it('key change for a 128-bit (EA11) meter needs all four sections and carries the SGC', () => {
    const { current, next } = EA11_KEYS;
    let s = createMeterState({ decoderKey: current, ken: 255, kt: 2, krn: 1, ti: 1 }, 0);
    const tokens = encodeKeyChange({
      currentDecoderKey: current,
      newDecoderKey: next,
      ...KEY_CHANGE_FIELDS,
      newTI: 2,
      sgc: '123457',
    });
    const results = tokens.map((t) => {
      const r = acceptToken(s, t, T0);
      s = r.state;
      return r.outcome.result;
    });
    expect(results).toEqual([
      'firstKeyChangeReceived',
      'secondKeyChangeReceived',
      'secondKeyChangeReceived',
      'accept',
    ]);
    expect(s.key).toMatchObject({ decoderKey: next, sgc: 123457, ti: 2 });
    expect(
      acceptToken(s, encodeCredit({ decoderKey: next, subclass: 1, tid: 9000, amountUnits: 10 }), T0).outcome
        .effect,
    ).toEqual({
      type: 'credit',
      subclass: 1,
      units: 10,
    });
  });

  it('vendor tokens are "function not supported" unless the model has the profile', () => {
    const profile: VendorOverdraftProfile = {
      name: 'vendor X overdraft',
      subclass: 12,
      valueEncoding: 'raw',
      unit: 'currencyMinorUnit',
    };
    const token = encodeSetMaximumOverdraft({ decoderKey: KEY, tid: 5000, value: 2500, profile });
    expect(acceptToken(meter(), token, T0).outcome).toMatchObject({
      result: 'functionNotSupported',
      code: 8,
    });
    expect(acceptToken(meter(), token, T0, { vendorProfiles: [profile] }).outcome.effect).toEqual({
      type: 'setMaximumOverdraft',
      value: 2500,
      profile: 'vendor X overdraft',
    });
    expect(
      acceptToken(meter(), encodeClearTamper({ decoderKey: KEY, tid: 5000 }), T0).outcome.effect,
    ).toEqual({ type: 'clearTamper' });
  });
});
