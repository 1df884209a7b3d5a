import type { CashUpRequest } from '@prepay/contracts';
import { type AnyColumn, and, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { tokenRecords } from '../../db/schema.js';
import { stationScope } from '../../lib/read-query.js';
import type { SessionUser } from '../../lib/user-context.js';
import { serverZone } from '../meter-data/units.js';
import { VEND_FIGURES, type VendFigures } from '../vending/index.js';

/** The finest grouping the cash-up needs; every total of the page is a sum of these. */
export interface CashUpCell extends VendFigures {
  operator: string;
  stationId: string;
  paymentMethod: string;
  day: string;
  cancelled: boolean;
  count: number;
}

/** Each vend figure summed over the group, as text (a bigint sum) until figuresOf reads it. */
function figureSums() {
  const total = (c: AnyColumn) => sql<string>`coalesce(sum(${c}), 0)::text`;
  return Object.fromEntries(VEND_FIGURES.map((k) => [k, total(tokenRecords[k])])) as Record<
    keyof VendFigures,
    SQL<string>
  >;
}

const figuresOf = (r: Partial<Record<keyof VendFigures, string>> | undefined) =>
  Object.fromEntries(VEND_FIGURES.map((k) => [k, Number(r?.[k] ?? 0)])) as VendFigures;

/** Midnight starting a day in the server's local zone. */
const startOf = (day: string) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
};
const dayAfter = (day: string) => {
  const d = startOf(day);
  return new Date(d.getFullYear(), d.getMonth(), d.getDate() + 1);
};

/** Credit vends created in [from, to] (whole local days), grouped by operator, station, method, day, status. */
export async function cashUpCells(
  q: Queryable,
  req: CashUpRequest,
  user: SessionUser,
): Promise<CashUpCell[]> {
  const day = sql<string>`to_char((${tokenRecords.createDate} at time zone ${serverZone()})::date, 'YYYY-MM-DD')`;
  const method = sql<string>`coalesce(${tokenRecords.paymentMethod}, '')`;
  const rows = await q
    .select({
      operator: tokenRecords.createId,
      stationId: tokenRecords.stationId,
      paymentMethod: method,
      day,
      status: tokenRecords.status,
      count: sql<number>`count(*)::int`,
      ...figureSums(),
    })
    .from(tokenRecords)
    .where(
      and(
        eq(tokenRecords.kind, 'credit'),
        gte(tokenRecords.createDate, startOf(req.from)),
        lt(tokenRecords.createDate, dayAfter(req.to)),
        ...stationScope(tokenRecords.stationId, user, req.stationId),
      ),
    )
    // By position: the day and method expressions carry parameters, which PostgreSQL would not match.
    .groupBy(sql`1, 2, 3, 4, 5`);
  return rows.map((r) => ({
    operator: r.operator,
    stationId: r.stationId,
    paymentMethod: r.paymentMethod,
    day: r.day,
    cancelled: r.status !== 0,
    count: r.count,
    ...figuresOf(r),
  }));
}

/** Sums of the rows a record page's filter matches (every page), cancelled ones also apart. */
export async function recordTotals(q: Queryable, where: SQL | undefined) {
  const cancelled = sql`${tokenRecords.status} <> 0`;
  const [r] = await q
    .select({
      count: sql<number>`count(*)::int`,
      ...figureSums(),
      cancelledCount: sql<number>`(count(*) filter (where ${cancelled}))::int`,
      cancelledPaidMinor: sql<string>`coalesce(sum(${tokenRecords.totalPaidMinor}) filter (where ${cancelled}), 0)::text`,
    })
    .from(tokenRecords)
    .where(where);
  return {
    count: r?.count ?? 0,
    ...figuresOf(r),
    cancelledCount: r?.cancelledCount ?? 0,
    cancelledPaidMinor: Number(r?.cancelledPaidMinor ?? 0),
  };
}
