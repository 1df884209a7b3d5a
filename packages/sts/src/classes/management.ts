import { encodeAmount } from '../amount.js';
import { StsError } from '../errors.js';
import { parseHexUpTo } from '../hex.js';
import { checkSubclass, encodeRndTidValue, type TidTokenInput } from './common.js';
import { CREDIT_SUBCLASS } from './credit.js';

/** Class 2 (meter-specific management) subclasses, sts.md §2.2. */
export const MANAGEMENT_SUBCLASS = {
  setMaximumPowerLimit: 0,
  clearCredit: 1,
  setTariffRate: 2,
  set1stSectionDecoderKey: 3,
  set2ndSectionDecoderKey: 4,
  clearTamperCondition: 5,
  setMaximumPhasePowerUnbalanceLimit: 6,
  setWaterMeterFactor: 7,
  set3rdSectionDecoderKey: 8,
  set4thSectionDecoderKey: 9,
} as const;

/**
 * Register field of ClearCredit (sts.md §5.5): a register is numbered as the credit subclass that
 * fills it, or 0xFFFF for all. Some meters accept only 0 and 0xFFFF.
 */
export const CLEAR_CREDIT_REGISTER = { ...CREDIT_SUBCLASS, all: 0xffff } as const;

export interface PowerLimitInput extends TidTokenInput {
  /** Watts, 0 … 18 201 624; rounded up like credit amounts. */
  watts: number;
}

export function encodeSetMaximumPowerLimit(input: PowerLimitInput): string {
  return encodeRndTidValue(input, 2, 0, encodeAmount(input.watts, 'watts'));
}

export function encodeSetMaximumPhasePowerUnbalanceLimit(input: PowerLimitInput): string {
  return encodeRndTidValue(input, 2, 6, encodeAmount(input.watts, 'watts'));
}

export interface ClearCreditInput extends TidTokenInput {
  /** Register number, or its hex form ("FFFF" = all registers). */
  register: number | string;
}

export function encodeClearCredit(input: ClearCreditInput): string {
  const r = input.register;
  const register = typeof r === 'string' ? parseHexUpTo(r, 4, 'register') : r;
  if (typeof register !== 'number' || !Number.isInteger(register) || register < 0 || register > 0xffff) {
    throw new StsError(
      'INVALID_FIELD',
      'register must be 0–65535 or up to 4 hex digits ("FFFF" = all)',
      'register',
    );
  }
  return encodeRndTidValue(input, 2, 1, register);
}

export function encodeClearTamper(input: TidTokenInput): string {
  return encodeRndTidValue(input, 2, 5, 0);
}

export interface RawValueInput extends TidTokenInput {
  subclass: number;
  value16: number;
}

/**
 * SetTariffRate (2/2) and SetWaterMeterFactor (2/7) carry raw 16-bit values whose meaning the STS
 * Association reserves: expose them only for a meter vendor that documents them.
 */
export function encodeManagementRawValue(input: RawValueInput): string {
  const subclass = checkSubclass(input.subclass, [2, 7], 'raw-value management token');
  if (!Number.isInteger(input.value16) || input.value16 < 0 || input.value16 > 0xffff) {
    throw new StsError('INVALID_FIELD', 'value16 must be 0–65535', 'value16');
  }
  return encodeRndTidValue(input, 2, subclass, input.value16);
}
