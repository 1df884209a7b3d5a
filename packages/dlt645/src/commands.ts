import { type Address, BROADCAST_ADDRESS, WILDCARD_ADDRESS } from './address.js';
import { authBytes, passwordBytes, type WriteAuth } from './auth.js';
import { bcdToDigits, digitsToBcd, toBcdByte } from './bcd.js';
import { type DateParts, decodeDateTime6, encodeDateTime6, partsToDate } from './clock.js';
import { Control, functionCode } from './control.js';
import { DI, diFromBytes, diToBytes } from './di.js';
import { FrameError } from './errors.js';
import type { Frame } from './frame.js';
import { concatBytes } from './hex.js';

export type { WriteAuth } from './auth.js';

/** C=11: DI (+ optional parameters, e.g. a load-profile block count and start time). */
export function readRequest(address: Address, di: number, params?: Uint8Array): Frame {
  return {
    address,
    control: Control.READ,
    data: params ? concatBytes(diToBytes(di), params) : diToBytes(di),
  };
}

/** C=12: the next piece of a read answered with B1; seq counts from 1. */
export function readFollowRequest(address: Address, di: number, seq: number): Frame {
  if (!Number.isInteger(seq) || seq < 0 || seq > 0xff) throw new FrameError('bad-value', 'seq is one byte');
  return { address, control: Control.READ_FOLLOW, data: concatBytes(diToBytes(di), Uint8Array.of(seq)) };
}

/** C=13 to the wildcard address: the one meter on the line answers with its address. */
export function readAddressRequest(): Frame {
  return { address: WILDCARD_ADDRESS, control: Control.READ_ADDRESS, data: new Uint8Array(0) };
}

/** C=14: DI + PA + password + operator + value. */
export function writeRequest(address: Address, di: number, auth: WriteAuth, value: Uint8Array): Frame {
  return { address, control: Control.WRITE, data: concatBytes(diToBytes(di), authBytes(auth), value) };
}

export type RelayCommand =
  | 'trip'
  | 'close-allowed'
  | 'direct-close'
  | 'alarm-on'
  | 'alarm-off'
  | 'keep-power-on'
  | 'keep-power-off';

/** N1 of a C=1C command. */
export const RELAY_CODES: Readonly<Record<RelayCommand, number>> = {
  trip: 0x1a,
  'close-allowed': 0x1b,
  'direct-close': 0x1c,
  'alarm-on': 0x2a,
  'alarm-off': 0x2b,
  'keep-power-on': 0x3a,
  'keep-power-off': 0x3b,
};

/** C=1C: PA + password + operator + N1 + N2(00) + valid-until ss mm hh DD MM YY. */
export function relayRequest(
  address: Address,
  command: RelayCommand,
  auth: WriteAuth,
  validUntil: Date | DateParts,
): Frame {
  const n1 = RELAY_CODES[command];
  if (n1 === undefined) throw new FrameError('bad-value', `unknown relay command: ${String(command)}`);
  return {
    address,
    control: Control.RELAY,
    data: concatBytes(authBytes(auth), Uint8Array.of(n1, 0), encodeDateTime6(validUntil)),
  };
}

/**
 * Vendor token entry: C=14, DI 04 A1 20 00, PA + password + operator, then the 20 token digits as
 * 10 BCD bytes, least significant byte first. The meter answers 94 with one TokenResult byte.
 */
export function tokenRequest(address: Address, token: string, auth: WriteAuth): Frame {
  const digits = token.replace(/[\s-]/g, '');
  if (!/^\d{20}$/.test(digits)) throw new FrameError('bad-value', 'a token is 20 digits');
  return writeRequest(address, DI.TOKEN_ENTRY, auth, digitsToBcd(digits, 10));
}

/** C=08 to 999999999999: ss mm hh DD MM YY. Meters never answer it. */
export function broadcastTimeRequest(at: Date | DateParts, address: Address = BROADCAST_ADDRESS): Frame {
  return { address, control: Control.BROADCAST_TIME, data: encodeDateTime6(at) };
}

/** Rate feature word Z of C=17: one bit per rate. */
export const BAUD_BITS: Readonly<Record<number, number>> = {
  600: 0x02,
  1200: 0x04,
  2400: 0x08,
  4800: 0x10,
  9600: 0x20,
  19200: 0x40,
};

export function changeBaudRequest(address: Address, baud: number): Frame {
  const z = BAUD_BITS[baud];
  if (z === undefined) throw new FrameError('bad-value', `unsupported rate: ${baud}`);
  return { address, control: Control.CHANGE_BAUD, data: Uint8Array.of(z) };
}

/** C=18: DI 04 00 0C (level+1), old PA+password, new PA+password. */
export function changePasswordRequest(
  address: Address,
  current: { level: number; password: string },
  next: { level: number; password: string },
): Frame {
  const di = (DI.PASSWORD_LEVEL_0 + next.level) >>> 0;
  return {
    address,
    control: Control.CHANGE_PASSWORD,
    data: concatBytes(
      diToBytes(di),
      passwordBytes(current.level, current.password),
      passwordBytes(next.level, next.password),
    ),
  };
}

/** C=16: freeze at mm hh DD MM; undefined fields are the 99 wildcard ("every"). */
export function freezeRequest(
  address: Address,
  at: { minute?: number; hour?: number; day?: number; month?: number } = {},
): Frame {
  return {
    address,
    control: Control.FREEZE,
    data: Uint8Array.of(
      bcdByteOrWildcard(at.minute),
      bcdByteOrWildcard(at.hour),
      bcdByteOrWildcard(at.day),
      bcdByteOrWildcard(at.month),
    ),
  };
}

/** What a meter needs from a C=14 request: the DI, the credentials and the value bytes. */
export interface ParsedWrite {
  di: number;
  auth: WriteAuth;
  value: Uint8Array;
}

export function parseWriteRequest(frame: Frame): ParsedWrite {
  if (functionCode(frame.control) !== Control.WRITE || frame.data.length < 12) {
    throw new FrameError('bad-value', 'not a write request (C=14, DI + PA + password + operator)');
  }
  return { di: diFromBytes(frame.data), auth: parseAuth(frame.data, 4), value: frame.data.slice(12) };
}

/** The 20 digits of a token-entry request, or undefined for any other write. */
export function parseTokenRequest(frame: Frame): { token: string; auth: WriteAuth } | undefined {
  if (functionCode(frame.control) !== Control.WRITE || frame.data.length !== 22) return undefined;
  const w = parseWriteRequest(frame);
  if (w.di !== DI.TOKEN_ENTRY) return undefined;
  return { token: bcdToDigits(w.value), auth: w.auth };
}

export function parseRelayRequest(frame: Frame): {
  command: RelayCommand;
  auth: WriteAuth;
  validUntil: Date;
} {
  if (functionCode(frame.control) !== Control.RELAY || frame.data.length !== 16) {
    throw new FrameError('bad-value', 'not a relay request (C=1C, 16 bytes)');
  }
  const n1 = frame.data[8];
  const entry = Object.entries(RELAY_CODES).find(([, code]) => code === n1);
  if (!entry) throw new FrameError('bad-value', `unknown relay code ${n1?.toString(16)}`);
  return {
    command: entry[0] as RelayCommand,
    auth: parseAuth(frame.data, 0),
    validUntil: partsToDate(decodeDateTime6(frame.data, 10)),
  };
}

/** The time a C=08 frame sets. */
export function parseBroadcastTime(frame: Frame): Date {
  if (functionCode(frame.control) !== Control.BROADCAST_TIME || frame.data.length !== 6) {
    throw new FrameError('bad-value', 'not a broadcast time frame (C=08, 6 bytes)');
  }
  return partsToDate(decodeDateTime6(frame.data));
}

export function parseAuth(data: Uint8Array, offset: number): WriteAuth {
  return {
    level: data[offset] ?? 0,
    password: bcdToDigits(data.slice(offset + 1, offset + 4)),
    operator: bcdToDigits(data.slice(offset + 4, offset + 8)),
  };
}

/** A freeze-time field: a BCD byte, or 99 meaning "every". */
function bcdByteOrWildcard(n: number | undefined): number {
  return n === undefined ? 0x99 : toBcdByte(n);
}
