import {
  AUTHENTICATED,
  page,
  StationDeleteRequest,
  StationReadRequest,
  StationRequest,
  StationRow,
  writeBody,
} from '@prepay/contracts';
import { z } from 'zod';
import type { Deps } from '../../deps.js';
import { defineRoute, keysOf, type RouteDef } from '../../http/route.js';
import { readStations } from './station.repo.js';
import { createStationService } from './station.service.js';

export function stationRoutes(deps: Deps): RouteDef[] {
  const { db } = deps.database;
  const tag = 'Station';
  const permission = 'Setting.Station' as const;

  const stationService = createStationService(deps);

  return [
    defineRoute({
      path: '/api/station/read',
      // Every page with a station filter looks stations up; scoping limits what a station user sees.
      permission: AUTHENTICATED,
      tag,
      summary: 'List stations',
      body: StationReadRequest,
      result: page(StationRow),
      handler: (b, ctx) => readStations(db, b, ctx.user),
    }),
    defineRoute({
      path: '/api/station/create',
      permission,
      tag,
      summary: 'Create stations',
      body: writeBody(StationRequest),
      result: z.array(StationRow),
      handler: (b, ctx) => stationService.write(ctx, b, 'Create'),
    }),
    defineRoute({
      path: '/api/station/import',
      permission,
      tag,
      summary: 'Import stations (all or nothing; an existing id refuses the batch)',
      body: writeBody(StationRequest),
      result: z.array(StationRow),
      handler: (b, ctx) => stationService.write(ctx, b, 'Import'),
    }),
    defineRoute({
      path: '/api/station/update',
      permission,
      tag,
      summary: 'Rename stations',
      body: writeBody(StationRequest),
      result: z.array(StationRow),
      handler: (b, ctx) => stationService.write(ctx, b, 'Update'),
    }),
    defineRoute({
      path: '/api/station/delete',
      permission,
      tag,
      summary: 'Delete stations without users',
      body: writeBody(StationDeleteRequest),
      result: z.array(StationRow),
      handler: (b, ctx) => stationService.remove(ctx, keysOf(b, 'stationId')),
    }),
  ];
}
