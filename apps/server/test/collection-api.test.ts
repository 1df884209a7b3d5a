import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectionJobs, dlt645Items, meters } from '../src/db/schema.js';
import { BATTERY_FLAG, RECHARGE_FLAG } from '../src/modules/dlt645-item/frozen-items.js';
import { createTestApp, type TestApp, userWithRole } from './harness.js';

/** The operator's re-collect endpoint: its key, its checks, its audit. The reading itself: collection-fleet. */
const METER = '47600000011';
const WATER = '47600000029';
const GAS = '47600000037';
let t: TestApp;
let ops: string;
let reader: string;

beforeAll(async () => {
  t = await createTestApp();
  await t.database.db.insert(meters).values([
    { meterId: METER, communicationWay: 0, protocolVersion: '2.2', stationId: '0001' },
    { meterId: WATER, type: 1, communicationWay: 0, protocolVersion: '2.2', stationId: '0001' },
    { meterId: GAS, type: 2, communicationWay: 0, protocolVersion: '2.2', stationId: '0001' },
  ]);
  ops = await userWithRole(t, { userId: 'amr_ops', content: 'AutomaticMeterReading.Recollect' });
  reader = await userWithRole(t, { userId: 'amr_reader', content: 'AutomaticMeterReading.DailyDataMeter' });
});
afterAll(async () => t?.close());

const recollect = (body: object, token = ops) =>
  t.call<{ queued: number; jobs: { period: string; status: string }[] }>(
    '/api/collection/recollect',
    body,
    token,
  );
const jobs = () => t.database.db.select().from(collectionJobs).where(eq(collectionJobs.meterId, METER));

describe('POST /api/collection/recollect', () => {
  it('needs its own key: 403 for a user who may only read interval data', async () => {
    const res = await recollect({ meterId: METER, startDate: '2026-11-20', endDate: '2026-11-21' }, reader);
    expect(res.status).toBe(403);
    expect(await jobs()).toEqual([]);
  });

  it.each([
    ['start after end', { startDate: '2026-11-21', endDate: '2026-11-20' }],
    ['more than 31 days', { startDate: '2026-10-01', endDate: '2026-11-10' }],
    ['not a calendar day', { startDate: '2026-02-30', endDate: '2026-03-01' }],
    ['not a date', { startDate: '20.11.2026', endDate: '2026-11-21' }],
    ['today is not over (test clock: 2026-11-22)', { startDate: '2026-11-21', endDate: '2026-11-22' }],
    ['older than the freezes a meter keeps', { startDate: '2026-10-10', endDate: '2026-10-11' }],
    [
      'a month beyond the 12 settlement records',
      { startDate: '2025-01-05', endDate: '2025-01-06', kind: 'monthly' },
    ],
    ['an unknown kind', { startDate: '2026-11-20', endDate: '2026-11-21', kind: 'weekly' }],
  ])('400 for %s, nothing queued', async (_what, range) => {
    const before = (await t.auditRows()).length;
    const res = await recollect({ meterId: METER, ...range });
    expect(res.status).toBe(400);
    expect(await jobs()).toEqual([]);
    expect((await t.auditRows()).length).toBe(before);
  });

  it('400 without a meter; a refusal for an unknown meter or one collection cannot read', async () => {
    expect((await recollect({ startDate: '2026-11-20', endDate: '2026-11-21' })).status).toBe(400);
    const unknown = await recollect({
      meterId: '4760000999',
      startDate: '2026-11-20',
      endDate: '2026-11-21',
    });
    expect(unknown.code).not.toBe(0);
    const gas = await recollect({ meterId: GAS, startDate: '2026-11-20', endDate: '2026-11-21' });
    expect(gas.status).toBe(200);
    expect(gas.reason).toMatch(/not a communicating electricity or water meter/);
  });

  it('queues the days (or months) of the range for the scheduler and audits the request', async () => {
    const res = await recollect({ meterId: METER, startDate: '2026-11-19', endDate: '2026-11-21' });
    expect(res.code, res.reason).toBe(0);
    expect(res.result.queued).toBe(3);
    expect(res.result.jobs.map((j) => [j.period, j.status])).toEqual([
      ['2026-11-19', 'pending'],
      ['2026-11-20', 'pending'],
      ['2026-11-21', 'pending'],
    ]);
    const monthly = await recollect({
      meterId: METER,
      startDate: '2026-10-15',
      endDate: '2026-11-02',
      kind: 'monthly',
    });
    expect(monthly.result.jobs.map((j) => j.period)).toEqual(['2026-10-01', '2026-11-01']);
    expect((await jobs()).every((j) => j.requestedBy === 'amr_ops')).toBe(true);
    const audit = (await t.auditRows()).filter((r) => r.title === 'Collection');
    expect(audit.map((r) => r.action)).toEqual(['Recollect', 'Recollect']);
    expect(audit[0]?.content).toContain(METER);

    // The reader sees the state of the meter's periods.
    const seen = await t.call<{ period: string }[]>('/api/collection/jobs', { meterId: METER }, reader);
    expect(seen.result.map((j) => j.period)).toEqual([
      '2026-10-01',
      '2026-11-01',
      '2026-11-19',
      '2026-11-20',
      '2026-11-21',
    ]);
  });

  it('queues a water meter’s days as well (its rows go to Interval Data (Water))', async () => {
    const res = await recollect({ meterId: WATER, startDate: '2026-11-20', endDate: '2026-11-21' });
    expect(res.code, res.reason).toBe(0);
    expect(res.result.jobs.map((j) => [j.period, j.status])).toEqual([
      ['2026-11-20', 'pending'],
      ['2026-11-21', 'pending'],
    ]);
  });

  it('an installation bootstrapped before an item collection reads was added gets it at the first sweep', async () => {
    const items = () =>
      t.database.db
        .select({ version: dlt645Items.version, flag: dlt645Items.flag })
        .from(dlt645Items)
        .where(inArray(dlt645Items.flag, [RECHARGE_FLAG, BATTERY_FLAG]));
    await t.database.db.delete(dlt645Items).where(inArray(dlt645Items.flag, [RECHARGE_FLAG, BATTERY_FLAG]));
    expect(await items()).toEqual([]);
    expect((await t.app.collection.tick()).leader).toBe(true);
    expect((await items()).map((i) => `${i.version}/${i.flag}`).sort()).toEqual([
      `1.0/${BATTERY_FLAG}`,
      `1.0/${RECHARGE_FLAG}`,
      `2.2/${BATTERY_FLAG}`,
      `2.2/${RECHARGE_FLAG}`,
    ]);
  });
});
