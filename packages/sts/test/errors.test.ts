import { describe, expect, it } from 'vitest';
import {
  decimalToUnits,
  decodeToken,
  dkga02,
  dkga04,
  encodeBlock,
  encodeClearCredit,
  encodeCredit,
  encodeKeyChange,
  encodeMeterTest,
  encodeSetMaximumOverdraft,
  encodeSetMaximumPowerLimit,
  MemoryKeyStore,
  normalizeToken,
  parseMeterPan,
  prepareKey,
  runOp,
  StsError,
  type StsErrorCode,
  tidFromDate,
  verifyToken,
} from '../src/index.js';
import { EA11_KEYS, KEY_CHANGE_FIELDS } from './key-change.js';

const KEY = 'E653341F9D5BF36F';
const PAN = '600727000000000009';
const base = { decoderKey: KEY, rnd: 5, tid: 5871715 };
const dk02 = { vendingKey: 'ABABABABABABABAB', meterPAN: PAN, kt: 2, sgc: '123456', ti: '01', krn: 1 };

/** Calls fn and returns the StsError it throws (failing the test if it throws anything else). */
async function caught(fn: () => unknown): Promise<StsError> {
  try {
    await fn();
  } catch (e) {
    expect(e).toBeInstanceOf(StsError);
    return e as StsError;
  }
  throw new Error('expected an StsError, nothing was thrown');
}

/**
 * At least one way to hit every error code. Typed as a Record over StsErrorCode, so adding a code
 * without a negative test does not compile.
 */
const CASES: Record<StsErrorCode, [string, () => unknown][]> = {
  INVALID_KEY: [
    [
      'a 15-digit decoder key',
      () => encodeCredit({ ...base, decoderKey: 'E653341F9D5BF36', subclass: 0, amountUnits: 1 }),
    ],
    ['a non-hex decoder key', () => prepareKey('G653341F9D5BF36F')],
    ['a 24-digit key', () => prepareKey('E653341F9D5BF36FE653341F')],
    ['decoding class 2 without a key', () => decodeToken('37037300014464855694')],
  ],
  INVALID_HEX: [
    ['a vending key with 15 digits', () => dkga02({ ...dk02, vendingKey: 'ABABABABABABABA' })],
    [
      'body44Hex too short',
      () => runOp({ op: 'encodeBlock', decoderKey: KEY, class: 0, subclass: 0, body44Hex: '55' }),
    ],
    ['register not hex', () => encodeClearCredit({ ...base, register: 'XYZ' })],
  ],
  INVALID_PAN: [
    ['22 digits (NEG-PAN-1)', () => parseMeterPan('1234567890411111111113')],
    ['letters', () => parseMeterPan('60072700000000000A')],
  ],
  PAN_CHECK_DIGIT: [
    ['wrong PAN check digit', () => parseMeterPan('600727000000000008')],
    ['wrong meter-number (DRN) check digit', () => parseMeterPan('600727000000000017')],
  ],
  INVALID_SGC: [
    ['5-digit SGC', () => dkga02({ ...dk02, sgc: '12345' })],
    [
      '128-bit key change without SGC',
      () =>
        encodeKeyChange({
          currentDecoderKey: EA11_KEYS.current,
          newDecoderKey: EA11_KEYS.next,
          ...KEY_CHANGE_FIELDS,
          newTI: 2,
        }),
    ],
  ],
  INVALID_FIELD: [
    ['rnd 16', () => encodeCredit({ ...base, rnd: 16, subclass: 0, amountUnits: 1 })],
    ['KRN 0', () => dkga02({ ...dk02, krn: 0 })],
    ['KT 4', () => dkga02({ ...dk02, kt: 4 })],
    [
      'newKEN 256',
      () =>
        encodeKeyChange({
          currentDecoderKey: KEY,
          newDecoderKey: KEY,
          newKEN: 256,
          newKRN: 1,
          RO: 0,
          newKT: 2,
          newTI: 1,
        }),
    ],
    ['MfrCode 256 in subclass 0', () => encodeMeterTest({ subclass: 0, controlHex: '1', mfrCode: 256 })],
    [
      'control wider than 28 bits in subclass 1',
      () => encodeMeterTest({ subclass: 1, controlHex: '10000000', mfrCode: 0 }),
    ],
    ['register 65536', () => encodeClearCredit({ ...base, register: 65536 })],
  ],
  AMOUNT_OUT_OF_RANGE: [
    ['18 201 625 units', () => encodeCredit({ ...base, subclass: 0, amountUnits: 18201625 })],
    ['MPL of 20 MW', () => encodeSetMaximumPowerLimit({ ...base, watts: 20_000_000 })],
  ],
  INVALID_AMOUNT: [
    ['negative units', () => encodeCredit({ ...base, subclass: 0, amountUnits: -1 })],
    ['fractional units', () => encodeCredit({ ...base, subclass: 0, amountUnits: 1.5 })],
    ['a decimal with a comma', () => decimalToUnits('12,5', 1)],
  ],
  TID_OUT_OF_RANGE: [
    ['TID 2^24', () => encodeCredit({ ...base, tid: 2 ** 24, subclass: 0, amountUnits: 1 })],
    ['TID −1', () => encodeCredit({ ...base, tid: -1, subclass: 0, amountUnits: 1 })],
  ],
  TID_BEFORE_BASE_DATE: [['2013-12-31 23:59 on base 2014', () => tidFromDate('2013-12-31 23:59', 2014)]],
  TID_BEYOND_BASE_DATE: [['2024-11-24 20:16 on base 1993', () => tidFromDate('2024-11-24 20:16', 1993)]],
  KEY_EXPIRED: [
    [
      'TID block 90 > KEN 85',
      () => encodeCredit({ ...base, tid: 5916090, ken: 85, subclass: 0, amountUnits: 1 }),
    ],
  ],
  INVALID_BASE_DATE: [['base year 2000', () => tidFromDate('2020-01-01 00:00', 2000)]],
  INVALID_DATE: [
    ['30 February', () => tidFromDate('2024-02-30 10:00', 2014)],
    ['not a date', () => tidFromDate('yesterday', 2014)],
  ],
  UNKNOWN_CLASS: [
    ['decoding a class 3 token', () => decodeToken('00000000000402653184', KEY)],
    [
      'encodeBlock class 3',
      () => runOp({ op: 'encodeBlock', decoderKey: KEY, class: 3, subclass: 0, body44Hex: '00000000000' }),
    ],
  ],
  UNKNOWN_SUBCLASS: [
    ['credit subclass 9', () => encodeCredit({ ...base, subclass: 9, amountUnits: 1 })],
    ['meter test subclass 2', () => encodeMeterTest({ subclass: 2, controlHex: '1', mfrCode: 0 })],
    [
      'verifying a reserved class 0 subclass',
      () => verifyToken(encodeBlock(prepareKey(KEY), 0, 9, 0x5599863, 1), KEY),
    ],
  ],
  INVALID_TOKEN: [
    ['19 digits', () => normalizeToken('2371610050118319419')],
    ['letters', () => decodeToken('2371610050118319419X', KEY)],
  ],
  TOKEN_OUT_OF_RANGE: [['20 nines (≥ 2^66)', () => decodeToken('99999999999999999999', KEY)]],
  CRC_MISMATCH: [
    ['verifying with another meter key', () => verifyToken('23716100501183194197', '0ABC12DEF3456789')],
  ],
  KEY_MISMATCH: [
    [
      'a 128-bit new key under a 64-bit current key',
      () =>
        encodeKeyChange({
          currentDecoderKey: KEY,
          newDecoderKey: EA11_KEYS.next,
          ...KEY_CHANGE_FIELDS,
          newTI: 2,
          sgc: '123457',
        }),
    ],
    [
      'encodeBlock ea 11 with a 16-digit key',
      () =>
        runOp({
          op: 'encodeBlock',
          ea: '11',
          decoderKey: KEY,
          class: 0,
          subclass: 0,
          body44Hex: '559982C0001',
        }),
    ],
  ],
  NO_VENDOR_PROFILE: [
    ['overdraft without a profile', () => encodeSetMaximumOverdraft({ ...base, value: 500 })],
    ['overdraft op without a profile', () => runOp({ op: 'setMaximumOverdraft', ...base, value: 500 })],
  ],
  INVALID_VENDOR_PROFILE: [
    [
      'a profile on a standard subclass',
      () =>
        encodeSetMaximumOverdraft({
          ...base,
          value: 1,
          profile: { name: 'x', subclass: 5, valueEncoding: 'raw', unit: '0.1kWh' },
        }),
    ],
  ],
  KEY_NOT_FOUND: [
    [
      'deriving with an unknown vending key',
      () => new MemoryKeyStore().deriveDecoderKey({ sgc: '123456', krn: 1, meterPAN: PAN, kt: 2, ti: '01' }),
    ],
  ],
  UNKNOWN_OP: [['op "vend"', () => runOp({ op: 'vend' })]],
  INVALID_REQUEST: [
    ['a request that is an array', () => runOp([1, 2])],
    ['credit without an amount', () => runOp({ op: 'credit', ...base, subclass: 0 })],
  ],
};

describe('typed errors', () => {
  for (const [code, cases] of Object.entries(CASES)) {
    describe(code, () => {
      it.each(cases)('%s', async (_label, fn) => {
        const e = await caught(fn);
        expect(e.code).toBe(code);
        expect(e.message.length).toBeGreaterThan(10);
      });
    });
  }

  it('messages name the problem clearly', async () => {
    expect((await caught(() => prepareKey('ABC'))).message).toMatch(/16 hex digits .* or 32 hex digits/);
    expect((await caught(() => parseMeterPan('600727000000000008'))).message).toMatch(/Luhn/);
    expect(
      (await caught(() => encodeCredit({ ...base, subclass: 0, amountUnits: 18201625 }))).message,
    ).toMatch(/18201624/);
    const expired = await caught(() =>
      encodeCredit({ ...base, tid: 5916090, ken: 85, subclass: 0, amountUnits: 1 }),
    );
    expect(expired.message).toMatch(/KEN 85/);
    expect(expired.field).toBe('tid');
    expect(
      (await caught(() => dkga04({ ...dk02, vendingKey160: 'AB', baseDate: '93', ea: '07' }))).field,
    ).toBe('vendingKey160');
  });
});
