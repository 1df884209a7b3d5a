/** Bytes as upper-case hex pairs, separated by `separator` (a space by default, as protocol logs show frames). */
export function hex(bytes: Uint8Array, separator = ' '): string {
  const parts: string[] = [];
  for (const b of bytes) parts.push(b.toString(16).toUpperCase().padStart(2, '0'));
  return parts.join(separator);
}

/**
 * Parses hex with or without separators (spaces, colons, dashes) and an optional 0x prefix. Text that is
 * not a whole number of hex bytes is refused with the error `refuse` makes of the message, so that each
 * protocol package raises its own coded error.
 */
export function fromHex(
  s: string,
  refuse: (message: string) => Error = (m) => new RangeError(m),
): Uint8Array {
  const compact = s.replace(/^0x/i, '').replace(/[\s:-]/g, '');
  if (compact.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(compact)) {
    throw refuse(`not a whole number of hex bytes: ${s.slice(0, 40)}`);
  }
  const out = new Uint8Array(compact.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = Number.parseInt(compact.slice(2 * i, 2 * i + 2), 16);
  return out;
}

export function concatBytes(...parts: Uint8Array[]): Uint8Array {
  let length = 0;
  for (const p of parts) length += p.length;
  const out = new Uint8Array(length);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

export function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
