import { BufferedStream } from './buffered-stream.js';
import { DlmsError } from './errors.js';
import { concatBytes, Reader, uintBytes } from './hex.js';

/** IEC 62056-47 wrapper: the 8-byte header DLMS uses over TCP and UDP (port 4059). */
export const WRAPPER_VERSION = 1;
export const WRAPPER_HEADER_LENGTH = 8;
export const DLMS_PORT = 4059;

export interface WrapperFrame {
  version?: number;
  /** Source wPort: the client SAP on requests (public client 16), the logical device on replies. */
  source: number;
  destination: number;
  apdu: Uint8Array;
}

export function encodeWrapper(f: WrapperFrame): Uint8Array {
  if (f.apdu.length > 0xffff) throw new DlmsError('bad-length', `APDU of ${f.apdu.length} bytes`);
  return concatBytes(
    uintBytes(f.version ?? WRAPPER_VERSION, 2),
    uintBytes(f.source, 2),
    uintBytes(f.destination, 2),
    uintBytes(f.apdu.length, 2),
    f.apdu,
  );
}

export function decodeWrapper(bytes: Uint8Array): Required<WrapperFrame> {
  const r = new Reader(bytes);
  const version = r.u16();
  if (version !== WRAPPER_VERSION) throw new DlmsError('bad-version', `wrapper version ${version}`);
  const source = r.u16();
  const destination = r.u16();
  const apdu = r.take(r.u16());
  r.end('wrapper frame');
  return { version, source, destination, apdu };
}

export interface WrapperStreamResult {
  frames: Required<WrapperFrame>[];
  /** Bytes dropped while looking for a header (wrong version, or a length over the limit). */
  discarded: number;
}

/**
 * Streaming wrapper parser. The wrapper carries no checksum, so resynchronisation rests on the version
 * word (0x0001) and a length within `maxApdu`; a header that fails costs one byte. push() never throws.
 */
export class WrapperStream extends BufferedStream {
  private readonly maxApdu: number;

  constructor(opts?: { maxApdu?: number }) {
    super();
    this.maxApdu = opts?.maxApdu ?? 0xffff;
  }

  push(chunk: Uint8Array): WrapperStreamResult {
    let buf = concatBytes(this.buf, chunk);
    const frames: Required<WrapperFrame>[] = [];
    let discarded = 0;
    let at = 0;
    while (buf.length - at >= WRAPPER_HEADER_LENGTH) {
      const length = ((buf[at + 6] ?? 0) << 8) | (buf[at + 7] ?? 0);
      if (buf[at] !== 0 || buf[at + 1] !== WRAPPER_VERSION || length > this.maxApdu) {
        at++;
        discarded++;
        continue;
      }
      if (buf.length - at < WRAPPER_HEADER_LENGTH + length) break;
      frames.push(decodeWrapper(buf.slice(at, at + WRAPPER_HEADER_LENGTH + length)));
      at += WRAPPER_HEADER_LENGTH + length;
    }
    buf = buf.slice(at);
    this.buf = buf;
    return { frames, discarded };
  }
}
