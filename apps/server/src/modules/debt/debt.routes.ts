import { DebtDeleteRequest, DebtReadRequest, DebtRequest, DebtRow, page, writeBody } from '@prepay/contracts';
import { z } from 'zod';
import type { Deps } from '../../deps.js';
import { defineRoute, type RouteDef } from '../../http/route.js';
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
    defineRoute({
      path: '/api/debt/create',
      permission,
      tag,
      summary: 'Create debts (one per customer)',
      body: writeBody(DebtRequest),
      result: rows,
      handler: (b, ctx) => debts.write(ctx, b, 'Create'),
    }),
    defineRoute({
      path: '/api/debt/import',
      permission,
      tag,
      summary: 'Import debts, all or nothing',
      body: writeBody(DebtRequest),
      result: rows,
      handler: (b, ctx) => debts.write(ctx, b, 'Import'),
    }),
    defineRoute({
      path: '/api/debt/update',
      permission,
      tag,
      summary: 'Update debts; what was recovered is kept',
      body: writeBody(DebtRequest),
      result: rows,
      handler: (b, ctx) => debts.write(ctx, b, 'Update'),
    }),
    defineRoute({
      path: '/api/debt/delete',
      permission,
      tag,
      summary: 'Delete debts',
      body: writeBody(DebtDeleteRequest),
      result: rows,
      handler: (b, ctx) =>
        debts.remove(
          ctx,
          b.map((r) => r.customerId),
        ),
    }),
  ];
}
