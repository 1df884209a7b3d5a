import { and, between, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { PgInsertValue, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../db/client.js';
import {
  type AlarmKind,
  alarms,
  meterDailyData,
  meterHourlyData,
  meterLinks,
  meterMonthlyData,
  waterDailyData,
  type waterMonthlyData,
} from '../../db/schema.js';
import { localTime, monthStart } from '../../lib/dates.js';

export type NewDailyRow = typeof meterDailyData.$inferInsert;
export type NewWaterRow = typeof waterDailyData.$inferInsert;
export type NewHourlyRow = typeof meterHourlyData.$inferInsert;

/** Credit below this (0.1 kWh units, i.e. 5 kWh) raises a low-credit alarm. */
export const LOW_CREDIT_TENTHS = 50;
const BATCH = 500;

/**
 * Months whose interval partitions this process has already asked for (PostgreSQL, migration 0009).
 * Only a shortcut: a row of a month without a partition still lands, in the default partition.
 */
const partitioned = new Set<string>();

async function ensurePartitions(q: Queryable, table: string, months: Iterable<string>): Promise<void> {
  const missing = [...new Set(months)].filter((m) => !partitioned.has(`${table}:${m}`));
  if (!missing.length) return;
  await q.execute(
    sql`select interval_partition_month(${table}, m::date) from unnest(${`{${missing.join(',')}}`}::text[]) m`,
  );
  for (const m of missing) partitioned.add(`${table}:${m}`);
}

export interface NewAlarm {
  meterId: string;
  stationId: string;
  kind: AlarmKind;
  detail: string;
  currentDate: string | null;
  raisedDate: Date;
}

/** What a daily row says is abnormal (one alarm per kind). */
export function alarmsOf(r: NewDailyRow, raisedDate: Date): NewAlarm[] {
  const out: NewAlarm[] = [];
  const at = { meterId: r.meterId, stationId: r.stationId, currentDate: r.currentDate, raisedDate };
  const tamper = [
    r.terminalCoverOpen && 'terminal cover open',
    r.coverOpen && 'upper cover open',
    r.magneticInterference && 'magnetic interference',
  ].filter((x): x is string => typeof x === 'string');
  if (tamper.length) out.push({ ...at, kind: 'tamper', detail: tamper.join(', ') });
  if (r.relayOpen) out.push({ ...at, kind: 'relay', detail: 'relay open' });
  if (r.remain1 !== null && r.remain1 !== undefined && r.remain1 < LOW_CREDIT_TENTHS) {
    out.push({ ...at, kind: 'lowCredit', detail: `credit ${(r.remain1 / 10).toFixed(1)} kWh` });
  }
  return out;
}

/**
 * Opens alarms; a meter keeps one open alarm per kind until someone acknowledges it. Answers how many
 * were opened (an alarm whose kind is open already is not).
 */
export async function raiseAlarms(q: Queryable, list: NewAlarm[]): Promise<number> {
  let opened = 0;
  await inBatches(list, async (batch) => {
    const rows = await q
      .insert(alarms)
      .values(batch)
      .onConflictDoNothing({ target: [alarms.meterId, alarms.kind], where: sql`acknowledged = false` })
      .returning({ id: alarms.id });
    opened += rows.length;
  });
  return opened;
}

/** When a daily row's condition was seen: the start of its reading day, never later than now. */
export function eventTime(r: { currentDate: string }, now: Date): Date {
  const day = localTime(r.currentDate);
  return day < now ? day : now;
}

/** The newest row per meter: only the latest reading says whether a condition is still there. */
function latestPerMeter(rows: NewDailyRow[]): NewDailyRow[] {
  const latest = new Map<string, NewDailyRow>();
  for (const r of rows) {
    const had = latest.get(r.meterId);
    if (!had || had.currentDate < r.currentDate) latest.set(r.meterId, r);
  }
  return [...latest.values()];
}

/** The kinds a reading shows over: any reading ends "offline"; a closed relay and credit back end theirs. */
function endedKinds(r: NewDailyRow): AlarmKind[] {
  const out: AlarmKind[] = ['offline'];
  if (r.relayOpen === false) out.push('relay');
  if (r.remain1 !== null && r.remain1 !== undefined && r.remain1 >= LOW_CREDIT_TENTHS) out.push('lowCredit');
  return out;
}

/**
 * Clears open alarms whose condition a newer reading shows ended (raised no later than that reading).
 * Tamper stays open until someone acknowledges it: a closed cover does not undo an opening.
 */
export async function clearEndedAlarms(q: Queryable, rows: NewDailyRow[], now: Date): Promise<void> {
  const ended = latestPerMeter(rows).flatMap((r) =>
    endedKinds(r).map((kind) => ({ id: r.meterId, kind, at: eventTime(r, now).toISOString() })),
  );
  await inBatches(ended, (batch) =>
    q.execute(sql`
      update alarms a set acknowledged = true, ack_id = 'system', ack_date = ${now.toISOString()}::timestamptz,
        ack_remark = 'condition ended'
      from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) as v(id text, kind text, at text)
      where a.acknowledged = false and a.meter_id = v.id and a.kind = v.kind
        and a.raised_date <= v.at::timestamptz`),
  );
}

/**
 * Rows collected without a gateway take the meter's serving gateway (LoRaWAN): Interval Data shows
 * which gateway carried each reading. GPRS meters have none and keep null.
 */
async function withServingGateway(q: Queryable, rows: NewDailyRow[]): Promise<NewDailyRow[]> {
  const missing = [...new Set(rows.filter((r) => !r.gatewayId).map((r) => r.meterId))];
  if (!missing.length) return rows;
  const links = await q
    .select({ meterId: meterLinks.meterId, gatewayId: meterLinks.gatewayId })
    .from(meterLinks)
    .where(and(inArray(meterLinks.meterId, missing), isNotNull(meterLinks.gatewayId)));
  if (!links.length) return rows;
  const serving = new Map(links.map((l) => [l.meterId, l.gatewayId]));
  return rows.map((r) => (r.gatewayId ? r : { ...r, gatewayId: serving.get(r.meterId) ?? null }));
}

type ElectricTable = typeof meterDailyData | typeof meterMonthlyData;
type WaterTable = typeof waterDailyData | typeof waterMonthlyData;

/** The months (yyyy-MM-01) of period days (yyyy-MM-dd), for ensurePartitions. */
const monthsOf = (days: string[]) => days.map(monthStart);

/** Writes rows in batches of BATCH (one statement each keeps its parameter count in bounds). */
async function inBatches<R>(rows: R[], write: (batch: R[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) await write(rows.slice(i, i + BATCH));
}

/** The partitioned tables (PostgreSQL, migration 0009) of the periods' rows. */
const PARTITIONED = new Map<ElectricTable | WaterTable, string>([
  [meterDailyData, 'meter_daily_data'],
  [waterDailyData, 'water_daily_data'],
]);

/**
 * Inserts rows keyed by (meter, period) into the period's partition; a row already there takes `set`.
 */
async function upsertPeriods<T extends ElectricTable | WaterTable>(
  q: Queryable,
  table: T,
  rows: (PgInsertValue<T> & { currentDate: string })[],
  set: PgUpdateSetSource<T>,
) {
  const partitioned = PARTITIONED.get(table);
  if (partitioned) await ensurePartitions(q, partitioned, monthsOf(rows.map((r) => r.currentDate)));
  await inBatches(rows, (batch) =>
    q
      .insert(table)
      .values(batch)
      .onConflictDoUpdate({ target: [table.meterId, table.currentDate], set }),
  );
}

/**
 * Stores daily rows (a re-collection replaces the day's row) and raises their alarms. The consumption
 * summary follows through the table's trigger in the same transaction.
 */
export async function saveDailyRows(
  q: Queryable,
  collected: NewDailyRow[],
  now: Date,
  table: ElectricTable = meterDailyData,
) {
  const rows = await withServingGateway(q, collected);
  // Every column the rows carry, but the key and the first collection's time.
  const set = Object.fromEntries(
    Object.keys(rows[0] ?? {})
      .filter((k) => k !== 'meterId' && k !== 'currentDate' && k !== 'createDate')
      .map((k) => [k, sql.raw(`excluded.${columnName(table, k)}`)]),
  );
  await upsertPeriods(q, table, rows, set);
  if (table !== meterDailyData) return;
  await clearEndedAlarms(q, rows, now);
  await raiseAlarms(
    q,
    rows.flatMap((r) => alarmsOf(r, eventTime(r, now))),
  );
}

export const saveMonthlyRows = (q: Queryable, rows: NewDailyRow[], now: Date) =>
  saveDailyRows(q, rows, now, meterMonthlyData);

export async function saveHourlyRows(q: Queryable, rows: NewHourlyRow[]) {
  await ensurePartitions(q, 'meter_hourly_data', monthsOf(rows.map((r) => r.readingTime.toISOString())));
  await inBatches(rows, (batch) => q.insert(meterHourlyData).values(batch).onConflictDoNothing());
}

/** The hourly totals (0.1 kWh) a meter has stored from `from` to `to`, by reading time (ms). */
export async function storedHourTotals(q: Queryable, meterId: string, from: Date, to: Date) {
  const t = meterHourlyData;
  const rows = await q
    .select({ at: t.readingTime, total1: t.total1 })
    .from(t)
    .where(and(eq(t.meterId, meterId), between(t.readingTime, from, to)));
  return new Map(rows.map((r) => [r.at.getTime(), r.total1]));
}

function columnName(table: ElectricTable, key: string): string {
  const column = table[key as keyof NewDailyRow];
  return `"${column.name}"`;
}

/** Stores water rows, daily or monthly; a re-collection replaces the period's row. */
export async function saveWaterRows(
  q: Queryable,
  rows: NewWaterRow[],
  now: Date,
  table: WaterTable = waterDailyData,
) {
  await upsertPeriods(q, table, rows, waterUpdate(now));
}

/** What a re-collected water row replaces. */
function waterUpdate(now: Date) {
  return {
    stationId: sql`excluded.station_id`,
    total: sql`excluded.total`,
    totalRecharge: sql`excluded.total_recharge`,
    remain: sql`excluded.remain`,
    valveStatus: sql`excluded.valve_status`,
    valveError: sql`excluded.valve_error`,
    magneticInterference: sql`excluded.magnetic_interference`,
    batteryPercentage: sql`excluded.battery_percentage`,
    source: sql`excluded.source`,
    remark: sql`excluded.remark`,
    updateDate: now,
  };
}
