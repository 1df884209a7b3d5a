import { StsError } from '../errors.js';
import { checkInt } from '../hex.js';
import { type PreparedKey, toPreparedKey } from '../keys.js';
import { assertKeyNotExpired, checkTid } from '../tid.js';
import { encodeBlock } from '../token.js';

/** Inputs shared by every TID-bearing token (credit, MPL, clear credit, clear tamper, MPPUL…). */
export interface TidTokenInput {
  /** 16 or 32 hex digits (natural order), or a key prepared once for many tokens. */
  decoderKey: string | PreparedKey;
  /** 4-bit random number; drawn from a CSPRNG when omitted. */
  rnd?: number;
  /** Minutes since the key's base date (see tidFromDate / nextTid). */
  tid: number;
  /** The meter's key expiry number: when given, a TID past it is refused (KEY_EXPIRED). */
  ken?: number;
}

/**
 * Random bytes for RND, drawn a pool at a time: one getRandomValues call per 256 tokens rather than one
 * per token (a call costs microseconds, about 2% of a vending server's CPU). The bytes are as random.
 */
const rndPool = new Uint8Array(256);
let rndNext = rndPool.length;

export function pickRnd(rnd: number | undefined): number {
  if (rnd !== undefined) return checkInt(rnd, 0, 15, 'rnd');
  if (rndNext >= rndPool.length) {
    globalThis.crypto.getRandomValues(rndPool);
    rndNext = 0;
  }
  return (rndPool[rndNext++] ?? 0) & 15;
}

/** Class 0/2 block with the RND(4) | TID(24) | value(16) payload. */
export function encodeRndTidValue(
  input: TidTokenInput,
  tokenClass: number,
  subclass: number,
  value16: number,
  crcC = false,
): string {
  const tid = checkTid(input.tid);
  if (input.ken !== undefined) assertKeyNotExpired(tid, input.ken);
  const rnd = pickRnd(input.rnd);
  const key = toPreparedKey(input.decoderKey);
  return encodeBlock(key, tokenClass, subclass, (rnd << 24) | tid, value16, crcC);
}

export function checkSubclass(subclass: unknown, allowed: readonly number[], what: string): number {
  if (typeof subclass !== 'number' || !allowed.includes(subclass)) {
    throw new StsError(
      'UNKNOWN_SUBCLASS',
      `${what}: subclass ${String(subclass)} is not one of ${allowed.join(', ')}`,
      'subclass',
    );
  }
  return subclass;
}
