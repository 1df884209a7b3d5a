import { addressToBytes } from '@prepay/dlt645';
import { seedOf } from './load-profile.js';
import { type FrozenRecord, type MeterModel, WRITABLE_PARAMETERS } from './meter.js';
import { bcd, concat, dateBytes, dateTimeBytes, minuteStampBytes, timeBytes } from './values.js';

/**
 * What the meter answers to a read (C=11) of each data identifier (protocols.md §1.6): the raw value
 * bytes, or undefined for "no data requested" (an item this meter does not have, or a frozen record
 * it has not made yet).
 */

type Reader = (m: MeterModel, nowMs: number) => Uint8Array | undefined;

const electricOnly =
  (read: Reader): Reader =>
  (m, now) =>
    m.config.type === 0 ? read(m, now) : undefined;

/** Mains voltage with a slow deterministic wander around 230 V, in 0.1 V. */
const volts = (m: MeterModel, now: number) =>
  2300 + Math.round(60 * Math.sin(now / 7_200_000 + (seedOf(m.config.address) % 628) / 100));
/** Active power in 0.0001 kW (XX.XXXX). */
const activePower = (m: MeterModel, now: number) => m.powerWatts(now) * 10;
const POWER_FACTOR = 985;
/** Reactive and apparent power follow from the household's power factor of 0.985. */
const reactivePower = (m: MeterModel, now: number) =>
  Math.round(activePower(m, now) * Math.tan(Math.acos(POWER_FACTOR / 1000)));
const apparentPower = (m: MeterModel, now: number) => Math.round((activePower(m, now) * 1000) / POWER_FACTOR);
/** Current in mA (XXX.XXX): P / U. */
const current = (m: MeterModel, now: number) => Math.round((m.powerWatts(now) * 10_000) / volts(m, now));

/** A single-phase meter: phase A carries everything, B and C read zero in blocks and "no data" alone. */
function phaseItems(base: number, bytes: number, value: Reader, withTotal: boolean): [number, Reader][] {
  const zero = new Uint8Array(bytes);
  const block: Reader = (m, now) => {
    const v = value(m, now);
    return v && (withTotal ? concat(v, v, zero, zero) : concat(v, zero, zero));
  };
  const items: [number, Reader][] = [
    [base + 0x0100, electricOnly(value)],
    [base + 0xff00, electricOnly(block)],
  ];
  if (withTotal) items.push([base, electricOnly(value)]);
  return items;
}

const EXACT = new Map<number, Reader>([
  ...phaseItems(0x02010000, 2, (m, now) => bcd(volts(m, now), 2), false),
  ...phaseItems(0x02020000, 3, (m, now) => bcd(current(m, now), 3), false),
  ...phaseItems(0x02030000, 3, (m, now) => bcd(activePower(m, now), 3), true),
  ...phaseItems(0x02040000, 3, (m, now) => bcd(reactivePower(m, now), 3), true),
  ...phaseItems(0x02050000, 3, (m, now) => bcd(apparentPower(m, now), 3), true),
  ...phaseItems(0x02060000, 2, (m, now) => bcd(m.powerWatts(now) > 0 ? POWER_FACTOR : 1000, 2), true),
  [0x02800002, electricOnly(() => bcd(5000, 2))],
  [0x02800007, (m, now) => bcd(250 + ((Math.floor(now / 600_000) + m.config.address.length) % 60), 2)],
  [0x02800008, (m) => bcd(m.batteryCentivolts, 2)],
  [0x04000101, (m, now) => dateBytes(m.localMs(now))],
  [0x04000102, (m, now) => timeBytes(m.localMs(now))],
  [0x0400010c, (m, now) => dateTimeBytes(m.localMs(now))],
  [0x04000401, (m) => addressToBytes(m.config.address)],
  [0x04000402, (m) => addressToBytes(m.config.address)],
  // Words 1, 2, 4–7 (clock battery, phases, faults): all clear on a healthy single-phase meter.
  ...[1, 2, 4, 5, 6, 7].map((n): [number, Reader] => [0x04000500 + n, () => statusWord(0)]),
  [0x04000503, (m, now) => statusWord(m.statusWord3(now))],
  [0x040005ff, (m, now) => concat(...[0, 0, m.statusWord3(now), 0, 0, 0, 0].map(statusWord))],
  ...[...WRITABLE_PARAMETERS.keys()].map((di): [number, Reader] => [di, (m) => m.parameters.get(di)]),
  [0x00900100, (m, now) => bcd(m.balanceAt(now), 4)],
  [0x00900101, () => bcd(0, 4)],
  [0x03320201, (m) => bcd(m.purchaseCount, 2)],
  [0x03320601, (m) => bcd(m.purchasedHundredths, 4)],
  [0x03320101, (m) => (m.lastPurchase ? minuteStampBytes(m.lastPurchase.localMs) : undefined)],
  [0x03320301, (m) => (m.lastPurchase ? bcd(m.lastPurchase.units * 10, 4) : undefined)],
  [0x03320401, (m) => (m.lastPurchase ? bcd(m.lastPurchase.beforeHundredths, 4) : undefined)],
  [0x03320501, (m) => (m.lastPurchase ? bcd(m.lastPurchase.afterHundredths, 4) : undefined)],
]);

function statusWord(word: number): Uint8Array {
  return Uint8Array.of(word & 0xff, (word >> 8) & 0xff);
}

function energyBlock(tariffs: readonly number[], di1: number): Uint8Array | undefined {
  const total = tariffs.reduce((a, b) => a + b, 0);
  if (di1 === 0) return bcd(total, 4);
  if (di1 >= 1 && di1 <= 4) return bcd(tariffs[di1 - 1] ?? 0, 4);
  if (di1 === 0xff) return concat(bcd(total, 4), ...tariffs.map((t) => bcd(t, 4)));
  return undefined;
}

/** 00 0q tt pp: combined (q 0) / forward (1) / reverse (2) active, tariff tt, settlement period pp. */
function energy(m: MeterModel, di: number, now: number): Uint8Array | undefined {
  const quantity = (di >>> 16) & 0xff;
  const tariff = (di >>> 8) & 0xff;
  const period = di & 0xff;
  if (quantity > 2 || period > 12) return undefined;
  m.advance(now);
  let tariffs: readonly number[];
  if (period === 0) tariffs = m.tariffs;
  else {
    const record = m.monthly[period - 1];
    if (!record) return undefined;
    tariffs = record.tariffs;
  }
  // A prepaid household meter never exports: reverse registers stay at zero.
  if (quantity === 2) tariffs = [0, 0, 0, 0];
  return energyBlock(tariffs, tariff);
}

/** 05 06 qq nn: the n-th last daily freeze — its time (qq 00), forward (01) or reverse (02) energy. */
function dailyFrozen(m: MeterModel, di: number, now: number): Uint8Array | undefined {
  const quantity = (di >>> 8) & 0xff;
  const n = di & 0xff;
  if (n < 1 || n > 62 || quantity > 2) return undefined;
  m.advance(now);
  const record: FrozenRecord | undefined = m.daily[n - 1];
  if (!record) return undefined;
  if (quantity === 0) return minuteStampBytes(record.localMs);
  return energyBlock(quantity === 1 ? record.tariffs : [0, 0, 0, 0], 0xff);
}

export function readValue(m: MeterModel, di: number, nowMs: number): Uint8Array | undefined {
  const exact = EXACT.get(di);
  if (exact) return exact(m, nowMs);
  if (di >>> 24 === 0x00 && ((di >>> 16) & 0xff) <= 2) return energy(m, di, nowMs);
  if (di >>> 16 === 0x0506) return dailyFrozen(m, di, nowMs);
  return undefined;
}
