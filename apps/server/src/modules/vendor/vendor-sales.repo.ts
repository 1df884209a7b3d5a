import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { channelMessages, tokenRecords, vendorFloatMovements } from '../../db/schema.js';

const mv = vendorFloatMovements;

/** One vendor's ledger rows of a time range (the float's own index: vendor, then time). */
const inRange = (vendorId: string, start: Date, end: Date) =>
  and(eq(mv.vendorId, vendorId), gte(mv.createDate, start), lt(mv.createDate, end));

/** A page of the vendor's sales made in [start, end): each sale's ledger row with its message and record. */
export async function salesPage(
  q: Queryable,
  vendorId: string,
  range: { start: Date; end: Date },
  page: { offset: number; limit: number },
) {
  return q
    .select({
      messageId: channelMessages.messageId,
      channel: sql<string | null>`${channelMessages.detail}->>'channel'`,
      createDate: mv.createDate,
      meterId: channelMessages.meterId,
      receiptId: tokenRecords.receiptId,
      units: tokenRecords.units,
      amountMinor: mv.amountMinor,
      commissionMinor: mv.commissionMinor,
      state: channelMessages.state,
      confirmationId: channelMessages.confirmationId,
      reversalId: channelMessages.reversalId,
    })
    .from(mv)
    .innerJoin(
      channelMessages,
      and(eq(channelMessages.vendorId, mv.vendorId), eq(channelMessages.messageId, mv.messageId)),
    )
    .leftJoin(tokenRecords, eq(tokenRecords.id, mv.tokenRecordId))
    .where(and(inRange(vendorId, range.start, range.end), eq(mv.movementKind, 'sale')))
    .orderBy(asc(mv.id))
    .offset(page.offset)
    .limit(page.limit);
}
export type SaleLine = Awaited<ReturnType<typeof salesPage>>[number];

/** The range's sales and reversals counted and summed (amounts signed as the ledger keeps them). */
export async function salesTotals(q: Queryable, vendorId: string, range: { start: Date; end: Date }) {
  const of = (kind: string) => sql`${mv.movementKind} = ${kind}`;
  const [row] = await q
    .select({
      salesCount: sql<number>`(count(*) filter (where ${of('sale')}))::int`,
      salesMinor: sql<string>`coalesce(sum(${mv.amountMinor}) filter (where ${of('sale')}), 0)::text`,
      reversalCount: sql<number>`(count(*) filter (where ${of('reversal')}))::int`,
      reversalMinor: sql<string>`coalesce(sum(${mv.amountMinor}) filter (where ${of('reversal')}), 0)::text`,
      commissionMinor: sql<string>`coalesce(sum(${mv.commissionMinor}), 0)::text`,
    })
    .from(mv)
    .where(and(inRange(vendorId, range.start, range.end), sql`${mv.movementKind} in ('sale', 'reversal')`));
  return {
    salesCount: Number(row?.salesCount ?? 0),
    salesMinor: -Number(row?.salesMinor ?? 0),
    reversalCount: Number(row?.reversalCount ?? 0),
    reversalMinor: Number(row?.reversalMinor ?? 0),
    commissionMinor: Number(row?.commissionMinor ?? 0),
  };
}
