import {
  ACCOUNT_PATHS,
  AccountDeleteRequest,
  AccountReadRequest,
  AccountRequest,
  AccountRow,
  PermissionGroups,
} from '@prepay/contracts';
import type { RouteDef } from '../../http/route.js';
import { tableRoutes } from '../../http/table-routes.js';
import type { AccountService } from './account.service.js';

export function accountRoutes(accounts: AccountService): RouteDef[] {
  return tableRoutes(accounts, {
    paths: ACCOUNT_PATHS,
    tag: 'Account',
    permission: 'Management.Account',
    // Every Token Generate page lists accounts: a cashier holding only Token.CreditToken must see them.
    // The vending pages pick a meter's account; the meter test token page does not (it lists no accounts).
    readPermission: [
      'Management.Account',
      ...PermissionGroups.Token.filter((k) => k !== 'Token.MeterTestToken'),
    ],
    schemas: { row: AccountRow, read: AccountReadRequest, line: AccountRequest, key: AccountDeleteRequest },
    what: 'accounts',
    summaries: {
      Read: 'List accounts with customer, meter and tariff joined',
      Create: 'Bind customers, meters and tariffs (one account per meter)',
      Update: 'Update accounts; oldMeterId re-homes an account to another meter',
      Delete: 'Delete accounts (customerId and meterId); the meter becomes unused',
    },
  });
}
