import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { auditLogs, meterHourlyData, meters } from '../src/db/schema.js';
import { alarmsOfDlmsEvents } from '../src/modules/ami/index.js';
import { raiseAlarms } from '../src/modules/meter-data/index.js';
import { conformsToOriginal as conforms } from './dlms-sim-fixture.js';
import { userWithRole } from './harness.js';
import { clearReportData, type FixtureMeter, reportTest, storeDailyRows } from './report-fixture.js';

/** The original's load-profile, event-notification and GPRS online-status reads over what the system stores. */
type Page<R> = { total: number; data: R[] };

type LoadRow = { meterId: string; stationId: string; currentDate: string; data: string; headline: string };
type EventRow = { meterId: string; eventCode: number; eventContent: string; stationId: string };
type OnlineRow = { meterId: string; isOnline: boolean; stationId: string; statusUpdateDate: string };

const reading = (m: FixtureMeter, day: string) => ({
  meterId: m.meterId,
  currentDate: day,
  stationId: m.stationId,
  usage1: 52,
  total1: 12345,
  total2: 10,
  remain1: 800,
  intervalDemand: 2500,
  voltageA: 2301,
  voltageB: 2295,
  voltageC: 2310,
  currentA: 4250,
  currentB: 4100,
  currentC: 3990,
  power: 978,
  relayOpen: false,
  terminalCoverOpen: true,
  status: true,
});

const it = reportTest(async ({ t, fleet }) => {
  await clearReportData(t);
  const [a, b] = [fleet.find((m) => m.stationId === 'S1'), fleet.find((m) => m.stationId === 'S2')];
  if (!a || !b) throw new Error('the fixture has no meter in S1 or S2');
  await storeDailyRows(t, [reading(a, '2026-11-01'), reading(b, '2026-11-01')]);
  await t.database.db.insert(meterHourlyData).values({
    meterId: a.meterId,
    stationId: a.stationId,
    readingTime: new Date(2026, 10, 1, 13),
    total1: 12400,
    remain1: 790,
    usage1: 7,
  });
  await t.database.db.update(meters).set({ communicationWay: 0 }).where(eq(meters.meterId, a.meterId));
  await t.database.db.update(meters).set({ communicationWay: 0 }).where(eq(meters.meterId, b.meterId));
  const s1 = await userWithRole(t, {
    userId: 'ami1',
    content: 'AutomaticMeterReading.DailyDataMeter,AutomaticMeterReading.Alarm,Management.Meter',
    stationId: 'S1',
  });
  return { a, b, s1 };
});

describe('load profile reads', () => {
  it('answer the interval rows as headline and data columns, in the request language, station-scoped', async ({
    t,
    admin,
    prepared: { a, s1 },
  }) => {
    const daily = await t.call<Page<LoadRow>>('/API/LoadProfile/DailyData', { lang: 'en' }, s1);
    expect(daily.result.data).toHaveLength(1);
    conforms('ReadLoadProfileDailyData', daily);
    expect(daily.result.data[0]).toMatchObject({
      meterId: a.meterId,
      stationId: 'S1',
      currentDate: '2026-11-01 00:00:00',
      headline:
        'Active energy (kWh),Active energy rate 2 (kWh),Remaining credit (kWh),Consumption (kWh),Maximum demand (kW)',
      data: '1234.5,1,80,5.2,2.5',
    });
    const all = await t.call<Page<LoadRow>>('/API/LoadProfile/DailyData', { lang: 'en' }, admin);
    expect(all.result.total).toBe(2);

    const three = await t.call<Page<LoadRow>>(
      '/API/LoadProfile/InstantaneousValueCurve',
      { lang: 'es', isThreePhase: 1 },
      s1,
    );
    conforms('ReadLoadProfileInstantaneousValue', three);
    expect(three.result.data[0]?.headline.split(',')[0]).toBe('Tensión L1 (V)');
    expect(three.result.data[0]?.data).toBe('230.1,229.5,231,4.25,4.1,3.99,0.978');
    const single = await t.call<Page<LoadRow>>(
      '/API/LoadProfile/InstantaneousValueCurve',
      { lang: 'zh' },
      s1,
    );
    expect(single.result.data[0]?.headline).toBe('A相电压 (V),A相电流 (A),有功功率 (kW)');

    const curve = await t.call<Page<LoadRow>>('/API/LoadProfile/ElectricEnergyCurve', { lang: 'en' }, s1);
    conforms('ReadLoadProfile', curve);
    expect(curve.result.data.map((r) => [r.currentDate, r.data])).toEqual([
      ['2026-11-01 13:00:00', '1240,79,0.7'],
    ]);
    const monthly = await t.call<Page<LoadRow>>('/API/LoadProfile/MonthlyData', { lang: 'en' }, s1);
    conforms('ReadLoadProfileMonthlyData', monthly);
  });

  it('refuse a read without lang', async ({ t, prepared: { s1 } }) => {
    const res = await t.call('/API/LoadProfile/DailyData', {}, s1);
    expect(res.code).not.toBe(0);
  });
});

describe('event notifications', () => {
  it('read the alarms the meters raised by event code, and DLMS event-log entries raise them', async ({
    t,
    admin,
    prepared: { a, b, s1 },
  }) => {
    const mine = await t.call<Page<EventRow>>('/API/EventNotification/Read', { lang: 'en' }, s1);
    expect(mine.result.data.map((e) => [e.meterId, e.eventCode, e.eventContent])).toEqual([
      [a.meterId, 40, 'Terminal cover opened'],
    ]);
    await raiseAlarms(
      t.database.db,
      alarmsOfDlmsEvents(b, [
        { at: new Date(2026, 10, 2, 8), code: 1 },
        { at: new Date(2026, 10, 2, 9), code: 2 },
        { at: new Date(2026, 10, 2, 10), code: 47 },
      ]),
    );
    const relay = await t.call<Page<EventRow>>(
      '/API/EventNotification/Read',
      { lang: 'zh', eventCode: 47 },
      admin,
    );
    conforms('ReadEventNotification', relay);
    expect(relay.result.data.map((e) => [e.meterId, e.eventCode, e.eventContent])).toEqual([
      [b.meterId, 47, '继电器断开'],
    ]);
    const power = await t.call<Page<EventRow>>(
      '/API/EventNotification/Read',
      { lang: 'en', eventCode: 1 },
      admin,
    );
    expect(power.result.data.map((e) => e.meterId)).toEqual([b.meterId]);
    const notMine = await t.call<Page<EventRow>>(
      '/API/EventNotification/Read',
      { lang: 'en', eventCode: 47 },
      s1,
    );
    expect(notMine.result.total).toBe(0);
  });
});

describe('GPRS online status', () => {
  it('reads, views and updates (audited) the online state of GPRS meters, within the station', async ({
    t,
    prepared: { a, b, s1 },
  }) => {
    const before = await t.call<Page<OnlineRow>>('/API/GPRSOnlineStatus/Read', {}, s1);
    conforms('ReadGPRSOnlineStatus', before);
    expect(before.result.data.map((r) => [r.meterId, r.isOnline])).toEqual([[a.meterId, false]]);
    const updated = await t.call<OnlineRow[]>(
      '/API/GPRSOnlineStatus/Update',
      [{ meterId: a.meterId, isOnline: true }],
      s1,
    );
    expect(updated.result.map((r) => [r.meterId, r.isOnline])).toEqual([[a.meterId, true]]);
    const online = await t.call<Page<OnlineRow>>('/API/GPRSOnlineStatus/Read', { isOnline: true }, s1);
    expect(online.result.total).toBe(1);
    const view = await t.call<OnlineRow[]>('/API/GPRSOnlineStatus/View', { meterId: a.meterId }, s1);
    conforms('ViewGPRSOnlineStatus', view);
    expect(view.result.map((r) => r.isOnline)).toEqual([true]);
    const audit = await t.database.db.select().from(auditLogs).where(eq(auditLogs.title, 'GPRSOnlineStatus'));
    expect(audit).toHaveLength(1);

    const other = await t.call('/API/GPRSOnlineStatus/Update', [{ meterId: b.meterId, isOnline: true }], s1);
    expect(other.reason).toBe(`Meter ${b.meterId} not found`);
    const hidden = await t.call<OnlineRow[]>('/API/GPRSOnlineStatus/View', { meterId: b.meterId }, s1);
    expect(hidden.result).toEqual([]);
  });
});
