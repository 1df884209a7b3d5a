import { CustomerRequest, type CustomerRow } from '@prepay/contracts';
import { asc } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { customers } from '../../db/schema.js';
import { auditedSpec, gridPage, loadByKeys } from '../../kernel/read-query.js';
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

export const loadCustomers = (q: Queryable, ids: string[]) =>
  loadByKeys(q, customers, customers.customerId, ids, toCustomerRow);

export const readCustomers = gridPage(customers, customerSpec, toCustomerRow);
