import { FrameError } from './errors.js';

/**
 * Data identifiers, written DI3 DI2 DI1 DI0 as a 32-bit number (0x00010000 = "00 01 00 00");
 * on the wire DI0 goes first. Energy: DI2 = quantity, DI1 = tariff (00 total, FF block),
 * DI0 = 00 current or 01..0C previous settlement day (the monthly freeze).
 */
export const DI = {
  COMBINED_ACTIVE_TOTAL: 0x00000000,
  COMBINED_ACTIVE_BLOCK: 0x0000ff00,
  FORWARD_ACTIVE_TOTAL: 0x00010000,
  FORWARD_ACTIVE_TARIFF_1: 0x00010100,
  FORWARD_ACTIVE_TARIFF_2: 0x00010200,
  FORWARD_ACTIVE_TARIFF_3: 0x00010300,
  FORWARD_ACTIVE_TARIFF_4: 0x00010400,
  FORWARD_ACTIVE_BLOCK: 0x0001ff00,
  REVERSE_ACTIVE_TOTAL: 0x00020000,
  REVERSE_ACTIVE_BLOCK: 0x0002ff00,
  MONTHLY_COMBINED_ACTIVE_1: 0x00000001,
  MONTHLY_FORWARD_ACTIVE_1: 0x00010001,
  MONTHLY_FORWARD_ACTIVE_BLOCK_1: 0x0001ff01,
  MONTHLY_REVERSE_ACTIVE_1: 0x00020001,
  FORWARD_ACTIVE_MAX_DEMAND: 0x01010000,
  VOLTAGE_A: 0x02010100,
  VOLTAGE_B: 0x02010200,
  VOLTAGE_C: 0x02010300,
  VOLTAGE_BLOCK: 0x0201ff00,
  CURRENT_A: 0x02020100,
  CURRENT_B: 0x02020200,
  CURRENT_C: 0x02020300,
  CURRENT_BLOCK: 0x0202ff00,
  ACTIVE_POWER_TOTAL: 0x02030000,
  ACTIVE_POWER_A: 0x02030100,
  ACTIVE_POWER_B: 0x02030200,
  ACTIVE_POWER_C: 0x02030300,
  ACTIVE_POWER_BLOCK: 0x0203ff00,
  REACTIVE_POWER_TOTAL: 0x02040000,
  APPARENT_POWER_TOTAL: 0x02050000,
  POWER_FACTOR_TOTAL: 0x02060000,
  POWER_FACTOR_BLOCK: 0x0206ff00,
  FREQUENCY: 0x02800002,
  METER_TEMPERATURE: 0x02800007,
  CLOCK_BATTERY_VOLTAGE: 0x02800008,
  CURRENT_PRICE: 0x02800020,
  REMAINING_ENERGY: 0x00900100,
  OVERDRAFT_ENERGY: 0x00900101,
  REMAINING_MONEY: 0x00900200,
  OVERDRAFT_MONEY: 0x00900201,
  PURCHASE_COUNT_ENERGY: 0x03320201,
  PURCHASED_ENERGY_TOTAL: 0x03320601,
  PURCHASE_COUNT_MONEY: 0x03330201,
  PURCHASED_MONEY_TOTAL: 0x03330601,
  DATE: 0x04000101,
  TIME: 0x04000102,
  DATE_TIME: 0x0400010c,
  COMM_ADDRESS: 0x04000401,
  METER_NUMBER: 0x04000402,
  RUN_STATUS_1: 0x04000501,
  RUN_STATUS_2: 0x04000502,
  RUN_STATUS_3: 0x04000503,
  RUN_STATUS_4: 0x04000504,
  RUN_STATUS_5: 0x04000505,
  RUN_STATUS_6: 0x04000506,
  RUN_STATUS_7: 0x04000507,
  RUN_STATUS_BLOCK: 0x040005ff,
  PASSWORD_LEVEL_0: 0x04000c01,
  ALARM_ENERGY_1: 0x04000f01,
  ALARM_ENERGY_2: 0x04000f02,
  OVERDRAFT_ENERGY_LIMIT: 0x04000f04,
  ALARM_MONEY_1: 0x04001001,
  ALARM_MONEY_2: 0x04001002,
  OVERDRAFT_MONEY_LIMIT: 0x04001003,
  HOARDING_MONEY_LIMIT: 0x04001004,
  CLOSE_ALLOWED_MONEY_LIMIT: 0x04001005,
  TRIP_DELAY: 0x04001401,
  DAILY_FROZEN_TIME_1: 0x05060001,
  DAILY_FROZEN_FORWARD_ACTIVE_1: 0x05060101,
  DAILY_FROZEN_REVERSE_ACTIVE_1: 0x05060201,
  LOAD_PROFILE_EARLIEST: 0x06000000,
  LOAD_PROFILE_AT: 0x06000001,
  LOAD_PROFILE_LATEST: 0x06000002,
  /** Vendor item (mirrors Calin's "Send Token" A120): write a 20-digit STS token. Not in the standard. */
  TOKEN_ENTRY: 0x04a12000,
} as const;

/** Energy quantities (DI2 of a DI3=00 item). */
export const EnergyQuantity = { COMBINED_ACTIVE: 0x00, FORWARD_ACTIVE: 0x01, REVERSE_ACTIVE: 0x02 } as const;

/** Energy DI: quantity, tariff (0 total, 1..63, or 0xFF block), period (0 current, 1..12 settlement days back). */
export function energyDi(quantity: number, tariff: number, period = 0): number {
  checkRange(quantity, 0, 0xff, 'quantity');
  checkRange(tariff, 0, 0xff, 'tariff');
  checkRange(period, 0, 12, 'period');
  return ((quantity << 16) | (tariff << 8) | period) >>> 0;
}

/** Previous settlement day n (1 = last month) forward active total: 00 01 00 0n. */
export function monthlyForwardActive(n: number): number {
  return energyDi(EnergyQuantity.FORWARD_ACTIVE, 0, checkRange(n, 1, 12, 'settlement'));
}

/** Last-n daily freeze time: 05 06 00 nn (n 1..62). */
export function dailyFrozenTime(n: number): number {
  return (0x05060000 | checkRange(n, 1, 62, 'freeze')) >>> 0;
}

/** Last-n daily freeze forward active energy block (total + tariffs): 05 06 01 nn. */
export function dailyFrozenForwardActive(n: number): number {
  return (0x05060100 | checkRange(n, 1, 62, 'freeze')) >>> 0;
}

export function dailyFrozenReverseActive(n: number): number {
  return (0x05060200 | checkRange(n, 1, 62, 'freeze')) >>> 0;
}

/** DI0 first, as on the wire (before the +0x33). */
export function diToBytes(di: number): Uint8Array {
  if (!Number.isInteger(di) || di < 0 || di > 0xffffffff) {
    throw new FrameError('bad-value', `a data identifier is 32 bits: ${di}`);
  }
  return Uint8Array.of(di & 0xff, (di >>> 8) & 0xff, (di >>> 16) & 0xff, (di >>> 24) & 0xff);
}

export function diFromBytes(bytes: Uint8Array, offset = 0): number {
  if (bytes.length < offset + 4) throw new FrameError('too-short', 'a data identifier needs 4 bytes');
  return (
    ((bytes[offset] ?? 0) |
      ((bytes[offset + 1] ?? 0) << 8) |
      ((bytes[offset + 2] ?? 0) << 16) |
      ((bytes[offset + 3] ?? 0) << 24)) >>>
    0
  );
}

/** "00 01 00 00" for logs and screens. */
export function formatDi(di: number): string {
  const h = (di >>> 0).toString(16).toUpperCase().padStart(8, '0');
  return `${h.slice(0, 2)} ${h.slice(2, 4)} ${h.slice(4, 6)} ${h.slice(6, 8)}`;
}

/** Accepts 0x00010000, "00010000" or "00 01 00 00". */
export function parseDi(s: string): number {
  const compact = s.replace(/\s/g, '');
  if (!/^[0-9a-fA-F]{8}$/.test(compact)) throw new FrameError('bad-value', `not a data identifier: ${s}`);
  return Number.parseInt(compact, 16) >>> 0;
}

function checkRange(n: number, min: number, max: number, field: string): number {
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new FrameError('bad-value', `${field} must be an integer ${min}..${max}: ${n}`);
  }
  return n;
}
