/**
 * Meter grid bench: 100,000 meters, a filtered and sorted page of 20 (the /api/meter/read query, with
 * its count), p50/p95 on PGlite and on a throw-away PostgreSQL. Prints figures; asserts nothing.
 *   npm run bench -w apps/server            (both engines)
 *   BENCH_ENGINES=pglite npm run bench -w apps/server
 */
import { performance } from 'node:perf_hooks';
import { closingLine } from '@prepay/sts/yardstick';
import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client.js';
import type { SessionUser } from '../src/http/route.js';
import { readMeters } from '../src/modules/meter/meter.repo.js';
import { bootstrap } from '../src/seed/bootstrap.js';
import { testConfig } from '../test/test-config.js';
import { benchEngines, benchYardstick, onEngine, percentile } from './bench-setup.js';

const METERS = Number(process.env.BENCH_METERS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);

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

async function load(database: Database) {
  await database.migrate();
  await bootstrap(database.db, testConfig());
  await database.db.execute(
    sql`insert into stations (station_id, name) values ('NORTH','North'),('CENTRAL','Central'),('SOUTH','South') on conflict do nothing`,
  );
  // Same shape as the demo data: three stations, 70/20/10 % electricity/water/gas, 90 % bound.
  for (let from = 0; from < METERS; from += 50_000) {
    const to = Math.min(METERS, from + 50_000) - 1;
    await database.db.execute(sql`
      insert into meters (meter_id, type, is_three_phase, communication_way, protocol_version, lat, lng, status,
                          ea, base_year, sgc, krn, ken, ti, kt, station_id, create_id, create_date)
      select lpad((47000000000 + g)::text, 11, '0'),
             case when g % 10 < 7 then 0 when g % 10 < 9 then 1 else 2 end,
             case when g % 11 = 0 then 1 else 0 end,
             case when g % 8 = 0 then 0 else 1 end,
             case when g % 5 = 0 then '1.0' else '2.2' end,
             6.4 + (g % 1000) / 2500.0, 3.3 + (g % 997) / 2500.0,
             g % 10 <> 9, '07', 1993, '123456', 1, 255, 1, 2,
             (array['NORTH','CENTRAL','SOUTH'])[g % 3 + 1], 'bench',
             now() - make_interval(mins => g)
      from generate_series(${from}::int, ${to}::int) g`);
  }
  // What autovacuum does on PostgreSQL (and a maintenance run on PGlite): visibility map + statistics.
  await database.db.execute(sql`vacuum analyze meters`);
}

const QUERIES = [
  {
    label: 'station NORTH, electricity, used, meterId desc',
    user: admin,
    body: { stationId: 'NORTH', type: 0, status: true, orderBy: 'meterId desc' },
  },
  {
    label: 'NORTH user (scoped), water, createDate desc',
    user: north,
    body: { type: 1, orderBy: 'createDate desc' },
  },
  {
    label: 'all stations, meterId contains "4700001", sgc',
    user: admin,
    body: { meterId: '4700001', orderBy: 'meterId asc' },
  },
];

async function run(name: string, database: Database) {
  const t0 = performance.now();
  await load(database);
  console.log(
    `\n${name}: loaded ${METERS.toLocaleString('en')} meters in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  for (const q of QUERIES) {
    const times: number[] = [];
    let total = 0;
    for (let i = 0; i < RUNS + 20; i++) {
      const pageNumber = 1 + (i % 50);
      const start = performance.now();
      const res = await readMeters(database.db, { pageNumber, pageSize: 20, ...q.body } as never, q.user);
      const ms = performance.now() - start;
      if (res.data.length !== 20) throw new Error(`expected a full page, got ${res.data.length}`);
      total = res.total;
      if (i >= 20) times.push(ms);
    }
    times.sort((a, b) => a - b);
    console.log(
      `  ${q.label.padEnd(52)} total ${String(total).padStart(6)}  p50 ${yardstick.ms(percentile(times, 0.5))}  p95 ${yardstick.ms(percentile(times, 0.95))}`,
    );
  }
}

const yardstick = benchYardstick('meter-page bench');
for (const engine of benchEngines()) await onEngine(engine, (database, label) => run(label, database));
console.log('\nTargets: p95 < 150 ms on PGlite, < 50 ms on PostgreSQL.');
console.log(closingLine(yardstick));
