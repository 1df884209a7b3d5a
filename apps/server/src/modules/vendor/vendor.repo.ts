import type { VendorRow, VendorStatementRow } from '@prepay/contracts';
import { and, asc, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { channelMessages, vendorFloatMovements, vendors } from '../../db/schema.js';
import type { ChannelMessageKind, ChannelSaleState, FloatMovementKind } from '../../db/schema-channels.js';
import { keyedTable } from '../../kernel/keyed-table.js';
import { minorToNumber } from '../../kernel/money.js';
import {
  allOf,
  auditedSpec,
  commonConditions,
  equals,
  contains as has,
  type ReadSpec,
  readTable,
  sortableBy,
} from '../../kernel/read-query.js';
import { auditedRow, formatDateTime } from '../../lib/dates.js';
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
  const station = user.isSystemAdmin ? req.stationId : user.stationId;
  const where = allOf([
    ...commonConditions(spec, { ...req, stationId: null }, user),
    has(vendors.vendorName, req.vendorName),
    equals(vendors.vendorKind, req.vendorKind),
    equals(vendors.enabled, req.enabled),
    station ? sql`${vendors.stationIds} @> ${JSON.stringify([station])}::jsonb` : undefined,
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

/**
 * Moves a locked vendor's float and writes the ledger row, in the caller's transaction: the balance
 * column and the ledger's last balance stay the same number.
 */
export async function moveFloat(q: Queryable, m: FloatMovement): Promise<VendorRecord> {
  const [after] = await q
    .update(vendors)
    .set({ balanceMinor: sql`${vendors.balanceMinor} + ${m.amountMinor}` })
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

/** What the vendor sold since `since` (its sales less their reversals), in minor units. */
export async function salesSince(q: Queryable, vendorId: string, since: Date, until: Date): Promise<number> {
  const [row] = await q
    .select({ sum: sql<string>`coalesce(sum(-${vendorFloatMovements.amountMinor}), 0)::text` })
    .from(vendorFloatMovements)
    .where(
      and(
        eq(vendorFloatMovements.vendorId, vendorId),
        inArray(vendorFloatMovements.movementKind, ['sale', 'reversal']),
        gte(vendorFloatMovements.createDate, since),
        lt(vendorFloatMovements.createDate, until),
      ),
    );
  return Number(row?.sum ?? 0);
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

/** The vendor's latest purchase for a meter that was not reversed (a reprint without a reference). */
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
