import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignWorkerOf } from '../src/modules/key-campaign/index.js';
import { putRevision2 } from './campaign-keys.js';
import { appWithAdmin, queryRows, type TestApp } from './harness.js';
import { until } from './headend-fixture.js';
import { anotherInstance, meterIdsOf, startCampaign } from './key-campaign-fixture.js';
import { vendableMeter } from './vending-fixture.js';

/**
 * A server closed while its campaign worker is issuing: the next process on the same database finishes the
 * campaign, and no meter's key change tokens are issued twice.
 */
const METERS = 120;
const ids = meterIdsOf('4740')(0, METERS);

let t: TestApp;
let admin: string;
beforeAll(async () => {
  ({ t, admin } = await appWithAdmin());
  await putRevision2(t.app);
  for (const meterId of ids) await vendableMeter(t, { meterId });
});
afterAll(() => t.close());

const states = (campaignId: number) =>
  queryRows<{ state: string; n: number }>(
    t.database,
    sql`select state, count(*)::int as n from key_campaign_meters where campaign_id = ${campaignId} group by state`,
  );
const countOf = async (campaignId: number, state: string) =>
  (await states(campaignId)).find((r) => r.state === state)?.n ?? 0;

describe('a key campaign across a restart', () => {
  it('closed while issuing, resumed by the next process: every meter issued exactly once', async () => {
    const start = await startCampaign(t, admin, 'Resume', { sgc: '123456' });
    expect(start.total).toBe(METERS);
    const { campaignId } = start;
    // The first server closes once its worker has issued some meters: the worker lets the meter in hand
    // finish and takes no more.
    await until('some meters issued', async () => (await countOf(campaignId, 'issued')) >= 3);
    await t.app.close();
    const left = await countOf(campaignId, 'pending');
    expect(left).toBeGreaterThan(0);
    expect(left).toBeLessThan(METERS);

    const second = await anotherInstance(t);
    await campaignWorkerOf(second.deps).wake();
    await second.close();

    expect(await states(campaignId)).toEqual([{ state: 'issued', n: METERS }]);
    const perMeter = await queryRows<{ meter_id: string; records: number; tokens: number }>(
      t.database,
      sql`select meter_id, count(*)::int as records, sum(jsonb_array_length(tokens))::int as tokens
          from token_records where kind = 'changeKey' and remark = ${`Key campaign ${campaignId}`}
          group by meter_id order by meter_id`,
    );
    expect(perMeter).toEqual(ids.map((meter_id) => ({ meter_id, records: 1, tokens: 2 })));
    // Each meter's row points at its one record.
    const linked = await queryRows<{ n: number }>(
      t.database,
      sql`select count(*)::int as n from key_campaign_meters k join token_records r
          on r.receipt_id = k.receipt_id and r.kind = 'changeKey' and r.meter_id = k.meter_id
          where k.campaign_id = ${campaignId}`,
    );
    expect(linked[0]?.n).toBe(METERS);
  });
});
