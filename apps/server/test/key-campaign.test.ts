import { decodeToken } from '@prepay/sts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meters, stations } from '../src/db/schema.js';
import { campaignWorkerOf } from '../src/modules/key-campaign/index.js';
import { keyStoreOf } from '../src/modules/keystore/key-store.repo.js';
import { putRevision2 } from './campaign-keys.js';
import { appWithAdmin, queryRows, type TestApp } from './harness.js';
import { anotherInstance, type CampaignProgress, meterIdsOf, startCampaign } from './key-campaign-fixture.js';
import { creditVend, DECODER_KEY, vendableMeter } from './vending-fixture.js';

const digits = (token: string) => token.replace(/ /g, '');
const ids = meterIdsOf('4720');

let t: TestApp;
let admin: string;
beforeAll(async () => {
  ({ t, admin } = await appWithAdmin());
  await putRevision2(t.app);
  for (const meterId of ids(0, 24)) await vendableMeter(t, { meterId });
  await t.database.db.insert(stations).values({ stationId: '0002', name: 'East' }).onConflictDoNothing();
  for (const meterId of ids(100, 6)) await vendableMeter(t, { meterId, stationId: '0002' });
  // Selector variety: a few meters on another tariff index and on base date 1993.
  await t.database.db
    .update(meters)
    .set({ ti: 7 })
    .where(sql`${meters.meterId} in ${ids(0, 3)}`);
  await t.database.db
    .update(meters)
    .set({ baseYear: 1993 })
    .where(sql`${meters.meterId} in ${ids(3, 5)}`);
});
afterAll(() => t.close());

const changeKeyRecords = (meterId: string) =>
  queryRows<{ n: number }>(
    t.database,
    sql`select count(*)::int as n from token_records where kind = 'changeKey' and meter_id = ${meterId}`,
  );

describe('key campaign preview', () => {
  it('counts the meters each selector takes', async () => {
    const cases: [Record<string, unknown>, number][] = [
      [{ sgc: '123456' }, 30],
      [{ krn: 1 }, 30],
      [{ krn: 2 }, 0],
      [{ ti: 7 }, 3],
      [{ baseYear: 1993 }, 5],
      [{ stationId: '0002' }, 6],
      [{ meterIds: [...ids(0, 2), 'NOSUCHMETER'] }, 2],
      [{ stationId: '0002', meterIds: ids(0, 2) }, 0],
    ];
    for (const [selection, n] of cases) {
      const res = await t.call<{ meters: number }>('/api/keyCampaign/preview', selection, admin);
      expect(res.code, JSON.stringify(selection)).toBe(0);
      expect(res.result.meters, JSON.stringify(selection)).toBe(n);
    }
  });

  it('refuses an empty selection and a target outside STS', async () => {
    expect((await t.call('/api/keyCampaign/preview', {}, admin)).status).toBe(400);
    const bad = await t.call(
      '/api/keyCampaign/create',
      { name: 'x', selection: { krn: 1 }, target: { krn: 2, baseYear: 2000 } },
      admin,
    );
    expect(bad.status).toBe(400);
  });
});

describe('a key campaign', () => {
  it('issues each meter once, survives a restart, and a vend after acceptance decodes under the new key', async () => {
    const start = await startCampaign(t, admin, 'Revision 2', { stationId: '0001' });
    expect(start.total).toBe(24);
    // The first process stops wherever it is; a second on the same database resumes the campaign.
    await campaignWorkerOf(t.app.deps).stop();
    const second = await anotherInstance(t);
    await campaignWorkerOf(second.deps).wake();
    await second.close();

    const [p] = (await t.call<CampaignProgress[]>('/api/keyCampaign/progress', {}, admin)).result;
    expect(p).toMatchObject({
      campaignId: start.campaignId,
      total: 24,
      pending: 0,
      issued: 24,
      failed: 0,
    });
    for (const meterId of ids(0, 24)) expect((await changeKeyRecords(meterId))[0]?.n, meterId).toBe(1);

    const meterId = ids(10, 1)[0] as string;
    const [rec] = await queryRows<{ tokens: string[] }>(
      t.database,
      sql`select tokens from token_records where kind = 'changeKey' and meter_id = ${meterId}`,
    );
    for (const tk of rec?.tokens ?? []) {
      expect(decodeToken(digits(tk), DECODER_KEY)).toMatchObject({ tokenClass: 2, crcOk: true });
    }
    // Until the meter accepts, its vends stay under the key it holds.
    const before = await creditVend(t, { meterId, amount: '1000' }, admin);
    expect(decodeToken(digits(before.result.token), DECODER_KEY).crcOk).toBe(true);

    const acc = await t.call('/api/keyCampaign/confirm', { campaignId: start.campaignId, meterId }, admin);
    expect(acc.code, acc.reason).toBe(0);
    const again = await t.call('/api/keyCampaign/confirm', { campaignId: start.campaignId, meterId }, admin);
    expect(again.code).not.toBe(0);
    expect(again.reason).toMatch(/has no key change tokens to accept/);
    const [m] = await t.database.db.select().from(meters).where(eq(meters.meterId, meterId));
    expect(m).toMatchObject({ krn: 2, baseYear: 2014, krnNew: null });
    const keys = await (await keyStoreOf(t.app.deps)).allDecoderKeys();
    const newKey = keys.find((k) => k.meterId === meterId)?.decoderKey as string;
    expect(newKey).not.toBe(DECODER_KEY);
    const after = await creditVend(t, { meterId, amount: '1000' }, admin);
    expect(decodeToken(digits(after.result.token), newKey)).toMatchObject({ tokenClass: 0, crcOk: true });
    // The meters still to reach, with their tokens, for print or a customer letter.
    const letters = await t.call<{ meterId: string; state: string; tokens: string[] }[]>(
      '/api/keyCampaign/meters',
      { campaignId: start.campaignId, state: 'issued' },
      admin,
    );
    expect(letters.result.map((r) => r.meterId)).toEqual(ids(0, 24).filter((id) => id !== meterId));
    for (const r of letters.result) expect(r.tokens.length).toBe(2);
    const [p2] = (await t.call<CampaignProgress[]>('/api/keyCampaign/progress', {}, admin)).result;
    expect(p2).toMatchObject({ issued: 23, accepted: 1 });
  });

  it('two app instances working one campaign at once issue each meter once', async () => {
    const start = await startCampaign(t, admin, 'East', { stationId: '0002' });
    // The first instance's worker was stopped above; two more on the same database drain the campaign together.
    const [a, b] = await Promise.all([anotherInstance(t), anotherInstance(t)]);
    await Promise.all([campaignWorkerOf(a.deps).wake(), campaignWorkerOf(b.deps).wake()]);
    await Promise.all([a.close(), b.close()]);
    const rows = await queryRows<{ meter_id: string; n: number }>(
      t.database,
      sql`select meter_id, count(*)::int as n from token_records
          where kind = 'changeKey' and remark = ${`Key campaign ${start.campaignId}`} group by meter_id`,
    );
    expect(rows.map((r) => [r.meter_id, r.n]).sort()).toEqual(ids(100, 6).map((id) => [id, 1]));
  });
});
