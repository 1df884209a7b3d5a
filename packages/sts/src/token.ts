import { blockCrc } from './crc.js';
import { StsError } from './errors.js';
import type { PreparedKey } from './keys.js';

/**
 * The 66-bit token and its 20-digit form (sts.md §2.1, §10). A data block is two 32-bit words:
 * hi = bits 63..32 (SubClass and the top 28 payload bits), lo = bits 31..0 (the low 16 payload bits
 * and the CRC). The 2-bit class is transposed into bits 28..27 of the encrypted block, and the two
 * bits it displaces become bits 65..64.
 */

export const MAX_TOKEN = 73786976294838206463n; // 2^66 − 1

const scratch = new Int32Array(2);

/** The plain data block: SubClass(4) | payload(44) | CRC(16). `top28` = payload bits 43..16. */
export function buildBlock(
  tokenClass: number,
  subclass: number,
  top28: number,
  low16: number,
  crcC: boolean,
  out: Int32Array,
): void {
  const hi = ((subclass << 28) | top28) >>> 0;
  const loTop = (low16 << 16) >>> 0;
  out[0] = hi;
  out[1] = loTop | blockCrc(tokenClass, hi, loTop, crcC);
}

/** "0000".."9999": the token is written as five 4-digit groups, so rendering is 5 lookups. */
const GROUPS: string[] = Array.from({ length: 10000 }, (_, i) => String(i).padStart(4, '0'));
/** Four digits of n (0 ≤ n < 10000) from the table; the fallback only satisfies the type. */
const group = (n: number): string => GROUPS[n] ?? String(n).padStart(4, '0');

/**
 * 20-digit token from the transmitted block. No BigInt: the 66-bit value is split into base-1e10
 * limbs with products that stay below 2^53, then into 4-digit groups (Number→string of a
 * 10-digit double is the slowest step otherwise).
 */
export function blockToDigits(tokenClass: number, hi: number, lo: number): string {
  const h = hi >>> 0;
  const l = lo >>> 0;
  const top2 = (((l >>> 28) & 1) << 1) | ((l >>> 27) & 1);
  const low = ((l & ~0x18000000) | ((tokenClass & 3) << 27)) >>> 0;
  const hH = h >>> 16;
  const hL = h & 0xffff;
  // T = top2·2^64 + hH·2^48 + hL·2^32 + low, with 2^64 = 1844674407·1e10 + 3709551616 and
  // 2^48 = 28147·1e10 + 4976710656 (2^32 < 1e10).
  const lowSum = top2 * 3709551616 + hH * 4976710656 + hL * 4294967296 + low;
  const carry = Math.floor(lowSum / 1e10);
  const upper = top2 * 1844674407 + hH * 28147 + carry; // digits 1–10 (< 7 378 697 630)
  const lower = lowSum - carry * 1e10; // digits 11–20
  const g0 = Math.floor(upper / 1e6);
  const r0 = upper - g0 * 1e6;
  const g1 = Math.floor(r0 / 100);
  const l8 = Math.floor(lower / 1e8);
  const g2 = (r0 - g1 * 100) * 100 + l8;
  const r2 = lower - l8 * 1e8;
  const g3 = Math.floor(r2 / 1e4);
  return group(g0) + group(g1) + group(g2) + group(g3) + group(r2 - g3 * 1e4);
}

/** Encrypts (except class 1) the plain block and renders the token. */
export function encodeBlock(
  key: PreparedKey | null,
  tokenClass: number,
  subclass: number,
  top28: number,
  low16: number,
  crcC = false,
): string {
  buildBlock(tokenClass, subclass, top28, low16, crcC, scratch);
  if (tokenClass !== 1) {
    if (!key)
      throw new StsError(
        'INVALID_KEY',
        `a decoder key is needed for a class ${tokenClass} token`,
        'decoderKey',
      );
    key.encrypt(scratch[0] ?? 0, scratch[1] ?? 0, scratch);
  }
  return blockToDigits(tokenClass, scratch[0] ?? 0, scratch[1] ?? 0);
}

export interface TransmittedBlock {
  tokenClass: number;
  /** The data block as transmitted (encrypted for classes 0 and 2). */
  hi: number;
  lo: number;
  /** The 20 digits, separators removed. */
  digits: string;
}

/** Strips display separators (spaces, dashes) and checks the 20-digit form. */
export function normalizeToken(token: unknown, field = 'token'): string {
  const digits = typeof token === 'string' ? token.replace(/[\s-]/g, '') : '';
  if (!/^\d{20}$/.test(digits)) {
    throw new StsError('INVALID_TOKEN', `${field} must be 20 decimal digits (separators allowed)`, field);
  }
  return digits;
}

/**
 * Reverses the class transposition (sts.md §10, decode steps 1–3). No BigInt either: T =
 * upper·1e10 + lower is computed in base-2^16 limbs (1e10 = 0x2_540B_E400), every partial sum
 * well below 2^53.
 */
export function digitsToBlock(token: string, field = 'token'): TransmittedBlock {
  const digits = normalizeToken(token, field);
  const upper = Number(digits.slice(0, 10));
  const lower = Number(digits.slice(10));
  const u0 = upper % 65536;
  const u1 = Math.floor(upper / 65536) % 65536;
  const u2 = Math.floor(upper / 4294967296);
  const l0 = lower % 65536;
  const l1 = Math.floor(lower / 65536) % 65536;
  const l2 = Math.floor(lower / 4294967296);
  let limb = u0 * 0xe400 + l0;
  const t0 = limb % 65536;
  limb = Math.floor(limb / 65536) + u0 * 0x540b + u1 * 0xe400 + l1;
  const t1 = limb % 65536;
  limb = Math.floor(limb / 65536) + u0 * 0x2 + u1 * 0x540b + u2 * 0xe400 + l2;
  const t2 = limb % 65536;
  limb = Math.floor(limb / 65536) + u1 * 0x2 + u2 * 0x540b;
  const t3 = limb % 65536;
  const top = Math.floor(limb / 65536) + u2 * 0x2; // bits 65..64 and beyond
  if (top > 3) {
    throw new StsError(
      'TOKEN_OUT_OF_RANGE',
      `${field} ${digits} is not a token: the value is 2^66 or more`,
      field,
    );
  }
  const hi = (t3 * 65536 + t2) >>> 0;
  let lo = (t1 * 65536 + t0) >>> 0;
  const tokenClass = (lo >>> 27) & 3;
  lo = ((lo & ~0x18000000) | ((top >>> 1) << 28) | ((top & 1) << 27)) >>> 0;
  return { tokenClass, hi, lo, digits };
}

/** "XXXX-XXXX-XXXX-XXXX-XXXX" for display and receipts (never for storage). */
export function formatToken(token: string, separator = '-'): string {
  const digits = normalizeToken(token);
  return (digits.match(/.{4}/g) ?? []).join(separator);
}

/** The 66-bit value of a token as 17 hex digits (the vectors' `token66hex`). */
export function tokenToHex66(token: string): string {
  return BigInt(normalizeToken(token)).toString(16).toUpperCase().padStart(17, '0');
}
