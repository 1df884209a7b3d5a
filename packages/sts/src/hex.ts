import { hex } from '@prepay/bytes';
import { StsError } from './errors.js';

/** Parses a hex string (no prefix, any case) of exactly `digits` digits into a bigint. */
export function parseHex(value: unknown, digits: number, field: string): bigint {
  if (typeof value !== 'string' || value.length !== digits || !/^[0-9a-fA-F]+$/.test(value)) {
    throw new StsError('INVALID_HEX', `${field} must be ${digits} hex digits`, field);
  }
  return BigInt(`0x${value}`);
}

/** Parses a hex string of 1..maxDigits digits (fields like "FFFF" or "A"). */
export function parseHexUpTo(value: unknown, maxDigits: number, field: string): number {
  if (
    typeof value !== 'string' ||
    value.length < 1 ||
    value.length > maxDigits ||
    !/^[0-9a-fA-F]+$/.test(value)
  ) {
    throw new StsError('INVALID_HEX', `${field} must be 1 to ${maxDigits} hex digits`, field);
  }
  return Number.parseInt(value, 16);
}

export function toHex(value: bigint | number, digits: number): string {
  return value.toString(16).toUpperCase().padStart(digits, '0');
}

export function hexToBytes(hex: string): Uint8Array {
  const out = new Uint8Array(hex.length >> 1);
  for (let i = 0; i < out.length; i++) out[i] = Number.parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return out;
}

export function bytesToHex(bytes: Uint8Array): string {
  return hex(bytes, '');
}

export function bigintToBytes(value: bigint, length: number): Uint8Array {
  const out = new Uint8Array(length);
  let v = value;
  for (let i = length - 1; i >= 0; i--) {
    out[i] = Number(v & 0xffn);
    v >>= 8n;
  }
  return out;
}

export function bytesToBigint(bytes: Uint8Array): bigint {
  let v = 0n;
  for (const b of bytes) v = (v << 8n) | BigInt(b);
  return v;
}

/** Checks that an integer field lies in [min, max]; the message names the field and the range. */
export function checkInt(value: unknown, min: number, max: number, field: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw new StsError('INVALID_FIELD', `${field} must be an integer from ${min} to ${max}`, field);
  }
  return value;
}
