import { and, asc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { type Queryable, rowsOf } from '../../db/client.js';
import {
  type CollectionJobKind,
  collectionJobs,
  collectionLeases,
  meterDailyData,
  meterHourlyData,
  meterLinks,
  meterMonthlyData,
  meters,
  remoteTaskAttempts,
  waterDailyData,
  waterMonthlyData,
} from '../../db/schema.js';

export type CollectionJob = typeof collectionJobs.$inferSelect;

/**
 * Takes or renews the lease `name` for `holder` until now + ttl (database time, so processes with
 * different clocks agree). Two processes racing for an expired lease: the upsert's row lock makes the
 * second one see the first one's fresh lease, and its WHERE refuses it.
 */
export async function takeLease(q: Queryable, name: string, holder: string, ttlMs: number): Promise<boolean> {
  const ttl = `${Math.max(1, Math.ceil(ttlMs / 1000))} seconds`;
  const res = await q.execute(sql`
    insert into ${collectionLeases} (name, holder, expires_at)
    values (${name}, ${holder}, now() + ${ttl}::interval)
    on conflict (name) do update set holder = excluded.holder, expires_at = excluded.expires_at
    where ${collectionLeases.holder} = excluded.holder or ${collectionLeases.expiresAt} < now()
    returning holder`);
  return rowsOf<{ holder: string }>(res).length === 1;
}

export async function releaseLease(q: Queryable, name: string, holder: string) {
  await q
    .delete(collectionLeases)
    .where(and(eq(collectionLeases.name, name), eq(collectionLeases.holder, holder)));
}

/**
 * Meters collection reads: electricity and water meters with a DL/T 645 address, a protocol version the
 * catalogue knows, and a way to reach them (GPRS, or LoRaWAN with a DevEUI).
 */
const COMMUNICATING = sql`m.meter_id ~ '^[0-9]{1,12}$'
  and (m.communication_way = 0 or (m.communication_way = 1 and m.dev_eui is not null))
  and m.protocol_version in (select distinct version from dlt645_items)`;

/** The meter types collection reads, each with the tables its daily and monthly rows go to. */
export const COLLECTED_TYPES = { electricity: 0, water: 1 } as const;
const ROW_TABLES = [
  { type: COLLECTED_TYPES.electricity, daily: meterDailyData, monthly: meterMonthlyData },
  { type: COLLECTED_TYPES.water, daily: waterDailyData, monthly: waterMonthlyData },
];

/** Markers for every communicating meter and day in [from, to] that has no daily row yet. */
export async function planDaily(q: Queryable, from: string, to: string): Promise<number> {
  let n = 0;
  for (const t of ROW_TABLES) {
    const res = await q.execute(sql`
      insert into collection_jobs (meter_id, kind, period, station_id)
      select m.meter_id, 'daily', d::date, m.station_id
      from meters m cross join generate_series(${from}::date, ${to}::date, interval '1 day') d
      where m.type = ${t.type} and ${COMMUNICATING}
        -- A meter froze nothing before it was installed (registered): those days are not gaps.
        and d::date >= m.create_date::date
        and not exists (select 1 from ${t.daily} r where r.meter_id = m.meter_id and r.reading_date = d::date)
      on conflict do nothing
      returning id`);
    n += rowsOf(res).length;
  }
  return n;
}

/** The settlement day's marker (the 1st of the month) for every communicating meter without its row. */
export async function planMonthly(q: Queryable, period: string): Promise<number> {
  let n = 0;
  for (const t of ROW_TABLES) {
    const res = await q.execute(sql`
      insert into collection_jobs (meter_id, kind, period, station_id)
      select m.meter_id, 'monthly', ${period}::date, m.station_id
      from meters m
      where m.type = ${t.type} and ${COMMUNICATING}
        and ${period}::date >= m.create_date::date
        and not exists (select 1 from ${t.monthly} r where r.meter_id = m.meter_id and r.reading_date = ${period}::date)
      on conflict do nothing
      returning id`);
    n += rowsOf(res).length;
  }
  return n;
}

/** Each meter's type (0 electricity, 1 water): which registers a job reads and where its row goes. */
export async function meterTypes(q: Queryable, meterIds: string[]): Promise<Map<string, number>> {
  if (!meterIds.length) return new Map();
  const rows = await q
    .select({ meterId: meters.meterId, type: meters.type })
    .from(meters)
    .where(inArray(meters.meterId, [...new Set(meterIds)]));
  return new Map(rows.map((r) => [r.meterId, r.type]));
}

/** This hour's marker for the meters that report hourly (GPRS only, or all communicating meters). */
export async function planHourly(
  q: Queryable,
  day: string,
  hour: number,
  gprsOnly: boolean,
): Promise<number> {
  const res = await q.execute(sql`
    insert into collection_jobs (meter_id, kind, period, hour, station_id)
    select m.meter_id, 'hourly', ${day}::date, ${hour}, m.station_id
    from meters m
    -- Only electricity meters keep an hourly record.
    where m.type = 0 and ${COMMUNICATING} ${gprsOnly ? sql`and m.communication_way = 0` : sql``}
    on conflict do nothing
    returning id`);
  return rowsOf(res).length;
}

export async function countInFlight(q: Queryable): Promise<number> {
  const [row] = await q
    .select({ n: sql<number>`count(*)::int` })
    .from(collectionJobs)
    .where(eq(collectionJobs.status, 'running'));
  return Number(row?.n ?? 0);
}

/** Jobs in one status, oldest first. */
function jobsIn(q: Queryable, status: 'pending' | 'running', limit: number): Promise<CollectionJob[]> {
  return q
    .select()
    .from(collectionJobs)
    .where(eq(collectionJobs.status, status))
    .orderBy(asc(collectionJobs.id))
    .limit(limit);
}

/** Pending markers, oldest first. */
export const pendingJobs = (q: Queryable, limit: number) => jobsIn(q, 'pending', limit);

/** Failed days and months still inside the window a meter keeps them (hourly readings cannot be re-read). */
export function failedJobs(q: Queryable, oldest: string, limit: number): Promise<CollectionJob[]> {
  return q
    .select()
    .from(collectionJobs)
    .where(
      and(
        eq(collectionJobs.status, 'failed'),
        inArray(collectionJobs.kind, ['daily', 'monthly']),
        gte(collectionJobs.period, oldest),
      ),
    )
    .orderBy(asc(collectionJobs.id))
    .limit(limit);
}

/** Running jobs, oldest first. */
export const runningJobs = (q: Queryable, limit: number) => jobsIn(q, 'running', limit);

/** The tasks of a claimed job's attempt. */
export async function setJobTasks(q: Queryable, id: number, taskIds: Record<string, number>, now: Date) {
  await q
    .update(collectionJobs)
    .set({ taskIds, attempts: sql`${collectionJobs.attempts} + 1`, updateDate: now })
    .where(eq(collectionJobs.id, id));
}

/** Claims a job for dispatch (pending/failed → running with no tasks yet); false if someone else did. */
export async function claimJob(q: Queryable, job: CollectionJob, now: Date): Promise<boolean> {
  const res = await q
    .update(collectionJobs)
    .set({ status: 'running', taskIds: {}, updateDate: now })
    .where(and(eq(collectionJobs.id, job.id), eq(collectionJobs.status, job.status)))
    .returning({ id: collectionJobs.id });
  return res.length === 1;
}

export async function finishJob(
  q: Queryable,
  id: number,
  status: 'done' | 'failed' | 'nodata',
  reason: string | null,
  now: Date,
  retryAfter: Date | null = null,
) {
  await q
    .update(collectionJobs)
    .set({ status, reason, retryAfter, updateDate: now })
    .where(eq(collectionJobs.id, id));
}

/** The stored total of a meter's day (or month) before `period`, for the usage when it was not read. */
export async function storedTotal(
  q: Queryable,
  kind: CollectionJobKind,
  meterId: string,
  period: string,
): Promise<number | null> {
  const table = kind === 'monthly' ? meterMonthlyData : meterDailyData;
  const [row] = await q
    .select({ total1: table.total1 })
    .from(table)
    .where(and(eq(table.meterId, meterId), eq(table.currentDate, period)));
  return row?.total1 ?? null;
}

/** Markers of one meter in a period range (the operator's view of a re-collection). */
export function jobsOf(q: Queryable, meterId: string, from: string, to: string) {
  return q
    .select()
    .from(collectionJobs)
    .where(
      and(
        eq(collectionJobs.meterId, meterId),
        gte(collectionJobs.period, from),
        lte(collectionJobs.period, to),
      ),
    )
    .orderBy(asc(collectionJobs.period), asc(collectionJobs.kind), asc(collectionJobs.hour));
}

/** Puts the periods back to pending (or creates them): an operator's re-collection. */
export async function requeue(
  q: Queryable,
  rows: { meterId: string; kind: 'daily' | 'monthly'; period: string; stationId: string }[],
  userId: string,
  now: Date,
): Promise<CollectionJob[]> {
  if (!rows.length) return [];
  return q
    .insert(collectionJobs)
    .values(rows.map((r) => ({ ...r, requestedBy: userId, createDate: now, updateDate: now })))
    .onConflictDoUpdate({
      target: [collectionJobs.meterId, collectionJobs.kind, collectionJobs.period, collectionJobs.hour],
      // A running job keeps going: its answers are about to arrive, and a second set of tasks would
      // read the same registers twice.
      set: {
        status: sql`case when ${collectionJobs.status} = 'running' then 'running' else 'pending' end`,
        requestedBy: userId,
        retryAfter: null,
        updateDate: now,
      },
    })
    .returning();
}

/** The hourly total stored for `at` (the hour before a new reading). */
export async function storedHourTotal(q: Queryable, meterId: string, at: Date): Promise<number | null> {
  const [row] = await q
    .select({ total1: meterHourlyData.total1 })
    .from(meterHourlyData)
    .where(and(eq(meterHourlyData.meterId, meterId), eq(meterHourlyData.readingTime, at)));
  return row?.total1 ?? null;
}

/** A claimed job whose process stopped before it queued its tasks goes back to the queue. */
export async function requeueStale(q: Queryable, before: Date, now: Date): Promise<number> {
  const res = await q
    .update(collectionJobs)
    .set({ status: 'pending', updateDate: now })
    .where(
      and(
        eq(collectionJobs.status, 'running'),
        sql`${collectionJobs.taskIds} = '{}'::jsonb`,
        lte(collectionJobs.updateDate, before),
      ),
    )
    .returning({ id: collectionJobs.id });
  return res.length;
}

/** The frames received in each task's successful attempt (the task row keeps only the decoded text). */
export async function successFrames(
  q: Queryable,
  taskIds: number[],
): Promise<Map<number, readonly string[] | null>> {
  if (!taskIds.length) return new Map();
  const rows = await q
    .select({ taskId: remoteTaskAttempts.taskId, receiveFrames: remoteTaskAttempts.receiveFrames })
    .from(remoteTaskAttempts)
    .where(and(inArray(remoteTaskAttempts.taskId, taskIds), eq(remoteTaskAttempts.outcome, 'success')));
  return new Map(rows.map((r) => [r.taskId, r.receiveFrames]));
}

/** Meters whose link the head-end (any process) last saw up. */
export async function onlineMeters(q: Queryable, meterIds: string[]): Promise<Set<string>> {
  if (!meterIds.length) return new Set();
  const rows = await q
    .select({ meterId: meterLinks.meterId })
    .from(meterLinks)
    .where(and(inArray(meterLinks.meterId, [...new Set(meterIds)]), eq(meterLinks.online, true)));
  return new Set(rows.map((r) => r.meterId));
}

export async function findMeter(q: Queryable, meterId: string) {
  const [meter] = await q.select().from(meters).where(eq(meters.meterId, meterId));
  return meter;
}

/**
 * DLMS meters the head-end connects to whose load profile (the catalogue row `obis` of their version)
 * holds hours not stored yet: none stored, or the newest stored before `before`, and no read of it queued
 * or running. Each with the catalogue row's id and its newest stored hour.
 */
export async function dlmsProfilesDue(q: Queryable, obis: string, before: Date) {
  const res = await q.execute(sql`
    select m.meter_id as "meterId", i.dlms_id as "dlmsId", max(h.reading_time) as "last"
    from meters m
    join dlms_items i on i.version = m.protocol_version and i.type = 0 and i.obis = ${obis}
    left join meter_hourly_data h on h.meter_id = m.meter_id
    where m.type = 0 and m.ip_address is not null
      and not exists (select 1 from remote_tasks t where t.meter_id = m.meter_id and t.protocol = 'dlms'
        and t.flag = ${obis} and t.status in (0, 3))
    group by m.meter_id, i.dlms_id
    having max(h.reading_time) is null or max(h.reading_time) < ${before.toISOString()}::timestamptz
    order by m.meter_id`);
  return rowsOf(res).map((r) => {
    const row = r as { meterId: string; dlmsId: number; last: Date | string | null };
    return { meterId: row.meterId, dlmsId: Number(row.dlmsId), last: row.last ? new Date(row.last) : null };
  });
}
