import { CUSTOMER_API } from '@prepay/contracts';
import type { RouteDef } from '../../http/route.js';
import { tableRoutes } from '../../http/table-routes.js';
import type { CustomerService } from './customer.service.js';

export function customerRoutes(customers: CustomerService): RouteDef[] {
  return tableRoutes(customers, {
    endpoints: CUSTOMER_API,
    tag: 'Customer',
    what: 'customers',
    summaries: {
      Delete: 'Delete customers without accounts or debts',
    },
  });
}
