import type {
  DebtPaymentRow,
  DebtSituationRequest,
  DebtSituationRow,
  LongNonpurchaseRequest,
  LongNonpurchaseRow,
  ReadRequestBase,
} from '@prepay/contracts';
import { and, asc, eq, gt, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgSelect } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../db/client.js';
import { accounts, customers, debts, meterLastPurchase, tokenRecords } from '../../db/schema.js';
import { allOf, contains, pageOf, stationScope } from '../../kernel/read-query.js';
import { sortOf } from '../../kernel/sort.js';
import { localDay, money, serverZone, tenths } from '../../kernel/units.js';
import { formatDateTime } from '../../lib/dates.js';
import type { SessionUser } from '../../lib/user-context.js';

export type Page<T> = { total: number; data: T[] };
export type Fields = Parameters<Queryable['select']>[0];

/** The result's size carried on each row of the page: one pass over the report instead of two. */
export const totalOver = sql<number>`count(*) over ()`;

/**
 * The total from the page's rows; a page past the end has no rows to carry it, so it is counted then.
 * (An empty first page means an empty result.)
 */
export async function totalOf(
  rows: { total: number | string }[],
  offset: number,
  count: () => Promise<unknown[]>,
): Promise<number> {
  const first = rows[0];
  if (first) return Number(first.total);
  if (offset === 0) return 0;
  const [row] = (await count()) as { total: number | string }[];
  return Number(row?.total ?? 0);
}

/**
 * Names and addresses of the page's customers, read after paging: joining the whole customer table
 * before the sort and limit costs a hash of every customer for twenty rows. (A sort or filter on the
 * name joins it up front instead.)
 */
async function customerDetails(q: Queryable, ids: string[]) {
  const unique = [...new Set(ids)];
  const rows = unique.length
    ? await q
        .select({ id: customers.customerId, name: customers.customerName, address: customers.address })
        .from(customers)
        .where(inArray(customers.customerId, unique))
    : [];
  return new Map(rows.map((r) => [r.id, r]));
}

export { withReportSettings } from '../../kernel/read-query.js';

const byCustomerName = (orderBy: string | null | undefined) => /^\s*customerName\b/i.test(orderBy ?? '');

/**
 * An account report's rows: every account with its meter's figures (`join` adds them, a left join) and,
 * only when the sort needs the name, its customer (see customerDetails).
 */
function accountRows(
  q: Queryable,
  join: (from: PgSelect) => PgSelect,
  where: SQL | undefined,
  orderBy: string | null | undefined,
) {
  return (fields: Fields) => {
    const from = join(q.select(fields).from(accounts).$dynamic());
    return (
      byCustomerName(orderBy) ? from.leftJoin(customers, eq(customers.customerId, accounts.customerId)) : from
    ).where(where);
  };
}

/** The account columns an account report sorts by, before its own figures. */
const accountSortable = () => ({
  customerId: accounts.customerId,
  customerName: customers.customerName,
  meterId: accounts.meterId,
  tariffId: accounts.tariffId,
  stationId: accounts.stationId,
});

/** The filters every account report offers: the caller's stations (or the one asked), customer, meter. */
export function accountFilters(
  req: { stationId?: string | null; customerId?: string | null; meterId?: string | null },
  user: SessionUser,
): (SQL | undefined)[] {
  return [
    ...stationScope(accounts.stationId, user, req.stationId),
    contains(accounts.customerId, req.customerId),
    contains(accounts.meterId, req.meterId),
  ];
}

/** How many accounts an account report's filters leave before its own limit: its coverage's "of". */
export async function accountsInScope(
  q: Queryable,
  req: Parameters<typeof accountFilters>[0],
  user: SessionUser,
): Promise<number> {
  const [all] = await q
    .select({ n: sql<number>`count(*)::int` })
    .from(accounts)
    .where(allOf(accountFilters(req, user)));
  return Number(all?.n ?? 0);
}

/** How many customers in the caller's stations (or the one asked) have a debt: Debt Situation's "of". */
export async function debtsInScope(q: Queryable, req: { stationId?: string | null }, user: SessionUser) {
  const [all] = await q
    .select({ n: sql<number>`count(*)::int` })
    .from(debts)
    .where(allOf(stationScope(debts.stationId, user, req.stationId)));
  return Number(all?.n ?? 0);
}

/** An account report's order when none is asked for, and its tie-break after one. */
const byAccount = () => [asc(accounts.customerId), asc(accounts.meterId)];

/**
 * One page of an account report: the accounts with their figures (see accountRows), sorted by an
 * account column or one of the report's own `figures`, then customer and meter.
 */
export function accountReport(
  q: Queryable,
  join: (from: PgSelect) => PgSelect,
  where: SQL | undefined,
  req: ReadRequestBase,
  figures: Record<string, PgColumn | SQL>,
) {
  const select = accountRows(q, join, where, req.orderBy);
  const order = sortOf({ ...accountSortable(), ...figures }, byAccount(), req.orderBy);
  const { limit, offset } = pageOf(req);
  const page = (fields: Fields) =>
    select(fields)
      .orderBy(...order)
      .limit(limit)
      .offset(offset);
  return { select, page, offset };
}

/** The page's rows with their customers' names and addresses (read after paging). */
export async function withCustomerDetails<R extends { customerId: string }>(q: Queryable, rows: R[]) {
  const names = await customerDetails(
    q,
    rows.map((r) => r.customerId),
  );
  return rows.map((r) => ({
    row: r,
    customerName: names.get(r.customerId)?.name ?? null,
    customerAddress: names.get(r.customerId)?.address ?? null,
  }));
}

/**
 * Issued credit vends (a cancelled vend is no purchase). Literals, not parameters, so the planner can
 * prove the partial indexes of migration 0009 (token_records_issued_credit_date_idx, _debt_payment_idx).
 */
export const issuedCredit = sql`(${tokenRecords.kind} = 'credit' and ${tokenRecords.status} = 0)`;

/**
 * With no day bound and the default order, Long Nonpurchase's page streams from the accounts index and
 * stops after twenty rows, and its count needs no join: two cheap statements. Otherwise every account is
 * joined and sorted anyway, and the total rides on the page's rows.
 */
const hasDayBound = (req: LongNonpurchaseRequest) =>
  (req.nonpurchaseDaysStart !== null && req.nonpurchaseDaysStart !== undefined) ||
  (req.nonpurchaseDaysEnd !== null && req.nonpurchaseDaysEnd !== undefined);

/**
 * Days since each account's last issued purchase.
 *
 * An account that never purchased (or whose every vend was cancelled) counts from the day it was opened,
 * and that opening date-time is its lastPurchaseDate, with lastPurchaseUnit and lastPurchasePaid 0.
 * Decided in line with the original's report rows: the original row's lastPurchaseDate is a non-nullable
 * "yyyy-MM-dd HH:mm:ss", and every row keeps nonpurchaseDays = today − lastPurchaseDate (local days),
 * so the date the days are counted from is always on the row, and the column sorts with the days.
 * Asserted by prepay-report-property.test.ts (Long Nonpurchase) and the conformance test.
 */
export async function longNonpurchase(
  q: Queryable,
  req: LongNonpurchaseRequest,
  user: SessionUser,
  now: Date,
): Promise<Page<LongNonpurchaseRow>> {
  const { since, days, where } = nonpurchaseFilter(req, user, now);
  const join = (from: PgSelect) =>
    from.leftJoin(meterLastPurchase, eq(meterLastPurchase.meterId, accounts.meterId));
  const {
    select: base,
    page,
    offset,
  } = accountReport(q, join, where, req, {
    lastPurchaseUnit: sql`coalesce(${meterLastPurchase.units}, 0)`,
    lastPurchasePaid: sql`coalesce(${meterLastPurchase.paidMinor}, 0)`,
    lastPurchaseDate: since,
    nonpurchaseDays: days,
  });
  const streams = !hasDayBound(req) && !req.orderBy?.trim();
  const separate = streams ? await base({ total: sql<number>`count(*)::int` }) : [];
  const rows = (await page({
    customerId: accounts.customerId,
    meterId: accounts.meterId,
    stationId: accounts.stationId,
    tariffId: accounts.tariffId,
    units: meterLastPurchase.units,
    paid: meterLastPurchase.paidMinor,
    last: since,
    days,
    total: streams ? sql<number>`0` : totalOver,
  })) as {
    customerId: string;
    meterId: string;
    stationId: string;
    tariffId: string;
    units: number | null;
    paid: number | null;
    last: Date;
    days: number;
    total: number | string;
  }[];
  const named = await withCustomerDetails(q, rows);
  return {
    total: streams
      ? Number((separate[0] as { total?: number } | undefined)?.total ?? 0)
      : await totalOf(rows, offset, () => base({ total: sql<number>`count(*)::int` })),
    data: named.map(({ row: { units, paid, last, days: d, total: _total, ...r }, ...customer }) => ({
      ...r,
      ...customer,
      lastPurchaseUnit: tenths(units ?? 0) ?? 0,
      lastPurchasePaid: money(paid),
      lastPurchaseDate: formatDateTime(new Date(last)),
      nonpurchaseDays: Number(d),
    })),
  };
}

/** The date the days count from, the days, and the report's filter. */
function nonpurchaseFilter(req: LongNonpurchaseRequest, user: SessionUser, now: Date) {
  const since = sql<Date>`coalesce(${meterLastPurchase.purchaseDate}, ${accounts.createDate})`.mapWith(
    accounts.createDate,
  );
  const days = sql<number>`(${localDay(now)}::date - (${since} at time zone ${serverZone()})::date)`;
  const where = allOf([
    ...accountFilters(req, user),
    req.nonpurchaseDaysStart === null || req.nonpurchaseDaysStart === undefined
      ? undefined
      : sql`${days} >= ${req.nonpurchaseDaysStart}`,
    req.nonpurchaseDaysEnd === null || req.nonpurchaseDaysEnd === undefined
      ? undefined
      : sql`${days} <= ${req.nonpurchaseDaysEnd}`,
  ]);
  return { since, days, where };
}

/** Each customer's debt: total, recovered, remaining, and how many issued vends recovered part of it. */
export async function debtSituation(
  q: Queryable,
  req: DebtSituationRequest,
  user: SessionUser,
): Promise<Page<DebtSituationRow>> {
  // Read from the partial index token_records_debt_payment_idx (customer, date) of migration 0009.
  const pays = q
    .select({
      customerId: tokenRecords.customerId,
      times: sql<number>`count(*)`.as('times'),
      last: sql<Date>`max(${tokenRecords.createDate})`.as('last'),
    })
    .from(tokenRecords)
    .where(and(issuedCredit, sql`${tokenRecords.payDebtMinor} > 0`))
    .groupBy(tokenRecords.customerId)
    .as('pays');
  const where = allOf([
    ...stationScope(debts.stationId, user, req.stationId),
    contains(debts.customerId, req.customerId),
    contains(customers.customerName, req.customerName),
    req.outstanding ? gt(debts.remainingDebtMinor, 0) : undefined,
  ]);
  const base = (fields: Fields) =>
    q
      .select(fields)
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
    count: totalOver,
  })
    .orderBy(...order)
    .limit(limit)
    .offset(offset)) as DebtDbRow[];
  return {
    total: await totalOf(
      rows.map((r) => ({ total: r.count })),
      offset,
      () => base({ total: sql<number>`count(*)::int` }),
    ),
    data: rows.map(toDebtRow),
  };
}

type DebtDbRow = {
  customerId: string;
  customerName: string | null;
  customerAddress: string | null;
  stationId: string;
  total: number;
  paid: number;
  remaining: number;
  times: number | string;
  last: Date | string | null;
  count: number | string;
};

const toDebtRow = (r: DebtDbRow): DebtSituationRow => ({
  customerId: r.customerId,
  customerName: r.customerName,
  customerAddress: r.customerAddress,
  stationId: r.stationId,
  totalDebt: money(r.total),
  paidDebt: money(r.paid),
  remainingDebt: money(r.remaining),
  paymentTimes: Number(r.times),
  lastPaymentDate: r.last ? formatDateTime(new Date(r.last)) : null,
});

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
