import type { EventNotificationReadRequest, GprsOnlineReadRequest } from '@prepay/contracts';
import { asc, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { alarms, meterLinks, meters } from '../../db/schema.js';
import {
  allOf,
  commonConditions,
  contains,
  dateTimeRange,
  escapeLike,
  orderOf,
  pageOf,
  type ReadSpec,
  readTable,
  sortableBy,
} from '../../kernel/read-query.js';
import type { SessionUser } from '../../lib/user-context.js';
import { eventOfCode } from './events.js';

export type AlarmEventRow = typeof alarms.$inferSelect;

const alarmSpec: ReadSpec = {
  sortable: { ...sortableBy(alarms, ['meterId', 'stationId']), currentDate: alarms.raisedDate },
  defaultOrder: [desc(alarms.raisedDate), desc(alarms.id)],
  search: [alarms.meterId, alarms.detail],
  createDate: alarms.raisedDate,
  station: alarms.stationId,
};

/** The alarms an event code stands for: its kind, and its phrase in the detail (an unknown code: none). */
function eventCodeCondition(code: number | null | undefined) {
  if (code === null || code === undefined) return undefined;
  const event = eventOfCode(code);
  if (!event) return sql`false`;
  return allOf([eq(alarms.kind, event.kind), ilike(alarms.detail, `%${escapeLike(event.phrase)}%`)]);
}

/** A page of the alarms the meters' events raised (acknowledged ones too: a notification stays). */
export function readAlarmEvents(q: Queryable, req: EventNotificationReadRequest, user: SessionUser) {
  const where = allOf([
    ...commonConditions(alarmSpec, req, user),
    contains(alarms.meterId, req.meterId),
    contains(alarms.detail, req.remark),
    eventCodeCondition(req.eventCode),
    ...dateTimeRange(alarms.raisedDate, req.currentDateRange),
  ]);
  return readTable(q, alarms, where, alarmSpec, req, (r) => r);
}

/** Meters that dial in over GPRS (communication way 0), with the link the head-end last wrote. */
const GPRS = 0;

const onlineSpec: ReadSpec = {
  sortable: { meterId: meters.meterId, stationId: meters.stationId, isOnline: meterLinks.online },
  defaultOrder: [asc(meters.meterId)],
  search: [meters.meterId],
  station: meters.stationId,
};

const isOnline = sql<boolean>`coalesce(${meterLinks.online}, false)`;
const onlineColumns = {
  meterId: meters.meterId,
  stationId: meters.stationId,
  online: isOnline,
  statusDate: sql<Date>`coalesce(${meterLinks.updateDate}, ${meters.createDate})`.mapWith(meters.createDate),
};
export type OnlineRow = { meterId: string; stationId: string; online: boolean; statusDate: Date };

const withLink = <S extends Record<string, unknown>>(q: Queryable, columns: S) =>
  q
    .select(columns as never)
    .from(meters)
    .leftJoin(meterLinks, eq(meterLinks.meterId, meters.meterId))
    .$dynamic();

export async function readOnline(q: Queryable, req: GprsOnlineReadRequest, user: SessionUser) {
  const where = allOf([
    eq(meters.communicationWay, GPRS),
    ...commonConditions(onlineSpec, req, user),
    contains(meters.meterId, req.meterId),
    req.isOnline === null || req.isOnline === undefined ? undefined : sql`${isOnline} = ${req.isOnline}`,
  ]);
  const [count] = (await withLink(q, { total: sql<number>`count(*)::int` }).where(where)) as {
    total: number;
  }[];
  const { limit, offset } = pageOf(req);
  const rows = await withLink(q, onlineColumns)
    .where(where)
    .orderBy(...orderOf(onlineSpec, req.orderBy))
    .limit(limit)
    .offset(offset);
  return { total: Number(count?.total ?? 0), data: rows as OnlineRow[] };
}

/** The online state of the named meters (any communication way: the original's View names one meter). */
export async function onlineOf(q: Queryable, meterIds: string[]): Promise<OnlineRow[]> {
  if (!meterIds.length) return [];
  const rows = await withLink(q, onlineColumns)
    .where(inArray(meters.meterId, meterIds))
    .orderBy(asc(meters.meterId));
  return rows as OnlineRow[];
}

/** Records a meter's online flag as an operator states it; the head-end's next sighting rewrites it. */
export async function writeOnline(q: Queryable, meterId: string, online: boolean, now: Date) {
  await q
    .insert(meterLinks)
    .values({ meterId, online, updateDate: now })
    .onConflictDoUpdate({ target: meterLinks.meterId, set: { online, updateDate: now } });
}

/** When each kind of alarm was last raised for a meter (acknowledged ones too). */
export async function latestAlarmTimes(q: Queryable, meterId: string): Promise<Map<string, Date>> {
  const rows = await q
    .select({ kind: alarms.kind, at: sql<Date>`max(${alarms.raisedDate})`.mapWith(alarms.raisedDate) })
    .from(alarms)
    .where(eq(alarms.meterId, meterId))
    .groupBy(alarms.kind);
  return new Map(rows.map((r) => [r.kind, r.at]));
}
