import { DlmsError } from './errors.js';

/**
 * OBIS code (IEC 62056-6-1) as its six value groups A.B.C.D.E.F. Written `1.0.1.8.0.255` or
 * `1-0:1.8.0*255`; on the wire it is six bytes.
 */
export type Obis = string;

export function obisToBytes(obis: Obis): Uint8Array {
  const parts = obis.split(/[.\-:*]/).map((p) => Number(p));
  if (parts.length !== 6 || parts.some((p) => !Number.isInteger(p) || p < 0 || p > 255)) {
    throw new DlmsError('bad-value', `not an OBIS code: ${obis}`);
  }
  return Uint8Array.from(parts);
}

/** The dotted form `A.B.C.D.E.F` of six bytes. */
export function obisFromBytes(bytes: Uint8Array): Obis {
  if (bytes.length !== 6) throw new DlmsError('bad-length', `OBIS code of ${bytes.length} bytes`);
  return Array.from(bytes).join('.');
}

/** The usual display form `A-B:C.D.E*F`. */
export function formatObis(obis: Obis): string {
  const [a, b, c, d, e, f] = obisToBytes(obis);
  return `${a}-${b}:${c}.${d}.${e}*${f}`;
}

/** Canonical dotted form of either notation. */
export function normalizeObis(obis: Obis): Obis {
  return obisFromBytes(obisToBytes(obis));
}
