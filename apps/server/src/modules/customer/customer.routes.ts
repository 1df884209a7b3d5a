import {
  CUSTOMER_PATHS,
  CustomerDeleteRequest,
  CustomerReadRequest,
  CustomerRequest,
  CustomerRow,
} from '@prepay/contracts';
import type { RouteDef } from '../../http/route.js';
import { tableRoutes } from '../../http/table-routes.js';
import type { CustomerService } from './customer.service.js';

export function customerRoutes(customers: CustomerService): RouteDef[] {
  return tableRoutes(customers, {
    paths: CUSTOMER_PATHS,
    tag: 'Customer',
    permission: 'Management.Customer',
    // The account and debt forms pick customers.
    readPermission: ['Management.Customer', 'Management.Account', 'Management.Debt'],
    schemas: {
      row: CustomerRow,
      read: CustomerReadRequest,
      line: CustomerRequest,
      key: CustomerDeleteRequest,
    },
    what: 'customers',
    summaries: {
      Delete: 'Delete customers without accounts or debts',
    },
  });
}
