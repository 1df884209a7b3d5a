import type { StationReadRequest, StationRow } from '@prepay/contracts';
import { asc, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Queryable } from '../../db/client.js';
import { stations } from '../../db/schema.js';
import { formatDateTime } from '../../lib/dates.js';
import { allOf, commonConditions, contains, type ReadSpec, readTable } from '../../lib/read-query.js';
import type { SessionUser } from '../../lib/user-context.js';

export const spec: ReadSpec = {
  sortable: { stationId: stations.stationId, name: stations.name, createDate: stations.createDate },
  defaultOrder: [asc(stations.stationId)],
  search: [stations.stationId, stations.name, stations.remark],
  createDate: stations.createDate,
  updateDate: stations.updateDate,
  station: stations.stationId,
};

export const toRow = (s: typeof stations.$inferSelect): z.infer<typeof StationRow> => ({
  stationId: s.stationId,
  name: s.name,
  isSystem: s.isSystem,
  remark: s.remark,
  createId: s.createId,
  createDate: formatDateTime(s.createDate),
  updateId: s.updateId,
  updateDate: formatDateTime(s.updateDate ?? s.createDate),
});

export async function load(q: Queryable, ids: string[]) {
  if (!ids.length) return [];
  return (await q.select().from(stations).where(inArray(stations.stationId, ids))).map(toRow);
}

/** A page of stations: the common filters, the name filter, the request's order. */
export function readStations(q: Queryable, req: z.infer<typeof StationReadRequest>, user: SessionUser) {
  const where = allOf([...commonConditions(spec, req, user), contains(stations.name, req.name)]);
  return readTable(q, stations, where, spec, req, toRow);
}
