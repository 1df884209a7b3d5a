import { allocateTid, CREDIT_SUBCLASS, encodeCredit } from '@prepay/sts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import {
  accounts,
  customers,
  meters,
  receiptCounters,
  systemSettings,
  tariffs,
  tokenRecords,
  type waterDailyData,
  waterMonthlyData,
} from '../db/schema.js';
import { writeAudit } from '../kernel/audit.js';
import { addDays, addHours, hourStart, localDay, localTime } from '../lib/dates.js';
import {
  type NewAlarm,
  type NewDailyRow,
  type NewHourlyRow,
  raiseAlarms,
  saveDailyRows,
  saveHourlyRows,
  saveMonthlyRows,
  saveWaterRows,
} from '../modules/meter-data/index.js';
import { DEMO_VENDING_KEY, demoDecoderKey } from './demo-masterdata.js';
import {
  checkMeterDays,
  DEMO_THEFT,
  demoNetwork,
  type PlantedTheft,
  plantTheft,
  registered,
  saveNetwork,
  stopsBuying,
  tamperFlagged,
  usesPastCredit,
} from './demo-theft.js';

const FLAG = 'demo.history';
/** Sized so a PGlite first start stays within seconds (measured in the report): 365 days × these meters. */
export const DEMO_HISTORY = { days: 365, electricMeters: 40, waterMeters: 10, purchasingAccounts: 150 };

function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 0x100000000;
  };
}

type Account = {
  meterId: string;
  customerId: string;
  customerName: string | null;
  customerAddress: string | null;
  stationId: string;
  tariffId: string;
  tariffName: string | null;
  type: number;
  gatewayId: string | null;
};

/** How demo customers pay, in turn: mostly cash, as at a vending office. */
const PAYMENT_METHODS = ['Cash', 'Cash', 'MobileMoney', 'Cash', 'Card', 'Cash', 'BankTransfer'] as const;
type Vend = typeof tokenRecords.$inferInsert;

const dayAt = (end: Date, back: number, hour = 0, minute = 0) =>
  localTime(addDays(localDay(end), -back), hour, minute);

/**
 * One meter's year: a daily frozen reading (usage, totals, credit that falls with use and rises with each
 * vend), its vends, and the month-start registers. Deterministic per meter.
 */
function meterYear(
  a: Account,
  index: number,
  end: Date,
  withReadings: boolean,
  priceMinor: number,
  theft?: PlantedTheft,
) {
  const random = rng(index * 7919 + 17);
  const daily: NewDailyRow[] = [];
  const vends: Vend[] = [];
  /** What the customer really used each day, oldest first (a check meter upstream sees it all). */
  const used: number[] = [];
  let total = 10_000 + Math.floor(random() * 400_000);
  let remain = 300 + Math.floor(random() * 1500);
  const offlineFrom = offlineDays(index);
  for (let back = DEMO_HISTORY.days - 1; back >= 0; back--) {
    const day = dayAt(end, back);
    const weekend = day.getDay() === 0 || day.getDay() === 6;
    const wanted = Math.floor((weekend ? 60 : 35) + random() * 90);
    const use = usesPastCredit(theft, back) ? wanted : Math.min(remain, wanted);
    used.push(use);
    const usage = registered(theft, back, use);
    total += usage;
    remain = Math.max(0, remain - usage);
    if (remain < 120 && random() < 0.8 && !stopsBuying(theft, back)) {
      const units = (150 + Math.floor(random() * 250)) * 10;
      remain += units;
      vends.push({
        ...customerOf(a),
        kind: 'credit',
        receiptId: 0,
        units,
        totalPaidMinor: (units * priceMinor) / 10,
        energyMinor: (units * priceMinor) / 10,
        purchaseWay: 1,
        paymentMethod: PAYMENT_METHODS[vends.length % PAYMENT_METHODS.length] ?? 'Cash',
        // The station's cashier sold it, as the office's records would say.
        createId: `${a.stationId}_VENDOR 1`,
        createDate: dayAt(end, back, 8 + Math.floor(random() * 10), Math.floor(random() * 60)),
      });
    }
    if (!withReadings || back < offlineFrom) continue;
    const tamper = random() < 0.002;
    const planted = tamperFlagged(theft, back);
    daily.push({
      meterId: a.meterId,
      currentDate: localDay(day),
      stationId: a.stationId,
      gatewayId: a.gatewayId,
      usage1: usage,
      usage2: 0,
      total1: total,
      total2: 0,
      remain1: remain,
      remain2: 0,
      intervalDemand: 800 + Math.floor(random() * 3000),
      power: 200 + Math.floor(random() * 2000),
      voltageA: 2150 + Math.floor(random() * 200),
      currentA: 500 + Math.floor(random() * 8000),
      relayOpen: remain === 0,
      batteryLow: false,
      magneticInterference: planted,
      terminalCoverOpen: tamper,
      coverOpen: false,
      source2Activated: false,
      currentReverse: false,
      currentUnbalance: false,
      status: tamper || planted || remain === 0,
      source: 'seed',
    });
  }
  return { daily, vends: withTokens(a.meterId, vends), offline: offlineFrom > 0, used };
}

/** A demo meter that falls silent: no reading for its last three days. */
const offlineDays = (index: number) => (index % 37 === 5 ? 3 : 0);

/** What a record keeps of the account it was sold to (the customer's name and address as they were). */
const customerOf = (a: Account) => ({
  meterId: a.meterId,
  meterType: a.type,
  customerId: a.customerId,
  customerName: a.customerName,
  customerAddress: a.customerAddress,
  tariffId: a.tariffId,
  tariffName: a.tariffName,
  stationId: a.stationId,
});

/** The meter's demo decoder key; none for a number that is no valid meter number (no STS key). */
function demoKeyOf(meterId: string): string | null {
  try {
    return demoDecoderKey(meterId);
  } catch {
    return null;
  }
}

/**
 * A meter's purchases, in date order, with the tokens a vending office would have issued: each TID from
 * the sale's time and above the last, encrypted under the meter's demo decoder key (a meter given the
 * token would accept it; a sale today takes the next TID).
 */
function withTokens(meterId: string, vends: Vend[]): Vend[] {
  const decoderKey = demoKeyOf(meterId);
  if (!decoderKey) return vends;
  let lastTid: number | undefined;
  return vends.map((v, i) => {
    const tid = allocateTid({ at: v.createDate ?? new Date(), baseYear: DEMO_VENDING_KEY.baseYear, lastTid });
    lastTid = tid;
    const subclass = CREDIT_SUBCLASS.electricity;
    // The random nibble from the sale's place in the list, so every demo database has the same tokens.
    const token = encodeCredit({ decoderKey, tid, subclass, amountUnits: v.units ?? 0, rnd: i % 16 });
    return { ...v, token, tid, tokenClass: 0, subclass };
  });
}

/** Month-start registers: the first daily row of each month. */
const monthly = (daily: NewDailyRow[]) =>
  daily.filter((d) => d.currentDate.endsWith('-01')).map((d) => ({ ...d, usage1: null }));

/** The last 48 hours as hourly readings (the Hourly row action and the readHourly feed). */
function hourly(a: Account, last: NewDailyRow | undefined, end: Date, index: number): NewHourlyRow[] {
  if (!last) return [];
  const random = rng(index * 104729 + 3);
  let total = last.total1 ?? 0;
  let remain = last.remain1 ?? 0;
  const out: NewHourlyRow[] = [];
  for (let h = 47; h >= 0; h--) {
    const usage = Math.min(remain, Math.floor(random() * 8));
    total += usage;
    remain -= usage;
    const readingTime = hourStart(addHours(end, -h));
    out.push({
      meterId: a.meterId,
      readingTime,
      stationId: a.stationId,
      total1: total,
      remain1: remain,
      usage1: usage,
    });
  }
  return out;
}

function water(a: Account, index: number, end: Date) {
  const random = rng(index * 31337 + 11);
  let total = Math.floor(random() * 5000);
  let recharge = 2000;
  const rows: (typeof waterDailyData.$inferInsert)[] = [];
  for (let back = DEMO_HISTORY.days - 1; back >= 0; back--) {
    const use = Math.floor(random() * 6);
    total += use;
    if (recharge - total < 50) recharge += 500;
    rows.push({
      meterId: a.meterId,
      currentDate: localDay(dayAt(end, back)),
      stationId: a.stationId,
      total,
      totalRecharge: recharge,
      remain: recharge - total,
      valveStatus: true,
      valveError: false,
      magneticInterference: false,
      batteryPercentage: Math.max(5, 100 - Math.floor((DEMO_HISTORY.days - back) / 8)),
      source: 'seed',
    });
  }
  return rows;
}

async function loadAccounts(db: Db, type: number, limit: number): Promise<Account[]> {
  return db
    .select({
      meterId: accounts.meterId,
      customerId: accounts.customerId,
      customerName: customers.customerName,
      customerAddress: customers.address,
      stationId: accounts.stationId,
      tariffId: accounts.tariffId,
      tariffName: tariffs.tariffName,
      type: meters.type,
      // LoRaWAN meters (those with a DevEUI) are heard through one of their station's gateways.
      gatewayId: sql<string | null>`case when ${meters.devEui} is not null then (
        select g.gateway_id from gateways g where g.station_id = ${accounts.stationId}
        order by md5(g.gateway_id || ${accounts.meterId}) limit 1) end`,
    })
    .from(accounts)
    .innerJoin(meters, eq(meters.meterId, accounts.meterId))
    .leftJoin(customers, eq(customers.customerId, accounts.customerId))
    .leftJoin(tariffs, eq(tariffs.tariffId, accounts.tariffId))
    .where(and(eq(meters.type, type)))
    .orderBy(asc(accounts.meterId))
    .limit(limit);
}

async function insertVends(tx: Tx, vends: Vend[]) {
  await tx.insert(receiptCounters).values({ kind: 'credit', last: 0 }).onConflictDoNothing();
  const [counter] = await tx
    .select()
    .from(receiptCounters)
    .where(eq(receiptCounters.kind, 'credit'))
    .for('update');
  let next = counter?.last ?? 0;
  vends.sort((x, y) => (x.createDate?.getTime() ?? 0) - (y.createDate?.getTime() ?? 0));
  for (const v of vends) v.receiptId = ++next;
  for (let i = 0; i < vends.length; i += 500) await tx.insert(tokenRecords).values(vends.slice(i, i + 500));
  await tx.update(receiptCounters).set({ last: next }).where(eq(receiptCounters.kind, 'credit'));
}

/** When a silent demo meter's offline alarm was raised: three days after its last reading. */
function silentSince(lastDay: string | undefined, now: Date): Date {
  if (!lastDay) return now;
  const at = localTime(addDays(lastDay, 3));
  return at < now ? at : now;
}

/** The electricity meters' year: readings of the first `electricMeters`, purchases of all of them. */
function electricHistory(
  electric: Account[],
  end: Date,
  now: Date,
  prices: Map<string, number>,
  theft: PlantedTheft[],
) {
  const theftOf = new Map(theft.map((p) => [p.meterId, p]));
  const out = {
    daily: [] as NewDailyRow[],
    months: [] as NewDailyRow[],
    hours: [] as NewHourlyRow[],
    vends: [] as Vend[],
    offline: [] as NewAlarm[],
    used: new Map<string, number[]>(),
  };
  electric.forEach((a, i) => {
    const withReadings = i < DEMO_HISTORY.electricMeters;
    const year = meterYear(a, i, end, withReadings, prices.get(a.tariffId) ?? 6500, theftOf.get(a.meterId));
    out.vends.push(...year.vends);
    if (!withReadings) return;
    out.used.set(a.meterId, year.used);
    out.daily.push(...year.daily);
    out.months.push(...monthly(year.daily));
    if (year.offline) {
      out.offline.push({
        meterId: a.meterId,
        stationId: a.stationId,
        kind: 'offline',
        detail: 'no daily reading for 3 days',
        currentDate: null,
        raisedDate: silentSince(year.daily.at(-1)?.currentDate, now),
      });
    } else out.hours.push(...hourly(a, year.daily.at(-1), now, i));
  });
  return out;
}

/**
 * The demo's history as the seed stores it, with the theft planted in it and the network that measures
 * it: deterministic for a given `now`, so a test rebuilds it to know what was planted.
 */
export async function buildDemoHistory(db: Db, now: Date, theftPercent: number = DEMO_THEFT.percent) {
  const electric = await loadAccounts(db, 0, DEMO_HISTORY.purchasingAccounts);
  const waterMeters = await loadAccounts(db, 1, DEMO_HISTORY.waterMeters);
  const prices = new Map((await db.select().from(tariffs)).map((t) => [t.tariffId, t.priceMinor]));
  const end = dayAt(now, 1);
  const read = electric.slice(0, DEMO_HISTORY.electricMeters);
  const planted = plantTheft(
    read.map((a) => a.meterId),
    theftPercent,
    (i) => offlineDays(i) > 0,
  );
  const network = await demoNetwork(db, read);
  const history = electricHistory(electric, end, now, prices, planted);
  const days = Array.from({ length: DEMO_HISTORY.days }, (_, k) =>
    localDay(dayAt(end, DEMO_HISTORY.days - 1 - k)),
  );
  const checks = network.flatMap((t) => checkMeterDays(t, days, history.used));
  history.daily.push(...checks);
  history.months.push(...monthly(checks));
  const waterRows = waterMeters.flatMap((a, i) => water(a, i, end));
  return { ...history, waterRows, planted, network, days };
}

/**
 * A year of daily readings and purchases for the demo meters, once (a flag records it), ending today so
 * every report and chart has something true to show on first start, theft included. Runs after the demo
 * master data.
 */
export async function seedDemoHistory(
  db: Db,
  now: Date,
  theftPercent: number = DEMO_THEFT.percent,
): Promise<{ daily: number; vends: number } | null> {
  const [done] = await db.select().from(systemSettings).where(eq(systemSettings.key, FLAG));
  if (done) return null;
  const h = await buildDemoHistory(db, now, theftPercent);
  await db.transaction(async (tx) => {
    await tx.insert(systemSettings).values({ key: FLAG, value: now.toISOString() });
    await saveNetwork(tx, h.network, now);
    await insertVends(tx, h.vends);
    await saveDailyRows(tx, h.daily, now);
    await saveMonthlyRows(tx, h.months, now);
    await saveHourlyRows(tx, h.hours);
    await saveWaterRows(tx, h.waterRows, now);
    // Monthly Data (Water): the month-start registers, as a meter's settlement records would give.
    await saveWaterRows(
      tx,
      h.waterRows.filter((r) => r.currentDate.endsWith('-01')),
      now,
      waterMonthlyData,
    );
    await raiseAlarms(tx, h.offline);
    await writeAudit(
      tx,
      { userId: 'system', stationId: '0001', ipAddress: null },
      {
        title: 'System',
        action: 'SeedDemoHistory',
        content: `${h.daily.length} daily rows, ${h.vends.length} purchases, ${h.waterRows.length} water rows`,
      },
    );
  });
  return { daily: h.daily.length, vends: h.vends.length };
}

/** When the demo history was seeded (its flag), to rebuild it as it was. */
export async function demoHistorySeededAt(db: Db): Promise<Date | null> {
  const [done] = await db.select().from(systemSettings).where(eq(systemSettings.key, FLAG));
  return done ? new Date(done.value ?? '') : null;
}
