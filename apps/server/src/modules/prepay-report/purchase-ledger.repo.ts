import type { LowPurchaseRequest } from '@prepay/contracts';
import { type AnyColumn, inArray, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { meterPurchaseLedger } from '../../db/schema.js';
import { parseDateTime } from '../../lib/dates.js';

/**
 * Purchase sums per meter over a time range from meter_purchase_ledger (migration 0014), the running
 * totals a trigger keeps on every vend, cancel and delete of an issued credit vend: one row per meter and
 * two binary searches, whatever the range, instead of every vend in the range.
 */

type Range = LowPurchaseRequest['dateRange'];

const instants = (range: Range) => ({
  from: range?.[0] ? parseDateTime(range[0]).toISOString() : null,
  to: range?.[1] ? parseDateTime(range[1]).toISOString() : null,
});

/**
 * Whether the ledger answers the range exactly: each meter keeps only its base totals for vends before
 * its folded_before (400 days before its latest vend), so a bound earlier than some meter's fold is
 * summed from the token records instead. One probe of meter_purchase_ledger_folded_idx.
 */
export async function ledgerCovers(q: Queryable, range: Range): Promise<boolean> {
  const { from, to } = instants(range);
  const bounds = [from, to].filter((b): b is string => b !== null).sort();
  const earliest = bounds[0];
  if (earliest === undefined) return true;
  const [row] = await q
    .select({ one: sql<number>`1` })
    .from(meterPurchaseLedger)
    .where(sql`${meterPurchaseLedger.foldedBefore} > ${earliest}::timestamptz`)
    .limit(1);
  return row === undefined;
}

/**
 * Each meter's issued vends in the range: the running total at the last vend at or before `to`, less the
 * one at the last vend before `from` (the base totals cancel out). Without `from`, the base counts.
 * `width_bucket` is the binary search (the number of vend instants at or before the operand); position
 * 0 reads as null, that is none.
 */
function sumsIn(range: Range) {
  const l = meterPurchaseLedger;
  const { from, to } = instants(range);
  const hi = to ? sql`width_bucket(${to}::timestamptz, ${l.vendDates})` : sql`cardinality(${l.vendDates})`;
  const lo = from ? sql`width_bucket(${from}::timestamptz - interval '1 microsecond', ${l.vendDates})` : null;
  const inRange = (base: AnyColumn, cum: AnyColumn): SQL =>
    lo
      ? sql`coalesce(${cum}[${hi}], 0) - coalesce(${cum}[${lo}], 0)`
      : sql`${base} + coalesce(${cum}[${hi}], 0)`;
  return {
    units: sql<number>`${inRange(l.baseUnits, l.cumUnits)}`,
    paid: sql<number>`${inRange(l.basePaidMinor, l.cumPaidMinor)}`,
    times: sql<number>`${inRange(l.baseTimes, l.cumTimes)}`,
  };
}

/**
 * The sums of every meter, for the report's filter, sort and count. Paid is what the limit and the usual
 * sorts need; units and times cost as much again over every meter, so unless the page is sorted by units
 * they are left null here and read for the page's meters alone (ledgerPageSums). The OFFSET 0 keeps the
 * subquery whole, so each sum is computed once per meter and hash-joined, rather than recomputed in the
 * join filter of a nested loop over the accounts.
 */
export function ledgerSums(q: Queryable, range: Range, withUnitsAndTimes: boolean) {
  const sums = sumsIn(range);
  const skipped = sql<number>`null::bigint`;
  return q
    .select({
      meterId: meterPurchaseLedger.meterId,
      units: (withUnitsAndTimes ? sums.units : skipped).as('units'),
      paid: sums.paid.as('paid'),
      times: (withUnitsAndTimes ? sums.times : skipped).as('times'),
    })
    .from(meterPurchaseLedger)
    .offset(0)
    .as('p');
}

/** Units and times in the range for the meters of one page. */
export async function ledgerPageSums(q: Queryable, range: Range, meterIds: string[]) {
  const sums = sumsIn(range);
  const rows = meterIds.length
    ? await q
        .select({ meterId: meterPurchaseLedger.meterId, units: sums.units, times: sums.times })
        .from(meterPurchaseLedger)
        .where(inArray(meterPurchaseLedger.meterId, [...new Set(meterIds)]))
    : [];
  return new Map(rows.map((r) => [r.meterId, { units: Number(r.units), times: Number(r.times) }]));
}
