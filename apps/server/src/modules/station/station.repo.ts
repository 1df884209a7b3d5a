import type { StationRow } from '@prepay/contracts';
import { asc } from 'drizzle-orm';
import type { z } from 'zod';
import type { Queryable } from '../../db/client.js';
import { stations } from '../../db/schema.js';
import { auditedSpec, gridPage, loadByKeys } from '../../kernel/read-query.js';
import { auditedRow } from '../../lib/dates.js';

export const spec = auditedSpec(stations, {
  defaultOrder: [asc(stations.stationId)],
  search: [stations.stationId, stations.name, stations.remark],
  station: stations.stationId,
  filters: { contains: ['name'] },
});

export const toRow = (s: typeof stations.$inferSelect): z.infer<typeof StationRow> =>
  auditedRow(s, ['stationId', 'name', 'isSystem', 'remark']);

export const load = (q: Queryable, ids: string[]) => loadByKeys(q, stations, stations.stationId, ids, toRow);

/** A page of stations: the common filters, the name filter, the request's order. */
export const readStations = gridPage(stations, spec, toRow);
