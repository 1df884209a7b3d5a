import { TaskStatus } from '@prepay/contracts';
import { and, asc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { meters, remoteTasks, tokenRecords } from '../../db/schema.js';
import {
  type CampaignSelection,
  type CampaignTarget,
  keyCampaignMeters,
  keyCampaigns,
} from '../../db/schema-campaigns.js';
import { stationScope } from '../../kernel/read-query.js';
import type { SessionUser } from '../../lib/user-context.js';

/** A campaign meter's key change record (joined on its receipt number). */
const changeKeyRecord = and(
  eq(tokenRecords.kind, 'changeKey'),
  eq(tokenRecords.receiptId, keyCampaignMeters.receiptId),
);

/** A campaign meter's state with the key change tokens of its record (changeKeyRecord joined). */
const meterWithTokens = {
  campaignId: keyCampaignMeters.campaignId,
  meterId: keyCampaignMeters.meterId,
  state: keyCampaignMeters.state,
  receiptId: keyCampaignMeters.receiptId,
  error: keyCampaignMeters.error,
  tokens: tokenRecords.tokens,
};

export type CampaignRow = typeof keyCampaigns.$inferSelect;
export type CampaignMeterRow = typeof keyCampaignMeters.$inferSelect;

/** The meters a selection takes, within what the user may see. */
function selectionWhere(s: CampaignSelection, user: SessionUser): SQL | undefined {
  const conds: SQL[] = [
    ...(s.sgc !== undefined ? [eq(meters.sgc, s.sgc)] : []),
    ...(s.krn !== undefined ? [eq(meters.krn, s.krn)] : []),
    ...(s.ti !== undefined ? [eq(meters.ti, s.ti)] : []),
    ...(s.baseYear !== undefined ? [eq(meters.baseYear, s.baseYear)] : []),
    ...(s.meterIds ? [inArray(meters.meterId, s.meterIds)] : []),
    ...stationScope(meters.stationId, user, s.stationId),
  ];
  return and(...conds);
}

export async function countSelected(q: Queryable, s: CampaignSelection, user: SessionUser): Promise<number> {
  const [row] = await q.select({ n: sql<number>`count(*)::int` }).from(meters).where(selectionWhere(s, user));
  return Number(row?.n ?? 0);
}

export async function selectedMeterIds(q: Queryable, s: CampaignSelection, user: SessionUser) {
  const rows = await q
    .select({ meterId: meters.meterId })
    .from(meters)
    .where(selectionWhere(s, user))
    .orderBy(asc(meters.meterId));
  return rows.map((r) => r.meterId);
}

const CHUNK = 1000;

/** The campaign and one pending row per meter, in the caller's transaction. */
export async function insertCampaign(
  q: Queryable,
  c: { name: string; stationId: string | null; selection: CampaignSelection; target: CampaignTarget },
  by: { userId: string; now: Date },
  meterIds: string[],
): Promise<CampaignRow> {
  const [row] = await q
    .insert(keyCampaigns)
    .values({ ...c, createId: by.userId, createDate: by.now })
    .returning();
  if (!row) throw new Error('the campaign insert answered no row');
  for (let i = 0; i < meterIds.length; i += CHUNK) {
    const part = meterIds.slice(i, i + CHUNK).map((meterId) => ({ campaignId: row.campaignId, meterId }));
    await q.insert(keyCampaignMeters).values(part);
  }
  return row;
}

/** Up to `limit` meters still to issue, oldest campaign first (no lock: `lockPending` decides). */
export function nextPending(q: Queryable, limit: number) {
  return q
    .select({ campaignId: keyCampaignMeters.campaignId, meterId: keyCampaignMeters.meterId })
    .from(keyCampaignMeters)
    .where(eq(keyCampaignMeters.state, 'pending'))
    .orderBy(asc(keyCampaignMeters.campaignId), asc(keyCampaignMeters.meterId))
    .limit(limit);
}

/** One campaign meter by its key. */
const keyIs = (key: { campaignId: number; meterId: string }) =>
  and(eq(keyCampaignMeters.campaignId, key.campaignId), eq(keyCampaignMeters.meterId, key.meterId));

/** `keyIs` for a batch: one campaign's meters among `meterIds`. */
const keysAre = (campaignId: number, meterIds: string[]) =>
  and(eq(keyCampaignMeters.campaignId, campaignId), inArray(keyCampaignMeters.meterId, meterIds));

/**
 * The campaign meter locked for this transaction if it is still pending: a second worker waits here
 * and then finds it issued, so a meter's tokens are issued once per campaign.
 */
export async function lockPending(q: Queryable, campaignId: number, meterId: string) {
  const [row] = await q
    .select()
    .from(keyCampaignMeters)
    .where(and(keyIs({ campaignId, meterId }), eq(keyCampaignMeters.state, 'pending')))
    .for('update');
  return row;
}

export async function lockCampaignMeter(q: Queryable, campaignId: number, meterId: string) {
  const [row] = await q.select().from(keyCampaignMeters).where(keyIs({ campaignId, meterId })).for('update');
  return row;
}

export async function setMeterState(
  q: Queryable,
  key: { campaignId: number; meterId: string },
  set: { state: string; receiptId?: number; error?: string | null; updateDate: Date },
): Promise<CampaignMeterRow | undefined> {
  const [row] = await q.update(keyCampaignMeters).set(set).where(keyIs(key)).returning();
  return row;
}

export async function findCampaign(q: Queryable, campaignId: number) {
  const [row] = await q.select().from(keyCampaigns).where(eq(keyCampaigns.campaignId, campaignId));
  return row;
}

/** Campaigns the user may see, newest first. */
export function loadCampaigns(q: Queryable, user: SessionUser) {
  return q
    .select()
    .from(keyCampaigns)
    .where(and(...stationScope(keyCampaigns.stationId, user)))
    .orderBy(sql`${keyCampaigns.campaignId} desc`);
}

/** Meters per state for each of the given campaigns. */
export function stateCounts(q: Queryable, campaignIds: number[]) {
  if (campaignIds.length === 0) return Promise.resolve([]);
  return q
    .select({
      campaignId: keyCampaignMeters.campaignId,
      state: keyCampaignMeters.state,
      n: sql<number>`count(*)::int`,
    })
    .from(keyCampaignMeters)
    .where(inArray(keyCampaignMeters.campaignId, campaignIds))
    .groupBy(keyCampaignMeters.campaignId, keyCampaignMeters.state);
}

/** A campaign's meters (of one state if given) with their key change tokens, within the user's stations. */
export function campaignMeters(
  q: Queryable,
  user: SessionUser,
  req: { campaignId: number; state?: string | undefined },
) {
  return q
    .select(meterWithTokens)
    .from(keyCampaignMeters)
    .innerJoin(meters, eq(meters.meterId, keyCampaignMeters.meterId))
    .leftJoin(tokenRecords, changeKeyRecord)
    .where(
      and(
        eq(keyCampaignMeters.campaignId, req.campaignId),
        ...(req.state ? [eq(keyCampaignMeters.state, req.state)] : []),
        ...stationScope(meters.stationId, user),
      ),
    )
    .orderBy(asc(keyCampaignMeters.meterId));
}

/**
 * None of the meter's token tasks waits or runs: while one does there is nothing to do for the meter, and
 * leaving those rows in the database keeps a sweep's cost to the meters that need a step, not the campaign.
 */
const noTaskInFlight = sql`not exists (
  select 1 from jsonb_array_elements_text(coalesce(${keyCampaignMeters.taskIds}, '[]'::jsonb)) as e(id)
  join ${remoteTasks} t on t.id = e.id::int
  where t.status in (${TaskStatus.standBy}, ${TaskStatus.running}))`;

/** Issued and delivered campaign meters with their tokens and tasks: what the delivery sweep follows. */
export function openForDelivery(q: Queryable, limit: number) {
  return q
    .select({
      ...meterWithTokens,
      taskIds: keyCampaignMeters.taskIds,
      updateDate: keyCampaignMeters.updateDate,
    })
    .from(keyCampaignMeters)
    .innerJoin(tokenRecords, changeKeyRecord)
    .where(and(inArray(keyCampaignMeters.state, ['issued', 'delivered']), noTaskInFlight))
    .orderBy(asc(keyCampaignMeters.campaignId), asc(keyCampaignMeters.meterId))
    .limit(limit);
}
export type DeliveryRow = Awaited<ReturnType<typeof openForDelivery>>[number];

/**
 * Marks the meters' tokens as being sent ([] tasks) where nobody has, and answers those meters: of two
 * processes sweeping at once, only the one that gets a meter back sends it, so its tokens go out as one
 * set of tasks.
 */
export async function claimSends(q: Queryable, campaignId: number, meterIds: string[], now: Date) {
  if (meterIds.length === 0) return [];
  const rows = await q
    .update(keyCampaignMeters)
    .set({ taskIds: [], updateDate: now })
    .where(
      and(
        keysAre(campaignId, meterIds),
        eq(keyCampaignMeters.state, 'issued'),
        isNull(keyCampaignMeters.taskIds),
      ),
    )
    .returning({ meterId: keyCampaignMeters.meterId });
  return rows.map((r) => r.meterId);
}

export async function setTaskIds(
  q: Queryable,
  key: { campaignId: number; meterId: string },
  set: { taskIds: number[]; error?: string | null; updateDate: Date },
) {
  await q.update(keyCampaignMeters).set(set).where(keyIs(key));
}

/** `setTaskIds` for a batch of one campaign's meters (their tasks made in one request), in one statement. */
export async function setTaskIdsMany(
  q: Queryable,
  campaignId: number,
  rows: { meterId: string; taskIds: number[] }[],
  now: Date,
) {
  if (rows.length === 0) return;
  const json = rows.map((r) => ({ meter_id: r.meterId, task_ids: r.taskIds }));
  await q.execute(sql`update ${keyCampaignMeters} k set task_ids = v.task_ids,
      update_date = ${now.toISOString()}::timestamptz
    from jsonb_to_recordset(${JSON.stringify(json)}::jsonb) as v(meter_id text, task_ids jsonb)
    where k.campaign_id = ${campaignId} and k.meter_id = v.meter_id`);
}

/** Moves the given meters from `issued` to `delivered` (their token tasks ended well). */
export async function markDelivered(q: Queryable, campaignId: number, meterIds: string[], now: Date) {
  if (meterIds.length === 0) return [];
  return q
    .update(keyCampaignMeters)
    .set({ state: 'delivered', error: null, updateDate: now })
    .where(and(keysAre(campaignId, meterIds), eq(keyCampaignMeters.state, 'issued')))
    .returning({ meterId: keyCampaignMeters.meterId });
}

/** The token tasks made for one campaign meter (by their remark), in order. */
export async function tasksMadeFor(q: Queryable, meterId: string, remark: string) {
  const rows = await q
    .select({ id: remoteTasks.id })
    .from(remoteTasks)
    .where(and(eq(remoteTasks.meterId, meterId), eq(remoteTasks.remark, remark)))
    .orderBy(asc(remoteTasks.id));
  return rows.map((r) => r.id);
}

/**
 * A claim to send that was never completed (its process died between claiming and recording the tasks):
 * the tasks it made, if any, or none, so the next sweep sends. Only the claim as it was read is changed.
 */
export async function settleClaim(
  q: Queryable,
  key: { campaignId: number; meterId: string },
  claimedAt: Date,
  taskIds: number[] | null,
) {
  await q
    .update(keyCampaignMeters)
    .set({ taskIds })
    .where(
      and(
        keyIs(key),
        eq(keyCampaignMeters.state, 'issued'),
        sql`${keyCampaignMeters.taskIds} = '[]'::jsonb`,
        isNull(keyCampaignMeters.error),
        eq(keyCampaignMeters.updateDate, claimedAt),
      ),
    );
}

/**
 * `lockPending` for a batch: the campaign's meters among `meterIds` still pending, locked in meter order
 * (two workers on one campaign wait for each other instead of deadlocking); one that another worker
 * issued while this one waited is no longer pending and not answered.
 */
export function lockPendingMany(q: Queryable, campaignId: number, meterIds: string[]) {
  if (meterIds.length === 0) return Promise.resolve([]);
  return q
    .select()
    .from(keyCampaignMeters)
    .where(and(keysAre(campaignId, meterIds), eq(keyCampaignMeters.state, 'pending')))
    .orderBy(asc(keyCampaignMeters.meterId))
    .for('update');
}

/** Where a batch's outcome goes: an issued meter's receipt number, a failed meter's reason. */
const OUTCOME = {
  issued: { column: 'receipt_id', type: 'int' },
  failed: { column: 'error', type: 'text' },
} as const;

/** The batch's meters moved to `state`, each with its own receipt number or reason, in one statement. */
async function setOutcomeMany(
  q: Queryable,
  campaignId: number,
  state: keyof typeof OUTCOME,
  rows: { meterId: string; value: number | string }[],
  now: Date,
) {
  if (rows.length === 0) return;
  const { column, type } = OUTCOME[state];
  const json = rows.map((r) => ({ meter_id: r.meterId, value: r.value }));
  await q.execute(sql`update ${keyCampaignMeters} k set state = ${state}, ${sql.raw(column)} = v.value,
      update_date = ${now.toISOString()}::timestamptz
    from jsonb_to_recordset(${JSON.stringify(json)}::jsonb) as v(meter_id text, value ${sql.raw(type)})
    where k.campaign_id = ${campaignId} and k.meter_id = v.meter_id`);
}

/** The batch's meters issued, each with its key change record's receipt number. */
export const setIssuedMany = (
  q: Queryable,
  campaignId: number,
  rows: { meterId: string; receiptId: number }[],
  now: Date,
) =>
  setOutcomeMany(
    q,
    campaignId,
    'issued',
    rows.map((r) => ({ meterId: r.meterId, value: r.receiptId })),
    now,
  );

/** The batch's meters that cannot be issued, each failed with its reason. */
export const setFailedMany = (
  q: Queryable,
  campaignId: number,
  rows: { meterId: string; error: string }[],
  now: Date,
) =>
  setOutcomeMany(
    q,
    campaignId,
    'failed',
    rows.map((r) => ({ meterId: r.meterId, value: r.error })),
    now,
  );

/** `lockCampaignMeter` for a batch, in meter order. */
export function lockCampaignMeters(q: Queryable, campaignId: number, meterIds: string[]) {
  if (meterIds.length === 0) return Promise.resolve([]);
  return q
    .select()
    .from(keyCampaignMeters)
    .where(keysAre(campaignId, meterIds))
    .orderBy(asc(keyCampaignMeters.meterId))
    .for('update');
}

/** The batch's meters accepted; answers their rows as they are now. */
export function setAcceptedMany(q: Queryable, campaignId: number, meterIds: string[], now: Date) {
  if (meterIds.length === 0) return Promise.resolve([]);
  return q
    .update(keyCampaignMeters)
    .set({ state: 'accepted', error: null, updateDate: now })
    .where(keysAre(campaignId, meterIds))
    .returning();
}
