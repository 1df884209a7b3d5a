import { DEBT_PATHS, DebtDeleteRequest, DebtReadRequest, DebtRequest, DebtRow } from '@prepay/contracts';
import type { RouteDef } from '../../http/route.js';
import { tableRoutes } from '../../http/table-routes.js';
import type { DebtService } from './debt.service.js';

export function debtRoutes(debts: DebtService): RouteDef[] {
  return tableRoutes(debts, {
    paths: DEBT_PATHS,
    tag: 'Debt',
    permission: 'Management.Debt',
    schemas: { row: DebtRow, read: DebtReadRequest, line: DebtRequest, key: DebtDeleteRequest },
    what: 'debts',
    summaries: {
      Read: 'List debts (total, remaining, recovered)',
      Create: 'Create debts (one per customer)',
      Update: 'Update debts; what was recovered is kept',
    },
  });
}
