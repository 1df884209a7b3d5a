import { STATION_API } from '@prepay/contracts';
import type { Deps } from '../../deps.js';
import type { RouteDef } from '../../http/route.js';
import { tableRoutes } from '../../http/table-routes.js';
import { createStationService } from './station.service.js';

export function stationRoutes(deps: Deps): RouteDef[] {
  return tableRoutes(createStationService(deps), {
    endpoints: STATION_API,
    tag: 'Station',
    what: 'stations',
    summaries: {
      Import: 'Import stations (all or nothing; an existing id refuses the batch)',
      Update: 'Rename stations',
      Delete: 'Delete stations without users',
    },
  });
}
