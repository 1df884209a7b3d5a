import { and, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { meters } from '../../db/schema.js';
import { tokenRecords } from '../../db/schema-vending.js';
import { present } from '../../lib/domain-errors.js';
import type { NextKeyFields } from '../keystore/index.js';
import type { MeterRow, TokenRecordRow } from './vending.repo.js';

/** One meter's row, or undefined. */
export async function findMeter(q: Queryable, meterId: string): Promise<MeterRow | undefined> {
  const [m] = await q.select().from(meters).where(eq(meters.meterId, meterId));
  return m;
}

/** The "new" key fields Update Meter Key sets on a meter for its next key change, and who set them when. */
export type PendingKeyFields = Pick<
  MeterRow,
  'sgcNew' | 'krnNew' | 'kenNew' | 'tiNew' | 'ktNew' | 'baseYearNew' | 'updateId' | 'updateDate'
>;

export async function setPendingKeyFields(q: Queryable, meterId: string, set: PendingKeyFields) {
  await q.update(meters).set(set).where(eq(meters.meterId, meterId));
}

/** The key-change record with this receipt number, locked for the rest of the transaction. */
export async function lockKeyChangeRecord(
  q: Queryable,
  receiptId: number,
): Promise<TokenRecordRow | undefined> {
  const [r] = await q
    .select()
    .from(tokenRecords)
    .where(and(eq(tokenRecords.kind, 'changeKey'), eq(tokenRecords.receiptId, receiptId)))
    .for('update');
  return r;
}

/** A confirmed key change on the meter: the new fields current, no pending ones left. */
export async function installKeyFields(
  q: Queryable,
  meterId: string,
  k: NextKeyFields,
  by: { userId: string; now: Date },
) {
  await q
    .update(meters)
    .set({
      sgc: k.sgc,
      krn: k.krn,
      ken: k.ken,
      ti: k.ti,
      kt: k.kt,
      baseYear: k.baseYear,
      sgcNew: null,
      krnNew: null,
      kenNew: null,
      tiNew: null,
      ktNew: null,
      baseYearNew: null,
      updateId: by.userId,
      updateDate: by.now,
    })
    .where(eq(meters.meterId, meterId));
}

/** Marks the key-change record confirmed; answers it as it is now. */
export async function confirmKeyChangeRecord(
  q: Queryable,
  id: number,
  by: { userId: string; now: Date },
): Promise<TokenRecordRow> {
  const [after] = await q
    .update(tokenRecords)
    .set({ confirmed: true, updateId: by.userId, updateDate: by.now })
    .where(eq(tokenRecords.id, id))
    .returning();
  return present(after, 'the confirmed record');
}
