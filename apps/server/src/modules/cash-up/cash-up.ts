import type { CashUpRequest, CashUpResult, CashUpRow } from '@prepay/contracts';
import { money, tenths } from '../meter-data/units.js';
import { VEND_FIGURES, type VendFigures } from '../vending/index.js';
import type { CashUpCell } from './cash-up.repo.js';

interface Acc extends VendFigures {
  count: number;
  cancelledCount: number;
  cancelledPaidMinor: number;
}

const empty = (): Acc => ({
  count: 0,
  ...(Object.fromEntries(VEND_FIGURES.map((k) => [k, 0])) as VendFigures),
  cancelledCount: 0,
  cancelledPaidMinor: 0,
});

/** Issued vends add to the totals; cancelled ones only to the cancellation columns. */
function add(a: Acc, c: CashUpCell): void {
  if (c.cancelled) {
    a.cancelledCount += c.count;
    a.cancelledPaidMinor += c.totalPaidMinor;
    return;
  }
  a.count += c.count;
  for (const k of VEND_FIGURES) a[k] += c[k];
}

function rowOf(key: string, a: Acc): CashUpRow {
  return {
    key,
    count: a.count,
    units: tenths(a.units) ?? 0,
    totalPaid: money(a.totalPaidMinor),
    energyCharge: money(a.energyMinor),
    tax: money(a.taxMinor),
    monthlyCharge: money(a.monthlyChargeMinor),
    debtRecovered: money(a.payDebtMinor),
    cancelledCount: a.cancelledCount,
    cancelledTotalPaid: money(a.cancelledPaidMinor),
  };
}

/** One dimension's groups, sorted by key; sums are kept in integer minor units until the end. */
function groupBy(cells: CashUpCell[], keyOf: (c: CashUpCell) => string): CashUpRow[] {
  const groups = new Map<string, Acc>();
  for (const c of cells) {
    const k = keyOf(c);
    const a = groups.get(k) ?? empty();
    add(a, c);
    groups.set(k, a);
  }
  return [...groups.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([k, a]) => rowOf(k, a));
}

/** The cash-up of a range: four views of the same cells, and their grand total. */
export function cashUpOf(req: CashUpRequest, stationId: string | null, cells: CashUpCell[]): CashUpResult {
  const total = empty();
  for (const c of cells) add(total, c);
  return {
    from: req.from,
    to: req.to,
    stationId,
    byOperator: groupBy(cells, (c) => c.operator),
    byStation: groupBy(cells, (c) => c.stationId),
    byPaymentMethod: groupBy(cells, (c) => c.paymentMethod),
    byDay: groupBy(cells, (c) => c.day),
    total: rowOf('', total),
  };
}
