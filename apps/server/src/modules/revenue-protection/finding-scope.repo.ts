import { type SQL, sql } from 'drizzle-orm';
import { type Queryable, rowsOf } from '../../db/client.js';
import { escapeLike, withReportSettings } from '../../kernel/read-query.js';
import { addDays, localTime } from '../../lib/dates.js';
import { invalid } from '../../lib/domain-errors.js';
import type { SessionUser } from '../../lib/user-context.js';

/** The request members that narrow a meter finding to some meters. */
export interface MeterFindingScope {
  stationId?: string | null;
  meterId?: string | null;
  customerId?: string | null;
  transformerId?: string | null;
  searchTerm?: string | null;
}

const containsText = (column: string, value: string | null | undefined): SQL | undefined => {
  const v = value?.trim();
  return v ? sql`${sql.raw(column)} ilike ${`%${escapeLike(v)}%`}` : undefined;
};

/**
 * The meters a finding looks at, as a select of (meter_id, customer_id, transformer_id, station_id,
 * opened): the user's station (or the one asked, which never widens it), narrowed by the filters. With
 * `accountsOnly`, meters an account binds (a purchase finding has nobody to ask about the others).
 */
export function meterScope(req: MeterFindingScope, user: SessionUser, accountsOnly: boolean): SQL {
  const parts = [
    user.isSystemAdmin ? undefined : sql`m.station_id = ${user.stationId}`,
    req.stationId ? sql`m.station_id = ${req.stationId}` : undefined,
    containsText('m.meter_id', req.meterId),
    containsText('a.customer_id', req.customerId),
    containsText('m.transformer_id', req.transformerId),
    req.searchTerm?.trim()
      ? sql`(${containsText('m.meter_id', req.searchTerm)} or ${containsText('a.customer_id', req.searchTerm)})`
      : undefined,
  ].filter((p): p is SQL => p !== undefined);
  return sql`
    select m.meter_id, a.customer_id, m.transformer_id, m.station_id, a.create_date as opened
    from meters m ${accountsOnly ? sql`join` : sql`left join`} accounts a on a.meter_id = m.meter_id
    where ${parts.length ? sql.join(parts, sql` and `) : sql`true`}`;
}

/** The day a finding looks up to: the one asked, or yesterday (the server's calendar). */
export const asOfDay = (asOf: string | null | undefined, today: string) => asOf ?? addDays(today, -1);

/** The first instant after a day (purchases are stamped instants; days are the server's calendar). */
export const endOfDay = (day: string) => localTime(addDays(day, 1));

/**
 * An `order by` from the request's "field asc|desc" through the finding's own field → column map
 * (anything else is a 400, never raw SQL), then `tail`, which breaks ties so pages never overlap.
 */
function findingOrder(
  fields: Record<string, string>,
  orderBy: string | null | undefined,
  dflt: string,
  tail: string,
) {
  if (!orderBy?.trim()) return sql.raw(`${dflt}, ${tail}`);
  const [field = '', dir = 'asc'] = orderBy.trim().split(/\s+/);
  const column = Object.entries(fields).find(([k]) => k.toLowerCase() === field.toLowerCase())?.[1];
  if (!column) {
    throw invalid(`cannot sort by "${field}"`, [
      { path: 'orderBy', message: `sortable fields: ${Object.keys(fields).join(', ')}` },
    ]);
  }
  const way = dir.toLowerCase() === 'desc' ? 'desc nulls last' : 'asc nulls first';
  return sql.raw(`${column} ${way}, ${tail}`);
}

/** One page of a finding's rows (a select), the result's size carried on each row; the report settings. */
function findingPage<R>(
  q: Queryable,
  rows: SQL,
  order: SQL,
  req: { pageNumber: number; pageSize: number },
): Promise<{ total: number; rows: R[] }> {
  const offset = (req.pageNumber - 1) * req.pageSize;
  return withReportSettings(q, async (tx) => {
    const page = rowsOf<R & { total: number | string }>(
      await tx.execute(sql`
        select x.*, count(*) over ()::int as total from (${rows}) x
        order by ${order} limit ${req.pageSize} offset ${offset}`),
    );
    if (page[0] || offset === 0) return { total: Number(page[0]?.total ?? 0), rows: page };
    // A page past the end has no row to carry the count.
    const [n] = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from (${rows}) x`));
    return { total: Number(n?.n ?? 0), rows: page };
  });
}

/** How a finding's rows are ordered: its wire field → column map, its default order, its tie-break. */
export interface FindingOrder {
  fields: Record<string, string>;
  dflt: string;
  tail: string;
}

/** A page of a finding: `rows` ordered as the request asks (through `order`), each made a wire row. */
export async function readFinding<R, W>(
  q: Queryable,
  rows: SQL,
  order: FindingOrder,
  req: { orderBy?: string | null; pageNumber: number; pageSize: number },
  toRow: (r: R) => W,
): Promise<{ total: number; data: W[] }> {
  const by = findingOrder(order.fields, req.orderBy, order.dflt, order.tail);
  const page = await findingPage<R>(q, rows, by, req);
  return { total: page.total, data: page.rows.map(toRow) };
}

/** The columns `meterScope` names a meter by, carried into every meter finding's rows. */
interface ScopedMeterRecord {
  meter_id: string;
  customer_id: string | null;
  transformer_id: string | null;
  station_id: string;
}

/**
 * A page of a meter finding: each row leads with the meter as `meterScope` names it (meter, customer,
 * transformer, station), then what `toRow` makes of the finding's own columns.
 */
export function readMeterFinding<R extends ScopedMeterRecord, W>(
  q: Queryable,
  rows: SQL,
  order: FindingOrder,
  req: { orderBy?: string | null; pageNumber: number; pageSize: number },
  toRow: (r: R) => W,
) {
  return readFinding(q, rows, order, req, (r: R) => ({
    meterId: r.meter_id,
    customerId: r.customer_id as R['customer_id'],
    transformerId: r.transformer_id,
    stationId: r.station_id,
    ...toRow(r),
  }));
}

/** Stored 0.1 kWh (bigint: a string from pg, a number from PGlite) → kWh. */
export const kwhOf = (units: string | number | null | undefined) =>
  units === null || units === undefined ? null : Number(units) / 10;

/** A numeric percentage or average as the wire's number. */
export const numberOf = (v: string | number | null | undefined) =>
  v === null || v === undefined ? null : Number(v);

/**
 * A meter's running totals at the end of a day, as a lateral select of (units, read_days, remain1,
 * remain_date): the kept row of its last daily row on or before the day (nothing before: none). A range
 * of days is the row at its end minus the row at the day before its start, two index probes.
 */
export const runningAt = (meterId: SQL, day: SQL, gate: SQL = sql`true`) => sql`(
  select r.units, r.read_days, r.remain1, r.remain_date from meter_usage_running r
  where ${gate} and r.meter_id = ${meterId} and r.reading_date <= ${day}
  order by r.reading_date desc limit 1)`;

/**
 * Every meter's running totals at the end of a day, as a join fragment that makes `alias` a row of
 * (units, read_days, remain1, remain_date) like runningAt. A meter that read that day takes its row of
 * the day from the day-keyed index, where the fleet's rows of a day lie together: for one day for all
 * (`perMeter` false) one range over it and a hash join; for a day of each meter's own (`perMeter`) an
 * exact probe, whose pages are the few days' regions the meters' days fall in rather than a page of
 * every meter's own (the limit keeps the probe a probe: without it the planner may join the whole
 * table). Only a meter without a row that day probes for its last one before (the probe's
 * condition on the day's row alone gates it, so the others never run it).
 */
export const runningOn = (alias: string, meterId: SQL, day: SQL, perMeter = false) => {
  const on = sql.raw(`${alias}_on`);
  const dayRow = sql`select r.meter_id, r.units, r.read_days, r.remain1, r.remain_date from meter_usage_running r`;
  return sql`
    ${
      perMeter
        ? sql`left join lateral (${dayRow} where r.reading_date = ${day} and r.meter_id = ${meterId} limit 1) ${on} on true`
        : sql`left join (${dayRow} where r.reading_date = ${day}) ${on} on ${on}.meter_id = ${meterId}`
    }
    left join lateral (
      select ${on}.units, ${on}.read_days, ${on}.remain1, ${on}.remain_date where ${on}.meter_id is not null
      union all
      select p.* from ${runningAt(meterId, day, sql`${on}.meter_id is null`)} p
    ) ${sql.raw(alias)} on true`;
};
