/**
 * CRC-16 of STS tokens (sts.md §3): CRC-16/MODBUS (reflected 0x8005, init 0xFFFF, no final XOR)
 * over Class|SubClass|payload as 7 bytes, most significant first. The token carries the two CRC
 * bytes in their transmitted order (low byte first), i.e. the register byte-swapped.
 */
import { reflectedCrc16Step, reflectedCrc16Table } from '@prepay/bytes';

const TABLE = reflectedCrc16Table(0xa001);
const step = (crc: number, byte: number): number => reflectedCrc16Step(TABLE, crc, byte);

/** The raw MODBUS register after processing `bytes` (not byte-swapped). */
export function crc16Modbus(bytes: ArrayLike<number>): number {
  let crc = 0xffff;
  for (let i = 0; i < bytes.length; i++) crc = step(crc, bytes[i] as number);
  return crc;
}

/**
 * CRC field of a data block, from the class and the block's top 48 bits (SubClass + payload):
 * `hi` = block bits 63..32, `lo` = block bits 31..0 (only bits 31..16 are used).
 * Currency credit (class 0, subclasses 4–7) uses CRC_C: one extra 0x01 byte (sts.md §3, [IMPL]).
 */
export function blockCrc(tokenClass: number, hi: number, lo: number, crcC = false): number {
  let crc = step(0xffff, tokenClass & 3);
  crc = step(crc, hi >>> 24);
  crc = step(crc, (hi >>> 16) & 0xff);
  crc = step(crc, (hi >>> 8) & 0xff);
  crc = step(crc, hi & 0xff);
  crc = step(crc, lo >>> 24);
  crc = step(crc, (lo >>> 16) & 0xff);
  if (crcC) crc = step(crc, 0x01);
  return ((crc & 0xff) << 8) | (crc >>> 8);
}

/** CRC field for a 50-bit Class|SubClass|payload value (the form the IEC worked example uses). */
export function stsCrc16(data50: bigint, crcC = false): number {
  const cls = Number((data50 >> 48n) & 3n);
  const hi = Number((data50 >> 16n) & 0xffffffffn);
  const lo = Number(data50 & 0xffffn) << 16;
  return blockCrc(cls, hi, lo >>> 0, crcC);
}

/** True when a class 0 subclass is a currency credit, whose CRC is CRC_C. */
export function usesCrcC(tokenClass: number, subclass: number): boolean {
  return tokenClass === 0 && subclass >= 4 && subclass <= 7;
}
