import type { TransformerBalanceRequest, TransformerBalanceRow } from '@prepay/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import type { SessionUser } from '../../lib/user-context.js';
import { kwhOf, readFinding } from './finding-scope.repo.js';

/** Wire field → the balance query's output column; ties are broken by day and transformer. */
const BALANCE_ORDER: Record<string, string> = {
  readingDate: 'reading_date',
  transformerId: 'transformer_id',
  feederId: 'feeder_id',
  checkEnergy: 'check_units',
  customerEnergy: 'customer_units',
  lossEnergy: 'loss_units',
  lossPercent: 'loss_percent',
  missingMeters: 'missing_meters',
  stationId: 'station_id',
};

/** The transformers a user may see, narrowed by the request's filters. */
export function transformerScope(req: TransformerBalanceRequest, user: SessionUser): SQL {
  const parts: SQL[] = [sql`true`];
  if (!user.isSystemAdmin) parts.push(sql`t.station_id = ${user.stationId}`);
  if (req.stationId) parts.push(sql`t.station_id = ${req.stationId}`);
  if (req.transformerId?.trim())
    parts.push(sql`t.transformer_id ilike ${`%${likeText(req.transformerId)}%`}`);
  if (req.feederId?.trim()) parts.push(sql`t.feeder_id ilike ${`%${likeText(req.feederId)}%`}`);
  if (req.searchTerm?.trim()) {
    const term = `%${likeText(req.searchTerm)}%`;
    parts.push(sql`(t.transformer_id ilike ${term} or t.transformer_name ilike ${term})`);
  }
  return sql.join(parts, sql` and `);
}

const likeText = (s: string) => s.trim().replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Every (transformer, day) of the range: the check meter's daily usage against the sum of the daily
 * usage of the meters assigned to the transformer, kept per transformer-day on write. The loss is
 * computed only for a complete day (the check meter and every customer meter read): a gap is counted,
 * not filled in.
 */
export function balanceQuery(req: TransformerBalanceRequest, user: SessionUser): SQL {
  const [from, to] = req.days;
  return sql`
    with t as (
      select t.transformer_id, t.transformer_name, t.feeder_id, t.check_meter_id, t.station_id
      from transformers t where ${transformerScope(req, user)}
    ),
    -- An integer series: the planner knows its length (a date series it guesses at 1,000 rows, and
    -- the guess a thousand times too high sends the read through JIT compilation).
    d as (select ${from}::date + i as day from generate_series(0, ${to}::date - ${from}::date) i),
    n as (
      select m.transformer_id, count(*)::int as meters
      from meters m join t on t.transformer_id = m.transformer_id group by m.transformer_id
    ),
    -- The check meters' rows of the range: an index range per check meter, the months outside pruned.
    k as (
      select k.meter_id, k.reading_date, k.usage1 from t
      join meter_daily_data k on k.meter_id = t.check_meter_id
        and k.reading_date between ${from}::date and ${to}::date
    ),
    c as (
      select c.transformer_id, c.reading_date, c.units, c.read from t
      join transformer_daily c on c.transformer_id = t.transformer_id
        and c.reading_date between ${from}::date and ${to}::date
    ),
    b as (
      select t.transformer_id, t.transformer_name, t.feeder_id, t.station_id, d.day as reading_date,
             k.usage1::bigint as check_units, coalesce(c.units, 0)::bigint as customer_units,
             coalesce(n.meters, 0) as customer_meters,
             coalesce(n.meters, 0) - coalesce(c.read, 0) as missing_meters
      from t cross join d
      left join k on k.meter_id = t.check_meter_id and k.reading_date = d.day
      left join c on c.transformer_id = t.transformer_id and c.reading_date = d.day
      left join n on n.transformer_id = t.transformer_id
    )
    select b.*, to_char(b.reading_date, 'YYYY-MM-DD') as day_text,
      case when b.check_units is not null and b.missing_meters = 0
        then b.check_units - b.customer_units end as loss_units,
      case when b.check_units > 0 and b.missing_meters = 0
        then round((b.check_units - b.customer_units) * 100.0 / b.check_units, 2)::float8 end as loss_percent
    from b`;
}

interface BalanceRecord {
  transformer_id: string;
  transformer_name: string | null;
  feeder_id: string | null;
  station_id: string;
  day_text: string;
  check_units: string | number | null;
  customer_units: string | number;
  customer_meters: number;
  missing_meters: number;
  loss_units: string | number | null;
  loss_percent: number | null;
}

const toBalanceRow = (r: BalanceRecord): TransformerBalanceRow => ({
  transformerId: r.transformer_id,
  transformerName: r.transformer_name,
  feederId: r.feeder_id,
  readingDate: r.day_text,
  checkEnergy: kwhOf(r.check_units),
  customerEnergy: kwhOf(r.customer_units) ?? 0,
  lossEnergy: kwhOf(r.loss_units),
  lossPercent: r.loss_percent === null ? null : Number(r.loss_percent),
  customerMeters: Number(r.customer_meters),
  missingMeters: Number(r.missing_meters),
  checkMissing: r.check_units === null,
  stationId: r.station_id,
});

export function readTransformerBalance(q: Queryable, req: TransformerBalanceRequest, user: SessionUser) {
  const order = {
    fields: BALANCE_ORDER,
    dflt: 'reading_date desc',
    tail: 'reading_date desc, transformer_id asc',
  };
  const min = req.minLossPercent;
  const where = min === null || min === undefined ? sql`true` : sql`loss_percent >= ${min}`;
  const rows = sql`select * from (${balanceQuery(req, user)}) b where ${where}`;
  return readFinding(q, rows, order, req, toBalanceRow);
}
