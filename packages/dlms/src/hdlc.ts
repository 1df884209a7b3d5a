import { crcBytes } from './crc.js';
import { DlmsError } from './errors.js';
import { bytesEqual, concatBytes } from './hex.js';

/** HDLC framing of IEC 62056-46: flags, frame format type 3, addresses, control, HCS and FCS. */
export const FLAG = 0x7e;
/** LLC header in front of every APDU in an I-frame (and UI frame): requests E6 E6 00, replies E6 E7 00. */
export const LLC_REQUEST = Uint8Array.of(0xe6, 0xe6, 0x00);
export const LLC_RESPONSE = Uint8Array.of(0xe6, 0xe7, 0x00);
/** Largest frame length the 11-bit length field can state. */
export const MAX_FRAME_LENGTH = 0x7ff;

/**
 * An HDLC address. A client address is one byte (`upper` only). A server address is the upper
 * (logical device) and lower (physical device) HDLC address on 1, 2 or 4 bytes.
 */
export interface HdlcAddress {
  upper: number;
  lower?: number;
  size: 1 | 2 | 4;
}

export type ControlKind = 'I' | 'RR' | 'RNR' | 'SNRM' | 'DISC' | 'UA' | 'DM' | 'FRMR' | 'UI';
export interface Control {
  kind: ControlKind;
  /** Poll/final bit. */
  pf: boolean;
  /** Send sequence number N(S), I-frames only. */
  ns?: number;
  /** Receive sequence number N(R), I, RR and RNR frames. */
  nr?: number;
}

export interface HdlcFrame {
  /** The segmentation bit: more frames of the same information follow. */
  segmented: boolean;
  destination: HdlcAddress;
  source: HdlcAddress;
  control: Control;
  /** The information field (with its LLC header for the first segment of an APDU); empty when absent. */
  info: Uint8Array;
}

const UNNUMBERED: Record<string, number> = {
  SNRM: 0x83,
  DISC: 0x43,
  UA: 0x63,
  DM: 0x0f,
  FRMR: 0x87,
  UI: 0x03,
};
const UNNUMBERED_BY_CODE = new Map(Object.entries(UNNUMBERED).map(([k, v]) => [v, k as ControlKind]));

export function encodeControl(c: Control): number {
  const pf = c.pf ? 0x10 : 0;
  const nr = ((c.nr ?? 0) & 7) << 5;
  if (c.kind === 'I') return nr | pf | (((c.ns ?? 0) & 7) << 1);
  if (c.kind === 'RR') return nr | pf | 0x01;
  if (c.kind === 'RNR') return nr | pf | 0x05;
  return (UNNUMBERED[c.kind] ?? 0) | pf;
}

export function decodeControl(b: number): Control {
  const pf = (b & 0x10) !== 0;
  if ((b & 1) === 0) return { kind: 'I', pf, ns: (b >> 1) & 7, nr: b >> 5 };
  if ((b & 0x0f) === 0x01) return { kind: 'RR', pf, nr: b >> 5 };
  if ((b & 0x0f) === 0x05) return { kind: 'RNR', pf, nr: b >> 5 };
  const kind = UNNUMBERED_BY_CODE.get(b & 0xef);
  if (!kind) throw new DlmsError('bad-format', `unknown control field ${b.toString(16)}`);
  return { kind, pf };
}

export function encodeAddress(a: HdlcAddress): Uint8Array {
  const parts =
    a.size === 1
      ? [a.upper]
      : a.size === 2
        ? [a.upper, a.lower ?? 0]
        : [a.upper >> 7, a.upper & 0x7f, (a.lower ?? 0) >> 7, (a.lower ?? 0) & 0x7f];
  const out = Uint8Array.from(parts.map((p) => (p & 0x7f) << 1));
  out[out.length - 1] = (out[out.length - 1] ?? 0) | 1;
  return out;
}

/** Reads an address at `at`; returns it and the number of bytes it took. */
export function readAddress(bytes: Uint8Array, at: number): { address: HdlcAddress; length: number } {
  const v: number[] = [];
  for (let i = at; i < bytes.length && v.length < 4; i++) {
    const b = bytes[i] ?? 0;
    v.push(b >> 1);
    if (b & 1) break;
    if (v.length === 4) throw new DlmsError('bad-address', 'address longer than 4 bytes');
  }
  if (!((bytes[at + v.length - 1] ?? 0) & 1)) throw new DlmsError('too-short', 'address not terminated');
  const [a = 0, b = 0, c = 0, d = 0] = v;
  if (v.length === 1) return { address: { upper: a, size: 1 }, length: 1 };
  if (v.length === 2) return { address: { upper: a, lower: b, size: 2 }, length: 2 };
  if (v.length === 4) return { address: { upper: (a << 7) | b, lower: (c << 7) | d, size: 4 }, length: 4 };
  throw new DlmsError('bad-address', 'address of 3 bytes');
}

/** A server address of the smallest size that holds it (IEC 62056-46 8.4.2.2). */
export function serverAddress(upper: number, lower?: number): HdlcAddress {
  if (lower === undefined) return { upper, size: upper < 0x80 ? 1 : 4 };
  return upper < 0x80 && lower < 0x80 ? { upper, lower, size: 2 } : { upper, lower, size: 4 };
}

export function clientAddress(sap: number): HdlcAddress {
  return { upper: sap, size: 1 };
}

/** Encodes a frame with its opening and closing flags. */
export function encodeHdlcFrame(f: HdlcFrame): Uint8Array {
  const addresses = concatBytes(encodeAddress(f.destination), encodeAddress(f.source));
  const hasInfo = f.info.length > 0;
  const length = 2 + addresses.length + 1 + (hasInfo ? 2 + f.info.length : 0) + 2;
  if (length > MAX_FRAME_LENGTH) throw new DlmsError('bad-length', `frame of ${length} bytes`);
  const format = 0xa000 | (f.segmented ? 0x800 : 0) | length;
  const header = concatBytes(
    Uint8Array.of(format >> 8, format & 0xff),
    addresses,
    Uint8Array.of(encodeControl(f.control)),
  );
  const body = hasInfo ? concatBytes(header, crcBytes(header), f.info) : header;
  return concatBytes(Uint8Array.of(FLAG), body, crcBytes(body), Uint8Array.of(FLAG));
}

/** Length of the frame starting at `at` (its flag), flags included, from the format field; undefined until known. */
export function frameSpan(bytes: Uint8Array, at: number): number | undefined {
  const hi = bytes[at + 1];
  const lo = bytes[at + 2];
  if (hi === undefined || lo === undefined) return undefined;
  if ((hi & 0xf0) !== 0xa0) throw new DlmsError('bad-format', `frame format ${hi.toString(16)}`);
  return (((hi & 0x07) << 8) | lo) + 2;
}

/** Decodes exactly one frame, flags included; checks format, HCS and FCS. */
export function decodeHdlcFrame(bytes: Uint8Array): HdlcFrame {
  if (bytes.length < 9) throw new DlmsError('too-short', `${bytes.length} bytes`);
  if (bytes[0] !== FLAG || bytes[bytes.length - 1] !== FLAG) throw new DlmsError('bad-flag', 'no 7E flags');
  const span = frameSpan(bytes, 0);
  if (span !== bytes.length)
    throw new DlmsError('bad-length', `format says ${span} bytes, have ${bytes.length}`);
  const end = bytes.length - 3;
  if (!bytesEqual(crcBytes(bytes, 1, end), bytes.slice(end, end + 2)))
    throw new DlmsError('bad-fcs', 'FCS mismatch');
  const dest = readAddress(bytes, 3);
  const src = readAddress(bytes, 3 + dest.length);
  const controlAt = 3 + dest.length + src.length;
  const control = decodeControl(bytes[controlAt] ?? 0);
  let info = new Uint8Array();
  if (controlAt + 1 < end) {
    const hcsAt = controlAt + 1;
    if (hcsAt + 2 > end) throw new DlmsError('bad-length', 'header check sequence cut');
    if (!bytesEqual(crcBytes(bytes, 1, hcsAt), bytes.slice(hcsAt, hcsAt + 2)))
      throw new DlmsError('bad-hcs', 'HCS mismatch');
    info = bytes.slice(hcsAt + 2, end);
  }
  const segmented = ((bytes[1] ?? 0) & 0x08) !== 0;
  return { segmented, destination: dest.address, source: src.address, control, info };
}
