import type { LineChartRequest } from '@prepay/contracts';
import type { Deps } from '../../deps.js';
import type { SessionUser } from '../../lib/user-context.js';
import { lineChart, panelGroup } from './dashboard.repo.js';

/** The home page's figures, scoped to the user's station; the chart's periods end now. */
export function createDashboardService(deps: Deps) {
  const { db } = deps.database;
  return {
    panelGroup: (user: SessionUser) => panelGroup(db, user),
    lineChart: (b: LineChartRequest, user: SessionUser) => lineChart(db, user, deps.clock.now(), b),
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
