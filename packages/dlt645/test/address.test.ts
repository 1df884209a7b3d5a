import { describe, expect, it } from 'vitest';
import {
  addressFromBytes,
  addressMatches,
  addressToBytes,
  fromHex,
  hex,
  meterAddress,
} from '../src/index.js';
import { errorCode } from './frame-error.js';

describe('addresses', () => {
  it('go lowest pair first on the wire', () => {
    expect(hex(addressToBytes('000102030425'))).toBe('25 04 03 02 01 00');
    expect(addressFromBytes(fromHex('25 04 03 02 01 00'))).toBe('000102030425');
  });

  it('pad an STS meter number to 12 digits', () => {
    expect(meterAddress('47100000003')).toBe('047100000003');
    expect(errorCode(() => meterAddress('1234567890123'))).toBe('bad-address');
    expect(errorCode(() => meterAddress('12a'))).toBe('bad-address');
  });

  it('match wildcards nibble by nibble', () => {
    expect(addressMatches('AAAAAAAAAAAA', '000102030425')).toBe(true);
    expect(addressMatches('AAAAAA030425', '000102030425')).toBe(true);
    expect(addressMatches('AAAAAA030426', '000102030425')).toBe(false);
    expect(addressMatches('000102030425', '000102030425')).toBe(true);
  });
});
