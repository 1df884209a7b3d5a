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
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../src/app.js';
import { type Database, openPglite, openPostgres } from '../src/db/client.js';
import { users } from '../src/db/schema.js';
import { keyStoreOf } from '../src/modules/keystore/key-store.js';
import { bootstrap } from '../src/seed/bootstrap.js';
import { ADMIN_AUTH_PASSWORD, ADMIN_PASSWORD, testConfig } from '../test/test-config.js';

const CLIENTS = Number(process.env.VEND_CLIENTS ?? 16);
const COUNT = Number(process.env.VEND_COUNT ?? 3000);
const METERS = 500;
process.env.KEY_ENCRYPTION_KEY ??= randomBytes(32).toString('base64');

async function open(): Promise<{ database: Database; stop: () => void }> {
  if (process.env.VEND_ENGINE !== 'postgres')
    return { database: await openPglite({}), stop: () => undefined };
  // @ts-expect-error plain ESM helper without types
  const { startPostgres } = await import('../../../scripts/pg-throwaway.mjs');
  const pg: { url: string; stop: () => void } = await startPostgres();
  return { database: await openPostgres(pg.url, 10), stop: pg.stop };
}

const { database, stop } = await open();
try {
  const db = database.db;
  await database.migrate();
  await bootstrap(db, testConfig());
  await db.update(users).set({ mustChangePassword: false }).where(eq(users.userId, 'admin'));
  await db.execute(
    sql`insert into tariffs (tariff_id, tariff_name, price_minor, tax_bp, station_id) values ('TB','BENCH',6500,750,'0001')`,
  );
  await db.execute(sql`insert into customers (customer_id, customer_name, station_id)
    select 'C' || g, 'Customer ' || g, '0001' from generate_series(1, ${METERS}::int) g`);
  await db.execute(sql`insert into meters (meter_id, type, ea, protocol_version, status, base_year, sgc, krn, ken, ti, kt, station_id)
    select (47100000000 + g)::text, 0, '07', 'STS-1', true, 2014, '123456', 1, 255, 1, 2, '0001' from generate_series(1, ${METERS}::int) g`);
  await db.execute(sql`insert into accounts (meter_id, customer_id, tariff_id, station_id)
    select (47100000000 + g)::text, 'C' || g, 'TB', '0001' from generate_series(1, ${METERS}::int) g`);
  const app = await buildApp({
    config: testConfig({ authorizationProofMinutes: 10 }),
    database,
    logger: false,
  });
  await app.ready();
  const store = await keyStoreOf(app.deps);
  for (let g = 1; g <= METERS; g++) {
    const meterId = String(47100000000 + g);
    await store.putDecoderKey({
      meterId,
      decoderKey: randomBytes(8).toString('hex'),
      sgc: '123456',
      krn: 1,
      kt: 2,
      ti: 1,
      ken: 255,
      baseYear: 2014,
      ea: '07',
    });
  }
  const post = async (url: string, body: unknown, token?: string) =>
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
            {
              meterId: String(47100000001 + (i % METERS)),
              isPreview: false,
              isVendByTotalPaid: true,
              amount: '20.00',
              authorizationPassword: ADMIN_AUTH_PASSWORD,
            },
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
  await app.close();
  await database.close();
} finally {
  stop();
}
