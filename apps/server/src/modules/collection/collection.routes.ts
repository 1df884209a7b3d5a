import { COLLECTION_API } from '@prepay/contracts';
import { type RouteDef, routeGroup } from '../../http/route.js';
import type { CollectionService } from './collection.service.js';

const route = routeGroup({ tag: 'Collection' });

export function collectionRoutes(service: CollectionService): RouteDef[] {
  return [
    route(
      COLLECTION_API.recollect,
      'Re-collect a meter’s daily (or monthly) frozen data for a date range',
      (b, ctx) => service.recollect(ctx, b),
    ),
    route(COLLECTION_API.jobs, 'Collection state of a meter’s days and months', (b, ctx) =>
      service.jobs(ctx, b),
    ),
  ];
}
