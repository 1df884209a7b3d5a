import type { ReportScope } from '@prepay/contracts';
import { PREPAY_REPORT_API } from '@prepay/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { meters } from '../src/db/schema.js';
import { type TestApp, userWithRole } from './harness.js';
import {
  clearReportData,
  type FixtureMeter,
  reportAppForSuite,
  storeDailyRows,
  storeVends,
} from './report-fixture.js';

/**
 * Every report states what its figures stand on: the period, the limit it chose rows by and how much of
 * its scope it covers. Consumption Statistics over a few read meters says "of" the meters in scope, so a
 * total over 2 of 5 meters is never read as the station's; Low Purchase says which period and limit it
 * listed by, and how many of the accounts in scope made the list.
 */

let t: TestApp;
let fleet: FixtureMeter[];
let admin: string;
let s1: string;

type Scoped<R> = { total: number; data: R[]; scope: ReportScope };

reportAppForSuite(async (app) => {
  ({ t, fleet, admin } = app);
  s1 = await userWithRole(t, {
    userId: 'scope1',
    content:
      'PrepayReport.ConsumptionStatistics,PrepayReport.LowPurchaseSituation,PrepayReport.LongNonpurchaseSituation',
    stationId: 'S1',
  });
});

const inS1 = () => fleet.filter((m) => m.stationId === 'S1');
const reading = (m: FixtureMeter, day: string) => ({
  meterId: m.meterId,
  currentDate: day,
  stationId: m.stationId,
  usage1: 50,
  total1: 1000,
  remain1: 900,
  relayOpen: false,
});

describe('Consumption Statistics states its period and coverage', () => {
  beforeAll(async () => {
    await clearReportData(t);
    // Two S1 meters on the 1st, one on the 2nd; a water meter in S1 is no electricity meter in scope.
    const [a, b] = inS1() as [FixtureMeter, FixtureMeter];
    await storeDailyRows(t, [reading(a, '2026-10-01'), reading(b, '2026-10-01'), reading(a, '2026-10-02')]);
    await t.database.db.insert(meters).values({ meterId: '47190000009', stationId: 'S1', type: 1 });
  });

  it('each figure names its meters, and the report the most read on a day of how many in scope', async () => {
    const res = await t.call<Scoped<{ currentDate: string; consumption: number; meters: number }>>(
      PREPAY_REPORT_API.consumptionStatistics.path,
      { lang: 'en', isDaily: true },
      s1,
    );
    expect(res.code, res.reason).toBe(0);
    expect(res.result.data).toEqual([
      { currentDate: '2026-10-01 00:00:00', consumption: 10, meters: 2 },
      { currentDate: '2026-10-02 00:00:00', consumption: 5, meters: 1 },
    ]);
    // No period asked: the days the data spans. Of the S1 electricity meters (the water meter is not one).
    expect(res.result.scope).toEqual({
      from: '2026-10-01 00:00:00',
      to: '2026-10-02 23:59:59',
      threshold: null,
      covered: 2,
      of: inS1().length,
    });
  });

  it('a month stands on its busiest day, and the period asked is the period stated', async () => {
    const range = ['2026-10-01 00:00:00', '2026-10-31 23:59:59'];
    const res = await t.call<Scoped<{ meters: number }>>(
      PREPAY_REPORT_API.consumptionStatistics.path,
      { lang: 'en', isDaily: false, dateRange: range },
      admin,
    );
    expect(res.result.data.map((r) => r.meters)).toEqual([2]);
    expect(res.result.scope).toMatchObject({ from: range[0], to: range[1], covered: 2 });
    expect(res.result.scope.of).toBe(fleet.length);
  });

  it('a meter asked for is the scope', async () => {
    const [a] = inS1() as [FixtureMeter];
    const res = await t.call<Scoped<unknown>>(
      PREPAY_REPORT_API.consumptionStatistics.path,
      { lang: 'en', isDaily: true, meterId: a.meterId },
      admin,
    );
    expect(res.result.scope).toMatchObject({ covered: 1, of: 1 });
  });
});

describe('Low Purchase states its period, threshold and coverage', () => {
  beforeAll(async () => {
    await clearReportData(t);
    const [a, b] = inS1() as [FixtureMeter, FixtureMeter];
    const at = new Date(2026, 9, 10, 10);
    await storeVends(t, [
      { meter: a, at, units: 100, paidMinor: 500_00, payDebtMinor: 0, cancelled: false },
      { meter: b, at, units: 900, paidMinor: 5_000_00, payDebtMinor: 0, cancelled: false },
    ]);
  });

  it('echoes the period and limit it listed by, and how many of the accounts in scope made the list', async () => {
    const dateRange = ['2026-10-01 00:00:00', '2026-10-31 23:59:59'];
    const res = await t.call<Scoped<{ meterId: string }>>(
      PREPAY_REPORT_API.lowPurchase.path,
      { lang: 'en', dateRange, lowLimit: 1000 },
      s1,
    );
    expect(res.code, res.reason).toBe(0);
    // The S1 account that paid 5,000.00 is above the limit; the one at 500.00 and those with none are listed.
    expect(res.result.total).toBe(inS1().length - 1);
    expect(res.result.scope).toEqual({
      from: dateRange[0],
      to: dateRange[1],
      threshold: 1000,
      covered: inS1().length - 1,
      of: inS1().length,
    });
  });

  it('says so when no period or limit was set', async () => {
    const res = await t.call<Scoped<unknown>>(PREPAY_REPORT_API.lowPurchase.path, { lang: 'en' }, admin);
    expect(res.result.scope).toEqual({
      from: null,
      to: null,
      threshold: null,
      covered: fleet.length,
      of: fleet.length,
    });
  });
});

describe('Long Nonpurchase states when it counts to, its day limit and coverage', () => {
  it('counts days up to now, echoes the fewest days asked for and how many accounts of how many it lists', async () => {
    const res = await t.call<Scoped<{ nonpurchaseDays: number }>>(
      PREPAY_REPORT_API.longNonpurchase.path,
      { lang: 'en', nonpurchaseDaysStart: 0 },
      s1,
    );
    expect(res.code, res.reason).toBe(0);
    const now = t.clock.now();
    const pad = (n: number) => String(n).padStart(2, '0');
    const wireNow = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())} ${pad(now.getHours())}:${pad(now.getMinutes())}:${pad(now.getSeconds())}`;
    expect(res.result.scope).toEqual({
      from: null,
      to: wireNow,
      threshold: 0,
      covered: res.result.total,
      of: inS1().length,
    });
    expect(res.result.total).toBe(inS1().length);
  });
});

describe('Debt Situation states how many of the customers with a debt it lists', () => {
  it('as of now, the outstanding filter narrows the list, not the customers it is read against', async () => {
    // The fixture gives every other customer of a station a debt, each with something left to pay.
    const withDebt = inS1().filter((_, i) => i % 2 === 0).length;
    const res = await t.call<Scoped<unknown>>(
      PREPAY_REPORT_API.debtSituation.path,
      { lang: 'en', outstanding: true, customerName: 'Customer 0' },
      admin,
    );
    expect(res.code, res.reason).toBe(0);
    expect(res.result.scope).toMatchObject({ from: null, threshold: null, covered: 2, of: withDebt * 2 });
    expect(res.result.scope.to).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });
});
