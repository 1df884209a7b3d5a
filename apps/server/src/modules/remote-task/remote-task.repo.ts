import {
  type RemoteTaskReadRequest,
  type RemoteTaskRow,
  type TaskAttemptRow,
  type TaskKind,
  TaskStatus,
  type TransparentTaskRow,
} from '@prepay/contracts';
import { and, asc, desc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import { type Queryable, rowsOf } from '../../db/client.js';
import {
  accounts,
  customers,
  dlt645Items,
  meters,
  remoteTaskAttempts,
  remoteTasks,
  type TaskSpec,
} from '../../db/schema.js';
import { joinMeterCustomer } from '../../kernel/meter-customer.js';
import {
  allOf,
  auditedSpec,
  commonConditions,
  contains,
  equals,
  readTable,
} from '../../kernel/read-query.js';
import { formatDateTime } from '../../lib/dates.js';
import { readerLanguage, taskReason } from '../../lib/server-text.js';
import type { SessionUser } from '../../lib/user-context.js';
import { langOf, textIn } from '../dlt645-item/index.js';

export type TaskRecord = typeof remoteTasks.$inferSelect;
export type NewTask = typeof remoteTasks.$inferInsert;

const taskColumns = getTableColumns(remoteTasks);

/** Raw `returning *` rows as drizzle maps them: column names → field names, driver values → JS values. */
function toRecords(raw: Record<string, unknown>[]): TaskRecord[] {
  const entries = Object.entries(taskColumns);
  return raw.map((r) => {
    const record: Record<string, unknown> = {};
    for (const [key, column] of entries) {
      const v = r[column.name];
      record[key] = v === null || v === undefined ? null : column.mapFromDriverValue(v);
    }
    return record as TaskRecord;
  });
}

/**
 * Inserts many tasks in one statement with one parameter (the rows as JSON, unpacked by
 * jsonb_to_recordset): a multi-row VALUES list costs a bind parameter per cell, which at thousands of
 * rows dominates both query building and parsing. The rows of one call set the same fields (one kind);
 * a field no row sets takes its column default.
 */
export async function insertTasks(q: Queryable, values: NewTask[]): Promise<TaskRecord[]> {
  if (!values.length) return [];
  const keys = Object.keys(taskColumns).filter(
    (k) => k !== 'id' && values.some((v) => v[k as keyof NewTask] !== undefined),
  );
  const cols = keys.map((k) => taskColumns[k as keyof typeof taskColumns]);
  const json = values.map((v) => {
    const row: Record<string, unknown> = {};
    for (const [i, k] of keys.entries()) {
      const value = v[k as keyof NewTask];
      row[cols[i]?.name ?? k] =
        value === undefined || value === null ? null : value instanceof Date ? value.toISOString() : value;
    }
    return row;
  });
  const names = sql.raw(cols.map((c) => `"${c.name}"`).join(', '));
  const types = sql.raw(cols.map((c) => `"${c.name}" ${c.getSQLType()}`).join(', '));
  const res = await q.execute(sql`
    insert into remote_tasks (${names})
    select ${names} from jsonb_to_recordset(${JSON.stringify(json)}::jsonb) as v(${types})
    returning *`);
  // Ids follow the rows' order (the set is read in array order); the caller gets them in that order.
  return toRecords(rowsOf<Record<string, unknown>>(res)).sort((a, b) => a.id - b.id);
}

export const taskSpec = auditedSpec(remoteTasks, {
  sortable: ['id', 'customerId', 'customerName', 'meterId', ['name', remoteTasks.flag], 'flag', 'status'],
  // Newest first: an operator looks for the task just created.
  defaultOrder: [desc(remoteTasks.id)],
  search: [remoteTasks.meterId, remoteTasks.customerId, remoteTasks.customerName, remoteTasks.data],
  station: remoteTasks.stationId,
});

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
    reason: taskReason(t.reason, readerLanguage(lang)),
    attempts: t.attempts,
    stationId: t.stationId,
    ...audit(t),
  };
}

export const toTransparentRow = (t: TaskRecord, lang = 'en'): TransparentTaskRow => ({
  id: t.id,
  customerId: t.customerId,
  customerName: t.customerName,
  meterId: t.meterId,
  sendFrame: t.sendFrame,
  receiveFrame: t.receiveFrame,
  status: t.status,
  reason: taskReason(t.reason, readerLanguage(lang)),
  attempts: t.attempts,
  stationId: t.stationId,
  ...audit(t),
});

/** One task family's grid (or every family's, for /api/DLT645Task/read). */
function conditions(
  req: RemoteTaskReadRequest,
  user: SessionUser,
  kind: TaskKind | null,
  protocol: TaskProtocol = 'dlt645',
) {
  const l = langOf(req.lang);
  const name = req.name?.trim();
  return allOf([
    ...commonConditions(taskSpec, req, user),
    kind ? eq(remoteTasks.kind, kind) : undefined,
    eq(remoteTasks.protocol, protocol),
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

export type TaskProtocol = 'dlt645' | 'dlms';

/** One family's grid; GPRS protocol tasks (DLMS) and DL/T 645 tasks are listed apart. */
export function readTasks<Row = RemoteTaskRow>(
  q: Queryable,
  req: RemoteTaskReadRequest,
  user: SessionUser,
  kind: TaskKind | null,
  protocol: TaskProtocol = 'dlt645',
  rowOf: (t: TaskRecord, lang: string) => Row = toTaskRow as (t: TaskRecord, lang: string) => Row,
) {
  return readTable(q, remoteTasks, conditions(req, user, kind, protocol), taskSpec, req, (t) =>
    rowOf(t, req.lang),
  );
}

export function readTransparentTasks(q: Queryable, req: RemoteTaskReadRequest, user: SessionUser) {
  return readTable(q, remoteTasks, conditions(req, user, 'transparent'), taskSpec, req, (t) =>
    toTransparentRow(t, req.lang),
  );
}

export async function loadTasks(q: Queryable, ids: number[]): Promise<TaskRecord[]> {
  if (!ids.length) return [];
  return q.select().from(remoteTasks).where(inArray(remoteTasks.id, ids)).orderBy(asc(remoteTasks.id));
}

/** An attempt's frames as the wire shows them: one text, " | " between frames. */
const framesText = (frames: readonly string[] | null) => (frames?.length ? frames.join(' | ') : null);

export async function readAttempts(q: Queryable, taskId: number): Promise<TaskAttemptRow[]> {
  const rows = await q
    .select()
    .from(remoteTaskAttempts)
    .where(eq(remoteTaskAttempts.taskId, taskId))
    .orderBy(asc(remoteTaskAttempts.attempt));
  return rows.map((a) => ({
    attempt: a.attempt,
    outcome: a.outcome,
    sendFrame: framesText(a.sendFrames),
    receiveFrame: framesText(a.receiveFrames),
    value: a.value,
    errorWord: a.errorWord,
    detail: a.detail,
    transport: a.transport,
    startDate: formatDateTime(a.startDate),
    endDate: formatDateTime(a.endDate),
  }));
}

/** What a task needs to know of its meter: protocol version, station, and the customer on it now. */
export interface MeterInfo {
  meterId: string;
  protocolVersion: string | null;
  stationId: string;
  customerId: string | null;
  customerName: string | null;
}

export async function loadMeters(q: Queryable, ids: string[]): Promise<Map<string, MeterInfo>> {
  if (!ids.length) return new Map();
  const fromMeters = q
    .select({
      meterId: meters.meterId,
      protocolVersion: meters.protocolVersion,
      stationId: meters.stationId,
      customerId: accounts.customerId,
      customerName: customers.customerName,
    })
    .from(meters)
    .$dynamic();
  const rows = await joinMeterCustomer(fromMeters, meters.meterId).where(
    sql`${meters.meterId} in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`,
  );
  return new Map(rows.map((r) => [r.meterId, r]));
}

/** The catalogue's data items of one type (reading, setting, control, token). */
export const itemsOfType = (q: Queryable, type: number) =>
  q.select().from(dlt645Items).where(eq(dlt645Items.type, type));

/** The tasks of this kind among `ids`, locked for the rest of the transaction. */
export const lockTasks = (q: Queryable, kind: TaskKind, ids: number[]) =>
  q
    .select()
    .from(remoteTasks)
    .where(and(inArray(remoteTasks.id, ids), eq(remoteTasks.kind, kind)))
    .for('update');

/** Puts tasks back in the queue as a new attempt. */
export async function requeueTasks(
  q: Queryable,
  kind: TaskKind,
  ids: number[],
  set: { retriesLeft: number; updateId: string; updateDate: Date },
) {
  await q
    .update(remoteTasks)
    .set({
      ...set,
      status: TaskStatus.standBy,
      runAfter: sql`now()`,
      reason: null,
      // A reading's old value must not pass for the new one; a token keeps its digits.
      data: kind === 'token' ? sql`${remoteTasks.data}` : null,
      receiveFrame: null,
    })
    .where(inArray(remoteTasks.id, ids));
}

export type { TaskSpec };

/** Wakes the listeners of a PostgreSQL channel when the transaction commits. */
export async function notifyChannel(q: Queryable, channel: string) {
  await q.execute(sql`select pg_notify(${channel}, '')`);
}
