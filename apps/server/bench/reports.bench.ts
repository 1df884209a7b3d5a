/**
 * Reports bench: a year of daily rows and monthly purchases for N meters (10,000 on PGlite, 100,000 on
 * PostgreSQL by default), then p50/p95 of each report, the interval grid and every dashboard series.
 * Prints figures; asserts nothing.
 *   npx tsx bench/reports.bench.ts                       (both engines)
 *   BENCH_ENGINES=pglite BENCH_PGLITE_METERS=2000 npx tsx bench/reports.bench.ts
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { type Database, openPglite, openPostgres } from '../src/db/client.js';
import { meterDailyData } from '../src/db/schema.js';
import type { SessionUser } from '../src/http/route.js';
import { lineChart, panelGroup } from '../src/modules/dashboard/dashboard.repo.js';
import { readElectric } from '../src/modules/meter-data/meter-data.repo.js';
import {
  consumptionStatistics,
  debtSituation,
  longNonpurchase,
  lowPurchase,
} from '../src/modules/prepay-report/prepay-report.repo.js';
import { bootstrap } from '../src/seed/bootstrap.js';
import { testConfig } from '../test/test-config.js';

const DAYS = Number(process.env.BENCH_DAYS ?? 365);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const now = new Date();

const admin: SessionUser = {
  sessionId: 'bench',
  userId: 'admin',
  roleId: 'admin',
  roleName: 'admin',
  roleContent: [],
  stationId: '0001',
  isSystemAdmin: true,
  mustChangePassword: false,
};
const north: SessionUser = { ...admin, userId: 'north', stationId: 'NORTH', isSystemAdmin: false };

/** Bulk load with generate_series; the vend trigger is bypassed and its summaries rebuilt in one pass. */
async function load(database: Database, meters: number) {
  const db = database.db;
  await database.migrate();
  await bootstrap(db, testConfig());
  await db.execute(
    sql`insert into stations (station_id, name) values ('NORTH','North'),('CENTRAL','Central'),('SOUTH','South') on conflict do nothing`,
  );
  await db.execute(
    sql`insert into tariffs (tariff_id, tariff_name, price_minor, station_id) values ('T1','RES',6500,'NORTH') on conflict do nothing`,
  );
  await db.execute(sql`insert into customers (customer_id, customer_name, station_id)
    select 'C' || g, 'Customer ' || g, (array['NORTH','CENTRAL','SOUTH'])[g % 3 + 1] from generate_series(1, ${meters}::int) g`);
  await db.execute(sql`insert into meters (meter_id, station_id, status)
    select (47000000000 + g)::text, (array['NORTH','CENTRAL','SOUTH'])[g % 3 + 1], true from generate_series(1, ${meters}::int) g`);
  await db.execute(sql`insert into accounts (meter_id, customer_id, tariff_id, station_id, create_date)
    select (47000000000 + g)::text, 'C' || g, 'T1', (array['NORTH','CENTRAL','SOUTH'])[g % 3 + 1], now() - interval '400 days'
    from generate_series(1, ${meters}::int) g`);
  await db.execute(sql`insert into debts (customer_id, total_debt_minor, remaining_debt_minor, pay_debt_minor, station_id)
    select 'C' || g, 100000, 50000, 50000, (array['NORTH','CENTRAL','SOUTH'])[g % 3 + 1] from generate_series(1, ${meters}::int, 20) g`);
  const chunk = Math.max(1, Math.floor(200_000 / DAYS));
  for (let from = 1; from <= meters; from += chunk) {
    const to = Math.min(meters, from + chunk - 1);
    await db.execute(sql`insert into meter_daily_data (meter_id, reading_date, station_id, usage1, total1, remain1, voltage_a, current_a, status, source)
      select (47000000000 + g)::text, current_date - d, (array['NORTH','CENTRAL','SOUTH'])[g % 3 + 1],
             30 + (g * 7 + d * 13) % 120, 100000 + d * 80, 500 + (g + d) % 900, 2300, 5000, false, 'bench'
      from generate_series(${from}::int, ${to}::int) g, generate_series(1, ${DAYS}::int) d`);
  }
  await db.execute(sql`alter table token_records disable trigger token_records_purchase_summary`);
  await db.execute(sql`insert into token_records (kind, receipt_id, meter_id, customer_id, tariff_id, station_id, units, total_paid_minor, pay_debt_minor, create_id, create_date)
    select 'credit', row_number() over (), (47000000000 + g)::text, 'C' || g, 'T1', (array['NORTH','CENTRAL','SOUTH'])[g % 3 + 1],
           500 + (g * 31 + m) % 2000, (500 + (g * 31 + m) % 2000) * 650, case when g % 20 = 1 then 1000 else 0 end, 'bench',
           now() - make_interval(days => m * 30 + g % 29, hours => g % 10)
    from generate_series(1, ${meters}::int) g, generate_series(0, ${Math.ceil(DAYS / 30) - 1}::int) m`);
  await db.execute(sql`alter table token_records enable trigger token_records_purchase_summary`);
  await db.execute(sql`insert into purchase_hourly (station_id, hour, times, units, paid_minor)
    select station_id, date_trunc('hour', create_date at time zone 'UTC') at time zone 'UTC', count(*), sum(units), sum(total_paid_minor)
    from token_records where kind = 'credit' and status = 0 group by 1, 2`);
  await db.execute(sql`insert into meter_last_purchase (meter_id, record_id, purchase_date, units, paid_minor)
    select distinct on (meter_id) meter_id, id, create_date, units, total_paid_minor from token_records
    where kind = 'credit' and status = 0 order by meter_id, create_date desc, id desc`);
  await db.execute(sql`vacuum analyze`);
}

const day = (back: number) => {
  const d = new Date(now.getFullYear(), now.getMonth(), now.getDate() - back);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};
const page = { pageNumber: 1, pageSize: 20, lang: 'en' };

function cases(db: Database['db']) {
  return [
    ['Long Nonpurchase (all stations, page 1)', () => longNonpurchase(db, { ...page }, admin, now)],
    [
      'Long Nonpurchase (NORTH, days ≥ 20, by days desc)',
      () =>
        longNonpurchase(
          db,
          { ...page, nonpurchaseDaysStart: 20, orderBy: 'nonpurchaseDays desc' },
          north,
          now,
        ),
    ],
    [
      'Low Purchase (one month, limit 5,000)',
      () =>
        lowPurchase(
          db,
          { ...page, dateRange: [`${day(30)} 00:00:00`, `${day(0)} 23:59:59`], lowLimit: 5000 },
          admin,
        ),
    ],
    ['Debt Situation (page 1)', () => debtSituation(db, { ...page }, admin)],
    [
      'Consumption daily (30 days, all)',
      () =>
        consumptionStatistics(
          db,
          { ...page, pageSize: 31, isDaily: true, dateRange: [`${day(30)} 00:00:00`, `${day(0)} 23:59:59`] },
          admin,
        ),
    ],
    [
      'Consumption monthly (year, NORTH)',
      () => consumptionStatistics(db, { ...page, isDaily: false }, north),
    ],
    [
      'Consumption daily (one meter, year)',
      () => consumptionStatistics(db, { ...page, isDaily: true, meterId: '47000000007' }, admin),
    ],
    ['Interval Data (NORTH, page 1)', () => readElectric(db, meterDailyData, { ...page }, north)],
    [
      'Interval Data (one meter, one month)',
      () =>
        readElectric(
          db,
          meterDailyData,
          {
            ...page,
            meterId: '47000000007',
            currentDateRange: [`${day(30)} 00:00:00`, `${day(0)} 23:59:59`],
          },
          admin,
        ),
    ],
    ['Dashboard panel group', () => panelGroup(db, admin)],
    ...[0, 1, 2, 3, 4, 5, 6, 7].map(
      (type) =>
        [
          `Dashboard line chart type ${type}`,
          () => lineChart(db, admin, now, { type, days: type === 5 ? 12 : type === 6 ? 48 : 30 }),
        ] as const,
    ),
  ] as const;
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

async function run(name: string, database: Database, meters: number) {
  const t0 = performance.now();
  await load(database, meters);
  console.log(
    `\n${name}: loaded ${meters.toLocaleString('en')} meters × ${DAYS} days in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  for (const [label, fn] of cases(database.db)) {
    const times: number[] = [];
    for (let i = 0; i < RUNS + 3; i++) {
      const start = performance.now();
      await fn();
      if (i >= 3) times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    console.log(
      `  ${label.padEnd(52)} p50 ${pct(times, 50).toFixed(1).padStart(7)} ms  p95 ${pct(times, 95).toFixed(1).padStart(7)} ms`,
    );
  }
}

const engines = (process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',');
if (engines.includes('pglite')) {
  const db = await openPglite({});
  try {
    await run('PGlite (in-process, WASM)', db, Number(process.env.BENCH_PGLITE_METERS ?? 10_000));
  } finally {
    await db.close();
  }
}
if (engines.includes('postgres')) {
  // @ts-expect-error plain ESM helper without types
  const { startPostgres } = await import('../../../scripts/pg-throwaway.mjs');
  const pg = await startPostgres();
  try {
    const db = await openPostgres(pg.url, 4);
    try {
      await run('PostgreSQL 15 (throw-away cluster)', db, Number(process.env.BENCH_PG_METERS ?? 100_000));
    } finally {
      await db.close();
    }
  } finally {
    pg.stop();
  }
}
console.log('\nTargets: p95 < 500 ms on PGlite, < 300 ms on PostgreSQL.');
