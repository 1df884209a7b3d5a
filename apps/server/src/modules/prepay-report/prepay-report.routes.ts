import {
  ConsumptionRow,
  ConsumptionStatisticsRequest,
  DebtPaymentRow,
  DebtPaymentsRequest,
  DebtSituationRequest,
  DebtSituationRow,
  LongNonpurchaseRequest,
  LongNonpurchaseRow,
  LowPurchaseRequest,
  LowPurchaseRow,
  page,
} from '@prepay/contracts';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Deps } from '../../deps.js';
import { defineRoute, type RouteDef } from '../../http/route.js';
import { type ExportableRead, registerExport } from '../meter-data/report-export.js';
import { lowPurchase } from './low-purchase.js';
import { consumptionStatistics, debtPayments, debtSituation, longNonpurchase } from './prepay-report.repo.js';

const tag = 'PrepayReport';

/** One report: its grid route and its export share path, permission, request and read. */
function report<S extends z.ZodType, R extends z.ZodObject>(
  deps: Deps,
  e: ExportableRead<S, z.infer<R>> & { row: R },
): { def: RouteDef; registerExport: (app: FastifyInstance) => void } {
  return {
    def: defineRoute({
      path: e.path,
      permission: e.permission,
      tag,
      summary: e.title,
      body: e.body,
      result: page(e.row),
      handler: (b, ctx) => e.read(b, ctx),
    }),
    registerExport: (app) => registerExport(app, deps, e),
  };
}

/** The four reports, each a grid read and an export of the whole result. */
function reports(deps: Deps) {
  const { db } = deps.database;
  return [
    report(deps, {
      path: '/API/PrepayReport/LongNonpurchaseSituation',
      permission: 'PrepayReport.LongNonpurchaseSituation',
      title: 'Long Nonpurchase Situation',
      body: LongNonpurchaseRequest,
      row: LongNonpurchaseRow,
      columns: Object.keys(LongNonpurchaseRow.shape),
      read: (b, ctx) => longNonpurchase(db, b, ctx.user, deps.clock.now()),
    }),
    report(deps, {
      path: '/API/PrepayReport/LowPurchaseSituation',
      permission: 'PrepayReport.LowPurchaseSituation',
      title: 'Low Purchase Situation',
      body: LowPurchaseRequest,
      row: LowPurchaseRow,
      columns: Object.keys(LowPurchaseRow.shape),
      read: (b, ctx) => lowPurchase(db, b, ctx.user),
    }),
    report(deps, {
      path: '/API/PrepayReport/DebtSituation',
      permission: 'PrepayReport.DebtSituation',
      title: 'Debt Situation',
      body: DebtSituationRequest,
      row: DebtSituationRow,
      columns: Object.keys(DebtSituationRow.shape),
      read: (b, ctx) => debtSituation(db, b, ctx.user),
    }),
    report(deps, {
      path: '/API/PrepayReport/ConsumptionStatistics',
      permission: 'PrepayReport.ConsumptionStatistics',
      title: 'Consumption Statistics',
      body: ConsumptionStatisticsRequest,
      row: ConsumptionRow,
      columns: Object.keys(ConsumptionRow.shape),
      read: (b, ctx) => consumptionStatistics(db, b, ctx.user),
    }),
  ];
}

export function prepayReportRoutes(deps: Deps): RouteDef[] {
  const { db } = deps.database;
  return [
    ...reports(deps).map((r) => r.def),
    defineRoute({
      path: '/API/PrepayReport/DebtSituationPayments',
      permission: 'PrepayReport.DebtSituation',
      tag,
      summary: 'The vends that recovered part of a customer debt',
      body: DebtPaymentsRequest,
      result: page(DebtPaymentRow),
      handler: (b, ctx) => debtPayments(db, b, ctx.user),
    }),
  ];
}

export function registerPrepayReportExports(app: FastifyInstance, deps: Deps): void {
  for (const r of reports(deps)) r.registerExport(app);
}
