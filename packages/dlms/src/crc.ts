import { reflectedCrc16Step, reflectedCrc16Table } from '@prepay/bytes';

/**
 * The HDLC frame check sequence of IEC 62056-46 (RFC 1662 FCS-16, CRC-16/X-25): reflected polynomial
 * 0x8408, initial 0xFFFF, final complement. It goes on the wire least significant byte first.
 */
const TABLE = reflectedCrc16Table(0x8408);

export function crc16x25(bytes: Uint8Array, start = 0, end = bytes.length): number {
  let fcs = 0xffff;
  for (let i = start; i < end; i++) fcs = reflectedCrc16Step(TABLE, fcs, bytes[i] ?? 0);
  return fcs ^ 0xffff;
}

/** The two bytes of the check sequence as transmitted (low byte first). */
export function crcBytes(bytes: Uint8Array, start = 0, end = bytes.length): Uint8Array {
  const c = crc16x25(bytes, start, end);
  return Uint8Array.of(c & 0xff, c >> 8);
}
