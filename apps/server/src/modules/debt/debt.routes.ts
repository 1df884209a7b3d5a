import { DEBT_API } from '@prepay/contracts';
import type { RouteDef } from '../../http/route.js';
import { tableRoutes } from '../../http/table-routes.js';
import type { DebtService } from './debt.service.js';

export function debtRoutes(debts: DebtService): RouteDef[] {
  return tableRoutes(debts, {
    endpoints: DEBT_API,
    tag: 'Debt',
    what: 'debts',
    summaries: {
      Read: 'List debts (total, remaining, recovered)',
      Create: 'Create debts (one per customer)',
      Update: 'Update debts; what was recovered is kept',
    },
  });
}
