import { fromHex as parseHex } from '@prepay/bytes';
import { FrameError } from './errors.js';

export { bytesEqual, concatBytes, hex } from '@prepay/bytes';

/** Parses hex (separators and a 0x prefix allowed); text that is not whole hex bytes is a FrameError('bad-hex'). */
export const fromHex = (s: string): Uint8Array =>
  parseHex(s, (message) => new FrameError('bad-hex', message));

/** Byte at `i`; throws instead of returning undefined so decoders never compute with a missing byte. */
export function byteAt(bytes: Uint8Array, i: number): number {
  const b = bytes[i];
  if (b === undefined) throw new FrameError('too-short', `byte ${i} missing (have ${bytes.length})`);
  return b;
}
