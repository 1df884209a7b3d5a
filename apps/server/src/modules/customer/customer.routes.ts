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
import { defineRoute, keysOf, type RouteDef, writeRoutes } from '../../http/route.js';
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
    ...writeRoutes({
      base: '/api/customer',
      permission: permission,
      tag,
      body: writeBody(CustomerRequest),
      result: rows,
      summaries: {
        Create: 'Create customers',
        Import: 'Import customers, all or nothing',
        Update: 'Update customers',
      },
      write: (b, ctx, action) => customers.write(ctx, b, action),
    }),
    defineRoute({
      path: '/api/customer/delete',
      permission,
      tag,
      summary: 'Delete customers without accounts or debts',
      body: writeBody(CustomerDeleteRequest),
      result: rows,
      handler: (b, ctx) => customers.remove(ctx, keysOf(b, 'customerId')),
    }),
  ];
}
