import { type SQL, sql } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { saveHourlyRows } from '../src/modules/meter-data/meter-data-write.repo.js';
import { queryRows } from './harness.js';
import {
  clearReportData,
  daysBetween,
  type FixtureMeter,
  reportTest,
  storeDailyRows,
  storeVends,
  wire,
} from './report-fixture.js';

/**
 * What the reports' speed rests on: monthly partitions of the
 * interval tables on PostgreSQL that follow the writer, a total that stays right on a page past the end
 * (the total normally rides on the page's rows), and the Long Nonpurchase "never purchased" decision.
 */
const it = reportTest(async () => ({}));

describe('interval tables', () => {
  it('are partitioned by month on PostgreSQL (plain on PGlite) and the writer adds the month it writes', async ({
    t,
    prepared: { fleet },
  }) => {
    const rowsOf = <T>(q: SQL) => queryRows<T>(t.database, q);
    await clearReportData(t);
    const m = fleet[0] as FixtureMeter;
    // A month far from the migration's pre-made range: the writer asks for its partition first.
    await storeDailyRows(t, [
      { meterId: m.meterId, currentDate: '2031-05-31', stationId: m.stationId, usage1: 7, total1: 1 },
    ]);
    await saveHourlyRows(t.database.db, [
      {
        meterId: m.meterId,
        readingTime: new Date('2031-05-31T23:00:00Z'),
        stationId: m.stationId,
        total1: 5,
      },
    ]);
    const [kind] = await rowsOf<{ relkind: string }>(
      sql`select relkind from pg_class where oid = 'meter_daily_data'::regclass`,
    );
    const [daily] = await rowsOf<{ part: string }>(
      sql`select tableoid::regclass::text as part from meter_daily_data where meter_id = ${m.meterId}`,
    );
    const [hourly] = await rowsOf<{ part: string }>(
      sql`select tableoid::regclass::text as part from meter_hourly_data where meter_id = ${m.meterId}`,
    );
    if (t.database.kind === 'postgres') {
      expect(kind?.relkind).toBe('p');
      expect(daily?.part).toBe('meter_daily_data_203105');
      expect(hourly?.part).toBe('meter_hourly_data_203105');
    } else {
      expect(kind?.relkind).toBe('r');
      expect(daily?.part).toBe('meter_daily_data');
      expect(hourly?.part).toBe('meter_hourly_data');
    }
    // The consumption summary follows the partitioned table's statement trigger.
    const [summary] = await rowsOf<{ usage: number | string }>(
      sql`select usage from consumption_daily where reading_date = '2031-05-31'`,
    );
    expect(Number(summary?.usage)).toBe(7);
  });
});

describe('report totals and the never-purchased account', () => {
  it('a page past the end still answers the total', async ({ t, admin }) => {
    await clearReportData(t);
    for (const path of [
      '/API/PrepayReport/LowPurchaseSituation',
      '/API/PrepayReport/LongNonpurchaseSituation',
      '/API/PrepayReport/DebtSituation',
    ]) {
      const first = await t.call<{ total: number; data: unknown[]; scope?: unknown }>(
        path,
        { lang: 'en', pageNumber: 1, pageSize: 2, orderBy: path.includes('Debt') ? null : 'meterId desc' },
        admin,
      );
      const beyond = await t.call<{ total: number; data: unknown[] }>(
        path,
        { lang: 'en', pageNumber: 50, pageSize: 2, orderBy: path.includes('Debt') ? null : 'meterId desc' },
        admin,
      );
      expect(first.code, first.reason).toBe(0);
      expect(first.result.total).toBeGreaterThan(2);
      // A report that states its scope states the same one on every page.
      const scope = first.result.scope === undefined ? {} : { scope: first.result.scope };
      expect(beyond.result).toEqual({ total: first.result.total, data: [], ...scope });
    }
  });

  it('Long Nonpurchase: an account whose only vend was cancelled counts from its opening, which is its last purchase date', async ({
    t,
    admin,
    prepared: { fleet },
  }) => {
    await clearReportData(t);
    const m = fleet[1] as FixtureMeter;
    await storeVends(t, [
      {
        meter: m,
        at: new Date(2026, 9, 3, 10, 0),
        units: 50,
        paidMinor: 5000,
        payDebtMinor: 0,
        cancelled: true,
      },
    ]);
    const res = await t.call<{ total: number; data: Record<string, unknown>[] }>(
      '/API/PrepayReport/LongNonpurchaseSituation',
      { lang: 'en', pageNumber: 1, pageSize: 20, meterId: m.meterId },
      admin,
    );
    expect(res.result.data).toEqual([
      expect.objectContaining({
        meterId: m.meterId,
        lastPurchaseUnit: 0,
        lastPurchasePaid: 0,
        lastPurchaseDate: wire(m.accountCreated),
        nonpurchaseDays: daysBetween(m.accountCreated, t.clock.now()),
      }),
    ]);
  });
});
