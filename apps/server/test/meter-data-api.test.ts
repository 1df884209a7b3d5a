import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLogs } from '../src/db/schema.js';
import { type NewDailyRow, saveHourlyRows } from '../src/modules/meter-data/meter-data-write.repo.js';
import { seedDemoHistory } from '../src/seed/demo-history.js';
import { queryRows, type TestApp, userWithRole } from './harness.js';
import { clearReportData, type FixtureMeter, reportAppForSuite, storeDailyRows } from './report-fixture.js';
import { sheetRows } from './workbook.js';

let t: TestApp;
let fleet: FixtureMeter[];
let admin: string;
let stationUser: string;
let noKeys: string;

const row = (m: FixtureMeter, day: string, extra: Partial<NewDailyRow> = {}): NewDailyRow => ({
  meterId: m.meterId,
  currentDate: day,
  stationId: m.stationId,
  gatewayId: 'GW1',
  usage1: 52,
  total1: 12_345,
  remain1: 800,
  voltageA: 2301,
  currentA: 4567,
  power: 1500,
  relayOpen: false,
  terminalCoverOpen: false,
  status: false,
  ...extra,
});

reportAppForSuite(async (app) => {
  ({ t, fleet, admin } = app);
  stationUser = await userWithRole(t, {
    userId: 'amr2',
    content:
      'AutomaticMeterReading.DailyDataMeter,AutomaticMeterReading.Alarm,PrepayReport.LowPurchaseSituation',
    stationId: 'S2',
  });
  noKeys = await userWithRole(t, { userId: 'nokeys', content: 'Management.Meter', stationId: 'S1' });
});

describe('Interval Data endpoints', () => {
  beforeAll(async () => {
    await clearReportData(t);
    const days = ['2026-10-30', '2026-10-31', '2026-11-01'];
    await storeDailyRows(
      t,
      fleet.flatMap((m) => days.map((d) => row(m, d))),
    );
  });

  it('reads rows in wire units, filtered by meter, date range and flag, scoped to the station', async () => {
    const m = fleet[0] as FixtureMeter;
    const res = await t.call<{ total: number; data: Record<string, unknown>[] }>(
      '/api/DailyDataMeter/read',
      { lang: 'en', meterId: m.meterId, currentDateRange: ['2026-10-31 00:00:00', '2026-11-01 23:59:59'] },
      admin,
    );
    expect(res.code).toBe(0);
    expect(res.result.total).toBe(2);
    expect(res.result.data[0]).toMatchObject({
      currentDate: '2026-11-01 00:00:00',
      meterId: m.meterId,
      customerId: m.customerId,
      usage1: '5.2',
      total1: 1234.5,
      remain1: 80,
      voltageA: 230.1,
      currentA: 4.567,
      power: 1.5,
      stationId: m.stationId,
      gatewayId: 'GW1',
    });
    const exact = await t.call<{ total: number }>(
      '/api/DailyDataMeter/read',
      { lang: 'en', total1: 1234.5, voltageA: 230.1 },
      admin,
    );
    expect(exact.result.total).toBe(18);
    const mine = await t.call<{ total: number; data: { stationId: string }[] }>(
      '/api/DailyDataMeter/read',
      { lang: 'en', pageSize: 100 },
      stationUser,
    );
    expect(mine.result.total).toBe(9);
    expect(new Set(mine.result.data.map((r) => r.stationId))).toEqual(new Set(['S2']));
  });

  it('refuses a missing lang, an unknown sort field and a role without the key', async () => {
    expect((await t.post('/api/DailyDataMeter/read', {}, admin)).statusCode).toBe(400);
    expect(
      (await t.post('/api/DailyDataMeter/read', { lang: 'en', orderBy: 'secret asc' }, admin)).statusCode,
    ).toBe(400);
    expect((await t.post('/api/DailyDataMeter/read', { lang: 'en' }, noKeys)).statusCode).toBe(403);
    expect((await t.post('/API/PrepayReport/LowPurchaseSituation', { lang: 'en' }, noKeys)).statusCode).toBe(
      403,
    );
    expect((await t.post('/api/alarm/read', {}, noKeys)).statusCode).toBe(403);
  });

  it('a re-collected day replaces its row and the consumption summary follows exactly', async () => {
    const m = fleet[0] as FixtureMeter;
    const before = await t.call<{ data: { consumption: number }[] }>(
      '/API/PrepayReport/ConsumptionStatistics',
      { lang: 'en', dateRange: ['2026-10-31 00:00:00', '2026-10-31 23:59:59'], stationId: 'S1' },
      admin,
    );
    // Every S1 meter was read that day: the figure says how many meters it stands on.
    const read = fleet.filter((x) => x.stationId === 'S1').length;
    expect(before.result.data).toEqual([
      { currentDate: '2026-10-31 00:00:00', consumption: 15.6, meters: read },
    ]);
    await storeDailyRows(t, [row(m, '2026-10-31', { usage1: 100 })]);
    const after = await t.call<{ data: { consumption: number }[] }>(
      '/API/PrepayReport/ConsumptionStatistics',
      { lang: 'en', dateRange: ['2026-10-31 00:00:00', '2026-10-31 23:59:59'], stationId: 'S1' },
      admin,
    );
    expect(after.result.data).toEqual([
      { currentDate: '2026-10-31 00:00:00', consumption: 20.4, meters: read },
    ]);
  });

  it('exports the whole filtered result (not the page) as .xlsx', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/DailyDataMeter/export',
      payload: JSON.stringify({ lang: 'en', pageSize: 5, stationId: 'S1' }),
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
    });
    expect(res.statusCode).toBe(200);
    const rows = await sheetRows(res.rawPayload);
    // Titles as the console shows them (English here: the body's lang).
    expect(rows[0]).toContain('Meter Id');
    expect(rows.length - 1).toBe(9);
    const audit = await t.database.db
      .select()
      .from(auditLogs)
      .where(sql`action = 'Export' and title = 'Interval Data'`);
    expect(audit).toHaveLength(1);
  });
});

describe('hourly readings', () => {
  beforeAll(async () => {
    const m = fleet[3] as FixtureMeter;
    await saveHourlyRows(
      t.database.db,
      Array.from({ length: 5 }, (_, h) => ({
        meterId: m.meterId,
        stationId: m.stationId,
        readingTime: new Date(Date.UTC(2026, 10, 21, h)),
        total1: 1000 + h * 3,
        remain1: 500 - h * 3,
        usage1: 3,
      })),
    );
  });

  it('the Hourly row action reads a meter hour by hour', async () => {
    const m = fleet[3] as FixtureMeter;
    const res = await t.call<{ total: number; data: { total1: number; usage1: string }[] }>(
      '/api/DailyDataMeter/readMore',
      { lang: 'en', meterId: m.meterId },
      admin,
    );
    expect(res.result.total).toBe(5);
    expect(res.result.data[0]).toMatchObject({ total1: 101.2, usage1: '0.3' });
  });

  it('GET readHourly answers the feed shape (no envelope) and a bad FROM is a 400 with errors', async () => {
    const m = fleet[3] as FixtureMeter;
    const ok = await t.app.inject({
      method: 'GET',
      url: `/api/DailyDataMeter/readHourly?FROM=2026-11-21T00:00:00.000Z&TO=2026-11-21T02:00:00.000Z&meterId=${m.meterId}&offset=1&pageLimit=100`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({
      total: 3,
      offset: 1,
      pageLimit: 100,
      readings: [1, 2].map((h) => ({
        timestamp: `2026-11-21T0${h}:00:00.000Z`,
        meterId: m.meterId,
        energyBalanceKwh: (500 - h * 3) / 10,
        energyConsumptionKwh: 0.3,
        energyReadingKwh: (1000 + h * 3) / 10,
        timeIntervalMinutes: 60,
        customerAccountId: 'N/A',
      })),
      errors: [],
    });
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/DailyDataMeter/readHourly?FROM=yesterday&TO=2026-11-21T02:00:00Z',
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual(['FROM is not a date-time']);
  });
});

describe('alarms', () => {
  it('a tampered or low-credit reading opens one alarm per kind; acknowledging closes it, audited', async () => {
    await clearReportData(t);
    const m = fleet[4] as FixtureMeter;
    await storeDailyRows(t, [
      row(m, '2026-11-01', { terminalCoverOpen: true, remain1: 20 }),
      row(m, '2026-11-02', { terminalCoverOpen: true }),
    ]);
    const list = await t.call<{ total: number; data: { id: number; kind: string; acknowledged: boolean }[] }>(
      '/api/alarm/read',
      { acknowledged: false, orderBy: 'kind asc' },
      stationUser,
    );
    expect(list.result.data.map((a) => a.kind)).toEqual(['lowCredit', 'tamper']);
    const pie = await t.call<{ xData: string[]; yData: number[] }>(
      '/api/dashboard/readLineChart',
      { type: 7, days: 1 },
      stationUser,
    );
    expect(pie.result).toEqual({ xData: ['Tamper', 'Relay', 'Low Credit', 'Offline'], yData: [1, 0, 1, 0] });
    const tamper = list.result.data.find((a) => a.kind === 'tamper');
    const ack = await t.call<{ acknowledged: boolean; ackId: string }[]>(
      '/api/alarm/acknowledge',
      [{ id: tamper?.id, remark: 'cover closed on site' }],
      stationUser,
    );
    expect(ack.result[0]).toMatchObject({ acknowledged: true, ackId: 'amr2' });
    const again = await t.call('/api/alarm/acknowledge', [{ id: tamper?.id }], stationUser);
    expect(again.code).not.toBe(0);
    const audit = await t.database.db.select().from(auditLogs).where(sql`title = 'Alarm'`);
    expect(audit).toHaveLength(1);
    // The next tampered reading opens a new alarm.
    await storeDailyRows(t, [row(m, '2026-11-03', { coverOpen: true })]);
    const open = await t.call<{ total: number }>(
      '/api/alarm/read',
      { acknowledged: false, kind: 'tamper' },
      stationUser,
    );
    expect(open.result.total).toBe(1);
  });
});

describe('demo history', () => {
  it('seeds a year once, and its summaries equal the raw rows', async () => {
    await clearReportData(t);
    const first = await seedDemoHistory(t.database.db, t.clock.now());
    expect(first?.daily).toBeGreaterThan(365);
    expect(first?.vends).toBeGreaterThan(0);
    expect(await seedDemoHistory(t.database.db, t.clock.now())).toBeNull();
    const [check] = await queryRows<Record<string, string>>(
      t.database,
      sql`select
        (select coalesce(sum(usage), 0)::text from consumption_daily) as summary_usage,
        (select coalesce(sum(usage1), 0)::text from meter_daily_data) as raw_usage,
        (select coalesce(sum(paid_minor), 0)::text from purchase_hourly) as summary_paid,
        (select coalesce(sum(total_paid_minor), 0)::text from token_records where kind = 'credit' and status = 0) as raw_paid`,
    );
    expect(check?.summary_usage).toBe(check?.raw_usage);
    expect(check?.summary_paid).toBe(check?.raw_paid);
    // The purchase ledger the seed's vends filled equals one rebuilt from the token records.
    const ledger = () =>
      queryRows<Record<string, string>>(
        t.database,
        sql`select meter_id, folded_before::text, base_paid_minor::text,
            vend_dates::text, cum_times::text, cum_units::text, cum_paid_minor::text
          from meter_purchase_ledger order by meter_id`,
      );
    const seeded = await ledger();
    expect(seeded.length).toBeGreaterThan(0);
    await t.database.db.execute(sql`select purchase_ledger_rebuild()`);
    expect(seeded).toEqual(await ledger());
    const report = await t.call<{ total: number }>(
      '/API/PrepayReport/ConsumptionStatistics',
      { lang: 'en', isDaily: false, pageSize: 100 },
      admin,
    );
    expect(report.result.total).toBeGreaterThanOrEqual(12);
  });
});
