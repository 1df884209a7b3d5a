import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  type PgColumnBuilderBase,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { bigNumber, bigNumberZero, changeDates, insertedDate, serialId, ts } from './columns.js';

/** Calendar dates travel as "yyyy-MM-dd" strings: a meter's frozen day has no time zone. */
const day = (name: string) => date(name, { mode: 'string' });

/** Where a reading row came from ("collected" by a reading task, "seed" demo history), and its stamps. */
const readingRowTail = {
  source: text('source').notNull().default('collected'),
  remark: text('remark'),
  ...changeDates,
};

/**
 * The interval fields of an electricity reading, integers only: energy and credit
 * in 0.1 kWh, demand and power in W, voltages in 0.1 V, currents in mA.
 */
const electricityFields = {
  stationId: text('station_id').notNull(),
  gatewayId: text('gateway_id'),
  usage1: bigNumber('usage1'),
  usage2: bigNumber('usage2'),
  total1: bigNumber('total1'),
  total2: bigNumber('total2'),
  remain1: bigNumber('remain1'),
  remain2: bigNumber('remain2'),
  intervalDemand: integer('interval_demand'),
  power: integer('power'),
  voltageA: integer('voltage_a'),
  voltageB: integer('voltage_b'),
  voltageC: integer('voltage_c'),
  currentA: integer('current_a'),
  currentB: integer('current_b'),
  currentC: integer('current_c'),
  relayOpen: boolean('relay_open'),
  batteryLow: boolean('battery_low'),
  magneticInterference: boolean('magnetic_interference'),
  terminalCoverOpen: boolean('terminal_cover_open'),
  coverOpen: boolean('cover_open'),
  source2Activated: boolean('source2_activated'),
  currentReverse: boolean('current_reverse'),
  currentUnbalance: boolean('current_unbalance'),
  /** true = "Check" (some flag set or the meter did not report), false = "Normal". */
  status: boolean('status'),
  ...readingRowTail,
};

/** What a reading table holds besides its key: the owning station, then the reading's own columns. */
type ReadingFields = Record<string, PgColumnBuilderBase> & { stationId: typeof electricityFields.stationId };
/** The key of a frozen-register row: the meter, then the reading date (a day, or a month's first day). */
const readingKey = { meterId: text('meter_id').notNull(), currentDate: day('reading_date').notNull() };

/**
 * A table of frozen-register rows, one per meter per reading date. The key leads with the meter and ends
 * with the date, so on PostgreSQL the table can be range-partitioned by date without changing a query.
 * Both indexes end with the grid's default order (newest day first, then meter), so a page is read in
 * index order and stops after its rows instead of sorting a day's 100,000 rows.
 */
function readingTable<N extends string, F extends ReadingFields>(name: N, fields: F) {
  return pgTable<N, typeof readingKey & F>(name, { ...readingKey, ...fields }, (t) => [
    primaryKey({ columns: [t.meterId, t.currentDate] }),
    index(`${name}_station_date_idx`).on(t.stationId, t.currentDate.desc().nullsFirst(), t.meterId),
    index(`${name}_date_idx`).on(t.currentDate.desc().nullsFirst(), t.meterId),
  ]);
}

/** Electricity: the daily frozen registers. */
export const meterDailyData = readingTable('meter_daily_data', electricityFields);

/** Electricity: the settlement-day frozen registers, one row per month (dated its first day). */
export const meterMonthlyData = readingTable('meter_monthly_data', electricityFields);

/** Hourly readings of meters that report them (the Hourly row action and the readHourly feed). */
export const meterHourlyData = pgTable(
  'meter_hourly_data',
  {
    meterId: text('meter_id').notNull(),
    readingTime: ts('reading_time').notNull(),
    stationId: text('station_id').notNull(),
    /** 0.1 kWh. */
    total1: bigNumber('total1').notNull(),
    remain1: bigNumber('remain1'),
    usage1: bigNumber('usage1'),
    createDate: insertedDate(),
  },
  (t) => [
    primaryKey({ columns: [t.meterId, t.readingTime] }),
    // The readHourly feed's order (time, then meter) within a station.
    index('meter_hourly_data_station_time_idx').on(t.stationId, t.readingTime, t.meterId),
    index('meter_hourly_data_time_idx').on(t.readingTime, t.meterId),
  ],
);

/** Water: volumes in 0.1 m³ units, battery in whole percent. */
const waterFields = {
  stationId: text('station_id').notNull(),
  total: bigNumber('total'),
  totalRecharge: bigNumber('total_recharge'),
  remain: bigNumber('remain'),
  valveStatus: boolean('valve_status'),
  valveError: boolean('valve_error'),
  magneticInterference: boolean('magnetic_interference'),
  batteryPercentage: integer('battery_percentage'),
  ...readingRowTail,
};

export const waterDailyData = readingTable('water_daily_data', waterFields);

/** Water: the settlement-day registers, one row per month, read by station and month (one index). */
export const waterMonthlyData = pgTable('water_monthly_data', { ...readingKey, ...waterFields }, (t) => [
  primaryKey({ columns: [t.meterId, t.currentDate] }),
  index('water_monthly_data_station_date_idx').on(t.stationId, t.currentDate),
]);

/** The key of a total kept per station and reading day. */
const stationDayKey = { stationId: text('station_id').notNull(), currentDate: day('reading_date').notNull() };

/** A table of totals per station and reading day, kept by a trigger in the writer's transaction. */
function stationDayTable<N extends string, C extends Record<string, PgColumnBuilderBase>>(
  name: N,
  columns: C,
) {
  return pgTable<N, typeof stationDayKey & C>(name, { ...stationDayKey, ...columns }, (t) => [
    primaryKey({ columns: [t.stationId, t.currentDate] }),
  ]);
}

/**
 * Water meters' daily rows per station and day (trigger on water_daily_data): Interval Data (Water)
 * reads its total from here instead of counting a year of rows.
 */
export const waterDailyCounts = stationDayTable('water_daily_counts', {
  meters: integer('meters').notNull().default(0),
});

/**
 * Electricity consumption per station and day, the sum of usage1 over the day's rows (trigger on
 * meter_daily_data), so inserts, re-collections and deletes stay exact.
 */
export const consumptionDaily = stationDayTable('consumption_daily', {
  usage: bigNumberZero('usage'),
  meters: integer('meters').notNull().default(0),
});

/**
 * Issued (not cancelled) credit vends per station and UTC hour, kept by a trigger on token_records. An
 * hour bucket needs no time zone at write time; reports group hours into the server's local days.
 */
export const purchaseHourly = pgTable(
  'purchase_hourly',
  {
    stationId: text('station_id').notNull(),
    hour: ts('hour').notNull(),
    times: integer('times').notNull().default(0),
    units: bigNumberZero('units'),
    paidMinor: bigNumberZero('paid_minor'),
  },
  (t) => [primaryKey({ columns: [t.stationId, t.hour] })],
);

/** Each meter's last issued credit vend (Long Nonpurchase Situation), kept by the same trigger. */
export const meterLastPurchase = pgTable(
  'meter_last_purchase',
  {
    meterId: text('meter_id').primaryKey(),
    recordId: bigNumber('record_id').notNull(),
    purchaseDate: ts('purchase_date').notNull(),
    units: bigNumber('units').notNull(),
    paidMinor: bigNumber('paid_minor').notNull(),
  },
  (t) => [index('meter_last_purchase_date_idx').on(t.purchaseDate)],
);

/**
 * Each meter's issued (not cancelled) credit vends as running totals by vend time, kept by a trigger on
 * token_records (migration 0014): a purchase sum over any time range is two binary searches
 * (width_bucket) and two subtractions per meter, so Low Purchase Situation reads one row per meter
 * whatever the range. Vends more than 400 days older than the meter's latest are folded into the base
 * totals (the arrays stay bounded); folded_before says where, and a range reaching before it is summed
 * from the token records instead.
 */
export const meterPurchaseLedger = pgTable(
  'meter_purchase_ledger',
  {
    meterId: text('meter_id').primaryKey(),
    /** Vends before this instant are in the base totals only; null when nothing is folded. */
    foldedBefore: ts('folded_before'),
    baseTimes: integer('base_times').notNull().default(0),
    baseUnits: bigNumberZero('base_units'),
    basePaidMinor: bigNumberZero('base_paid_minor'),
    /** Distinct vend instants, ascending; cum_* at position i = base excluded, vends up to vend_dates[i]. */
    vendDates: ts('vend_dates').array().notNull().default(sql`'{}'`),
    cumTimes: integer('cum_times').array().notNull().default(sql`'{}'`),
    cumUnits: bigNumber('cum_units').array().notNull().default(sql`'{}'`),
    cumPaidMinor: bigNumber('cum_paid_minor').array().notNull().default(sql`'{}'`),
  },
  (t) => [index('meter_purchase_ledger_folded_idx').on(t.foldedBefore)],
);

export type AlarmKind = 'tamper' | 'relay' | 'lowCredit' | 'offline';

/** Abnormal conditions seen in meter data; one open alarm per meter and kind until acknowledged. */
export const alarms = pgTable(
  'alarms',
  {
    id: serialId(),
    meterId: text('meter_id').notNull(),
    stationId: text('station_id').notNull(),
    kind: text('kind').$type<AlarmKind>().notNull(),
    detail: text('detail'),
    raisedDate: ts('raised_date').notNull(),
    /** The reading date that raised it. */
    currentDate: day('reading_date'),
    acknowledged: boolean('acknowledged').notNull().default(false),
    ackId: text('ack_id'),
    ackDate: ts('ack_date'),
    ackRemark: text('ack_remark'),
  },
  (t) => [
    uniqueIndex('alarms_open_idx').on(t.meterId, t.kind).where(sql`acknowledged = false`),
    index('alarms_station_idx').on(t.stationId, t.acknowledged, t.raisedDate),
  ],
);

/**
 * Per transformer and day, the sum of usage1 and the count of rows with one over the meters assigned to
 * the transformer (triggers on meter_daily_data and meters, migration 0027): the transformer balance
 * reads a row per transformer-day instead of the fleet's daily rows.
 */
export const transformerDaily = pgTable(
  'transformer_daily',
  {
    transformerId: text('transformer_id').notNull(),
    readingDate: day('reading_date').notNull(),
    units: bigNumberZero('units'),
    read: integer('read').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.transformerId, t.readingDate] })],
);

/**
 * Per meter and daily row, the running sum of usage1, the running count of rows with one, and the latest
 * credit read up to that day with its day (triggers on meter_daily_data): a range of a meter's days is
 * two probes instead of its rows.
 */
export const meterUsageRunning = pgTable(
  'meter_usage_running',
  {
    meterId: text('meter_id').notNull(),
    readingDate: day('reading_date').notNull(),
    units: bigNumberZero('units'),
    readDays: integer('read_days').notNull().default(0),
    remain1: bigNumber('remain1'),
    remainDate: day('remain_date'),
  },
  (t) => [primaryKey({ columns: [t.meterId, t.readingDate] })],
);
