import { checkKrn, checkKt, checkSgcDigits, checkTiDigits, type KeyDerivationInput } from './dkga02.js';
import { StsError } from './errors.js';
import { bytesToHex, hexToBytes, parseHex } from './hex.js';
import { parseMeterPan } from './pan.js';
import { hmacSha256 } from './sha256.js';
import { checkBaseYear } from './tid.js';

/**
 * DKGA04 (IEC 62055-41:2018; sts.md §7.3): DK = HMAC-SHA-256(VK160, data); the EA07 key is the
 * first 8 bytes, the EA11 key the first 16. The data layout is Nectar's (an SP 800-108 style fixed
 * input: label DKGA,BD,EA,TI ‖ 0x00 ‖ context SGC,KT,KRN,PAN ‖ [L]32), all fields ASCII with a
 * length prefix. [IMPL] — check against the IEC text before relying on it.
 */

export interface Dkga04Input extends KeyDerivationInput {
  /** 160-bit vending key, 40 hex digits. */
  vendingKey160: string;
  /** Base date of the vending key: 1993/2014/2035 or "93"/"14"/"35". */
  baseDate: string | number;
  /** Encryption algorithm of the derived key: "07" (64-bit) or "11" (128-bit). */
  ea: '07' | '11' | string;
  /** Output length in bits; defaults from ea (64 for 07, 128 for 11) and must agree with it. */
  L?: number;
}

const ascii = (s: string) => Array.from(s, (c) => c.charCodeAt(0));
const field = (s: string) => [s.length, ...ascii(s)];

export function dkga04Data(input: Omit<Dkga04Input, 'vendingKey160'>): Uint8Array {
  const bd = String(checkBaseYear(input.baseDate, 'baseDate')).slice(2);
  if (input.ea !== '07' && input.ea !== '11') {
    throw new StsError(
      'INVALID_FIELD',
      'ea must be "07" (STA, 64-bit key) or "11" (MISTY1, 128-bit key)',
      'ea',
    );
  }
  const expectedL = input.ea === '07' ? 64 : 128;
  const L = input.L ?? expectedL;
  if (L !== expectedL) {
    throw new StsError('INVALID_FIELD', `L must be ${expectedL} for EA${input.ea}`, 'L');
  }
  const pan = parseMeterPan(input.meterPAN).pan;
  const kt = checkKt(input.kt);
  const krn = checkKrn(input.krn);
  return Uint8Array.from([
    4,
    ...field('04'),
    ...field(bd),
    ...field(input.ea),
    ...field(checkTiDigits(input.ti)),
    0x00,
    4,
    ...field(checkSgcDigits(input.sgc)),
    ...field(kt.toString(16).toUpperCase()),
    ...field(krn.toString(16).toUpperCase()),
    ...field(pan),
    0,
    0,
    0,
    L,
  ]);
}

/** Returns the decoder key in natural order: 16 hex digits (EA07) or 32 (EA11). */
export function dkga04(input: Dkga04Input): string {
  parseHex(input.vendingKey160, 40, 'vendingKey160');
  const data = dkga04Data(input);
  const mac = hmacSha256(hexToBytes(input.vendingKey160), data);
  return bytesToHex(mac.subarray(0, input.ea === '07' ? 8 : 16));
}
