import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { expect } from 'vitest';
import {
  accounts,
  customers,
  debts,
  meters,
  stations,
  tariffs,
  tokenRecords,
  transformers,
} from '../src/db/schema.js';
import { type NewDailyRow, saveDailyRows } from '../src/modules/meter-data/meter-data-write.repo.js';
import { apiTest, type TestApp, userWithRole } from './harness.js';

export const REPORT_STATIONS = ['S1', 'S2'] as const;

export interface FixtureMeter {
  meterId: string;
  customerId: string;
  stationId: string;
  tariffId: string;
  accountCreated: Date;
}

/** Accounts across two stations, written straight to the tables (master data has its own tests). */
export async function reportAccounts(t: TestApp, perStation = 3): Promise<FixtureMeter[]> {
  const db = t.database.db;
  await db
    .insert(stations)
    .values(REPORT_STATIONS.map((stationId) => ({ stationId, name: `Station ${stationId}` })))
    .onConflictDoNothing();
  const out: FixtureMeter[] = [];
  for (const stationId of REPORT_STATIONS) {
    const tariffId = `T${stationId}`;
    await db
      .insert(tariffs)
      .values({ tariffId, tariffName: 'RES', priceMinor: 1000, stationId })
      .onConflictDoNothing();
    for (let i = 0; i < perStation; i++) {
      const meterId = `47${stationId === 'S1' ? '1' : '2'}0000000${i}`;
      const customerId = `C${meterId}`;
      // Accounts opened on different days, so "never purchased" rows have different day counts.
      const accountCreated = new Date(2026, 5, 1 + i * 7, 9, 30);
      out.push({ meterId, customerId, stationId, tariffId, accountCreated });
      await db
        .insert(customers)
        .values({ customerId, customerName: `Customer ${i}`, address: 'Road', stationId });
      await db.insert(meters).values({ meterId, stationId, status: true });
      await db
        .insert(accounts)
        .values({ meterId, customerId, tariffId, stationId, createDate: accountCreated });
      if (i % 2 === 0) {
        await db.insert(debts).values({
          customerId,
          totalDebtMinor: 10_000_00,
          remainingDebtMinor: 8_000_00,
          payDebtMinor: 2_000_00,
          stationId,
        });
      }
    }
  }
  return out;
}

/**
 * The revenue-protection suites' network: transformer → its station, check meter and customer meters
 * (indexes into the report fleet); the last one has no check meter.
 */
export const REVPROT_NETWORK = [
  { id: 'TX1', stationId: 'S1', check: 'CK1' as string | null, customers: [0, 1] },
  { id: 'TX2', stationId: 'S2', check: 'CK2' as string | null, customers: [3, 4, 5] },
  { id: 'TX3', stationId: 'S1', check: null, customers: [2] },
];

/** Writes REVPROT_NETWORK: the check meters CK1 (S1) and CK2 (S2), the transformers, the customers' links. */
async function storeRevprotNetwork(t: TestApp, fleet: FixtureMeter[]): Promise<void> {
  const db = t.database.db;
  await db.insert(meters).values([
    { meterId: 'CK1', stationId: 'S1' },
    { meterId: 'CK2', stationId: 'S2' },
  ]);
  await db
    .insert(transformers)
    .values(
      REVPROT_NETWORK.map((n) => ({ transformerId: n.id, stationId: n.stationId, checkMeterId: n.check })),
    );
  for (const n of REVPROT_NETWORK) {
    for (const i of n.customers) {
      await db.execute(
        sql`update meters set transformer_id = ${n.id} where meter_id = ${fleet[i]?.meterId ?? ''}`,
      );
    }
  }
}

/** A report suite's app: the harness's, with the report accounts. */
export interface ReportApp {
  t: TestApp;
  fleet: FixtureMeter[];
  admin: string;
}

/**
 * The `it` of a report suite: apiTest whose app holds the report accounts (`perStation` a station); the
 * tests receive them as `prepared.fleet`, beside what the file's `prepare` returns.
 */
export function reportTest<Extra extends object>(
  prepare: (app: ReportApp) => Promise<Extra>,
  perStation?: number,
) {
  return apiTest(async (t, admin) => {
    const fleet = await reportAccounts(t, perStation);
    return { ...(await prepare({ t, fleet, admin })), fleet };
  });
}

/** reportTest for a file that keeps the app in its own variables: `use` receives it before the tests. */
export function reportAppForSuite(use: (app: ReportApp) => unknown, perStation?: number) {
  reportTest(async (app) => {
    await use(app);
    return {};
  }, perStation);
}

/** The token of each reader a revenue-protection property draws (RevprotScope's `who`). */
export type RevprotTokens = Record<RevprotScope['who'], string>;

/**
 * reportAppForSuite for a revenue-protection suite: REVPROT_NETWORK stored over the fleet, and an officer of
 * station S2 (user officer2) holding the permissions in `officerContent`, whose token `use` receives too,
 * beside `tokens`, each reader's token by its name in a RevprotScope.
 */
export function revprotAppForSuite(
  officerContent: string,
  use: (app: ReportApp & { officerS2: string; tokens: RevprotTokens }) => unknown,
) {
  reportAppForSuite(async (app) => {
    const officerS2 = await userWithRole(app.t, {
      userId: 'officer2',
      content: officerContent,
      stationId: 'S2',
    });
    await storeRevprotNetwork(app.t, app.fleet);
    await use({ ...app, officerS2, tokens: { admin: app.admin, userS2: officerS2 } });
  });
}

/** Who reads a revenue-protection finding (the admin or the S2 officer) and the station asked for. */
export type RevprotScope = { who: 'admin' | 'userS2'; stationId: string | null };

/** The scopes a revenue-protection property draws: each reader, with no station asked and with S1. */
export const revprotScopeArb = fc.constantFrom<RevprotScope>(
  { who: 'admin', stationId: null },
  { who: 'admin', stationId: 'S1' },
  { who: 'userS2', stationId: null },
  { who: 'userS2', stationId: 'S1' },
);

/** Whether a scope sees a station's rows: the officer only S2's, and a station asked for narrows. */
export const scopeSees = (scope: RevprotScope, stationId: string) =>
  (scope.who !== 'userS2' || stationId === 'S2') && (!scope.stationId || stationId === scope.stationId);

/** A random fixture meter: its index in the fleet of reportAccounts' default three a station. */
export const meterIndexArb = fc.nat({ max: REPORT_STATIONS.length * 3 - 1 });

/** The fields of a random vend every report property draws: which meter, its units (0.1) and what it paid (minor). */
export const vendFieldArbs = {
  meter: meterIndexArb,
  units: fc.integer({ min: 1, max: 50_000 }),
  paidMinor: fc.integer({ min: 0, max: 2_000_000 }),
};

export interface Vend {
  meter: FixtureMeter;
  at: Date;
  units: number;
  paidMinor: number;
  payDebtMinor: number;
  cancelled: boolean;
}

let receipt = 1_000_000;

/** Stores daily readings as the collection does, received now (the test clock's). */
export const storeDailyRows = (t: TestApp, rows: NewDailyRow[]) =>
  saveDailyRows(t.database.db, rows, t.clock.now());

/** Stores issued credit vends, then cancels some the way the cancel service does (status 0 → 1). */
export async function storeVends(t: TestApp, vends: Vend[]): Promise<void> {
  const db = t.database.db;
  const rows = await db
    .insert(tokenRecords)
    .values(
      vends.map((v) => ({
        kind: 'credit' as const,
        receiptId: receipt++,
        meterId: v.meter.meterId,
        customerId: v.meter.customerId,
        tariffId: v.meter.tariffId,
        stationId: v.meter.stationId,
        token: '12345678901234567890',
        units: v.units,
        totalPaidMinor: v.paidMinor,
        payDebtMinor: v.payDebtMinor,
        createId: 'admin',
        createDate: v.at,
      })),
    )
    .returning({ id: tokenRecords.id });
  const cancel = rows.filter((_, i) => vends[i]?.cancelled).map((r) => r.id);
  if (cancel.length) {
    await db.execute(sql`update token_records set status = 1 where id in (${sql.join(cancel, sql`, `)})`);
  }
}

/** The rows with only `keys`, to compare with a recomputation of those columns. */
export const columns = <T, K extends keyof T>(rows: T[], ...keys: K[]): Pick<T, K>[] =>
  rows.map((r) => Object.fromEntries(keys.map((k) => [k, r[k]])) as Pick<T, K>);

/** A Low Purchase Situation row's figures: what lowPurchaseTotals recomputes. */
export interface LowPurchaseFigures {
  meterId: string;
  purchaseTotalUnit: number;
  purchaseTotalPaid: number;
  purchaseTimes: number;
}

/**
 * Low Purchase Situation recomputed from the raw vends: per meter of `meters`, the issued (not cancelled)
 * vends from `from` to `to`, in units and money as the report shows them, by meter id; with `lowMinor`,
 * only the meters that paid at most that (minor units).
 */
export const lowPurchaseTotals = (
  meters: FixtureMeter[],
  vends: Vend[],
  from: Date,
  to: Date,
  lowMinor: number | null = null,
): LowPurchaseFigures[] =>
  meters
    .map((m) => {
      const mine = vends.filter((v) => v.meter === m && !v.cancelled && v.at >= from && v.at <= to);
      const paidMinor = mine.reduce((s, v) => s + v.paidMinor, 0);
      return {
        meterId: m.meterId,
        purchaseTotalUnit: mine.reduce((s, v) => s + v.units, 0) / 10,
        purchaseTotalPaid: paidMinor / 100,
        purchaseTimes: mine.length,
        paidMinor,
      };
    })
    .filter((r) => lowMinor === null || r.paidMinor <= lowMinor)
    .map(({ paidMinor: _p, ...r }) => r)
    .sort((x, y) => x.meterId.localeCompare(y.meterId));

/**
 * Every row of a report for `body` (English, one page of 1000) as `token`: the answer succeeds and its
 * total is the rows it holds.
 */
export async function reportRows<T>(t: TestApp, path: string, body: object, token?: string): Promise<T[]> {
  const res = await t.call<{ total: number; data: T[] }>(
    path,
    { lang: 'en', pageSize: 1000, ...body },
    token,
  );
  expect(res.code, res.reason).toBe(0);
  expect(res.result.total).toBe(res.result.data.length);
  return res.result.data;
}

/** Every Low Purchase Situation row for `body` as `token` (see reportRows), with only its figures. */
export const lowPurchaseRows = async (t: TestApp, body: object, token?: string) =>
  columns(
    await reportRows<LowPurchaseFigures>(t, '/API/PrepayReport/LowPurchaseSituation', body, token),
    'meterId',
    'purchaseTotalUnit',
    'purchaseTotalPaid',
    'purchaseTimes',
  );

/** Empties what one property run wrote (TRUNCATE skips the row triggers, so summaries go too). */
export async function clearReportData(t: TestApp): Promise<void> {
  await t.database.db.execute(
    sql`truncate token_records, purchase_hourly, meter_last_purchase, meter_purchase_ledger, meter_daily_data, consumption_daily, alarms`,
  );
}

const pad = (n: number) => String(n).padStart(2, '0');
export const dayKey = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
export const wire = (d: Date) =>
  `${dayKey(d)} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
/** Whole calendar days from a to b (local dates). */
export const daysBetween = (a: Date, b: Date) =>
  Math.round(
    (Date.UTC(b.getFullYear(), b.getMonth(), b.getDate()) -
      Date.UTC(a.getFullYear(), a.getMonth(), a.getDate())) /
      86_400_000,
  );
