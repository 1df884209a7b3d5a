import type { CustomerReadRequest, CustomerRow } from '@prepay/contracts';
import { asc, inArray } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { customers } from '../../db/schema.js';
import { formatDateTime } from '../../lib/dates.js';
import { allOf, commonConditions, contains, equals, type ReadSpec, readTable } from '../../lib/read-query.js';
import type { SessionUser } from '../../lib/user-context.js';

export const customerSpec: ReadSpec = {
  sortable: {
    customerId: customers.customerId,
    customerName: customers.customerName,
    type: customers.type,
    phone: customers.phone,
    address: customers.address,
    certifiName: customers.certifiName,
    certifiNo: customers.certifiNo,
    remark: customers.remark,
    stationId: customers.stationId,
    createDate: customers.createDate,
    updateDate: customers.updateDate,
  },
  defaultOrder: [asc(customers.customerId)],
  search: [
    customers.customerId,
    customers.customerName,
    customers.phone,
    customers.address,
    customers.certifiNo,
  ],
  createDate: customers.createDate,
  updateDate: customers.updateDate,
  station: customers.stationId,
};

export const toCustomerRow = (c: typeof customers.$inferSelect): CustomerRow => ({
  customerId: c.customerId,
  customerName: c.customerName,
  type: c.type,
  phone: c.phone,
  address: c.address,
  certifiName: c.certifiName,
  certifiNo: c.certifiNo,
  stationId: c.stationId,
  remark: c.remark,
  createId: c.createId,
  createDate: formatDateTime(c.createDate),
  updateId: c.updateId,
  updateDate: formatDateTime(c.updateDate ?? c.createDate),
});

export async function loadCustomers(q: Queryable, ids: string[]) {
  if (!ids.length) return [];
  return (await q.select().from(customers).where(inArray(customers.customerId, ids))).map(toCustomerRow);
}

export function readCustomers(q: Queryable, req: CustomerReadRequest, user: SessionUser) {
  const where = allOf([
    ...commonConditions(customerSpec, req, user),
    contains(customers.customerId, req.customerId),
    contains(customers.customerName, req.customerName),
    equals(customers.type, req.type),
    contains(customers.phone, req.phone),
    contains(customers.address, req.address),
    contains(customers.certifiName, req.certifiName),
    contains(customers.certifiNo, req.certifiNo),
    contains(customers.remark, req.remark),
  ]);
  return readTable(q, customers, where, customerSpec, req, toCustomerRow);
}
