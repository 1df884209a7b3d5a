import { StsError } from './errors.js';

/**
 * MeterPAN (sts.md §1): 18 digits = IIN + IAIN + PAN check digit. The IIN is the legacy 6-digit
 * `600727` or the 4-digit common code `0000`; IAIN = MfrCode (2 or 4 digits) + DSN (8) + DRN check
 * digit. Both check digits are Luhn.
 */

export interface MeterPan {
  pan: string;
  iin: string;
  iain: string;
  mfrCode: string;
  dsn: string;
  drnCheckDigit: string;
  panCheckDigit: string;
  /** Digits 2–17: the DKGA02 PANBlock (16 nibbles). */
  panBlock: string;
}

/** Luhn check digit for a string of decimal digits. */
export function luhnCheckDigit(digits: string): number {
  let sum = 0;
  for (let i = digits.length - 1, double = true; i >= 0; i--, double = !double) {
    let d = digits.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

export function parseMeterPan(pan: unknown, field = 'meterPAN'): MeterPan {
  if (typeof pan !== 'string' || !/^\d{18}$/.test(pan)) {
    throw new StsError(
      'INVALID_PAN',
      `${field} must be exactly 18 decimal digits (IIN + IAIN + check digit)`,
      field,
    );
  }
  const expected = luhnCheckDigit(pan.slice(0, 17));
  if (expected !== Number(pan[17])) {
    throw new StsError(
      'PAN_CHECK_DIGIT',
      `${field} ${pan} has PAN check digit ${pan[17]}, Luhn over the first 17 digits gives ${expected}`,
      field,
    );
  }
  // The 4-digit "common code" IIN 0000 came with 4-digit manufacturer codes (13-digit IAIN).
  const iinLength = pan.startsWith('0000') ? 4 : 6;
  const iin = pan.slice(0, iinLength);
  const iain = pan.slice(iinLength, 17);
  const mfrLength = iain.length - 9;
  const drnBody = iain.slice(0, -1);
  const drnExpected = luhnCheckDigit(drnBody);
  if (drnExpected !== Number(iain.at(-1))) {
    throw new StsError(
      'PAN_CHECK_DIGIT',
      `${field} ${pan}: the meter number (IAIN ${iain}) has check digit ${iain.at(-1)}, Luhn gives ${drnExpected}`,
      field,
    );
  }
  return {
    pan,
    iin,
    iain,
    mfrCode: iain.slice(0, mfrLength),
    dsn: iain.slice(mfrLength, mfrLength + 8),
    drnCheckDigit: iain.slice(-1),
    panCheckDigit: pan.slice(17, 18),
    panBlock: pan.slice(1, 17),
  };
}

/**
 * Builds the 18-digit MeterPAN from the meter number many screens show (the 11- or 13-digit
 * IAIN, e.g. 58000079523), adding the IIN and the PAN check digit.
 */
export function meterPanFromIain(iain: string, iin?: string): string {
  if (!/^(\d{11}|\d{13})$/.test(iain)) {
    throw new StsError('INVALID_PAN', 'the meter number (IAIN) must be 11 or 13 digits', 'iain');
  }
  const prefix = iin ?? (iain.length === 11 ? '600727' : '0000');
  if (prefix.length + iain.length !== 17) {
    throw new StsError(
      'INVALID_PAN',
      'a 6-digit IIN goes with an 11-digit IAIN, a 4-digit IIN with 13',
      'iin',
    );
  }
  const body = prefix + iain;
  return body + luhnCheckDigit(body);
}
