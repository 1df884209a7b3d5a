import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectionJobs, meterLinks, remoteTasks } from '../src/db/schema.js';
import { createCollectionScheduler } from '../src/modules/collection/collection.scheduler.js';
import { createRemoteTaskService } from '../src/modules/remote-task/remote-task.service.js';
import { insertGprsMeters } from './fleet-fixture.js';
import { createTestApp, type TestApp } from './harness.js';
import { until } from './headend-fixture.js';
import { testConfig } from './test-config.js';

/**
 * Several processes run the schedule; one leads. Two schedulers on one database (PostgreSQL in the
 * server-postgres project) sweep at the same moments: every meter/day is planned and read once, and a
 * scheduler that takes over (or a restarted one) neither skips nor repeats a day.
 */
const METERS = Array.from({ length: 20 }, (_, i) => `4750${String(i + 1).padStart(7, '0')}`);
const config = { ...testConfig().collection, hourly: 'off' as const, lookbackDays: 7 };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await insertGprsMeters(t, METERS, new Date('2026-01-01T00:00:00Z'));
  // As the head-ends recorded them: every meter's link is up.
  await t.database.db
    .insert(meterLinks)
    .values(METERS.map((meterId) => ({ meterId, online: true, transport: 'gprs' })));
});
afterAll(async () => t?.close());

const schedulerAs = (holder: string) =>
  createCollectionScheduler(
    t.app.deps,
    createRemoteTaskService(t.app.deps, { retries: 0, onQueued: () => {} }),
    {
      holder,
      config,
    },
  );

/** A GPRS meter installed at `createDate`, its link up. */
async function onlineMeter(meterId: string, createDate: Date) {
  await insertGprsMeters(t, [meterId], createDate);
  await t.database.db.insert(meterLinks).values({ meterId, online: true, transport: 'gprs' });
  return meterId;
}

async function counts() {
  const db = t.database.db;
  const jobs = await db.select().from(collectionJobs);
  const [tasks] = await db.select({ n: sql<number>`count(*)::int` }).from(remoteTasks);
  return { jobs, tasks: Number(tasks?.n) };
}

describe('collection leadership', () => {
  it('two schedulers sweeping together: one leads, each meter/day is planned and read once', async () => {
    const a = schedulerAs('process-a');
    const b = schedulerAs('process-b');
    const led = { a: false, b: false };
    for (let round = 0; round < 3; round++) {
      const [a1, b1, b2, a2] = await Promise.all([a.tick(), b.tick(), b.tick(), a.tick()]);
      led.a ||= Boolean(a1?.leader || a2?.leader);
      led.b ||= Boolean(b1?.leader || b2?.leader);
    }
    expect(led.a !== led.b).toBe(true);

    const { jobs, tasks } = await counts();
    // 20 meters × the 7 days of the look-back window (11-15 … 11-21; today is 11-22 on the test clock).
    expect(jobs.length).toBe(METERS.length * 7);
    expect(new Set(jobs.map((j) => `${j.meterId}/${j.period}`)).size).toBe(jobs.length);
    expect(jobs.every((j) => j.status === 'running' && j.attempts === 1)).toBe(true);
    const taskIds = jobs.flatMap((j) => Object.values(j.taskIds));
    // Every task belongs to one job, and no meter was asked for the same record twice.
    expect(new Set(taskIds).size).toBe(taskIds.length);
    expect(tasks).toBe(taskIds.length);
    // Per meter: yesterday 5 reads (freeze time, energy, the record before, credit, status), 6 older days 3.
    expect(tasks).toBe(METERS.length * (5 + 6 * 3));

    // The leader stops (its lease is released): the other takes over and repeats nothing.
    const leader = led.a ? a : b;
    const other = leader === a ? b : a;
    await leader.stop();
    expect(await other.tick()).toMatchObject({ leader: true, planned: 0, dispatched: 0 });
    await other.stop();

    // A restarted process (new holder) plans and queues nothing already recorded.
    const restarted = schedulerAs('process-c');
    expect(await restarted.tick()).toMatchObject({ leader: true, planned: 0, dispatched: 0 });
    await restarted.stop();
    expect((await counts()).tasks).toBe(tasks);
  });

  it('a held lease keeps a second scheduler idle until it is released', async () => {
    const a = schedulerAs('holder-1');
    const b = schedulerAs('holder-2');
    expect((await a.tick()).leader).toBe(true);
    expect((await b.tick()).leader).toBe(false);
    expect((await a.tick()).leader).toBe(true);
    await a.stop();
    expect((await b.tick()).leader).toBe(true);
    await b.stop();
  });

  it('a leader that dies (its lease neither renewed nor released) is replaced once the lease runs out', async () => {
    const a = schedulerAs('dies-1');
    const b = schedulerAs('takes-over-2');
    expect((await a.tick()).leader).toBe(true);
    expect((await b.tick()).leader).toBe(false);
    // As if a's process was killed and its lease's time passed (database time decides).
    await t.database.db.execute(
      sql`update collection_leases set expires_at = now() - interval '1 second' where holder = 'dies-1'`,
    );
    expect((await b.tick()).leader).toBe(true);
    expect((await a.tick()).leader).toBe(false);
    await b.stop();
    await a.stop();
  });

  it('a meter installed during the window is read from its installation day on: earlier days are no gaps', async () => {
    const meterId = await onlineMeter('47509999999', new Date('2026-11-20T10:00:00Z'));
    const s = schedulerAs('installer');
    await s.tick();
    await s.stop();
    const jobs = await t.database.db.select().from(collectionJobs).where(eq(collectionJobs.meterId, meterId));
    expect(jobs.map((j) => j.period).sort()).toEqual(['2026-11-20', '2026-11-21']);
  });

  it('started (as npm start does), it sweeps by itself and stops cleanly', async () => {
    const meterId = await onlineMeter('47509999988', new Date('2026-11-21T10:00:00Z'));
    const s = schedulerAs('started');
    s.start();
    await until('the first sweep to plan and queue the meter', async () => {
      const [job] = await t.database.db
        .select()
        .from(collectionJobs)
        .where(eq(collectionJobs.meterId, meterId));
      return job?.status === 'running';
    });
    await s.stop();
    expect((await schedulerAs('after-stop').tick()).leader).toBe(true);
  });
});
