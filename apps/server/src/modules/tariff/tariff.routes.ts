import {
  TARIFF_PATHS,
  TariffCreateRequest,
  TariffDeleteRequest,
  TariffReadRequest,
  TariffRow,
} from '@prepay/contracts';
import { keysOf, type RouteDef } from '../../http/route.js';
import { tableRoutes } from '../../http/table-routes.js';
import type { TariffService } from './tariff.service.js';

export function tariffRoutes(tariffs: TariffService): RouteDef[] {
  return tableRoutes({
    paths: TARIFF_PATHS,
    tag: 'Tariff',
    permission: 'Management.Tariff',
    row: TariffRow,
    read: {
      // The account form picks a tariff.
      permission: ['Management.Tariff', 'Management.Account'],
      summary: 'List tariffs, active and passive resolved against the clock',
      body: TariffReadRequest,
      handler: (b, ctx) => tariffs.read(b, ctx.user),
    },
    write: {
      line: TariffCreateRequest,
      summaries: {
        Create: 'Create tariffs',
        Import: 'Import tariffs, all or nothing',
        Update: 'Update tariffs (the whole tariff, active and passive)',
      },
      handler: (b, ctx, action) => tariffs.write(ctx, b, action),
    },
    remove: {
      key: TariffDeleteRequest,
      summary: 'Delete tariffs no account uses',
      handler: (b, ctx) => tariffs.remove(ctx, keysOf(b, 'tariffId')),
    },
  });
}
