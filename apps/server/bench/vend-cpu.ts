/**
 * CPU per credit vend, in process: the app on PGlite (or PostgreSQL with VEND_ENGINE=postgres), VEND_CLIENTS
 * (16) sessions vending VEND_COUNT (3000) tokens through app.inject — no sockets, so the figure is the
 * server's own work (plus PGlite's, which runs in the same thread). On a loaded machine wall time says
 * little; CPU time per vend says what one core could do. Asserts nothing.
 *   npx tsx bench/vend-cpu.ts
 *   VEND_PROFILE=/tmp/vend.cpuprofile npx tsx bench/vend-cpu.ts   (a CPU profile of the measured vends only)
 */
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { type Database, openPglite, openPostgres } from '../src/db/client.js';
import { vendWriteTotals } from '../src/modules/vending/index.js';
import { ADMIN_PASSWORD } from '../test/test-config.js';
import { benchMeterId, creditVend, startPostgres, vendApp } from './bench-setup.js';

const CLIENTS = Number(process.env.VEND_CLIENTS ?? 16);
const COUNT = Number(process.env.VEND_COUNT ?? 3000);
const METERS = 500;
process.env.KEY_ENCRYPTION_KEY ??= randomBytes(32).toString('base64');

async function open(): Promise<{ database: Database; stop: () => void }> {
  if (process.env.VEND_ENGINE !== 'postgres')
    return { database: await openPglite({}), stop: () => undefined };
  const pg = await startPostgres();
  return { database: await openPostgres(pg.url, 10), stop: pg.stop };
}

const { database, stop } = await open();
try {
  const { app, post } = await vendApp(database, METERS);
  const tokens: string[] = [];
  for (let c = 0; c < CLIENTS; c++)
    tokens.push(
      (await post('/api/user/login', { userId: 'admin', password: ADMIN_PASSWORD })).result.token ?? '',
    );
  let next = 0;
  const run = async (count: number) => {
    const end = next + count;
    await Promise.all(
      tokens.map(async (token) => {
        while (next < end) {
          const i = next++;
          const r = await post(
            '/api/token/creditToken/generate',
            creditVend(benchMeterId(1 + (i % METERS))),
            token,
          );
          if (r.code !== 0) throw new Error(r.reason);
        }
      }),
    );
  };
  await run(Math.min(COUNT, 500)); // warm-up: every session proves its password, the JIT settles
  const profile = process.env.VEND_PROFILE;
  const inspector = new Session();
  if (profile) {
    inspector.connect();
    await inspector.post('Profiler.enable');
    await inspector.post('Profiler.start');
  }
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await run(COUNT);
  const cpu = process.cpuUsage(cpu0);
  const wall = performance.now() - t0;
  if (profile) {
    const { profile: taken } = await inspector.post('Profiler.stop');
    writeFileSync(profile, JSON.stringify(taken));
    inspector.disconnect();
  }
  const ms = (cpu.user + cpu.system) / 1000 / COUNT;
  console.log(
    `${database.kind}: ${COUNT} vends, ${CLIENTS} clients: ${ms.toFixed(2)} ms CPU per vend in this process (≈ ${Math.round(1000 / ms)} vends/s per core), wall ${(COUNT / (wall / 1000)).toFixed(0)} vends/s at load ${os.loadavg()[0]?.toFixed(1)}`,
  );
  const w = vendWriteTotals(database);
  console.log(
    `  vend writes: ${w.vends} vends in ${w.statements} statements (${(w.vends / Math.max(1, w.statements)).toFixed(2)} a statement), ${w.fallbacks} written again alone`,
  );
  await app.close();
  await database.close();
} finally {
  stop();
}
