import { StsError } from '../errors.js';
import { checkInt } from '../hex.js';
import { encodeBlock } from '../token.js';

/**
 * Class 1: InitiateMeterTest/Display (sts.md §9). Not encrypted and not meter-specific: any meter
 * whose manufacturer code matches accepts it. Subclass 0 = 36 control bits + 8-bit MfrCode (2-digit
 * manufacturer codes), subclass 1 = 28 control bits + 16-bit MfrCode (4-digit codes).
 */

/** Control bits: set bit i to request that test or display. ✓ = confirmed by two sources. */
export const METER_TEST_CONTROL = {
  /** ✓ open/close the load switch (relay) */
  loadSwitch: 1 << 0,
  /** ✓ all segments, LEDs, buzzer */
  displayTest: 1 << 1,
  /** ✓ total units */
  displayCumulativeEnergy: 1 << 2,
  /** ✓ KRN and KT */
  displayKeyRevisionNumber: 1 << 3,
  /** ✓ */
  displayTariffIndex: 1 << 4,
  tokenReaderTest: 1 << 5,
  /** ✓ */
  displayMaximumPowerLimit: 1 << 6,
  displayTamperStatus: 1 << 7,
  displayPowerConsumption: 1 << 8,
  displaySoftwareVersion: 1 << 9,
  displayPhasePowerUnbalanceLimit: 1 << 10,
  displayWaterMeterFactor: 1 << 11,
  displayTariffRate: 1 << 12,
} as const;

export type MeterTestName = keyof typeof METER_TEST_CONTROL;

export interface MeterTestInput {
  subclass: 0 | 1 | number;
  /** Control field as hex ("1", "FFFFFFFFF" = all 36 tests); or give `tests`. */
  controlHex?: string;
  tests?: MeterTestName[];
  /** Manufacturer code as a binary number (0 is accepted generically by many meters). */
  mfrCode: number;
}

export function encodeMeterTest(input: MeterTestInput): string {
  const subclass = input.subclass;
  if (subclass !== 0 && subclass !== 1) {
    throw new StsError(
      'UNKNOWN_SUBCLASS',
      `meter test subclass ${String(subclass)} is not supported: 0 = 2-digit MfrCode, 1 = 4-digit MfrCode`,
      'subclass',
    );
  }
  const controlBits = subclass === 0 ? 36 : 28;
  const mfrBits = subclass === 0 ? 8 : 16;
  let control: number;
  if (input.controlHex !== undefined) {
    const ok = typeof input.controlHex === 'string' && /^[0-9a-fA-F]{1,9}$/.test(input.controlHex);
    control = ok ? Number.parseInt(input.controlHex, 16) : -1;
    if (control < 0 || control >= 2 ** controlBits) {
      throw new StsError(
        'INVALID_FIELD',
        `controlHex must be hex of at most ${controlBits} bits for subclass ${subclass}`,
        'controlHex',
      );
    }
  } else if (input.tests && input.tests.length > 0) {
    control = 0;
    for (const t of input.tests) {
      const bit = METER_TEST_CONTROL[t];
      if (bit === undefined) throw new StsError('INVALID_FIELD', `unknown meter test "${t}"`, 'tests');
      control += bit;
    }
  } else {
    throw new StsError('INVALID_FIELD', 'give controlHex or a list of tests', 'controlHex');
  }
  const mfrCode = checkInt(input.mfrCode, 0, 2 ** mfrBits - 1, 'mfrCode');
  // payload (44 bits) = control · 2^mfrBits + mfrCode; < 2^44, exact as a Number.
  const payload = control * 2 ** mfrBits + mfrCode;
  return encodeBlock(null, 1, subclass, Math.floor(payload / 65536), payload % 65536);
}
