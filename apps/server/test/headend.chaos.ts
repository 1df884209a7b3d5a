import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { meterAddress } from '@prepay/dlt645';
import { type Fleet, startFleet } from '@prepay/simulator';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { type Database, openPostgres, rowsOf } from '../src/db/client.js';
import { gateways, meters } from '../src/db/schema.js';
import { bootstrap } from '../src/seed/bootstrap.js';
import { startTcpHaproxy } from './haproxy.js';
import { startMosquitto, until } from './headend-fixture.js';
import {
  freePort,
  postgresDatabase,
  type RunningServer,
  startServer,
  stopRunning,
} from './server-process.js';
import { METER_STS, testConfig } from './test-config.js';

const PASSWORD = 'Chaos#Admin-Pass-1';
const GPRS = 1_000;
const LORA = 1_000;
const APPLICATION_ID = '9c2d7f3e-1b4a-4e6f-8a5d-3c7b9e1f2a40';
const GATEWAYS = ['E4-38-19-FF-FE-00-01-01', 'E4-38-19-FF-FE-00-01-02', 'E4-38-19-FF-FE-00-01-03'];
const gprsIds = Array.from({ length: GPRS }, (_, i) => `4733${String(i + 1).padStart(7, '0')}`);
const loraIds = Array.from({ length: LORA }, (_, i) => `4734${String(i + 1).padStart(7, '0')}`);
const devEui = (i: number) => `70b3d5e75f${String(i + 1).padStart(6, '0')}`;

const work = mkdtempSync(path.join(os.tmpdir(), 'prepay-headend-chaos-'));
const cleanups: (() => unknown)[] = [];
const servers: RunningServer[] = [];
afterAll(async () => {
  await stopRunning(servers);
  for (const c of cleanups.reverse()) await c();
  rmSync(work, { recursive: true, force: true });
});

const count = async (db: Database, query: ReturnType<typeof sql>) =>
  Number(rowsOf<{ n: number }>(await db.db.execute(query))[0]?.n ?? 0);

/** The database: migrated, an administrator, the gateways and 2,000 meters (half GPRS, half LoRaWAN). */
async function seed(url: string) {
  const database = await openPostgres(url, 2);
  await database.migrate();
  await bootstrap(database.db, testConfig({ adminPassword: PASSWORD }));
  await database.db.insert(gateways).values(GATEWAYS.map((gatewayId) => ({ gatewayId, stationId: '0001' })));
  const rows = [
    ...gprsIds.map((meterId) => ({ meterId, communicationWay: 0, devEui: null as string | null })),
    ...loraIds.map((meterId, i) => ({ meterId, communicationWay: 1, devEui: devEui(i) })),
  ].map((m) => ({ ...m, protocolVersion: '2.2', stationId: '0001' }));
  for (let i = 0; i < rows.length; i += 500) await database.db.insert(meters).values(rows.slice(i, i + 500));
  return database;
}

/** Three head-end processes (full servers) sharing the fleet: GPRS ports behind HAProxy, one $share group. */
async function startHeadEnds(url: string, mqttUrl: string) {
  const env = {
    DATABASE_URL: url,
    DATA_DIR: work,
    SEED: 'none',
    LOG_LEVEL: 'warn',
    MQTT_URL: mqttUrl,
    MQTT_SHARE_GROUP: 'prepay-headend',
    CHIRPSTACK_APPLICATION_ID: APPLICATION_ID,
    HEADEND_HOST: '127.0.0.1',
    HEADEND_HEARTBEAT_SECONDS: '20',
    HEADEND_TIMEOUT_MS: '5000',
    // Long enough for a killed process's meters to redial elsewhere before anyone else may claim their tasks.
    HEADEND_LEASE_SECONDS: '10',
    SIMULATOR: 'off',
    REMOTE_TASK_LEASE_MS: '4000',
    REMOTE_TASK_WARMUP_MS: '0',
    REMOTE_TASK_POLL_MS: '100',
    REMOTE_TASK_CONCURRENCY: '64',
  };
  const ports = [await freePort(), await freePort(), await freePort()];
  const metricsPorts = [await freePort(), await freePort(), await freePort()];
  const started = await Promise.all(
    ports.map((p, i) =>
      startServer({ ...env, HEADEND_PORT: String(p), METRICS_PORT: String(metricsPorts[i]) }),
    ),
  );
  servers.push(...started);
  return { ports, metricsPorts, started };
}

/** The simulated fleet in this process: DTUs dial HAProxy, LoRaWAN meters behind ChirpStack on mosquitto. */
async function startSimulatedFleet(mqttUrl: string, dtuPort: number): Promise<Fleet> {
  const meter = { type: 0, sts: METER_STS };
  const fleet = await startFleet({
    spec: {
      applicationId: APPLICATION_ID,
      gateways: GATEWAYS.map((gatewayId) => ({ gatewayId })),
      meters: [
        ...gprsIds.map((meterId) => ({
          ...meter,
          meterId,
          address: meterAddress(meterId),
          communicationWay: 0,
        })),
        ...loraIds.map((meterId, i) => ({
          ...meter,
          meterId,
          address: meterAddress(meterId),
          communicationWay: 1,
          devEui: devEui(i),
          gatewayIds: [GATEWAYS[i % GATEWAYS.length] ?? ''],
        })),
      ],
    },
    mqttUrl,
    tcp: { host: '127.0.0.1', port: dtuPort },
    heartbeatSeconds: 20,
    downlinkDelayMs: 20,
    backoffMs: 500,
    maxBackoffMs: 2_000,
  });
  cleanups.push(() => fleet.stop());
  await fleet.ready();
  return fleet;
}

/** Tasks by how they ended: once (a terminal status, at most one successful exchange), twice, or not. */
async function outcome(db: Database) {
  const [row] = rowsOf<Record<string, number>>(
    await db.db.execute(sql`
      with t as (
        select t.id, t.status,
          (select count(*) from remote_task_attempts a where a.task_id = t.id and a.outcome = 'success') as ok
        from remote_tasks t)
      select count(*)::int as created,
        count(*) filter (where status in (1, 2) and ok <= 1)::int as once,
        count(*) filter (where ok > 1)::int as twice,
        count(*) filter (where status in (0, 3))::int as lost,
        count(*) filter (where status = 1)::int as success,
        count(*) filter (where status = 2)::int as failure
      from t`),
  );
  return row ?? {};
}

function report(figures: Record<string, unknown>) {
  console.log(`head-end figures: ${JSON.stringify(figures)}`);
  if (process.env.CHAOS_REPORT)
    writeFileSync(process.env.CHAOS_REPORT, `${JSON.stringify(figures)}\n`, { flag: 'a' });
}

describe('a head-end over three processes', () => {
  it('finishes a campaign over 2,000 meters through a SIGKILL of one process: each task ends once, its meters move', async () => {
    const t0 = Date.now();
    const pg = await postgresDatabase('prepay_headend_chaos');
    cleanups.push(() => pg.stop());
    const broker = await startMosquitto();
    cleanups.push(() => broker.stop());
    const check = await seed(pg.url);
    cleanups.push(() => check.close());
    const { ports, metricsPorts, started } = await startHeadEnds(pg.url, broker.url);
    const haproxy = await startTcpHaproxy(ports, work);
    cleanups.push(() => haproxy.stop());
    await startSimulatedFleet(broker.url, haproxy.port);
    const live = sql`select count(*)::int as n from headend_links l join headend_processes p using (process_id)
      where p.lease_until > now()`;
    await until('every GPRS link registered', async () => (await count(check, live)) === GPRS, 60_000);

    // The campaign: one reading task per meter, created through one process's API.
    const [first, , victim] = started;
    if (!first || !victim) throw new Error('three processes expected');
    const token = await first.login('admin', PASSWORD);
    // GPRS and LoRaWAN meters alternate, so the queue (run in creation order) is half done on both at once.
    const all = gprsIds.flatMap((id, i) => [id, loraIds[i] ?? '']);
    for (let i = 0; i < all.length; i += 500) {
      const body = all.slice(i, i + 500).map((meterId) => ({ meterId, flag: '901F' }));
      const created = await first.post('/API/RemoteMeterTask/CreateReadingTask', body, token);
      expect(created.code, created.reason).toBe(0);
    }
    const ended = sql`select count(*)::int as n from remote_tasks where status in (1, 2)`;
    await until(
      'half the campaign ended',
      async () => (await count(check, ended)) >= all.length / 2,
      120_000,
    );

    // Halfway: SIGKILL one process. Its meters and what was still queued for them are noted first.
    const victimId = rowsOf<{ id: string }>(
      await check.db.execute(
        sql`select process_id as id from headend_processes where process_id like ${`%:${victim.child.pid}:%`}`,
      ),
    )[0]?.id;
    const moved = rowsOf<{ meter_id: string }>(
      await check.db.execute(sql`select meter_id from headend_links where process_id = ${victimId}`),
    ).map((r) => r.meter_id);
    const killedAt = Date.now();
    await victim.kill();
    const queued = rowsOf<{ id: number }>(
      await check.db.execute(sql`select id from remote_tasks where status in (0, 3)
        and meter_id in (select jsonb_array_elements_text(${JSON.stringify(moved)}::jsonb))`),
    ).map((r) => Number(r.id));

    const movedLinks = sql`select count(*)::int as n from headend_links l join headend_processes p using (process_id)
      where p.lease_until > now() and l.process_id <> ${victimId}
        and l.meter_id in (select jsonb_array_elements_text(${JSON.stringify(moved)}::jsonb))`;
    await until(
      'its meters dialled in elsewhere',
      async () => (await count(check, movedLinks)) === moved.length,
      60_000,
    );
    const reconnectSeconds = (Date.now() - killedAt) / 1000;
    await until('the campaign ended', async () => (await count(check, ended)) === all.length, 120_000);
    const reconnected = await count(check, movedLinks);
    // The killed process's queued tasks: each ended Success, run by a process that survived.
    const movedTasks = rowsOf<{ status: number; runner: string | null }>(
      await check.db.execute(sql`
        select t.status, (select a.runner from remote_task_attempts a where a.task_id = t.id
          order by a.attempt desc, a.id desc limit 1) as runner
        from remote_tasks t
        where t.id in (select jsonb_array_elements_text(${JSON.stringify(queued)}::jsonb)::int)`),
    );
    const o = await outcome(check);
    report({
      test: 'head-end over three processes',
      tasksCreated: o.created,
      endedOnce: o.once,
      endedTwice: o.twice,
      lost: o.lost,
      succeeded: o.success,
      failed: o.failure,
      killedProcessMeters: moved.length,
      metersReconnected: reconnected,
      reconnectedWithinSeconds: Number(reconnectSeconds.toFixed(1)),
      queuedForThemAtKill: queued.length,
      campaignAfterKillSeconds: Number(((Date.now() - killedAt) / 1000).toFixed(1)),
      totalSeconds: Number(((Date.now() - t0) / 1000).toFixed(1)),
    });
    expect(o.created).toBe(all.length);
    expect(o.once).toBe(all.length);
    expect(o.twice).toBe(0);
    expect(o.lost).toBe(0);
    // The meters are all healthy: a task sent where its meter is not (a socket on another process, an
    // answer heard by another process) would end as a Failure.
    expect(o.success).toBe(all.length);
    expect(moved.length).toBeGreaterThan(0);
    expect(reconnected).toBe(moved.length);
    expect(queued.length).toBeGreaterThan(0);
    for (const task of movedTasks) {
      expect(Number(task.status)).toBe(1);
      expect(task.runner).not.toBe(victimId);
    }
    // Each surviving process shows its own claims and the links it holds now, the killed one's among them.
    for (const [i, port] of metricsPorts.entries()) {
      if (started[i] === victim) continue;
      const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
      expect(text).toMatch(/^prepay_remote_task_claims_total\{process="[^"]+"\} [1-9]\d*$/m);
      expect(text).toMatch(/^prepay_headend_links\{process="[^"]+",transport="gprs"\} [1-9]\d*$/m);
      expect(text).not.toContain(`process="${victimId}"`);
    }
  });
});
