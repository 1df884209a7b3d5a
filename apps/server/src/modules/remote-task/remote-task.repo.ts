import type {
  RemoteTaskReadRequest,
  RemoteTaskRow,
  TaskAttemptRow,
  TaskKind,
  TransparentTaskRow,
} from '@prepay/contracts';
import { asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { remoteTaskAttempts, remoteTasks } from '../../db/schema.js';
import type { SessionUser } from '../../http/route.js';
import { formatDateTime } from '../../lib/dates.js';
import { allOf, commonConditions, contains, equals, type ReadSpec, readTable } from '../../lib/read-query.js';
import { langOf, textIn } from '../dlt645-item/dlt645-item.repo.js';

export type TaskRecord = typeof remoteTasks.$inferSelect;

export const taskSpec: ReadSpec = {
  sortable: {
    id: remoteTasks.id,
    customerId: remoteTasks.customerId,
    customerName: remoteTasks.customerName,
    meterId: remoteTasks.meterId,
    name: remoteTasks.flag,
    flag: remoteTasks.flag,
    status: remoteTasks.status,
    stationId: remoteTasks.stationId,
    createDate: remoteTasks.createDate,
    updateDate: remoteTasks.updateDate,
  },
  // Newest first: an operator looks for the task just created.
  defaultOrder: [desc(remoteTasks.id)],
  search: [remoteTasks.meterId, remoteTasks.customerId, remoteTasks.customerName, remoteTasks.data],
  createDate: remoteTasks.createDate,
  updateDate: remoteTasks.updateDate,
  station: remoteTasks.stationId,
};

const audit = (t: TaskRecord) => ({
  remark: t.remark,
  createId: t.createId,
  createDate: formatDateTime(t.createDate),
  updateId: t.updateId,
  updateDate: formatDateTime(t.updateDate),
});

export function toTaskRow(t: TaskRecord, lang: string): RemoteTaskRow {
  const l = langOf(lang);
  const data = t.kind === 'transparent' ? t.receiveFrame : t.data;
  return {
    id: t.id,
    customerId: t.customerId,
    customerName: t.customerName,
    meterId: t.meterId,
    name: textIn(t.names, l) ?? t.flag,
    flag: t.flag,
    data,
    dataPrefix: data !== null && t.kind !== 'token' ? textIn(t.prefixes, l) : null,
    status: t.status,
    reason: t.reason,
    attempts: t.attempts,
    stationId: t.stationId,
    ...audit(t),
  };
}

export const toTransparentRow = (t: TaskRecord): TransparentTaskRow => ({
  id: t.id,
  customerId: t.customerId,
  customerName: t.customerName,
  meterId: t.meterId,
  sendFrame: t.sendFrame,
  receiveFrame: t.receiveFrame,
  status: t.status,
  reason: t.reason,
  attempts: t.attempts,
  stationId: t.stationId,
  ...audit(t),
});

/** One task family's grid (or every family's, for /api/DLT645Task/read). */
function conditions(req: RemoteTaskReadRequest, user: SessionUser, kind: TaskKind | null) {
  const l = langOf(req.lang);
  const name = req.name?.trim();
  return allOf([
    ...commonConditions(taskSpec, req, user),
    kind ? eq(remoteTasks.kind, kind) : undefined,
    equals(remoteTasks.id, req.id),
    contains(remoteTasks.customerId, req.customerId),
    contains(remoteTasks.customerName, req.customerName),
    contains(remoteTasks.meterId, req.meterId),
    name
      ? sql`coalesce(${remoteTasks.names}->>${l}, ${remoteTasks.names}->>'EN', ${remoteTasks.flag}) ilike ${`%${name}%`}`
      : undefined,
    equals(remoteTasks.status, req.status),
    contains(remoteTasks.remark, req.remark),
  ]);
}

export function readTasks(
  q: Queryable,
  req: RemoteTaskReadRequest,
  user: SessionUser,
  kind: TaskKind | null,
) {
  return readTable(q, remoteTasks, conditions(req, user, kind), taskSpec, req, (t) => toTaskRow(t, req.lang));
}

export function readTransparentTasks(q: Queryable, req: RemoteTaskReadRequest, user: SessionUser) {
  return readTable(q, remoteTasks, conditions(req, user, 'transparent'), taskSpec, req, toTransparentRow);
}

export async function loadTasks(q: Queryable, ids: number[]): Promise<TaskRecord[]> {
  if (!ids.length) return [];
  return q.select().from(remoteTasks).where(inArray(remoteTasks.id, ids)).orderBy(asc(remoteTasks.id));
}

export async function readAttempts(q: Queryable, taskId: number): Promise<TaskAttemptRow[]> {
  const rows = await q
    .select()
    .from(remoteTaskAttempts)
    .where(eq(remoteTaskAttempts.taskId, taskId))
    .orderBy(asc(remoteTaskAttempts.attempt));
  return rows.map((a) => ({
    attempt: a.attempt,
    outcome: a.outcome,
    sendFrame: a.sendFrame,
    receiveFrame: a.receiveFrame,
    value: a.value,
    errorWord: a.errorWord,
    detail: a.detail,
    transport: a.transport,
    startDate: formatDateTime(a.startDate),
    endDate: formatDateTime(a.endDate),
  }));
}
