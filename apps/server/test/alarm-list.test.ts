import { sql } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { alarms, auditLogs } from '../src/db/schema.js';
import { LinkState } from '../src/headend/link-state.js';
import { createStateWriter } from '../src/headend/state-writer.repo.js';
import type { NewDailyRow } from '../src/modules/meter-data/meter-data-write.repo.js';
import { type TestApp, userWithRole } from './harness.js';
import { clearReportData, type FixtureMeter, reportTest, storeDailyRows } from './report-fixture.js';

/** The Alarms page's endpoints and the dashboard's rose chart: station scope, refusals, audit. */
const abnormal = (m: FixtureMeter, day: string, extra: Partial<NewDailyRow>): NewDailyRow => ({
  meterId: m.meterId,
  currentDate: day,
  stationId: m.stationId,
  usage1: 10,
  total1: 1000,
  remain1: 800,
  relayOpen: false,
  terminalCoverOpen: false,
  status: false,
  ...extra,
});

/** A meter of its own in a station: the other tests acknowledge the fixture's first meter's alarms. */
const secondMeterIn = (fleet: FixtureMeter[], stationId: string) => {
  const meter = fleet.filter((m) => m.stationId === stationId)[1];
  if (!meter) throw new Error(`the fixture has no second meter in ${stationId}`);
  return meter;
};

/** An offline alarm raised on 2026-11-05, as the head-end's silence check writes it. */
const raiseOffline = (t: TestApp, meter: FixtureMeter) =>
  t.database.db.insert(alarms).values({
    meterId: meter.meterId,
    stationId: meter.stationId,
    kind: 'offline',
    detail: 'no daily reading for 3 days',
    raisedDate: new Date(2026, 10, 5),
  });

type AlarmPage = { total: number; data: { id: number; meterId: string; stationId: string; kind: string }[] };

/** Station users of S1 and S2 with the Alarms key, one of S1 without it; an alarm in each station. */
const it = reportTest(async ({ t, fleet }) => {
  const alarmUser = (userId: string, stationId: string) =>
    userWithRole(t, { userId, content: 'AutomaticMeterReading.Alarm', stationId });
  const s1 = await alarmUser('alarm1', 'S1');
  const s2 = await alarmUser('alarm2', 'S2');
  const noKey = await userWithRole(t, { userId: 'alarm0', content: 'Management.Meter', stationId: 'S1' });
  await clearReportData(t);
  const [a, b] = [fleet.find((m) => m.stationId === 'S1'), fleet.find((m) => m.stationId === 'S2')];
  if (!a || !b) throw new Error('the fixture has no meter in S1 or S2');
  await storeDailyRows(t, [
    abnormal(a, '2026-11-01', { terminalCoverOpen: true, relayOpen: true }),
    abnormal(b, '2026-11-01', { remain1: 10 }),
  ]);
  return { s1, s2, noKey };
});

describe('alarm list and acknowledge', () => {
  it('each station sees its own alarms; the administrator sees all; the rose chart counts the same', async ({
    t,
    admin,
    prepared: { s1, s2 },
  }) => {
    const mine = await t.call<AlarmPage>('/api/alarm/read', { orderBy: 'kind asc' }, s1);
    expect(mine.result.data.map((a) => [a.stationId, a.kind])).toEqual([
      ['S1', 'relay'],
      ['S1', 'tamper'],
    ]);
    const theirs = await t.call<AlarmPage>('/api/alarm/read', {}, s2);
    expect(theirs.result.data.map((a) => [a.stationId, a.kind])).toEqual([['S2', 'lowCredit']]);
    const all = await t.call<AlarmPage>('/api/alarm/read', {}, admin);
    expect(all.result.total).toBe(3);
    const rose = await t.call<{ xData: string[]; yData: number[] }>(
      '/api/dashboard/readLineChart',
      { type: 7, days: 1 },
      s1,
    );
    expect(rose.result.yData).toEqual([1, 1, 0, 0]);
  });

  it('the search box matches the meter id or the customer name; the raised date range narrows', async ({
    t,
    admin,
  }) => {
    const read = async (body: object) => (await t.call<AlarmPage>('/api/alarm/read', body, admin)).result;
    const all = await read({});
    const s2Meter = all.data.find((a) => a.stationId === 'S2')?.meterId;
    expect((await read({ searchTerm: s2Meter })).data.map((a) => a.meterId)).toEqual([s2Meter]);
    // Both fixture meters belong to a customer named "Customer 0".
    expect((await read({ searchTerm: 'customer 0' })).total).toBe(3);
    expect((await read({ searchTerm: 'nobody' })).total).toBe(0);
    expect((await read({ raisedDateRange: ['2026-10-01 00:00:00', '2026-12-31 23:59:59'] })).total).toBe(3);
    expect((await read({ raisedDateRange: ['2026-10-01 00:00:00', null] })).total).toBe(3);
    expect((await read({ raisedDateRange: [null, '2026-10-01 00:00:00'] })).total).toBe(0);
  });

  it('refuses to acknowledge another station’s alarm and changes nothing', async ({
    t,
    prepared: { s1, s2 },
  }) => {
    const theirs = await t.call<AlarmPage>('/api/alarm/read', {}, s2);
    const id = theirs.result.data[0]?.id;
    const before = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(auditLogs);
    const refused = await t.call('/api/alarm/acknowledge', [{ id, remark: 'not mine' }], s1);
    expect(refused.code).not.toBe(0);
    expect(refused.reason).toMatch(/not found/);
    const [row] = await t.database.db.select().from(alarms).where(sql`id = ${id}`);
    expect(row?.acknowledged).toBe(false);
    const after = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(auditLogs);
    expect(after[0]?.n).toBe(before[0]?.n);
  });

  it('a bad body is a 400, a duplicate line a refusal, a role without the key a 403', async ({
    t,
    prepared: { s1, noKey },
  }) => {
    const bad = await t.post('/api/alarm/acknowledge', [{ id: 0 }], s1);
    expect(bad.statusCode).toBe(400);
    const mine = await t.call<AlarmPage>('/api/alarm/read', {}, s1);
    const id = mine.result.data[0]?.id;
    const dup = await t.call('/api/alarm/acknowledge', [{ id }, { id }], s1);
    expect(dup.code).not.toBe(0);
    expect((await t.post('/api/alarm/read', {}, noKey)).statusCode).toBe(403);
    expect((await t.post('/api/alarm/acknowledge', [{ id }], noKey)).statusCode).toBe(403);
  });

  it('acknowledging two alarms at once is one transaction with one audit row each', async ({
    t,
    prepared: { s1 },
  }) => {
    const mine = await t.call<AlarmPage>('/api/alarm/read', { acknowledged: false }, s1);
    const ids = mine.result.data.map((a) => a.id);
    expect(ids).toHaveLength(2);
    const ack = await t.call<{ id: number; acknowledged: boolean; ackRemark: string }[]>(
      '/api/alarm/acknowledge',
      ids.map((id) => ({ id, remark: 'site visit' })),
      s1,
    );
    expect(ack.code).toBe(0);
    expect(ack.result.every((a) => a.acknowledged && a.ackRemark === 'site visit')).toBe(true);
    const audit = await t.database.db
      .select()
      .from(auditLogs)
      .where(sql`title = 'Alarm' and action = 'Acknowledge'`);
    expect(audit).toHaveLength(2);
    const open = await t.call<AlarmPage>('/api/alarm/read', { acknowledged: false }, s1);
    expect(open.result.total).toBe(0);
    const rose = await t.call<{ yData: number[] }>('/api/dashboard/readLineChart', { type: 7, days: 1 }, s1);
    expect(rose.result.yData).toEqual([0, 0, 0, 0]);
  });
});

describe('alarms follow their condition', () => {
  it('are raised at the reading day, not the collection time, and clear when a newer reading shows the end', async ({
    t,
    admin,
    prepared: { fleet },
  }) => {
    // A meter of its own: the other tests acknowledge the fixture's alarms.
    const meter = secondMeterIn(fleet, 'S1');
    type Row = { kind: string; raisedDate: string; acknowledged: boolean };
    const read = async () => {
      const page = await t.call<{ data: Row[] }>(
        '/api/alarm/read',
        { pageSize: 50, meterId: meter.meterId },
        admin,
      );
      expect(page.code, page.reason).toBe(0);
      return page.result.data;
    };
    await storeDailyRows(t, [abnormal(meter, '2026-11-01', { relayOpen: true, remain1: 10 })]);
    const raised = (await read()).filter((a) => !a.acknowledged);
    // Raised by the reading of 2026-11-01, collected on 2026-11-22.
    expect(raised.map((a) => [a.kind, a.raisedDate.slice(0, 10)]).sort()).toEqual([
      ['lowCredit', '2026-11-01'],
      ['relay', '2026-11-01'],
    ]);
    await raiseOffline(t, meter);
    await storeDailyRows(t, [abnormal(meter, '2026-11-10', { terminalCoverOpen: true })]);
    const open = (await read()).filter((a) => !a.acknowledged).map((a) => a.kind);
    // The relay closed, the credit came back and the meter was heard: all three end; tamper waits for a person.
    expect(open).toEqual(['tamper']);
  });

  it('an offline alarm closes when the head-end hears the meter again', async ({
    t,
    admin,
    prepared: { fleet },
  }) => {
    const meter = secondMeterIn(fleet, 'S2');
    await raiseOffline(t, meter);
    const quiet = { debug() {}, info() {}, warn() {}, error() {} };
    const state = new LinkState(() => t.clock.now().getTime());
    const writer = createStateWriter(t.database.db, state, quiet, { intervalMs: 3_600_000 });
    state.meterSeen(meter.meterId, 'gprs');
    await writer.close();
    const page = await t.call<{ data: { kind: string; acknowledged: boolean; ackId: string | null }[] }>(
      '/api/alarm/read',
      { meterId: meter.meterId, kind: 'offline' },
      admin,
    );
    expect(page.result.data.map((a) => [a.acknowledged, a.ackId])).toEqual([[true, 'system']]);
  });
});
