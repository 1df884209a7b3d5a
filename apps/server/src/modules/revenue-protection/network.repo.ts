import type { FeederRow, TransformerMeterPoint, TransformerRow } from '@prepay/contracts';
import { asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../db/client.js';
import { accounts, customers, feeders, meters, transformers } from '../../db/schema.js';
import { auditedTable } from '../../kernel/audited-write.js';
import { auditedSpec, gridPage, loadByKeys } from '../../kernel/read-query.js';
import { auditStamps } from '../../lib/dates.js';
import type { SessionUser } from '../../lib/user-context.js';

export const feederSpec = auditedSpec(feeders, {
  defaultOrder: [asc(feeders.feederId)],
  search: [feeders.feederId, feeders.feederName, feeders.remark],
  station: feeders.stationId,
  filters: { contains: ['feederId', 'feederName', 'remark'] },
});

export const transformerSpec = auditedSpec(transformers, {
  sortable: ['capacityKva'],
  defaultOrder: [asc(transformers.transformerId)],
  search: [transformers.transformerId, transformers.transformerName, transformers.checkMeterId],
  station: transformers.stationId,
  filters: { contains: ['transformerId', 'transformerName', 'feederId', 'checkMeterId', 'remark'] },
});

const toFeederRow = (f: typeof feeders.$inferSelect, transformerCount = 0): FeederRow => ({
  feederId: f.feederId,
  feederName: f.feederName,
  transformerCount,
  stationId: f.stationId,
  remark: f.remark,
  ...auditStamps(f),
});

const toTransformerRow = (t: typeof transformers.$inferSelect, meterCount = 0): TransformerRow => ({
  transformerId: t.transformerId,
  transformerName: t.transformerName,
  feederId: t.feederId,
  checkMeterId: t.checkMeterId,
  capacityKva: t.capacityKva,
  meterCount,
  stationId: t.stationId,
  remark: t.remark,
  ...auditStamps(t),
});

/** How many rows of `table` name each of `ids` in `column`. */
async function countsBy(q: Queryable, table: PgTable, column: AnyPgColumn, ids: string[]) {
  if (!ids.length) return new Map<string, number>();
  const rows = await q
    .select({ id: column, n: sql<number>`count(*)::int` })
    .from(table)
    .where(inArray(column, ids))
    .groupBy(column);
  return new Map(rows.map((r) => [String(r.id ?? ''), Number(r.n)]));
}

/** How many transformers hang on each of the feeders. */
export const transformerCounts = (q: Queryable, feederIds: string[]) =>
  countsBy(q, transformers, transformers.feederId, feederIds);

/** How many customer meters each of the transformers supplies. */
export const meterCounts = (q: Queryable, transformerIds: string[]) =>
  countsBy(q, meters, meters.transformerId, transformerIds);

const feederPage = gridPage(feeders, feederSpec, (f) => toFeederRow(f));
const transformerPage = gridPage(transformers, transformerSpec, (t) => toTransformerRow(t));

export async function readFeeders(q: Queryable, req: Parameters<typeof feederPage>[1], user: SessionUser) {
  const page = await feederPage(q, req, user);
  const counts = await transformerCounts(
    q,
    page.data.map((f) => f.feederId),
  );
  return { ...page, data: page.data.map((f) => ({ ...f, transformerCount: counts.get(f.feederId) ?? 0 })) };
}

export async function readTransformers(
  q: Queryable,
  req: Parameters<typeof transformerPage>[1],
  user: SessionUser,
) {
  const page = await transformerPage(q, req, user);
  const counts = await meterCounts(
    q,
    page.data.map((t) => t.transformerId),
  );
  return { ...page, data: page.data.map((t) => ({ ...t, meterCount: counts.get(t.transformerId) ?? 0 })) };
}

export async function loadFeeders(q: Queryable, ids: string[]) {
  const rows = await loadByKeys(q, feeders, feeders.feederId, ids, (f) => toFeederRow(f));
  const counts = await transformerCounts(q, ids);
  return rows.map((f) => ({ ...f, transformerCount: counts.get(f.feederId) ?? 0 }));
}

export async function loadTransformers(q: Queryable, ids: string[]) {
  const rows = await loadByKeys(q, transformers, transformers.transformerId, ids, (t) => toTransformerRow(t));
  const counts = await meterCounts(q, ids);
  return rows.map((t) => ({ ...t, meterCount: counts.get(t.transformerId) ?? 0 }));
}

export const feederTable = auditedTable(feeders, 'Feeder', loadFeeders, (f) => f.feederId);
export const transformerTable = auditedTable(
  transformers,
  'Transformer',
  loadTransformers,
  (t) => t.transformerId,
);
export const storedFeeder = (id: string) => eq(feeders.feederId, id);
export const storedTransformer = (id: string) => eq(transformers.transformerId, id);

/** The stations of the named meters (a check meter stands in its transformer's station). */
export const meterStations = (q: Queryable, ids: string[]) =>
  ids.length
    ? q
        .select({ id: meters.meterId, stationId: meters.stationId })
        .from(meters)
        .where(inArray(meters.meterId, ids))
    : Promise.resolve([]);

/** The meters of a transformer, its check meter first, with where they stand and who they serve. */
export async function transformerMeterPoints(
  q: Queryable,
  transformer: { transformerId: string; checkMeterId: string | null },
): Promise<TransformerMeterPoint[]> {
  const rows = await q
    .select({
      meterId: meters.meterId,
      lat: meters.lat,
      lng: meters.lng,
      customerName: customers.customerName,
    })
    .from(meters)
    .leftJoin(accounts, eq(accounts.meterId, meters.meterId))
    .leftJoin(customers, eq(customers.customerId, accounts.customerId))
    .where(
      or(
        eq(meters.transformerId, transformer.transformerId),
        transformer.checkMeterId ? eq(meters.meterId, transformer.checkMeterId) : undefined,
      ),
    )
    .orderBy(asc(meters.meterId));
  return rows
    .map((r) => ({ ...r, isCheckMeter: r.meterId === transformer.checkMeterId }))
    .sort((a, b) => Number(b.isCheckMeter) - Number(a.isCheckMeter));
}
