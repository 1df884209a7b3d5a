import { describe, expect, it } from 'vitest';
import {
  bytesEqual,
  CodedError,
  concatBytes,
  fromHex,
  hex,
  reflectedCrc16Step,
  reflectedCrc16Table,
} from '../src/index.js';

const CHECK_TEXT = new TextEncoder().encode('123456789');

/** The register after `bytes` from 0xFFFF, as both protocols start. */
function register(table: Uint16Array, bytes: Uint8Array): number {
  let crc = 0xffff;
  for (const b of bytes) crc = reflectedCrc16Step(table, crc, b);
  return crc;
}

describe('hex text', () => {
  it('writes upper-case pairs, spaced unless told otherwise', () => {
    const bytes = Uint8Array.of(0x68, 0x0a, 0xff, 0);
    expect(hex(bytes)).toBe('68 0A FF 00');
    expect(hex(bytes, '')).toBe('680AFF00');
    expect(hex(new Uint8Array())).toBe('');
  });

  it('reads pairs through spaces, colons, dashes and a 0x prefix', () => {
    expect(fromHex('0x68 0a:FF-00')).toEqual(Uint8Array.of(0x68, 0x0a, 0xff, 0));
    expect(fromHex('')).toEqual(new Uint8Array());
  });

  it('refuses half bytes and non-hex text with the error its caller makes', () => {
    expect(() => fromHex('ABC')).toThrow(RangeError);
    expect(() => fromHex('GG')).toThrow('not a whole number of hex bytes: GG');
    const refused = (() => {
      try {
        fromHex('12 3', (message) => new CodedError('bad-hex', message));
      } catch (e) {
        return e;
      }
    })();
    expect(refused).toBeInstanceOf(CodedError);
    expect(refused).toMatchObject({ code: 'bad-hex', message: 'not a whole number of hex bytes: 12 3' });
  });
});

describe('byte arrays', () => {
  it('joins parts in order', () => {
    expect(concatBytes(Uint8Array.of(1), new Uint8Array(), Uint8Array.of(2, 3))).toEqual(
      Uint8Array.of(1, 2, 3),
    );
    expect(concatBytes()).toEqual(new Uint8Array());
  });

  it('compares lengths and every byte', () => {
    expect(bytesEqual(Uint8Array.of(1, 2), Uint8Array.of(1, 2))).toBe(true);
    expect(bytesEqual(Uint8Array.of(1, 2), Uint8Array.of(1, 3))).toBe(false);
    expect(bytesEqual(Uint8Array.of(1, 2), Uint8Array.of(1, 2, 0))).toBe(false);
  });
});

describe('reflected CRC-16', () => {
  it('gives the catalogued check values of CRC-16/X-25 and CRC-16/MODBUS over "123456789"', () => {
    // X-25 complements the register at the end; MODBUS takes it as it is.
    expect(register(reflectedCrc16Table(0x8408), CHECK_TEXT) ^ 0xffff).toBe(0x906e);
    expect(register(reflectedCrc16Table(0xa001), CHECK_TEXT)).toBe(0x4b37);
  });

  it('builds the published table entries', () => {
    const modbus = reflectedCrc16Table(0xa001);
    expect([modbus[0], modbus[1], modbus[2], modbus[255]]).toEqual([0x0000, 0xc0c1, 0xc181, 0x4040]);
    const x25 = reflectedCrc16Table(0x8408);
    expect([x25[0], x25[1], x25[128], x25[255]]).toEqual([0x0000, 0x1189, 0x8408, 0x0f78]);
  });
});
