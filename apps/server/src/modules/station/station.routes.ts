import {
  AUTHENTICATED,
  STATION_PATHS,
  StationDeleteRequest,
  StationReadRequest,
  StationRequest,
  StationRow,
} from '@prepay/contracts';
import type { Deps } from '../../deps.js';
import { keysOf, type RouteDef } from '../../http/route.js';
import { tableRoutes } from '../../http/table-routes.js';
import { createStationService } from './station.service.js';

export function stationRoutes(deps: Deps): RouteDef[] {
  const stations = createStationService(deps);
  return tableRoutes({
    paths: STATION_PATHS,
    tag: 'Station',
    permission: 'Setting.Station',
    row: StationRow,
    read: {
      // Every page with a station filter looks stations up; scoping limits what a station user sees.
      permission: AUTHENTICATED,
      summary: 'List stations',
      body: StationReadRequest,
      handler: (b, ctx) => stations.read(b, ctx.user),
    },
    write: {
      line: StationRequest,
      summaries: {
        Create: 'Create stations',
        Import: 'Import stations (all or nothing; an existing id refuses the batch)',
        Update: 'Rename stations',
      },
      handler: (b, ctx, action) => stations.write(ctx, b, action),
    },
    remove: {
      key: StationDeleteRequest,
      summary: 'Delete stations without users',
      handler: (b, ctx) => stations.remove(ctx, keysOf(b, 'stationId')),
    },
  });
}
