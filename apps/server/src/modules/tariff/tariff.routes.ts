import { TARIFF_API } from '@prepay/contracts';
import type { RouteDef } from '../../http/route.js';
import { tableRoutes } from '../../http/table-routes.js';
import type { TariffService } from './tariff.service.js';

export function tariffRoutes(tariffs: TariffService): RouteDef[] {
  return tableRoutes(tariffs, {
    endpoints: TARIFF_API,
    tag: 'Tariff',
    what: 'tariffs',
    summaries: {
      Read: 'List tariffs, active and passive resolved against the clock',
      Update: 'Update tariffs (the whole tariff, active and passive)',
      Delete: 'Delete tariffs no account uses',
    },
  });
}
