import type { Deps } from '../../deps.js';
import type { ServerModule } from '../../http/server-module.js';
import { cashUpRoutes } from './cash-up.routes.js';
import { createCashUpService } from './cash-up.service.js';

export function cashUpModule(deps: Deps): ServerModule {
  return { routes: cashUpRoutes(deps, createCashUpService(deps)) };
}
