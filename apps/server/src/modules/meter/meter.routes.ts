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
import { defineRoute, type RouteDef } from '../../http/route.js';
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
    defineRoute({
      path: '/api/meter/create',
      permission,
      tag,
      summary: 'Create meters; decoderKey is write-only (or derived from the vending key)',
      body: writeBody(MeterWriteRequest),
      result: z.array(MeterRow),
      handler: (b, ctx) => meters.write(ctx, b, 'Create'),
    }),
    defineRoute({
      path: '/api/meter/import',
      permission,
      tag,
      summary: 'Import meters, all or nothing',
      body: writeBody(MeterWriteRequest),
      result: z.array(MeterRow),
      handler: (b, ctx) => meters.write(ctx, b, 'Import'),
    }),
    defineRoute({
      path: '/api/meter/update',
      permission,
      tag,
      summary: 'Update meters; omitted fields keep their value',
      body: writeBody(MeterWriteRequest),
      result: z.array(MeterRow),
      handler: (b, ctx) => meters.write(ctx, b, 'Update'),
    }),
    defineRoute({
      path: '/api/meter/delete',
      permission,
      tag,
      summary: 'Delete meters no account binds',
      body: writeBody(MeterDeleteRequest),
      result: z.array(MeterRow),
      handler: (b, ctx) =>
        meters.remove(
          ctx,
          b.map((r) => r.meterId),
        ),
    }),
  ];
}
