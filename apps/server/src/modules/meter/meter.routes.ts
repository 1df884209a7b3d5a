import {
  MeterDeleteRequest,
  MeterReadRequest,
  MeterRow,
  MeterWriteRequest,
  page,
  writeBody,
} from '@prepay/contracts';
import { z } from 'zod';
import type { Deps } from '../../deps.js';
import { defineRoute, keysOf, type RouteDef, writeRoutes } from '../../http/route.js';
import { readMeters, unusedOnly } from './meter.repo.js';
import type { MeterService } from './meter.service.js';

const tag = 'Meter';
const permission = 'Management.Meter' as const;

export function meterRoutes(deps: Deps, meters: MeterService): RouteDef[] {
  const { db } = deps.database;
  return [
    defineRoute({
      path: '/api/meter/read',
      permission,
      tag,
      summary: 'List meters (paging, search, filters, sort); never returns decoder keys',
      body: MeterReadRequest,
      result: page(MeterRow),
      handler: (b, ctx) => readMeters(db, b, ctx.user),
    }),
    defineRoute({
      path: '/api/meter/addread',
      // The account form picks a meter that no account binds yet.
      permission: ['Management.Meter', 'Management.Account'],
      tag,
      summary: 'List unused meters (for binding to an account)',
      body: MeterReadRequest,
      result: page(MeterRow),
      handler: (b, ctx) => readMeters(db, b, ctx.user, [unusedOnly]),
    }),
    ...writeRoutes({
      base: '/api/meter',
      permission: permission,
      tag,
      body: writeBody(MeterWriteRequest),
      result: z.array(MeterRow),
      summaries: {
        Create: 'Create meters; decoderKey is write-only (or derived from the vending key)',
        Import: 'Import meters, all or nothing',
        Update: 'Update meters; omitted fields keep their value',
      },
      write: (b, ctx, action) => meters.write(ctx, b, action),
    }),
    defineRoute({
      path: '/api/meter/delete',
      permission,
      tag,
      summary: 'Delete meters no account binds',
      body: writeBody(MeterDeleteRequest),
      result: z.array(MeterRow),
      handler: (b, ctx) => meters.remove(ctx, keysOf(b, 'meterId')),
    }),
  ];
}
