import { z } from 'zod';
import { MeterCustomerColumns } from './account.js';
import { DateRange, DateTime, IdFilter, ReadRequestBase, sameFields, TextFilter } from './common.js';

/** Reports and AMR reads require `lang` like the original (a missing one is a 400). */
export const Lang = z.string().min(1).max(16);

/** A grid read of a report or of AMR data: it names its language. */
export const LangReadRequest = ReadRequestBase.extend({ lang: Lang });

const num = z.number().nullish();
const flag = z.boolean().nullish();

/** Measurement filters: wire name → unit divisor (kWh/V/A/W on the wire, integers stored). */
export const DAILY_DATA_METER_MEASURES = {
  total1: 10,
  total2: 10,
  remain1: 10,
  remain2: 10,
  intervalDemand: 1000,
  power: 1000,
  voltageA: 10,
  voltageB: 10,
  voltageC: 10,
  currentA: 1000,
  currentB: 1000,
  currentC: 1000,
} as const;
export const DAILY_DATA_METER_FLAGS = [
  'relayOpen',
  'batteryLow',
  'magneticInterference',
  'terminalCoverOpen',
  'coverOpen',
  'source2Activated',
  'currentReverse',
  'currentUnbalance',
  'status',
] as const;
const MEASURE_KEYS = Object.keys(DAILY_DATA_METER_MEASURES) as (keyof typeof DAILY_DATA_METER_MEASURES)[];

/**
 * The water reading, in wire order: a measure's unit divisor (m³ on the wire, 0.1 m³ stored; the battery
 * in whole percent) or 'flag' (true = "Check", false = "Normal").
 */
export const DAILY_DATA_WATER_READING = {
  total: 10,
  totalRecharge: 10,
  remain: 10,
  valveStatus: 'flag',
  valveError: 'flag',
  magneticInterference: 'flag',
  batteryPercentage: 1,
} as const;
type WaterReading = typeof DAILY_DATA_WATER_READING;

/** The water reading's fields, in its order: `measure` for each measure, `flag` for each flag. */
function waterReading<M extends z.ZodType, F extends z.ZodType>(measure: M, flag: F) {
  return Object.fromEntries(
    Object.entries(DAILY_DATA_WATER_READING).map(([k, v]) => [k, v === 'flag' ? flag : measure]),
  ) as { [K in keyof WaterReading]: WaterReading[K] extends 'flag' ? F : M };
}

/** What every interval read filters on: the language, the collection days, the customer and meter. */
const IntervalReadRequest = LangReadRequest.extend({
  currentDateRange: DateRange,
  customerId: IdFilter,
  customerName: TextFilter,
  meterId: IdFilter,
});

/** What every interval row starts with: the day, the account's customer, the meter. */
const IntervalRow = z.object({ currentDate: DateTime, ...MeterCustomerColumns });

/** What every interval row ends with: when the reading was stored, and its remark. */
const IntervalStored = { createDate: DateTime.nullable(), remark: z.string().nullable() };

/** Interval Data (electricity): `/api/DailyDataMeter/read|readMonthly|readMore`. */
export const DailyDataMeterReadRequest = IntervalReadRequest.extend({
  gatewayId: IdFilter,
  ...sameFields(MEASURE_KEYS, () => num),
  ...sameFields(DAILY_DATA_METER_FLAGS, () => flag),
});
export type DailyDataMeterReadRequest = z.infer<typeof DailyDataMeterReadRequest>;

/**
 * kWh, kW (intervalDemand, power), V and A; the flags' status is true = "Check", false = "Normal".
 * The original sends usages as strings.
 */
export const DailyDataMeterRow = IntervalRow.extend({
  usage1: z.string().nullable(),
  usage2: z.string().nullable(),
  ...sameFields(MEASURE_KEYS, () => z.number().nullable()),
  ...sameFields(DAILY_DATA_METER_FLAGS, () => z.boolean().nullable()),
  stationId: z.string(),
  gatewayId: z.string().nullable(),
  ...IntervalStored,
});
export type DailyDataMeterRow = z.infer<typeof DailyDataMeterRow>;

/** Interval Data (Water): `/api/DailyData/read|readMonthly|readMore`. */
export const DailyDataReadRequest = IntervalReadRequest.extend({
  ...waterReading(num, flag),
  remark: TextFilter,
});
export type DailyDataReadRequest = z.infer<typeof DailyDataReadRequest>;

export const DailyDataRow = IntervalRow.extend({
  stationId: z.string(),
  ...waterReading(z.number().nullable(), z.boolean().nullable()),
  ...IntervalStored,
});
export type DailyDataRow = z.infer<typeof DailyDataRow>;

/** `GET /api/DailyDataMeter/readHourly` (no envelope; the integration feed of §2.2). */
export const HourlyFeedQuery = z.object({
  FROM: z.string().min(1),
  TO: z.string().min(1),
  SITE_ID: z.string().max(64).optional(),
  meterId: z.string().max(64).optional(),
  offset: z.coerce.number().int().min(0).default(0),
  pageLimit: z.coerce.number().int().min(1).max(1000).default(100),
});
export const HourlyReading = z.object({
  timestamp: z.string(),
  meterId: z.string(),
  energyBalanceKwh: z.number(),
  energyConsumptionKwh: z.number().nullable(),
  energyReadingKwh: z.number(),
  timeIntervalMinutes: z.number(),
  customerAccountId: z.string(),
});
export const HourlyFeed = z.object({
  total: z.number().int(),
  offset: z.number().int(),
  pageLimit: z.number().int(),
  readings: z.array(HourlyReading),
  errors: z.array(z.string()),
});
export type HourlyFeed = z.infer<typeof HourlyFeed>;
