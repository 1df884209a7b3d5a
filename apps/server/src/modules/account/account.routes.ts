import { ACCOUNT_API } from '@prepay/contracts';
import type { RouteDef } from '../../http/route.js';
import { tableRoutes } from '../../http/table-routes.js';
import type { AccountService } from './account.service.js';

export function accountRoutes(accounts: AccountService): RouteDef[] {
  return tableRoutes(accounts, {
    endpoints: ACCOUNT_API,
    tag: 'Account',
    what: 'accounts',
    summaries: {
      Read: 'List accounts with customer, meter and tariff joined',
      Create: 'Bind customers, meters and tariffs (one account per meter)',
      Update: 'Update accounts; oldMeterId re-homes an account to another meter',
      Delete: 'Delete accounts (customerId and meterId); the meter becomes unused',
    },
  });
}
