import type { StationRequest } from '@prepay/contracts';
import { eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { stations, users } from '../../db/schema.js';
import type { Deps } from '../../deps.js';
import { auditedTable, deleteAudited } from '../../kernel/audited-write.js';
import { batchWriter } from '../../kernel/batch-write.js';
import { assertUniqueKeys, loadBatchTargets } from '../../kernel/rows.js';
import { assertSystemAdmin } from '../../kernel/station-guard.js';
import { notFound, refuse } from '../../lib/domain-errors.js';
import type { UserContext } from '../../lib/user-context.js';
import { onDatabase, withDeps } from '../../lib/with-deps.js';
import { load, readStations } from './station.repo.js';

/** Stations are sites; only system administrators create, rename or delete them. */
const ADMIN_ONLY = 'Only a system administrator manages stations';

/** Where this service's writes go, and how they are answered and audited. */
const audited = auditedTable(stations, 'Station', load, (s) => s.stationId);

const write = batchWriter({
  target: audited,
  allowed: (user) => assertSystemAdmin(user, ADMIN_ONLY),
  keyOf: (r: z.infer<typeof StationRequest>) => r.stationId,
  uniqueKeys: assertUniqueKeys,
  plan: async (tx, { rows, keys: ids, action }) => {
    const before = await loadBatchTargets(tx, audited, ids, action, 'Station');
    const saves = rows.map((r) => ({
      stored: action === 'Update' ? eq(stations.stationId, r.stationId) : undefined,
      values: { name: r.name, remark: r.remark ?? null },
      key: { stationId: r.stationId },
    }));
    return { before, saves };
  },
});

async function remove(deps: Deps, ctx: UserContext, keys: { stationId: string }[]) {
  const ids = keys.map((k) => k.stationId);
  assertSystemAdmin(ctx.user, ADMIN_ONLY);
  return deps.database.db.transaction(async (tx) => {
    const before = await load(tx, ids);
    if (before.length !== new Set(ids).size) throw notFound('Station');
    if (before.some((b) => b.isSystem)) throw refuse('The system station cannot be deleted');
    const [{ n } = { n: 0 }] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(inArray(users.stationId, ids));
    if (Number(n) > 0) throw refuse('The station still has users; move or delete them first');
    return deleteAudited(tx, ctx.actor, 'Station', stations.stationId, ids, before);
  });
}

export function createStationService(deps: Deps) {
  return withDeps(deps, { read: onDatabase(readStations), write, remove });
}
export type StationService = ReturnType<typeof createStationService>;
