import {
  page,
  TariffCreateRequest,
  TariffDeleteRequest,
  TariffReadRequest,
  TariffRow,
  writeBody,
} from '@prepay/contracts';
import { z } from 'zod';
import type { Deps } from '../../deps.js';
import { defineRoute, keysOf, type RouteDef, writeRoutes } from '../../http/route.js';
import { readTariffs } from './tariff.repo.js';
import type { TariffService } from './tariff.service.js';

const tag = 'Tariff';
const permission = 'Management.Tariff' as const;

export function tariffRoutes(deps: Deps, tariffs: TariffService): RouteDef[] {
  const { db } = deps.database;
  const rows = z.array(TariffRow);
  return [
    defineRoute({
      path: '/api/tariff/read',
      // The account form picks a tariff.
      permission: ['Management.Tariff', 'Management.Account'],
      tag,
      summary: 'List tariffs, active and passive resolved against the clock',
      body: TariffReadRequest,
      result: page(TariffRow),
      handler: (b, ctx) => readTariffs(db, b, ctx.user, deps.clock.now()),
    }),
    ...writeRoutes({
      base: '/api/tariff',
      permission: permission,
      tag,
      body: writeBody(TariffCreateRequest),
      result: rows,
      summaries: {
        Create: 'Create tariffs',
        Import: 'Import tariffs, all or nothing',
        Update: 'Update tariffs (the whole tariff, active and passive)',
      },
      write: (b, ctx, action) => tariffs.write(ctx, b, action),
    }),
    defineRoute({
      path: '/api/tariff/delete',
      permission,
      tag,
      summary: 'Delete tariffs no account uses',
      body: writeBody(TariffDeleteRequest),
      result: rows,
      handler: (b, ctx) => tariffs.remove(ctx, keysOf(b, 'tariffId')),
    }),
  ];
}
