import {
  CASH_UP_API,
  CASH_UP_EXPORT_PATH,
  CASH_UP_PERMISSION,
  CashUpRequest,
  CREDIT_API,
} from '@prepay/contracts';
import type { Deps } from '../../deps.js';
import { defineFileRoute, defineRoute, type RouteDef } from '../../http/route.js';
import { exportLanguage } from '../../lib/export-labels.js';
import { type CashUpService, createCashUpService } from './cash-up.service.js';

const tag = 'CashUp';

/** The totals row of the credit record pages: one sum over the page's own filter. */
function totalsRoutes(service: CashUpService): RouteDef[] {
  const pages = [
    { endpoint: CREDIT_API.totals, kind: 'credit' },
    { endpoint: CREDIT_API.cancelTotals, kind: 'creditCancel' },
  ] as const;
  return pages.map((p) =>
    defineRoute({
      endpoint: p.endpoint,
      tag: 'Token',
      summary: 'Totals of every record the filter matches (the list totals row)',
      handler: (b, ctx) => service.totals(p.kind, b, ctx.user),
    }),
  );
}

/** Shift and day cash-up: the totals of a range's credit vends, and the same as a workbook. */
export function cashUpRoutes(deps: Deps, service: CashUpService = createCashUpService(deps)): RouteDef[] {
  return [
    ...totalsRoutes(service),
    defineRoute({
      endpoint: CASH_UP_API.read,
      tag,
      summary: 'Cash-up: credit vends of a date range by operator, station, payment method and day',
      handler: (b, ctx) => service.cashUp(b, ctx.user),
    }),
    defineFileRoute({
      kind: 'file',
      path: CASH_UP_EXPORT_PATH,
      permission: CASH_UP_PERMISSION,
      tag,
      summary: 'Export the cash-up (.xlsx, one sheet per view, in the asked language)',
      body: CashUpRequest,
      handler: async ({ body }, ctx, reply) => {
        const file = await service.exportCashUp(body, ctx, exportLanguage(body.lang));
        return reply
          .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
          .header('content-disposition', `attachment; filename="cash-up-${body.from}-${body.to}.xlsx"`)
          .header('cache-control', 'no-store')
          .send(file);
      },
    }),
  ];
}
