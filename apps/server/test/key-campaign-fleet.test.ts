import type { Fleet } from '@prepay/simulator';
import { decodeToken, deriveWithVendingKey, encodeCredit, meterPanFromIain, tidFromDate } from '@prepay/sts';
import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meters } from '../src/db/schema.js';
import type { HeadEndService } from '../src/headend/head-end.js';
import { campaignWorkerOf } from '../src/modules/key-campaign/index.js';
import { REVISION_2 } from './campaign-keys.js';
import { modelOf } from './fleet-fixture.js';
import { queryRows, type TestApp } from './harness.js';
import { until } from './headend-fixture.js';
import { campaignAppWithHeadend, fleet1993, meters1993, startCampaign } from './key-campaign-fixture.js';
import { iain } from './masterdata-fixtures.js';
import { METER_STS } from './test-config.js';
import { creditVend, DECODER_KEY } from './vending-fixture.js';

/**
 * A key change campaign through the simulated fleet: meters on base date 1993 and key revision 1 are
 * moved to 2014 and revision 2 by remote token tasks; meters offline during the campaign are completed
 * when they dial in again.
 */
// 2,000 meters, 5 % of them offline while the campaign runs (KEY_CAMPAIGN_FLEET_METERS sets another count).
const METERS = Number(process.env.KEY_CAMPAIGN_FLEET_METERS) || 2_000;
const OFFLINE = Math.ceil(METERS / 20);
const ONLINE = METERS - OFFLINE;
/** Generous: the test asserts no time, and a loaded machine takes several times a quiet one's. */
const TEST_MS = 900_000;
const online = Array.from({ length: ONLINE }, (_, i) => iain(i, '4750'));
const offline = Array.from({ length: OFFLINE }, (_, i) => iain(i, '4751'));
const all = [...online, ...offline];
const digits = (token: string) => token.replace(/ /g, '');
/** The meter's decoder key under revision 2, derived here from the vending key (DKGA02). */
const revision2KeyOf = (meterId: string) =>
  deriveWithVendingKey(REVISION_2 as never, {
    ...REVISION_2,
    meterPAN: meterPanFromIain(meterId),
    kt: METER_STS.kt,
    ti: METER_STS.ti,
  });

let t: TestApp;
let headend: HeadEndService;
const fleets: Fleet[] = [];
let stopBroker = async () => {};
let admin: string;
beforeAll(async () => {
  const built = await campaignAppWithHeadend(500);
  ({ t, headend, admin } = built);
  stopBroker = () => built.broker.stop();
  await meters1993(t, all);
  await headend.refreshMeters();
  fleets.push(await fleet1993(headend, online));
}, 600_000);
afterAll(async () => {
  for (const f of fleets) await f.stop();
  await t.close();
  await stopBroker();
});

/** Until `done` holds: the delivery's timer sweeps meanwhile (a few thousand meters' tasks take minutes). */
const sweepUntil = (what: string, done: () => Promise<boolean>) => until(what, done, TEST_MS);
const rowsOf = (campaignId: number) =>
  queryRows<{ meter_id: string; state: string; task_ids: number[] | null }>(
    t.database,
    sql`select meter_id, state, task_ids from key_campaign_meters where campaign_id = ${campaignId}`,
  );
const inState = async (campaignId: number, state: string) =>
  (await rowsOf(campaignId)).filter((r) => r.state === state).map((r) => r.meter_id);

/** A token delivered by a remote token task: what the simulated meter answered. */
async function deliverToken(meterId: string, token: string) {
  const res = await t.call<{ id: number }[]>(
    '/API/RemoteMeterTask/CreateTokenTask',
    [{ meterId, flag: 'A120', data: token }],
    admin,
  );
  expect(res.code, res.reason).toBe(0);
  const id = res.result[0]?.id ?? 0;
  return until('the token task to end', async () => {
    const [row] = await queryRows<{ status: number; reason: string }>(
      t.database,
      sql`select status, reason from remote_tasks where id = ${id}`,
    );
    return row && (row.status === 1 || row.status === 2) ? row : undefined;
  });
}

describe('a key campaign through the simulated fleet', () => {
  it(
    'moves online meters 1993 → 2014 and revision 1 → 2, the offline ones when they return',
    async () => {
      const start = await startCampaign(t, admin, '1993 to 2014', { baseYear: 1993 });
      expect(start.total).toBe(ONLINE + OFFLINE);
      const { campaignId } = start;
      await campaignWorkerOf(t.app.deps).wake();

      // Issued, not yet accepted (an offline meter: the delivery's timer is taking the online ones through
      // already): a vend still uses the key the meter holds (base date 1993, whose TIDs ran out in November
      // 2024), so it is refused rather than encrypted under the key the meter lacks.
      const vendMeter = online[0] as string;
      const before = await creditVend(t, { meterId: offline[0] as string, amount: '1000' }, admin);
      expect(before.code).not.toBe(0);
      expect(before.reason).toMatch(/past the last TID of base date 1993/);

      await sweepUntil('the reachable meters to accept', async () => {
        const accepted = await inState(campaignId, 'accepted');
        return accepted.length === online.length;
      });
      // Out of reach: issued, nothing sent.
      for (const r of (await rowsOf(campaignId)).filter((x) => offline.includes(x.meter_id))) {
        expect(r).toMatchObject({ state: 'issued', task_ids: null });
      }

      // The offline meters dial in: their tokens go out and they accept.
      fleets.push(await fleet1993(headend, offline));
      await sweepUntil(
        'every meter to accept',
        async () => (await inState(campaignId, 'accepted')).length === all.length,
      );

      const perMeter = await queryRows<{ meter_id: string; records: number; tasks: number }>(
        t.database,
        sql`select r.meter_id, count(distinct r.receipt_id)::int as records,
            (select count(*)::int from remote_tasks k where k.meter_id = r.meter_id and k.remark = r.remark) as tasks
          from token_records r where r.kind = 'changeKey' and r.remark = ${`Key campaign ${campaignId}`}
          group by r.meter_id, r.remark order by r.meter_id`,
      );
      expect(perMeter).toEqual([...all].sort().map((meter_id) => ({ meter_id, records: 1, tasks: 2 })));
      // Exactly two token tasks a meter: none sent twice, none for a meter outside the campaign.
      const [tasks] = await queryRows<{ n: number }>(
        t.database,
        sql`select count(*)::int as n from remote_tasks where remark = ${`Key campaign ${campaignId}`}`,
      );
      expect(tasks?.n).toBe(2 * all.length);
      const rows = await t.database.db.select().from(meters).where(inArray(meters.meterId, all));
      expect(rows.every((m) => m.krn === 2 && m.baseYear === 2014 && m.krnNew === null)).toBe(true);
      for (const id of all) {
        const f = id.startsWith('4751') ? fleets[1] : fleets[0];
        expect(modelOf(f as Fleet, id).security.key.krn, id).toBe(2);
      }

      // After acceptance a vend encrypts under the new key (revision 2, base date 2014): it decodes under the
      // decoder key derived from revision 2's vending key, its TID counts minutes from 2014, and the meter
      // accepts it; a token made under the old key is refused by the meter.
      for (const meterId of [vendMeter, online[ONLINE - 1] as string, offline[0] as string]) {
        const after = await creditVend(t, { meterId, amount: '1000' }, admin);
        expect(after.code, after.reason).toBe(0);
        const token = digits(after.result.token);
        expect(decodeToken(token, DECODER_KEY).crcOk).toBe(false);
        const newKey = revision2KeyOf(meterId);
        const f = (meterId.startsWith('4751') ? fleets[1] : fleets[0]) as Fleet;
        expect(modelOf(f, meterId).security.key.decoderKey).toBe(newKey);
        const decoded = decodeToken(token, newKey);
        expect(decoded).toMatchObject({ crcOk: true, tokenClass: 0, subclass: 0 });
        expect(decoded.tid).toBe(tidFromDate(t.clock.now(), 2014));
        expect(await deliverToken(meterId, after.result.token)).toMatchObject({
          status: 1,
          reason: 'accepted',
        });
        t.clock.advanceMinutes(1);
        const underOldKey = encodeCredit({
          decoderKey: DECODER_KEY,
          tid: tidFromDate(t.clock.now(), 2014),
          subclass: 0,
          amountUnits: 100,
        });
        expect(await deliverToken(meterId, underOldKey)).toMatchObject({
          status: 2,
          reason: 'token rejected',
        });
      }
      const audit = await queryRows<{ action: string; n: number }>(
        t.database,
        sql`select action, count(*)::int as n from audit_logs where title = 'Key Change Campaign' group by action`,
      );
      expect(Object.fromEntries(audit.map((a) => [a.action, a.n]))).toMatchObject({
        Create: 1,
        Confirm: all.length,
      });
      // One 'Generate' and one 'Confirm' of each meter's key change, as a one-meter key change writes them.
      const keyChanges = await queryRows<{ action: string; n: number }>(
        t.database,
        sql`select action, count(*)::int as n from audit_logs where title = 'Change Meter Key Token' group by action`,
      );
      expect(Object.fromEntries(keyChanges.map((a) => [a.action, a.n]))).toEqual({
        Generate: all.length,
        Confirm: all.length,
      });
    },
    TEST_MS,
  );
});
