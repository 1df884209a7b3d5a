import { type Endpoint, exportPath, PREPAY_REPORT_API, type page, type reportPage } from '@prepay/contracts';
import type { z } from 'zod';
import type { Deps } from '../../deps.js';
import {
  type AnswerOf,
  type AuthedContext,
  type BodyOf,
  defineRoute,
  type RouteDef,
} from '../../http/route.js';
import { exportRoute } from '../meter-data/index.js';
import { createPrepayReportService, type PrepayReportService } from './prepay-report.service.js';

const tag = 'PrepayReport';

/** A report's grid: a page of rows, with the report's scope where it states one. */
type Paged = ReturnType<typeof page<z.ZodObject>>;
type Scoped = ReturnType<typeof reportPage<z.ZodObject>>;
type ReportEndpoint = Endpoint<z.ZodType, Paged> | Endpoint<z.ZodType, Scoped>;

/** One report: its grid route and its export share path, permission, request and read. */
function report<E extends ReportEndpoint>(
  deps: Deps,
  e: { endpoint: E; title: string; read: (b: BodyOf<E>, ctx: AuthedContext) => Promise<AnswerOf<E>> },
): RouteDef[] {
  const { endpoint, title, read } = e;
  return [
    defineRoute({ endpoint, tag, summary: title, handler: (b, ctx) => read(b, ctx) }),
    exportRoute(deps, {
      path: exportPath(endpoint.path),
      permission: endpoint.permission,
      title,
      body: endpoint.request,
      columns: Object.keys(endpoint.result.shape.data.element.shape),
      read: (b, ctx) => read(b as BodyOf<E>, ctx),
    }),
  ];
}

/** The four reports, each a grid read and an export of the whole result. */
function prepayReports(deps: Deps, service: PrepayReportService): RouteDef[] {
  return [
    report(deps, {
      endpoint: PREPAY_REPORT_API.longNonpurchase,
      title: 'Long Nonpurchase Situation',
      read: (b, ctx) => service.longNonpurchase(b, ctx.user),
    }),
    report(deps, {
      endpoint: PREPAY_REPORT_API.lowPurchase,
      title: 'Low Purchase Situation',
      read: (b, ctx) => service.lowPurchase(b, ctx.user),
    }),
    report(deps, {
      endpoint: PREPAY_REPORT_API.debtSituation,
      title: 'Debt Situation',
      read: (b, ctx) => service.debtSituation(b, ctx.user),
    }),
    report(deps, {
      endpoint: PREPAY_REPORT_API.consumptionStatistics,
      title: 'Consumption Statistics',
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
      endpoint: PREPAY_REPORT_API.debtPayments,
      tag,
      summary: 'The vends that recovered part of a customer debt',
      handler: (b, ctx) => service.debtPayments(b, ctx.user),
    }),
  ];
}
