import type { BeyondCreditRequest, ZeroBuyerRow, ZeroBuyersRequest } from '@prepay/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { serverZone } from '../../kernel/units.js';
import { formatDateTime } from '../../lib/dates.js';
import type { SessionUser } from '../../lib/user-context.js';
import { endOfDay, kwhOf, meterScope, numberOf, readMeterFinding, runningOn } from './finding-scope.repo.js';

/**
 * Each account's last issued credit vend up to the end of `asOf` (a cancelled vend is no purchase), with
 * the day it fell on. The meter's last purchase is kept on write (meter_last_purchase, by the vend
 * triggers, cancels included): it answers whenever it lies before the end of `asOf`, which is every meter
 * that has not bought since. Only a meter that bought after `asOf` probes its vends for the one before
 * (the probe's condition on the kept row alone gates it, so the others never run it). Literal kind and
 * status, so the planner can use the partial vend indexes.
 */
function lastPurchase(scope: SQL, asOf: string, join: 'left' | 'inner'): SQL {
  const end = endOfDay(asOf);
  return sql`
    select lp0.*, (lp0.last_purchase at time zone ${serverZone()})::date as purchase_day from (
      select s.*, coalesce(o.create_date, case when l.purchase_date < ${end} then l.purchase_date end)
               as last_purchase,
             coalesce(o.units, case when l.purchase_date < ${end} then l.units end) as bought
      from (${scope}) s left join meter_last_purchase l on l.meter_id = s.meter_id
      left join lateral (
        select t.create_date, t.units from token_records t
        where l.purchase_date >= ${end} and t.meter_id = s.meter_id and t.kind = 'credit' and t.status = 0
          and t.create_date < ${end}
        order by t.create_date desc limit 1
      ) o on true
    ) lp0 ${join === 'inner' ? sql`where last_purchase is not null` : sql``}`;
}

/** The zero buyers' select: accounts without a purchase for minDays up to asOf, and their readings then. */
export function zeroBuyersQuery(req: ZeroBuyersRequest, user: SessionUser, asOf: string): SQL {
  const days = req.minDays;
  const zone = serverZone();
  return sql`
    with z as (
      select lp.*, ${asOf}::date - (coalesce(lp.last_purchase, lp.opened) at time zone ${zone})::date
             as nonpurchase_days
      from (${lastPurchase(meterScope(req, user, true), asOf, 'left')}) lp
      -- An account with no purchase yet counts from its opening, so one opened after asOf is left out.
      where lp.last_purchase is not null or lp.opened < ${endOfDay(asOf)}
    ),
    zb as (select * from z where nonpurchase_days >= ${days}),
    -- Per zero buyer one index range over the days (a join would read the whole fleet's rows of the days
    -- to keep the few zero buyers' ones).
    r as (
      select zb.meter_id, u.* from zb cross join lateral (
        select count(*)::int as read_days, coalesce(sum(d.usage1), 0)::bigint as units,
               max(d.reading_date) as last_day
        from meter_daily_data d
        where d.meter_id = zb.meter_id
          and d.reading_date between ${asOf}::date - ${days - 1}::int and ${asOf}::date
      ) u
    )
    select zb.meter_id, zb.customer_id, zb.transformer_id, zb.station_id, zb.last_purchase,
           zb.nonpurchase_days, coalesce(r.read_days, 0) as read_days, coalesce(r.units, 0) as units,
           to_char(r.last_day, 'YYYY-MM-DD') as last_reading_date,
           case when coalesce(r.read_days, 0) = 0 then 'silent' when r.units > 0 then 'consuming'
                else 'communicating' end as state
    from zb left join r on r.meter_id = zb.meter_id`;
}

const ZERO_BUYER_ORDER: Record<string, string> = {
  meterId: 'meter_id',
  customerId: 'customer_id',
  transformerId: 'transformer_id',
  stationId: 'station_id',
  lastPurchaseDate: 'last_purchase',
  nonpurchaseDays: 'nonpurchase_days',
  readDays: 'read_days',
  energy: 'units',
  lastReadingDate: 'last_reading_date',
  state: 'state',
};

interface ZeroBuyerRecord {
  meter_id: string;
  customer_id: string;
  transformer_id: string | null;
  station_id: string;
  last_purchase: Date | string | null;
  nonpurchase_days: number | string;
  read_days: number | string;
  units: number | string;
  last_reading_date: string | null;
  state: ZeroBuyerRow['state'];
}

const wireTime = (v: Date | string | null) => (v === null ? null : formatDateTime(new Date(v)));

export function readZeroBuyers(q: Queryable, req: ZeroBuyersRequest, user: SessionUser, asOf: string) {
  const rows = req.state
    ? sql`select * from (${zeroBuyersQuery(req, user, asOf)}) y where state = ${req.state}`
    : zeroBuyersQuery(req, user, asOf);
  const order = { fields: ZERO_BUYER_ORDER, dflt: 'nonpurchase_days desc', tail: 'meter_id asc' };
  return readMeterFinding(q, rows, order, req, (r: ZeroBuyerRecord) => ({
    lastPurchaseDate: wireTime(r.last_purchase),
    nonpurchaseDays: Number(r.nonpurchase_days),
    readDays: Number(r.read_days),
    energy: kwhOf(r.units) ?? 0,
    lastReadingDate: r.last_reading_date,
    state: r.state,
  }));
}

/** Readings are summed over at most this many days up to asOf. */
const SINCE_DAYS = 400;
/** The credit before a purchase is read from the last reading at most this many days before its day. */
const CREDIT_LOOKBACK_DAYS = 31;

/** The beyond-credit select: every purchasing account's energy since its last purchase against its credit. */
export function beyondCreditQuery(req: BeyondCreditRequest, user: SessionUser, asOf: string): SQL {
  const emergency = Math.round((req.emergencyCredit ?? 0) * 10);
  return sql`
    with w as (
      select lp.*, greatest(lp.purchase_day + 1, ${asOf}::date - ${SINCE_DAYS - 1}::int) as first_day
      from (${lastPurchase(meterScope(req, user, true), asOf, 'inner')}) lp
    ),
    -- Each meter's energy since its purchase and the credit read before it, from the running totals
    -- kept on write (a per-meter range of daily rows would read up to 400 rows a meter): the totals at
    -- asOf less those at the day before the first day, and the latest credit up to the day before the
    -- purchase if it was read within the lookback.
    s as (
      select w.meter_id, (coalesce(e.read_days, 0) - coalesce(b.read_days, 0))::int as read_days,
             (coalesce(e.units, 0) - coalesce(b.units, 0))::bigint as units,
             case when c.remain_date >= w.purchase_day - ${CREDIT_LOOKBACK_DAYS}::int then c.remain1 end as remain1
      from w
      ${runningOn('e', sql`w.meter_id`, sql`${asOf}::date`)}
      ${runningOn('b', sql`w.meter_id`, sql`w.first_day - 1`, true)}
      ${runningOn('c', sql`w.meter_id`, sql`w.purchase_day - 1`, true)}
    ),
    x as (
      select w.meter_id, w.customer_id, w.transformer_id, w.station_id, w.last_purchase, w.bought,
             s.remain1 as credit_before, s.units, s.read_days,
             greatest(0, ${asOf}::date - w.first_day + 1) - s.read_days as missing_days,
             s.units - (w.bought + coalesce(s.remain1, 0) + ${emergency}::bigint) as excess
      from w join s on s.meter_id = w.meter_id
    )
    select * from x where excess > 0`;
}

const BEYOND_ORDER: Record<string, string> = {
  meterId: 'meter_id',
  customerId: 'customer_id',
  transformerId: 'transformer_id',
  stationId: 'station_id',
  lastPurchaseDate: 'last_purchase',
  purchaseEnergy: 'bought',
  creditBefore: 'credit_before',
  energySince: 'units',
  excessEnergy: 'excess',
  readDays: 'read_days',
  missingDays: 'missing_days',
};

interface BeyondRecord {
  meter_id: string;
  customer_id: string;
  transformer_id: string | null;
  station_id: string;
  last_purchase: Date | string;
  bought: number | string;
  credit_before: number | string | null;
  units: number | string;
  read_days: number | string;
  missing_days: number | string;
  excess: number | string;
}

export function readBeyondCredit(q: Queryable, req: BeyondCreditRequest, user: SessionUser, asOf: string) {
  const order = { fields: BEYOND_ORDER, dflt: 'excess desc', tail: 'meter_id asc' };
  return readMeterFinding(q, beyondCreditQuery(req, user, asOf), order, req, (r: BeyondRecord) => ({
    lastPurchaseDate: wireTime(r.last_purchase) ?? '',
    purchaseEnergy: kwhOf(r.bought) ?? 0,
    creditBefore: kwhOf(r.credit_before),
    emergencyCredit: Math.round((req.emergencyCredit ?? 0) * 10) / 10,
    energySince: kwhOf(r.units) ?? 0,
    excessEnergy: kwhOf(r.excess) ?? 0,
    readDays: Number(numberOf(r.read_days)),
    missingDays: Number(numberOf(r.missing_days)),
  }));
}
