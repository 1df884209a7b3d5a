import {
  CASH_UP_EXPORT_PATH,
  CASH_UP_PATH,
  CASH_UP_PERMISSION,
  CashUpRequest,
  CashUpResult,
  CREDIT_CANCEL_RECORD_TOTALS_PATH,
  CREDIT_RECORD_TOTALS_PATH,
  RecordTotals,
  TokenRecordReadRequest,
} from '@prepay/contracts';
import type { Deps } from '../../deps.js';
import { defineFileRoute, defineRoute, type RouteDef } from '../../http/route.js';
import { exportLanguage } from '../../lib/export-labels.js';
import { writeAudit } from '../audit/audit.js';
import { money, tenths } from '../meter-data/units.js';
import { recordConditions } from '../vending/vending.repo.js';
import { cashUpWorkbook } from './cash-up.export.js';
import { cashUpOf } from './cash-up.js';
import { cashUpCells, recordTotals } from './cash-up.repo.js';

const tag = 'CashUp';

/** The totals row of the credit record pages: one sum over the page's own filter. */
function totalsRoutes(deps: Deps): RouteDef[] {
  const { db } = deps.database;
  const pages = [
    { path: CREDIT_RECORD_TOTALS_PATH, kind: 'credit', permission: 'TokenRecord.CreditTokenRecord' },
    {
      path: CREDIT_CANCEL_RECORD_TOTALS_PATH,
      kind: 'creditCancel',
      permission: 'TokenRecord.CreditTokenCancelRecord',
    },
  ] as const;
  return pages.map((p) =>
    defineRoute({
      path: p.path,
      permission: p.permission,
      tag: 'Token',
      summary: 'Totals of every record the filter matches (the list totals row)',
      body: TokenRecordReadRequest,
      result: RecordTotals,
      handler: async (b, ctx) => {
        const r = await recordTotals(db, recordConditions(p.kind, b, ctx.user));
        return {
          count: r.count,
          totalUnit: tenths(r.units) ?? 0,
          totalPaid: money(r.totalPaidMinor),
          energyCharge: money(r.energyMinor),
          tax: money(r.taxMinor),
          monthlyCharge: money(r.monthlyChargeMinor),
          payDebt: money(r.payDebtMinor),
          cancelledCount: r.cancelledCount,
          cancelledTotalPaid: money(r.cancelledPaidMinor),
        };
      },
    }),
  );
}

/** Shift and day cash-up: the totals of a range's credit vends, and the same as a workbook. */
export function cashUpRoutes(deps: Deps): RouteDef[] {
  const { db } = deps.database;
  const read = async (b: CashUpRequest, user: Parameters<typeof cashUpCells>[2]) => {
    const station = user.isSystemAdmin ? (b.stationId ?? null) : user.stationId;
    return cashUpOf(b, station, await cashUpCells(db, b, user));
  };
  return [
    ...totalsRoutes(deps),
    defineRoute({
      path: CASH_UP_PATH,
      permission: CASH_UP_PERMISSION,
      tag,
      summary: 'Cash-up: credit vends of a date range by operator, station, payment method and day',
      body: CashUpRequest,
      result: CashUpResult,
      handler: (b, ctx) => read(b, ctx.user),
    }),
    defineFileRoute({
      kind: 'file',
      path: CASH_UP_EXPORT_PATH,
      permission: CASH_UP_PERMISSION,
      tag,
      summary: 'Export the cash-up (.xlsx, one sheet per view, in the asked language)',
      body: CashUpRequest,
      handler: async ({ body }, ctx, reply) => {
        const result = await read(body, ctx.user);
        const file = await cashUpWorkbook(result, exportLanguage(body.lang));
        await writeAudit(db, ctx.actor, {
          title: 'Cash-up',
          action: 'Export',
          content: `${body.from}..${body.to}: ${result.total.count} vends`,
        });
        return reply
          .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
          .header('content-disposition', `attachment; filename="cash-up-${body.from}-${body.to}.xlsx"`)
          .header('cache-control', 'no-store')
          .send(file);
      },
    }),
  ];
}
