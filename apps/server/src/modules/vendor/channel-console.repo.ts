import type {
  ChannelAdviceRow,
  ChannelTransactionReadRequest,
  ChannelTransactionRow,
  ReconciliationReadRequest,
} from '@prepay/contracts';
import { and, asc, desc, eq, getTableColumns, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import {
  channelAdvices,
  channelMessages,
  tokenRecords,
  vendorFloatMovements,
  vendors,
} from '../../db/schema.js';
import type { ChannelAdviceKind, ChannelAdviceOutcome, ChannelSaleState } from '../../db/schema-channels.js';

export type { ChannelAdviceKind };

import { minorToNumber } from '../../kernel/money.js';
import { equals, pageRows, type ReadSpec, readWhere, sortableBy } from '../../kernel/read-query.js';
import { serverZone } from '../../kernel/units.js';
import { addDays, formatDateTime, localTime } from '../../lib/dates.js';
import { present } from '../../lib/domain-errors.js';
import type { SessionUser } from '../../lib/user-context.js';

/** The wire's sale states and the stored ones: a sale not yet confirmed or reversed is stored "issued". */
const STORED_STATE = { sold: 'issued', confirmed: 'confirmed', reversed: 'reversed' } as const;
const WIRE_STATE = { issued: 'sold', confirmed: 'confirmed', reversed: 'reversed' } as const;

const commissionMinor = sql<string>`coalesce(${channelMessages.detail}->>'commissionMinor', '0')`;

const transactionSpec: ReadSpec = {
  sortable: {
    ...sortableBy(channelMessages, ['id', 'vendorId', 'messageId', 'meterId', 'createDate']),
    saleState: channelMessages.state,
    amount: channelMessages.amountMinor,
    stationId: tokenRecords.stationId,
    receiptId: tokenRecords.receiptId,
  },
  defaultOrder: [desc(channelMessages.id)],
  search: [channelMessages.messageId, channelMessages.meterId, channelMessages.vendorId],
  createDate: channelMessages.createDate,
  updateDate: channelMessages.updateDate,
  station: tokenRecords.stationId,
};

type JoinedSale = {
  m: typeof channelMessages.$inferSelect;
  vendorName: string | null;
  stationId: string | null;
  receiptId: number | null;
  commission: string;
};

const toTransactionRow = ({ m, vendorName, stationId, receiptId, commission }: JoinedSale) =>
  ({
    id: m.id,
    vendorId: m.vendorId,
    vendorName,
    messageId: m.messageId,
    meterId: m.meterId,
    stationId,
    receiptId,
    amount: minorToNumber(m.amountMinor ?? 0),
    commission: minorToNumber(Number(commission)),
    saleState: WIRE_STATE[m.state ?? 'issued'],
    confirmationId: m.confirmationId,
    reversalId: m.reversalId,
    createDate: present(formatDateTime(m.createDate), 'the sale date'),
    updateDate: formatDateTime(m.updateDate),
  }) satisfies ChannelTransactionRow;

function joined(q: Queryable) {
  return q
    .select({
      m: getTableColumns(channelMessages),
      vendorName: vendors.vendorName,
      stationId: tokenRecords.stationId,
      receiptId: tokenRecords.receiptId,
      commission: commissionMinor,
    })
    .from(channelMessages)
    .leftJoin(tokenRecords, eq(tokenRecords.id, channelMessages.tokenRecordId))
    .leftJoin(vendors, eq(vendors.vendorId, channelMessages.vendorId));
}

/**
 * A page of channel sales (purchases). Station users see the sales of their station's meters; a vendor
 * (`ownVendor`) sees only its own, whatever it asks for.
 */
export async function readTransactions(
  q: Queryable,
  req: ChannelTransactionReadRequest,
  user: SessionUser,
  ownVendor: string | null,
) {
  const where = readWhere(transactionSpec, req, user, [
    eq(channelMessages.kind, 'purchase'),
    ownVendor === null ? undefined : eq(channelMessages.vendorId, ownVendor),
    equals(channelMessages.vendorId, req.vendorId),
    req.meterId ? sql`lower(${channelMessages.meterId}) = lower(${req.meterId})` : undefined,
    equals(channelMessages.state, req.saleState ? STORED_STATE[req.saleState] : null),
  ]);
  const [count] = await q
    .select({ n: sql<number>`count(*)::int` })
    .from(channelMessages)
    .leftJoin(tokenRecords, eq(tokenRecords.id, channelMessages.tokenRecordId))
    .where(where);
  const rows = await pageRows(joined(q), where, transactionSpec, req);
  return { total: Number(count?.n ?? 0), data: rows.map(toTransactionRow) };
}

/** One purchase (by vendor and purchase id) with the station it was sold in, or undefined. */
export async function findSale(q: Queryable, vendorId: string, messageId: string) {
  const [row] = await q
    .select({ m: getTableColumns(channelMessages), stationId: tokenRecords.stationId })
    .from(channelMessages)
    .leftJoin(tokenRecords, eq(tokenRecords.id, channelMessages.tokenRecordId))
    .where(
      and(
        eq(channelMessages.vendorId, vendorId),
        eq(channelMessages.messageId, messageId),
        eq(channelMessages.kind, 'purchase'),
      ),
    );
  return row;
}

export interface NewAdvice {
  vendorId: string;
  messageId: string;
  adviceKind: ChannelAdviceKind;
  adviceId: string | null;
  outcome: ChannelAdviceOutcome;
  reason: string | null;
  now: Date;
}

export async function insertAdvice(q: Queryable, a: NewAdvice) {
  const { now, ...values } = a;
  await q.insert(channelAdvices).values({ ...values, createDate: now });
}

/** What a purchase went through after its sale, in arrival order. */
export async function readAdvices(
  q: Queryable,
  vendorId: string,
  messageId: string,
): Promise<ChannelAdviceRow[]> {
  const rows = await q
    .select()
    .from(channelAdvices)
    .where(and(eq(channelAdvices.vendorId, vendorId), eq(channelAdvices.messageId, messageId)))
    .orderBy(asc(channelAdvices.id));
  return rows.map((a) => ({
    adviceKind: a.adviceKind,
    adviceId: a.adviceId,
    outcome: a.outcome,
    reason: a.reason,
    createDate: present(formatDateTime(a.createDate), 'the advice date'),
  }));
}

/** The stored state a wire state names (tests and callers that speak the wire). */
export const storedSaleState = (s: keyof typeof STORED_STATE): ChannelSaleState => STORED_STATE[s];

/** One vendor's float movements of one day (server's zone), summed by kind, in minor units. */
export interface DayMovements {
  vendorId: string;
  vendorName: string;
  day: string;
  topUps: number;
  adjustments: number;
  salesCount: number;
  salesAmount: number;
  reversalCount: number;
  reversalAmount: number;
  commission: number;
  movement: number;
  closingBalance: number;
}

const m = vendorFloatMovements;
const sumOf = (kind: string) =>
  sql<string>`coalesce(sum(${m.amountMinor}) filter (where ${m.movementKind} = ${kind}), 0)::text`;
const countOf = (kind: string) => sql<number>`(count(*) filter (where ${m.movementKind} = ${kind}))::int`;

/** The vendors a reader may reconcile: all for a system administrator, else those selling for its station. */
function vendorScope(user: SessionUser, req: ReconciliationReadRequest): SQL[] {
  const station = user.isSystemAdmin ? req.stationId : user.stationId;
  const out: SQL[] = [];
  if (station) out.push(sql`${vendors.stationIds} @> ${JSON.stringify([station])}::jsonb`);
  if (user.isSystemAdmin || !req.stationId || req.stationId === user.stationId) return out;
  // Asking for another station narrows to nothing rather than widening.
  return [...out, sql`false`];
}

/** Every vendor-day of the filter with its movements summed (the report pages and sorts these). */
export async function reconciliationDays(
  q: Queryable,
  req: ReconciliationReadRequest,
  user: SessionUser,
  ownVendor: string | null,
): Promise<DayMovements[]> {
  const day = sql<string>`to_char((${m.createDate} at time zone ${serverZone()})::date, 'YYYY-MM-DD')`;
  const rows = await q
    .select({
      vendorId: m.vendorId,
      vendorName: vendors.vendorName,
      day,
      topUps: sumOf('topUp'),
      adjustments: sumOf('adjustment'),
      salesCount: countOf('sale'),
      salesAmount: sumOf('sale'),
      reversalCount: countOf('reversal'),
      reversalAmount: sumOf('reversal'),
      commission: sql<string>`coalesce(sum(${m.commissionMinor}), 0)::text`,
      movement: sql<string>`coalesce(sum(${m.amountMinor}), 0)::text`,
      lastId: sql<string>`max(${m.id})::text`,
    })
    .from(m)
    .innerJoin(vendors, eq(vendors.vendorId, m.vendorId))
    .where(
      and(
        ...vendorScope(user, req),
        ownVendor === null ? undefined : eq(m.vendorId, ownVendor),
        equals(m.vendorId, req.vendorId),
        req.dayFrom ? gte(m.createDate, localTime(req.dayFrom)) : undefined,
        req.dayTo ? lt(m.createDate, localTime(addDays(req.dayTo, 1))) : undefined,
      ),
    )
    // By position: the day expression carries a parameter, which PostgreSQL would not match.
    .groupBy(sql`1, 2, 3`);
  const closing = await closingBalances(
    q,
    rows.map((r) => Number(r.lastId)),
  );
  return rows.map((r) => ({
    vendorId: r.vendorId,
    vendorName: r.vendorName,
    day: r.day,
    topUps: Number(r.topUps),
    adjustments: Number(r.adjustments),
    salesCount: r.salesCount,
    // Sales are stored as debits (negative) and reversals as credits: the report shows both as amounts.
    salesAmount: -Number(r.salesAmount),
    reversalCount: r.reversalCount,
    reversalAmount: Number(r.reversalAmount),
    commission: Number(r.commission),
    movement: Number(r.movement),
    closingBalance: closing.get(Number(r.lastId)) ?? 0,
  }));
}

/** The balance each of these ledger rows left. */
async function closingBalances(q: Queryable, ids: number[]): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const rows = await q.select({ id: m.id, balance: m.balanceAfterMinor }).from(m).where(inArray(m.id, ids));
  return new Map(rows.map((r) => [r.id, r.balance]));
}
