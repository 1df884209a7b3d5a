import { TAMPER_BEFORE_DAYS, type TamperRequest } from '@prepay/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import type { SessionUser } from '../../lib/user-context.js';
import { meterScope, numberOf, readMeterFinding, runningAt, runningOn } from './finding-scope.repo.js';

/** Flag → its daily-data column (a fixed list: the request's flag never reaches the SQL as text). */
const FLAG_COLUMNS = {
  coverOpen: 'cover_open',
  terminalCoverOpen: 'terminal_cover_open',
  magneticInterference: 'magnetic_interference',
  currentReverse: 'current_reverse',
  currentUnbalance: 'current_unbalance',
} as const;

/** A daily row that flags any tamper condition (the partial index of migration 0023 holds exactly these). */
export const ANY_TAMPER = sql.raw(
  `(${Object.values(FLAG_COLUMNS)
    .map((c) => `d.${c}`)
    .join(' or ')})`,
);

const flagCounts = sql.raw(
  Object.values(FLAG_COLUMNS)
    .map((c) => `count(*) filter (where d.${c})::int as ${c}_days`)
    .join(', '),
);

const flagDays = sql.raw(
  Object.values(FLAG_COLUMNS)
    .map((c) => `e.${c}_days`)
    .join(', '),
);

/**
 * The tamper select: per meter with a flagged daily row in the range, the days each flag was raised, and
 * its average daily use in the 30 days before the first event against the days after it to the range's
 * end (the event's day in neither; a row without usage is no reading).
 */
export function tamperQuery(req: TamperRequest, user: SessionUser): SQL {
  const [from, to] = req.days;
  return sql`
    with sm as (${meterScope(req, user, false)}),
    e as (
      select d.meter_id, min(d.reading_date) as first_day, max(d.reading_date) as last_day,
             count(*)::int as event_days, ${flagCounts}
      from meter_daily_data d join sm on sm.meter_id = d.meter_id
      where d.reading_date between ${from}::date and ${to}::date and ${ANY_TAMPER}
      group by d.meter_id
    ),
    -- Per tampered meter the use before and after its first event from the running totals kept on
    -- write: four index probes instead of up to a year of its daily rows (the first events' days spread over
    -- the range, so the three at them go down the meter's own key; the range's end is one day for all).
    ba as (
      select e.meter_id,
        (coalesce(b1.read_days, 0) - coalesce(b0.read_days, 0))::int as b_days,
        (coalesce(b1.units, 0) - coalesce(b0.units, 0))::bigint as b_units,
        (coalesce(a1.read_days, 0) - coalesce(a0.read_days, 0))::int as a_days,
        (coalesce(a1.units, 0) - coalesce(a0.units, 0))::bigint as a_units
      from e
      left join lateral ${runningAt(sql`e.meter_id`, sql`e.first_day - ${TAMPER_BEFORE_DAYS + 1}::int`)} b0 on true
      left join lateral ${runningAt(sql`e.meter_id`, sql`e.first_day - 1`)} b1 on true
      left join lateral ${runningAt(sql`e.meter_id`, sql`e.first_day`)} a0 on true
      ${runningOn('a1', sql`e.meter_id`, sql`${to}::date`)}
    )
    select sm.meter_id, sm.customer_id, sm.transformer_id, sm.station_id, e.first_day, e.last_day,
      e.event_days, ${flagDays},
      to_char(e.first_day, 'YYYY-MM-DD') as first_text, to_char(e.last_day, 'YYYY-MM-DD') as last_text,
      case when ba.b_days > 0 then round(ba.b_units::numeric / ba.b_days / 10, 2) end as before_daily,
      case when ba.a_days > 0 then round(ba.a_units::numeric / ba.a_days / 10, 2) end as after_daily,
      case when ba.b_days > 0 and ba.a_days > 0 and ba.b_units > 0
        then round((ba.b_units * ba.a_days - ba.a_units * ba.b_days) * 100.0 / (ba.b_units * ba.a_days), 2)
      end as drop_percent
    from e join sm on sm.meter_id = e.meter_id left join ba on ba.meter_id = e.meter_id`;
}

const TAMPER_ORDER: Record<string, string> = {
  meterId: 'meter_id',
  customerId: 'customer_id',
  transformerId: 'transformer_id',
  stationId: 'station_id',
  firstEventDate: 'first_day',
  lastEventDate: 'last_day',
  eventDays: 'event_days',
  coverOpenDays: 'cover_open_days',
  terminalCoverOpenDays: 'terminal_cover_open_days',
  magneticInterferenceDays: 'magnetic_interference_days',
  currentReverseDays: 'current_reverse_days',
  currentUnbalanceDays: 'current_unbalance_days',
  beforeDaily: 'before_daily',
  afterDaily: 'after_daily',
  dropPercent: 'drop_percent',
};

type Num = number | string;
interface TamperRecord {
  meter_id: string;
  customer_id: string | null;
  transformer_id: string | null;
  station_id: string;
  first_text: string;
  last_text: string;
  event_days: Num;
  cover_open_days: Num;
  terminal_cover_open_days: Num;
  magnetic_interference_days: Num;
  current_reverse_days: Num;
  current_unbalance_days: Num;
  before_daily: Num | null;
  after_daily: Num | null;
  drop_percent: Num | null;
}

/** The request's own narrowing: a flag it must have raised, a drop it must reach. */
function tamperWhere(req: TamperRequest): SQL {
  const parts: SQL[] = [sql`true`];
  if (req.flag) parts.push(sql.raw(`${FLAG_COLUMNS[req.flag]}_days > 0`));
  if (req.minDropPercent !== null && req.minDropPercent !== undefined)
    parts.push(sql`drop_percent >= ${req.minDropPercent}`);
  return sql.join(parts, sql` and `);
}

export function readTamper(q: Queryable, req: TamperRequest, user: SessionUser) {
  const rows = sql`select * from (${tamperQuery(req, user)}) y where ${tamperWhere(req)}`;
  const order = { fields: TAMPER_ORDER, dflt: 'last_day desc', tail: 'meter_id asc' };
  return readMeterFinding(q, rows, order, req, (r: TamperRecord) => ({
    firstEventDate: r.first_text,
    lastEventDate: r.last_text,
    eventDays: Number(r.event_days),
    coverOpenDays: Number(r.cover_open_days),
    terminalCoverOpenDays: Number(r.terminal_cover_open_days),
    magneticInterferenceDays: Number(r.magnetic_interference_days),
    currentReverseDays: Number(r.current_reverse_days),
    currentUnbalanceDays: Number(r.current_unbalance_days),
    beforeDaily: numberOf(r.before_daily),
    afterDaily: numberOf(r.after_daily),
    dropPercent: numberOf(r.drop_percent),
  }));
}
