import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client.js';
import { type NewWaterRow, saveWaterRows } from '../src/modules/meter-data/meter-data-write.repo.js';
import { createTestApp, type TestApp, userWithRole } from './harness.js';

/**
 * Interval Data (Water) reads its total from water_daily_counts (migration 0016) when only the station and
 * the dates filter it: the summary must follow every insert, re-collection and delete of the daily rows.
 */
let t: TestApp;
let admin: string;
let south: string;

const row = (meterId: string, day: string, stationId: string): NewWaterRow => ({
  meterId,
  currentDate: day,
  stationId,
  total: 1000,
  remain: 50,
});

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  await t.database.db.execute(
    sql`insert into stations (station_id, name) values ('S1', 'North'), ('S2', 'South')`,
  );
  south = await userWithRole(t, {
    userId: 'wsouth',
    content: 'AutomaticMeterReading.DailyData',
    stationId: 'S2',
  });
});
afterAll(() => t.close());

async function total(token: string, range?: [string, string]) {
  const res = await t.call<{ total: number }>(
    '/api/DailyData/read',
    { lang: 'en', pageSize: 5, ...(range ? { currentDateRange: range } : {}) },
    token,
  );
  expect(res.code, res.reason).toBe(0);
  return res.result.total;
}

/** The same totals counted from the rows themselves. */
async function counted(stationId?: string, from = '0001-01-01', to = '9999-12-31') {
  const res = await t.database.db.execute(sql`select count(*)::int as n from water_daily_data
    where reading_date between ${from}::date and ${to}::date and (${stationId ?? null}::text is null or station_id = ${stationId ?? null})`);
  return Number(rowsOf<{ n: number }>(res)[0]?.n);
}

async function expectTotalsMatchRows() {
  const summary = await t.database.db.execute(sql`select station_id, reading_date::text as day, meters
    from water_daily_counts where meters <> 0 order by 1, 2`);
  const grouped =
    await t.database.db.execute(sql`select station_id, reading_date::text as day, count(*)::int as meters
    from water_daily_data group by 1, 2 order by 1, 2`);
  expect(rowsOf(summary)).toEqual(rowsOf(grouped));
  const range: [string, string] = ['2026-10-02 00:00:00', '2026-10-03 23:59:59'];
  expect(await total(admin)).toBe(await counted());
  expect(await total(south)).toBe(await counted('S2'));
  expect(await total(admin, range)).toBe(await counted(undefined, '2026-10-02', '2026-10-03'));
  expect(await total(south, range)).toBe(await counted('S2', '2026-10-02', '2026-10-03'));
}

describe('the water daily row counts', () => {
  it('follow inserts, re-collections that move a row to another station, and deletes', async () => {
    const days = ['2026-10-01', '2026-10-02', '2026-10-03', '2026-11-01'];
    const rows = days.flatMap((d) => [row('W1', d, 'S1'), row('W2', d, 'S2'), row('W3', d, 'S2')]);
    await saveWaterRows(t.database.db, rows, t.clock.now());
    expect(await total(admin)).toBe(12);
    await expectTotalsMatchRows();

    // Re-collected: W3 now belongs to S1 on two days (an update, not new rows).
    await saveWaterRows(
      t.database.db,
      [row('W3', '2026-10-02', 'S1'), row('W3', '2026-10-03', 'S1')],
      t.clock.now(),
    );
    expect(await total(admin)).toBe(12);
    expect(await total(south)).toBe(6);
    await expectTotalsMatchRows();

    await t.database.db.execute(
      sql`delete from water_daily_data where meter_id = 'W2' and reading_date < '2026-11-01'`,
    );
    expect(await total(admin)).toBe(9);
    await expectTotalsMatchRows();
  });

  it('is not used when another filter narrows the rows', async () => {
    const res = await t.call<{ total: number }>('/api/DailyData/read', { lang: 'en', meterId: 'W1' }, admin);
    expect(res.result.total).toBe(4);
  });
});
