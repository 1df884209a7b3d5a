import type { StationRow } from '@prepay/contracts';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Queryable } from '../../db/client.js';
import { stations, users } from '../../db/schema.js';
import type { Actor } from '../../kernel/audit.js';
import { auditedTable, deleteAudited } from '../../kernel/audited-write.js';
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

/** Where station writes go, and how they are answered and audited. */
export const stationTable = auditedTable(stations, 'Station', load, (s) => s.stationId);

/** The stored row a write replaces. */
export const storedStation = (stationId: string) => eq(stations.stationId, stationId);

/** How many users belong to the stations. */
export async function usersOfStations(q: Queryable, ids: string[]): Promise<number> {
  const [{ n } = { n: 0 }] = await q
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(inArray(users.stationId, ids));
  return Number(n);
}

export const deleteStations = (
  q: Queryable,
  actor: Actor,
  ids: string[],
  before: z.infer<typeof StationRow>[],
) => deleteAudited(q, actor, 'Station', stations.stationId, ids, before);
