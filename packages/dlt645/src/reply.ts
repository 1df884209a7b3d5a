import { type Address, addressFromBytes, addressMatches, addressToBytes } from './address.js';
import { Control, functionCode, hasFollowUp, isAbnormal, isReply, replyControl } from './control.js';
import { diFromBytes } from './di.js';
import { FrameError } from './errors.js';
import type { Frame } from './frame.js';
import { concatBytes } from './hex.js';

/** ERR bits of an abnormal reply (bit 0 first). */
export const ERROR_BITS = [
  'other',
  'no-data',
  'unauthorised',
  'baud-unchangeable',
  'too-many-year-zones',
  'too-many-day-segments',
  'too-many-tariffs',
  'reserved',
] as const;
export type ErrorName = (typeof ERROR_BITS)[number];

export const ErrorWord = {
  OTHER: 0x01,
  NO_DATA: 0x02,
  UNAUTHORISED: 0x04,
  BAUD_UNCHANGEABLE: 0x08,
  TOO_MANY_YEAR_ZONES: 0x10,
  TOO_MANY_DAY_SEGMENTS: 0x20,
  TOO_MANY_TARIFFS: 0x40,
} as const;

/** Names of the bits set in an error word; an all-zero word still names something ('other'). */
export function errorNames(word: number): string[] {
  const names: string[] = [];
  ERROR_BITS.forEach((name, bit) => {
    if (word & (1 << bit)) names.push(name);
  });
  return names.length > 0 ? names : ['other'];
}

/** Answer of the vendor token item (one byte in the 94 reply). */
export const TokenResult = {
  ACCEPTED: 0,
  USED: 1,
  REJECTED: 2,
  OLD: 3,
  /** First half of a key change accepted; waiting for the second. */
  KEY_CHANGE_PENDING: 4,
} as const;
export type TokenResultCode = (typeof TokenResult)[keyof typeof TokenResult];

export function tokenResultName(code: number): string {
  const entry = Object.entries(TokenResult).find(([, v]) => v === code);
  return entry ? entry[0].toLowerCase().replace(/_/g, '-') : `unknown-${code}`;
}

/**
 * A normal reply to `request`. Read (11): payload = the value; the DI is prepended. Read follow-up (12):
 * DI + payload + the request's seq. Read address (13): payload = the meter's 6 address bytes (or pass
 * `address`). Change rate (17) and password (18) echo the new setting when no payload is given.
 */
export function normalReply(
  request: Frame,
  payload: Uint8Array = new Uint8Array(0),
  opts?: { more?: boolean; address?: Address },
): Frame {
  const fn = functionCode(request.control);
  const control = replyControl(request.control, opts?.more ? 'more' : 'normal');
  const di = request.data.slice(0, 4);
  let address = opts?.address ?? request.address;
  let data = payload;
  switch (fn) {
    case Control.BROADCAST_TIME:
      throw new FrameError('no-reply', 'meters do not answer a broadcast time frame');
    case Control.READ:
      data = concatBytes(di, payload);
      break;
    case Control.READ_FOLLOW:
      data = concatBytes(di, payload, request.data.slice(4, 5));
      break;
    case Control.READ_ADDRESS:
      if (opts?.address) data = addressToBytes(opts.address);
      else if (payload.length === 6) address = addressFromBytes(payload);
      break;
    case Control.CHANGE_BAUD:
      if (payload.length === 0) data = request.data.slice(0, 1);
      break;
    case Control.CHANGE_PASSWORD:
      if (payload.length === 0) data = request.data.slice(8, 12);
      break;
  }
  return { address, control, data };
}

/** An abnormal reply: one ERR byte (two, low first, for words above 0xFF such as SERR). */
export function abnormalReply(request: Frame, errorWord: number): Frame {
  if (!Number.isInteger(errorWord) || errorWord < 0 || errorWord > 0xffff) {
    throw new FrameError('bad-value', `error word out of range: ${errorWord}`);
  }
  const data = errorWord > 0xff ? Uint8Array.of(errorWord & 0xff, errorWord >> 8) : Uint8Array.of(errorWord);
  return { address: request.address, control: replyControl(request.control, 'abnormal'), data };
}

export type Reply =
  | { ok: true; di?: number; value: Uint8Array; more?: boolean; seq?: number }
  | { ok: false; errorWord: number; errors: string[] };

/** True when `reply` answers `request`: same address (wildcards allowed), same function, same DI for reads. */
export function matchesRequest(request: Frame, reply: Frame): boolean {
  if (!isReply(reply.control) || isReply(request.control)) return false;
  if (functionCode(reply.control) !== functionCode(request.control)) return false;
  if (!addressMatches(request.address, reply.address)) return false;
  const fn = functionCode(request.control);
  if ((fn === Control.READ || fn === Control.READ_FOLLOW) && !isAbnormal(reply.control)) {
    return reply.data.length >= 4 && diFromBytes(reply.data) === diFromBytes(request.data);
  }
  return true;
}

/** The reply's outcome; throws FrameError('unmatched-reply') when it does not answer `request`. */
export function parseReply(request: Frame, reply: Frame): Reply {
  if (!matchesRequest(request, reply)) {
    throw new FrameError('unmatched-reply', 'reply does not answer the request (address, function or DI)');
  }
  if (isAbnormal(reply.control)) {
    const errorWord =
      reply.data.length >= 2 ? (reply.data[0] ?? 0) | ((reply.data[1] ?? 0) << 8) : (reply.data[0] ?? 0);
    return { ok: false, errorWord, errors: errorNames(errorWord) };
  }
  const more = hasFollowUp(reply.control);
  const fn = functionCode(request.control);
  if (fn === Control.READ) {
    return { ok: true, di: diFromBytes(reply.data), value: reply.data.slice(4), more };
  }
  if (fn === Control.READ_FOLLOW) {
    const end = Math.max(4, reply.data.length - 1);
    return {
      ok: true,
      di: diFromBytes(reply.data),
      value: reply.data.slice(4, end),
      more,
      seq: reply.data[end],
    };
  }
  return { ok: true, value: reply.data, more };
}
