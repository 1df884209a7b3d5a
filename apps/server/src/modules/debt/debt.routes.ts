import { DebtDeleteRequest, DebtReadRequest, DebtRequest, DebtRow, page, writeBody } from '@prepay/contracts';
import { z } from 'zod';
import type { Deps } from '../../deps.js';
import { defineRoute, keysOf, type RouteDef, writeRoutes } from '../../http/route.js';
import { readDebts } from './debt.repo.js';
import type { DebtService } from './debt.service.js';

const tag = 'Debt';
const permission = 'Management.Debt' as const;

export function debtRoutes(deps: Deps, debts: DebtService): RouteDef[] {
  const { db } = deps.database;
  const rows = z.array(DebtRow);
  return [
    defineRoute({
      path: '/api/debt/read',
      permission,
      tag,
      summary: 'List debts (total, remaining, recovered)',
      body: DebtReadRequest,
      result: page(DebtRow),
      handler: (b, ctx) => readDebts(db, b, ctx.user),
    }),
    ...writeRoutes({
      base: '/api/debt',
      permission: permission,
      tag,
      body: writeBody(DebtRequest),
      result: rows,
      summaries: {
        Create: 'Create debts (one per customer)',
        Import: 'Import debts, all or nothing',
        Update: 'Update debts; what was recovered is kept',
      },
      write: (b, ctx, action) => debts.write(ctx, b, action),
    }),
    defineRoute({
      path: '/api/debt/delete',
      permission,
      tag,
      summary: 'Delete debts',
      body: writeBody(DebtDeleteRequest),
      result: rows,
      handler: (b, ctx) => debts.remove(ctx, keysOf(b, 'customerId')),
    }),
  ];
}
