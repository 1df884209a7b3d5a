import {
  ConsumptionRow,
  ConsumptionStatisticsRequest,
  DebtPaymentRow,
  DebtPaymentsRequest,
  DebtSituationRequest,
  DebtSituationRow,
  exportPath,
  LongNonpurchaseRequest,
  LongNonpurchaseRow,
  LowPurchaseRequest,
  LowPurchaseRow,
  PREPAY_REPORT_PATHS,
  page,
} from '@prepay/contracts';
import type { z } from 'zod';
import type { Deps } from '../../deps.js';
import { defineRoute, type RouteDef } from '../../http/route.js';
import { type ExportableRead, exportRoute } from '../meter-data/index.js';
import { createPrepayReportService, type PrepayReportService } from './prepay-report.service.js';

const tag = 'PrepayReport';

/** One report: its grid route and its export share path, permission, request and read. */
function report<S extends z.ZodType, R extends z.ZodObject>(
  deps: Deps,
  e: Omit<ExportableRead<S, z.infer<R>>, 'columns'> & { row: R },
): RouteDef[] {
  return [
    defineRoute({
      path: e.path,
      permission: e.permission,
      tag,
      summary: e.title,
      body: e.body,
      result: page(e.row),
      handler: (b, ctx) => e.read(b, ctx),
    }),
    exportRoute(deps, { ...e, path: exportPath(e.path), columns: Object.keys(e.row.shape) }),
  ];
}

/** The four reports, each a grid read and an export of the whole result. */
function prepayReports(deps: Deps, service: PrepayReportService): RouteDef[] {
  return [
    report(deps, {
      path: PREPAY_REPORT_PATHS.longNonpurchase,
      permission: 'PrepayReport.LongNonpurchaseSituation',
      title: 'Long Nonpurchase Situation',
      body: LongNonpurchaseRequest,
      row: LongNonpurchaseRow,
      read: (b, ctx) => service.longNonpurchase(b, ctx.user),
    }),
    report(deps, {
      path: PREPAY_REPORT_PATHS.lowPurchase,
      permission: 'PrepayReport.LowPurchaseSituation',
      title: 'Low Purchase Situation',
      body: LowPurchaseRequest,
      row: LowPurchaseRow,
      read: (b, ctx) => service.lowPurchase(b, ctx.user),
    }),
    report(deps, {
      path: PREPAY_REPORT_PATHS.debtSituation,
      permission: 'PrepayReport.DebtSituation',
      title: 'Debt Situation',
      body: DebtSituationRequest,
      row: DebtSituationRow,
      read: (b, ctx) => service.debtSituation(b, ctx.user),
    }),
    report(deps, {
      path: PREPAY_REPORT_PATHS.consumptionStatistics,
      permission: 'PrepayReport.ConsumptionStatistics',
      title: 'Consumption Statistics',
      body: ConsumptionStatisticsRequest,
      row: ConsumptionRow,
      read: (b, ctx) => service.consumptionStatistics(b, ctx.user),
    }),
  ].flat();
}

export function prepayReportRoutes(
  deps: Deps,
  service: PrepayReportService = createPrepayReportService(deps),
): RouteDef[] {
  return [
    ...prepayReports(deps, service),
    defineRoute({
      path: PREPAY_REPORT_PATHS.debtPayments,
      permission: 'PrepayReport.DebtSituation',
      tag,
      summary: 'The vends that recovered part of a customer debt',
      body: DebtPaymentsRequest,
      result: page(DebtPaymentRow),
      handler: (b, ctx) => service.debtPayments(b, ctx.user),
    }),
  ];
}
