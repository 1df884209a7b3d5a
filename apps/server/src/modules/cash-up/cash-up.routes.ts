import {
  CASH_UP_EXPORT_PATH,
  CASH_UP_PATH,
  CASH_UP_PERMISSION,
  CashUpRequest,
  CashUpResult,
} from '@prepay/contracts';
import type { Deps } from '../../deps.js';
import { defineFileRoute, defineRoute, type RouteDef } from '../../http/route.js';
import { exportLanguage } from '../../lib/export-labels.js';
import { writeAudit } from '../audit/audit.js';
import { cashUpWorkbook } from './cash-up.export.js';
import { cashUpOf } from './cash-up.js';
import { cashUpCells } from './cash-up.repo.js';

const tag = 'CashUp';

/** Shift and day cash-up: the totals of a range's credit vends, and the same as a workbook. */
export function cashUpRoutes(deps: Deps): RouteDef[] {
  const { db } = deps.database;
  const read = async (b: CashUpRequest, user: Parameters<typeof cashUpCells>[2]) => {
    const station = user.isSystemAdmin ? (b.stationId ?? null) : user.stationId;
    return cashUpOf(b, station, await cashUpCells(db, b, user));
  };
  return [
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
