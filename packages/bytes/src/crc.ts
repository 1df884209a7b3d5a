/**
 * Table-driven reflected CRC-16 (least significant bit first), the kind both DLMS (CRC-16/X-25, HDLC's
 * frame check) and STS (CRC-16/MODBUS) use: they differ only in the polynomial, the initial register
 * and the final complement, which stay with each protocol.
 */

/** The 256 register values for `poly` given reflected (0x8408 for X-25, 0xA001 for MODBUS). */
export function reflectedCrc16Table(poly: number): Uint16Array {
  const t = new Uint16Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ poly : c >>> 1;
    t[n] = c;
  }
  return t;
}

/** The register after one more byte, by a table from reflectedCrc16Table. */
export function reflectedCrc16Step(table: Uint16Array, crc: number, byte: number): number {
  return (crc >>> 8) ^ (table[(crc ^ byte) & 0xff] ?? 0);
}
