import type {
  ConsumptionRow,
  ConsumptionStatisticsRequest,
  DebtPaymentRow,
  DebtSituationRequest,
  DebtSituationRow,
  LongNonpurchaseRequest,
  LongNonpurchaseRow,
  LowPurchaseRequest,
  LowPurchaseRow,
  ReadRequestBase,
} from '@prepay/contracts';
import { and, asc, eq, gt, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import {
  accounts,
  consumptionDaily,
  customers,
  debts,
  meterDailyData,
  meterLastPurchase,
  tokenRecords,
} from '../../db/schema.js';
import type { SessionUser } from '../../http/route.js';
import { formatDateTime, parseDateTime } from '../../lib/dates.js';
import { allOf, contains, pageOf, stationScope } from '../../lib/read-query.js';
import { toMinor } from '../masterdata/money.js';
import { dayOf, dayToWire, localDay, money, serverZone, tenths } from '../meter-data/units.js';
import { sortOf } from './sort.js';

type Page<T> = { total: number; data: T[] };

const timeRange = (range: LowPurchaseRequest['dateRange']): SQL[] => [
  ...(range?.[0] ? [gte(tokenRecords.createDate, parseDateTime(range[0]))] : []),
  ...(range?.[1] ? [lte(tokenRecords.createDate, parseDateTime(range[1]))] : []),
];

/** Issued credit vends (a cancelled vend is no purchase). */
const issuedCredit = and(eq(tokenRecords.kind, 'credit'), eq(tokenRecords.status, 0));

/** Days since each account's last issued purchase (or since the account was opened, if none). */
export async function longNonpurchase(
  q: Queryable,
  req: LongNonpurchaseRequest,
  user: SessionUser,
  now: Date,
): Promise<Page<LongNonpurchaseRow>> {
  const since = sql`coalesce(${meterLastPurchase.purchaseDate}, ${accounts.createDate})`;
  const days = sql<number>`(${localDay(now)}::date - (${since} at time zone ${serverZone()})::date)`;
  const where = allOf([
    ...stationScope(accounts.stationId, user, req.stationId),
    contains(accounts.customerId, req.customerId),
    contains(accounts.meterId, req.meterId),
    req.nonpurchaseDaysStart === null || req.nonpurchaseDaysStart === undefined
      ? undefined
      : sql`${days} >= ${req.nonpurchaseDaysStart}`,
    req.nonpurchaseDaysEnd === null || req.nonpurchaseDaysEnd === undefined
      ? undefined
      : sql`${days} <= ${req.nonpurchaseDaysEnd}`,
  ]);
  const base = <T extends Record<string, unknown>>(fields: T) =>
    q
      .select(fields as Parameters<Queryable['select']>[0])
      .from(accounts)
      .leftJoin(customers, eq(customers.customerId, accounts.customerId))
      .leftJoin(meterLastPurchase, eq(meterLastPurchase.meterId, accounts.meterId))
      .where(where);
  const order = sortOf(
    {
      customerId: accounts.customerId,
      customerName: customers.customerName,
      meterId: accounts.meterId,
      tariffId: accounts.tariffId,
      stationId: accounts.stationId,
      lastPurchaseUnit: meterLastPurchase.units,
      lastPurchasePaid: meterLastPurchase.paidMinor,
      lastPurchaseDate: meterLastPurchase.purchaseDate,
      nonpurchaseDays: days,
    },
    [asc(accounts.customerId), asc(accounts.meterId)],
    req.orderBy,
  );
  const { limit, offset } = pageOf(req);
  const [count] = await base({ total: sql<number>`count(*)::int` });
  const rows = (await base({
    customerId: accounts.customerId,
    customerName: customers.customerName,
    customerAddress: customers.address,
    meterId: accounts.meterId,
    stationId: accounts.stationId,
    tariffId: accounts.tariffId,
    units: meterLastPurchase.units,
    paid: meterLastPurchase.paidMinor,
    last: meterLastPurchase.purchaseDate,
    days,
  })
    .orderBy(...order)
    .limit(limit)
    .offset(offset)) as {
    customerId: string;
    customerName: string | null;
    customerAddress: string | null;
    meterId: string;
    stationId: string;
    tariffId: string;
    units: number | null;
    paid: number | null;
    last: Date | null;
    days: number;
  }[];
  return {
    total: Number(count?.total ?? 0),
    data: rows.map((r) => ({
      customerId: r.customerId,
      customerName: r.customerName,
      customerAddress: r.customerAddress,
      meterId: r.meterId,
      stationId: r.stationId,
      tariffId: r.tariffId,
      lastPurchaseUnit: tenths(r.units ?? 0) ?? 0,
      lastPurchasePaid: money(r.paid),
      lastPurchaseDate: r.last ? formatDateTime(new Date(r.last)) : null,
      nonpurchaseDays: Number(r.days),
    })),
  };
}

/** Accounts whose issued purchases in the range total at or below the low limit (none counts as 0). */
export async function lowPurchase(
  q: Queryable,
  req: LowPurchaseRequest,
  user: SessionUser,
): Promise<Page<LowPurchaseRow>> {
  const sums = q
    .select({
      meterId: tokenRecords.meterId,
      units: sql<number>`sum(coalesce(${tokenRecords.units}, 0))`.as('units'),
      paid: sql<number>`sum(coalesce(${tokenRecords.totalPaidMinor}, 0))`.as('paid'),
      times: sql<number>`count(*)`.as('times'),
    })
    .from(tokenRecords)
    .where(allOf([issuedCredit, ...timeRange(req.dateRange)]))
    .groupBy(tokenRecords.meterId)
    .as('p');
  const paid = sql<number>`coalesce(${sums.paid}, 0)`;
  const units = sql<number>`coalesce(${sums.units}, 0)`;
  const where = allOf([
    ...stationScope(accounts.stationId, user, req.stationId),
    contains(accounts.customerId, req.customerId),
    contains(accounts.meterId, req.meterId),
    req.lowLimit === null || req.lowLimit === undefined
      ? undefined
      : sql`${paid} <= ${toMinor(req.lowLimit)}`,
  ]);
  const base = <T extends Record<string, unknown>>(fields: T) =>
    q
      .select(fields as Parameters<Queryable['select']>[0])
      .from(accounts)
      .leftJoin(customers, eq(customers.customerId, accounts.customerId))
      .leftJoin(sums, eq(sums.meterId, accounts.meterId))
      .where(where);
  const order = sortOf(
    {
      customerId: accounts.customerId,
      customerName: customers.customerName,
      meterId: accounts.meterId,
      tariffId: accounts.tariffId,
      stationId: accounts.stationId,
      purchaseTotalUnit: units,
      purchaseTotalPaid: paid,
    },
    [asc(accounts.customerId), asc(accounts.meterId)],
    req.orderBy,
  );
  const { limit, offset } = pageOf(req);
  const [count] = await base({ total: sql<number>`count(*)::int` });
  const rows = (await base({
    customerId: accounts.customerId,
    customerName: customers.customerName,
    customerAddress: customers.address,
    meterId: accounts.meterId,
    tariffId: accounts.tariffId,
    stationId: accounts.stationId,
    units,
    paid,
    times: sql<number>`coalesce(${sums.times}, 0)`,
  })
    .orderBy(...order)
    .limit(limit)
    .offset(offset)) as (Omit<LowPurchaseRow, 'purchaseTotalUnit' | 'purchaseTotalPaid' | 'purchaseTimes'> & {
    units: number | string;
    paid: number | string;
    times: number | string;
  })[];
  return {
    total: Number(count?.total ?? 0),
    data: rows.map(({ units: u, paid: p, times, ...r }) => ({
      ...r,
      purchaseTotalUnit: tenths(Number(u)) ?? 0,
      purchaseTotalPaid: money(Number(p)),
      purchaseTimes: Number(times),
    })),
  };
}

/** Each customer's debt: total, recovered, remaining, and how many issued vends recovered part of it. */
export async function debtSituation(
  q: Queryable,
  req: DebtSituationRequest,
  user: SessionUser,
): Promise<Page<DebtSituationRow>> {
  const pays = q
    .select({
      customerId: tokenRecords.customerId,
      times: sql<number>`count(*)`.as('times'),
      last: sql<Date>`max(${tokenRecords.createDate})`.as('last'),
    })
    .from(tokenRecords)
    .where(allOf([issuedCredit, gt(tokenRecords.payDebtMinor, 0)]))
    .groupBy(tokenRecords.customerId)
    .as('pays');
  const where = allOf([
    ...stationScope(debts.stationId, user, req.stationId),
    contains(debts.customerId, req.customerId),
    contains(customers.customerName, req.customerName),
    req.outstanding ? gt(debts.remainingDebtMinor, 0) : undefined,
  ]);
  const base = <T extends Record<string, unknown>>(fields: T) =>
    q
      .select(fields as Parameters<Queryable['select']>[0])
      .from(debts)
      .leftJoin(customers, eq(customers.customerId, debts.customerId))
      .leftJoin(pays, eq(pays.customerId, debts.customerId))
      .where(where);
  const order = sortOf(
    {
      customerId: debts.customerId,
      customerName: customers.customerName,
      stationId: debts.stationId,
      totalDebt: debts.totalDebtMinor,
      paidDebt: debts.payDebtMinor,
      remainingDebt: debts.remainingDebtMinor,
      paymentTimes: sql`coalesce(${pays.times}, 0)`,
      lastPaymentDate: sql`${pays.last}`,
    },
    [asc(debts.customerId)],
    req.orderBy,
  );
  const { limit, offset } = pageOf(req);
  const [count] = await base({ total: sql<number>`count(*)::int` });
  const rows = (await base({
    customerId: debts.customerId,
    customerName: customers.customerName,
    customerAddress: customers.address,
    stationId: debts.stationId,
    total: debts.totalDebtMinor,
    paid: debts.payDebtMinor,
    remaining: debts.remainingDebtMinor,
    times: sql<number>`coalesce(${pays.times}, 0)`,
    last: pays.last,
  })
    .orderBy(...order)
    .limit(limit)
    .offset(offset)) as {
    customerId: string;
    customerName: string | null;
    customerAddress: string | null;
    stationId: string;
    total: number;
    paid: number;
    remaining: number;
    times: number | string;
    last: Date | string | null;
  }[];
  return {
    total: Number(count?.total ?? 0),
    data: rows.map((r) => ({
      customerId: r.customerId,
      customerName: r.customerName,
      customerAddress: r.customerAddress,
      stationId: r.stationId,
      totalDebt: money(r.total),
      paidDebt: money(r.paid),
      remainingDebt: money(r.remaining),
      paymentTimes: Number(r.times),
      lastPaymentDate: r.last ? formatDateTime(new Date(r.last)) : null,
    })),
  };
}

/** The issued vends that recovered part of one customer's debt. */
export async function debtPayments(
  q: Queryable,
  req: ReadRequestBase & { customerId: string },
  user: SessionUser,
): Promise<Page<DebtPaymentRow>> {
  const where = allOf([
    issuedCredit,
    gt(tokenRecords.payDebtMinor, 0),
    eq(tokenRecords.customerId, req.customerId),
    ...stationScope(tokenRecords.stationId, user, req.stationId),
  ]);
  const { limit, offset } = pageOf(req);
  const [count] = await q.select({ total: sql<number>`count(*)::int` }).from(tokenRecords).where(where);
  const rows = await q
    .select()
    .from(tokenRecords)
    .where(where)
    .orderBy(
      ...sortOf(
        { createDate: tokenRecords.createDate, receiptId: tokenRecords.receiptId },
        [asc(tokenRecords.id)],
        req.orderBy,
      ),
    )
    .limit(limit)
    .offset(offset);
  return {
    total: Number(count?.total ?? 0),
    data: rows.map((r) => ({
      receiptId: r.receiptId,
      meterId: r.meterId,
      createDate: formatDateTime(r.createDate) ?? '',
      totalPaid: money(r.totalPaidMinor),
      payDebt: money(r.payDebtMinor),
      remainingDebt: money(r.remainingDebtMinor),
    })),
  };
}

/**
 * Consumption per day or month: from the station summary, or from the daily rows when the request
 * names a meter or customer.
 */
export async function consumptionStatistics(
  q: Queryable,
  req: ConsumptionStatisticsRequest,
  user: SessionUser,
): Promise<Page<ConsumptionRow>> {
  const perMeter = Boolean(req.meterId?.trim() || req.customerId?.trim());
  const dateCol = perMeter ? meterDailyData.currentDate : consumptionDaily.currentDate;
  const usageCol = perMeter ? meterDailyData.usage1 : consumptionDaily.usage;
  const bucket = req.isDaily ? sql`${dateCol}` : sql`date_trunc('month', ${dateCol})::date`;
  const from = dayOf(req.dateRange?.[0]);
  const to = dayOf(req.dateRange?.[1]);
  const conditions = allOf([
    ...(from ? [gte(dateCol, from)] : []),
    ...(to ? [lte(dateCol, to)] : []),
    ...stationScope(perMeter ? meterDailyData.stationId : consumptionDaily.stationId, user, req.stationId),
    ...(perMeter
      ? [
          req.meterId?.trim() ? eq(meterDailyData.meterId, req.meterId.trim()) : undefined,
          req.customerId?.trim() ? eq(accounts.customerId, req.customerId.trim()) : undefined,
        ]
      : []),
  ]);
  const grouped = (
    perMeter
      ? q
          .select({
            d: sql<string>`${bucket}::text`.as('d'),
            u: sql<number>`sum(coalesce(${usageCol}, 0))`.as('u'),
          })
          .from(meterDailyData)
          .leftJoin(accounts, eq(accounts.meterId, meterDailyData.meterId))
          .where(conditions)
          .groupBy(bucket)
      : q
          .select({ d: sql<string>`${bucket}::text`.as('d'), u: sql<number>`sum(${usageCol})`.as('u') })
          .from(consumptionDaily)
          .where(conditions)
          .groupBy(bucket)
  ).as('g');
  const order = sortOf(
    { currentDate: sql`${grouped.d}`, consumption: sql`${grouped.u}` },
    [sql`${grouped.d} asc`],
    req.orderBy,
  );
  const { limit, offset } = pageOf(req);
  const [count] = await q.select({ total: sql<number>`count(*)::int` }).from(grouped);
  const rows = await q
    .select({ d: grouped.d, u: grouped.u })
    .from(grouped)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  return {
    total: Number(count?.total ?? 0),
    data: rows.map((r) => ({ currentDate: dayToWire(String(r.d)), consumption: tenths(Number(r.u)) ?? 0 })),
  };
}
