import type { CustomerRequest, CustomerRow } from '@prepay/contracts';
import { eq, inArray } from 'drizzle-orm';
import { customers, debts } from '../../db/schema.js';
import type { Deps } from '../../deps.js';
import type { UserContext } from '../../lib/user-context.js';
import { onDatabase, withDeps } from '../../lib/with-deps.js';
import { accountsOf, addBoundAccounts } from '../account/account.repo.js';
import { auditedTable, deleteAudited } from '../audit/audited-write.js';
import { type StationBatch, stationRowsWriter } from '../masterdata/batch-write.js';
import { checkDeletable, checkEach, checkWriteTarget, keep } from '../masterdata/rows.js';
import { loadCustomers, readCustomers } from './customer.repo.js';

/** Where this service's writes go, and how they are answered and audited. */
const audited = auditedTable(customers, 'Customer', loadCustomers, (c) => c.customerId);

const write = stationRowsWriter(
  audited,
  'customerId',
  async (tx, { ctx, rows, action, labels, before, placed }: StationBatch<CustomerRequest, CustomerRow>) => {
    // A customer with accounts or a debt keeps its station: those rows live there too.
    const moving = placed.filter((r) => {
      const old = before.get(r.customerId);
      return action === 'Update' && old && old.stationId !== r.stationId;
    });
    const anchored = moving.length
      ? await accountsOf(
          tx,
          'customerId',
          moving.map((m) => m.customerId),
        )
      : [];
    checkEach(
      rows,
      labels,
      (r) => `customer ${r.customerId}`,
      (r, problem) => {
        checkWriteTarget(ctx.user, action, before.get(r.customerId), problem);
        if (anchored.some((a) => a.customerId === r.customerId)) {
          problem('has accounts; delete them before moving the customer to another station');
        }
      },
    );
    // The debt follows its customer's station.
    for (const r of placed) {
      if (before.has(r.customerId))
        await tx.update(debts).set({ stationId: r.stationId }).where(eq(debts.customerId, r.customerId));
    }
    return placed.map((r) => {
      const old = before.get(r.customerId);
      const values = {
        customerName: r.customerName,
        type: r.type,
        phone: keep(r.phone, old?.phone ?? null) ?? null,
        address: keep(r.address, old?.address ?? null) ?? null,
        certifiName: keep(r.certifiName, old?.certifiName ?? null) ?? null,
        certifiNo: keep(r.certifiNo, old?.certifiNo ?? null) ?? null,
        remark: keep(r.remark, old?.remark ?? null) ?? null,
        stationId: r.stationId,
      };
      return {
        stored: old && eq(customers.customerId, r.customerId),
        values,
        key: { customerId: r.customerId },
      };
    });
  },
);

async function remove(deps: Deps, ctx: UserContext, keys: { customerId: string }[]): Promise<CustomerRow[]> {
  const unique = [...new Set(keys.map((k) => k.customerId))];
  return deps.database.db.transaction(async (tx) => {
    const before = await loadCustomers(tx, unique);
    const problems = checkDeletable(ctx.user, unique, before, (b) => b.customerId, 'customer');
    await addBoundAccounts(
      tx,
      problems,
      'customerId',
      unique,
      (a) => `customer ${a.customerId} has the account of meter ${a.meterId}; delete the account first`,
    );
    const owing = await tx
      .select({ customerId: debts.customerId })
      .from(debts)
      .where(inArray(debts.customerId, unique));
    problems.addLinked(
      unique,
      owing,
      (d) => d.customerId,
      (d) => `customer ${d.customerId} has a debt record; delete it first`,
    );
    problems.throwIfAny('Nothing was deleted');
    return deleteAudited(tx, ctx.actor, 'Customer', customers.customerId, unique, before);
  });
}

export function createCustomerService(deps: Deps) {
  return withDeps(deps, { read: onDatabase(readCustomers), write, remove });
}
export type CustomerService = ReturnType<typeof createCustomerService>;
