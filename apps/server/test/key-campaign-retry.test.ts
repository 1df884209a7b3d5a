import type { Fleet } from '@prepay/simulator';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HeadEndService } from '../src/headend/head-end.js';
import { modelOf } from './fleet-fixture.js';
import { queryRows, type TestApp } from './harness.js';
import { until } from './headend-fixture.js';
import { campaignAppWithHeadend, fleet1993, meters1993, startCampaign } from './key-campaign-fixture.js';
import { iain } from './masterdata-fixtures.js';

/**
 * A campaign meter whose delivery fails (the meter rejects its key change tokens) has them sent again when
 * the sweep finds the tasks failed and the meter reachable: under the same task ids, never as new tasks or
 * new tokens; once the meter takes them it is accepted.
 */
const meterId = iain(0, '4780');
const WRONG_KEY = '0123456789ABCDEF';

let t: TestApp;
let headend: HeadEndService;
let fleet: Fleet;
let stopBroker = async () => {};
let admin: string;
beforeAll(async () => {
  const built = await campaignAppWithHeadend(200);
  ({ t, headend, admin } = built);
  stopBroker = () => built.broker.stop();
  await meters1993(t, [meterId]);
  await headend.refreshMeters();
  fleet = await fleet1993(headend, [meterId]);
}, 120_000);
afterAll(async () => {
  await fleet?.stop();
  await t.close();
  await stopBroker();
});

type Row = { state: string; task_ids: number[] | null };
const rowOf = async (campaignId: number) =>
  (
    await queryRows<Row>(
      t.database,
      sql`select state, task_ids from key_campaign_meters where campaign_id = ${campaignId} and meter_id = ${meterId}`,
    )
  )[0];
const tasksOf = (campaignId: number) =>
  queryRows<{ id: number; status: number; outcomes: string[] }>(
    t.database,
    sql`select k.id, k.status, coalesce((select jsonb_agg(a.outcome order by a.id) from remote_task_attempts a
          where a.task_id = k.id), '[]'::jsonb) as outcomes
        from remote_tasks k where k.meter_id = ${meterId} and k.remark = ${`Key campaign ${campaignId}`}
        order by k.id`,
  );

describe('a key campaign delivery that fails', () => {
  it('is retried on the same task ids once the meter is reachable, and the meter is then accepted', async () => {
    // The meter holds a key the server does not: it rejects the tokens made under the key on record.
    const model = modelOf(fleet, meterId);
    const right = model.security.key.decoderKey;
    model.security = { ...model.security, key: { ...model.security.key, decoderKey: WRONG_KEY } };

    const { campaignId } = await startCampaign(t, admin, 'Retry', { meterIds: [meterId] });
    const failed = await until(
      'the first delivery to fail',
      async () => {
        const tasks = await tasksOf(campaignId);
        return tasks.length === 2 && tasks.every((k) => k.status === 2) ? tasks : undefined;
      },
      120_000,
    );
    const ids = failed.map((k) => k.id);
    expect((await rowOf(campaignId))?.task_ids).toEqual(ids);

    // The meter gets its key back: the next resend of the same tasks is accepted.
    model.security = { ...model.security, key: { ...model.security.key, decoderKey: right } };
    await until('the meter accepted', async () => (await rowOf(campaignId))?.state === 'accepted', 120_000);

    const after = await tasksOf(campaignId);
    expect(after.map((k) => k.id)).toEqual(ids);
    expect((await rowOf(campaignId))?.task_ids).toEqual(ids);
    for (const k of after) {
      expect(k.status, String(k.id)).toBe(1);
      // Rejected first, then sent again under its own id and taken.
      expect(k.outcomes[0], String(k.id)).toBe('meter-error');
      expect(k.outcomes.at(-1), String(k.id)).toBe('success');
    }
    const [records] = await queryRows<{ n: number }>(
      t.database,
      sql`select count(*)::int as n from token_records where kind = 'changeKey' and meter_id = ${meterId}`,
    );
    expect(records?.n).toBe(1);
    expect(modelOf(fleet, meterId).security.key.krn).toBe(2);
  }, 300_000);
});
