/**
 * The revenue-protection part of the reports bench (BENCH_REVPROT=1, `npm run bench -- revprot`): the
 * fleet under 1,000-odd transformers with check meters that see 0–14 % more than their meters register,
 * a few daily rows flagging tampering, a fortieth of the accounts without a purchase for four months,
 * and the finding cases timed beside the report cases of the same run.
 */
import { performance } from 'node:perf_hooks';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../src/db/client.js';

export const REVPROT = process.env.BENCH_REVPROT === '1';
/** Timed runs per finding case (each reads the whole fleet; fewer than the report cases' default). */
export const REVPROT_RUNS = Number(process.env.BENCH_REVPROT_RUNS ?? 10);

/** Extra daily-row columns and their values: about one row in 2,000 flags terminal cover or magnet. */
export const flagColumns = () => (REVPROT ? sql`, terminal_cover_open, magnetic_interference` : sql``);
export const flagValues = (day: number) =>
  REVPROT ? sql`, (g * 7 + ${day}::int) % 1999 = 0, (g * 11 + ${day}::int) % 2999 = 0` : sql``;
/** Vends left out: a fortieth of the meters bought nothing in the last four months (zero buyers). */
export const skippedVends = () => (REVPROT ? sql`where not (g % 40 = 0 and m < 4)` : sql``);

/** Per station 334 transformers; meter g (station g % 3) sits under transformer (g % 3) * 334 + (g / 3) % 334. */
const TRANSFORMER_OF = `(g % 3) * 334 + (g / 3) % 334`;

export async function loadNetwork(database: Database, meters: number, log: (s: string) => void) {
  if (!REVPROT) return;
  const x = (q: ReturnType<typeof sql>) => database.db.execute(q);
  const t0 = performance.now();
  const stationOf = `(array['NORTH','CENTRAL','SOUTH'])[t / 334 + 1]`;
  await x(sql`insert into meters (meter_id, station_id, status)
    select (46000000000 + t)::text, ${sql.raw(stationOf)}, true from generate_series(0, 1001) t`);
  await x(sql`insert into transformers (transformer_id, transformer_name, check_meter_id, station_id)
    select 'TX' || t, 'Transformer ' || t, (46000000000 + t)::text, ${sql.raw(stationOf)} from generate_series(0, 1001) t`);
  // The move trigger would carry each meter's year of rows one meter at a time: the summary is rebuilt after.
  await x(sql`alter table meters disable trigger user`);
  await x(sql`update meters m set transformer_id = 'TX' || (${sql.raw(TRANSFORMER_OF)})
    from generate_series(1, ${meters}::int) g where m.meter_id = (47000000000 + g)::text`);
  await x(sql`alter table meters enable trigger user`);
  // The per-transformer-day sums first (one pass over the fleet's rows, the meters' triggers were off),
  // then the check meter sees what its meters register plus the transformer's loss (t % 15 percent):
  // its rows come from those sums, not from a second join of the fleet's rows. Check meters sit under no
  // transformer, so their rows leave the sums as they are.
  await bulk(database, sql`select transformer_daily_rebuild()`);
  await x(sql`alter table meter_daily_data disable trigger user`);
  await x(sql`insert into meter_daily_data (meter_id, reading_date, station_id, usage1, total1, source)
    select t.check_meter_id, c.reading_date, t.station_id,
           (c.units::numeric * (100 + substr(t.transformer_id, 3)::int % 15) / 100)::bigint, 0, 'bench'
    from transformer_daily c join transformers t on t.transformer_id = c.transformer_id`);
  await x(sql`alter table meter_daily_data enable trigger user`);
  log(
    `  network (1,002 transformers, check meters' daily rows) loaded in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  // The daily rows went in with the triggers off: the meters' running totals in one pass, as the migration.
  // Its key and day index are built after the rows, as the daily rows' are: sorting once beats 37 M
  // inserts into two indexes.
  const t1 = performance.now();
  await x(sql`alter table meter_usage_running drop constraint meter_usage_running_meter_id_reading_date_pk`);
  await x(sql`drop index meter_usage_running_day_idx`);
  await bulk(database, sql`select meter_usage_running_rebuild()`);
  await bulk(
    database,
    sql`alter table meter_usage_running add constraint meter_usage_running_meter_id_reading_date_pk primary key (meter_id, reading_date)`,
  );
  await bulk(
    database,
    sql`create index meter_usage_running_day_idx on meter_usage_running (reading_date, meter_id) include (units, read_days, remain1, remain_date)`,
  );
  await x(sql`analyze meter_usage_running`);
  log(`  meters' running totals rebuilt in ${((performance.now() - t1) / 1000).toFixed(1)} s`);
}

/**
 * A bulk statement with room to sort and hash in memory (PostgreSQL's 4 MB default spills the fleet's
 * 36 M rows to disk many times over), in a transaction of its own so the settings end with it.
 */
export function bulk(database: Database, q: SQL) {
  const room = database.kind === 'pglite' ? '64MB' : '256MB';
  return database.db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('work_mem', ${room}, true), set_config('maintenance_work_mem', ${room}, true)`,
    );
    await tx.execute(q);
  });
}

type Case = readonly [string, 'POST', string, unknown];

/** The findings, each with the grid's first page as the console reads it. */
export function revprotCases(day: (back: number) => string): Case[] {
  if (!REVPROT) return [];
  const page = { lang: 'en', pageNumber: 1, pageSize: 20 };
  const days = [day(30), day(1)];
  const base = '/api/revenueProtection';
  return [
    ['RP Suspects (30 days, all, by score)', 'POST', `${base}/suspects/read`, { ...page, days }],
    ['RP Suspects (NORTH, 30 days)', 'POST', `${base}/suspects/read`, { ...page, days, stationId: 'NORTH' }],
    ['RP Zero Buyers (30 days, all)', 'POST', `${base}/zeroBuyers/read`, { ...page, minDays: 30 }],
    [
      'RP Zero Buyers (90 days, consuming)',
      'POST',
      `${base}/zeroBuyers/read`,
      { ...page, minDays: 90, state: 'consuming' },
    ],
    ['RP Consumption Beyond Credit (all)', 'POST', `${base}/consumptionBeyondCredit/read`, page],
    ['RP Tamper (30 days, all)', 'POST', `${base}/tamper/read`, { ...page, days }],
    [
      'RP Tamper (a year, NORTH)',
      'POST',
      `${base}/tamper/read`,
      { ...page, days: [day(365), day(1)], stationId: 'NORTH' },
    ],
    ['RP Transformer Balance (30 days, all)', 'POST', `${base}/transformerBalance/read`, { ...page, days }],
    [
      'RP Transformer Balance (30 days, by loss)',
      'POST',
      `${base}/transformerBalance/read`,
      { ...page, days, orderBy: 'lossPercent desc' },
    ],
  ];
}
