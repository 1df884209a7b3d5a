import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { waterDailyData, waterMonthlyData } from '../src/db/schema.js';
import { collectionFleetForSuite, sweepUntil as sweepWith } from './fleet-fixture.js';
import { iain } from './masterdata-fixtures.js';

/**
 * Water meters collected end to end: the real scheduler, task service, runner and head-end (GPRS over
 * TCP, LoRaWAN over a real mosquitto broker) read the simulated water meters, and their answers become
 * Interval Data (Water) rows — compared with the simulated meters' own registers.
 */
const DAYS = ['2026-11-22', '2026-11-23', '2026-11-24'];
const pair = {
  gatewayId: 'E4-38-19-FF-FE-00-00-41',
  gatewayName: 'Wells',
  gprs: iain(41, '4740'),
  lora: iain(42, '4740'),
  devEui: '70b3d5e75e000042',
  balance: 3000,
  type: 1,
};
const { gprs: GPRS, lora: LORA } = pair;

const suite = collectionFleetForSuite(pair);
const sweepUntil = (what: string, done: () => Promise<boolean>) =>
  sweepWith(what, () => suite.t.app.collection.tick(), done);
const daily = (meterId: string) =>
  suite.t.database.db.select().from(waterDailyData).where(eq(waterDailyData.meterId, meterId));

/** Every day's total is its frozen register; yesterday's row also carries the meter's state now. */
function expectRowsEqualRegisters(
  meterId: string,
  rows: (typeof waterDailyData.$inferSelect)[],
  state: { valveError: boolean; batteryPercentage: number },
) {
  expect(rows.map((r) => r.currentDate).sort()).toEqual(DAYS);
  for (const day of DAYS) {
    const row = rows.find((r) => r.currentDate === day);
    expect(suite.frozenTenths(meterId, day), `${meterId} froze ${day}`).toBeDefined();
    expect(row?.total, `${meterId} ${day}`).toBe(suite.frozenTenths(meterId, day));
    expect(row?.source).toBe('collected');
  }
  const m = suite.model(meterId);
  expect(rows.find((r) => r.currentDate === '2026-11-24')).toMatchObject({
    totalRecharge: Math.floor(m.purchasedHundredths / 10),
    remain: Math.floor(m.balanceAt(suite.clock.now()) / 10),
    valveStatus: !m.relayOpen,
    valveError: state.valveError,
    batteryPercentage: state.batteryPercentage,
  });
  // Older days: the meter keeps only their registers.
  expect(rows.find((r) => r.currentDate === '2026-11-22')).toMatchObject({
    remain: null,
    valveStatus: null,
    batteryPercentage: null,
  });
}

describe('water meter collection through the simulated fleet', () => {
  it('after midnight stores Interval Data (Water) rows equal to the registers; an offline meter is collected when back', async () => {
    // The GPRS meter: a purchase on its keypad, a low battery (3.30 V) and a valve that jams open when
    // the utility shuts it; the LoRaWAN meter's only gateway is down over midnight.
    suite.model(GPRS).addCredit(suite.clock.now(), 125);
    suite.model(GPRS).batteryCentivolts = 330;
    suite.fleet.fault(GPRS, { kind: 'relay-stuck' });
    suite.model(GPRS).trip(suite.clock.now(), '00000001');
    await suite.loraOfflineOverMidnight(sweepUntil);
    expectRowsEqualRegisters(GPRS, await daily(GPRS), { valveError: true, batteryPercentage: 50 });
    expect((await daily(GPRS)).find((r) => r.currentDate === '2026-11-24')?.totalRecharge).toBe(125);
    // A water meter keeps no hourly record: only its three days were planned.
    expect((await suite.jobsOf(GPRS)).map((j) => [j.kind, j.status])).toEqual(
      DAYS.map(() => ['daily', 'done']),
    );
    expect(await daily(LORA)).toEqual([]);
    expect((await suite.jobsOf(LORA)).map((j) => j.reason?.slice(0, 7))).toEqual([
      'offline',
      'offline',
      'offline',
    ]);

    await suite.loraBack(sweepUntil, async () => (await daily(LORA)).length === 3);
    expectRowsEqualRegisters(LORA, await daily(LORA), { valveError: false, batteryPercentage: 100 });
    expect((await daily(LORA)).find((r) => r.currentDate === '2026-11-24')?.valveStatus).toBe(true);

    // The rows are what Interval Data (Water) shows, in m³.
    const admin = await suite.t.adminToken();
    const res = await suite.t.call<{
      total: number;
      data: { meterId: string; total: number; remain: number }[];
    }>(
      '/api/DailyData/read',
      { lang: 'en', meterId: GPRS, currentDateRange: ['2026-11-24 00:00:00', '2026-11-24 23:59:59'] },
      admin,
    );
    expect(res.result.total).toBe(1);
    expect(res.result.data[0]?.total).toBe((suite.frozenTenths(GPRS, '2026-11-24') ?? 0) / 10);
  }, 120_000);

  it('on the settlement day (the 1st) stores the Monthly Data (Water) row equal to the settlement register', async () => {
    const monthly = (meterId: string) =>
      suite.t.database.db.select().from(waterMonthlyData).where(eq(waterMonthlyData.meterId, meterId));
    for (const { row, frozenAt, tenths } of await suite.settleDecember(sweepUntil, monthly)) {
      expect(frozenAt).toBe('2026-12-01T00:00:00.000Z');
      expect(row?.currentDate).toBe('2026-12-01');
      expect(row?.total).toBe(tenths);
    }
  }, 120_000);
});
