import { COLLECTION_API } from '@prepay/contracts';
import { defineRoute, type RouteDef } from '../../http/route.js';
import type { CollectionService } from './collection.service.js';

export function collectionRoutes(service: CollectionService): RouteDef[] {
  const tag = 'Collection';
  return [
    defineRoute({
      endpoint: COLLECTION_API.recollect,
      tag,
      summary: 'Re-collect a meter’s daily (or monthly) frozen data for a date range',
      handler: (b, ctx) => service.recollect(ctx, b),
    }),
    defineRoute({
      endpoint: COLLECTION_API.jobs,
      tag,
      summary: 'Collection state of a meter’s days and months',
      handler: (b, ctx) => service.jobs(ctx, b),
    }),
  ];
}
