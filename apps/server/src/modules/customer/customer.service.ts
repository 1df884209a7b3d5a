import type { CustomerRequest, CustomerRow } from '@prepay/contracts';
import type { Deps } from '../../deps.js';
import { type StationBatch, stationRowsWriter } from '../../kernel/batch-write.js';
import { keepEach, linkedRowsRemover } from '../../kernel/rows.js';
import { onDatabase, withDeps } from '../../lib/with-deps.js';
import { accountsOf, addBoundAccounts } from '../account/index.js';
import {
  customerTable,
  debtsOwedBy,
  moveDebtToStation,
  readCustomers,
  storedCustomer,
} from './customer.repo.js';

const write = stationRowsWriter(
  customerTable,
  'customerId',
  'customer',
  async (tx, { action, before, placed, checkLines }: StationBatch<CustomerRequest, CustomerRow>) => {
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
    checkLines((r, problem) => {
      if (anchored.some((a) => a.customerId === r.customerId)) {
        problem('has accounts; delete them before moving the customer to another station');
      }
    });
    // The debt follows its customer's station.
    for (const r of placed) {
      if (before.has(r.customerId)) await moveDebtToStation(tx, r.customerId, r.stationId);
    }
    return placed.map((r) => {
      const old = before.get(r.customerId);
      const values = {
        customerName: r.customerName,
        type: r.type,
        ...keepEach(r, old, ['phone', 'address', 'certifiName', 'certifiNo', 'remark']),
        stationId: r.stationId,
      };
      return {
        stored: old && storedCustomer(r.customerId),
        values,
        key: { customerId: r.customerId },
      };
    });
  },
);

/** Accounts and a debt keep a customer from being deleted. */
const remove = linkedRowsRemover(customerTable, 'customerId', 'customer', async (tx, problems, ids) => {
  await addBoundAccounts(
    tx,
    problems,
    'customerId',
    ids,
    (a) => `customer ${a.customerId} has the account of meter ${a.meterId}; delete the account first`,
  );
  const owing = await debtsOwedBy(tx, ids);
  problems.addLinked(
    ids,
    owing,
    (d) => d.customerId,
    (d) => `customer ${d.customerId} has a debt record; delete it first`,
  );
});

export function createCustomerService(deps: Deps) {
  return withDeps(deps, { read: onDatabase(readCustomers), write, remove });
}
export type CustomerService = ReturnType<typeof createCustomerService>;
