import {
  METER_PATHS,
  MeterDeleteRequest,
  MeterReadRequest,
  MeterRow,
  MeterWriteRequest,
  page,
} from '@prepay/contracts';
import { defineRoute, keysOf, type RouteDef } from '../../http/route.js';
import { tableRoutes } from '../../http/table-routes.js';
import type { MeterService } from './meter.service.js';

const tag = 'Meter';

export function meterRoutes(meters: MeterService): RouteDef[] {
  return [
    ...tableRoutes({
      paths: METER_PATHS,
      tag,
      permission: 'Management.Meter',
      row: MeterRow,
      read: {
        summary: 'List meters (paging, search, filters, sort); never returns decoder keys',
        body: MeterReadRequest,
        handler: (b, ctx) => meters.read(b, ctx.user),
      },
      write: {
        line: MeterWriteRequest,
        summaries: {
          Create: 'Create meters; decoderKey is write-only (or derived from the vending key)',
          Import: 'Import meters, all or nothing',
          Update: 'Update meters; omitted fields keep their value',
        },
        handler: (b, ctx, action) => meters.write(ctx, b, action),
      },
      remove: {
        key: MeterDeleteRequest,
        summary: 'Delete meters no account binds',
        handler: (b, ctx) => meters.remove(ctx, keysOf(b, 'meterId')),
      },
    }),
    defineRoute({
      path: METER_PATHS.readUnused,
      // The account form picks a meter that no account binds yet.
      permission: ['Management.Meter', 'Management.Account'],
      tag,
      summary: 'List unused meters (for binding to an account)',
      body: MeterReadRequest,
      result: page(MeterRow),
      handler: (b, ctx) => meters.readUnused(b, ctx.user),
    }),
  ];
}
