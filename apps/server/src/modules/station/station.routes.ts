import {
  AUTHENTICATED,
  STATION_PATHS,
  StationDeleteRequest,
  StationReadRequest,
  StationRequest,
  StationRow,
} from '@prepay/contracts';
import type { Deps } from '../../deps.js';
import type { RouteDef } from '../../http/route.js';
import { tableRoutes } from '../../http/table-routes.js';
import { createStationService } from './station.service.js';

export function stationRoutes(deps: Deps): RouteDef[] {
  return tableRoutes(createStationService(deps), {
    paths: STATION_PATHS,
    tag: 'Station',
    permission: 'Setting.Station',
    // Every page with a station filter looks stations up; scoping limits what a station user sees.
    readPermission: AUTHENTICATED,
    schemas: { row: StationRow, read: StationReadRequest, line: StationRequest, key: StationDeleteRequest },
    what: 'stations',
    summaries: {
      Import: 'Import stations (all or nothing; an existing id refuses the batch)',
      Update: 'Rename stations',
      Delete: 'Delete stations without users',
    },
  });
}
