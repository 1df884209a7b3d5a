import { AUTHENTICATED, DASHBOARD_PATHS, LineChart, LineChartRequest, PanelGroup } from '@prepay/contracts';
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
      path: DASHBOARD_PATHS.panelGroup,
      permission: AUTHENTICATED,
      tag,
      summary: 'Accounts, purchase times, units and money',
      result: PanelGroup,
      handler: (_b, ctx) => dashboard.panelGroup(ctx.user),
    }),
    defineRoute({
      path: DASHBOARD_PATHS.lineChart,
      permission: AUTHENTICATED,
      tag,
      summary: 'Chart series by type (0–7)',
      body: LineChartRequest,
      result: LineChart,
      handler: (b, ctx) => dashboard.lineChart(b, ctx.user),
    }),
  ];
}
