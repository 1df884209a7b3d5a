import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stations } from '../src/db/schema.js';
import { keyCampaignMeters } from '../src/db/schema-campaigns.js';
import { campaignWorkerOf } from '../src/modules/key-campaign/index.js';
import { keyStoreOf } from '../src/modules/keystore/key-store.repo.js';
import { appWithAdmin, type TestApp, userWithRole } from './harness.js';
import { meterIdsOf, startCampaign } from './key-campaign-fixture.js';
import { DECODER_KEY, vendableMeter } from './vending-fixture.js';
import { sheetRows } from './workbook.js';

const NEXT_VENDING_KEY = 'CDCDCDCDCDCDCDCD';
const EXPORT = '/api/keyCampaign/export';
const TOKEN = /^\d{4} \d{4} \d{4} \d{4} \d{4}$/;
const ids = meterIdsOf('4730');

let t: TestApp;
let admin: string;
beforeAll(async () => {
  ({ t, admin } = await appWithAdmin());
  const store = await keyStoreOf(t.app.deps);
  await store.putVendingKey({
    sgc: '123456',
    krn: 2,
    dkga: '02',
    baseYear: 2014,
    key: NEXT_VENDING_KEY,
  } as never);
  await t.database.db.insert(stations).values({ stationId: '0002', name: 'East' }).onConflictDoNothing();
  for (const meterId of ids(0, 4)) await vendableMeter(t, { meterId });
  for (const meterId of ids(10, 2)) await vendableMeter(t, { meterId, stationId: '0002' });
});
afterAll(() => t.close());

/** Starts a campaign over `meterIds` as `token` and lets the worker issue every meter's tokens. */
async function campaign(token: string, meterIds: string[]) {
  const { campaignId } = await startCampaign(t, token, `List of ${meterIds.length}`, { meterIds });
  await campaignWorkerOf(t.app.deps).wake();
  return campaignId;
}

/** What the head-end and the worker would have written: one meter delivered, one failed with its reason. */
async function setState(campaignId: number, meterId: string, state: string, error: string | null = null) {
  await t.database.db
    .update(keyCampaignMeters)
    .set({ state, error })
    .where(and(eq(keyCampaignMeters.campaignId, campaignId), eq(keyCampaignMeters.meterId, meterId)));
}

describe('key campaign export', () => {
  it("lists every meter's state and error, with tokens only for meters to reach by hand, and is audited", async () => {
    const list = ids(0, 4);
    const id = await campaign(admin, list);
    await setState(id, list[1] as string, 'delivered');
    await setState(id, list[2] as string, 'failed', 'The meter did not answer');
    const res = await t.post(EXPORT, { campaignId: id }, admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const [header, ...rows] = await sheetRows(res.rawPayload);
    expect(header?.slice(0, 4)).toEqual(['Meter Id', 'State', 'Key change token 1', 'Key change token 2']);
    expect(header?.at(-1)).toBe('Error');
    expect(rows.map((r) => [r[0], r[1]])).toEqual([
      [list[0], 'Issued'],
      [list[1], 'Delivered'],
      [list[2], 'Failed'],
      [list[3], 'Issued'],
    ]);
    // Issued and failed meters carry their two tokens for a letter; the delivered one has none to print.
    for (const r of [rows[0], rows[2], rows[3]]) {
      expect(r?.[2]).toMatch(TOKEN);
      expect(r?.[3]).toMatch(TOKEN);
    }
    expect(rows[1]?.slice(2, 6).filter(Boolean)).toEqual([]);
    expect(rows[2]?.at(-1)).toBe('The meter did not answer');
    // Tokens are for the customer; no vending or decoder key is anywhere in the file.
    const text = Buffer.from(res.rawPayload).toString('latin1') + JSON.stringify(rows);
    for (const key of [NEXT_VENDING_KEY, DECODER_KEY]) expect(text).not.toContain(key);
    const audit = (await t.auditRows()).at(-1);
    expect(audit).toMatchObject({ title: 'Key Change Campaign', action: 'Export' });
    expect(audit?.content).toContain(`Campaign ${id}`);
  });

  it('exports one state in the asked language', async () => {
    const list = ids(0, 2);
    const id = await campaign(admin, list);
    await setState(id, list[0] as string, 'failed', 'No answer');
    const res = await t.post(EXPORT, { campaignId: id, state: 'failed', lang: 'zh' }, admin);
    const [header, ...rows] = await sheetRows(res.rawPayload);
    expect(header?.slice(0, 2)).toEqual(['表号', '状态']);
    expect(rows.map((r) => [r[0], r[1]])).toEqual([[list[0], '失败']]);
  });

  it('needs its own right: a one-meter key change right is not enough', async () => {
    const id = await campaign(admin, ids(0, 1));
    const keyChanger = await userWithRole(t, { userId: 'keychanger', content: 'Token.ChangeMeterKeyToken' });
    const before = (await t.auditRows()).length;
    expect((await t.post(EXPORT, { campaignId: id }, keyChanger)).statusCode).toBe(403);
    expect((await t.call('/api/keyCampaign/progress', {}, keyChanger)).status).toBe(403);
    expect((await t.auditRows()).length).toBe(before);
  });

  it("is station-scoped: a station sees its own campaigns' meters only, and not the system's campaigns", async () => {
    const adminCampaign = await campaign(admin, [...ids(0, 1), ...ids(10, 1)]);
    const east = await userWithRole(t, {
      userId: 'eastcampaign',
      content: 'Setting.KeyCampaign',
      stationId: '0002',
    });
    const refused = await t.call(EXPORT, { campaignId: adminCampaign }, east);
    expect(refused.code).not.toBe(0);
    expect(refused.reason).toBe(`Key campaign ${adminCampaign} not found`);
    // A campaign started at the station takes that station's meters only, whatever the list names.
    const own = await campaign(east, [...ids(0, 2), ...ids(10, 2)]);
    const [, ...rows] = await sheetRows((await t.post(EXPORT, { campaignId: own }, east)).rawPayload);
    expect(rows.map((r) => r[0])).toEqual(ids(10, 2));
  });

  it('refuses a bad body with a 400 and an unknown campaign with its reason', async () => {
    expect((await t.post(EXPORT, { campaignId: 'x' }, admin)).statusCode).toBe(400);
    expect((await t.post(EXPORT, { campaignId: 1, state: 'lost' }, admin)).statusCode).toBe(400);
    expect((await t.post(EXPORT, { campaignId: 1, extra: 1 }, admin)).statusCode).toBe(400);
    const missing = await t.call(EXPORT, { campaignId: 999_999 }, admin);
    expect(missing.reason).toBe('Key campaign 999999 not found');
    const [n] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(keyCampaignMeters);
    expect(Number(n?.n)).toBeGreaterThan(0);
  });
});
