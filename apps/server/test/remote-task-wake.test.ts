import { type Fleet, startFleet } from '@prepay/simulator';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { type Database, openPostgres } from '../src/db/client.js';
import { meters } from '../src/db/schema.js';
import { QUEUE_CHANNEL } from '../src/modules/remote-task/task-runner.js';
import { bootstrap } from '../src/seed/bootstrap.js';
import { gprsFleetMeters } from './fleet-fixture.js';
import { headendTestConfig, rowsOf, until } from './headend-fixture.js';
import { postgresDatabase } from './server-process.js';
import { ADMIN_PASSWORD, testConfig } from './test-config.js';

/**
 * Cross-process wake on PostgreSQL: process A (an app without a head-end, so without a runner) queues a
 * task; process B's runner polls only every ten minutes, so it can run the task within the test's
 * time only if A's NOTIFY woke it through its LISTEN connection.
 */
const METER = '47300000091';
const TEN_MINUTES = 600_000;
let cluster: Awaited<ReturnType<typeof postgresDatabase>> | undefined;
let fleet: Fleet | undefined;
const apps: FastifyInstance[] = [];
const databases: Database[] = [];
afterAll(async () => {
  await fleet?.stop();
  for (const app of apps) await app.close();
  for (const d of databases) await d.close();
  cluster?.stop();
});

async function open(url: string) {
  const database = await openPostgres(url, 3);
  databases.push(database);
  return database;
}

describe('remote tasks queued in one process on PostgreSQL', () => {
  it("wake another process's runner at once (LISTEN/NOTIFY), not at its next poll", async () => {
    cluster = await postgresDatabase('prepay_wake');
    const url = cluster.url;
    const setup = await open(url);
    await setup.migrate();
    await bootstrap(setup.db, testConfig());
    await setup.db
      .insert(meters)
      .values({ meterId: METER, communicationWay: 0, protocolVersion: '2.2', stationId: '0001' });

    // B: head-end and runner, polling every ten minutes.
    const b = await buildApp({
      config: testConfig(headendTestConfig({})),
      database: await open(url),
      logger: false,
      headend: true,
      remoteTasks: { pollMs: TEN_MINUTES, warmupMs: 0 },
    });
    apps.push(b);
    await b.ready();
    const headend = b.deps.headend;
    if (!headend) throw new Error('B was built without its head-end');
    // A: the API only; it has no head-end, so no runner of its own.
    const a = await buildApp({ config: testConfig(), database: await open(url), logger: false });
    apps.push(a);
    await a.ready();
    expect(a.deps.headend).toBeUndefined();

    fleet = await startFleet({
      spec: { gateways: [], meters: gprsFleetMeters([METER]) },
      tcp: { host: '127.0.0.1', port: headend.gprsPort ?? 0 },
      firstStatusWithinMs: 50,
    });
    await fleet.ready();
    await until('the meter dialled in to B', () => headend.linkState(METER).online);
    await until(
      "B's runner listening",
      async () =>
        rowsOf(
          await setup.db.execute(
            sql`select 1 from pg_stat_activity where query = ${`listen ${QUEUE_CHANNEL}`}`,
          ),
        ).length === 1,
    );

    const login = await a.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { userId: 'admin', password: ADMIN_PASSWORD },
    });
    const token = (login.json() as { result: { token: string } }).result.token;
    // Three rounds, each queued through A after the previous task is done and B's runner went idle.
    for (let round = 1; round <= 3; round++) {
      const res = await a.inject({
        method: 'POST',
        url: '/API/RemoteMeterTask/CreateReadingTask',
        headers: { authorization: `Bearer ${token}` },
        payload: [{ meterId: METER, flag: '901F' }],
      });
      const created = res.json() as { code: number; result: { id: number }[] };
      expect(created.code, res.body).toBe(0);
      const id = created.result[0]?.id;
      await until(
        `task ${id} to finish`,
        async () =>
          Number(
            rowsOf(await setup.db.execute(sql`select status from remote_tasks where id = ${id}`))[0]?.status,
          ) === 1,
        60_000,
      );
      const attempts = rowsOf(
        await setup.db.execute(sql`select outcome from remote_task_attempts where task_id = ${id}`),
      );
      expect(attempts.map((r) => r.outcome)).toEqual(['success']);
    }
  }, 180_000);
});
