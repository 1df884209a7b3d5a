import { CustomerRequest, type CustomerRow } from '@prepay/contracts';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { customers, debts } from '../../db/schema.js';
import { keyedTable } from '../../kernel/keyed-table.js';
import { auditedSpec } from '../../kernel/read-query.js';
import { auditedRow } from '../../lib/dates.js';

export const customerSpec = auditedSpec(customers, {
  defaultOrder: [asc(customers.customerId)],
  search: [
    customers.customerId,
    customers.customerName,
    customers.phone,
    customers.address,
    customers.certifiNo,
  ],
  station: customers.stationId,
  filters: {
    contains: ['customerId', 'customerName', 'phone', 'address', 'certifiName', 'certifiNo', 'remark'],
    equals: ['type'],
  },
});

/** A customer row shows, as stored, every field a customer is written with (CustomerRequest), then the audit stamps. */
export const toCustomerRow = (c: typeof customers.$inferSelect): CustomerRow =>
  auditedRow(c, CustomerRequest.keyof().options);

/** Customers by id; a page of customers; where customer writes go; the stored row a write replaces. */
export const {
  load: loadCustomers,
  read: readCustomers,
  writes: customerTable,
  stored: storedCustomer,
} = keyedTable(customers, customers.customerId, 'Customer', customerSpec, toCustomerRow, (c) => c.customerId);

/** The debt follows its customer's station. */
export async function moveDebtToStation(q: Queryable, customerId: string, stationId: string) {
  await q.update(debts).set({ stationId }).where(eq(debts.customerId, customerId));
}

/** The customers among `ids` that have a debt record. */
export const debtsOwedBy = (q: Queryable, ids: string[]) =>
  q.select({ customerId: debts.customerId }).from(debts).where(inArray(debts.customerId, ids));
