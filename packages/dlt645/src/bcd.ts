import { FrameError } from './errors.js';
import { byteAt } from './hex.js';

/**
 * Packed BCD, least significant byte first (the DL/T 645 convention for every multi-byte value).
 * Digit strings are written most significant digit first, as people read them.
 */
export function digitsToBcd(digits: string, length = Math.ceil(digits.length / 2)): Uint8Array {
  if (!/^\d*$/.test(digits)) throw new FrameError('bad-value', `not decimal digits: ${digits}`);
  if (digits.length > 2 * length) {
    throw new FrameError('bad-value', `${digits} does not fit in ${length} BCD bytes`);
  }
  const padded = digits.padStart(2 * length, '0');
  const out = new Uint8Array(length);
  for (let i = 0; i < length; i++) {
    const at = 2 * (length - 1 - i);
    out[i] = Number.parseInt(padded.slice(at, at + 2), 16);
  }
  return out;
}

/** Digit string (most significant first) of LSB-first BCD bytes; throws on a nibble above 9. */
export function bcdToDigits(bytes: Uint8Array): string {
  let s = '';
  for (let i = bytes.length - 1; i >= 0; i--) {
    const b = byteAt(bytes, i);
    if ((b & 0x0f) > 9 || b >> 4 > 9) {
      throw new FrameError('bad-bcd', `byte ${b.toString(16).padStart(2, '0')} is not BCD`);
    }
    s += b.toString(16).padStart(2, '0');
  }
  return s;
}

/** Non-negative integer → `length` BCD bytes, least significant first. */
export function bcdEncode(value: number | bigint | string, length: number): Uint8Array {
  const digits = typeof value === 'string' ? value : value.toString();
  if (typeof value === 'number' && (!Number.isSafeInteger(value) || value < 0)) {
    throw new FrameError('bad-value', `BCD value must be a non-negative integer: ${value}`);
  }
  return digitsToBcd(digits, length);
}

/** LSB-first BCD bytes → integer (up to 15 digits exactly). */
export function bcdDecode(bytes: Uint8Array): number {
  return Number.parseInt(bcdToDigits(bytes) || '0', 10);
}

/** One byte 0..99 → BCD. */
export function toBcdByte(n: number): number {
  if (!Number.isInteger(n) || n < 0 || n > 99) throw new FrameError('bad-value', `not 0..99: ${n}`);
  return ((n / 10) << 4) | (n % 10);
}

export function fromBcdByte(b: number): number {
  if ((b & 0x0f) > 9 || b >> 4 > 9) {
    throw new FrameError('bad-bcd', `byte ${b.toString(16).padStart(2, '0')} is not BCD`);
  }
  return (b >> 4) * 10 + (b & 0x0f);
}
