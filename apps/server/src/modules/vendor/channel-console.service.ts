import type {
  ChannelAdviceRequest,
  ChannelAdviceRow,
  ChannelTransactionReadRequest,
  ReconciliationReadRequest,
  ReconciliationRow,
} from '@prepay/contracts';
import type { z } from 'zod';
import type { Deps } from '../../deps.js';
import { minorToNumber } from '../../kernel/money.js';
import { formatDateTime } from '../../lib/dates.js';
import { invalid, present } from '../../lib/domain-errors.js';
import type { SessionUser } from '../../lib/user-context.js';
import { withDeps } from '../../lib/with-deps.js';
import { vendorOfSeller } from './channel-caller.js';
import {
  type DayMovements,
  findSale,
  readAdvices,
  readTransactions,
  reconciliationDays,
} from './channel-console.repo.js';

/** Every channel sale the reader may see (a vendor: its own only). */
function transactions(deps: Deps, req: ChannelTransactionReadRequest, user: SessionUser) {
  return readTransactions(deps.database.db, req, user, vendorOfSeller(user.userId));
}

/**
 * A purchase's history: the sale, then every advice, retry and reprint in arrival order. A purchase the
 * reader may not see (another station's, another vendor's) has none, as if it did not exist.
 */
async function advices(
  deps: Deps,
  req: z.infer<typeof ChannelAdviceRequest>,
  user: SessionUser,
): Promise<ChannelAdviceRow[]> {
  const { db } = deps.database;
  const sale = await findSale(db, req.vendorId, req.messageId);
  const own = vendorOfSeller(user.userId);
  const visible =
    sale &&
    (own === null ? user.isSystemAdmin || sale.stationId === user.stationId : own === sale.m.vendorId);
  if (!visible) return [];
  const sold: ChannelAdviceRow = {
    adviceKind: 'purchase',
    adviceId: sale.m.messageId,
    outcome: 'accepted',
    reason: null,
    createDate: present(formatDateTime(sale.m.createDate), 'the sale date'),
  };
  return [sold, ...(await readAdvices(db, req.vendorId, req.messageId))];
}

/**
 * A vendor-day as the report states it, every figure from the float ledger: net sales are sales less
 * reversals, net due is net sales less the commission, and opening + top-ups + adjustments − net sales
 * is the closing balance (the ledger's own last balance of the day).
 */
export function reconciliationRow(d: DayMovements): ReconciliationRow {
  const netSales = d.salesAmount - d.reversalAmount;
  return {
    vendorId: d.vendorId,
    vendorName: d.vendorName,
    day: d.day,
    openingBalance: minorToNumber(d.closingBalance - d.movement),
    topUps: minorToNumber(d.topUps),
    adjustments: minorToNumber(d.adjustments),
    salesCount: d.salesCount,
    salesAmount: minorToNumber(d.salesAmount),
    reversalCount: d.reversalCount,
    reversalAmount: minorToNumber(d.reversalAmount),
    commission: minorToNumber(d.commission),
    netSales: minorToNumber(netSales),
    netDue: minorToNumber(netSales - d.commission),
    closingBalance: minorToNumber(d.closingBalance),
  };
}

const REPORT_FIELDS = [
  'vendorId',
  'vendorName',
  'day',
  'openingBalance',
  'topUps',
  'adjustments',
  'salesCount',
  'salesAmount',
  'reversalCount',
  'reversalAmount',
  'commission',
  'netSales',
  'netDue',
  'closingBalance',
] as const satisfies readonly (keyof ReconciliationRow)[];

/** The report's order: a field of its rows (newest day, then vendor, until the user sorts). */
function reportOrder(orderBy: string | null | undefined) {
  const [field = '', dir = 'asc'] = (orderBy ?? '').trim().split(/\s+/);
  if (!field) return (a: ReconciliationRow, b: ReconciliationRow) => byDefault(a, b);
  const key = REPORT_FIELDS.find((f) => f.toLowerCase() === field.toLowerCase());
  if (!key) {
    throw invalid(`cannot sort by "${field}"`, [
      { path: 'orderBy', message: `sortable fields: ${REPORT_FIELDS.join(', ')}` },
    ]);
  }
  const sign = dir.toLowerCase() === 'desc' ? -1 : 1;
  return (a: ReconciliationRow, b: ReconciliationRow) => {
    const x = a[key];
    const y = b[key];
    return (x < y ? -sign : x > y ? sign : 0) || byDefault(a, b);
  };
}

const byDefault = (a: ReconciliationRow, b: ReconciliationRow) =>
  b.day.localeCompare(a.day) || a.vendorId.localeCompare(b.vendorId);

/**
 * The daily reconciliation: one row per vendor and day its float moved. Its rows are few (vendors × days),
 * so they are summed in the database and ordered and paged here.
 */
async function reconciliation(deps: Deps, req: ReconciliationReadRequest, user: SessionUser) {
  const days = await reconciliationDays(deps.database.db, req, user, vendorOfSeller(user.userId));
  const term = req.searchTerm?.trim().toLowerCase();
  const rows = days
    .map(reconciliationRow)
    .filter((r) => !term || `${r.vendorId} ${r.vendorName}`.toLowerCase().includes(term))
    .sort(reportOrder(req.orderBy));
  const start = (req.pageNumber - 1) * req.pageSize;
  return { total: rows.length, data: rows.slice(start, start + req.pageSize) };
}

export function createChannelConsoleService(deps: Deps) {
  return withDeps(deps, { transactions, advices, reconciliation });
}
export type ChannelConsoleService = ReturnType<typeof createChannelConsoleService>;
