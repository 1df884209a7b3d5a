import type { LineChart, PanelGroup } from '@prepay/contracts';
import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import {
  accounts,
  alarms,
  consumptionDaily,
  purchaseHourly,
  remoteTasks,
  tokenRecords,
} from '../../db/schema.js';
import { allOf, stationScope } from '../../kernel/read-query.js';
import { money, serverZone, tenths } from '../../kernel/units.js';
import { addDays, addHours, addMonths, hourStart, localDay, localTime } from '../../lib/dates.js';
import type { SessionUser } from '../../lib/user-context.js';

const ALARM_NAMES = {
  tamper: 'Tamper',
  relay: 'Relay',
  lowCredit: 'Low Credit',
  offline: 'Offline',
} as const;

/** The last n local days ending today, oldest first ("yyyy-MM-dd"). */
export function lastDays(now: Date, n: number): string[] {
  return Array.from({ length: n }, (_, i) => addDays(localDay(now), -(n - 1 - i)));
}

export function lastMonths(now: Date, n: number): string[] {
  return Array.from({ length: n }, (_, i) => addMonths(localDay(now), -(n - 1 - i)).slice(0, 7));
}

const startOf = (day: string) => localTime(day);

export async function panelGroup(q: Queryable, user: SessionUser): Promise<PanelGroup> {
  const [acc] = await q
    .select({ n: sql<number>`count(*)::int` })
    .from(accounts)
    .where(allOf(stationScope(accounts.stationId, user)));
  const [p] = await q
    .select({
      times: sql<string>`coalesce(sum(${purchaseHourly.times}), 0)::text`,
      units: sql<string>`coalesce(sum(${purchaseHourly.units}), 0)::text`,
      paid: sql<string>`coalesce(sum(${purchaseHourly.paidMinor}), 0)::text`,
    })
    .from(purchaseHourly)
    .where(allOf(stationScope(purchaseHourly.stationId, user)));
  return {
    totalAccountCount: Number(acc?.n ?? 0),
    totalPurchaseTimes: Number(p?.times ?? 0),
    totalPurchaseUnit: tenths(Number(p?.units ?? 0)) ?? 0,
    totalPurchaseMoney: money(Number(p?.paid ?? 0)),
  };
}

function fill(
  keys: string[],
  rows: { k: string; v: number | string }[],
  map: (v: number) => number,
): LineChart {
  const byKey = new Map(rows.map((r) => [String(r.k), Number(r.v)]));
  return { xData: keys, yData: keys.map((k) => map(byKey.get(k) ?? 0)) };
}

/** Types 0–3: accounts that bought, vends, units and money per local day. */
async function purchasesPerDay(
  q: Queryable,
  user: SessionUser,
  type: number,
  days: string[],
): Promise<LineChart> {
  const since = startOf(days[0] ?? localDay(new Date()));
  const zone = serverZone();
  if (type === 0) {
    const day = sql<string>`((${tokenRecords.createDate} at time zone ${zone})::date)::text`;
    const rows = await q
      .select({ k: day, v: sql<number>`count(distinct ${tokenRecords.meterId})::int` })
      .from(tokenRecords)
      .where(
        allOf([
          // Literals, not parameters: the partial covering index token_records_issued_credit_date_idx
          // (migration 0009) then answers the range index-only.
          sql`${tokenRecords.kind} = 'credit' and ${tokenRecords.status} = 0`,
          gte(tokenRecords.createDate, since),
          ...stationScope(tokenRecords.stationId, user),
        ]),
      )
      .groupBy(sql`1`); // by position: the zone is a bound parameter
    return fill(days, rows, (v) => v);
  }
  const day = sql<string>`((${purchaseHourly.hour} at time zone ${zone})::date)::text`;
  const column =
    type === 1 ? purchaseHourly.times : type === 2 ? purchaseHourly.units : purchaseHourly.paidMinor;
  const rows = await q
    .select({ k: day, v: sql<string>`sum(${column})::text` })
    .from(purchaseHourly)
    .where(allOf([gte(purchaseHourly.hour, since), ...stationScope(purchaseHourly.stationId, user)]))
    .groupBy(sql`1`); // by position: the zone is a bound parameter
  return fill(days, rows, type === 1 ? (v) => v : type === 2 ? (v) => tenths(v) ?? 0 : money);
}

async function consumption(
  q: Queryable,
  user: SessionUser,
  keys: string[],
  monthly: boolean,
): Promise<LineChart> {
  const first = monthly ? `${keys[0]}-01` : (keys[0] ?? '');
  const bucket = monthly
    ? sql<string>`to_char(${consumptionDaily.currentDate}, 'YYYY-MM')`
    : sql<string>`${consumptionDaily.currentDate}::text`;
  const rows = await q
    .select({ k: bucket, v: sql<string>`sum(${consumptionDaily.usage})::text` })
    .from(consumptionDaily)
    .where(
      allOf([gte(consumptionDaily.currentDate, first), ...stationScope(consumptionDaily.stationId, user)]),
    )
    .groupBy(bucket);
  return fill(keys, rows, (v) => tenths(v) ?? 0);
}

/** Type 6: share of finished reading/control tasks that succeeded, per hour, over the last n hours (null: none finished). */
async function successRate(q: Queryable, user: SessionUser, now: Date, hours: number): Promise<LineChart> {
  const top = hourStart(now);
  const starts = Array.from({ length: hours }, (_, i) => addHours(top, -(hours - 1 - i)));
  const hour = sql<string>`to_char(date_trunc('hour', ${remoteTasks.updateDate} at time zone 'UTC'), 'YYYY-MM-DD"T"HH24')`;
  const rows = await q
    .select({
      k: hour,
      ok: sql<number>`count(*) filter (where ${remoteTasks.status} = 1)::int`,
      n: sql<number>`count(*)::int`,
    })
    .from(remoteTasks)
    .where(
      allOf([
        inArray(remoteTasks.status, [1, 2]),
        gte(remoteTasks.updateDate, starts[0] ?? top),
        ...stationScope(remoteTasks.stationId, user),
      ]),
    )
    .groupBy(hour);
  const byHour = new Map(rows.map((r) => [r.k, r]));
  const pad = (n: number) => String(n).padStart(2, '0');
  return {
    xData: starts.map((d) => `${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:00`),
    yData: starts.map((d) => {
      const r = byHour.get(d.toISOString().slice(0, 13));
      // Whole per-mille, shown as a percentage with one decimal; an hour with no finished task has no
      // rate at all, and drawing it as 0 % would report failures that never happened.
      return r && r.n > 0 ? Math.round((r.ok * 1000) / r.n) / 10 : null;
    }),
  };
}

async function openAlarms(q: Queryable, user: SessionUser): Promise<LineChart> {
  const rows = await q
    .select({ k: alarms.kind, v: sql<number>`count(*)::int` })
    .from(alarms)
    .where(and(eq(alarms.acknowledged, false), allOf(stationScope(alarms.stationId, user))))
    .groupBy(alarms.kind);
  const kinds = Object.keys(ALARM_NAMES) as (keyof typeof ALARM_NAMES)[];
  const byKind = new Map(rows.map((r) => [r.k, Number(r.v)]));
  return { xData: kinds.map((k) => ALARM_NAMES[k]), yData: kinds.map((k) => byKind.get(k) ?? 0) };
}

export async function lineChart(
  q: Queryable,
  user: SessionUser,
  now: Date,
  req: { type: number; days: number },
): Promise<LineChart> {
  if (req.type <= 3) return purchasesPerDay(q, user, req.type, lastDays(now, req.days));
  if (req.type === 4) return consumption(q, user, lastDays(now, req.days), false);
  if (req.type === 5) return consumption(q, user, lastMonths(now, Math.min(req.days, 120)), true);
  if (req.type === 6) return successRate(q, user, now, req.days);
  return openAlarms(q, user);
}
