import { encodeAmount, encodeCurrencyAmount } from '../amount.js';
import { StsError } from '../errors.js';
import { encodeRndTidValue, type TidTokenInput } from './common.js';

/** Class 0 (TransferCredit) subclasses, sts.md §2.2 and §5.1. */
export const CREDIT_SUBCLASS = {
  /** 0.1 kWh */
  electricity: 0,
  /** 0.1 m³ */
  water: 1,
  /** 0.1 m³ */
  gas: 2,
  /** 0.1 minute */
  time: 3,
  /** 0.00001 currency unit (2018; provisional layout) */
  electricityCurrency: 4,
  waterCurrency: 5,
  gasCurrency: 6,
  timeCurrency: 7,
} as const;

export interface CreditInput extends TidTokenInput {
  subclass: number;
  /**
   * Units of 0.1 kWh / 0.1 m³ / 0.1 min for subclasses 0–3 (0 … 18 201 624, rounded up to a
   * representable value); signed 0.00001 currency units for subclasses 4–7.
   */
  amountUnits: number | bigint;
}

export function encodeCredit(input: CreditInput): string {
  const { subclass } = input;
  if (typeof subclass !== 'number' || !Number.isInteger(subclass) || subclass < 0 || subclass > 7) {
    throw new StsError(
      'UNKNOWN_SUBCLASS',
      `credit subclass ${String(subclass)} is not defined: 0–3 are electricity, water, gas, time; 4–7 their currency forms; 8–15 are reserved`,
      'subclass',
    );
  }
  if (subclass >= 4) {
    // Currency: the S&E nibble (sign and high exponent bits) replaces RND, and the CRC is CRC_C.
    const { sAndE, amountField } = encodeCurrencyAmount(input.amountUnits);
    return encodeRndTidValue({ ...input, rnd: sAndE }, 0, subclass, amountField, true);
  }
  if (typeof input.amountUnits !== 'number') {
    throw new StsError('INVALID_AMOUNT', 'amountUnits must be a number for subclasses 0–3', 'amountUnits');
  }
  return encodeRndTidValue(input, 0, subclass, encodeAmount(input.amountUnits));
}
