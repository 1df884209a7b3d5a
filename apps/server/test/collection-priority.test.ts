import { type Fleet, ManualClock, startFleet } from '@prepay/simulator';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { remoteTaskAttempts, remoteTasks } from '../src/db/schema.js';
import type { HeadEndService } from '../src/headend/head-end.js';
import { createTaskRunner, runnerOptions, type TaskRunner } from '../src/modules/remote-task/task-runner.js';
import { gprsFleetMeters, insertGprsMeters } from './fleet-fixture.js';
import { createTestApp, type TestApp } from './harness.js';
import { headendOf, headendTestConfig, until } from './headend-fixture.js';
import { iain } from './masterdata-fixtures.js';
import { testConfig } from './test-config.js';

/**
 * Collection never starves an operator: with thousands of scheduled collection reads queued (a month of
 * daily freezes for a fleet of GPRS meters), the operator's control, token and reading tasks on one of
 * those meters run before every collection read of it, in that order. The app's own runner waits out a
 * long warm-up, so everything is queued before a runner (the real one, on the real head-end and fleet)
 * claims anything: the order seen is the queue's order, not a race.
 */
const FLEET = 30;
const ids = Array.from({ length: FLEET }, (_, i) => iain(500 + i, '4740'));
const METER = ids[0] ?? '';
const INSTALLED = new Date('2026-10-01T00:00:00Z');

let t: TestApp;
let headend: HeadEndService;
let fleet: Fleet;
let runner: TaskRunner | undefined;

beforeAll(async () => {
  t = await createTestApp(
    {
      ...headendTestConfig({ timeoutMs: { lorawan: 3_000, gprs: 3_000 } }),
      // A month back (the freezes a meter keeps), every job at once.
      collection: { ...testConfig().collection, lookbackDays: 31, hourly: 'off', maxInFlight: 10_000 },
    },
    { headend: true, remoteTasks: { backoffMs: 100, warmupMs: 3_600_000 } },
  );
  headend = headendOf(t);
  await insertGprsMeters(t, ids, INSTALLED);
  await headend.refreshMeters();
  fleet = await startFleet({
    spec: { gateways: [], meters: gprsFleetMeters(ids, 5000) },
    tcp: { host: '127.0.0.1', port: headend.gprsPort ?? 0 },
    clock: new ManualClock(t.clock.now().getTime()),
    firstStatusWithinMs: 50,
    statusIntervalMs: 1_000,
    backoffMs: 100,
  });
  await fleet.ready();
  await until('the fleet online', () => ids.every((id) => headend.linkState(id).online), 60_000);
}, 120_000);

afterAll(async () => {
  await runner?.stop();
  await fleet?.stop();
  await t?.close();
});

const queued = async () => {
  const [row] = await t.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(remoteTasks)
    .where(eq(remoteTasks.createId, 'collection'));
  return Number(row?.n ?? 0);
};

describe('collection reads and operator tasks in one queue', () => {
  it("an operator's control, token and reading on a meter run before the thousands of collection reads queued", async () => {
    const report = await t.app.collection.tick();
    // Per meter: 31 days and this month's settlement day.
    expect(report.dispatched).toBe(FLEET * 32);
    expect(await queued()).toBeGreaterThan(2_000);

    // The operator queues a reading first and the control last: priority, not age, orders them.
    const admin = await t.adminToken();
    for (const [path, row] of [
      ['Reading', { meterId: METER, flag: '901F' }],
      ['Token', { meterId: METER, flag: 'A120', data: '12345678901234567890' }],
      ['Control', { meterId: METER, flag: 'C03D' }],
    ] as const) {
      const res = await t.call(`/API/RemoteMeterTask/Create${path}Task`, [row], admin);
      expect(res.code, res.reason).toBe(0);
    }

    runner = createTaskRunner(
      t.database,
      headend,
      t.clock,
      runnerOptions({}, { warmupMs: 0, pollMs: 50, concurrency: 16, retries: 0 }),
      t.app.log,
    );
    runner.start();
    const operatorDone = async () => {
      const mine = await t.database.db.select().from(remoteTasks).where(eq(remoteTasks.createId, 'admin'));
      return mine.length === 3 && mine.every((task) => task.status === 1 || task.status === 2);
    };
    await until('the operator tasks to finish', operatorDone, 60_000);

    // Attempts on the meter in the order they ran (one task per meter at a time).
    const ran = await t.database.db
      .select({ kind: remoteTasks.kind, by: remoteTasks.createId })
      .from(remoteTaskAttempts)
      .innerJoin(remoteTasks, eq(remoteTasks.id, remoteTaskAttempts.taskId))
      .where(eq(remoteTasks.meterId, METER))
      .orderBy(asc(remoteTaskAttempts.id));
    expect(ran.slice(0, 3)).toEqual([
      { kind: 'control', by: 'admin' },
      { kind: 'token', by: 'admin' },
      { kind: 'reading', by: 'admin' },
    ]);
    // The meter's collection reads (about a hundred) were all queued before the operator's tasks.
    const [order] = await t.database.db
      .select({
        lastCollection: sql<number>`max(${remoteTasks.id}) filter (where ${remoteTasks.createId} = 'collection')`,
        firstOperator: sql<number>`min(${remoteTasks.id}) filter (where ${remoteTasks.createId} = 'admin')`,
        collection: sql<number>`count(*) filter (where ${remoteTasks.createId} = 'collection')`,
      })
      .from(remoteTasks)
      .where(eq(remoteTasks.meterId, METER));
    expect(Number(order?.collection)).toBeGreaterThan(90);
    expect(Number(order?.lastCollection)).toBeLessThan(Number(order?.firstOperator));
  }, 180_000);
});
