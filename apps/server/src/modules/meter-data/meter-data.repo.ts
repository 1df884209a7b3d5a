import {
  DAILY_DATA_METER_FLAGS,
  DAILY_DATA_METER_MEASURES,
  type DailyDataMeterReadRequest,
  type DailyDataMeterRow,
  type DailyDataReadRequest,
  type DailyDataRow,
} from '@prepay/contracts';
import { asc, eq, getTableColumns, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../db/client.js';
import {
  accounts,
  consumptionDaily,
  customers,
  meterDailyData,
  meterHourlyData,
  meterMonthlyData,
  meters,
  waterDailyCounts,
  waterDailyData,
  waterMonthlyData,
} from '../../db/schema.js';
import { joinMeterCustomer } from '../../kernel/meter-customer.js';
import {
  allOf,
  commonConditions,
  contains,
  equals,
  orderOf,
  pageOf,
  type ReadSpec,
  sortableBy,
  stationScope,
} from '../../kernel/read-query.js';
import { dayOf, dayToWire, tenths, thousandths } from '../../kernel/units.js';
import { formatDateTime } from '../../lib/dates.js';
import type { SessionUser } from '../../lib/user-context.js';

type ElectricTable = typeof meterDailyData | typeof meterMonthlyData;
type WaterTable = typeof waterDailyData | typeof waterMonthlyData;

function dayRange(column: PgColumn, range: readonly (string | null)[] | null | undefined): SQL[] {
  const from = dayOf(range?.[0]);
  const to = dayOf(range?.[1]);
  return [...(from ? [gte(column, from)] : []), ...(to ? [lte(column, to)] : [])];
}

/**
 * "Meter id contains": matched on the meters table (trigram index), then the interval rows are read by
 * their (meter, date) key instead of scanning a year of rows.
 */
function meterMatch(column: PgColumn, value: string | null | undefined): SQL | undefined {
  const match = contains(meters.meterId, value);
  return match ? sql`${column} in (select ${meters.meterId} from ${meters} where ${match})` : undefined;
}

type IntervalTable = ElectricTable | WaterTable | typeof meterHourlyData;

/** An interval table's rows with the account's customer (left joins: a meter need not be bound). */
function withCustomer(q: Queryable, t: IntervalTable, where: SQL | undefined) {
  return (fields: Parameters<Queryable['select']>[0]) =>
    joinMeterCustomer(q.select(fields).from(t).$dynamic(), t.meterId).where(where);
}

/** The filters the daily and monthly reads share, in this order: scope and search, dates, meter, customer. */
function intervalConditions(
  spec: ReadSpec,
  t: ElectricTable | WaterTable,
  req: DailyDataReadRequest | DailyDataMeterReadRequest,
  user: SessionUser,
  meter: SQL | undefined,
): (SQL | undefined)[] {
  return [
    ...commonConditions(spec, req, user),
    ...dayRange(t.currentDate, req.currentDateRange),
    meter,
    contains(accounts.customerId, req.customerId),
    contains(customers.customerName, req.customerName),
  ];
}

/** One page of those rows in the given order. */
async function pageWithCustomer<T extends IntervalTable>(
  select: ReturnType<typeof withCustomer>,
  t: T,
  order: SQL[],
  req: { pageNumber: number; pageSize: number },
): Promise<WithCustomer<T['$inferSelect']>[]> {
  const { limit, offset } = pageOf(req);
  const fields = {
    r: getTableColumns(t),
    customerId: accounts.customerId,
    customerName: customers.customerName,
  };
  return (await select(fields)
    .orderBy(...order)
    .limit(limit)
    .offset(offset)) as WithCustomer<T['$inferSelect']>[];
}

/**
 * A reading grid's spec, electric or water, daily or monthly: the day, the meter, its customer (joined
 * through the account) and station sort and search alike, newest day first; `measures` are the grid's own.
 */
function readingSpec(
  t: ElectricTable | WaterTable,
  measures: ReadSpec['sortable'],
  search: PgColumn[] = [],
): ReadSpec {
  const common = sortableBy(t, [
    'currentDate',
    'meterId',
    ['customerId', accounts.customerId],
    ['customerName', customers.customerName],
    'stationId',
  ]);
  return {
    sortable: { ...common, ...measures },
    defaultOrder: [sql`${t.currentDate} desc`, asc(t.meterId)],
    search: [t.meterId, accounts.customerId, customers.customerName, ...search],
    createDate: t.createDate,
    updateDate: t.updateDate,
    station: t.stationId,
  };
}

function electricSpec(t: ElectricTable): ReadSpec {
  const measures = sortableBy(t, ['gatewayId', 'usage1', 'usage2']);
  for (const k of [...Object.keys(DAILY_DATA_METER_MEASURES), ...DAILY_DATA_METER_FLAGS]) {
    measures[k] = t[k as keyof typeof DAILY_DATA_METER_MEASURES];
  }
  return readingSpec(t, measures, [t.gatewayId]);
}

/** An exact-match measurement filter in wire units becomes a stored-integer comparison. */
function measureFilters(t: ElectricTable, req: DailyDataMeterReadRequest): (SQL | undefined)[] {
  const out: (SQL | undefined)[] = [];
  for (const [k, scale] of Object.entries(DAILY_DATA_METER_MEASURES)) {
    const v = req[k as keyof typeof DAILY_DATA_METER_MEASURES];
    if (v !== null && v !== undefined)
      out.push(eq(t[k as keyof typeof DAILY_DATA_METER_MEASURES], Math.round(v * scale)));
  }
  for (const k of DAILY_DATA_METER_FLAGS) out.push(equals(t[k], req[k]));
  return out;
}

type ElectricRow = typeof meterDailyData.$inferSelect;
type WithCustomer<R> = { r: R; customerId: string | null; customerName: string | null };
type Named = WithCustomer<ElectricRow>;

export function toDailyDataMeterRow({ r, customerId, customerName }: Named): DailyDataMeterRow {
  return {
    currentDate: dayToWire(r.currentDate),
    customerId,
    customerName,
    meterId: r.meterId,
    usage1: r.usage1 === null ? null : String(tenths(r.usage1)),
    usage2: r.usage2 === null ? null : String(tenths(r.usage2)),
    total1: tenths(r.total1),
    total2: tenths(r.total2),
    remain1: tenths(r.remain1),
    remain2: tenths(r.remain2),
    intervalDemand: thousandths(r.intervalDemand),
    power: thousandths(r.power),
    voltageA: tenths(r.voltageA),
    voltageB: tenths(r.voltageB),
    voltageC: tenths(r.voltageC),
    currentA: thousandths(r.currentA),
    currentB: thousandths(r.currentB),
    currentC: thousandths(r.currentC),
    relayOpen: r.relayOpen,
    batteryLow: r.batteryLow,
    magneticInterference: r.magneticInterference,
    terminalCoverOpen: r.terminalCoverOpen,
    coverOpen: r.coverOpen,
    source2Activated: r.source2Activated,
    currentReverse: r.currentReverse,
    currentUnbalance: r.currentUnbalance,
    status: r.status,
    stationId: r.stationId,
    gatewayId: r.gatewayId,
    createDate: formatDateTime(r.createDate),
    remark: r.remark,
  };
}

/** The page's meters' customers (id and name), read after paging. */
async function customersOfMeters(q: Queryable, meterIds: string[]) {
  if (meterIds.length === 0)
    return new Map<string, { customerId: string | null; customerName: string | null }>();
  const rows = await q
    .select({
      meterId: accounts.meterId,
      customerId: accounts.customerId,
      customerName: customers.customerName,
    })
    .from(accounts)
    .leftJoin(customers, eq(customers.customerId, accounts.customerId))
    .where(inArray(accounts.meterId, meterIds));
  return new Map(rows.map((r) => [r.meterId, { customerId: r.customerId, customerName: r.customerName }]));
}

type CustomerFilters = {
  customerId?: string | null;
  customerName?: string | null;
  searchTerm?: string | null;
  orderBy?: string | null;
};

/** Whether a read filters, searches or sorts on the meter's customer (so the page needs the join). */
const byCustomer = (req: CustomerFilters) =>
  Boolean(req.customerId || req.customerName || req.searchTerm?.trim()) ||
  /^\s*customer(Id|Name)\b/i.test(req.orderBy ?? '');

/**
 * One page of interval rows, each with its meter's customer. When nothing filters, searches or sorts on the
 * customer, the page is cut from the interval rows alone and its customers are read after: joining every
 * account and customer before the sort costs two hashes of 100,000 rows for a page of twenty.
 */
async function intervalPage<T extends ElectricTable | WaterTable>(
  q: Queryable,
  t: T,
  where: SQL | undefined,
  order: SQL[],
  req: CustomerFilters & { pageNumber: number; pageSize: number },
): Promise<WithCustomer<T['$inferSelect']>[]> {
  if (byCustomer(req)) return pageWithCustomer(withCustomer(q, t, where), t, order, req);
  const { limit, offset } = pageOf(req);
  // drizzle's from() does not take a generic table; the union it is bound by it does.
  const table: ElectricTable | WaterTable = t;
  const rows = (await q
    .select({ r: getTableColumns(table) })
    .from(table)
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset)) as { r: T['$inferSelect'] }[];
  const names = await customersOfMeters(
    q,
    rows.map((x) => x.r.meterId),
  );
  return rows.map(({ r }) => ({ r, ...(names.get(r.meterId) ?? { customerId: null, customerName: null }) }));
}

/**
 * A read's total from a per-station-day row count the writers' triggers keep (consumption_daily for the
 * electricity daily rows, water_daily_counts for the water ones): exact, without counting a year of rows.
 */
function summaryTotal(
  q: Queryable,
  summary: typeof consumptionDaily | typeof waterDailyCounts,
  user: SessionUser,
  req: { stationId?: string | null; currentDateRange?: readonly (string | null)[] | null },
) {
  return q
    .select({ total: sql<number>`coalesce(sum(${summary.meters}), 0)::int` })
    .from(summary)
    .where(
      allOf([
        ...stationScope(summary.stationId, user, req.stationId),
        ...dayRange(summary.currentDate, req.currentDateRange),
      ]),
    );
}

/**
 * True when a read filters on nothing but station and collection dates: its total is then the sum of
 * the per-station-day row counts the consumption summary keeps, exact and without counting a year of rows.
 */
function onlyStationAndDates(req: DailyDataMeterReadRequest | DailyDataReadRequest): boolean {
  const { pageNumber, pageSize, orderBy, lang, stationId, currentDateRange, ...rest } = req;
  return Object.values(rest).every((v) => v === null || v === undefined || v === '');
}

/** The per-station-day row count the writers' triggers keep for each daily table. */
const DAILY_COUNTS = new Map<IntervalTable, typeof consumptionDaily | typeof waterDailyCounts>([
  [meterDailyData, consumptionDaily],
  [waterDailyData, waterDailyCounts],
]);

/**
 * A daily or monthly read's page and total. A daily read that filters on nothing but station and dates
 * takes its total from the table's per-station-day count instead of counting its rows.
 */
async function intervalRead<T extends ElectricTable | WaterTable>(
  q: Queryable,
  t: T,
  spec: ReadSpec,
  where: SQL | undefined,
  req: DailyDataMeterReadRequest | DailyDataReadRequest,
  user: SessionUser,
) {
  const counts = onlyStationAndDates(req) ? DAILY_COUNTS.get(t) : undefined;
  const [count] = counts
    ? await summaryTotal(q, counts, user, req)
    : await withCustomer(q, t, where)({ total: sql<number>`count(*)::int` });
  const rows = await intervalPage(q, t, where, orderOf(spec, req.orderBy), req);
  return { total: Number(count?.total ?? 0), rows };
}

/** Interval Data (daily table) or Monthly Data (monthly table): one page with the account's customer. */
export async function readElectric(
  q: Queryable,
  t: ElectricTable,
  req: DailyDataMeterReadRequest,
  user: SessionUser,
): Promise<{ total: number; data: DailyDataMeterRow[] }> {
  const spec = electricSpec(t);
  const where = allOf([
    ...intervalConditions(spec, t, req, user, meterMatch(t.meterId, req.meterId)),
    contains(t.gatewayId, req.gatewayId),
    ...measureFilters(t, req),
  ]);
  const { total, rows } = await intervalRead(q, t, spec, where, req, user);
  return { total, data: rows.map(toDailyDataMeterRow) };
}

/** The Hourly row action: a meter's hourly readings (the day of currentDateRange, or all). */
export async function readHourlyRows(q: Queryable, req: DailyDataMeterReadRequest, user: SessionUser) {
  const t = meterHourlyData;
  const from = req.currentDateRange?.[0];
  const to = req.currentDateRange?.[1];
  const where = allOf([
    ...commonConditions(
      { sortable: {}, defaultOrder: [], search: [t.meterId], station: t.stationId },
      req,
      user,
    ),
    meterMatch(t.meterId, req.meterId),
    from ? sql`${t.readingTime} >= ${new Date(from.replace(' ', 'T'))}` : undefined,
    to ? sql`${t.readingTime} <= ${new Date(to.replace(' ', 'T'))}` : undefined,
  ]);
  const base = withCustomer(q, t, where);
  const [count] = await base({ total: sql<number>`count(*)::int` });
  const rows = await pageWithCustomer(base, t, [sql`${t.readingTime} desc`, asc(t.meterId)], req);
  const data: DailyDataMeterRow[] = rows.map(({ r: h, customerId, customerName }) => ({
    ...toDailyDataMeterRow({
      r: {
        ...emptyElectric(h.meterId, h.stationId),
        usage1: h.usage1,
        total1: h.total1,
        remain1: h.remain1,
        createDate: h.createDate,
      },
      customerId,
      customerName,
    }),
    currentDate: formatDateTime(h.readingTime) ?? '',
  }));
  return { total: Number(count?.total ?? 0), data };
}

function emptyElectric(meterId: string, stationId: string): ElectricRow {
  return {
    meterId,
    currentDate: '',
    stationId,
    gatewayId: null,
    usage1: null,
    usage2: null,
    total1: null,
    total2: null,
    remain1: null,
    remain2: null,
    intervalDemand: null,
    power: null,
    voltageA: null,
    voltageB: null,
    voltageC: null,
    currentA: null,
    currentB: null,
    currentC: null,
    relayOpen: null,
    batteryLow: null,
    magneticInterference: null,
    terminalCoverOpen: null,
    coverOpen: null,
    source2Activated: null,
    currentReverse: null,
    currentUnbalance: null,
    status: null,
    source: 'collected',
    remark: null,
    createDate: new Date(0),
    updateDate: null,
  };
}

function waterSpec(t: WaterTable): ReadSpec {
  return readingSpec(
    t,
    sortableBy(t, [
      'total',
      'totalRecharge',
      'remain',
      'valveStatus',
      'valveError',
      'magneticInterference',
      'batteryPercentage',
    ]),
  );
}

const tenthsEq = (c: PgColumn, v: number | null | undefined) =>
  v === null || v === undefined ? undefined : eq(c, Math.round(v * 10));

/** Interval Data (Water), daily or monthly. */
export async function readWater(q: Queryable, t: WaterTable, req: DailyDataReadRequest, user: SessionUser) {
  const spec = waterSpec(t);
  const where = allOf([
    ...intervalConditions(spec, t, req, user, contains(t.meterId, req.meterId)),
    contains(t.remark, req.remark),
    tenthsEq(t.total, req.total),
    tenthsEq(t.totalRecharge, req.totalRecharge),
    tenthsEq(t.remain, req.remain),
    equals(t.valveStatus, req.valveStatus),
    equals(t.valveError, req.valveError),
    equals(t.magneticInterference, req.magneticInterference),
    equals(t.batteryPercentage, req.batteryPercentage),
  ]);
  const { total, rows } = await intervalRead(q, t, spec, where, req, user);
  const data: DailyDataRow[] = rows.map(({ r, customerId, customerName }) => ({
    currentDate: dayToWire(r.currentDate),
    customerId,
    customerName,
    meterId: r.meterId,
    stationId: r.stationId,
    total: tenths(r.total),
    totalRecharge: tenths(r.totalRecharge),
    remain: tenths(r.remain),
    valveStatus: r.valveStatus,
    valveError: r.valveError,
    magneticInterference: r.magneticInterference,
    batteryPercentage: r.batteryPercentage,
    createDate: formatDateTime(r.createDate),
    remark: r.remark,
  }));
  return { total, data };
}

/** The tables of collected readings a read names (daily and monthly, electricity and water). */
export const readingTables = {
  electricDaily: meterDailyData,
  electricMonthly: meterMonthlyData,
  waterDaily: waterDailyData,
  waterMonthly: waterMonthlyData,
} as const;
