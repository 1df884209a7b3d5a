import type { CampaignProgress } from '@prepay/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it, onTestFinished } from 'vitest';
import type { z } from 'zod';
import { buildApp } from '../src/app.js';
import type { Database } from '../src/db/client.js';
import { manualClock } from '../src/lib/clock.js';
import { bootstrap } from '../src/seed/bootstrap.js';
import { modelOf } from './fleet-fixture.js';
import { queryRows, type TestApp } from './harness.js';
import { until } from './headend-fixture.js';
import { meters1993, startFleet1993 } from './key-campaign-fixture.js';
import { iain } from './masterdata-fixtures.js';
import { createStorage, fieldServerEnv, type RunningServer, serverForTest } from './server-process.js';
import { testConfig } from './test-config.js';

/**
 * A key change campaign through the simulated fleet whose server process is killed (SIGKILL) while meters
 * are being issued and delivered: a new process on the same database finishes it, and no meter's key change
 * tokens are issued twice (one token record and one set of token tasks per meter).
 */
const PASSWORD = 'Campaign#Kill-Pass-1';
const METERS = 150;
const ids = Array.from({ length: METERS }, (_, i) => iain(i, '4770'));
/** Meters that dial in only after the kill: whatever the machine's pace, the first process cannot finish. */
const LATE = ids.slice(0, METERS / 3);
const EARLY = ids.slice(METERS / 3);

type Progress = z.infer<typeof CampaignProgress>;
const LOST_ANSWER =
  'the answer to the last key change token was lost, and the meter now rejects that token: it holds the new key';

/** Admin, the revision 2 vending key and the meters on base date 1993, written before any server starts. */
async function seed(storage: Awaited<ReturnType<typeof createStorage>>) {
  const database = await storage.open();
  const config = testConfig({ adminPassword: PASSWORD, dataDir: storage.dir });
  await bootstrap(database.db, config);
  const app = await buildApp({ config, database, clock: manualClock(), logger: false });
  await meters1993({ app, database } as unknown as TestApp, ids);
  await app.close();
  await database.close();
}

const progressOf = async (server: RunningServer, token: string, campaignId: number) => {
  const res = await server.post<Progress[]>('/api/keyCampaign/progress', {}, token);
  expect(res.code, res.reason).toBe(0);
  const p = res.result.find((c) => c.campaignId === campaignId);
  if (!p) throw new Error(`campaign ${campaignId} not in the progress list`);
  return p;
};

/** Per meter: its key change records and tokens, and the token tasks that carried them. */
const perMeter = (database: Database, campaignId: number) =>
  queryRows<{ meter_id: string; records: number; tokens: string[]; tasks: string[]; successes: number }>(
    database,
    sql`select r.meter_id, count(distinct r.receipt_id)::int as records, max(r.tokens::text)::jsonb as tokens,
          (select coalesce(jsonb_agg(k.request order by k.id), '[]'::jsonb) from remote_tasks k
            where k.meter_id = r.meter_id and k.remark = r.remark) as tasks,
          (select count(*)::int from remote_task_attempts a join remote_tasks k on k.id = a.task_id
            where k.meter_id = r.meter_id and k.remark = r.remark and a.outcome = 'success') as successes
        from token_records r where r.kind = 'changeKey' and r.remark = ${`Key campaign ${campaignId}`}
        group by r.meter_id, r.remark order by r.meter_id`,
  );

describe('a key campaign whose server is killed', () => {
  it('SIGKILL mid-campaign, resumed by a new process: every meter accepts, none issued twice', async () => {
    const storage = await createStorage('prepay_campaign_kill');
    onTestFinished(() => storage.remove());
    await seed(storage);
    // The meters redial within half a second (their back-off); give them a little more after the restart.
    const env = await fieldServerEnv(storage, {
      KEY_CAMPAIGN_SWEEP_MS: '200',
      REMOTE_TASK_BACKOFF_MS: '100',
      REMOTE_TASK_WARMUP_MS: '2000',
    });
    const first = await serverForTest(env);
    const early = await startFleet1993(Number(env.HEADEND_PORT), EARLY);
    onTestFinished(() => early.stop());

    const token = await first.login('admin', PASSWORD);
    const start = await first.post<Progress>(
      '/api/keyCampaign/create',
      { name: 'Killed', selection: { baseYear: 1993 }, target: { krn: 2, baseYear: 2014 } },
      token,
    );
    expect(start.code, start.reason).toBe(0);
    expect(start.result.total).toBe(METERS);
    const { campaignId } = start.result;
    // Killed once a few meters hold the new key, as the meters themselves say (they live in this process):
    // batched acceptance can trail the tokens by a whole fleet on a fast machine. A third of the fleet is
    // still off the air, so the campaign is unfinished at the kill on any machine.
    const holdingNewKey = (fleet: typeof early, of: string[]) =>
      of.filter((id) => modelOf(fleet, id).security.key.krn === 2).length;
    const before = await until('a few meters holding the new key', async () =>
      holdingNewKey(early, EARLY) >= 3 ? progressOf(first, token, campaignId) : undefined,
    );
    await first.kill();
    expect(before.accepted).toBeLessThanOrEqual(EARLY.length);

    const second = await serverForTest(env);
    const late = await startFleet1993(Number(env.HEADEND_PORT), LATE);
    onTestFinished(() => late.stop());
    const again = await second.login('admin', PASSWORD);
    let last: Progress | undefined;
    const after = await until(
      'every meter accepted after the restart',
      async () => {
        last = await progressOf(second, again, campaignId);
        return last.accepted + last.failed === METERS ? last : undefined;
      },
      Number(process.env.KILL_WAIT_MS ?? 600_000),
    ).catch(async (err) => {
      await second.stop();
      const d = await storage.open();
      console.log(JSON.stringify({ before, last }), second.output());
      console.log(
        JSON.stringify(
          await queryRows(
            d,
            sql`select k.*, (select jsonb_agg(jsonb_build_object('t', t.id, 's', t.status, 'r', t.reason, 'a', (select jsonb_agg(jsonb_build_object('o', a.outcome, 'v', a.value, 'run', a.runner)) from remote_task_attempts a where a.task_id = t.id))) from remote_tasks t where t.meter_id = k.meter_id) as tasks from key_campaign_meters k where state <> 'accepted'`,
          ),
          null,
          1,
        ),
      );
      await d.close();
      throw err;
    });
    expect(after).toMatchObject({ total: METERS, accepted: METERS, failed: 0 });
    expect(await second.stop()).toBe(0);

    const database = await storage.open();
    try {
      // One record of two tokens per meter, carried by exactly two token tasks holding those tokens, each
      // answered 'accepted' at most once.
      const rows = await perMeter(database, campaignId);
      expect(rows.map((r) => r.meter_id)).toEqual([...ids].sort());
      for (const r of rows) {
        expect(r.records, r.meter_id).toBe(1);
        expect(r.tokens, r.meter_id).toHaveLength(2);
        expect(r.tasks, r.meter_id).toEqual(r.tokens);
        expect(r.successes, r.meter_id).toBeLessThanOrEqual(2);
      }
      const twice = await queryRows<{ id: number }>(
        database,
        sql`select a.task_id as id from remote_task_attempts a join remote_tasks k on k.id = a.task_id
            where k.remark = ${`Key campaign ${campaignId}`} and a.outcome = 'success'
            group by a.task_id having count(*) > 1`,
      );
      expect(twice).toEqual([]);
      // A meter whose answer to its last token died with the first process, and which then rejected that
      // token, was accepted on that ground (it had installed the new key); every other one on its answer.
      const lostAnswer = rows.filter((r) => r.successes < 2).length;
      const confirms = await queryRows<{ content: string | null; n: number }>(
        database,
        sql`select content, count(*)::int as n from audit_logs
            where title = 'Key Change Campaign' and action = 'Confirm' group by content`,
      );
      expect(Object.fromEntries(confirms.map((c) => [c.content, c.n]))).toEqual({
        'the meter accepted its last key change token': METERS - lostAnswer,
        ...(lostAnswer ? { [LOST_ANSWER]: lostAnswer } : {}),
      });
      // Both processes delivered tokens: the kill landed mid-campaign.
      const runners = await queryRows<{ pid: string }>(
        database,
        sql`select distinct split_part(a.runner, ':', 2) as pid from remote_task_attempts a
            join remote_tasks k on k.id = a.task_id where k.remark = ${`Key campaign ${campaignId}`}`,
      );
      expect(runners.map((r) => r.pid).sort()).toEqual(
        [String(first.child.pid), String(second.child.pid)].sort(),
      );
    } finally {
      await database.close();
    }
    expect(holdingNewKey(early, EARLY) + holdingNewKey(late, LATE)).toBe(METERS);
  }, 900_000);
});
