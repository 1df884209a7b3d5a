import { FrameError } from './errors.js';

export type DecodedValue = number | string | boolean | Record<string, unknown>;
/** What an item's encode accepts: numbers for quantities, Date or the decoded string for clocks, records for blocks. */
export type ItemValue = number | string | Date | readonly number[] | Readonly<Record<string, unknown>>;

/** How a value is laid out in the data field (after the DI), as the standard's format strings name it. */
export interface ValueFormat {
  name: string;
  /** Bytes; for blocks the nominal length (a whole multiple of `unit` is accepted when decoding). */
  length: number;
  decimals?: number;
  signed?: boolean;
  decode(value: Uint8Array): DecodedValue;
  encode(v: ItemValue): Uint8Array;
}

export function checkLength(value: Uint8Array, length: number, name: string): void {
  if (value.length !== length) {
    throw new FrameError('bad-length', `${name} is ${length} bytes, got ${value.length}`);
  }
}
