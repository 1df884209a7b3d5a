import { describe, expect } from 'vitest';
import { meterLinks } from '../src/db/schema.js';
import { reportTest, storeDailyRows } from './report-fixture.js';

/** Interval Data names the gateway that carried each reading, also when the collector did not say. */
const it = reportTest(async () => ({}));

describe('Interval Data gateway', () => {
  it("a reading stored without a gateway takes the meter's serving gateway; a GPRS meter keeps none", async ({
    t,
    admin,
    prepared: { fleet },
  }) => {
    const [lora, gprs] = fleet;
    if (!lora || !gprs) throw new Error('the fixture has fewer than two meters');
    await t.database.db.insert(meterLinks).values([
      { meterId: lora.meterId, online: true, transport: 'lorawan', gatewayId: 'E4-38-19-FF-FE-00-00-07' },
      { meterId: gprs.meterId, online: true, transport: 'gprs', gatewayId: null },
    ]);
    const reading = (m: typeof lora) => ({
      meterId: m.meterId,
      stationId: m.stationId,
      currentDate: '2026-11-02',
      usage1: 10,
      total1: 1000,
      remain1: 800,
    });
    await storeDailyRows(t, [reading(lora), reading(gprs)]);
    const gatewayOf = async (meterId: string) => {
      const page = await t.call<{ data: { gatewayId: string | null }[] }>(
        '/api/DailyDataMeter/read',
        { lang: 'en', meterId, currentDateRange: ['2026-11-02 00:00:00', '2026-11-02 23:59:59'] },
        admin,
      );
      expect(page.code, page.reason).toBe(0);
      return page.result.data.map((r) => r.gatewayId);
    };
    expect(await gatewayOf(lora.meterId)).toEqual(['E4-38-19-FF-FE-00-00-07']);
    expect(await gatewayOf(gprs.meterId)).toEqual([null]);
  });
});
