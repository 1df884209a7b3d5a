import type { DebtRequest } from '@prepay/contracts';
import { eq, inArray } from 'drizzle-orm';
import { customers, debts } from '../../db/schema.js';
import type { Deps } from '../../deps.js';
import { auditedTable } from '../../kernel/audited-write.js';
import { batchWriter } from '../../kernel/batch-write.js';
import { minorToString, toMinor } from '../../kernel/money.js';
import { checkEach, checkTarget, stationRowsRemover } from '../../kernel/rows.js';
import { assertStation } from '../../kernel/station-guard.js';
import { onDatabase, withDeps } from '../../lib/with-deps.js';
import { loadDebts, readDebts } from './debt.repo.js';

/** Where this service's writes go, and how they are answered and audited. */
const audited = auditedTable(debts, 'Debt', loadDebts, (d) => d.customerId);

/**
 * One debt per customer, in the customer's station. Vending recovers it (payDebt grows, remainingDebt
 * shrinks); changing totalDebt keeps what was already recovered.
 */
const write = batchWriter({
  target: audited,
  keyOf: (r: DebtRequest) => r.customerId,
  plan: async (tx, { ctx, rows, keys: ids, action, labels }) => {
    const before = new Map((await loadDebts(tx, ids)).map((d) => [d.customerId, d]));
    const owners = await tx
      .select({ id: customers.customerId, stationId: customers.stationId })
      .from(customers)
      .where(inArray(customers.customerId, ids));
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
      stored: before.has(v.customerId) ? eq(debts.customerId, v.customerId) : undefined,
      values: v,
    }));
    return { before, saves };
  },
});

const remove = stationRowsRemover(audited, 'customerId', 'debt of customer');

export function createDebtService(deps: Deps) {
  return withDeps(deps, { read: onDatabase(readDebts), write, remove });
}
export type DebtService = ReturnType<typeof createDebtService>;
