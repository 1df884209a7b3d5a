import type { LowPurchaseRequest, LowPurchaseRow, ReportScope } from '@prepay/contracts';
import { eq, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../db/client.js';
import { accounts, tokenRecords } from '../../db/schema.js';
import { toMinor } from '../../kernel/money.js';
import { allOf, dateTimeRange } from '../../kernel/read-query.js';
import { money, tenths } from '../../kernel/units.js';
import type { SessionUser } from '../../lib/user-context.js';
import {
  accountFilters,
  accountReport,
  accountsInScope,
  issuedCredit,
  type Page,
  totalOf,
  totalOver,
  withCustomerDetails,
  withReportSettings,
} from './prepay-report.repo.js';
import { ledgerCovers, ledgerPageSums, ledgerSums } from './purchase-ledger.repo.js';

/** Low Purchase Situation: accounts whose issued purchases in a range total at or below a low limit. */

/**
 * Each meter's issued purchases in the range, summed from the token records: for a range the purchase
 * ledger does not cover (see ledgerCovers). The range is read from the partial covering index
 * token_records_issued_credit_date_idx (index-only: no visit to the wide token rows).
 */
function purchasesIn(q: Queryable, range: LowPurchaseRequest['dateRange']) {
  return q
    .select({
      meterId: tokenRecords.meterId,
      units: sql<number>`sum(${tokenRecords.units})`.as('units'),
      paid: sql<number>`sum(${tokenRecords.totalPaidMinor})`.as('paid'),
      times: sql<number>`count(*)`.as('times'),
    })
    .from(tokenRecords)
    .where(allOf([issuedCredit, ...dateTimeRange(tokenRecords.createDate, range)]))
    .groupBy(tokenRecords.meterId)
    .as('p');
}

/**
 * Accounts whose issued purchases in the range total at or below the low limit (none counts as 0). In one
 * snapshot: a vend committed between ledgerCovers and the sums could otherwise fold a meter past the range.
 */
export function lowPurchase(
  q: Queryable,
  req: LowPurchaseRequest,
  user: SessionUser,
): Promise<Page<LowPurchaseRow> & { scope: ReportScope }> {
  return withReportSettings(
    q,
    async (tx) => {
      const page = await lowPurchasePage(tx, req, user);
      return { ...page, scope: await lowPurchaseScope(tx, req, user, page.total) };
    },
    true,
  );
}

/** The period and limit the list was chosen by, and how many of the accounts in scope it lists. */
async function lowPurchaseScope(
  q: Queryable,
  req: LowPurchaseRequest,
  user: SessionUser,
  listed: number,
): Promise<ReportScope> {
  return {
    from: req.dateRange?.[0] ?? null,
    to: req.dateRange?.[1] ?? null,
    threshold: req.lowLimit ?? null,
    covered: listed,
    of: await accountsInScope(q, req, user),
  };
}

type LowDbRow = {
  customerId: string;
  meterId: string;
  tariffId: string;
  stationId: string;
  units: number | string | null;
  paid: number | string;
  times: number | string | null;
  total: number | string;
};

async function lowPurchasePage(
  q: Queryable,
  req: LowPurchaseRequest,
  user: SessionUser,
): Promise<Page<LowPurchaseRow>> {
  const fromLedger = await ledgerCovers(q, req.dateRange);
  // Every account's ledger row is read for the total (count over the whole result), yet PostgreSQL 15
  // costs the page as if the LIMIT stopped that early and probes the ledger once per account (a nested
  // loop, ~2x slower at 100,000 meters than one hash join). Hash it for this report's transaction only.
  if (fromLedger) await q.execute(sql`select set_config('enable_nestloop', 'off', true)`);
  // From the ledger, units and times are read for the page's meters after paging unless they sort it.
  const later = fromLedger && !/^\s*purchaseTotalUnit\b/i.test(req.orderBy ?? '');
  const sums = fromLedger ? ledgerSums(q, req.dateRange, !later) : purchasesIn(q, req.dateRange);
  const paid = sql<number>`coalesce(${sums.paid}, 0)`;
  const units = sql<number>`coalesce(${sums.units}, 0)`;
  const where = allOf([
    ...accountFilters(req, user),
    req.lowLimit === null || req.lowLimit === undefined
      ? undefined
      : sql`${paid} <= ${toMinor(req.lowLimit)}`,
  ]);
  const join = (from: PgSelect) => from.leftJoin(sums, eq(sums.meterId, accounts.meterId));
  const figures = { purchaseTotalUnit: units, purchaseTotalPaid: paid };
  const { select: base, page, offset } = accountReport(q, join, where, req, figures);
  const rows = (await page({
    customerId: accounts.customerId,
    meterId: accounts.meterId,
    tariffId: accounts.tariffId,
    stationId: accounts.stationId,
    units: sql`${sums.units}`,
    paid,
    times: sql`${sums.times}`,
    total: totalOver,
  })) as LowDbRow[];
  const meterIds = rows.map((r) => r.meterId);
  const pageSums = later ? await ledgerPageSums(q, req.dateRange, meterIds) : null;
  const named = await withCustomerDetails(q, rows);
  return {
    total: await totalOf(rows, offset, () => base({ total: sql<number>`count(*)::int` })),
    data: named.map(({ row: { units: u, paid: p, times, total: _total, ...r }, ...customer }) => ({
      ...r,
      ...customer,
      purchaseTotalUnit: tenths(pageSums ? (pageSums.get(r.meterId)?.units ?? 0) : Number(u ?? 0)) ?? 0,
      purchaseTotalPaid: money(Number(p)),
      purchaseTimes: pageSums ? (pageSums.get(r.meterId)?.times ?? 0) : Number(times ?? 0),
    })),
  };
}
