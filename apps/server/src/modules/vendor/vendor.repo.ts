import type { VendorRow, VendorStatementRow } from '@prepay/contracts';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { type Queryable, rowsOf } from '../../db/client.js';
import { channelMessages, tokenRecords, vendorFloatMovements, vendors } from '../../db/schema.js';
import type { ChannelMessageKind, ChannelSaleState, FloatMovementKind } from '../../db/schema-channels.js';
import { keyedTable } from '../../kernel/keyed-table.js';
import { minorToNumber } from '../../kernel/money.js';
import {
  allOf,
  auditedSpec,
  commonConditions,
  conditionsOwnedVia,
  equals,
  contains as has,
  type ReadSpec,
  readTable,
  sortableBy,
} from '../../kernel/read-query.js';
import { auditedRow, formatDateTime, localDay } from '../../lib/dates.js';
import { present } from '../../lib/domain-errors.js';
import type { SessionUser } from '../../lib/user-context.js';

export type VendorRecord = typeof vendors.$inferSelect;
export type ChannelMessage = typeof channelMessages.$inferSelect;

export const toVendorRow = (v: VendorRecord): VendorRow => ({
  ...auditedRow(v, [
    'vendorId',
    'vendorName',
    'vendorKind',
    'stationIds',
    'clientId',
    'terminalId',
    'enabled',
    'remark',
  ]),
  shortCode: v.shortCode,
  hasCredential: v.secretHash !== null,
  credentialDate: formatDateTime(v.secretIssuedDate),
  balance: minorToNumber(v.balanceMinor),
  creditLimit: minorToNumber(v.creditLimitMinor),
  available: minorToNumber(v.balanceMinor + v.creditLimitMinor),
  commissionRate: minorToNumber(v.commissionBp),
  dailyLimit: v.dailyLimitMinor === null ? null : minorToNumber(v.dailyLimitMinor),
});

const spec = auditedSpec(vendors, {
  defaultOrder: [asc(vendors.vendorId)],
  search: [vendors.vendorId, vendors.vendorName, vendors.clientId, vendors.remark],
  sortable: ['vendorId', 'vendorKind', 'enabled', ['balance', vendors.balanceMinor]],
  filters: { contains: ['vendorName'], equals: ['vendorKind', 'enabled'] },
});

/** The vendor table: by id, writes, the stored row, delete. Reads are scoped by `readVendors`. */
export const vendorRows = keyedTable(
  vendors,
  vendors.vendorId,
  'Vendor',
  spec,
  toVendorRow,
  (v) => v.vendorId,
);

/**
 * A page of vendors. A vendor sells for several stations, so the station rule is "sells for mine": a
 * station user sees the vendors that may sell for its station.
 */
export function readVendors(
  q: Queryable,
  req: Parameters<typeof commonConditions>[1] & {
    vendorName?: string | null;
    vendorKind?: string | null;
    enabled?: boolean | null;
  },
  user: SessionUser,
) {
  const where = allOf([
    ...conditionsOwnedVia(
      spec,
      req,
      user,
      (station) => sql`${vendors.stationIds} @> ${JSON.stringify([station])}::jsonb`,
    ),
    has(vendors.vendorName, req.vendorName),
    equals(vendors.vendorKind, req.vendorKind),
    equals(vendors.enabled, req.enabled),
  ]);
  return readTable(q, vendors, where, spec, req, toVendorRow);
}

export async function findVendor(q: Queryable, vendorId: string): Promise<VendorRecord | undefined> {
  const [row] = await q.select().from(vendors).where(eq(vendors.vendorId, vendorId));
  return row;
}

/** The mobile-money vendor whose paybill or till number this is. */
export async function vendorByShortCode(q: Queryable, shortCode: string): Promise<VendorRecord | undefined> {
  const [row] = await q.select().from(vendors).where(eq(vendors.shortCode, shortCode));
  return row;
}

/** The vendor's row, locked until the transaction ends: every float movement takes this lock first. */
export async function lockVendor(q: Queryable, vendorId: string): Promise<VendorRecord | undefined> {
  const [row] = await q.select().from(vendors).where(eq(vendors.vendorId, vendorId)).for('update');
  return row;
}

export async function saveSecretHash(q: Queryable, vendorId: string, hash: string, by: string, now: Date) {
  await q
    .update(vendors)
    .set({ secretHash: hash, secretIssuedDate: now, updateId: by, updateDate: now })
    .where(eq(vendors.vendorId, vendorId));
}

export interface FloatMovement {
  vendorId: string;
  kind: FloatMovementKind;
  amountMinor: number;
  commissionMinor?: number;
  messageId?: string | null;
  tokenRecordId?: number | null;
  remark?: string | null;
  createId: string;
  now: Date;
}

/** The vendor's day counter after a sale or reversal of `amountMinor` (signed as sold) on `day`. */
const daySold = (amountMinor: number, day: string) =>
  sql`(case when ${vendors.soldDay} = ${day}::date then ${vendors.daySoldMinor} else 0 end) + ${amountMinor}::bigint`;

/** What a locked vendor sold on `day` (utility's zone) before this sale: its counter, if it counts that day. */
export const soldOn = (v: VendorRecord, day: string) => (v.soldDay === day ? v.daySoldMinor : 0);

/**
 * Moves a locked vendor's float and writes the ledger row, in the caller's transaction: the balance
 * column and the ledger's last balance stay the same number. A sale or a reversal also moves the day's
 * sales counter (the daily limit's).
 */
export async function moveFloat(q: Queryable, m: FloatMovement): Promise<VendorRecord> {
  const counted = m.kind === 'sale' || m.kind === 'reversal';
  const day = localDay(m.now);
  const [after] = await q
    .update(vendors)
    .set({
      balanceMinor: sql`${vendors.balanceMinor} + ${m.amountMinor}`,
      ...(counted ? { daySoldMinor: daySold(-m.amountMinor, day), soldDay: day } : {}),
    })
    .where(eq(vendors.vendorId, m.vendorId))
    .returning();
  const v = present(after, 'the vendor whose float moved');
  await q.insert(vendorFloatMovements).values({
    vendorId: m.vendorId,
    movementKind: m.kind,
    amountMinor: m.amountMinor,
    balanceAfterMinor: v.balanceMinor,
    commissionMinor: m.commissionMinor ?? 0,
    messageId: m.messageId ?? null,
    tokenRecordId: m.tokenRecordId ?? null,
    remark: m.remark ?? null,
    createId: m.createId,
    createDate: m.now,
  });
  return v;
}

/**
 * A channel sale's own rows in one statement, in the sale's transaction, when the vendor may make it: the
 * float and the day's counter debited if the vendor is enabled, the float stays within the credit limit and
 * the day's sales within the daily limit (checked on the row's newest version: concurrent sales take turns
 * on its lock, held from here to the commit); the ledger row with the balance it left and the commission
 * (the vendor's rate in basis points, half up to the minor unit); and the channel message, whose unique
 * key refuses a re-used id by failing the whole statement. False, and nothing written, when the vendor may
 * not.
 */
export async function recordSale(
  q: Queryable,
  m: NewChannelMessage & { createId: string },
): Promise<SaleRecorded | undefined> {
  const amount = m.amountMinor ?? 0;
  const day = localDay(m.now);
  const at = m.now.toISOString();
  const record = m.tokenRecordId ?? null;
  const sold = daySold(amount, day);
  const rows = rowsOf<{ id: number; balance_minor: string; credit_limit_minor: string }>(
    await q.execute(sql`with v as (
      update ${vendors} set balance_minor = balance_minor - ${amount}::bigint,
        day_sold_minor = ${sold}, sold_day = ${day}::date
      where vendor_id = ${m.vendorId}::text and enabled
        and balance_minor - ${amount}::bigint >= -credit_limit_minor
        and (daily_limit_minor is null or ${sold} <= daily_limit_minor)
      returning balance_minor, credit_limit_minor, (${amount}::bigint * commission_bp + 5000) / 10000 as commission),
    ledger as (
      insert into ${vendorFloatMovements} (vendor_id, movement_kind, amount_minor, balance_after_minor,
        commission_minor, message_id, token_record_id, create_id, create_date)
      select ${m.vendorId}::text, 'sale', ${-amount}::bigint, v.balance_minor, v.commission,
        ${m.messageId}::text, ${record}::bigint, ${m.createId}::text, ${at}::timestamptz from v),
    msg as (insert into ${channelMessages} (vendor_id, message_id, kind, meter_id, token_record_id, amount_minor,
      state, detail, create_date)
    select ${m.vendorId}::text, ${m.messageId}::text, ${m.kind}::text, ${m.meterId}::text, ${record}::bigint,
      ${amount}::bigint, ${m.state ?? null}::text,
      ${JSON.stringify(m.detail ?? {})}::jsonb || jsonb_build_object('commissionMinor', v.commission),
      ${at}::timestamptz
    from v returning id)
    select msg.id, v.balance_minor, v.credit_limit_minor from msg, v`),
  );
  const [row] = rows;
  return (
    row && {
      id: Number(row.id),
      balanceMinor: Number(row.balance_minor),
      creditLimitMinor: Number(row.credit_limit_minor),
    }
  );
}

/** A sale's message row and the float it left. */
export interface SaleRecorded {
  id: number;
  balanceMinor: number;
  creditLimitMinor: number;
}

/** Keeps the answer a channel sent for a sale with its message, so that asking again returns it exactly. */
export async function keepAnswer(q: Queryable, messageRowId: number, answer: Record<string, unknown>) {
  await q
    .update(channelMessages)
    .set({
      detail: sql`${channelMessages.detail} || jsonb_build_object('answer', ${JSON.stringify(answer)}::jsonb)`,
    })
    .where(eq(channelMessages.id, messageRowId));
}

/** Whether any ledger row names the vendor (such a vendor is disabled, never deleted). */
export async function hasMovements(q: Queryable, vendorIds: string[]): Promise<boolean> {
  const [row] = await q
    .select({ id: vendorFloatMovements.id })
    .from(vendorFloatMovements)
    .where(inArray(vendorFloatMovements.vendorId, vendorIds))
    .limit(1);
  return row !== undefined;
}

const toStatementRow = (m: typeof vendorFloatMovements.$inferSelect): VendorStatementRow => ({
  id: m.id,
  vendorId: m.vendorId,
  movementKind: m.movementKind,
  amount: minorToNumber(m.amountMinor),
  balanceAfter: minorToNumber(m.balanceAfterMinor),
  commission: minorToNumber(m.commissionMinor),
  messageId: m.messageId,
  remark: m.remark,
  createId: m.createId,
  createDate: present(formatDateTime(m.createDate), 'the movement date'),
});

const statementSpec: ReadSpec = {
  sortable: sortableBy(vendorFloatMovements, [
    'id',
    'movementKind',
    'createDate',
    ['amount', vendorFloatMovements.amountMinor],
  ]),
  defaultOrder: [desc(vendorFloatMovements.id)],
  search: [vendorFloatMovements.messageId, vendorFloatMovements.remark],
  createDate: vendorFloatMovements.createDate,
};

/** A page of one vendor's float ledger, newest first. */
export function readStatement(
  q: Queryable,
  req: Parameters<typeof commonConditions>[1] & {
    vendorId: string;
    movementKind?: string | null;
    messageId?: string | null;
  },
  user: SessionUser,
) {
  const where = allOf([
    ...commonConditions(statementSpec, { ...req, stationId: null }, user),
    eq(vendorFloatMovements.vendorId, req.vendorId),
    equals(vendorFloatMovements.movementKind, req.movementKind),
    equals(vendorFloatMovements.messageId, req.messageId),
  ]);
  return readTable(q, vendorFloatMovements, where, statementSpec, req, toStatementRow);
}

export interface NewChannelMessage {
  vendorId: string;
  messageId: string;
  kind: ChannelMessageKind;
  meterId: string;
  tokenRecordId?: number | null;
  amountMinor?: number | null;
  state?: ChannelSaleState | null;
  detail?: Record<string, unknown>;
  now: Date;
}

export async function insertMessage(q: Queryable, m: NewChannelMessage): Promise<ChannelMessage> {
  const { now, ...values } = m;
  const [row] = await q
    .insert(channelMessages)
    .values({ ...values, createDate: now })
    .returning();
  return present(row, 'the channel message');
}

/** Whether the vendor already sent a message with this id (any kind). */
export async function findMessage(q: Queryable, vendorId: string, messageId: string, lock = false) {
  const query = q
    .select()
    .from(channelMessages)
    .where(and(eq(channelMessages.vendorId, vendorId), eq(channelMessages.messageId, messageId)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/**
 * How a channel names a sale: by the id it was sold under, or (a sale made over another channel of the
 * same vendor) by the receipt number every channel's answer printed.
 */
export interface SaleRef {
  messageId: string;
  receiptNo?: number | null;
}

/** The largest receipt number a record can hold (its column is a 4-byte integer). */
const MAX_RECEIPT = 2_147_483_647;

/**
 * The vendor's purchase a reference names, whichever channel sold it: its own id first, else the purchase
 * whose credit record has that receipt number. Another vendor's sale is never found. Locked when `lock`.
 */
export async function findPurchase(q: Queryable, vendorId: string, ref: SaleRef, lock = false) {
  const own = await findMessage(q, vendorId, ref.messageId, lock);
  const receiptNo = ref.receiptNo ?? -1;
  if (own || !Number.isInteger(receiptNo) || receiptNo < 1 || receiptNo > MAX_RECEIPT) return own;
  const [byReceipt] = await q
    .select({ messageId: channelMessages.messageId })
    .from(tokenRecords)
    .innerJoin(channelMessages, eq(channelMessages.tokenRecordId, tokenRecords.id))
    .where(
      and(
        eq(tokenRecords.kind, 'credit'),
        eq(tokenRecords.receiptId, receiptNo),
        eq(channelMessages.vendorId, vendorId),
        eq(channelMessages.kind, 'purchase'),
      ),
    );
  return byReceipt ? findMessage(q, vendorId, byReceipt.messageId, lock) : undefined;
}

export async function updateMessage(
  q: Queryable,
  id: number,
  set: Partial<Pick<ChannelMessage, 'state' | 'confirmationId' | 'reversalId'>>,
  now: Date,
) {
  await q
    .update(channelMessages)
    .set({ ...set, updateDate: now })
    .where(eq(channelMessages.id, id));
}

/** The vendor's latest purchase for a meter that was not reversed, over any channel (a reprint by meter). */
export async function lastPurchase(q: Queryable, vendorId: string, meterId: string) {
  const [row] = await q
    .select()
    .from(channelMessages)
    .where(
      and(
        eq(channelMessages.vendorId, vendorId),
        eq(channelMessages.kind, 'purchase'),
        sql`lower(${channelMessages.meterId}) = lower(${meterId})`,
        sql`${channelMessages.state} <> 'reversed'`,
      ),
    )
    .orderBy(desc(channelMessages.id))
    .limit(1);
  return row;
}

/** The vendor XMLVend's client id names (an EAN-13 or the id its machine was given). */
export async function findVendorByClient(q: Queryable, clientId: string): Promise<VendorRecord | undefined> {
  const [row] = await q.select().from(vendors).where(eq(vendors.clientId, clientId));
  return row;
}
