import type { Deps } from '../../deps.js';
import type { ServerModule } from '../../http/server-module.js';
import { debtRoutes } from './debt.routes.js';
import { createDebtService } from './debt.service.js';

export { loadDebts, readDebts } from './debt.repo.js';
export { createDebtService, type DebtService } from './debt.service.js';

export function debtModule(deps: Deps): ServerModule {
  return { routes: debtRoutes(createDebtService(deps)) };
}
