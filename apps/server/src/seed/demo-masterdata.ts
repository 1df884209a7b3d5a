import { dkga02, luhnCheckDigit, meterPanFromIain } from '@prepay/sts';
import { eq, inArray } from 'drizzle-orm';
import type { Config } from '../config.js';
import type { Db, Tx } from '../db/client.js';
import {
  accounts,
  customers,
  debts,
  gateways,
  items,
  meterKeys,
  meters,
  stations,
  systemSettings,
  tariffs,
  vendingKeys,
} from '../db/schema.js';
import { writeAudit } from '../kernel/audit.js';
import { createKeyCipher, type KeyCipher, loadKeyEncryptionKey } from '../modules/keystore/index.js';
import { SYSTEM_STATION } from './bootstrap.js';
import { DEMO_CATALOGUE, storedSteps } from './demo-catalogue.js';

/**
 * Demo master data for a first start: gateways, ~2,000 meters of the three types with STS keys (decoder
 * keys derived with DKGA02 from a DEMO vending key — not a real STS key), customers, accounts, five
 * tariffs with steps, some debts and the item dictionary (the fixed content is demo-catalogue.json).
 * Deterministic, batched, runs once.
 */
export const DEMO_VENDING_KEY = {
  sgc: '123456',
  krn: 1,
  dkga: '02',
  key: 'ABABABABABABABAB',
  baseYear: 2014,
} as const;
const FLAG = 'demo.masterdata';
const METERS = 2000;

/** Deterministic pseudo-random numbers, so every demo database looks the same. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 0x100000000;
  };
}

type Stamp = { createId: string; createDate: Date };
type Random = () => number;

/** list[n] round the list: the list is never empty, so the fallback only satisfies the type. */
const cycle = <T>(list: readonly [T, ...T[]], n: number): T => list[n % list.length] ?? list[0];
const pick = <T>(random: Random, list: readonly [T, ...T[]]) =>
  cycle(list, Math.floor(random() * list.length));
/** The demo stations take turns: gateway, meter and customer n belong to station n mod 3. */
const stationAt = (n: number) => cycle(DEMO_CATALOGUE.stations, n).stationId;

function tariffRows(stamp: Stamp) {
  return DEMO_CATALOGUE.tariffs.map((t) => ({
    tariffId: t.tariffId,
    tariffName: t.tariffName,
    priceMinor: t.price * 100,
    taxBp: 750,
    steps: storedSteps(t.steps),
    monthlyChargeMinor: t.monthly * 100,
    billingDay: 1,
    startTime: new Date('2026-01-01T00:00:00'),
    // A passive tariff waiting for its start (the demo's Residential one starts with the new year).
    ...(t.passive
      ? {
          startTimeNew: new Date(t.passive.startTime),
          priceMinorNew: t.passive.price * 100,
          stepsNew: storedSteps(t.passive.steps),
        }
      : {}),
    stationId: SYSTEM_STATION,
    ...stamp,
  }));
}

function gatewayRows(random: Random, stamp: Stamp) {
  return Array.from({ length: 20 }, (_, i) => {
    const hex = (n: number) => n.toString(16).toUpperCase().padStart(2, '0');
    // The seed once drew a fake success rate here; keep drawing so the meters after stay the same.
    if (i % 7 !== 3) random();
    return {
      gatewayId: `E4-38-19-FF-FE-00-${hex(i >> 8)}-${hex((i + 1) & 0xff)}`,
      gatewayName: `${stationAt(i)} GW ${String(Math.floor(i / 3) + 1).padStart(2, '0')}`,
      // Status, last seen and success rate come from the head-end once it hears the gateway.
      status: false,
      successRateBp: 0,
      stationId: stationAt(i),
      ...stamp,
    };
  });
}

function itemRows(stamp: Stamp) {
  return DEMO_CATALOGUE.items.map(([itemType, itemName, en, ar, es, fr, pt, zh]) => ({
    itemType,
    itemName,
    en,
    ar,
    es,
    fr,
    pt,
    zh,
    ...stamp,
  }));
}

/** Meter n: 70 % single-phase electricity, 20 % water, 10 % gas; every eighth on GPRS, the rest LoRaWAN. */
function demoMeter(n: number, meterId: string, stationId: string, random: Random, stamp: Stamp) {
  const r = random();
  const type = r < 0.7 ? 0 : r < 0.9 ? 1 : 2;
  return {
    meterId,
    type,
    isThreePhase: type === 0 && n % 11 === 0 ? 1 : 0,
    communicationWay: n % 8 === 0 ? 0 : 1,
    // LoRaWAN meters carry a DevEUI the network server knows them by: fixed prefix + the meter's number.
    devEui: n % 8 === 0 ? null : `70b3d5e75e${(n + 1).toString(16).padStart(6, '0')}`,
    protocolVersion: n % 5 === 0 ? '1.0' : '2.2',
    lat: 6.4 + random() * 0.4,
    lng: 3.3 + random() * 0.4,
    status: n % 10 !== 9,
    ea: '07',
    baseYear: 2014,
    sgc: DEMO_VENDING_KEY.sgc,
    krn: 1,
    ken: 255,
    ti: 1,
    kt: 2,
    stationId,
    ...stamp,
  } satisfies typeof meters.$inferInsert;
}

/** A demo meter's decoder key: DKGA02 from the demo vending key (the seeded history's tokens use it too). */
export const demoDecoderKey = (meterId: string) =>
  dkga02({
    meterPAN: meterPanFromIain(meterId),
    sgc: DEMO_VENDING_KEY.sgc,
    krn: 1,
    kt: 2,
    ti: 1,
    vendingKey: DEMO_VENDING_KEY.key,
  });

/** The meter's decoder key, derived with DKGA02 from the demo vending key and sealed. */
function demoMeterKey(meterId: string, cipher: KeyCipher): typeof meterKeys.$inferInsert {
  const decoderKey = demoDecoderKey(meterId);
  return {
    meterId,
    keyEnc: cipher.seal(decoderKey, `meter:${meterId}`),
    ea: '07',
    sgc: DEMO_VENDING_KEY.sgc,
    krn: 1,
    kt: 2,
    ti: 1,
    baseYear: 2014,
    source: 'DKGA02',
  };
}

function demoCustomer(n: number, meterId: string, stationId: string, random: Random, stamp: Stamp) {
  return {
    // As the original operator does, the customer id is the meter number.
    customerId: meterId,
    customerName: `${pick(random, DEMO_CATALOGUE.firstNames)} ${pick(random, DEMO_CATALOGUE.lastNames)}`,
    type: 0,
    phone: `080${String(Math.floor(random() * 1e8)).padStart(8, '0')}`,
    address: `${1 + Math.floor(random() * 200)} ${pick(random, DEMO_CATALOGUE.streets)}, ${stationId.charAt(0)}${stationId.slice(1).toLowerCase()}`,
    certifiName: 'National ID',
    certifiNo: String(10000 + n),
    stationId,
    ...stamp,
  } satisfies typeof customers.$inferInsert;
}

function demoTariffId(type: number, n: number): string {
  if (type !== 0) return n % 19 === 0 ? 'PUBLIC' : 'RESIDENTIAL';
  if (n % 13 === 0) return 'COMMERCIAL';
  if (n % 17 === 0) return 'PRODUCTIVE';
  return n % 23 === 0 ? 'LIFELINE' : 'RESIDENTIAL';
}

function demoDebt(meterId: string, stationId: string, random: Random, stamp: Stamp) {
  const total = (5 + Math.floor(random() * 200)) * 10000;
  const paid = Math.floor(total * random() * 0.5);
  return {
    customerId: meterId,
    totalDebtMinor: total,
    remainingDebtMinor: total - paid,
    payDebtMinor: paid,
    stationId,
    ...stamp,
  } satisfies typeof debts.$inferInsert;
}

/** The meters with their keys; nine in ten bound to a customer's account, one in 31 of those with a debt. */
function demoFleet(random: Random, cipher: KeyCipher, stamp: Stamp) {
  const meterRows: (typeof meters.$inferInsert)[] = [];
  const keyRows: (typeof meterKeys.$inferInsert)[] = [];
  const customerRows: (typeof customers.$inferInsert)[] = [];
  const accountRows: (typeof accounts.$inferInsert)[] = [];
  const debtRows: (typeof debts.$inferInsert)[] = [];
  for (let n = 0; n < METERS; n++) {
    const body = `47${String(10000000 + n).padStart(8, '0')}`;
    const meterId = body + luhnCheckDigit(body);
    const stationId = stationAt(n);
    const meter = demoMeter(n, meterId, stationId, random, stamp);
    meterRows.push(meter);
    keyRows.push(demoMeterKey(meterId, cipher));
    if (!meter.status) continue;
    customerRows.push(demoCustomer(n, meterId, stationId, random, stamp));
    const tariffId = demoTariffId(meter.type, n);
    accountRows.push({ meterId, customerId: meterId, tariffId, ctRatio: null, stationId, ...stamp });
    if (n % 31 === 0) debtRows.push(demoDebt(meterId, stationId, random, stamp));
  }
  return { meterRows, keyRows, customerRows, accountRows, debtRows };
}

export async function seedDemoMasterData(db: Db, config: Config): Promise<void> {
  const [done] = await db.select().from(systemSettings).where(eq(systemSettings.key, FLAG));
  if (done) return;
  const present = await db
    .select({ id: stations.stationId })
    .from(stations)
    .where(
      inArray(
        stations.stationId,
        DEMO_CATALOGUE.stations.map((s) => s.stationId),
      ),
    );
  if (present.length !== DEMO_CATALOGUE.stations.length) return;
  const cipher = createKeyCipher(await loadKeyEncryptionKey({ dataDir: config.dataDir }));
  const random = rng(20260522);
  const stamp: Stamp = { createId: 'system', createDate: new Date() };
  const tariffs = tariffRows(stamp);
  const gateways = gatewayRows(random, stamp);
  const fleet = demoFleet(random, cipher, stamp);
  const items = itemRows(stamp);
  await db.transaction((tx) => insertDemo(tx, cipher, stamp, { tariffs, gateways, items, ...fleet }));
}

const chunked = async <T>(rows: T[], insert: (part: T[]) => Promise<unknown>) => {
  for (let i = 0; i < rows.length; i += 400) await insert(rows.slice(i, i + 400));
};

async function insertDemo(
  tx: Tx,
  cipher: KeyCipher,
  stamp: Stamp,
  rows: ReturnType<typeof demoFleet> & {
    tariffs: ReturnType<typeof tariffRows>;
    gateways: ReturnType<typeof gatewayRows>;
    items: ReturnType<typeof itemRows>;
  },
) {
  await tx.insert(systemSettings).values({ key: FLAG, value: stamp.createDate.toISOString() });
  await tx
    .insert(vendingKeys)
    .values({
      sgc: DEMO_VENDING_KEY.sgc,
      krn: DEMO_VENDING_KEY.krn,
      dkga: DEMO_VENDING_KEY.dkga,
      baseYear: DEMO_VENDING_KEY.baseYear,
      keyEnc: cipher.seal(DEMO_VENDING_KEY.key, `vending:${DEMO_VENDING_KEY.sgc}/${DEMO_VENDING_KEY.krn}`),
      label: 'DEMO key (not an STS key; simulation only)',
      createId: stamp.createId,
    })
    .onConflictDoNothing();
  await tx.insert(tariffs).values(rows.tariffs).onConflictDoNothing();
  await tx.insert(gateways).values(rows.gateways).onConflictDoNothing();
  await tx.insert(items).values(rows.items).onConflictDoNothing();
  await chunked(rows.meterRows, (p) => tx.insert(meters).values(p).onConflictDoNothing());
  await chunked(rows.keyRows, (p) => tx.insert(meterKeys).values(p).onConflictDoNothing());
  await chunked(rows.customerRows, (p) => tx.insert(customers).values(p).onConflictDoNothing());
  await chunked(rows.accountRows, (p) => tx.insert(accounts).values(p).onConflictDoNothing());
  await chunked(rows.debtRows, (p) => tx.insert(debts).values(p).onConflictDoNothing());
  await writeAudit(
    tx,
    { userId: 'system', stationId: SYSTEM_STATION, ipAddress: null },
    {
      title: 'System',
      action: 'SeedDemo',
      content: `${rows.gateways.length} gateways, ${rows.meterRows.length} meters, ${rows.customerRows.length} customers, ${rows.accountRows.length} accounts, ${rows.tariffs.length} tariffs, ${rows.debtRows.length} debts, ${rows.items.length} items`,
    },
  );
}
