/**
 * What the streaming parsers (HDLC, wrapper) share: the bytes held back between pushes, waiting for the
 * rest of a frame.
 */
export abstract class BufferedStream {
  protected buf: Uint8Array = new Uint8Array();

  /** How many bytes are held back. */
  get buffered(): number {
    return this.buf.length;
  }

  /** Drops what is held back (a new connection starts clean). */
  reset(): void {
    this.buf = new Uint8Array();
  }
}
