import {
  CUSTOMER_PATHS,
  CustomerDeleteRequest,
  CustomerReadRequest,
  CustomerRequest,
  CustomerRow,
} from '@prepay/contracts';
import { keysOf, type RouteDef } from '../../http/route.js';
import { tableRoutes } from '../../http/table-routes.js';
import type { CustomerService } from './customer.service.js';

export function customerRoutes(customers: CustomerService): RouteDef[] {
  return tableRoutes({
    paths: CUSTOMER_PATHS,
    tag: 'Customer',
    permission: 'Management.Customer',
    row: CustomerRow,
    read: {
      // The account and debt forms pick customers.
      permission: ['Management.Customer', 'Management.Account', 'Management.Debt'],
      summary: 'List customers',
      body: CustomerReadRequest,
      handler: (b, ctx) => customers.read(b, ctx.user),
    },
    write: {
      line: CustomerRequest,
      summaries: {
        Create: 'Create customers',
        Import: 'Import customers, all or nothing',
        Update: 'Update customers',
      },
      handler: (b, ctx, action) => customers.write(ctx, b, action),
    },
    remove: {
      key: CustomerDeleteRequest,
      summary: 'Delete customers without accounts or debts',
      handler: (b, ctx) => customers.remove(ctx, keysOf(b, 'customerId')),
    },
  });
}
