import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { debts, users } from '../../db/schema.js';
import { tokenRecords } from '../../db/schema-vending.js';
import { present } from '../../lib/domain-errors.js';
import { insertRecord, nextReceiptId, type TokenRecordRow } from './vending.repo.js';

/** The credit vends with these receipt numbers, locked for the rest of the transaction. */
export function lockCreditRecords(q: Queryable, receiptIds: number[]): Promise<TokenRecordRow[]> {
  return q
    .select()
    .from(tokenRecords)
    .where(and(eq(tokenRecords.kind, 'credit'), inArray(tokenRecords.receiptId, receiptIds)))
    .for('update');
}

/** Who cancels, why and when. */
export interface Cancellation {
  userId: string;
  remark: string | null | undefined;
  now: Date;
}

/**
 * Marks the vend cancelled, gives its debt repayment back to the customer and its units back to the
 * seller's quota (if the seller still has a limit), and lists it on a new cancel record; answers the
 * cancelled vend's row.
 */
export async function cancelCreditRecord(
  q: Queryable,
  r: TokenRecordRow,
  c: Cancellation,
): Promise<TokenRecordRow> {
  const [after] = await q
    .update(tokenRecords)
    .set({
      status: 1,
      cancelRemark: c.remark,
      cancelId: c.userId,
      cancelDate: c.now,
      updateId: c.userId,
      updateDate: c.now,
    })
    .where(eq(tokenRecords.id, r.id))
    .returning();
  if ((r.payDebtMinor ?? 0) > 0 && r.customerId) {
    await q
      .update(debts)
      .set({
        remainingDebtMinor: sql`${debts.remainingDebtMinor} + ${r.payDebtMinor}`,
        payDebtMinor: sql`${debts.payDebtMinor} - ${r.payDebtMinor}`,
      })
      .where(eq(debts.customerId, r.customerId));
  }
  await q
    .update(users)
    .set({ remainingQuotaUnits: sql`${users.remainingQuotaUnits} + ${r.units ?? 0}` })
    .where(and(eq(users.userId, r.createId), sql`${users.remainingQuotaUnits} is not null`));
  const cancelled = present(after, 'the cancelled record');
  const { id: _id, ...copy } = cancelled;
  await insertRecord(q, {
    ...copy,
    kind: 'creditCancel',
    receiptId: await nextReceiptId(q, 'creditCancel'),
    tid: null,
    cancelsId: r.id,
    idempotencyKey: null,
    createId: c.userId,
    createDate: c.now,
  });
  return cancelled;
}
