import type { Deps } from '../../deps.js';
import type { ServerModule } from '../../http/server-module.js';
import { prepayReportRoutes } from './prepay-report.routes.js';
import { createPrepayReportService } from './prepay-report.service.js';

export function prepayReportModule(deps: Deps): ServerModule {
  return { routes: prepayReportRoutes(deps, createPrepayReportService(deps)) };
}
