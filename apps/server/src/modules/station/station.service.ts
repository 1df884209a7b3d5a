import type { StationRequest } from '@prepay/contracts';
import type { z } from 'zod';
import type { Deps } from '../../deps.js';
import { batchWriter } from '../../kernel/batch-write.js';
import { assertUniqueKeys, loadBatchTargets, loadEvery } from '../../kernel/rows.js';
import { assertSystemAdmin } from '../../kernel/station-guard.js';
import { refuse } from '../../lib/domain-errors.js';
import type { UserContext } from '../../lib/user-context.js';
import { onDatabase, withDeps } from '../../lib/with-deps.js';
import { stationRows, usersOfStations } from './station.repo.js';

/** Stations are sites; only system administrators create, rename or delete them. */
const ADMIN_ONLY = 'Only a system administrator manages stations';

const write = batchWriter({
  target: stationRows.writes,
  allowed: (user) => assertSystemAdmin(user, ADMIN_ONLY),
  keyOf: (r: z.infer<typeof StationRequest>) => r.stationId,
  uniqueKeys: assertUniqueKeys,
  plan: async (tx, { rows, keys: ids, action }) => {
    const before = await loadBatchTargets(tx, stationRows.writes, ids, action, 'Station');
    const saves = rows.map((r) => ({
      stored: action === 'Update' ? stationRows.stored(r.stationId) : undefined,
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
    const before = await loadEvery(tx, stationRows, ids, 'Station');
    if (before.some((b) => b.isSystem)) throw refuse('The system station cannot be deleted');
    if ((await usersOfStations(tx, ids)) > 0)
      throw refuse('The station still has users; move or delete them first');
    return stationRows.remove(tx, ctx.actor, ids, before);
  });
}

export function createStationService(deps: Deps) {
  return withDeps(deps, { read: onDatabase(stationRows.read), write, remove });
}
export type StationService = ReturnType<typeof createStationService>;
