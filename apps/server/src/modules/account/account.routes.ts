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
  return tableRoutes({
    paths: ACCOUNT_PATHS,
    tag: 'Account',
    permission: 'Management.Account',
    row: AccountRow,
    read: {
      // Every Token Generate page lists accounts: a cashier holding only Token.CreditToken must see them.
      // The vending pages pick a meter's account; the meter test token page does not (it lists no accounts).
      permission: [
        'Management.Account',
        ...PermissionGroups.Token.filter((k) => k !== 'Token.MeterTestToken'),
      ],
      summary: 'List accounts with customer, meter and tariff joined',
      body: AccountReadRequest,
      handler: (b, ctx) => accounts.read(b, ctx.user),
    },
    write: {
      line: AccountRequest,
      summaries: {
        Create: 'Bind customers, meters and tariffs (one account per meter)',
        Import: 'Import accounts, all or nothing',
        Update: 'Update accounts; oldMeterId re-homes an account to another meter',
      },
      handler: (b, ctx, action) => accounts.write(ctx, b, action),
    },
    remove: {
      key: AccountDeleteRequest,
      summary: 'Delete accounts (customerId and meterId); the meter becomes unused',
      handler: (b, ctx) => accounts.remove(ctx, b),
    },
  });
}
