import { PREPAY_REPORT_API } from '@prepay/contracts';
import type { Deps } from '../../deps.js';
import { defineRoute, type RouteDef } from '../../http/route.js';
import { gridsWithExport } from '../meter-data/index.js';
import { createPrepayReportService, type PrepayReportService } from './prepay-report.service.js';

const tag = 'PrepayReport';
const api = PREPAY_REPORT_API;

/** The four reports, each a grid read and an export of the whole result. */
function prepayReports(deps: Deps, service: PrepayReportService): RouteDef[] {
  const report = gridsWithExport(deps, { tag });
  return [
    report(api.longNonpurchase, 'Long Nonpurchase Situation', (b, ctx) =>
      service.longNonpurchase(b, ctx.user),
    ),
    report(api.lowPurchase, 'Low Purchase Situation', (b, ctx) => service.lowPurchase(b, ctx.user)),
    report(api.debtSituation, 'Debt Situation', (b, ctx) => service.debtSituation(b, ctx.user)),
    report(api.consumptionStatistics, 'Consumption Statistics', (b, ctx) =>
      service.consumptionStatistics(b, ctx.user),
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
      endpoint: api.debtPayments,
      tag,
      summary: 'The vends that recovered part of a customer debt',
      handler: (b, ctx) => service.debtPayments(b, ctx.user),
    }),
  ];
}
