import { DEBT_PATHS, DebtDeleteRequest, DebtReadRequest, DebtRequest, DebtRow } from '@prepay/contracts';
import { keysOf, type RouteDef } from '../../http/route.js';
import { tableRoutes } from '../../http/table-routes.js';
import type { DebtService } from './debt.service.js';

export function debtRoutes(debts: DebtService): RouteDef[] {
  return tableRoutes({
    paths: DEBT_PATHS,
    tag: 'Debt',
    permission: 'Management.Debt',
    row: DebtRow,
    read: {
      summary: 'List debts (total, remaining, recovered)',
      body: DebtReadRequest,
      handler: (b, ctx) => debts.read(b, ctx.user),
    },
    write: {
      line: DebtRequest,
      summaries: {
        Create: 'Create debts (one per customer)',
        Import: 'Import debts, all or nothing',
        Update: 'Update debts; what was recovered is kept',
      },
      handler: (b, ctx, action) => debts.write(ctx, b, action),
    },
    remove: {
      key: DebtDeleteRequest,
      summary: 'Delete debts',
      handler: (b, ctx) => debts.remove(ctx, keysOf(b, 'customerId')),
    },
  });
}
