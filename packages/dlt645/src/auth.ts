import { digitsToBcd } from './bcd.js';
import { FrameError } from './errors.js';

/** Password level PA (00 highest … 09; 02 and 04 are usual), 6-digit password, 8-digit operator code. */
export interface WriteAuth {
  level: number;
  password: string;
  operator: string;
}

/** PA + P0 P1 P2 + C0..C3 (8 bytes), each multi-byte field low byte first. */
export function authBytes(auth: WriteAuth): Uint8Array {
  const out = new Uint8Array(8);
  out.set(passwordBytes(auth.level, auth.password), 0);
  if (!/^\d{8}$/.test(auth.operator)) throw new FrameError('bad-value', 'operator code must be 8 digits');
  out.set(digitsToBcd(auth.operator, 4), 4);
  return out;
}

/** PA + the 3-byte password. Passwords are 6 decimal digits here (the field is BCD on every meter we know). */
export function passwordBytes(level: number, password: string): Uint8Array {
  if (!Number.isInteger(level) || level < 0 || level > 9) {
    throw new FrameError('bad-value', `password level must be 0..9: ${level}`);
  }
  if (!/^\d{6}$/.test(password)) throw new FrameError('bad-value', 'password must be 6 digits');
  const out = new Uint8Array(4);
  out[0] = level;
  out.set(digitsToBcd(password, 3), 1);
  return out;
}
