import type { Deps } from '../../deps.js';
import type { ServerModule } from '../../http/server-module.js';
import { accountRoutes } from './account.routes.js';
import { createAccountService } from './account.service.js';

export { accountsOf, addBoundAccounts, readAccounts, tariffsInUse } from './account.repo.js';
export { type AccountService, createAccountService } from './account.service.js';

/** Accounts: a customer's binding to a meter under a tariff. */
export function accountModule(deps: Deps): ServerModule {
  return { routes: accountRoutes(createAccountService(deps)) };
}
