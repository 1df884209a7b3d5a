import { eq, inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { meterDailyData, meterHourlyData, meterMonthlyData, remoteTasks } from '../src/db/schema.js';
import {
  type CollectionScheduler,
  createCollectionScheduler,
} from '../src/modules/collection/collection.scheduler.js';
import { createRemoteTaskService } from '../src/modules/remote-task/remote-task.service.js';
import { collectionFleetForSuite, sweepUntil as sweepWith } from './fleet-fixture.js';
import { iain } from './masterdata-fixtures.js';

/**
 * Collection end to end: the real scheduler queues reading tasks through the task service, the real
 * runner and head-end (GPRS over TCP, LoRaWAN over a real mosquitto broker) reach the simulated fleet,
 * and the answers become daily rows — compared with the simulated meters' own frozen registers.
 */
const pair = {
  gatewayId: 'E4-38-19-FF-FE-00-00-31',
  gatewayName: 'North',
  gprs: iain(31, '4740'),
  lora: iain(32, '4740'),
  devEui: '70b3d5e75e000032',
  balance: 5000,
};
const { gprs: GPRS, lora: LORA } = pair;

// Installed when the simulated meters start (collection reads no day before a meter's installation);
// meter time moves only when the test moves it, together with the server's clock.
const suite = collectionFleetForSuite(pair);
// Registered after the suite's own: it runs first, while the app is still open.
afterAll(async () => {
  await second?.stop();
});

/**
 * Sweeps until `done` holds (each sweep stores what finished and queues what is due). A second
 * scheduler — another process's, on the same database — sweeps at the same moments; one leads.
 */
let second: CollectionScheduler;
function sweepUntil(what: string, done: () => Promise<boolean>) {
  second ??= createCollectionScheduler(
    suite.t.app.deps,
    createRemoteTaskService(suite.t.app.deps, { retries: 0, onQueued: () => {} }),
    { holder: 'second-process' },
  );
  return sweepWith(what, () => Promise.all([suite.t.app.collection.tick(), second.tick()]), done);
}

const daily = (meterId: string) =>
  suite.t.database.db.select().from(meterDailyData).where(eq(meterDailyData.meterId, meterId));

function expectRowsEqualRegisters(meterId: string, rows: (typeof meterDailyData.$inferSelect)[]) {
  const days = ['2026-11-22', '2026-11-23', '2026-11-24'];
  expect(rows.map((r) => r.currentDate).sort()).toEqual(days);
  for (const day of days) {
    const row = rows.find((r) => r.currentDate === day);
    const total = suite.frozenTenths(meterId, day);
    expect(total, `${meterId} froze ${day}`).toBeDefined();
    expect(row?.total1, `${meterId} ${day}`).toBe(total);
    expect(row?.source).toBe('collected');
  }
  const before = (day: string, prev: string) =>
    (suite.frozenTenths(meterId, day) ?? 0) - (suite.frozenTenths(meterId, prev) ?? 0);
  expect(rows.find((r) => r.currentDate === '2026-11-24')?.usage1).toBe(before('2026-11-24', '2026-11-23'));
  expect(rows.find((r) => r.currentDate === '2026-11-23')?.usage1).toBe(before('2026-11-23', '2026-11-22'));
  // The meter was installed on the 22nd: no record before it, so that day's usage is unknown.
  expect(rows.find((r) => r.currentDate === '2026-11-22')?.usage1).toBeNull();
  const model = suite.fleet.model(meterId);
  const yesterday = rows.find((r) => r.currentDate === '2026-11-24');
  expect(yesterday?.remain1).toBe(Math.floor((model?.balanceAt(suite.clock.now()) ?? -1) / 10));
  expect(yesterday?.relayOpen).toBe(model?.relayOpen);
}

describe('collection through the simulated fleet', () => {
  it('after midnight stores daily rows equal to the frozen registers; an offline meter is collected when it is back', async () => {
    // The LoRaWAN meter's only gateway is down over midnight.
    await suite.loraOfflineOverMidnight(sweepUntil);
    expectRowsEqualRegisters(GPRS, await daily(GPRS));
    // Each day was read once, by whichever scheduler led.
    expect((await suite.jobsOf(GPRS)).map((j) => j.attempts)).toEqual([1, 1, 1, 1]);
    expect(await daily(LORA)).toEqual([]);
    const lora = await suite.jobsOf(LORA);
    expect(lora.map((j) => j.status)).toEqual(['failed', 'failed', 'failed']);
    expect(lora[0]?.reason).toMatch(/^offline/);

    // The GPRS meter reports hourly: this hour's reading equals its register now.
    const [hour] = await suite.t.database.db
      .select()
      .from(meterHourlyData)
      .where(eq(meterHourlyData.meterId, GPRS));
    expect(hour?.total1).toBe(Math.floor((suite.fleet.meter(GPRS)?.energyHundredths ?? -1) / 10));

    // The gateway comes back; the next sweeps see the meter heard again and read the missed days.
    await suite.loraBack(sweepUntil, async () => (await daily(LORA)).length === 3);
    expectRowsEqualRegisters(LORA, await daily(LORA));
    expect((await suite.jobsOf(LORA)).every((j) => j.status === 'done')).toBe(true);

    // Every read was a reading task created by the collection, visible in the task records.
    const ids = (await suite.jobsOf(GPRS)).flatMap((j) => Object.values(j.taskIds));
    const tasks = await suite.t.database.db.select().from(remoteTasks).where(inArray(remoteTasks.id, ids));
    expect(tasks.length).toBe(ids.length);
    expect(tasks.every((task) => task.kind === 'reading' && task.createId === 'collection')).toBe(true);

    // A sweep later finds nothing left to do: no day is read twice.
    const before = (await suite.t.database.db.select().from(remoteTasks)).length;
    const reports = await Promise.all([suite.t.app.collection.tick(), second.tick()]);
    expect(reports.filter((r) => r.leader)).toHaveLength(1);
    expect(reports.map((r) => r.dispatched)).toEqual([0, 0]);
    expect((await suite.t.database.db.select().from(remoteTasks)).length).toBe(before);
  }, 120_000);

  it('an operator re-collects a date range and it is read again', async () => {
    const admin = await suite.t.adminToken();
    const res = await suite.t.call<{ queued: number }>(
      '/api/collection/recollect',
      { meterId: GPRS, startDate: '2026-11-23', endDate: '2026-11-24' },
      admin,
    );
    expect(res.status, res.reason).toBe(200);
    expect(res.result.queued).toBe(2);
    await sweepUntil(
      'the range to be read again',
      async () => (await daily(GPRS)).filter((r) => r.remark === 're-collected for admin').length === 2,
    );
    expectRowsEqualRegisters(GPRS, await daily(GPRS));
    const jobs = await suite.jobsOf(GPRS);
    expect(
      jobs.filter((j) => j.requestedBy === 'admin').map((j) => [j.period, j.status, j.attempts]),
    ).toEqual([
      ['2026-11-23', 'done', 2],
      ['2026-11-24', 'done', 2],
    ]);
  }, 120_000);

  it('on the settlement day (the 1st) stores the monthly row equal to the settlement registers', async () => {
    const monthly = async (meterId: string) =>
      suite.t.database.db.select().from(meterMonthlyData).where(eq(meterMonthlyData.meterId, meterId));
    for (const { meterId, row, frozenAt, tenths } of await suite.settleDecember(sweepUntil, monthly)) {
      expect(frozenAt).toBe('2026-12-01T00:00:00.000Z');
      expect(row?.currentDate).toBe('2026-12-01');
      expect(row?.total1).toBe(tenths);
      // Installed in November: no settlement before this one, so the month's usage is unknown.
      expect(row?.usage1).toBeNull();
      // The days of the look-back window (three) were read too; older gaps wait for an operator.
      const days = (await daily(meterId)).map((r) => r.currentDate).filter((d) => d >= '2026-11-25');
      expect(days.sort()).toEqual(['2026-11-28', '2026-11-29', '2026-11-30']);
      for (const d of days) {
        expect((await daily(meterId)).find((r) => r.currentDate === d)?.total1).toBe(
          suite.frozenTenths(meterId, d),
        );
      }
    }
  }, 120_000);
});
