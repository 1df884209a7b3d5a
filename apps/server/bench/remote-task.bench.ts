/**
 * Remote-task bench: reading tasks end to end — created through the API, claimed by the runner, sent
 * through the head-end over TCP to simulated GPRS meters (the simulator's CLI, its own process), answered,
 * decoded and stored — on PGlite. Two runs: paced at BENCH_TASK_RATE (default 1,000/s: the p99 time to
 * Success at the target load) and at BENCH_TASK_MAX_RATE (default 5,000/s, more than it can take: the
 * throughput ceiling). Prints tasks per second (create → Success) and p50/p99 time to Success. Asserts nothing.
 *   npm run bench server            (or: npm run bench -w apps/server)
 *   BENCH_DATABASE_URL=postgres://…  (optional: run on PostgreSQL instead of PGlite)
 *   BENCH_TASK_METERS=2000 BENCH_TASKS=20000 BENCH_TASK_RATE=1000 BENCH_TASK_MAX_RATE=5000 BENCH_TASK_CONCURRENCY=512
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { syntheticFleet } from '@prepay/simulator';
import { closingLine } from '@prepay/sts/yardstick';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app.js';
import { type Database, openPglite, openPostgres, rowsOf } from '../src/db/client.js';
import { meters } from '../src/db/schema.js';
import { bootstrap } from '../src/seed/bootstrap.js';
import { testConfig } from '../test/test-config.js';
import { benchHeadend, benchYardstick, percentile, startSimulator, until } from './bench-setup.js';

const METERS = Number(process.env.BENCH_TASK_METERS ?? 2_000);
const TASKS = Number(process.env.BENCH_TASKS ?? 20_000);
const CONCURRENCY = Number(process.env.BENCH_TASK_CONCURRENCY ?? 512);
/** Offered load: tasks created per second, in ten batches a second (an operator/API stream, not one dump). */
const RATE = Number(process.env.BENCH_TASK_RATE ?? 1_000);
/** The second run offers more than the runner can take, so its throughput is the engine's ceiling. */
const MAX_RATE = Number(process.env.BENCH_TASK_MAX_RATE ?? 5_000);
const PASSWORD = 'Bench#Admin-Pass-1';
const dir = mkdtempSync(path.join(os.tmpdir(), 'remote-task-bench-'));

/**
 * PGlite in memory, or with BENCH_DATABASE_URL a fresh database on that PostgreSQL server (e.g. one
 * started by scripts/pg-throwaway.mjs), dropped again when the bench ends.
 */
let dropBenchDatabase = async () => {};
async function openBenchDatabase(): Promise<Database> {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) return openPglite({});
  const name = `remote_task_bench_${Date.now()}`;
  const admin = await openPostgres(url, 1);
  await admin.db.execute(sql.raw(`create database ${name}`));
  const u = new URL(url);
  u.pathname = `/${name}`;
  dropBenchDatabase = async () => {
    await admin.db.execute(sql.raw(`drop database if exists ${name} with (force)`));
    await admin.close();
  };
  return openPostgres(u.toString(), 10);
}

async function main() {
  const database = await openBenchDatabase();
  await database.migrate();
  const config = testConfig({
    adminPassword: PASSWORD,
    headend: benchHeadend(),
  });
  await bootstrap(database.db, config);
  const spec = syntheticFleet({ count: METERS, transport: 'gprs', seed: 11 });
  const rows = spec.meters.map((m) => ({
    meterId: m.meterId,
    communicationWay: 0,
    protocolVersion: '2.2',
    stationId: '0001',
  }));
  for (let i = 0; i < rows.length; i += 1_000)
    await database.db.insert(meters).values(rows.slice(i, i + 1_000));

  const app = await buildApp({
    config,
    database,
    logger: false,
    headend: true,
    remoteTasks: { concurrency: CONCURRENCY, warmupMs: 0, pollMs: 20 },
  });
  await app.ready();
  const headend = app.deps.headend;
  if (!headend) throw new Error('no head-end');
  const sim = startSimulator(dir, 'fleet', spec, ['--tcp', `127.0.0.1:${headend.gprsPort}`]);
  try {
    await until('every meter dialled in', () => headend.gprsLinkCount() >= METERS, 120_000);
    const login = await app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { userId: 'admin', password: PASSWORD },
    });
    const token = (login.json() as { result: { token: string } }).result.token;
    const flags = ['901F', 'E421', 'B630', 'EFF5'];

    const open = async () =>
      Number(
        rowsOf<{ n: number }>(
          await database.db.execute(sql`select count(*)::int as n from remote_tasks where status in (0, 3)`),
        )[0]?.n,
      );

    /** `total` reading tasks created at `rate` a second (ten batches a second), measured to the last Success. */
    async function run(label: string, total: number, rate: number) {
      const before = rowsOf<{ id: number }>(
        await database.db.execute(sql`select coalesce(max(id), 0)::int as id from remote_tasks`),
      )[0]?.id;
      const batch = Math.max(1, Math.round(rate / 10));
      const cpu = process.cpuUsage();
      const started = performance.now();
      for (let i = 0, tick = 0; i < total; i += batch, tick++) {
        const body = Array.from({ length: Math.min(batch, total - i) }, (_, k) => ({
          meterId: spec.meters[(i + k) % METERS]?.meterId,
          flag: flags[(i + k) % flags.length],
        }));
        const res = await app.inject({
          method: 'POST',
          url: '/API/RemoteMeterTask/CreateReadingTask',
          headers: { authorization: `Bearer ${token}` },
          payload: body,
        });
        if ((res.json() as { code: number }).code !== 0) throw new Error(res.body.slice(0, 300));
        // Keep to the offered rate: the next batch goes out on its 100 ms tick (or at once if behind).
        const due = started + (tick + 1) * 100 - performance.now();
        if (due > 0) await new Promise((r) => setTimeout(r, due));
      }
      const created = performance.now();
      await until('every task to finish', async () => (await open()) === 0, 600_000);
      const finished = performance.now();
      const used = process.cpuUsage(cpu);
      const stats = rowsOf<{ status: number; ms: number }>(
        await database.db.execute(
          sql`select status, extract(epoch from (update_date - create_date)) * 1000 as ms from remote_tasks where id > ${before}`,
        ),
      );
      const latencies = stats.map((r) => Number(r.ms)).sort((a, b) => a - b);
      const ok = stats.filter((r) => Number(r.status) === 1).length;
      const seconds = (finished - started) / 1000;
      console.log(`${label}: ${total} reading tasks over ${METERS} GPRS meters, offered at ${rate}/s`);
      console.log(
        `  created in ${yardstick.ms((created - started) / 1000, 's')} (${yardstick.rateOf(total / ((created - started) / 1000), 'tasks/s')} accepted)`,
      );
      console.log(
        `  ${ok}/${total} Success, ${total - ok} Failure, all done in ${yardstick.ms(seconds, 's')}`,
      );
      console.log(`  throughput create → Success: ${yardstick.rateOf(ok / seconds, 'tasks/s')}`);
      console.log(
        `  time to Success: p50 ${yardstick.ms(percentile(latencies, 0.5))}, p99 ${yardstick.ms(percentile(latencies, 0.99))}, max ${yardstick.ms(latencies.at(-1) ?? 0)}`,
      );
      // This process holds the API, the runner, the head-end and PGlite: comparable on a loaded machine.
      console.log(`  server CPU ${yardstick.ms((used.user + used.system) / 1000 / total)}/task`);
    }

    console.log(
      `remote tasks on ${database.kind === 'pglite' ? 'PGlite' : 'PostgreSQL'}: ${CONCURRENCY} in flight at most per process`,
    );
    await run('paced', TASKS, RATE);
    await run('max throughput', TASKS, MAX_RATE);
  } finally {
    sim.kill('SIGTERM');
    await app.close();
    await database.close();
    await dropBenchDatabase();
    rmSync(dir, { recursive: true, force: true });
  }
}

const yardstick = benchYardstick('remote-task bench');
await main();
console.log(closingLine(yardstick));
