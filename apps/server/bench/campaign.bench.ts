/**
 * `npm run bench -- campaign`: a key change campaign through the simulated fleet — BENCH_METERS (2,000) GPRS
 * meters on base date 1993 and key revision 1 moved to 2014 and revision 2: the campaign started through
 * the API, each meter's tokens issued by the worker, sent by remote token tasks through the head-end over
 * TCP to the simulator's CLI (its own process), and accepted on the meter's answer. Prints meters per
 * minute from the start to the last acceptance and the server's CPU per meter, measured and normalised
 * by the yardstick, on PGlite and on a throw-away PostgreSQL (BENCH_ENGINES).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { meterAddress } from '@prepay/dlt645';
import type { FleetSpec } from '@prepay/simulator';
import { luhnCheckDigit } from '@prepay/sts';
import { closingLine, type Yardstick } from '@prepay/sts/yardstick';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app.js';
import { type Database, rowsOf } from '../src/db/client.js';
import { accounts, customers, meters } from '../src/db/schema.js';
import { keyStoreOf } from '../src/modules/keystore/index.js';
import { REVISION_2 } from '../test/campaign-keys.js';
import { ADMIN_PASSWORD, METER_STS, testConfig } from '../test/test-config.js';
import {
  benchEngines,
  benchHeadend,
  benchYardstick,
  cpuScope,
  injectPost,
  onEngine,
  seedVendData,
  startSimulator,
  stopProcess,
  until,
} from './bench-setup.js';

const METERS = Number(process.env.BENCH_METERS ?? 2_000);
const dir = mkdtempSync(path.join(os.tmpdir(), 'campaign-bench-'));
const { decoderKey: DECODER_KEY, ...STS } = METER_STS;
/** Meter numbers with their Luhn check digit: a key change token carries the meter's PAN. */
const ids = Array.from({ length: METERS }, (_, i) => {
  const body = `4760${String(i + 1).padStart(6, '0')}`;
  return body + luhnCheckDigit(body);
});

/** The bench meters as GPRS meters (protocol 2.2) on base date 1993, with their decoder keys. */
async function meters1993(database: Database) {
  await seedVendData(database, 0);
  const { db } = database;
  for (let i = 0; i < ids.length; i += 500) {
    const part = ids.slice(i, i + 500);
    const station = { stationId: '0001' };
    await db
      .insert(customers)
      .values(part.map((m) => ({ customerId: `C${m}`, customerName: m, ...station })));
    await db.insert(meters).values(
      part.map((meterId) => ({
        meterId,
        ...STS,
        baseYear: 1993,
        communicationWay: 0,
        protocolVersion: '2.2',
        status: true,
        ...station,
      })),
    );
    await db
      .insert(accounts)
      .values(part.map((meterId) => ({ meterId, customerId: `C${meterId}`, tariffId: 'TB', ...station })));
  }
}

async function appOn(database: Database) {
  process.env.KEY_CAMPAIGN_SWEEP_MS = '500';
  const app = await buildApp({
    config: testConfig({
      headend: benchHeadend(),
    }),
    database,
    logger: false,
    headend: true,
    remoteTasks: { warmupMs: 0, pollMs: 20 },
  });
  await app.ready();
  const store = await keyStoreOf(app.deps);
  await store.putVendingKey(REVISION_2 as never);
  for (const meterId of ids)
    await store.putDecoderKey({ meterId, decoderKey: DECODER_KEY, ...STS, baseYear: 1993 });
  return app;
}

const fleetSpec = (): FleetSpec =>
  ({
    gateways: [],
    meters: ids.map((meterId) => ({
      meterId,
      address: meterAddress(meterId),
      type: 0,
      communicationWay: 0,
      sts: { ...METER_STS, baseYear: 1993 },
    })),
  }) as never;

/** How many meters accepted; a failed meter ends the bench with its reason. */
async function accepted(database: Database) {
  const rows = rowsOf<{ state: string; n: number; error: string | null }>(
    await database.db.execute(
      sql`select state, count(*)::int as n, max(error) as error from key_campaign_meters group by state`,
    ),
  );
  const failed = rows.find((r) => r.state === 'failed');
  if (failed) throw new Error(`${failed.n} meter(s) failed: ${failed.error}`);
  if (process.env.BENCH_VERBOSE) console.log(JSON.stringify(rows));
  return Number(rows.find((r) => r.state === 'accepted')?.n ?? 0);
}

async function run(database: Database, label: string, y: Yardstick) {
  await meters1993(database);
  const app = await appOn(database);
  const headend = app.deps.headend;
  if (!headend) throw new Error('no head-end');
  const sim = startSimulator(dir, `fleet-${label.slice(0, 3)}`, fleetSpec(), [
    '--tcp',
    `127.0.0.1:${headend.gprsPort}`,
  ]);
  try {
    await until('every meter dialled in', () => headend.gprsLinkCount() >= METERS, 180_000);
    const post = injectPost(app);
    const login = await post('/api/user/login', { userId: 'admin', password: ADMIN_PASSWORD });
    const token = (login.result as { token: string }).token;
    const cpu = process.cpuUsage();
    const started = performance.now();
    const res = await post(
      '/api/keyCampaign/create',
      { name: 'Bench', selection: { baseYear: 1993 }, target: { krn: 2, baseYear: 2014 } },
      token,
    );
    if (res.code !== 0) throw new Error(res.reason);
    await until('every meter accepted', async () => (await accepted(database)) >= METERS, 1_800_000);
    const wall = performance.now() - started;
    const used = process.cpuUsage(cpu);
    const perMinute = (METERS / wall) * 60_000;
    console.log(`\n${label}: ${METERS} meters 1993 → 2014, revision 1 → 2, two key change tokens each`);
    console.log(
      `  the campaign: ${y.ms(wall / 1000, 's')}, ${perMinute.toFixed(0)} meters/min (norm. ${y.perTime(perMinute).toFixed(0)} meters/min)`,
    );
    console.log(
      `  server CPU per meter (${cpuScope(database)}): ${y.ms((used.user + used.system) / 1000 / METERS)}`,
    );
  } finally {
    await app.close();
    await stopProcess(sim);
  }
}

async function main() {
  const yardstick = benchYardstick('campaign bench');
  try {
    for (const engine of benchEngines()) {
      await onEngine(engine, (database, label) => run(database, label, yardstick));
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  console.log(`\n${closingLine(yardstick)}`);
}

await main();
