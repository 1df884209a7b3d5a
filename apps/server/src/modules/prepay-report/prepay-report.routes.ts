import { type Endpoint, exportPath, PREPAY_REPORT_API, type page } from '@prepay/contracts';
import type { z } from 'zod';
import type { Deps } from '../../deps.js';
import { defineRoute, type RouteDef } from '../../http/route.js';
import type { SessionUser } from '../../lib/user-context.js';
import { type ExportableRead, exportRoute } from '../meter-data/index.js';
import { createPrepayReportService, type PrepayReportService } from './prepay-report.service.js';

const tag = 'PrepayReport';

/** A report's grid: a page of `R` rows for a request of `S`. */
type ReportEndpoint<S extends z.ZodType, R extends z.ZodObject> = Endpoint<S, ReturnType<typeof page<R>>>;

/** One report: its grid route and its export share path, permission, request and read. */
function report<S extends z.ZodType, R extends z.ZodObject>(
  deps: Deps,
  endpoint: ReportEndpoint<S, R>,
  title: string,
  readFor: (b: z.infer<S>, user: SessionUser) => Promise<{ total: number; data: z.infer<R>[] }>,
): RouteDef[] {
  const read: ExportableRead<S, z.infer<R>>['read'] = (b, ctx) => readFor(b, ctx.user);
  return [
    defineRoute({ endpoint, tag, summary: title, handler: (b, ctx) => read(b, ctx) }),
    exportRoute(deps, {
      path: exportPath(endpoint.path),
      permission: endpoint.permission,
      title,
      body: endpoint.request,
      columns: Object.keys(endpoint.result.shape.data.element.shape),
      read,
    }),
  ];
}

/** The four reports, each a grid read and an export of the whole result. */
function prepayReports(deps: Deps, service: PrepayReportService): RouteDef[] {
  return [
    report(deps, PREPAY_REPORT_API.longNonpurchase, 'Long Nonpurchase Situation', service.longNonpurchase),
    report(deps, PREPAY_REPORT_API.lowPurchase, 'Low Purchase Situation', service.lowPurchase),
    report(deps, PREPAY_REPORT_API.debtSituation, 'Debt Situation', service.debtSituation),
    report(
      deps,
      PREPAY_REPORT_API.consumptionStatistics,
      'Consumption Statistics',
      service.consumptionStatistics,
    ),
  ].flat();
}

export function prepayReportRoutes(
  deps: Deps,
  service: PrepayReportService = createPrepayReportService(deps),
): RouteDef[] {
  return [
    ...prepayReports(deps, service),
    defineRoute({
      endpoint: PREPAY_REPORT_API.debtPayments,
      tag,
      summary: 'The vends that recovered part of a customer debt',
      handler: (b, ctx) => service.debtPayments(b, ctx.user),
    }),
  ];
}
