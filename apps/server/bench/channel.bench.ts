/**
 * Channel bench: prepaid-utility REST purchases (`/prepaidutility/v3/tokenPurchases/{id}`) through HTTP
 * against the production build, BENCH_CLIENTS (16) concurrent clients each a vendor's terminal (HTTP Basic,
 * BENCH_VENDORS (4) vendors with ample floats, commission and a daily limit far above the load), against
 * console credit vends (the vend bench's path: 16 logged-in sessions) in the same run, on the same seeded
 * storage and server, on PGlite and on a throw-away PostgreSQL. Console and channel take turns, BENCH_ROUNDS
 * (2) times BENCH_SECONDS (5) each, so the load of a shared machine falls on both alike. Prints the
 * machine's yardstick before each engine's figures; the rate, p50/p99 and the CPU per sale of the server and
 * the database server for each path, measured and normalised; and the channel's rate as a share of the
 * console's (target: at least 0.9). Asserts nothing.
 *   npx tsx bench/channel.bench.ts                                  (both engines; npm run bench -- channel)
 *   BENCH_ENGINES=pglite BENCH_SECONDS=3 npx tsx bench/channel.bench.ts
 *   BENCH_ONLY=channel BENCH_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' …   (profile the channel alone)
 */
import { spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { closingLine, measureYardstick, type Yardstick } from '@prepay/sts/yardstick';
import { type Database, openPglite, openPostgres } from '../src/db/client.js';
import { vendors } from '../src/db/schema.js';
import { hashPassword } from '../src/lib/passwords.js';
import { createKeyCipher } from '../src/modules/keystore/key-cipher.js';
import { DbKeyStore } from '../src/modules/keystore/key-store.repo.js';
import { cipherVault } from '../src/modules/keystore/key-vault.js';
import { purchaseBody } from '../test/channel-fixture.js';
import { ADMIN_PASSWORD } from '../test/test-config.js';
import {
  benchEngines,
  benchMeterId,
  benchYardstick,
  creditVend,
  percentile,
  putBenchDecoderKeys,
  seedVendData,
  seedVendHistory,
  startPostgres,
} from './bench-setup.js';
import { CLIENTS, cpuSeconds, load, type Op, outcome, post, postmasterOf, startServer } from './http-load.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const METERS = Number(process.env.BENCH_METERS ?? 2000);
const VENDORS = Number(process.env.BENCH_VENDORS ?? 4);
const ONLY = process.env.BENCH_ONLY;
const ENGINES = benchEngines();
const KEK = randomBytes(32).toString('base64');
/** What every sale pays on either path: 20.00, as the vend bench's console vends. */
const AMOUNT_MINOR = 2000;
const TARGET = 0.9;

const vendorId = (v: number) => `BENCHV${v}`;

/**
 * The vend bench's storage (meters with keys and a year of earlier vends), and VENDORS vendors selling for
 * the meters' station, each with a machine secret (argon2id-hashed as the console issues it), a float for
 * millions of sales, 1.5 % commission and a daily limit far above the bench's sales. Answers each vendor's
 * HTTP Basic header.
 */
async function seed(database: Database): Promise<string[]> {
  try {
    await seedVendData(database, METERS);
    await putBenchDecoderKeys(
      new DbKeyStore(database.db, cipherVault(createKeyCipher(Buffer.from(KEK, 'base64')))),
      METERS,
    );
    await seedVendHistory(database, 12);
    const headers: string[] = [];
    for (let v = 0; v < VENDORS; v++) {
      const secret = randomBytes(24).toString('base64url');
      await database.db.insert(vendors).values({
        vendorId: vendorId(v),
        vendorName: `Bench vendor ${v}`,
        vendorKind: 'aggregator',
        stationIds: ['0001'],
        clientId: `60047080099${String(v).padStart(2, '0')}`,
        terminalId: `T${String(v).padStart(7, '0')}`,
        secretHash: await hashPassword(secret),
        secretIssuedDate: new Date(),
        balanceMinor: 1e12,
        commissionBp: 150,
        dailyLimitMinor: 1e12,
      });
      headers.push(`Basic ${Buffer.from(`${vendorId(v)}:${secret}`).toString('base64')}`);
    }
    return headers;
  } finally {
    await database.close();
  }
}

const consoleVend: Op = {
  name: 'vend',
  run: async (base, token, i) =>
    outcome(
      await post(base, '/api/token/creditToken/generate', creditVend(benchMeterId(1 + (i % METERS))), token),
    ),
};

/** A purchase under a new id by the terminal whose header is `basic`, its vendor's own client id inside. */
const channelPurchase: Op = {
  name: 'purchase',
  run: async (base, basic, i) => {
    const id = randomUUID();
    const vendor = Buffer.from(basic.slice(6), 'base64').toString('utf8').split(':')[0] ?? '';
    const body = purchaseBody(id, benchMeterId(1 + (i % METERS)), AMOUNT_MINOR, vendor);
    const r = await post(base, `/prepaidutility/v3/tokenPurchases/${id}`, body, basic);
    return r.status === 201 ? null : `${r.status} ${r.errorType ?? r.reason}`;
  },
};

interface PathFigures {
  sales: number;
  failed: number;
  seconds: number;
  latencies: number[];
  serverCpuMs: number;
  dbCpuMs: number;
}

const emptyFigures = (): PathFigures => ({
  sales: 0,
  failed: 0,
  seconds: 0,
  latencies: [],
  serverCpuMs: 0,
  dbCpuMs: 0,
});

/**
 * BENCH_PG_TOP=N (PostgreSQL started with PG_EXTRA_OPTS='-c shared_preload_libraries=pg_stat_statements'):
 * each path's N statements that took the database the most time, summed over its phases, to find where a
 * path's sale costs more than the other's.
 */
const PG_TOP = Number(process.env.BENCH_PG_TOP ?? 0);
let pgUrl = '';
const psql = (sql: string) =>
  spawnSync('psql', [pgUrl, '-AtF', '\t', '-c', sql], { encoding: 'utf8' }).stdout.trim();
type StatementTimes = Map<string, { calls: number; ms: number }>;
const statementTimes = new Map<string, StatementTimes>();

function statementsSince(path: string) {
  if (!PG_TOP || !pgUrl) return;
  const into = statementTimes.get(path) ?? new Map();
  statementTimes.set(path, into);
  const rows = psql(
    "select calls, total_exec_time, regexp_replace(left(query, 90), '\\s+', ' ', 'g') from pg_stat_statements",
  );
  for (const line of rows.split('\n').filter(Boolean)) {
    const [calls, ms, query = ''] = line.split('\t');
    const had = into.get(query) ?? { calls: 0, ms: 0 };
    into.set(query, { calls: had.calls + Number(calls), ms: had.ms + Number(ms) });
  }
}

function printStatementTimes(sales: Map<string, number>) {
  for (const [path, times] of statementTimes) {
    const n = sales.get(path) || 1;
    console.log(`  ${path}: database time per sale by statement (pg_stat_statements)`);
    const top = [...times.entries()].sort((a, b) => b[1].ms - a[1].ms).slice(0, PG_TOP);
    for (const [q, t] of top)
      console.log(`    ${(t.ms / n).toFixed(3)} ms  ${(t.calls / n).toFixed(2)} calls  ${q}`);
  }
}

/** One phase of one path: its sales, latencies and the CPU spent, added to `into`. */
async function phase(
  base: string,
  clients: string[],
  op: Op,
  cpu: () => [number, number, number],
  into: PathFigures,
) {
  if (PG_TOP && pgUrl) psql('select pg_stat_statements_reset()');
  const c0 = cpu();
  const r = await load(base, clients, [op], SECONDS, undefined, undefined, op.name);
  const c1 = cpu();
  statementsSince(op.name);
  into.sales += r.total;
  into.failed += r.failed;
  into.seconds += r.elapsed;
  into.serverCpuMs += (c1[0] - c0[0]) * 1000;
  into.dbCpuMs += (c1[1] - c0[1]) * 1000;
  into.latencies.push(...(r.latencies.get(op.name) ?? []));
  if (r.failed) console.log(`  ${op.name}: ${r.rows.join('; ')}`);
}

function figuresLine(label: string, f: PathFigures, y: Yardstick): string {
  const sorted = [...f.latencies].sort((a, b) => a - b);
  const per = (ms: number) => (f.sales ? y.ms(ms / f.sales) : '-');
  return `  ${label.padEnd(17)} ${String(f.sales).padStart(6)} in ${f.seconds.toFixed(1)} s  ${y.rateOf(f.sales / f.seconds, '/s')}  p50 ${y.ms(percentile(sorted, 0.5))}  p99 ${y.ms(percentile(sorted, 0.99))}  CPU per sale: server ${per(f.serverCpuMs)}, database server ${per(f.dbCpuMs)}${f.failed ? `  FAILED ${f.failed}` : ''}`;
}

async function consoleSessions(base: string): Promise<string[]> {
  const tokens: string[] = [];
  for (let c = 0; c < CLIENTS; c++) {
    const r = await post(base, '/api/user/login', { userId: 'admin', password: ADMIN_PASSWORD });
    const result = r.result as { token?: string } | null;
    if (!result?.token) throw new Error(`login failed: ${r.reason}`);
    tokens.push(result.token);
  }
  return tokens;
}

async function measure(engine: string, base: string, headers: string[], dbPids: number[]) {
  const tokens = await consoleSessions(base);
  const terminals = Array.from({ length: CLIENTS }, (_, c) => headers[c % headers.length] ?? '');
  // Warm-up: each session's first vend proves its authorization password; each vendor's first purchase
  // verifies its secret with argon2id; the JIT settles on both paths.
  await load(base, tokens, [consoleVend], 1);
  await load(base, terminals, [channelPurchase], 1, undefined, undefined, 'purchase');
  const cpu = (): [number, number, number] => [cpuSeconds([serverPid]), cpuSeconds(dbPids), 0];
  const console_ = emptyFigures();
  const channel = emptyFigures();
  for (let r = 0; r < ROUNDS; r++) {
    if (ONLY !== 'channel') await phase(base, tokens, consoleVend, cpu, console_);
    if (ONLY !== 'console') await phase(base, terminals, channelPurchase, cpu, channel);
  }
  const yardstick = measureYardstick();
  console.log(`${engine}: ${yardstick.line()} (after the sales)`);
  console.log(
    `${engine}: ${CLIENTS} clients, ${ROUNDS} rounds of ${SECONDS} s a path in turns, ${METERS} meters, ${VENDORS} vendors`,
  );
  console.log(figuresLine('console vends', console_, yardstick));
  console.log(figuresLine('channel purchases', channel, yardstick));
  printStatementTimes(
    new Map([
      ['vend', console_.sales],
      ['purchase', channel.sales],
    ]),
  );
  if (console_.sales && channel.sales) {
    const ratio = channel.sales / channel.seconds / (console_.sales / console_.seconds);
    console.log(
      `  channel ÷ console rate: ${ratio.toFixed(2)} (the same measured or normalised); target ≥ ${TARGET}: ${ratio >= TARGET ? 'PASS' : 'MISS'}`,
    );
  }
}

let serverPid = 0;

async function benchEngine(engine: string) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'prepay-channel-bench-'));
  let pg: { url: string; stop: () => void } | undefined;
  try {
    const env: Record<string, string> = { DATA_DIR: dir };
    let headers: string[];
    if (engine === 'postgres') {
      pg = await startPostgres();
      env.DATABASE_URL = pg.url;
      pgUrl = pg.url;
      if (PG_TOP) psql('create extension if not exists pg_stat_statements');
      headers = await seed(await openPostgres(pg.url, 4));
    } else {
      headers = await seed(await openPglite({ dataDir: path.join(dir, 'pglite') }));
      env.DATA_DIR = path.join(dir, 'pglite');
    }
    const yardstick = measureYardstick();
    console.log(`\n${engine}: ${yardstick.line()}`);
    const server = await startServer(env, KEK);
    serverPid = server.child.pid ?? 0;
    try {
      await measure(engine, server.base, headers, pg ? postmasterOf(Number(new URL(pg.url).port)) : []);
    } finally {
      await server.stop();
    }
  } finally {
    pg?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

const opening = benchYardstick('channel bench');
for (const engine of ENGINES) await benchEngine(engine);
console.log(`\n${closingLine(opening)}`);
