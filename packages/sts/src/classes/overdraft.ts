import { decodeAmount, encodeAmount } from '../amount.js';
import { StsError } from '../errors.js';
import { encodeRndTidValue, type TidTokenInput } from './common.js';

/**
 * "Set maximum overdraft" is NOT an IEC 62055-41 token (sts.md §11). Vendors put such features in
 * the class 2 subclasses reserved for proprietary use (11–15), built like MPL: RND|TID|value, the
 * standard CRC, encrypted with the decoder key. The subclass and the value encoding differ per
 * meter model, so the engine refuses the token unless a vendor profile is configured — enable one
 * only after the manufacturer's document and a bench meter confirm it.
 */
export interface VendorOverdraftProfile {
  /** Label shown in the console, e.g. "Hexing HXE110 overdraft (vendor-specific)". */
  name: string;
  /** Proprietary class 2 subclass, 11–15. */
  subclass: number;
  /** How the 16-bit value is formed: raw binary, the STS exponent/mantissa, or 4 BCD digits. */
  valueEncoding: 'raw' | 'expMantissa' | 'bcd';
  /** What one step of the value means (documentation for the UI; the engine takes integers). */
  unit: 'currencyMinorUnit' | '0.1kWh';
  /** Manufacturer codes of the meter models this profile is known to work with. */
  mfrCodes?: number[];
}

export interface OverdraftInput extends TidTokenInput {
  /** Overdraft limit in profile units. */
  value: number;
  profile?: VendorOverdraftProfile | null;
}

export function checkVendorProfile(profile: unknown): VendorOverdraftProfile {
  if (profile === undefined || profile === null) {
    throw new StsError(
      'NO_VENDOR_PROFILE',
      '"Set maximum overdraft" is not an STS token; configure a vendor profile (proprietary class 2 subclass 11–15 and value encoding) for this meter model first',
      'profile',
    );
  }
  const p = profile as Partial<VendorOverdraftProfile>;
  if (typeof p.subclass !== 'number' || !Number.isInteger(p.subclass) || p.subclass < 11 || p.subclass > 15) {
    throw new StsError(
      'INVALID_VENDOR_PROFILE',
      'a vendor profile must use a proprietary class 2 subclass (11–15); 0–10 belong to the standard',
      'profile.subclass',
    );
  }
  if (p.valueEncoding !== 'raw' && p.valueEncoding !== 'expMantissa' && p.valueEncoding !== 'bcd') {
    throw new StsError(
      'INVALID_VENDOR_PROFILE',
      'profile.valueEncoding must be "raw", "expMantissa" or "bcd"',
      'profile.valueEncoding',
    );
  }
  return p as VendorOverdraftProfile;
}

export function encodeVendorValue(profile: VendorOverdraftProfile, value: number): number {
  if (!Number.isInteger(value) || value < 0) {
    throw new StsError('INVALID_AMOUNT', 'the overdraft value must be a whole, non-negative number', 'value');
  }
  switch (profile.valueEncoding) {
    case 'expMantissa':
      return encodeAmount(value, 'value');
    case 'bcd':
      if (value > 9999)
        throw new StsError('AMOUNT_OUT_OF_RANGE', 'a 4-digit BCD value is at most 9999', 'value');
      return Number.parseInt(String(value), 16);
    default:
      if (value > 0xffff)
        throw new StsError('AMOUNT_OUT_OF_RANGE', 'a raw 16-bit value is at most 65535', 'value');
      return value;
  }
}

/** The value a 16-bit field stands for; undefined when it is not valid BCD. */
export function decodeVendorValue(profile: VendorOverdraftProfile, value16: number): number | undefined {
  switch (profile.valueEncoding) {
    case 'expMantissa':
      return decodeAmount(value16);
    case 'bcd': {
      const digits = value16.toString(16);
      return /^\d+$/.test(digits) ? Number(digits) : undefined;
    }
    default:
      return value16;
  }
}

export function encodeSetMaximumOverdraft(input: OverdraftInput): string {
  const profile = checkVendorProfile(input.profile);
  return encodeRndTidValue(input, 2, profile.subclass, encodeVendorValue(profile, input.value));
}
