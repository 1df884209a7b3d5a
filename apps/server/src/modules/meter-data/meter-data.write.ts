import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import {
  type AlarmKind,
  alarms,
  meterDailyData,
  meterHourlyData,
  meterMonthlyData,
  waterDailyData,
  type waterMonthlyData,
} from '../../db/schema.js';

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

/** Opens alarms; a meter keeps one open alarm per kind until someone acknowledges it. */
export async function raiseAlarms(q: Queryable, list: NewAlarm[]): Promise<void> {
  for (let i = 0; i < list.length; i += BATCH) {
    await q
      .insert(alarms)
      .values(list.slice(i, i + BATCH))
      .onConflictDoNothing({ target: [alarms.meterId, alarms.kind], where: sql`acknowledged = false` });
  }
}

/**
 * Stores daily rows (a re-collection replaces the day's row) and raises their alarms. The consumption
 * summary follows through the table's trigger in the same transaction.
 */
export async function saveDailyRows(
  q: Queryable,
  rows: NewDailyRow[],
  now: Date,
  table: typeof meterDailyData | typeof meterMonthlyData = meterDailyData,
) {
  if (table === meterDailyData)
    await ensurePartitions(
      q,
      'meter_daily_data',
      rows.map((r) => `${r.currentDate.slice(0, 7)}-01`),
    );
  for (let i = 0; i < rows.length; i += BATCH) {
    await q
      .insert(table)
      .values(rows.slice(i, i + BATCH))
      .onConflictDoUpdate({
        target: [table.meterId, table.currentDate],
        set: Object.fromEntries(
          Object.keys(rows[0] ?? {})
            .filter((k) => k !== 'meterId' && k !== 'currentDate' && k !== 'createDate')
            .map((k) => [k, sql.raw(`excluded.${columnName(table, k)}`)]),
        ),
      });
  }
  if (table === meterDailyData)
    await raiseAlarms(
      q,
      rows.flatMap((r) => alarmsOf(r, now)),
    );
}

export const saveMonthlyRows = (q: Queryable, rows: NewDailyRow[], now: Date) =>
  saveDailyRows(q, rows, now, meterMonthlyData);

export async function saveHourlyRows(q: Queryable, rows: NewHourlyRow[]) {
  await ensurePartitions(
    q,
    'meter_hourly_data',
    rows.map((r) => `${r.readingTime.toISOString().slice(0, 7)}-01`),
  );
  for (let i = 0; i < rows.length; i += BATCH) {
    await q
      .insert(meterHourlyData)
      .values(rows.slice(i, i + BATCH))
      .onConflictDoNothing();
  }
}

function columnName(table: typeof meterDailyData | typeof meterMonthlyData, key: string): string {
  const column = table[key as keyof NewDailyRow];
  return `"${column.name}"`;
}

/** Stores water rows, daily or monthly; a re-collection replaces the period's row. */
export async function saveWaterRows(
  q: Queryable,
  rows: NewWaterRow[],
  now: Date,
  table: typeof waterDailyData | typeof waterMonthlyData = waterDailyData,
) {
  if (table === waterDailyData)
    await ensurePartitions(
      q,
      'water_daily_data',
      rows.map((r) => `${r.currentDate.slice(0, 7)}-01`),
    );
  for (let i = 0; i < rows.length; i += BATCH) {
    await q
      .insert(table)
      .values(rows.slice(i, i + BATCH))
      .onConflictDoUpdate({
        target: [table.meterId, table.currentDate],
        set: {
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
        },
      });
  }
}
