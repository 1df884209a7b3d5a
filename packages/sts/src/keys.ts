import { StsError } from './errors.js';
import { hexToBytes } from './hex.js';
import { type Misty1Key, misty1Decrypt, misty1Encrypt, misty1KeySchedule } from './misty1.js';
import { type StaCipher, type StaKeySchedule, staCipher, staSampleCipher } from './sta.js';

/**
 * Decoder keys (sts.md §7.1) are kept as hex in natural order: 16 digits = 64-bit EA07 (STA)
 * key, 32 digits = 128-bit EA11 (MISTY1) key. A PreparedKey holds the expanded key schedule, so a
 * vending loop for one meter pays the key set-up once.
 */

export type EncryptionAlgorithm = '07' | '11';

export interface PreparedKey {
  readonly ea: EncryptionAlgorithm;
  /** Encrypts the 64-bit block (hi = bits 63..32, lo = bits 31..0) into out[0], out[1]. */
  encrypt(hi: number, lo: number, out: Int32Array): void;
  decrypt(hi: number, lo: number, out: Int32Array): void;
}

class StaKey implements PreparedKey {
  readonly ea = '07' as const;
  private readonly ks: StaKeySchedule;
  constructor(
    private readonly cipher: StaCipher,
    hi: number,
    lo: number,
  ) {
    this.ks = cipher.schedule(hi, lo);
  }
  encrypt(hi: number, lo: number, out: Int32Array): void {
    this.cipher.encrypt(this.ks, hi, lo, out);
  }
  decrypt(hi: number, lo: number, out: Int32Array): void {
    this.cipher.decrypt(this.ks, hi, lo, out);
  }
}

class MistyKey implements PreparedKey {
  readonly ea = '11' as const;
  constructor(private readonly ek: Misty1Key) {}
  encrypt(hi: number, lo: number, out: Int32Array): void {
    misty1Encrypt(this.ek, hi, lo, out);
  }
  decrypt(hi: number, lo: number, out: Int32Array): void {
    misty1Decrypt(this.ek, hi, lo, out);
  }
}

const HEX = /^[0-9a-fA-F]+$/;

/** Validates a decoder key and returns its algorithm (by length). */
export function checkDecoderKey(hex: unknown, field = 'decoderKey'): EncryptionAlgorithm {
  if (typeof hex !== 'string' || !HEX.test(hex) || (hex.length !== 16 && hex.length !== 32)) {
    const got = typeof hex === 'string' ? `${hex.length} characters` : typeof hex;
    throw new StsError(
      'INVALID_KEY',
      `${field} must be 16 hex digits (64-bit key, EA07) or 32 hex digits (128-bit key, EA11); got ${got}`,
      field,
    );
  }
  return hex.length === 16 ? '07' : '11';
}

/** Expands a decoder key. `sampleTables` selects the IEC sample STA tables (worked example only). */
export function prepareKey(hex: string, field = 'decoderKey', sampleTables = false): PreparedKey {
  const ea = checkDecoderKey(hex, field);
  if (ea === '07') {
    const cipher = sampleTables ? staSampleCipher() : staCipher();
    return new StaKey(cipher, Number.parseInt(hex.slice(0, 8), 16), Number.parseInt(hex.slice(8), 16));
  }
  return new MistyKey(misty1KeySchedule(hexToBytes(hex)));
}

export function isPreparedKey(k: unknown): k is PreparedKey {
  return k instanceof StaKey || k instanceof MistyKey;
}

/** Accepts either hex or an already prepared key. */
export function toPreparedKey(key: string | PreparedKey, field = 'decoderKey'): PreparedKey {
  return typeof key === 'string' ? prepareKey(key, field) : key;
}

/**
 * Nectar, its forks and the Dart port store keys byte-reversed (sts.md §7.1). Convert on import:
 * `6FF35B9D1F3453E6` ↔ `E653341F9D5BF36F`. The conversion is its own inverse.
 */
export function reverseKeyBytes(hex: string): string {
  checkDecoderKey(hex);
  return (hex.match(/../g) ?? []).reverse().join('').toUpperCase();
}
