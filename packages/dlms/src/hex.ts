import { DlmsError } from './errors.js';

/** Bytes as upper-case hex pairs, separated by `separator` (a space by default, like the vectors). */
export function hex(bytes: Uint8Array, separator = ' '): string {
  const parts: string[] = [];
  for (const b of bytes) parts.push(b.toString(16).toUpperCase().padStart(2, '0'));
  return parts.join(separator);
}

/** Parses hex with or without separators (spaces, colons, dashes) and an optional 0x prefix. */
export function fromHex(s: string): Uint8Array {
  const compact = s.replace(/^0x/i, '').replace(/[\s:-]/g, '');
  if (compact.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(compact)) {
    throw new DlmsError('bad-hex', `not a whole number of hex bytes: ${s.slice(0, 40)}`);
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

/** Big-endian unsigned integer of `size` bytes (1, 2 or 4). */
export function uintBytes(value: number, size: number): Uint8Array {
  const out = new Uint8Array(size);
  for (let i = size - 1, v = value; i >= 0; i--, v = Math.floor(v / 256)) out[i] = v & 0xff;
  return out;
}

/**
 * A cursor over bytes that throws DlmsError('too-short') instead of reading past the end, so a
 * decoder never computes with a missing byte.
 */
export class Reader {
  pos: number;
  constructor(
    readonly bytes: Uint8Array,
    start = 0,
  ) {
    this.pos = start;
  }

  get remaining(): number {
    return this.bytes.length - this.pos;
  }

  u8(): number {
    const b = this.bytes[this.pos];
    if (b === undefined)
      throw new DlmsError('too-short', `byte ${this.pos} missing (have ${this.bytes.length})`);
    this.pos++;
    return b;
  }

  peek(): number | undefined {
    return this.bytes[this.pos];
  }

  take(n: number): Uint8Array {
    if (n < 0 || this.pos + n > this.bytes.length) {
      throw new DlmsError(
        'too-short',
        `${n} bytes wanted at ${this.pos}, have ${this.bytes.length - this.pos}`,
      );
    }
    const out = this.bytes.slice(this.pos, this.pos + n);
    this.pos += n;
    return out;
  }

  u16(): number {
    return this.u8() * 256 + this.u8();
  }

  u32(): number {
    return this.u16() * 65536 + this.u16();
  }

  rest(): Uint8Array {
    return this.take(this.remaining);
  }

  end(what: string): void {
    if (this.remaining > 0) throw new DlmsError('trailing-bytes', `${this.remaining} bytes after ${what}`);
  }
}
