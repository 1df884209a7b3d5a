import type { SmsReadRequest, SmsRow } from '@prepay/contracts';
import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import { type Queryable, rowsOf } from '../../db/client.js';
import { meters, type SmsKind, type SmsState, smsMessages } from '../../db/schema.js';
import {
  allOf,
  conditionsOwnedVia,
  contains,
  equals,
  type ReadSpec,
  readPage,
  sortableBy,
} from '../../kernel/read-query.js';
import { receiptOfRecord } from '../../kernel/token-receipt.js';
import { formatDateTime } from '../../lib/dates.js';
import { present } from '../../lib/domain-errors.js';
import type { SessionUser } from '../../lib/user-context.js';

export type SmsMessage = typeof smsMessages.$inferSelect;

export interface NewSms {
  kind: SmsKind;
  destination: string;
  body: string;
  meterId?: string | null;
  tokenRecordId?: number | null;
  /** The low-credit alarm an alert tells of: one alert per alarm. */
  alarmId?: number | null;
  now: Date;
}

const smsValues = (m: NewSms) => ({
  kind: m.kind,
  destination: m.destination,
  body: m.body,
  meterId: m.meterId ?? null,
  tokenRecordId: m.tokenRecordId ?? null,
  alarmId: m.alarmId ?? null,
  nextAttemptDate: m.now,
  createDate: m.now,
});

/** A low-credit alarm still open whose customer has a phone and has not been told of it yet. */
export interface LowCreditAlert {
  alarmId: number;
  meterId: string;
  destination: string;
  detail: string | null;
}

/**
 * Open low-credit alarms that no alert tells of yet, with the phone of the meter's customer. A meter
 * keeps one open alarm per kind until acknowledged, so each spell of low credit is told once.
 */
export async function untoldLowCreditAlarms(q: Queryable, limit: number): Promise<LowCreditAlert[]> {
  const rows = await q.execute(sql`
    select a.id as "alarmId", a.meter_id as "meterId", trim(c.phone) as "destination", a.detail
      from alarms a
      join accounts ac on ac.meter_id = a.meter_id
      join customers c on c.customer_id = ac.customer_id
     where a.kind = 'lowCredit' and a.acknowledged = false
       and coalesce(trim(c.phone), '') <> ''
       and not exists (select 1 from sms_messages s where s.alarm_id = a.id)
     order by a.id
     limit ${limit}`);
  return rowsOf<LowCreditAlert & { alarmId: string | number }>(rows).map((r) => ({
    ...r,
    alarmId: Number(r.alarmId),
  }));
}

/** Queues an alert for an alarm; a second queue of the same alarm (another process) writes nothing. */
export async function insertAlarmSms(q: Queryable, m: NewSms & { alarmId: number }): Promise<void> {
  await q
    .insert(smsMessages)
    .values(smsValues(m))
    .onConflictDoNothing({ target: smsMessages.alarmId, where: sql`alarm_id is not null` });
}

/** Puts a message in the outbox, in the caller's transaction: it goes out only if that commits. */
export async function insertSms(q: Queryable, m: NewSms): Promise<SmsMessage> {
  const [row] = await q.insert(smsMessages).values(smsValues(m)).returning();
  return present(row, 'the SMS');
}

/**
 * Takes up to `limit` due messages for this sender: each one's next attempt moves past `leaseUntil`, so a
 * second sender (another process) skips it while this one works, and a sender that dies hands it back
 * when the lease runs out.
 */
export async function claimDue(q: Queryable, now: Date, leaseUntil: Date, limit: number) {
  const due = q
    .select({ id: smsMessages.id })
    .from(smsMessages)
    .where(and(eq(smsMessages.state, 'queued'), lte(smsMessages.nextAttemptDate, now)))
    .orderBy(asc(smsMessages.nextAttemptDate), asc(smsMessages.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  return q
    .update(smsMessages)
    .set({ nextAttemptDate: leaseUntil, attempts: sql`${smsMessages.attempts} + 1` })
    .where(inArray(smsMessages.id, due))
    .returning();
}

/** The SMSC took the message: it waits for its receipt (which may already have come, see recordReceipt). */
export async function markSent(q: Queryable, id: number, smscMessageId: string, now: Date) {
  await q
    .update(smsMessages)
    .set({ state: 'sent', smscMessageId, sentDate: now, lastError: null, updateDate: now })
    .where(and(eq(smsMessages.id, id), eq(smsMessages.state, 'queued')));
}

/** The attempt failed: tried again at `retryAt`, or failed for good (`retryAt` null). */
export async function markAttemptFailed(
  q: Queryable,
  id: number,
  error: string,
  retryAt: Date | null,
  now: Date,
) {
  await q
    .update(smsMessages)
    .set({
      state: retryAt ? 'queued' : 'failed',
      nextAttemptDate: retryAt ?? now,
      lastError: error.slice(0, 500),
      doneDate: retryAt ? null : now,
      updateDate: now,
    })
    .where(eq(smsMessages.id, id));
}

/** The SMSC's final word on a message it took: delivered, or failed with its state word. */
export async function recordReceipt(q: Queryable, smscMessageId: string, receiptState: string, now: Date) {
  const state: SmsState = receiptState === 'DELIVRD' ? 'delivered' : 'failed';
  return q
    .update(smsMessages)
    .set({ state, receiptState, doneDate: now, updateDate: now })
    .where(and(eq(smsMessages.smscMessageId, smscMessageId), inArray(smsMessages.state, ['sent', 'queued'])))
    .returning({ id: smsMessages.id });
}

const receiptIdOf = receiptOfRecord(smsMessages.tokenRecordId);

const toSmsRow = (m: SmsMessage & { receiptId: number | null }): SmsRow => ({
  id: m.id,
  kind: m.kind,
  destination: m.destination,
  body: m.body,
  state: m.state,
  attempts: m.attempts,
  nextAttemptDate: m.state === 'queued' ? formatDateTime(m.nextAttemptDate) : null,
  lastError: m.lastError,
  smscMessageId: m.smscMessageId,
  receiptState: m.receiptState,
  meterId: m.meterId,
  receiptId: m.receiptId === null ? null : Number(m.receiptId),
  sentDate: formatDateTime(m.sentDate),
  doneDate: formatDateTime(m.doneDate),
  createDate: present(formatDateTime(m.createDate), 'the SMS date'),
});

const spec: ReadSpec = {
  sortable: sortableBy(smsMessages, [
    'id',
    'kind',
    'destination',
    'state',
    'attempts',
    'meterId',
    'createDate',
  ]),
  defaultOrder: [desc(smsMessages.id)],
  search: [smsMessages.destination, smsMessages.meterId, smsMessages.smscMessageId],
  createDate: smsMessages.createDate,
};

/** A station's messages: those about its meters. */
const ofStation = (station: string) =>
  sql`${smsMessages.meterId} in (select ${meters.meterId} from ${meters} where ${meters.stationId} = ${station})`;

/** A page of the SMS log, newest first. */
export async function readSms(q: Queryable, req: SmsReadRequest, user: SessionUser) {
  const where = allOf([
    ...conditionsOwnedVia(spec, req, user, ofStation),
    equals(smsMessages.state, req.state),
    equals(smsMessages.kind, req.kind),
    contains(smsMessages.destination, req.destination),
    equals(smsMessages.meterId, req.meterId),
  ]);
  const select = q.select({ m: smsMessages, receiptId: receiptIdOf }).from(smsMessages);
  return readPage(q, smsMessages, select, where, spec, req, (r) =>
    toSmsRow({ ...r.m, receiptId: r.receiptId }),
  );
}

/** The latest SMS of each of these token records: where it went and how far it got. */
export async function smsOfRecords(q: Queryable, recordIds: number[]) {
  if (!recordIds.length) return new Map<number, { destination: string; state: SmsState }>();
  const rows = await q
    .selectDistinctOn([smsMessages.tokenRecordId], {
      tokenRecordId: smsMessages.tokenRecordId,
      destination: smsMessages.destination,
      state: smsMessages.state,
    })
    .from(smsMessages)
    .where(inArray(smsMessages.tokenRecordId, recordIds))
    .orderBy(smsMessages.tokenRecordId, desc(smsMessages.id));
  return new Map(rows.map((r) => [Number(r.tokenRecordId), { destination: r.destination, state: r.state }]));
}
