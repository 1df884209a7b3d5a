import type { DebtRequest } from '@prepay/contracts';
import type { Deps } from '../../deps.js';
import { batchWriter } from '../../kernel/batch-write.js';
import { minorToString, toMinor } from '../../kernel/money.js';
import { checkEach, checkTarget, stationRowsRemover } from '../../kernel/rows.js';
import { assertStation } from '../../kernel/station-guard.js';
import { onDatabase, withDeps } from '../../lib/with-deps.js';
import { customerStations, debtTable, loadDebts, readDebts, storedDebt } from './debt.repo.js';

/**
 * One debt per customer, in the customer's station. Vending recovers it (payDebt grows, remainingDebt
 * shrinks); changing totalDebt keeps what was already recovered.
 */
const write = batchWriter({
  target: debtTable,
  keyOf: (r: DebtRequest) => r.customerId,
  plan: async (tx, { ctx, rows, keys: ids, action, labels }) => {
    const before = new Map((await loadDebts(tx, ids)).map((d) => [d.customerId, d]));
    const owners = await customerStations(tx, ids);
    const values = checkEach(
      rows,
      labels,
      (r) => `debt of customer ${r.customerId}`,
      (r, problem) => {
        const owner = owners.find((o) => o.id === r.customerId);
        const old = before.get(r.customerId);
        if (!owner) problem('customer not found');
        else assertStation(ctx.user, owner.stationId);
        checkTarget(action, old, problem);
        const total = toMinor(r.totalDebt);
        const paid = old ? toMinor(old.payDebt) : 0;
        if (total < paid)
          problem(`totalDebt cannot be less than what was already recovered (${minorToString(paid)})`);
        return {
          customerId: r.customerId,
          totalDebtMinor: total,
          remainingDebtMinor: total - paid,
          payDebtMinor: paid,
          stationId: owner?.stationId ?? ctx.user.stationId,
          remark: r.remark ?? null,
        };
      },
    );
    const saves = values.map((v) => ({
      stored: before.has(v.customerId) ? storedDebt(v.customerId) : undefined,
      values: v,
    }));
    return { before, saves };
  },
});

const remove = stationRowsRemover(debtTable, 'customerId', 'debt of customer');

export function createDebtService(deps: Deps) {
  return withDeps(deps, { read: onDatabase(readDebts), write, remove });
}
export type DebtService = ReturnType<typeof createDebtService>;
