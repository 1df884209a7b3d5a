import {
  METER_PATHS,
  MeterDeleteRequest,
  MeterReadRequest,
  MeterRow,
  MeterWriteRequest,
  page,
} from '@prepay/contracts';
import { defineRoute, type RouteDef } from '../../http/route.js';
import { tableRoutes } from '../../http/table-routes.js';
import type { MeterService } from './meter.service.js';

export function meterRoutes(meters: MeterService): RouteDef[] {
  const unused = defineRoute({
    path: METER_PATHS.readUnused,
    // The account form picks a meter that no account binds yet.
    permission: ['Management.Meter', 'Management.Account'],
    tag: 'Meter',
    summary: 'List unused meters (for binding to an account)',
    body: MeterReadRequest,
    result: page(MeterRow),
    handler: (b, ctx) => meters.readUnused(b, ctx.user),
  });
  const table = tableRoutes(meters, {
    paths: METER_PATHS,
    tag: 'Meter',
    permission: 'Management.Meter',
    schemas: { row: MeterRow, read: MeterReadRequest, line: MeterWriteRequest, key: MeterDeleteRequest },
    what: 'meters',
    summaries: {
      Read: 'List meters (paging, search, filters, sort); never returns decoder keys',
      Create: 'Create meters; decoderKey is write-only (or derived from the vending key)',
      Update: 'Update meters; omitted fields keep their value',
      Delete: 'Delete meters no account binds',
    },
  });
  return [...table, unused];
}
