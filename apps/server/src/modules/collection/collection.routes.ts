import {
  COLLECTION_PATHS,
  CollectionJobRow,
  CollectionJobsRequest,
  RECOLLECT_PERMISSION,
  RecollectRequest,
  RecollectResult,
} from '@prepay/contracts';
import { z } from 'zod';
import { defineRoute, type RouteDef } from '../../http/route.js';
import type { CollectionService } from './collection.service.js';

export function collectionRoutes(service: CollectionService): RouteDef[] {
  const tag = 'Collection';
  return [
    defineRoute({
      path: COLLECTION_PATHS.recollect,
      permission: RECOLLECT_PERMISSION,
      tag,
      summary: 'Re-collect a meter’s daily (or monthly) frozen data for a date range',
      body: RecollectRequest,
      result: RecollectResult,
      handler: (b, ctx) => service.recollect(ctx, b),
    }),
    defineRoute({
      path: COLLECTION_PATHS.jobs,
      permission: ['AutomaticMeterReading.DailyDataMeter', RECOLLECT_PERMISSION],
      tag,
      summary: 'Collection state of a meter’s days and months',
      body: CollectionJobsRequest,
      result: z.array(CollectionJobRow),
      handler: (b, ctx) => service.jobs(ctx, b),
    }),
  ];
}
