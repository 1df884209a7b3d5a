import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type TestApp, userWithRole } from './harness.js';
import {
  clearReportData,
  columns,
  dayKey,
  daysBetween,
  type FixtureMeter,
  lowPurchaseRows,
  lowPurchaseTotals,
  meterIndexArb,
  reportAppForSuite,
  reportRows,
  storeDailyRows,
  storeVends,
  type Vend,
  vendFieldArbs,
  wire,
} from './report-fixture.js';

/**
 * Every report equals a straightforward recomputation from the raw rows it summarises: random vends
 * (some cancelled), random daily rows, random date ranges (across month ends) and station scopes.
 */
type ValueOf<A> = A extends fc.Arbitrary<infer T> ? T : never;
let t: TestApp;
let fleet: FixtureMeter[];
const tokens: Record<string, string> = {};
// Day 0 is 2026-09-20: ranges cross the ends of September (30 days) and October (31 days).
const at = (day: number, hour = 0, minute = 0) => new Date(2026, 8, 20 + day, hour, minute);
const CONTENT =
  'PrepayReport.LongNonpurchaseSituation,PrepayReport.LowPurchaseSituation,PrepayReport.DebtSituation,PrepayReport.ConsumptionStatistics';

type Scope = { who: 'admin' | 'userS2'; stationId: string | null };
const SCOPES: Scope[] = [
  { who: 'admin', stationId: null },
  { who: 'admin', stationId: 'S1' },
  { who: 'userS2', stationId: null },
  // A station user asking for another station sees nothing rather than more.
  { who: 'userS2', stationId: 'S1' },
];
const visible = (s: Scope, m: FixtureMeter) =>
  (s.who === 'admin' || m.stationId === 'S2') && (!s.stationId || m.stationId === s.stationId);

reportAppForSuite(async (app) => {
  ({ t, fleet } = app);
  tokens.admin = app.admin;
  tokens.userS2 = await userWithRole(t, { userId: 'reporter2', content: CONTENT, stationId: 'S2' });
});

const vendArb = fc.record({
  ...vendFieldArbs,
  day: fc.integer({ min: 0, max: 60 }),
  hour: fc.integer({ min: 0, max: 23 }),
  minute: fc.integer({ min: 0, max: 59 }),
  payDebtMinor: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 50_000 })),
  cancelled: fc.boolean(),
});
const dailyArb = fc.uniqueArray(
  fc.record({
    meter: meterIndexArb,
    day: fc.integer({ min: 0, max: 60 }),
    usage: fc.integer({ min: 0, max: 900 }),
  }),
  { selector: (d) => `${d.meter}:${d.day}`, maxLength: 80 },
);
const rangeArb = fc
  .tuple(fc.integer({ min: -2, max: 62 }), fc.integer({ min: -2, max: 62 }))
  .map(([a, b]) => [Math.min(a, b), Math.max(a, b)] as const);
/** Half the Low Purchase ranges start or end on a month's last day or the next month's first. */
const lowRangeArb = fc.oneof(
  rangeArb,
  fc
    .tuple(fc.constantFrom(10, 11, 41, 42), fc.integer({ min: -2, max: 62 }))
    .map(([a, b]) => [Math.min(a, b), Math.max(a, b)] as const),
);

/**
 * Vends at the edges of a range bound: the last second of September 30 and October 31 (days 10 and 41),
 * on it and within it (23:59:59.000 is in a range ending "23:59:59", 23:59:59.999 is not), and the first
 * instant of the next day. Low Purchase sums them from the purchase ledger, to the microsecond.
 */
const edgeArb = fc
  .record({
    day: fc.constantFrom(10, 41),
    edge: fc.constantFrom([23, 59, 59, 0], [23, 59, 59, 999], [24, 0, 0, 0]),
  })
  .map(({ day, edge: [h = 0, m = 0, s = 0, ms = 0] }) => new Date(2026, 8, 20 + day, h, m, s, ms));
const lowVendArb = fc
  .tuple(vendArb, fc.option(edgeArb, { nil: undefined, freq: 3 }))
  .map(([v, exact]) => ({ ...v, exact }));

async function load(raw: (ValueOf<typeof vendArb> & { exact?: Date })[], daily: ValueOf<typeof dailyArb>) {
  await clearReportData(t);
  const vends: Vend[] = raw.map((v) => ({
    meter: fleet[v.meter] as FixtureMeter,
    at: v.exact ?? at(v.day, v.hour, v.minute),
    units: v.units,
    paidMinor: v.paidMinor,
    payDebtMinor: v.payDebtMinor,
    cancelled: v.cancelled,
  }));
  if (vends.length) await storeVends(t, vends);
  const rows = daily.map((d) => {
    const m = fleet[d.meter] as FixtureMeter;
    return {
      meterId: m.meterId,
      currentDate: dayKey(at(d.day)),
      stationId: m.stationId,
      usage1: d.usage,
      total1: 1000,
    };
  });
  if (rows.length) await storeDailyRows(t, rows);
  return vends;
}

const all = <T>(path: string, body: object, scope: Scope) =>
  reportRows<T>(t, path, { stationId: scope.stationId, ...body }, tokens[scope.who]);

const tenths = (n: number) => n / 10;
const money = (n: number) => n / 100;

/**
 * A test of a report's property: `check` holds on `numRuns` random cases drawn from `arbitraries`
 * (each case loads its own rows).
 */
function reportProperty<Ts extends [unknown, ...unknown[]]>(
  name: string,
  numRuns: number,
  arbitraries: { [K in keyof Ts]: fc.Arbitrary<Ts[K]> },
  check: (...args: Ts) => Promise<void>,
) {
  it(name, () => fc.assert(fc.asyncProperty<Ts>(...arbitraries, check), { numRuns }), 120_000);
}

describe('prepay reports equal a recomputation from the raw rows', () => {
  reportProperty(
    'Low Purchase Situation: issued vends in the range at or below the limit',
    25,
    [
      fc.array(lowVendArb, { maxLength: 40 }),
      lowRangeArb,
      fc.constantFrom(...SCOPES),
      fc.option(fc.integer({ min: 0, max: 30_000_00 }), { nil: null }),
    ],
    async (raw, [a, b], scope, lowMinor) => {
      const vends = await load(raw, []);
      const from = at(a);
      const to = at(b, 23, 59);
      to.setSeconds(59);
      const got = await lowPurchaseRows(
        t,
        {
          stationId: scope.stationId,
          dateRange: [wire(from), wire(to)],
          lowLimit: lowMinor === null ? null : lowMinor / 100,
        },
        tokens[scope.who],
      );
      const visibleMeters = fleet.filter((m) => visible(scope, m));
      expect(got).toEqual(lowPurchaseTotals(visibleMeters, vends, from, to, lowMinor));
    },
  );

  reportProperty(
    'Long Nonpurchase Situation: days since the last issued vend (or the account opening)',
    25,
    [
      fc.array(vendArb, { maxLength: 30 }),
      fc.constantFrom(...SCOPES),
      fc.option(fc.integer({ min: 0, max: 120 }), { nil: null }),
      fc.option(fc.integer({ min: 0, max: 200 }), { nil: null }),
      // null: the default order (customer, meter), the path that counts and pages in two statements.
      // The fixture's customer ids are "C" + meter id, so both orders list the meters alike.
      fc.constantFrom('meterId asc', null),
    ],
    async (raw, scope, start, end, orderBy) => {
      const vends = await load(raw, []);
      const today = t.clock.now();
      const got = await all<{
        meterId: string;
        nonpurchaseDays: number;
        lastPurchaseUnit: number;
        lastPurchasePaid: number;
        lastPurchaseDate: string | null;
      }>(
        '/API/PrepayReport/LongNonpurchaseSituation',
        { nonpurchaseDaysStart: start, nonpurchaseDaysEnd: end, orderBy },
        scope,
      );
      const expected = fleet
        .filter((m) => visible(scope, m))
        .map((m) => {
          const last = vends
            .map((v, i) => ({ v, i }))
            .filter(({ v }) => v.meter === m && !v.cancelled)
            .sort((x, y) => y.v.at.getTime() - x.v.at.getTime() || y.i - x.i)[0]?.v;
          return {
            meterId: m.meterId,
            nonpurchaseDays: daysBetween(last?.at ?? m.accountCreated, today),
            lastPurchaseUnit: tenths(last?.units ?? 0),
            lastPurchasePaid: money(last?.paidMinor ?? 0),
            // Never purchased: counted from the account's opening, which is the row's date (§9).
            lastPurchaseDate: wire(last?.at ?? m.accountCreated),
          };
        })
        .filter(
          (r) => (start === null || r.nonpurchaseDays >= start) && (end === null || r.nonpurchaseDays <= end),
        )
        .sort((x, y) => x.meterId.localeCompare(y.meterId));
      expect(
        columns(
          got,
          'meterId',
          'nonpurchaseDays',
          'lastPurchaseUnit',
          'lastPurchasePaid',
          'lastPurchaseDate',
        ),
      ).toEqual(expected);
    },
  );

  reportProperty(
    'Debt Situation: the debt rows and the issued vends that recovered part of them',
    15,
    [fc.array(vendArb, { maxLength: 30 }), fc.constantFrom(...SCOPES)],
    async (raw, scope) => {
      const vends = await load(raw, []);
      const got = await all<{
        customerId: string;
        totalDebt: number;
        paidDebt: number;
        remainingDebt: number;
        paymentTimes: number;
      }>('/API/PrepayReport/DebtSituation', {}, scope);
      const expected = fleet
        // The fixture gives every other customer of a station a debt (10,000 total, 2,000 recovered).
        .filter((m) => visible(scope, m) && Number(m.meterId.slice(-1)) % 2 === 0)
        .map((m) => ({
          customerId: m.customerId,
          totalDebt: 10_000,
          paidDebt: 2_000,
          remainingDebt: 8_000,
          paymentTimes: vends.filter((v) => v.meter === m && !v.cancelled && v.payDebtMinor > 0).length,
        }))
        .sort((x, y) => x.customerId.localeCompare(y.customerId));
      expect(columns(got, 'customerId', 'totalDebt', 'paidDebt', 'remainingDebt', 'paymentTimes')).toEqual(
        expected,
      );
    },
  );

  reportProperty(
    'Consumption Statistics: daily and monthly sums of the daily rows, by station or meter',
    25,
    [dailyArb, rangeArb, fc.constantFrom(...SCOPES), fc.boolean(), fc.option(meterIndexArb, { nil: null })],
    async (daily, [a, b], scope, isDaily, meterIdx) => {
      await load([], daily);
      const meter = meterIdx === null ? null : (fleet[meterIdx] as FixtureMeter);
      const got = await all<{ currentDate: string; consumption: number; meters: number }>(
        '/API/PrepayReport/ConsumptionStatistics',
        { dateRange: [wire(at(a)), wire(at(b, 23, 59))], isDaily, meterId: meter?.meterId ?? null },
        scope,
      );
      const sums = new Map<string, number>();
      // Meters read per day; a bucket stands on its busiest day's meters (the day itself when daily).
      const readOn = new Map<string, Set<number>>();
      for (const d of daily) {
        const m = fleet[d.meter] as FixtureMeter;
        if (!visible(scope, m) || (meter && m !== meter) || d.day < a || d.day > b) continue;
        const key = isDaily ? dayKey(at(d.day)) : `${dayKey(at(d.day)).slice(0, 7)}-01`;
        sums.set(key, (sums.get(key) ?? 0) + d.usage);
        const day = dayKey(at(d.day));
        readOn.set(day, (readOn.get(day) ?? new Set()).add(d.meter));
      }
      const busiest = (key: string) =>
        Math.max(
          ...[...readOn.entries()]
            .filter(([day]) => (isDaily ? day === key : day.startsWith(key.slice(0, 7))))
            .map(([, s]) => s.size),
        );
      const expected = [...sums.entries()]
        .sort(([x], [y]) => x.localeCompare(y))
        .map(([k, v]) => ({ currentDate: `${k} 00:00:00`, consumption: tenths(v), meters: busiest(k) }));
      expect(got).toEqual(expected);
    },
  );

  reportProperty(
    'Dashboard: panel totals and the 30-day purchase and consumption series',
    15,
    [
      fc.array(vendArb, { maxLength: 30 }),
      dailyArb,
      fc.constantFrom(...SCOPES.slice(0, 1), SCOPES[2] as Scope),
    ],
    async (raw, daily, scope) => {
      const vends = await load(raw, daily);
      const token = tokens[scope.who];
      const panel = await t.call<Record<string, number>>('/api/dashboard/readPanelGroup', undefined, token);
      const issued = vends.filter((v) => !v.cancelled && visible(scope, v.meter));
      expect(panel.result).toEqual({
        totalAccountCount: fleet.filter((m) => visible(scope, m)).length,
        totalPurchaseTimes: issued.length,
        totalPurchaseUnit: tenths(issued.reduce((s, v) => s + v.units, 0)),
        totalPurchaseMoney: money(issued.reduce((s, v) => s + v.paidMinor, 0)),
      });
      const now = t.clock.now();
      const days = Array.from({ length: 90 }, (_, i) =>
        dayKey(new Date(now.getFullYear(), now.getMonth(), now.getDate() - 89 + i)),
      );
      const perDay = (f: (v: Vend) => number) =>
        days.map((d) => issued.filter((v) => dayKey(v.at) === d).reduce((s, v) => s + f(v), 0));
      const chart = async (type: number, length: number) =>
        (
          await t.call<{ xData: string[]; yData: number[] }>(
            '/api/dashboard/readLineChart',
            { type, days: length },
            token,
          )
        ).result;
      /** The visible meters' consumption on the days whose key `on` takes, by that key (kWh). */
      const consumptionBy = (keys: string[], on: (day: string) => string) =>
        keys.map(
          (k) =>
            daily
              .filter((x) => on(dayKey(at(x.day))) === k && visible(scope, fleet[x.meter] as FixtureMeter))
              .reduce((s, x) => s + x.usage, 0) / 10,
        );
      // Type 0: accounts (meters) with at least one issued vend that day.
      expect(await chart(0, 90)).toEqual({
        xData: days,
        yData: days.map((d) => new Set(issued.filter((v) => dayKey(v.at) === d).map((v) => v.meter)).size),
      });
      for (const [type, f, scale] of [
        [1, () => 1, 1],
        [2, (v: Vend) => v.units, 10],
        [3, (v: Vend) => v.paidMinor, 100],
      ] as const) {
        expect(await chart(type, 90)).toEqual({ xData: days, yData: perDay(f).map((n) => n / scale) });
      }
      expect((await chart(4, 90)).yData).toEqual(consumptionBy(days, (d) => d));
      // Type 5: the last 12 calendar months of consumption, oldest first.
      const months = Array.from({ length: 12 }, (_, i) =>
        dayKey(new Date(now.getFullYear(), now.getMonth() - 11 + i, 1)).slice(0, 7),
      );
      expect(await chart(5, 12)).toEqual({
        xData: months,
        yData: consumptionBy(months, (d) => d.slice(0, 7)),
      });
    },
  );
});
