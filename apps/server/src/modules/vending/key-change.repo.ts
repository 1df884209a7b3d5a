import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { accounts, customers, meters, tariffs } from '../../db/schema.js';
import { tokenRecords } from '../../db/schema-vending.js';
import { joinMeterCustomer } from '../../kernel/meter-customer.js';
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

/**
 * What a key change needs of each meter (a key campaign's batch): the meter, its account, customer and
 * tariff, in one read. A meter not found is absent from the answer.
 */
export async function loadKeyChangeContexts(q: Queryable, meterIds: string[]) {
  if (meterIds.length === 0) return new Map();
  const from = q
    .select({ meter: meters, account: accounts, customer: customers, tariff: tariffs })
    .from(meters)
    .$dynamic();
  const rows = await joinMeterCustomer(from, meters.meterId)
    .leftJoin(tariffs, eq(tariffs.tariffId, accounts.tariffId))
    .where(inArray(meters.meterId, meterIds));
  return new Map(rows.map((r) => [r.meter.meterId, r]));
}

/** The meters' rows by their numbers, in one read. */
export async function findMeters(q: Queryable, meterIds: string[]): Promise<Map<string, MeterRow>> {
  if (meterIds.length === 0) return new Map();
  const rows = await q.select().from(meters).where(inArray(meters.meterId, meterIds));
  return new Map(rows.map((m) => [m.meterId, m]));
}

/** `setPendingKeyFields` for many meters in one statement (the rows as JSON, unpacked by jsonb_to_recordset). */
export async function setPendingKeyFieldsOf(
  q: Queryable,
  rows: { meterId: string; next: NextKeyFields }[],
  by: { userId: string; now: Date },
) {
  if (rows.length === 0) return;
  const json = rows.map(({ meterId, next: n }) => ({
    meter_id: meterId,
    sgc: n.sgc,
    krn: n.krn,
    ken: n.ken,
    ti: n.ti,
    kt: n.kt,
    base_year: n.baseYear,
  }));
  await q.execute(sql`update ${meters} m set sgc_new = v.sgc, krn_new = v.krn, ken_new = v.ken, ti_new = v.ti,
      kt_new = v.kt, base_year_new = v.base_year, update_id = ${by.userId}, update_date = ${by.now.toISOString()}::timestamptz
    from jsonb_to_recordset(${JSON.stringify(json)}::jsonb)
      as v(meter_id text, sgc text, krn int, ken int, ti int, kt int, base_year int)
    where m.meter_id = v.meter_id`);
}

/** `installKeyFields` for many meters in one statement. */
export async function installKeyFieldsOf(
  q: Queryable,
  rows: { meterId: string; k: NextKeyFields }[],
  by: { userId: string; now: Date },
) {
  if (rows.length === 0) return;
  const json = rows.map(({ meterId, k }) => ({
    meter_id: meterId,
    sgc: k.sgc,
    krn: k.krn,
    ken: k.ken,
    ti: k.ti,
    kt: k.kt,
    base_year: k.baseYear,
  }));
  await q.execute(sql`update ${meters} m set sgc = v.sgc, krn = v.krn, ken = v.ken, ti = v.ti, kt = v.kt,
      base_year = v.base_year, sgc_new = null, krn_new = null, ken_new = null, ti_new = null, kt_new = null,
      base_year_new = null, update_id = ${by.userId}, update_date = ${by.now.toISOString()}::timestamptz
    from jsonb_to_recordset(${JSON.stringify(json)}::jsonb)
      as v(meter_id text, sgc text, krn int, ken int, ti int, kt int, base_year int)
    where m.meter_id = v.meter_id`);
}

/** The key-change records with these receipt numbers, locked for the rest of the transaction (in order). */
export async function lockKeyChangeRecords(q: Queryable, receiptIds: number[]): Promise<TokenRecordRow[]> {
  if (receiptIds.length === 0) return [];
  return q
    .select()
    .from(tokenRecords)
    .where(and(eq(tokenRecords.kind, 'changeKey'), inArray(tokenRecords.receiptId, receiptIds)))
    .orderBy(tokenRecords.id)
    .for('update');
}

/** `confirmKeyChangeRecord` for many records in one statement; answers them as they are now. */
export async function confirmKeyChangeRecords(
  q: Queryable,
  ids: number[],
  by: { userId: string; now: Date },
): Promise<TokenRecordRow[]> {
  if (ids.length === 0) return [];
  return q
    .update(tokenRecords)
    .set({ confirmed: true, updateId: by.userId, updateDate: by.now })
    .where(inArray(tokenRecords.id, ids))
    .returning();
}
