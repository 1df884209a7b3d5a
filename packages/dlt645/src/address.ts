import { FrameError } from './errors.js';

/**
 * A meter address: 12 digits, most significant first ("000102030425"). On the wire the six bytes go
 * lowest pair first (25 04 03 02 01 00). 'A' nibbles are wildcards (AAAAAAAAAAAA asks any single
 * meter for its address; high bytes AA abbreviate an address); 999999999999 is broadcast.
 * Addresses are kept as upper-case hex digits so that any six bytes a meter sends round-trip.
 */
export type Address = string;

export const WILDCARD_ADDRESS: Address = 'AAAAAAAAAAAA';
export const BROADCAST_ADDRESS: Address = '999999999999';

export function addressToBytes(address: Address): Uint8Array {
  if (typeof address !== 'string' || !/^[0-9A-Fa-f]{12}$/.test(address)) {
    throw new FrameError('bad-address', `address must be 12 digits: ${String(address)}`);
  }
  const upper = address.toUpperCase();
  const out = new Uint8Array(6);
  for (let i = 0; i < 6; i++) out[i] = Number.parseInt(upper.slice(10 - 2 * i, 12 - 2 * i), 16);
  return out;
}

export function addressFromBytes(bytes: Uint8Array, offset = 0): Address {
  let s = '';
  for (let i = 5; i >= 0; i--) {
    const b = bytes[offset + i];
    if (b === undefined) throw new FrameError('too-short', 'address needs 6 bytes');
    s += b.toString(16).toUpperCase().padStart(2, '0');
  }
  return s;
}

/** The meter address of an STS meter number: left-padded with '0' to 12 digits (47100000003 → 047100000003). */
export function meterAddress(meterNumber: string): Address {
  if (!/^\d{1,12}$/.test(meterNumber)) {
    throw new FrameError('bad-address', `a meter number for a 645 address is 1 to 12 digits: ${meterNumber}`);
  }
  return meterNumber.padStart(12, '0');
}

export function isBroadcast(address: Address): boolean {
  return address === BROADCAST_ADDRESS;
}

/** True when `pattern` (which may hold 'A' wildcard nibbles) names `address`. */
export function addressMatches(pattern: Address, address: Address): boolean {
  const p = pattern.toUpperCase();
  const a = address.toUpperCase();
  if (p.length !== 12 || a.length !== 12) return false;
  for (let i = 0; i < 12; i++) if (p[i] !== 'A' && p[i] !== a[i]) return false;
  return true;
}
