import type { MobilePaymentReadRequest, MobilePaymentRow } from '@prepay/contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import {
  type MobilePaymentQueueReason,
  type MobilePaymentState,
  mobilePayments,
  vendors,
} from '../../db/schema.js';
import { minorToNumber } from '../../kernel/money.js';
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

export type { MobilePaymentQueueReason };
export type MobilePayment = typeof mobilePayments.$inferSelect;
export type NewMobilePayment = typeof mobilePayments.$inferInsert;

/** Records a confirmed payment once: a repeated receipt number (TransID) inserts nothing and answers null. */
export async function insertPayment(q: Queryable, p: NewMobilePayment): Promise<MobilePayment | null> {
  const [row] = await q
    .insert(mobilePayments)
    .values(p)
    .onConflictDoNothing({ target: [mobilePayments.vendorId, mobilePayments.transId] })
    .returning();
  return row ?? null;
}

export async function findPayment(q: Queryable, vendorId: string, transId: string) {
  const [row] = await q
    .select()
    .from(mobilePayments)
    .where(and(eq(mobilePayments.vendorId, vendorId), eq(mobilePayments.transId, transId)));
  return row;
}

export async function paymentById(q: Queryable, id: number) {
  const [row] = await q.select().from(mobilePayments).where(eq(mobilePayments.id, id));
  return row;
}

/** A payment by id, locked until the transaction ends (one operator resolves it, once). */
export async function lockPayment(q: Queryable, id: number) {
  const [row] = await q.select().from(mobilePayments).where(eq(mobilePayments.id, id)).for('update');
  return row;
}

export type PaymentChange = Partial<
  Pick<MobilePayment, 'meterId' | 'tokenRecordId' | 'resolvedBy' | 'resolvedDate' | 'resolution'>
> & { state: MobilePaymentState; queueReason?: MobilePaymentQueueReason | null };

export async function updatePayment(q: Queryable, id: number, set: PaymentChange, now: Date) {
  const [row] = await q
    .update(mobilePayments)
    .set({ ...set, updateDate: now })
    .where(eq(mobilePayments.id, id))
    .returning();
  return present(row, 'the payment');
}

const receiptIdOf = receiptOfRecord(mobilePayments.tokenRecordId);

export const toPaymentRow = (p: MobilePayment, receiptId: number | null = null): MobilePaymentRow => ({
  id: p.id,
  vendorId: p.vendorId,
  transId: p.transId,
  transTime: p.transTime,
  amount: minorToNumber(p.amountMinor),
  shortCode: p.shortCode,
  billRef: p.billRef,
  msisdn: p.msisdn,
  payerName: p.payerName,
  state: p.state,
  queueReason: p.queueReason,
  meterId: p.meterId,
  receiptId: receiptId === null ? null : Number(receiptId),
  resolvedBy: p.resolvedBy,
  resolvedDate: formatDateTime(p.resolvedDate),
  resolution: p.resolution,
  createDate: present(formatDateTime(p.createDate), 'the payment date'),
});

const spec: ReadSpec = {
  sortable: sortableBy(mobilePayments, [
    'id',
    'transId',
    'vendorId',
    'state',
    'billRef',
    'msisdn',
    'createDate',
    ['amount', mobilePayments.amountMinor],
  ]),
  defaultOrder: [desc(mobilePayments.id)],
  search: [mobilePayments.transId, mobilePayments.billRef, mobilePayments.msisdn, mobilePayments.payerName],
  createDate: mobilePayments.createDate,
};

/** Payments of the vendors that sell for the station. */
const ofStation = (station: string) =>
  sql`${mobilePayments.vendorId} in (select ${vendors.vendorId} from ${vendors} where ${vendors.stationIds} @> ${JSON.stringify([station])}::jsonb)`;

/** A page of payments, newest first. */
export async function readPayments(q: Queryable, req: MobilePaymentReadRequest, user: SessionUser) {
  const where = allOf([
    ...conditionsOwnedVia(spec, req, user, ofStation),
    equals(mobilePayments.state, req.state),
    equals(mobilePayments.queueReason, req.queueReason),
    equals(mobilePayments.vendorId, req.vendorId),
    equals(mobilePayments.transId, req.transId),
    contains(mobilePayments.billRef, req.billRef),
    contains(mobilePayments.msisdn, req.msisdn),
  ]);
  const select = q.select({ p: mobilePayments, receiptId: receiptIdOf }).from(mobilePayments);
  return readPage(q, mobilePayments, select, where, spec, req, (r) => toPaymentRow(r.p, r.receiptId));
}

/** One payment as the console shows it. */
export async function paymentRow(q: Queryable, id: number) {
  const [row] = await q
    .select({ p: mobilePayments, receiptId: receiptIdOf })
    .from(mobilePayments)
    .where(eq(mobilePayments.id, id));
  return row ? toPaymentRow(row.p, row.receiptId) : undefined;
}
