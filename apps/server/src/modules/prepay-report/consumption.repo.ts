import type { ConsumptionRow, ConsumptionStatisticsRequest, ReportScope } from '@prepay/contracts';
import { and, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { accounts, consumptionDaily, meterDailyData, meters } from '../../db/schema.js';
import { allOf, pageOf, stationScope } from '../../kernel/read-query.js';
import { sortOf } from '../../kernel/sort.js';
import { dayOf, dayToWire, tenths } from '../../kernel/units.js';
import { addDays, addMonths, monthStart } from '../../lib/dates.js';
import type { SessionUser } from '../../lib/user-context.js';

type Answer = { total: number; data: ConsumptionRow[]; scope: ReportScope };

const ELECTRICITY = 0;

/** The request names a meter or a customer: the figures come from that meter's own daily rows. */
const isPerMeter = (req: ConsumptionStatisticsRequest) =>
  Boolean(req.meterId?.trim() || req.customerId?.trim());

/**
 * One row per day: the usage and how many meters were read. From the station summary (its `meters` counts
 * the meters with a reading that day), or from the daily rows when the request names a meter or customer.
 */
function perDay(q: Queryable, req: ConsumptionStatisticsRequest, user: SessionUser) {
  const perMeter = isPerMeter(req);
  const dateCol = perMeter ? meterDailyData.currentDate : consumptionDaily.currentDate;
  const from = dayOf(req.dateRange?.[0]);
  const to = dayOf(req.dateRange?.[1]);
  const conditions = allOf([
    ...(from ? [gte(dateCol, from)] : []),
    ...(to ? [lte(dateCol, to)] : []),
    ...stationScope(perMeter ? meterDailyData.stationId : consumptionDaily.stationId, user, req.stationId),
    ...(perMeter ? meterFilter(req) : []),
  ]);
  if (!perMeter) {
    return q
      .select({
        day: sql<string>`${dateCol}`.as('day'),
        usage: sql<number>`sum(${consumptionDaily.usage})`.as('usage'),
        read: sql<number>`sum(${consumptionDaily.meters})`.as('read'),
      })
      .from(consumptionDaily)
      .where(conditions)
      .groupBy(dateCol)
      .as('days');
  }
  return q
    .select({
      day: sql<string>`${dateCol}`.as('day'),
      usage: sql<number>`sum(coalesce(${meterDailyData.usage1}, 0))`.as('usage'),
      read: sql<number>`count(*)`.as('read'),
    })
    .from(meterDailyData)
    .leftJoin(accounts, eq(accounts.meterId, meterDailyData.meterId))
    .where(conditions)
    .groupBy(dateCol)
    .as('days');
}

function meterFilter(req: ConsumptionStatisticsRequest): Array<SQL | undefined> {
  return [
    req.meterId?.trim() ? eq(meterDailyData.meterId, req.meterId.trim()) : undefined,
    req.customerId?.trim() ? eq(accounts.customerId, req.customerId.trim()) : undefined,
  ];
}

/** The electricity meters the report speaks for: the station's, or the meter or customer asked for. */
async function metersInScope(q: Queryable, req: ConsumptionStatisticsRequest, user: SessionUser) {
  const meterId = req.meterId?.trim();
  const customerId = req.customerId?.trim();
  const owned = customerId
    ? q.select({ m: accounts.meterId }).from(accounts).where(eq(accounts.customerId, customerId))
    : undefined;
  const [row] = await q
    .select({ n: sql<number>`count(*)::int` })
    .from(meters)
    .where(
      and(
        eq(meters.type, ELECTRICITY),
        ...stationScope(meters.stationId, user, req.stationId),
        meterId ? eq(meters.meterId, meterId) : undefined,
        owned ? inArray(meters.meterId, owned) : undefined,
      ),
    );
  return Number(row?.n ?? 0);
}

/**
 * Consumption per day or month, each figure with the meters it stands on, and the report's scope: the
 * period asked for (or the days the data spans), and the most meters read on one day of it out of the
 * electricity meters in scope, so a total over 78 of 2,000 meters is never read as the utility's.
 */
export async function consumptionStatistics(
  q: Queryable,
  req: ConsumptionStatisticsRequest,
  user: SessionUser,
): Promise<Answer> {
  const days = perDay(q, req, user);
  const bucket = req.isDaily ? sql`${days.day}` : sql`date_trunc('month', ${days.day})::date`;
  const grouped = q
    .select({
      d: sql<string>`${bucket}::text`.as('d'),
      u: sql<number>`sum(${days.usage})`.as('u'),
      m: sql<number>`max(${days.read})`.as('m'),
    })
    .from(days)
    .groupBy(bucket)
    .as('g');
  const order = sortOf(
    { currentDate: sql`${grouped.d}`, consumption: sql`${grouped.u}`, meters: sql`${grouped.m}` },
    [sql`${grouped.d} asc`],
    req.orderBy,
  );
  const { limit, offset } = pageOf(req);
  const [span] = await q
    .select({
      total: sql<number>`count(*)::int`,
      first: sql<string | null>`min(${grouped.d})`,
      last: sql<string | null>`max(${grouped.d})`,
      covered: sql<number>`coalesce(max(${grouped.m}), 0)::int`,
    })
    .from(grouped);
  const rows = await q
    .select()
    .from(grouped)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  return {
    total: Number(span?.total ?? 0),
    data: rows.map((r) => ({
      currentDate: dayToWire(String(r.d)),
      consumption: tenths(Number(r.u)) ?? 0,
      meters: Number(r.m),
    })),
    scope: {
      from: req.dateRange?.[0] ?? (span?.first ? dayToWire(String(span.first)) : null),
      to: req.dateRange?.[1] ?? (span?.last ? lastMoment(String(span.last), req.isDaily) : null),
      threshold: null,
      covered: Number(span?.covered ?? 0),
      of: await metersInScope(q, req, user),
    },
  };
}

/** The last second of a day, or of the month a monthly bucket starts. */
const lastMoment = (day: string, isDaily: boolean) =>
  `${isDaily ? day.slice(0, 10) : addDays(addMonths(monthStart(day), 1), -1)} 23:59:59`;
