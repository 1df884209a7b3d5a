import { and, eq, gt, sql } from 'drizzle-orm';
import { type Queryable, rowsOf } from '../../db/client.js';
import { channelMessages, remoteTasks, vendorFloatMovements, vendors } from '../../db/schema.js';
import { tokenRecords } from '../../db/schema-vending.js';
import { type CreditVendWrite, vendWrites, writeOfShape, writeValues } from './credit-vend.repo.js';
import type { TokenRecordRow } from './vending.repo.js';

/** One token record by id, locked until the transaction ends when `lock`. */
export async function recordById(
  q: Queryable,
  id: number,
  lock = false,
): Promise<TokenRecordRow | undefined> {
  const query = q.select().from(tokenRecords).where(eq(tokenRecords.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/**
 * Whether the meter is known to have taken a credit token: a later TID-bearing token was issued to it
 * (a meter accepts TIDs in order, so the later one supersedes the question), or a token task that carried
 * these digits finished with the meter's answer.
 */
export async function tokenKnownUsed(q: Queryable, r: TokenRecordRow): Promise<boolean> {
  const [later] = await q
    .select({ id: tokenRecords.id })
    .from(tokenRecords)
    .where(and(eq(tokenRecords.meterId, r.meterId), gt(tokenRecords.tid, r.tid ?? 0)))
    .limit(1);
  if (later) return true;
  const [task] = await q
    .select({ id: remoteTasks.id })
    .from(remoteTasks)
    .where(
      and(
        eq(remoteTasks.meterId, r.meterId),
        eq(remoteTasks.kind, 'token'),
        eq(remoteTasks.status, 1),
        sql`regexp_replace(coalesce(${remoteTasks.request}, ''), '[^0-9]', '', 'g') = ${r.token}`,
      ),
    )
    .limit(1);
  return task !== undefined;
}

/** A channel sale's own rows: who sells, under which message id, what it pays, what its message keeps. */
export interface ChannelSaleRows {
  vendorId: string;
  messageId: string;
  amountMinor: number;
  /** The message's state after the sale and what it echoes (the commission is added to it). */
  state: string;
  detail: Record<string, unknown>;
  /** The day (utility's zone) whose sales the daily limit counts. */
  day: string;
}

/** What the sale's statement wrote: the record, and the float the sale left. */
export interface ChannelSaleWritten {
  id: number;
  receiptId: number;
  balanceMinor: number;
  creditLimitMinor: number;
}

const $ = sql.placeholder;

/** The vendor's day counter after this sale: its counter if it counts that day, plus the sale. */
const daySold = sql`(case when sold_day = ${$('chDay')}::date then day_sold_minor else 0 end) + ${$('chAmountMinor')}::bigint`;

/**
 * The channel's part of the vend's one statement. First (`v`) the float and the day's counter are debited
 * if the vendor is enabled, the float stays within its credit limit and the day within its daily limit,
 * checked on the row's newest version (concurrent sales of one vendor take turns on its lock, held only
 * for this autocommitted statement); the vend's TID step, and so every step after it, happens only if
 * that did. After the record: the ledger row with the balance left and the commission (the vendor's rate
 * in basis points, half up to the minor unit), and the channel message, whose unique key refuses a re-used
 * id by failing the whole statement. A float that refuses makes the statement write nothing and answer
 * no record, which is not a lost race.
 */
const CHANNEL_SALE = vendWrites({
  head: sql`v as (
    update ${vendors} set balance_minor = balance_minor - ${$('chAmountMinor')}::bigint,
      day_sold_minor = ${daySold}, sold_day = ${$('chDay')}::date
    where vendor_id = ${$('chVendorId')}::text and enabled
      and balance_minor - ${$('chAmountMinor')}::bigint >= -credit_limit_minor
      and (daily_limit_minor is null or ${daySold} <= daily_limit_minor)
    returning balance_minor, credit_limit_minor,
      (${$('chAmountMinor')}::bigint * commission_bp + 5000) / 10000 as commission),`,
  gate: sql` and exists (select 1 from v)`,
  tail: sql`,
    ledger as (
      insert into ${vendorFloatMovements} (vendor_id, movement_kind, amount_minor, balance_after_minor,
        commission_minor, message_id, token_record_id, create_id, create_date)
      select ${$('chVendorId')}::text, 'sale', -${$('chAmountMinor')}::bigint, v.balance_minor, v.commission,
        ${$('chMessageId')}::text, rec.id, ${$('chCreateId')}::text, ${$('createDate')}::timestamptz from v, rec),
    msg as (
      insert into ${channelMessages} (vendor_id, message_id, kind, meter_id, token_record_id, amount_minor,
        state, detail, create_date)
      select ${$('chVendorId')}::text, ${$('chMessageId')}::text, 'purchase', ${$('chMeterId')}::text, rec.id,
        ${$('chAmountMinor')}::bigint, ${$('chState')}::text,
        ${$('chDetail')}::jsonb || jsonb_build_object('commissionMinor', v.commission),
        ${$('createDate')}::timestamptz
      from v, rec)`,
  answer: sql`, (select balance_minor::text from v) as balance_minor,
    (select credit_limit_minor::text from v) as credit_limit_minor`,
  excused: sql`not exists (select 1 from v)`,
});

/**
 * A channel sale written by one autocommitted statement (no transaction): the vend as a console vend
 * writes it and the channel's rows (see CHANNEL_SALE), all or nothing. Undefined when the vendor may not
 * make the sale (nothing written); fails as the console's write does when a vend's expectation moved, and
 * with a unique violation when the message id (or the record's idempotency key) was used.
 */
export async function writeChannelSale(
  q: Queryable,
  w: CreditVendWrite,
  c: ChannelSaleRows,
): Promise<ChannelSaleWritten | undefined> {
  const res = await writeOfShape(CHANNEL_SALE, w)(q, {
    ...writeValues(w),
    chVendorId: c.vendorId,
    chMessageId: c.messageId,
    chMeterId: w.record.meterId,
    chAmountMinor: c.amountMinor,
    chState: c.state,
    chDetail: JSON.stringify(c.detail),
    chDay: c.day,
    chCreateId: w.record.createId,
  });
  type Row = {
    id: string | null;
    receipt_id: number | null;
    balance_minor: string;
    credit_limit_minor: string;
  };
  const [row] = rowsOf<Row>(res);
  if (!row?.id) return undefined;
  return {
    id: Number(row.id),
    receiptId: Number(row.receipt_id),
    balanceMinor: Number(row.balance_minor),
    creditLimitMinor: Number(row.credit_limit_minor),
  };
}
