import { kenForExpiry } from '@prepay/sts';
import { inArray } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { meters, stations } from '../src/db/schema.js';
import { campaignWorkerOf } from '../src/modules/key-campaign/index.js';
import { putRevision2, REVISION_2 } from './campaign-keys.js';
import { type ApiSuite, apiTest } from './harness.js';
import { type CampaignProgress, meterIdsOf, startCampaign } from './key-campaign-fixture.js';
import { vendableMeter } from './vending-fixture.js';

const ids = meterIdsOf('4721');
const SET_EXPIRY = '/api/keystore/vendingKey/setExpiry';
const REV2 = { sgc: REVISION_2.sgc, krn: REVISION_2.krn };

const it = apiTest(async (t) => {
  await putRevision2(t.app);
  await t.database.db.insert(stations).values({ stationId: '0003', name: 'West' }).onConflictDoNothing();
  for (const meterId of ids(0, 3)) await vendableMeter(t, { meterId });
  for (const meterId of ids(10, 2)) await vendableMeter(t, { meterId, stationId: '0003' });
});

/**
 * Gives revision 2 the expiry day, then starts a campaign onto it for one station's meters and lets the
 * worker issue all of them.
 */
async function campaignOnto(
  { t, admin }: ApiSuite,
  expiresOn: string,
  stationId: string,
): Promise<CampaignProgress> {
  const set = await t.call(SET_EXPIRY, [{ ...REV2, expiresOn }], admin);
  expect(set.code, set.reason).toBe(0);
  const start = await startCampaign(t, admin, `Revision 2, ${stationId}`, { stationId });
  await campaignWorkerOf(t.app.deps).wake();
  const all = (await t.call<CampaignProgress[]>('/api/keyCampaign/progress', {}, admin)).result;
  return all.find((p) => p.campaignId === start.campaignId) as CampaignProgress;
}

describe('a key campaign onto a key with an expiry day', () => {
  it("writes the target key's KEN into each meter's key change, not the KEN of the key it leaves", async ({
    t,
    admin,
  }) => {
    const p = await campaignOnto({ t, admin }, '2031-03-31', '0001');
    expect(p).toMatchObject({ issued: 3, failed: 0 });
    const moved = await t.database.db
      .select({ ken: meters.ken, kenNew: meters.kenNew })
      .from(meters)
      .where(inArray(meters.meterId, ids(0, 3)));
    expect(moved).toEqual(Array(3).fill({ ken: 255, kenNew: kenForExpiry('2031-03-31', 2014) }));
  });

  it('fails every meter with the reason once the target key has expired, issuing nothing', async ({
    t,
    admin,
  }) => {
    const p = await campaignOnto({ t, admin }, '2020-01-31', '0003');
    expect(p).toMatchObject({ issued: 0, failed: 2 });
    const failed = await t.call<{ meterId: string; error: string }[]>(
      '/api/keyCampaign/meters',
      { campaignId: p.campaignId, state: 'failed' },
      admin,
    );
    expect(failed.result.map((r) => r.meterId)).toEqual(ids(10, 2));
    for (const r of failed.result) {
      expect(r.error).toContain(`the vending key of SGC ${REV2.sgc} KRN 2 expired on 2020-01-31`);
    }
  });
});
