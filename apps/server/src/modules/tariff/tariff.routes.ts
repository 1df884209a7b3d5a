import {
  TARIFF_PATHS,
  TariffCreateRequest,
  TariffDeleteRequest,
  TariffReadRequest,
  TariffRow,
} from '@prepay/contracts';
import type { RouteDef } from '../../http/route.js';
import { tableRoutes } from '../../http/table-routes.js';
import type { TariffService } from './tariff.service.js';

export function tariffRoutes(tariffs: TariffService): RouteDef[] {
  return tableRoutes(tariffs, {
    paths: TARIFF_PATHS,
    tag: 'Tariff',
    permission: 'Management.Tariff',
    // The account form picks a tariff.
    readPermission: ['Management.Tariff', 'Management.Account'],
    schemas: { row: TariffRow, read: TariffReadRequest, line: TariffCreateRequest, key: TariffDeleteRequest },
    what: 'tariffs',
    summaries: {
      Read: 'List tariffs, active and passive resolved against the clock',
      Update: 'Update tariffs (the whole tariff, active and passive)',
      Delete: 'Delete tariffs no account uses',
    },
  });
}
