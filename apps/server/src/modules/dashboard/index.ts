import type { Deps } from '../../deps.js';
import type { ServerModule } from '../../http/server-module.js';
import { dashboardRoutes } from './dashboard.routes.js';
import { createDashboardService } from './dashboard.service.js';

export function dashboardModule(deps: Deps): ServerModule {
  return { routes: dashboardRoutes(deps, createDashboardService(deps)) };
}
