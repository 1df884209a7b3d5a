import {
  AccountDeleteRequest,
  AccountReadRequest,
  AccountRequest,
  AccountRow,
  PermissionGroups,
  page,
  writeBody,
} from '@prepay/contracts';
import { z } from 'zod';
import type { Deps } from '../../deps.js';
import { defineRoute, type RouteDef, writeRoutes } from '../../http/route.js';
import { readAccounts } from './account.repo.js';
import type { AccountService } from './account.service.js';

const tag = 'Account';
const permission = 'Management.Account' as const;

export function accountRoutes(deps: Deps, accounts: AccountService): RouteDef[] {
  const { db } = deps.database;
  const rows = z.array(AccountRow);
  return [
    defineRoute({
      path: '/api/account/read',
      // Every Token Generate page lists accounts: a cashier holding only Token.CreditToken must see them.
      // The vending pages pick a meter's account; the meter test token page does not (it lists no accounts).
      permission: [
        'Management.Account',
        ...PermissionGroups.Token.filter((k) => k !== 'Token.MeterTestToken'),
      ],
      tag,
      summary: 'List accounts with customer, meter and tariff joined',
      body: AccountReadRequest,
      result: page(AccountRow),
      handler: (b, ctx) => readAccounts(db, b, ctx.user),
    }),
    ...writeRoutes({
      base: '/api/account',
      permission: permission,
      tag,
      body: writeBody(AccountRequest),
      result: rows,
      summaries: {
        Create: 'Bind customers, meters and tariffs (one account per meter)',
        Import: 'Import accounts, all or nothing',
        Update: 'Update accounts; oldMeterId re-homes an account to another meter',
      },
      write: (b, ctx, action) => accounts.write(ctx, b, action),
    }),
    defineRoute({
      path: '/api/account/delete',
      permission,
      tag,
      summary: 'Delete accounts (customerId and meterId); the meter becomes unused',
      body: writeBody(AccountDeleteRequest),
      result: rows,
      handler: (b, ctx) => accounts.remove(ctx, b),
    }),
  ];
}
