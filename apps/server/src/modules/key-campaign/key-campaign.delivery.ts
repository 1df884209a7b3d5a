import { TaskStatus } from '@prepay/contracts';
import type { Deps } from '../../deps.js';
import { writeAudit } from '../../kernel/audit.js';
import type { UserContext } from '../../lib/user-context.js';
import { keyStoreOf } from '../keystore/index.js';
import {
  createRemoteTaskService,
  loadTasks,
  type RemoteTaskService,
  runnerOptions,
  type TaskRecord,
} from '../remote-task/index.js';
import { acceptMeter, acceptMeters } from './key-campaign.accept.js';
import {
  type CampaignRow,
  claimSends,
  type DeliveryRow,
  findCampaign,
  markDelivered,
  openForDelivery,
  setTaskIds,
  setTaskIdsMany,
  settleClaim,
  tasksMadeFor,
} from './key-campaign.repo.js';
import { campaignContext } from './key-campaign.worker.js';
import { perDeps } from './per-deps.js';

/** Meters looked at per sweep; the next sweep takes the rest. */
const SWEEP_LIMIT = 5_000;
/** The meter's answer to its last key change token when it has installed the new key. */
const KEY_TAKEN = new Set(['accepted', 'already accepted']);

type Key = { campaignId: number; meterId: string };
type Verdict = 'unsent' | 'claimed' | 'waiting' | 'done' | 'taken' | 'failed' | 'letter';

/** A claim to send older than this was left by a process that died while sending. */
const CLAIM_STALE_MS = 30_000;

/** Where a meter's token tasks stand: still to send, running, all ended well (and key taken), or failed. */
function verdictOf(r: DeliveryRow, byId: Map<number, TaskRecord>): Verdict {
  if (!r.taskIds) return 'unsent';
  if (r.taskIds.length === 0) return r.error === null ? 'claimed' : 'letter';
  const tasks = r.taskIds.map((id) => byId.get(id));
  if (tasks.some((t) => !t || t.status === TaskStatus.standBy || t.status === TaskStatus.running)) {
    return 'waiting';
  }
  if (tasks.some((t) => t?.status !== TaskStatus.success)) return 'failed';
  return KEY_TAKEN.has(tasks[tasks.length - 1]?.reason ?? '') ? 'taken' : 'done';
}

/** The remark on a campaign's records and tasks. */
const remarkOf = (campaignId: number) => `Key campaign ${campaignId}`;

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

interface Sweep {
  deps: Deps;
  tasks: RemoteTaskService;
  campaigns: Map<number, CampaignRow>;
}

async function contextOf(s: Sweep, campaignId: number): Promise<UserContext | undefined> {
  let c = s.campaigns.get(campaignId);
  if (!c) {
    c = await findCampaign(s.deps.database.db, campaignId);
    if (c) s.campaigns.set(campaignId, c);
  }
  return c && campaignContext(c);
}

/** One meter's key change tokens as token tasks, in order (claimed already); a refusal leaves its letter. */
async function sendOne(s: Sweep, ctx: UserContext, r: DeliveryRow, now: Date) {
  const { db } = s.deps.database;
  const remark = remarkOf(r.campaignId);
  try {
    const lines = (r.tokens ?? []).map((data) => ({ meterId: r.meterId, flag: 'A120', data, remark }));
    const created = await s.tasks.create(ctx, 'token', lines);
    const taskIds = created.map((t) => t.id).sort((a, b) => a - b);
    await setTaskIds(db, r, { taskIds, updateDate: now });
  } catch (err) {
    await setTaskIds(db, r, { taskIds: [], error: messageOf(err), updateDate: now });
  }
}

/** Meters whose tokens go out in one token-task request (one insert, one audit row). */
const SEND_BATCH = 250;

/**
 * Claims the meters' sends (of two processes sweeping at once only one gets a meter back), creates their
 * tasks in one request and records each meter's task ids together. A refused request (one meter cannot
 * take token tasks) is made again meter by meter, so only the meter that cannot keeps its letter.
 */
async function sendBatch(s: Sweep, campaignId: number, rows: DeliveryRow[]) {
  const { db } = s.deps.database;
  const ctx = await contextOf(s, campaignId);
  const now = s.deps.clock.now();
  if (!ctx) return;
  const claimed = new Set(
    await claimSends(
      db,
      campaignId,
      rows.map((r) => r.meterId),
      now,
    ),
  );
  const mine = rows.filter((r) => claimed.has(r.meterId));
  if (mine.length === 0) return;
  const remark = remarkOf(campaignId);
  const lines = mine.flatMap((r) =>
    (r.tokens ?? []).map((data) => ({ meterId: r.meterId, flag: 'A120', data, remark })),
  );
  let created: TaskRecord[];
  try {
    created = await s.tasks.create(ctx, 'token', lines);
  } catch {
    for (const r of mine) await sendOne(s, ctx, r, now);
    return;
  }
  const ids = new Map<string, number[]>();
  for (const t of created) ids.set(t.meterId, [...(ids.get(t.meterId) ?? []), t.id]);
  const taskIds = mine.map((r) => ({
    meterId: r.meterId,
    taskIds: (ids.get(r.meterId) ?? []).sort((a, b) => a - b),
  }));
  await setTaskIdsMany(db, campaignId, taskIds, now);
}

/** The tokens of the unsent meters the head-end reaches, per campaign in batches. */
async function sendAll(s: Sweep, rows: DeliveryRow[]) {
  const byCampaign = new Map<number, DeliveryRow[]>();
  for (const r of rows) byCampaign.set(r.campaignId, [...(byCampaign.get(r.campaignId) ?? []), r]);
  for (const [campaignId, list] of byCampaign) {
    for (let at = 0; at < list.length; at += SEND_BATCH) {
      await sendBatch(s, campaignId, list.slice(at, at + SEND_BATCH));
    }
  }
}

/** A claim its process never completed: the tasks it made are linked, or the meter is sent again. */
async function settle(s: Sweep, r: DeliveryRow) {
  const claimedAt = r.updateDate;
  if (!claimedAt || s.deps.clock.now().getTime() - claimedAt.getTime() < CLAIM_STALE_MS) return;
  const made = await tasksMadeFor(s.deps.database.db, r.meterId, remarkOf(r.campaignId));
  await settleClaim(s.deps.database.db, r, claimedAt, made.length > 0 ? made : null);
}

/**
 * A task tried this often is left failed: a meter that took its key but whose answer was lost rejects
 * the old key's tokens for ever; the operator confirms it (read back, customer call) instead.
 */
const MAX_ATTEMPTS = 6;

/** The failed tasks again, under their own ids: the same tokens, never new ones. */
async function resend(s: Sweep, r: DeliveryRow, byId: Map<number, TaskRecord>) {
  const ctx = await contextOf(s, r.campaignId);
  const failed = (r.taskIds ?? []).filter((id) => byId.get(id)?.status === TaskStatus.failure);
  if (failed.some((id) => (byId.get(id)?.attempts ?? 0) >= MAX_ATTEMPTS)) return;
  if (ctx && failed.length > 0) await s.tasks.resend(ctx, 'token', failed);
}

/**
 * Attempts whose answer was lost after the token went out: the server stopped mid-attempt, or the meter's
 * answer did not come in time (a loaded link or head-end); the meter may have taken the token either way.
 */
const LOST = new Set(['interrupted', 'no-reply']);

/**
 * Whether the meter took its last key change token although no answer said so: the server stopped while
 * that token was with the meter, or the answer did not come in time (the attempt's answer was lost), and
 * every later attempt the meter rejected while it had taken the earlier tokens. A meter holding the first half of a key change accepts
 * the second; the only meter that rejects it is one that already installed the new key, under which a token
 * encrypted with the old one no longer decodes. Sending it again would never change that answer.
 */
async function tookLastUnanswered(s: Sweep, r: DeliveryRow, byId: Map<number, TaskRecord>) {
  const ids = r.taskIds ?? [];
  const last = ids[ids.length - 1];
  const ctx = await contextOf(s, r.campaignId);
  if (last === undefined || !ctx || byId.get(last)?.status !== TaskStatus.failure) return false;
  if (ids.slice(0, -1).some((id) => byId.get(id)?.status !== TaskStatus.success)) return false;
  const attempts = await s.tasks.attempts(ctx.user, last);
  const lost = attempts.findIndex((a) => LOST.has(a.outcome ?? ''));
  const later = attempts.slice(lost + 1).filter((a) => a.outcome === 'meter-error');
  return lost >= 0 && later.length > 0 && later.every((a) => a.value === 'rejected');
}

const LOST_ANSWER =
  'the answer to the last key change token was lost, and the meter now rejects that token: it holds the new key';

/** The meters whose tasks all ended well become `delivered`: one audit row per campaign and sweep. */
async function deliver(s: Sweep, keys: Key[]) {
  const byCampaign = new Map<number, Key[]>();
  for (const k of keys) byCampaign.set(k.campaignId, [...(byCampaign.get(k.campaignId) ?? []), k]);
  for (const [campaignId, list] of byCampaign) {
    const ctx = await contextOf(s, campaignId);
    if (!ctx) continue;
    await s.deps.database.db.transaction(async (tx) => {
      const now = s.deps.clock.now();
      const moved = await markDelivered(
        tx,
        campaignId,
        list.map((k) => k.meterId),
        now,
      );
      if (moved.length === 0) return;
      const meters = moved.map((m) => m.meterId);
      await writeAudit(tx, ctx.actor, {
        title: 'Key Change Campaign',
        action: 'Deliver',
        after: { campaignId, meters },
      });
    });
  }
}

/** The meter answered that it installed the new key: it becomes the meter's key on our side too. */
async function accept(s: Sweep, key: Key, basis: string) {
  const ctx = await contextOf(s, key.campaignId);
  if (!ctx) return;
  const store = await keyStoreOf(s.deps);
  await s.deps.database.db.transaction((tx) => acceptMeter(s.deps, tx, store, ctx, key, basis));
}

/** Meters accepted per transaction. */
const ACCEPT_BATCH = 100;
const TAKEN = 'the meter accepted its last key change token';

/**
 * The meters that answered they took their new key, accepted per campaign in batches (acceptMeters); a
 * batch that cannot be (a meter accepted meanwhile, a database error) is left to the meter-by-meter step.
 * Answers the meters accepted here.
 */
async function acceptAll(s: Sweep, rows: DeliveryRow[]): Promise<Set<DeliveryRow>> {
  const done = new Set<DeliveryRow>();
  const byCampaign = new Map<number, DeliveryRow[]>();
  for (const r of rows) byCampaign.set(r.campaignId, [...(byCampaign.get(r.campaignId) ?? []), r]);
  const store = await keyStoreOf(s.deps);
  for (const [campaignId, list] of byCampaign) {
    const ctx = await contextOf(s, campaignId);
    if (!ctx) continue;
    for (let at = 0; at < list.length; at += ACCEPT_BATCH) {
      const part = list.slice(at, at + ACCEPT_BATCH);
      const meterIds = part.map((r) => r.meterId);
      try {
        await s.deps.database.db.transaction((tx) =>
          acceptMeters(s.deps, tx, store, ctx, { campaignId, meterIds, basis: TAKEN }),
        );
        for (const r of part) done.add(r);
      } catch {
        // Each meter of the batch takes its own step below, and keeps its own answer.
      }
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  return done;
}

const reachable = (deps: Deps, meterId: string) => deps.headend?.linkState(meterId).online === true;

/** One meter's next step; a refusal is kept on the meter's row and the sweep goes on. */
async function step(s: Sweep, r: DeliveryRow, v: Verdict, byId: Map<number, TaskRecord>) {
  const online = reachable(s.deps, r.meterId);
  try {
    if (v === 'claimed') await settle(s, r);
    if (v === 'failed' && (await tookLastUnanswered(s, r, byId))) await accept(s, r, LOST_ANSWER);
    else if (v === 'failed' && online) await resend(s, r, byId);
    if (v === 'taken') await accept(s, r, TAKEN);
  } catch (err) {
    await setTaskIds(s.deps.database.db, r, {
      taskIds: r.taskIds ?? [],
      error: messageOf(err),
      updateDate: s.deps.clock.now(),
    });
  }
}

/**
 * One pass over the issued and delivered meters: sends the tokens of those the head-end reaches, follows
 * their tasks, resends failed ones when the meter is back, and accepts meters that took their new key.
 * Meters out of reach stay `issued` (their tokens go by letter or wait for the meter to come back).
 */
async function sweepOnce(s: Sweep) {
  const rows = await openForDelivery(s.deps.database.db, SWEEP_LIMIT);
  const taskIds = rows.flatMap((r) => r.taskIds ?? []);
  const byId = new Map(
    (taskIds.length ? await loadTasks(s.deps.database.db, taskIds) : []).map((t) => [t.id, t]),
  );
  const verdicts = rows.map((r) => ({ r, v: verdictOf(r, byId) }));
  await deliver(
    s,
    verdicts.filter(({ r, v }) => r.state === 'issued' && (v === 'done' || v === 'taken')).map(({ r }) => r),
  );
  await sendAll(
    s,
    verdicts.filter(({ r, v }) => v === 'unsent' && reachable(s.deps, r.meterId)).map(({ r }) => r),
  );
  const accepted = await acceptAll(
    s,
    verdicts.filter(({ v }) => v === 'taken').map(({ r }) => r),
  );
  for (const { r, v } of verdicts) {
    if (v === 'unsent' || v === 'waiting' || accepted.has(r)) continue;
    await step(s, r, v, byId);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

export interface CampaignDelivery {
  /** One pass (queued behind a pass already running in this process). */
  sweep(): Promise<void>;
  /** Sweeps every `everyMs` until stopped. */
  start(everyMs: number, onError: (err: unknown) => void): void;
  stop(): Promise<void>;
}

function createDelivery(deps: Deps): CampaignDelivery {
  const tasks = createRemoteTaskService(deps, {
    retries: runnerOptions(process.env).retries,
    onQueued: () => {},
  });
  let chain: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  /**
   * A timer tick while a timed pass runs adds none: a pass slower than the interval (thousands of open
   * meters on a loaded machine) would otherwise queue passes without end, and closing would wait for them all.
   */
  let timedPass = false;
  const sweep = () => {
    const s: Sweep = { deps, tasks, campaigns: new Map() };
    chain = chain.catch(() => undefined).then(() => sweepOnce(s));
    return chain;
  };
  return {
    sweep,
    start(everyMs, onError) {
      timer ??= setInterval(() => {
        if (timedPass) return;
        timedPass = true;
        void sweep()
          .catch(onError)
          .finally(() => {
            timedPass = false;
          });
      }, everyMs);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await chain.catch(() => undefined);
    },
  };
}

/** The app's one delivery (per deps): its state is the campaign rows and their tasks. */
export const campaignDeliveryOf: (deps: Deps) => CampaignDelivery = perDeps(createDelivery);
