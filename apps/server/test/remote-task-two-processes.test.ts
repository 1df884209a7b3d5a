import { meterAddress } from '@prepay/dlt645';
import { startFleet } from '@prepay/simulator';
import { sql } from 'drizzle-orm';
import { describe, expect, it, onTestFinished } from 'vitest';
import { openPostgres } from '../src/db/client.js';
import { gateways, meters } from '../src/db/schema.js';
import { bootstrap } from '../src/seed/bootstrap.js';
import { rowsOf, startMosquitto, until } from './headend-fixture.js';
import { postgresDatabase, serverForTest } from './server-process.js';
import { METER_STS, testConfig } from './test-config.js';

const PASSWORD = 'Shared#Admin-Pass-1';
const METERS = 100;
const TASKS = 1000;
const GW = 'E4-38-19-FF-FE-00-00-07';
const ids = Array.from({ length: METERS }, (_, i) => `4732${String(i + 1).padStart(7, '0')}`);
const devEui = (i: number) => `70b3d5e75e${String(i + 1).padStart(6, '0')}`;

describe('two server processes on one PostgreSQL', () => {
  it('share a queue of 1,000 tasks and run each exactly once', async () => {
    // What the test starts is stopped when it finishes, the latest first.
    const cluster = await postgresDatabase('prepay_two');
    onTestFinished(() => cluster.stop());
    const url = cluster.url;
    const broker = await startMosquitto();
    onTestFinished(() => broker.stop());
    {
      const database = await openPostgres(url, 2);
      await database.migrate();
      await bootstrap(database.db, testConfig({ adminPassword: PASSWORD }));
      await database.db.insert(gateways).values({ gatewayId: GW, gatewayName: 'Shared', stationId: '0001' });
      await database.db.insert(meters).values(
        ids.map((meterId, i) => ({
          meterId,
          communicationWay: 1,
          devEui: devEui(i),
          protocolVersion: '2.2',
          stationId: '0001',
        })),
      );
      await database.close();
    }
    const env = {
      DATABASE_URL: url,
      DATA_DIR: '/nonexistent-not-used',
      SEED: 'none',
      LOG_LEVEL: 'warn',
      MQTT_URL: broker.url,
      HEADEND_PORT: '0',
      SIMULATOR: 'off',
      REMOTE_TASK_POLL_MS: '50',
      REMOTE_TASK_WARMUP_MS: '0',
      // Each process may run 25 tasks at a time, a quarter of the meters: one process can never hold every
      // meter's queue head, so the other always finds work. With the default (256) the process that is woken
      // first could claim all 100 heads and reclaim each as it finishes, starving the other by chance.
      REMOTE_TASK_CONCURRENCY: '25',
    };
    const servers = [await serverForTest(env), await serverForTest(env)];
    const fleet = await startFleet({
      spec: {
        gateways: [{ gatewayId: GW }],
        meters: ids.map((meterId, i) => ({
          meterId,
          address: meterAddress(meterId),
          type: 0,
          communicationWay: 1,
          devEui: devEui(i),
          gatewayIds: [GW],
          sts: METER_STS,
        })),
      },
      mqttUrl: broker.url,
      firstStatusWithinMs: 200,
      downlinkDelayMs: 5,
    });
    onTestFinished(() => fleet.stop());
    await fleet.ready();
    const check = await openPostgres(url, 2);
    try {
      await until(
        'every meter heard by the head-ends',
        async () =>
          Number(
            rowsOf(await check.db.execute(sql`select count(*)::int as n from meter_links where online`))[0]
              ?.n,
          ) === METERS,
        30_000,
      );
      const [a] = servers;
      const token = await a?.login('admin', PASSWORD);
      const requestsBefore = fleet.stats().requests;
      const body = Array.from({ length: TASKS }, (_, i) => ({ meterId: ids[i % METERS], flag: '901F' }));
      const created = await a?.post<unknown[]>('/API/RemoteMeterTask/CreateReadingTask', body, token);
      expect(created?.code, created?.reason).toBe(0);

      await until(
        'every task to finish',
        async () =>
          Number(
            rowsOf(
              await check.db.execute(sql`select count(*)::int as n from remote_tasks where status in (0, 3)`),
            )[0]?.n,
          ) === 0,
        120_000,
      );
      const tasks = rowsOf(await check.db.execute(sql`select id, status, attempts from remote_tasks`));
      expect(tasks).toHaveLength(TASKS);
      expect(tasks.every((x) => Number(x.status) === 1 && Number(x.attempts) === 1)).toBe(true);
      const attempts = rowsOf(await check.db.execute(sql`select task_id, runner from remote_task_attempts`));
      expect(attempts).toHaveLength(TASKS);
      expect(new Set(attempts.map((x) => Number(x.task_id))).size).toBe(TASKS);
      // Both processes took a share of the queue.
      const byRunner = new Map<string, number>();
      for (const x of attempts) byRunner.set(String(x.runner), (byRunner.get(String(x.runner)) ?? 0) + 1);
      expect(byRunner.size).toBe(2);
      // And the meters saw exactly one request per task: no task was sent twice.
      expect(fleet.stats().requests - requestsBefore).toBe(TASKS);
    } finally {
      await check.close();
    }
  }, 240_000);
});
