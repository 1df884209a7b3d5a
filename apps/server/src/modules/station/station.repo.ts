import type { StationRow } from '@prepay/contracts';
import { asc, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Queryable } from '../../db/client.js';
import { stations, users } from '../../db/schema.js';
import { keyedTable } from '../../kernel/keyed-table.js';
import { auditedSpec } from '../../kernel/read-query.js';
import { auditedRow } from '../../lib/dates.js';

export const spec = auditedSpec(stations, {
  defaultOrder: [asc(stations.stationId)],
  search: [stations.stationId, stations.name, stations.remark],
  station: stations.stationId,
  filters: { contains: ['name'] },
});

export const toRow = (s: typeof stations.$inferSelect): z.infer<typeof StationRow> =>
  auditedRow(s, ['stationId', 'name', 'isSystem', 'remark']);

/** The station table: stations by id, a page of them (the name filter too), writes, the stored row, delete. */
export const stationRows = keyedTable(
  stations,
  stations.stationId,
  'Station',
  spec,
  toRow,
  (s) => s.stationId,
);

/** How many users belong to the stations. */
export async function usersOfStations(q: Queryable, ids: string[]): Promise<number> {
  const [{ n } = { n: 0 }] = await q
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(inArray(users.stationId, ids));
  return Number(n);
}
