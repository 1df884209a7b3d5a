/**
 * What the server's benches share: the engines to run on (BENCH_ENGINES), a database on each, the
 * machine's load to print beside the figures, percentiles and waiting for a condition.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FleetSpec } from '@prepay/simulator';
import { measureYardstick, type Yardstick } from '@prepay/sts/yardstick';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
// @ts-expect-error plain ESM helper without types
import { startPostgres as startThrowaway } from '../../../scripts/pg-throwaway.mjs';
import { buildApp } from '../src/app.js';
import type { Config } from '../src/config.js';
import { type Database, openPglite, openPostgres } from '../src/db/client.js';
import { users } from '../src/db/schema.js';
import { type DbKeyStore, keyStoreOf } from '../src/modules/keystore/key-store.repo.js';
import { bootstrap } from '../src/seed/bootstrap.js';
import { insertAccountedMeters } from '../test/ops-fixture.js';
import { ADMIN_AUTH_PASSWORD, METER_STS, testConfig } from '../test/test-config.js';

export type Engine = 'pglite' | 'postgres';

/** BENCH_ENGINES (comma-separated), both engines by default. */
export function benchEngines(): Engine[] {
  return (process.env.BENCH_ENGINES ?? 'pglite,postgres')
    .split(',')
    .filter((e): e is Engine => e === 'pglite' || e === 'postgres');
}

/** What a process's CPU figure covers: PGlite runs inside the server's process, PostgreSQL in its own. */
export const cpuScope = (database: Database): string =>
  database.kind === 'pglite'
    ? 'the database included: PGlite runs in process'
    : 'without the database server';

/** A throw-away PostgreSQL cluster (scripts/pg-throwaway.mjs); `stop` ends it and removes its files. */
export const startPostgres = (): Promise<{ url: string; socketUrl: string; stop(): void }> =>
  startThrowaway();

/**
 * Runs `bench` on an in-process PGlite or on a throw-away PostgreSQL cluster (or, for postgres, on the
 * server at `postgresUrl` when one is given), and closes what it opened.
 */
export async function onEngine(
  engine: Engine,
  bench: (database: Database, label: string) => Promise<void>,
  postgresUrl?: string,
): Promise<void> {
  if (engine === 'pglite') {
    const database = await openPglite({});
    try {
      await bench(database, 'PGlite (in-process, WASM)');
    } finally {
      await database.close();
    }
    return;
  }
  const cluster = postgresUrl ? undefined : await startPostgres();
  try {
    const database = await openPostgres(postgresUrl ?? cluster?.url ?? '', 4);
    try {
      await bench(database, cluster ? 'PostgreSQL (throw-away cluster)' : 'PostgreSQL (given database)');
    } finally {
      await database.close();
    }
  } finally {
    cluster?.stop();
  }
}

/** The q-quantile (0..1) of ascending `sorted` by nearest rank; 0 for no samples. */
export function percentile(sorted: number[], q: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? 0;
}

/** Polls `check` every 100 ms until it holds, or fails after `ms`. */
export async function until(what: string, check: () => boolean | Promise<boolean>, ms: number) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * The machine's one-core speed, measured now and printed under the bench's machine line: every figure after
 * it is printed as measured and as on the reference machine (yardstick.ms, yardstick.rateOf).
 */
export function benchYardstick(name: string): Yardstick {
  console.log(machineLine(name));
  const yardstick = measureYardstick();
  console.log(yardstick.line());
  return yardstick;
}

/** "<name>: N cores, load a b c": figures mean little without the load they were taken at. */
export function machineLine(name: string): string {
  const load = os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
  return `${name}: ${os.cpus().length} cores, load ${load}`;
}

const root = path.resolve(import.meta.dirname, '../../..');

/**
 * The simulator's CLI in a process of its own, on the fleet `spec` (written into `dir`), with `args`;
 * BENCH_SIM_CPU_PROF=<dir> adds a CPU profile of it.
 */
export function startSimulator(dir: string, name: string, spec: FleetSpec, args: string[]): ChildProcess {
  const file = path.join(dir, `${name}.json`);
  writeFileSync(file, JSON.stringify(spec), { mode: 0o600 });
  const profile = process.env.BENCH_SIM_CPU_PROF;
  return spawn(
    process.execPath,
    [
      ...(profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : []),
      '--import',
      'tsx',
      'apps/simulator/src/cli.ts',
      '--fleet',
      file,
      ...args,
    ],
    { cwd: root, stdio: 'ignore' },
  );
}

/** SIGTERM and wait for the exit (at once if it has exited). */
export async function stopProcess(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

/** The vend benches' meter `n` (1-based). */
/** A bench app's head-end: no MQTT broker, GPRS on a free local port, link state written every 2 s. */
export function benchHeadend(): Config['headend'] {
  return {
    ...testConfig().headend,
    mqttPort: 0,
    headendPort: 'ephemeral',
    headendHost: '127.0.0.1',
    persistMs: 2_000,
  };
}

export const benchMeterId = (n: number) => String(47100000000 + n);

/**
 * The vend benches' data, after migrating: the bootstrapped admin (no password change due), one flat
 * tariff TB (65.00 with 7.5 % VAT) and `meters` meters (benchMeterId 1…n), each with a customer and an
 * account on TB.
 */
export async function seedVendData(database: Database, meters: number) {
  const db = database.db;
  await database.migrate();
  await bootstrap(db, testConfig());
  await db.update(users).set({ mustChangePassword: false }).where(eq(users.userId, 'admin'));
  await db.execute(
    sql`insert into tariffs (tariff_id, tariff_name, price_minor, tax_bp, station_id) values ('TB','BENCH',6500,750,'0001')`,
  );
  await insertAccountedMeters(db, {
    count: meters,
    firstMeter: 47100000000,
    customerPrefix: 'C',
    tariffId: 'TB',
  });
}

/**
 * A utility in service rather than one opened today: `perMeter` earlier credit vends of every account's
 * meter over the last year (the meters' last TIDs and the receipt counter after them), then planner
 * statistics, as autovacuum would have gathered them. On empty tables PostgreSQL plans the vend's reads as
 * sequential scans and keeps those plans on its pooled connections while the tables fill.
 */
export async function seedVendHistory(database: Database, perMeter: number) {
  const db = database.db;
  await db.execute(sql`insert into token_records (kind, receipt_id, meter_id, meter_type, customer_id,
      customer_name, tariff_id, tariff_name, station_id, token, tid, token_class, subclass, purchase_way,
      units, total_paid_minor, create_id, create_date)
    select 'credit', row_number() over (order by h, a.meter_id), a.meter_id, 0, a.customer_id, c.customer_name,
      a.tariff_id, 'BENCH', a.station_id, '', h, 0, 0, 0, 286, 2000, 'admin',
      now() - (${perMeter}::int - h + 1) * interval '365 days' / ${perMeter}::int
    from accounts a join customers c using (customer_id) cross join generate_series(1, ${perMeter}::int) h`);
  await db.execute(sql`insert into meter_token_state (meter_id, last_tid, update_date)
    select meter_id, max(tid), max(create_date) from token_records group by meter_id`);
  await db.execute(sql`insert into receipt_counters (kind, last)
    select 'credit', max(receipt_id) from token_records where kind = 'credit'`);
  await db.execute(sql`analyze`);
}

/** Decoder keys (random unless `decoderKey` says) for benchMeterId 1…n, with the tests' STS fields. */
export async function putBenchDecoderKeys(
  store: Pick<DbKeyStore, 'putDecoderKey'>,
  meters: number,
  decoderKey = () => randomBytes(8).toString('hex').toUpperCase(),
) {
  for (let g = 1; g <= meters; g++) {
    await store.putDecoderKey({ ...METER_STS, meterId: benchMeterId(g), decoderKey: decoderKey() });
  }
}

/**
 * The credit vend the vend benches send: 20.00 paid for `meterId`, issued (not a preview), with a new
 * idempotency key as the console sends with every vend (the server checks it and the record keeps it).
 */
export const creditVend = (meterId: string) => ({
  meterId,
  isPreview: false,
  isVendByTotalPaid: true,
  amount: '20.00',
  authorizationPassword: ADMIN_AUTH_PASSWORD,
  idempotencyKey: randomUUID(),
});

/** POSTs JSON to the app in process (inject: no socket) and answers the parsed envelope. */
export const injectPost = (app: FastifyInstance) => async (url: string, body: unknown, token?: string) =>
  (
    await app.inject({
      method: 'POST',
      url,
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      payload: JSON.stringify(body),
    })
  ).json() as { code: number; reason: string; result: { token?: string } };

/**
 * The app in process on `database` with the vend benches' data (seedVendData, putBenchDecoderKeys, a
 * year of earlier vends) and
 * authorization proofs that last 10 minutes (with `config` over the tests' configuration), and a POST to
 * it (injectPost).
 */
export async function vendApp(
  database: Database,
  meters: number,
  decoderKey?: () => string,
  config: Partial<Config> = {},
) {
  await seedVendData(database, meters);
  const app = await buildApp({
    config: testConfig({ authorizationProofMinutes: 10, ...config }),
    database,
    logger: false,
  });
  await app.ready();
  await putBenchDecoderKeys(await keyStoreOf(app.deps), meters, decoderKey);
  await seedVendHistory(database, 12);
  return { app, post: injectPost(app) };
}

/**
 * The database's own ceiling for what a vend does at least once: single-row insert-and-commit transactions
 * per second, `clients` callers at once through `database`'s pool (the server's pool size), for `seconds`,
 * into a table of its own that it drops afterwards. On PGlite the callers queue for its one connection, as
 * the server's requests do.
 */
export async function insertCeiling(database: Database, clients: number, seconds: number): Promise<number> {
  const db = database.db;
  await db.execute(sql`create table if not exists bench_ceiling (id bigserial primary key, v text not null)`);
  const insert = () => db.execute(sql`insert into bench_ceiling (v) values (${'x'})`);
  for (let i = 0; i < clients; i++) await insert();
  let done = 0;
  const end = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < end) {
        await insert();
        done++;
      }
    }),
  );
  const rate = done / ((performance.now() - started) / 1000);
  await db.execute(sql`drop table bench_ceiling`);
  return rate;
}
