import { METER_API } from '@prepay/contracts';
import { defineRoute, type RouteDef } from '../../http/route.js';
import { tableRoutes } from '../../http/table-routes.js';
import type { MeterService } from './meter.service.js';

export function meterRoutes(meters: MeterService): RouteDef[] {
  const unused = defineRoute({
    endpoint: METER_API.readUnused,
    tag: 'Meter',
    summary: 'List unused meters (for binding to an account)',
    handler: (b, ctx) => meters.readUnused(b, ctx.user),
  });
  const table = tableRoutes(meters, {
    endpoints: METER_API,
    tag: 'Meter',
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
