import type { DlmsData } from './axdr.js';
import { decodeData, encodeData } from './data.js';
import { DlmsError } from './errors.js';
import type { AttributeRef, SetRequest } from './get-set.js';
import { concatBytes } from './hex.js';
import type { DataBlock } from './xdlms-common.js';

/**
 * Block transfer (IEC 62056-5-3 "service-specific block transfer"): a value too long for one APDU is
 * sent as the raw bytes of its A-XDR encoding cut into numbered blocks, counted from 1.
 */

/** Collects blocks in order; gives the whole raw bytes once the last block is in. */
export class BlockAssembler {
  private parts: Uint8Array[] = [];

  /** The number of the block expected next. */
  get next(): number {
    return this.parts.length + 1;
  }

  push(block: DataBlock): Uint8Array | undefined {
    if (block.blockNumber !== this.next)
      throw new DlmsError('bad-value', `block ${block.blockNumber} where ${this.next} was expected`);
    this.parts.push(block.raw);
    if (!block.lastBlock) return undefined;
    const whole = concatBytes(...this.parts);
    this.parts = [];
    return whole;
  }

  /** Like push, decoding the whole as one Data value. */
  pushData(block: DataBlock): DlmsData | undefined {
    const whole = this.push(block);
    return whole ? decodeData(whole) : undefined;
  }
}

/** `raw` cut into blocks of at most `size` bytes (one empty last block for empty bytes). */
export function splitBlocks(raw: Uint8Array, size: number): DataBlock[] {
  if (size < 1) throw new DlmsError('bad-value', `block size ${size}`);
  const blocks: DataBlock[] = [];
  for (let at = 0; at < raw.length || blocks.length === 0; at += size) {
    const end = Math.min(raw.length, at + size);
    blocks.push({ blockNumber: blocks.length + 1, lastBlock: end >= raw.length, raw: raw.slice(at, end) });
  }
  return blocks;
}

/** The set-requests writing `value` with block transfer: with-first-datablock, then with-datablock. */
export function setRequestBlocks(
  invoke: number,
  target: AttributeRef,
  value: DlmsData,
  size: number,
): SetRequest[] {
  return splitBlocks(encodeData(value), size).map((block, i) =>
    i === 0
      ? { service: 'set-request', type: 'with-first-datablock', invoke, ...target, block }
      : { service: 'set-request', type: 'with-datablock', invoke, block },
  );
}
