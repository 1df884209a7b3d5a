import { FEEDER_API, TRANSFORMER_API } from '@prepay/contracts';
import { defineRoute, type RouteDef } from '../../http/route.js';
import { tableRoutes } from '../../http/table-routes.js';
import type { FeederService, TransformerService } from './network.service.js';

export function networkRoutes(feeders: FeederService, transformers: TransformerService): RouteDef[] {
  return [
    ...tableRoutes(feeders, {
      endpoints: FEEDER_API,
      tag: 'Network',
      what: 'feeders',
      summaries: { Delete: 'Delete feeders that supply no transformer' },
    }),
    ...tableRoutes(transformers, {
      endpoints: TRANSFORMER_API,
      tag: 'Network',
      what: 'transformers',
      summaries: {
        Create: 'Create transformers (feeder and check meter of their station)',
        Delete: 'Delete transformers that supply no meter',
      },
    }),
    defineRoute({
      endpoint: TRANSFORMER_API.readMap,
      tag: 'Network',
      summary: "A transformer's meters with their coordinates",
      handler: (b, ctx) => transformers.readMap(ctx.user, b.transformerId),
    }),
  ];
}
