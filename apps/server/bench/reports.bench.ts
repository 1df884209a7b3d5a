/**
 * Reports bench: a year of daily rows, monthly rows, a day of hourly rows, water meters, monthly purchases
 * and debts for N meters (10,000 on PGlite, 100,000 on PostgreSQL by default), then p50/p95 of every
 * report, interval grid, feed and dashboard endpoint through HTTP (app.inject: validation, permission,
 * query, serialisation). Prints figures; asserts nothing.
 *
 *   npm run bench -- server                                  (every server bench, this one last)
 *   npm run bench:reports -w apps/server                     (this one: PGlite, then PostgreSQL)
 *   BENCH_ENGINES=pglite BENCH_PGLITE_METERS=2000 npm run bench:reports -w apps/server
 *   BENCH_PG_URL=postgres://… BENCH_ENGINES=postgres …       (an existing database; loaded once, reused)
 *   BENCH_PGLITE_PARTITIONS=1 BENCH_ENGINES=pglite …         (PGlite with PostgreSQL's monthly partitions)
 *   BENCH_ONLY='^RP Transformer' …                           (only the cases whose label matches)
 *
 * The load is set-based (generate_series, one statement per day of data), with the interval tables'
 * keys and indexes dropped during the load and built after, the summary triggers off and the summaries
 * rebuilt in one pass each — as a migration of historic data would, not as the live write path does.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { closingLine } from '@prepay/sts/yardstick';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app.js';
import type { Database } from '../src/db/client.js';
import { bootstrap } from '../src/seed/bootstrap.js';
import { ADMIN_PASSWORD, testConfig } from '../test/test-config.js';
import { benchEngines, benchYardstick, onEngine, percentile } from './bench-setup.js';
import {
  bulk,
  flagColumns,
  flagValues,
  loadNetwork,
  REVPROT_RUNS,
  revprotCases,
  skippedVends,
} from './revprot-data.js';

const DAYS = Number(process.env.BENCH_DAYS ?? 365);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
/** BENCH_ONLY=<regexp>: only the cases whose label matches (e.g. '^RP ' for the findings). */
const ONLY = new RegExp(process.env.BENCH_ONLY ?? '');
const STATIONS = `(array['NORTH','CENTRAL','SOUTH'])[g % 3 + 1]`;

const log = (s: string) => console.log(s);
const secs = (t0: number) => `${((performance.now() - t0) / 1000).toFixed(1)} s`;

/** Interval-table keys and indexes dropped for the bulk load and built after it. */
const INDEXES = [
  [
    'meter_daily_data',
    'alter table meter_daily_data drop constraint meter_daily_data_meter_id_reading_date_pk',
    'alter table meter_daily_data add constraint meter_daily_data_meter_id_reading_date_pk primary key (meter_id, reading_date)',
  ],
  [
    'meter_daily_data',
    'drop index meter_daily_data_station_date_idx',
    'create index meter_daily_data_station_date_idx on meter_daily_data (station_id, reading_date desc, meter_id)',
  ],
  [
    'meter_daily_data',
    'drop index meter_daily_data_date_idx',
    'create index meter_daily_data_date_idx on meter_daily_data (reading_date desc, meter_id)',
  ],
] as const;

async function loadMasterData(database: Database, meters: number) {
  const x = (q: ReturnType<typeof sql>) => database.db.execute(q);
  await x(
    sql`insert into stations (station_id, name) values ('NORTH','North'),('CENTRAL','Central'),('SOUTH','South') on conflict do nothing`,
  );
  await x(
    sql`insert into tariffs (tariff_id, tariff_name, price_minor, station_id) values ('T1','RES',6500,'NORTH') on conflict do nothing`,
  );
  await x(sql`insert into customers (customer_id, customer_name, address, station_id)
    select 'C' || g, 'Customer ' || g, 'Road ' || g, ${sql.raw(STATIONS)} from generate_series(1, ${meters}::int) g`);
  await x(sql`insert into meters (meter_id, station_id, status)
    select (47000000000 + g)::text, ${sql.raw(STATIONS)}, true from generate_series(1, ${meters}::int) g`);
  await x(sql`insert into accounts (meter_id, customer_id, tariff_id, station_id, create_date)
    select (47000000000 + g)::text, 'C' || g, 'T1', ${sql.raw(STATIONS)}, now() - interval '400 days'
    from generate_series(1, ${meters}::int) g`);
  await x(sql`insert into debts (customer_id, total_debt_minor, remaining_debt_minor, pay_debt_minor, station_id)
    select 'C' || g, 100000, 50000, 50000, ${sql.raw(STATIONS)} from generate_series(1, ${meters}::int, 20) g`);
}

/** A year of daily rows, one statement per day (the order collection writes them in). */
async function loadDaily(database: Database, meters: number) {
  const x = (q: ReturnType<typeof sql>) => database.db.execute(q);
  await x(sql`alter table meter_daily_data disable trigger user`);
  for (const [, drop] of INDEXES) await x(sql.raw(drop));
  // Months the writer would have asked for (PostgreSQL; a no-op on PGlite's plain tables).
  await x(sql`select interval_partition_month('meter_daily_data', date_trunc('month', current_date - d)::date)
    from generate_series(0, ${DAYS}::int) d`);
  const t0 = performance.now();
  for (let d = DAYS; d >= 1; d--) {
    await x(sql`insert into meter_daily_data (meter_id, reading_date, station_id, usage1, total1, remain1, voltage_a, current_a, relay_open, status, source ${flagColumns()})
      select (47000000000 + g)::text, current_date - ${d}::int, ${sql.raw(STATIONS)},
             30 + (g * 7 + ${d}::int * 13) % 120, 100000 + g + (400 - ${d}::int) * 80, 500 + (g + ${d}::int) % 900, 2300, 5000,
             false, false, 'bench' ${flagValues(d)}
      from generate_series(1, ${meters}::int) g`);
  }
  log(`  daily rows inserted in ${secs(t0)}`);
  const t1 = performance.now();
  for (const [, , create] of INDEXES) await bulk(database, sql.raw(create));
  await x(sql`alter table meter_daily_data enable trigger user`);
  await bulk(
    database,
    sql`insert into consumption_daily (station_id, reading_date, usage, meters)
    select station_id, reading_date, sum(coalesce(usage1, 0)), count(*) from meter_daily_data group by 1, 2`,
  );
  log(`  daily keys, indexes and consumption summary built in ${secs(t1)}`);
}

async function loadOther(database: Database, meters: number) {
  const x = (q: ReturnType<typeof sql>) => database.db.execute(q);
  await x(sql`insert into meter_monthly_data (meter_id, reading_date, station_id, usage1, total1, remain1, source)
    select (47000000000 + g)::text, (date_trunc('month', current_date) - make_interval(months => m))::date, ${sql.raw(STATIONS)},
           3000 + g % 900, 100000 + g + m * 2400, 500 + g % 900, 'bench'
    from generate_series(1, ${meters}::int) g, generate_series(0, 11) m`);
  // A tenth of the fleet is water meters with a year of daily rows.
  await x(sql`select interval_partition_month('water_daily_data', date_trunc('month', current_date - d)::date)
    from generate_series(0, ${DAYS}::int) d`);
  await x(sql`insert into water_daily_data (meter_id, reading_date, station_id, total, total_recharge, remain, valve_status, battery_percentage, source)
    select (48000000000 + g)::text, current_date - d, ${sql.raw(STATIONS)}, 1000 + d * 3, 500, 200 + (g + d) % 300, true, 80, 'bench'
    from generate_series(1, ${Math.ceil(meters / 10)}::int) g, generate_series(1, ${DAYS}::int) d`);
  // The last 24 hours of hourly readings for every meter.
  await x(
    sql`select interval_partition_month('meter_hourly_data', date_trunc('month', (now() - interval '1 day') at time zone 'UTC')::date)`,
  );
  await x(
    sql`select interval_partition_month('meter_hourly_data', date_trunc('month', (now() at time zone 'UTC'))::date)`,
  );
  await x(sql`insert into meter_hourly_data (meter_id, reading_time, station_id, total1, remain1, usage1)
    select (47000000000 + g)::text, date_trunc('hour', now()) - make_interval(hours => h), ${sql.raw(STATIONS)},
           200000 + g - h, 500 + g % 900, 1 + (g + h) % 5
    from generate_series(1, ${meters}::int) g, generate_series(1, 24) h`);
  // A purchase a month per meter; the vend trigger is bypassed and its summaries rebuilt in one pass.
  await x(sql`alter table token_records disable trigger user`);
  await x(sql`insert into token_records (kind, receipt_id, meter_id, customer_id, tariff_id, station_id, token, units, total_paid_minor, pay_debt_minor, create_id, create_date)
    select 'credit', row_number() over (), (47000000000 + g)::text, 'C' || g, 'T1', ${sql.raw(STATIONS)}, lpad((g * 13 + m)::text, 20, '0'),
           500 + (g * 31 + m) % 2000, (500 + (g * 31 + m) % 2000) * 650, case when g % 20 = 1 then 1000 else 0 end, 'bench',
           now() - make_interval(days => m * 30 + g % 29, hours => g % 10)
    from generate_series(1, ${meters}::int) g, generate_series(0, ${Math.ceil(DAYS / 30) - 1}::int) m ${skippedVends()}`);
  await x(sql`alter table token_records enable trigger user`);
  await rebuildPurchaseSummaries(database);
  await x(sql`insert into alarms (meter_id, station_id, kind, detail, raised_date)
    select (47000000000 + g)::text, ${sql.raw(STATIONS)}, (array['tamper','relay','lowCredit','offline'])[g % 4 + 1], 'bench', now() - make_interval(hours => g % 500)
    from generate_series(1, ${meters}::int, 50) g`);
  await x(sql`insert into remote_tasks (kind, meter_id, station_id, status, create_date, update_date)
    select 'reading', (47000000000 + g)::text, ${sql.raw(STATIONS)}, case when g % 7 = 0 then 2 else 1 end,
           now() - make_interval(mins => g % 2880), now() - make_interval(mins => g % 2880)
    from generate_series(1, ${Math.min(meters, 20_000)}::int) g`);
}

/** The summaries the vend triggers keep (0007's and the purchase ledger of 0014), rebuilt from the loaded token records. */
async function rebuildPurchaseSummaries(database: Database) {
  const x = (q: ReturnType<typeof sql>) => database.db.execute(q);
  await x(sql`insert into purchase_hourly (station_id, hour, times, units, paid_minor)
    select station_id, date_trunc('hour', create_date at time zone 'UTC') at time zone 'UTC', count(*), sum(units), sum(total_paid_minor)
    from token_records where kind = 'credit' and status = 0 group by 1, 2`);
  await x(sql`insert into meter_last_purchase (meter_id, record_id, purchase_date, units, paid_minor)
    select distinct on (meter_id) meter_id, id, create_date, units, total_paid_minor from token_records
    where kind = 'credit' and status = 0 order by meter_id, create_date desc, id desc`);
  await x(sql`select purchase_ledger_rebuild()`);
}

/**
 * BENCH_PGLITE_PARTITIONS=1: partition PGlite's interval tables as migration 0009 does on PostgreSQL
 * (its DO block without the engine check), to compare the two layouts on the embedded engine.
 */
async function partitionPglite(database: Database) {
  const file = readFileSync(
    path.join(import.meta.dirname, '../src/db/migrations/0009_reportperf_partitions.sql'),
    'utf8',
  );
  const block = file.slice(file.indexOf('DO $$'), file.indexOf('END $$;') + 'END $$;'.length);
  await database.db.execute(sql.raw(block.replace("IF version() LIKE '%PGlite%' THEN RETURN; END IF;", '')));
  log('  interval tables partitioned by month (BENCH_PGLITE_PARTITIONS)');
}

async function load(database: Database, meters: number) {
  await database.migrate();
  if (database.kind === 'pglite' && process.env.BENCH_PGLITE_PARTITIONS === '1')
    await partitionPglite(database);
  const [row] = (
    (await database.db.execute(
      sql`select count(*)::int as n from meters where meter_id like '470%'`,
    )) as unknown as {
      rows: { n: number }[];
    }
  ).rows;
  if (row && row.n === meters) {
    log(`  reusing the ${meters.toLocaleString('en')} meters already loaded`);
    return;
  }
  if (row && row.n > 0) throw new Error(`the database holds ${row.n} bench meters, not ${meters}`);
  await bootstrap(database.db, testConfig());
  const t0 = performance.now();
  await loadMasterData(database, meters);
  await loadDaily(database, meters);
  await loadOther(database, meters);
  await loadNetwork(database, meters, log);
  const t1 = performance.now();
  await database.db.execute(sql`vacuum analyze`);
  log(`  vacuum analyze in ${secs(t1)}; whole load ${secs(t0)}`);
}

const pad2 = (n: number) => String(n).padStart(2, '0');
function day(back: number) {
  const now = new Date();
  const d = new Date(now.getFullYear(), now.getMonth(), now.getDate() - back);
  return `${d.getFullYear()}-${pad2(d.getMonth() + 1)}-${pad2(d.getDate())}`;
}
const page = { lang: 'en', pageNumber: 1, pageSize: 20 };
const month = [`${day(30)} 00:00:00`, `${day(0)} 23:59:59`];

type Case = readonly [string, 'POST' | 'GET', string, unknown?];
const CASES: Case[] = [
  ['Long Nonpurchase (all, page 1)', 'POST', '/API/PrepayReport/LongNonpurchaseSituation', page],
  [
    'Long Nonpurchase (NORTH, days ≥ 20, by days desc)',
    'POST',
    '/API/PrepayReport/LongNonpurchaseSituation',
    { ...page, stationId: 'NORTH', nonpurchaseDaysStart: 20, orderBy: 'nonpurchaseDays desc' },
  ],
  [
    'Low Purchase (one month, limit 5,000)',
    'POST',
    '/API/PrepayReport/LowPurchaseSituation',
    { ...page, dateRange: month, lowLimit: 5000 },
  ],
  [
    'Low Purchase (NORTH, one month, by paid desc)',
    'POST',
    '/API/PrepayReport/LowPurchaseSituation',
    { ...page, stationId: 'NORTH', dateRange: month, lowLimit: 10000, orderBy: 'purchaseTotalPaid desc' },
  ],
  [
    'Low Purchase (a year, limit 50,000)',
    'POST',
    '/API/PrepayReport/LowPurchaseSituation',
    { ...page, dateRange: [`${day(364)} 00:00:00`, `${day(0)} 23:59:59`], lowLimit: 50000 },
  ],
  ['Debt Situation (page 1)', 'POST', '/API/PrepayReport/DebtSituation', page],
  [
    'Consumption daily (30 days, all)',
    'POST',
    '/API/PrepayReport/ConsumptionStatistics',
    { ...page, pageSize: 31, isDaily: true, dateRange: month },
  ],
  [
    'Consumption monthly (year, NORTH)',
    'POST',
    '/API/PrepayReport/ConsumptionStatistics',
    { ...page, isDaily: false, stationId: 'NORTH' },
  ],
  [
    'Consumption daily (one meter, year)',
    'POST',
    '/API/PrepayReport/ConsumptionStatistics',
    { ...page, isDaily: true, meterId: '47000000007' },
  ],
  [
    'Daily Data per meter (NORTH, page 1)',
    'POST',
    '/api/DailyDataMeter/read',
    { ...page, stationId: 'NORTH' },
  ],
  [
    'Daily Data per meter (one meter, one month)',
    'POST',
    '/api/DailyDataMeter/read',
    { ...page, meterId: '47000000007', currentDateRange: month },
  ],
  [
    'Daily Data per meter (one day, by usage desc)',
    'POST',
    '/api/DailyDataMeter/read',
    { ...page, currentDateRange: [`${day(3)} 00:00:00`, `${day(3)} 23:59:59`], orderBy: 'usage1 desc' },
  ],
  ['Monthly Data (all, page 1)', 'POST', '/api/DailyDataMeter/readMonthly', page],
  ['Daily Data (water, all, page 1)', 'POST', '/api/DailyData/read', page],
  [
    'Hourly row action (one meter, one day)',
    'POST',
    '/api/DailyDataMeter/readMore',
    { ...page, meterId: '47000000007' },
  ],
  [
    'GET readHourly feed (NORTH, 6 hours, 100)',
    'GET',
    `/api/DailyDataMeter/readHourly?SITE_ID=NORTH&pageLimit=100&FROM=${encodeURIComponent(new Date(Date.now() - 6 * 3_600_000).toISOString())}&TO=${encodeURIComponent(new Date().toISOString())}`,
  ],
  [
    'GET payments feed (NORTH, one day)',
    'GET',
    `/api/token/creditTokenRecord/readMore?SITE_ID=NORTH&FROM=${encodeURIComponent(`${day(1)} 00:00:00`)}&TO=${encodeURIComponent(`${day(1)} 23:59:59`)}`,
  ],
  ['Dashboard panel group', 'POST', '/api/dashboard/readPanelGroup'],
  ...[0, 1, 2, 3, 4, 5, 6, 7].map(
    (type) =>
      [
        `Dashboard line chart type ${type}`,
        'POST',
        '/api/dashboard/readLineChart',
        { type, days: type === 5 ? 12 : type === 6 ? 48 : 30 },
      ] as const,
  ),
];

async function run(name: string, database: Database, meters: number, target: number) {
  log(`\n${name}: ${meters.toLocaleString('en')} meters × ${DAYS} days of daily rows`);
  await load(database, meters);
  const app = await buildApp({ config: testConfig(), database, logger: false });
  await app.ready();
  try {
    const login = await app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { userId: 'admin', password: ADMIN_PASSWORD },
    });
    const token = (login.json() as { result: { token: string } }).result.token;
    const worst: string[] = [];
    for (const [label, method, url, body] of [...CASES, ...revprotCases(day)].filter(([l]) => ONLY.test(l))) {
      const times: number[] = [];
      let rows = '';
      const runs = label.startsWith('RP ') ? REVPROT_RUNS : RUNS;
      for (let i = 0; i < runs + 3; i++) {
        const start = performance.now();
        const res = await app.inject({
          method,
          url,
          headers: { authorization: `Bearer ${token}` },
          ...(method === 'POST' ? { payload: body ?? {} } : {}),
        });
        const elapsed = performance.now() - start;
        const json = res.json() as { code?: number; reason?: string; result?: { total?: number } };
        if (res.statusCode !== 200 || (json.code !== undefined && json.code !== 0))
          throw new Error(`${label}: ${res.statusCode} ${res.body.slice(0, 300)}`);
        if (i >= 3) times.push(elapsed);
        if (typeof json.result?.total === 'number') rows = `total ${json.result.total.toLocaleString('en')}`;
      }
      times.sort((a, b) => a - b);
      const p95 = percentile(times, 0.95);
      // Targets hold on the normalised figures.
      if (yardstick.time(p95) >= target) worst.push(label);
      log(
        `  ${label.padEnd(50)} p50 ${yardstick.ms(percentile(times, 0.5))}  p95 ${yardstick.ms(p95)}  ${rows}`,
      );
    }
    log(
      `  ${worst.length ? `over ${target} ms at p95 (norm.): ${worst.join('; ')}` : `every p95 under ${target} ms (norm.)`}`,
    );
  } finally {
    await app.close();
  }
}

const yardstick = benchYardstick(`reports bench: ${RUNS} timed runs per case after 3 warm-ups`);
for (const engine of benchEngines()) {
  const [meters, target] =
    engine === 'pglite'
      ? [Number(process.env.BENCH_PGLITE_METERS ?? 10_000), 500]
      : [Number(process.env.BENCH_PG_METERS ?? 100_000), 300];
  await onEngine(engine, (database, label) => run(label, database, meters, target), process.env.BENCH_PG_URL);
}
log('\nTargets (norm.): p95 < 500 ms on PGlite (10,000 meters), < 300 ms on PostgreSQL (100,000 meters).');
log(closingLine(yardstick));
