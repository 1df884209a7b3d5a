import { desEncrypt } from './des.js';
import { StsError } from './errors.js';
import { bytesToHex, checkInt, hexToBytes, parseHex } from './hex.js';
import { parseMeterPan } from './pan.js';

/**
 * DKGA02 (sts.md §7.2), the DES-based decoder key generation of STS editions 1/2:
 *   X  = PANBlock XOR ControlBlock
 *   DK = DES(VendingKey, X) XOR X XOR VendingKey
 * PANBlock = digits 2–17 of the MeterPAN (IAIN zeroed for KT 3, common key), ControlBlock =
 * KT | SGC | TI | KRN | FFFFFF, each decimal digit one nibble.
 * Confirmed only through the Nectar CTSA vectors (one origin, sts.md §14).
 */

export interface KeyDerivationInput {
  meterPAN: string;
  /** Supply group code, 6 decimal digits. */
  sgc: string | number;
  /** Tariff index 00–99. */
  ti: string | number;
  /** Key revision number 1–9. */
  krn: number;
  /** Key type 0–3 (2 = DUTK). */
  kt: number;
}

export interface Dkga02Input extends KeyDerivationInput {
  /** 16 hex digits. */
  vendingKey: string;
}

export function checkSgcDigits(sgc: unknown, field = 'sgc'): string {
  const s = typeof sgc === 'number' && Number.isInteger(sgc) ? String(sgc).padStart(6, '0') : sgc;
  if (typeof s !== 'string' || !/^\d{6}$/.test(s)) {
    throw new StsError('INVALID_SGC', `${field} (supply group code) must be 6 decimal digits`, field);
  }
  return s;
}

export function checkTiDigits(ti: unknown, field = 'ti'): string {
  const s = typeof ti === 'number' && Number.isInteger(ti) ? String(ti).padStart(2, '0') : ti;
  if (typeof s !== 'string' || !/^\d{2}$/.test(s)) {
    throw new StsError('INVALID_FIELD', `${field} (tariff index) must be 2 decimal digits, 00–99`, field);
  }
  return s;
}

export function checkKrn(krn: unknown, field = 'krn'): number {
  return checkInt(krn, 1, 9, field);
}

export function checkKt(kt: unknown, field = 'kt'): number {
  return checkInt(kt, 0, 3, field);
}

/** The DKGA02 PANBlock; for a common key (KT 3) the IAIN digits are zeros [IMPL]. */
export function panBlock(meterPAN: string, kt: number): string {
  const pan = parseMeterPan(meterPAN);
  const block = pan.panBlock;
  if (kt !== 3) return block;
  const iinPart = block.length - pan.iain.length;
  return block.slice(0, iinPart) + '0'.repeat(pan.iain.length);
}

export function dkga02ControlBlock(input: Omit<KeyDerivationInput, 'meterPAN'>): string {
  const kt = checkKt(input.kt);
  return `${kt}${checkSgcDigits(input.sgc)}${checkTiDigits(input.ti)}${checkKrn(input.krn)}FFFFFF`;
}

/** Returns the 64-bit decoder key, 16 hex digits in natural order. */
export function dkga02(input: Dkga02Input): string {
  const vk = parseHex(input.vendingKey, 16, 'vendingKey');
  const kt = checkKt(input.kt);
  const x = BigInt(`0x${panBlock(input.meterPAN, kt)}`) ^ BigInt(`0x${dkga02ControlBlock(input)}`);
  const xHex = x.toString(16).padStart(16, '0');
  const des = BigInt(`0x${bytesToHex(desEncrypt(hexToBytes(input.vendingKey), hexToBytes(xHex)))}`);
  return (des ^ x ^ vk).toString(16).toUpperCase().padStart(16, '0');
}
