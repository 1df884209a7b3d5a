import {
  CustomerDeleteRequest,
  CustomerReadRequest,
  CustomerRequest,
  CustomerRow,
  page,
  writeBody,
} from '@prepay/contracts';
import { z } from 'zod';
import type { Deps } from '../../deps.js';
import { defineRoute, type RouteDef } from '../../http/route.js';
import { readCustomers } from './customer.repo.js';
import type { CustomerService } from './customer.service.js';

const tag = 'Customer';
const permission = 'Management.Customer' as const;

export function customerRoutes(deps: Deps, customers: CustomerService): RouteDef[] {
  const { db } = deps.database;
  const rows = z.array(CustomerRow);
  return [
    defineRoute({
      path: '/api/customer/read',
      // The account and debt forms pick customers.
      permission: ['Management.Customer', 'Management.Account', 'Management.Debt'],
      tag,
      summary: 'List customers',
      body: CustomerReadRequest,
      result: page(CustomerRow),
      handler: (b, ctx) => readCustomers(db, b, ctx.user),
    }),
    defineRoute({
      path: '/api/customer/create',
      permission,
      tag,
      summary: 'Create customers',
      body: writeBody(CustomerRequest),
      result: rows,
      handler: (b, ctx) => customers.write(ctx, b, 'Create'),
    }),
    defineRoute({
      path: '/api/customer/import',
      permission,
      tag,
      summary: 'Import customers, all or nothing',
      body: writeBody(CustomerRequest),
      result: rows,
      handler: (b, ctx) => customers.write(ctx, b, 'Import'),
    }),
    defineRoute({
      path: '/api/customer/update',
      permission,
      tag,
      summary: 'Update customers',
      body: writeBody(CustomerRequest),
      result: rows,
      handler: (b, ctx) => customers.write(ctx, b, 'Update'),
    }),
    defineRoute({
      path: '/api/customer/delete',
      permission,
      tag,
      summary: 'Delete customers without accounts or debts',
      body: writeBody(CustomerDeleteRequest),
      result: rows,
      handler: (b, ctx) =>
        customers.remove(
          ctx,
          b.map((r) => r.customerId),
        ),
    }),
  ];
}
