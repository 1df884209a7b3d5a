import { DASHBOARD_API } from '@prepay/contracts';
import type { Deps } from '../../deps.js';
import { defineRoute, type RouteDef } from '../../http/route.js';
import { createDashboardService, type DashboardService } from './dashboard.service.js';

const tag = 'Dashboard';

/** The dashboard is every signed-in user's home page; its figures are scoped to the user's station. */
export function dashboardRoutes(
  deps: Deps,
  dashboard: DashboardService = createDashboardService(deps),
): RouteDef[] {
  return [
    defineRoute({
      endpoint: DASHBOARD_API.panelGroup,
      tag,
      summary: 'Accounts, purchase times, units and money',
      handler: (_b, ctx) => dashboard.panelGroup(ctx.user),
    }),
    defineRoute({
      endpoint: DASHBOARD_API.lineChart,
      tag,
      summary: 'Chart series by type (0–7)',
      handler: (b, ctx) => dashboard.lineChart(b, ctx.user),
    }),
  ];
}
