import { fromHex as parseHex } from '@prepay/bytes';
import { DlmsError } from './errors.js';

export { bytesEqual, concatBytes, hex } from '@prepay/bytes';

/** Parses hex (separators and a 0x prefix allowed); text that is not whole hex bytes is a DlmsError('bad-hex'). */
export const fromHex = (s: string): Uint8Array => parseHex(s, (message) => new DlmsError('bad-hex', message));

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
