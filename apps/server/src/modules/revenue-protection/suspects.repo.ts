import {
  SUSPECT_LIMITS,
  SUSPECT_POINTS,
  type SuspectEvidence,
  type SuspectFinding,
  type SuspectsRequest,
  type TransformerBalanceRequest,
  type ZeroBuyerState,
} from '@prepay/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { daysBetween } from '../../lib/dates.js';
import type { SessionUser } from '../../lib/user-context.js';
import { kwhOf, meterScope, numberOf, readMeterFinding, runningOn } from './finding-scope.repo.js';
import { transformerScope } from './findings.repo.js';
import { beyondCreditQuery, zeroBuyersQuery } from './purchase-findings.repo.js';
import { tamperQuery } from './tamper.repo.js';

const P = SUSPECT_POINTS;
const L = SUSPECT_LIMITS;

/**
 * Each meter's average daily use over the range against the as long period before it: the drop in
 * percent where both have readings and something was used before. From the running totals kept on write
 * at three days (the fleet's rows of each day, not two ranges' daily rows a meter).
 */
function consumptionDrop(from: string, to: string, length: number): SQL {
  return sql`
    select meter_id, round((p_units * w_days - w_units * p_days) * 100.0 / (p_units * w_days), 2) as drop_percent
    from (
      select sm.meter_id,
        coalesce(t.read_days, 0) - coalesce(f.read_days, 0) as w_days,
        coalesce(t.units, 0) - coalesce(f.units, 0) as w_units,
        coalesce(f.read_days, 0) - coalesce(p.read_days, 0) as p_days,
        coalesce(f.units, 0) - coalesce(p.units, 0) as p_units
      from sm
      ${runningOn('t', sql`sm.meter_id`, sql`${to}::date`)}
      ${runningOn('f', sql`sm.meter_id`, sql`${from}::date - 1`)}
      ${runningOn('p', sql`sm.meter_id`, sql`${from}::date - ${length + 1}::int`)}
    ) c where p_days > 0 and w_days > 0 and p_units > 0`;
}

/**
 * Each transformer's loss over the range's complete days (as the balance counts them: the check meter
 * read and as many customer meters read as are assigned): lost over delivered. Only the days the check
 * meter read are looked at, so the balance's every-transformer-every-day grid is never built.
 */
function transformerLoss(req: SuspectsRequest, user: SessionUser): SQL {
  const [from, to] = req.days;
  const scope = transformerScope(
    { days: req.days, stationId: req.stationId } as TransformerBalanceRequest,
    user,
  );
  return sql`
    select t.transformer_id,
           round(sum(k.usage1 - coalesce(c.units, 0)) * 100.0 / sum(k.usage1), 2) as loss_percent
    from transformers t
    join meter_daily_data k on k.meter_id = t.check_meter_id
      and k.reading_date between ${from}::date and ${to}::date and k.usage1 is not null
    left join transformer_daily c on c.transformer_id = t.transformer_id and c.reading_date = k.reading_date
    left join (
      select m.transformer_id, count(*)::int as meters from meters m
      where m.transformer_id is not null group by m.transformer_id
    ) n on n.transformer_id = t.transformer_id
    where ${scope} and coalesce(n.meters, 0) = coalesce(c.read, 0)
    group by t.transformer_id having sum(k.usage1) > 0`;
}

/** Every meter in scope with the points each finding gives it and the figures behind them. */
export function suspectsQuery(req: SuspectsRequest, user: SessionUser): SQL {
  const [from, to] = req.days;
  const length = daysBetween(from, to) + 1;
  const zero = { ...req, minDays: length, state: null, asOf: to };
  return sql`
    with sm as (${meterScope(req, user, false)}),
    tp as (${tamperQuery({ ...req, flag: null, minDropPercent: null }, user)}),
    zb as (${zeroBuyersQuery(zero, user, to)}),
    bc as (${beyondCreditQuery({ ...req, asOf: to }, user, to)}),
    cd as (${consumptionDrop(from, to, length)}),
    tl as (${transformerLoss(req, user)}),
    pts as (
      select sm.meter_id, sm.customer_id, sm.transformer_id, sm.station_id,
        tp.event_days as tamper_days, tp.drop_percent as tamper_drop, bc.excess, zb.nonpurchase_days,
        zb.state as zero_state, cd.drop_percent as consumption_drop, tl.loss_percent,
        case when tp.meter_id is not null then ${P.tamper} else 0 end as p_tamper,
        case when tp.drop_percent >= ${L.dropPercent} then ${P.tamperDrop} else 0 end as p_tamper_drop,
        case when bc.meter_id is not null then ${P.beyondCredit} else 0 end as p_beyond_credit,
        case when zb.state = 'consuming' then ${P.zeroBuyerConsuming} else 0 end as p_zero_consuming,
        case when zb.state = 'silent' then ${P.zeroBuyerSilent} else 0 end as p_zero_silent,
        case when cd.drop_percent >= ${L.dropPercent} then ${P.consumptionDrop} else 0 end as p_drop,
        case when tl.loss_percent >= ${L.lossPercent}
          then least(${P.lossyTransformer}, round(tl.loss_percent))::int else 0 end as p_loss
      from sm
      left join tp on tp.meter_id = sm.meter_id
      left join zb on zb.meter_id = sm.meter_id
      left join bc on bc.meter_id = sm.meter_id
      left join cd on cd.meter_id = sm.meter_id
      left join tl on tl.transformer_id = sm.transformer_id
    )
    select * from (
      select pts.*, (p_tamper + p_tamper_drop + p_beyond_credit + p_zero_consuming + p_zero_silent
                     + p_drop + p_loss)::int as score
      from pts
    ) s where score >= ${Math.max(1, req.minScore ?? 1)}`;
}

const SUSPECT_ORDER: Record<string, string> = {
  score: 'score',
  meterId: 'meter_id',
  customerId: 'customer_id',
  transformerId: 'transformer_id',
  stationId: 'station_id',
  tamperDays: 'tamper_days',
  tamperDropPercent: 'tamper_drop',
  excessEnergy: 'excess',
  nonpurchaseDays: 'nonpurchase_days',
  consumptionDropPercent: 'consumption_drop',
  transformerLossPercent: 'loss_percent',
};

type Num = number | string;
interface SuspectRecord {
  meter_id: string;
  customer_id: string | null;
  transformer_id: string | null;
  station_id: string;
  score: Num;
  tamper_days: Num | null;
  tamper_drop: Num | null;
  excess: Num | null;
  nonpurchase_days: Num | null;
  zero_state: ZeroBuyerState | null;
  consumption_drop: Num | null;
  loss_percent: Num | null;
  p_tamper: Num;
  p_tamper_drop: Num;
  p_beyond_credit: Num;
  p_zero_consuming: Num;
  p_zero_silent: Num;
  p_drop: Num;
  p_loss: Num;
}

/** The findings that gave a row points, highest first. */
function evidenceOf(r: SuspectRecord): SuspectEvidence[] {
  const all: [SuspectFinding, Num][] = [
    ['tamper', r.p_tamper],
    ['tamperDrop', r.p_tamper_drop],
    ['beyondCredit', r.p_beyond_credit],
    ['zeroBuyerConsuming', r.p_zero_consuming],
    ['zeroBuyerSilent', r.p_zero_silent],
    ['consumptionDrop', r.p_drop],
    ['lossyTransformer', r.p_loss],
  ];
  return all
    .map(([finding, points]) => ({ finding, points: Number(points) }))
    .filter((e) => e.points > 0)
    .sort((a, b) => b.points - a.points);
}

/** A figure shown only where its finding gave points. */
const when = <T>(points: Num, value: T) => (Number(points) > 0 ? value : null);

function toSuspectRow(r: SuspectRecord) {
  const zeroPoints = Number(r.p_zero_consuming) + Number(r.p_zero_silent);
  return {
    score: Number(r.score),
    evidence: evidenceOf(r),
    tamperDays: when(r.p_tamper, Number(r.tamper_days)),
    tamperDropPercent: when(r.p_tamper_drop, numberOf(r.tamper_drop)),
    excessEnergy: when(r.p_beyond_credit, kwhOf(r.excess)),
    nonpurchaseDays: when(zeroPoints, Number(r.nonpurchase_days)),
    zeroBuyerState: when(zeroPoints, r.zero_state),
    consumptionDropPercent: when(r.p_drop, numberOf(r.consumption_drop)),
    transformerLossPercent: when(r.p_loss, numberOf(r.loss_percent)),
  };
}

/** Meters ranked by score, highest first unless another order is asked. */
export function readSuspects(q: Queryable, req: SuspectsRequest, user: SessionUser) {
  const order = { fields: SUSPECT_ORDER, dflt: 'score desc', tail: 'meter_id asc' };
  return readMeterFinding(q, suspectsQuery(req, user), order, req, toSuspectRow);
}
