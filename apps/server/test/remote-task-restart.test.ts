import { startFleet } from '@prepay/simulator';
import { sql } from 'drizzle-orm';
import { describe, expect, it, onTestFinished } from 'vitest';
import { meters } from '../src/db/schema.js';
import { DEFAULT_RUNNER_OPTIONS } from '../src/modules/remote-task/task-runner.js';
import { bootstrap } from '../src/seed/bootstrap.js';
import { gprsFleetMeters } from './fleet-fixture.js';
import { rowsOf, until } from './headend-fixture.js';
import { type Answer, createStorage, fieldServerEnv, serverForTest } from './server-process.js';
import { testConfig } from './test-config.js';

const PASSWORD = 'Restart#Admin-Pass-1';
const METERS = 20;
const TASKS = 200;
const ids = Array.from({ length: METERS }, (_, i) => `4731${String(i + 1).padStart(7, '0')}`);

describe('remote tasks when the server process is killed', () => {
  it('every one of 200 queued/running tasks ends Success or Failure after a restart: none lost, none twice', async () => {
    // What the test starts is stopped or removed when it finishes, the latest first.
    const storage = await createStorage('prepay_rt_restart');
    onTestFinished(() => storage.remove());
    {
      const database = await storage.open();
      await bootstrap(database.db, testConfig({ adminPassword: PASSWORD, dataDir: storage.dir }));
      await database.db
        .insert(meters)
        .values(
          ids.map((meterId) => ({ meterId, communicationWay: 0, protocolVersion: '2.2', stationId: '0001' })),
        );
      await database.close();
    }
    // The test plays the field itself. The meters redial within half a second (their back-off); give them
    // a little more after the restart.
    const env = await fieldServerEnv(storage, { REMOTE_TASK_WARMUP_MS: '3000' });
    const first = await serverForTest(env);
    const fleet = await startFleet({
      spec: { gateways: [], meters: gprsFleetMeters(ids) },
      tcp: { host: '127.0.0.1', port: Number(env.HEADEND_PORT) },
      backoffMs: 100,
      maxBackoffMs: 500,
    });
    onTestFinished(() => fleet.stop());
    await fleet.ready();
    // Slow meters keep tasks queued and running long enough for the kill to land among them.
    for (const id of ids) fleet.fault(id, { kind: 'slow', delayMs: 200 });

    const token = await first.login('admin', PASSWORD);
    const flags = ['901F', 'E421', 'B630', 'EFF5'];
    const body = Array.from({ length: TASKS }, (_, i) => ({ meterId: ids[i % METERS], flag: flags[i % 4] }));
    const created = await first.post<{ id: number }[]>('/API/RemoteMeterTask/CreateReadingTask', body, token);
    expect(created.code, created.reason).toBe(0);
    expect(created.result).toHaveLength(TASKS);

    const count = (server: typeof first, token: string, status: number) =>
      server
        .post<{ total: number }>('/api/DLT645Task/read', { lang: 'en', status, pageSize: 1 }, token)
        .then((a: Answer<{ total: number }>) => a.result.total);
    // Kill once some results are stored: the rest are queued (ten per meter, one at a time) or on the wire.
    await until('a tenth of the tasks answered', () => fleet.stats().replies >= TASKS / 10);
    await until('some results stored', async () => (await count(first, token, 1)) > 0);
    await first.kill();

    // The restarted process leaves the queue alone for production's 15 s while the meters dial back in (the
    // first one's 3 s is the test's own): on a loaded machine some meters took longer than 3 s to be heard
    // again, and each of their queued tasks then failed as offline.
    const second = await serverForTest({
      ...env,
      REMOTE_TASK_WARMUP_MS: String(DEFAULT_RUNNER_OPTIONS.warmupMs),
    });
    const retoken = await second.login('admin', PASSWORD);
    await until(
      'every task to finish after the restart',
      async () => (await count(second, retoken, 0)) === 0 && (await count(second, retoken, 3)) === 0,
      90_000,
    );
    expect(await second.stop()).toBe(0);

    const database = await storage.open();
    try {
      const tasks = rowsOf(
        await database.db.execute(sql`select id, status, attempts from remote_tasks order by id`),
      );
      expect(tasks).toHaveLength(TASKS);
      for (const task of tasks) expect([1, 2]).toContain(Number(task.status));
      const attempts = rowsOf(
        await database.db.execute(
          sql`select task_id, attempt, outcome, runner from remote_task_attempts order by task_id, attempt`,
        ),
      );
      for (const task of tasks) {
        const own = attempts.filter((a) => Number(a.task_id) === Number(task.id));
        // Every attempt recorded, numbered 1..n with no gap; at most one success; the last decides the status.
        expect(own.map((a) => Number(a.attempt))).toEqual(own.map((_, i) => i + 1));
        expect(own).toHaveLength(Number(task.attempts));
        expect(own.filter((a) => a.outcome === 'success').length).toBeLessThanOrEqual(1);
        expect(own.at(-1)?.outcome === 'success').toBe(Number(task.status) === 1);
      }
      // Both processes ran tasks: the kill landed mid-queue.
      expect(new Set(attempts.map((a) => String(a.runner).split(':')[1])).size).toBe(2);
      expect(tasks.filter((x) => Number(x.status) === 1).length).toBeGreaterThan(TASKS * 0.9);
    } finally {
      await database.close();
    }
  }, 300_000);
});
