/**
 * Vend bench: credit vends through HTTP against the production build (`npm start`'s release), with
 * BENCH_CLIENTS (16) concurrent clients, each its own logged-in session, on PGlite and on a throw-away
 * PostgreSQL, with BENCH_HISTORY (12) earlier vends per meter. Prints, before each engine's figures, the
 * machine's yardstick (the STS one-core rate, @prepay/sts/yardstick) and the database's own ceiling
 * (single-row insert-and-commit transactions, the same clients through a pool of the server's size); then
 * vends/s, p50/p99 and the CPU per vend of the server, the database server and the bench's own clients,
 * each measured and normalised, against the targets; then a mixed load (vends, meter list pages, record
 * reads, a report, the task list, the dashboard). Asserts nothing.
 *   npx tsx bench/vend.bench.ts                                   (both engines)
 *   BENCH_ENGINES=pglite BENCH_SECONDS=5 npx tsx bench/vend.bench.ts
 *   BENCH_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' npx tsx bench/vend.bench.ts   (profile the server)
 *   BENCH_MIXED=0 …                                               (the vends alone, e.g. to profile them)
 *   BENCH_PG_SOCKET=1 …                      (the server reaches PostgreSQL by its Unix socket, not TCP)
 *   BENCH_LOG_LEVEL=info …                   (the server logs as in production: two lines per request)
 *   PG_EXTRA_OPTS='-c shared_preload_libraries=pg_stat_statements' BENCH_PG_STATS=1 npx tsx bench/vend.bench.ts
 *     (after the vends on PostgreSQL: each statement's calls and mean time, from pg_stat_statements)
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { closingLine, measureYardstick, type Yardstick } from '@prepay/sts/yardstick';
import pg from 'pg';
import { type Database, openPglite, openPostgres } from '../src/db/client.js';
import { createKeyCipher } from '../src/modules/keystore/key-cipher.js';
import { DbKeyStore } from '../src/modules/keystore/key-store.repo.js';
import { cipherVault } from '../src/modules/keystore/key-vault.js';
import { ADMIN_PASSWORD } from '../test/test-config.js';
import {
  benchEngines,
  benchMeterId,
  benchYardstick,
  creditVend,
  insertCeiling,
  putBenchDecoderKeys,
  seedVendData,
  seedVendHistory,
  startPostgres,
} from './bench-setup.js';
import { CLIENTS, cpuSeconds, load, type Op, outcome, post, postmasterOf, startServer } from './http-load.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const METERS = Number(process.env.BENCH_METERS ?? 2000);
const ENGINES = benchEngines();
/** Earlier vends per meter, a year's worth (see seedVendHistory). */
const HISTORY = Number(process.env.BENCH_HISTORY ?? 12);
const KEK = randomBytes(32).toString('base64');

/** The server's pool size (config DB_POOL_SIZE), which the database's ceiling is measured through too. */
const POOL = Number(process.env.DB_POOL_SIZE ?? 10);
/** Seconds of the database's ceiling (insert-and-commit transactions, CLIENTS at once). */
const CEILING_SECONDS = Number(process.env.BENCH_CEILING_SECONDS ?? 5);

/** The database's own ceiling: insert-and-commit transactions per second, and its CPU per commit then. */
interface Ceiling {
  rate: number;
  /** PostgreSQL: the database server's CPU per committed insert (0 on PGlite, which runs in the bench). */
  dbMsPerCommit: number;
}

/**
 * Meters with decoder keys, accounts on one flat tariff, an admin who may vend without changing passwords;
 * then the database's ceiling on `ceilingDb` (the seeded database itself unless given) and both closed.
 */
async function seed(
  database: Database,
  ceilingDb = database,
  dbCpu: () => number = () => 0,
): Promise<Ceiling> {
  try {
    await seedVendData(database, METERS);
    await putBenchDecoderKeys(
      new DbKeyStore(database.db, cipherVault(createKeyCipher(Buffer.from(KEK, 'base64')))),
      METERS,
    );
    await seedVendHistory(database, HISTORY);
    const cpu0 = dbCpu();
    const started = performance.now();
    const rate = await insertCeiling(ceilingDb, CLIENTS, CEILING_SECONDS);
    const commits = (rate * (performance.now() - started)) / 1000;
    return { rate, dbMsPerCommit: ((dbCpu() - cpu0) * 1000) / commits };
  } finally {
    await database.close();
    if (ceilingDb !== database) await ceilingDb.close();
  }
}

const vend: Op = {
  name: 'vend',
  run: async (base, token, i) =>
    outcome(
      await post(base, '/api/token/creditToken/generate', creditVend(benchMeterId(1 + (i % METERS))), token),
    ),
};
const read = (name: string, url: string, body: Record<string, unknown>): Op => ({
  name,
  run: async (base, token) => {
    return outcome(await post(base, url, body, token));
  },
});
const MIXED: Op[] = [
  vend,
  vend,
  vend,
  vend,
  read('meter page', '/api/meter/read', { pageNumber: 3, pageSize: 20 }),
  read('record page', '/api/token/creditTokenRecord/read', { pageNumber: 1, pageSize: 20 }),
  read('record by meter', '/api/token/creditTokenRecord/read', {
    pageNumber: 1,
    pageSize: 20,
    meterId: '47100000007',
  }),
  read('report', '/API/PrepayReport/LongNonpurchaseSituation', { pageNumber: 1, pageSize: 20, lang: 'en' }),
  read('task list', '/API/RemoteMeterTask/GetReadingTask', { pageNumber: 1, pageSize: 20, lang: 'en' }),
  read('dashboard', '/api/dashboard/readPanelGroup', {}),
];

async function onPostgres(url: string, statement: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Each statement the vends ran (pg_stat_statements, reset before the warm-up): calls per vend and mean ms. */
async function printStatementStats(url: string, vends: number) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ calls: string; mean: number; total: number; query: string }>(
      `select calls::text, mean_exec_time as mean, total_exec_time as total, query
       from pg_stat_statements order by total_exec_time desc limit 15`,
    );
    console.log('  statements by total time (calls per vend, mean ms, total ms):');
    for (const r of rows) {
      const text = r.query.replace(/\s+/g, ' ').slice(0, 110);
      console.log(
        `    ${(Number(r.calls) / vends).toFixed(2).padStart(5)}  ${r.mean.toFixed(3)}  ${r.total.toFixed(0).padStart(6)}  ${text}`,
      );
    }
  } finally {
    await client.end();
  }
}

async function benchEngine(engine: string) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'prepay-vend-bench-'));
  let pg: { url: string; stop: () => void } | undefined;
  try {
    const env: Record<string, string> = { DATA_DIR: dir };
    let ceiling: Ceiling;
    if (engine === 'postgres') {
      const started = await startPostgres();
      pg = started;
      env.DATABASE_URL = process.env.BENCH_PG_SOCKET ? started.socketUrl : started.url;
      const postmaster = postmasterOf(Number(new URL(started.url).port));
      ceiling = await seed(
        await openPostgres(started.url, 4),
        await openPostgres(env.DATABASE_URL, POOL),
        () => cpuSeconds(postmaster),
      );
    } else {
      ceiling = await seed(await openPglite({ dataDir: path.join(dir, 'pglite') }));
      env.DATA_DIR = path.join(dir, 'pglite');
    }
    // The machine's speed just before this engine's figures (other work on a shared machine comes and goes).
    const yardstick = measureYardstick();
    console.log(`\n${engine}: ${yardstick.line()}`);
    console.log(
      `${engine}: the database's ceiling, single-row insert-and-commit transactions, ${CLIENTS} clients through a pool of ${POOL}: ${yardstick.rateOf(ceiling.rate, 'tx/s')}${ceiling.dbMsPerCommit ? `, database server CPU per commit ${yardstick.ms(ceiling.dbMsPerCommit)}` : ''}`,
    );
    const server = await startServer(env, KEK);
    try {
      const tokens: string[] = [];
      for (let c = 0; c < CLIENTS; c++) {
        const r = await post(server.base, '/api/user/login', { userId: 'admin', password: ADMIN_PASSWORD });
        const result = r.result as { token?: string } | null;
        if (!result?.token) throw new Error(`login failed: ${r.reason}`);
        tokens.push(result.token);
      }
      // One vend per session first (the first one of a session pays for the authorization password).
      await load(server.base, tokens, [vend], 0.5);
      const dbPids = pg ? postmasterOf(Number(new URL(pg.url).port)) : [];
      const cpu = (): [number, number, number] => [
        cpuSeconds([server.child.pid ?? 0]),
        cpuSeconds(dbPids),
        (process.cpuUsage().user + process.cpuUsage().system) / 1e6,
      ];
      const stats = pg && process.env.BENCH_PG_STATS ? pg.url : undefined;
      if (stats)
        await onPostgres(
          stats,
          'create extension if not exists pg_stat_statements; select pg_stat_statements_reset()',
        );
      const vends = await load(server.base, tokens, [vend], SECONDS, cpu, yardstick);
      console.log(`${engine}: credit vends, ${CLIENTS} clients, ${SECONDS} s, ${METERS} meters`);
      for (const r of vends.rows) console.log(`  ${r}`);
      console.log(`  ${vends.cpuLine}`);
      if (vends.dbMsPerVend && ceiling.dbMsPerCommit)
        console.log(
          `  the database server's CPU per vend is ${(vends.dbMsPerVend / ceiling.dbMsPerCommit).toFixed(1)} × its CPU per ceiling commit; server and database together ${((vends.serverMsPerVend + vends.dbMsPerVend) / ceiling.dbMsPerCommit).toFixed(1)} ×`,
        );
      for (const line of verdict(engine, vends.stats.get('vend'), ceiling.rate, yardstick))
        console.log(`  ${line}`);
      if (stats) await printStatementStats(stats, vends.total);
      if (process.env.BENCH_MIXED === '0') return;
      const mixed = await load(server.base, tokens, MIXED, SECONDS, cpu, yardstick);
      console.log(`${engine}: mixed load, ${(mixed.total / mixed.elapsed).toFixed(0)} requests/s`);
      for (const r of mixed.rows) console.log(`  ${r}`);
      console.log(
        `  ${mixed.cpuLine.replace('CPU per vend', 'CPU per request of the mix (per vend share)')}`,
      );
    } finally {
      await server.stop();
    }
  } finally {
    pg?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The targets, on normalised figures, one line each with PASS or MISS: on PostgreSQL at least half the
 * database's insert-and-commit ceiling (a ratio, the same measured or normalised) and p99 under 50 ms; on
 * PGlite at least 500 vends/s.
 */
function verdict(
  engine: string,
  vends: { perSecond: number; p99: number } | undefined,
  ceiling: number,
  yardstick: Yardstick,
): string[] {
  if (!vends) return ['targets: MISS (no vends)'];
  const rate = yardstick.perTime(vends.perSecond);
  const p99 = yardstick.time(vends.p99);
  const mark = (ok: boolean) => (ok ? 'PASS' : 'MISS');
  if (engine === 'pglite')
    return [`target vends/s ≥ 500 (norm.): ${mark(rate >= 500)} (${rate.toFixed(0)}/s norm.)`];
  return [
    `target vends/s ≥ half the ceiling: ${mark(vends.perSecond >= ceiling / 2)} (${((vends.perSecond / ceiling) * 100).toFixed(1)} % of it, ${vends.perSecond.toFixed(0)} of ${ceiling.toFixed(0)}/s)`,
    `target p99 < 50 ms (norm.): ${mark(p99 < 50)} (${p99.toFixed(1)} ms norm.)`,
  ];
}

const opening = benchYardstick('vend bench');
for (const engine of ENGINES) await benchEngine(engine);
console.log(`\n${closingLine(opening)}`);
