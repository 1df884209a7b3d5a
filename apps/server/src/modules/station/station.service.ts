import type { StationRequest } from '@prepay/contracts';
import { eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { stations, users } from '../../db/schema.js';
import type { Deps } from '../../deps.js';
import { forbidden, notFound, refuse } from '../../lib/domain-errors.js';
import { duplicateKeys } from '../../lib/duplicates.js';
import type { UserContext } from '../../lib/user-context.js';
import { onDatabase, withDeps } from '../../lib/with-deps.js';
import { auditEach, writeAudit } from '../audit/audit.js';
import { load, readStations } from './station.repo.js';

/** Stations are sites; only system administrators create, rename or delete them. */
function assertSystemAdmin(ctx: UserContext) {
  if (!ctx.user.isSystemAdmin) throw forbidden('Only a system administrator manages stations');
}

async function write(
  deps: Deps,
  ctx: UserContext,
  rows: z.infer<typeof StationRequest>[],
  action: 'Create' | 'Import' | 'Update',
) {
  assertSystemAdmin(ctx);
  const dup = duplicateKeys(rows.map((r) => r.stationId));
  if (dup.length) throw refuse(`The request has duplicate lines: ${dup.join(', ')}`);
  return deps.database.db.transaction(async (tx) => {
    const ids = rows.map((r) => r.stationId);
    const before = await load(tx, ids);
    const adding = action !== 'Update';
    if (adding && before.length) {
      throw refuse(`Station already exists: ${before.map((b) => b.stationId).join(', ')}`);
    }
    if (action === 'Update' && before.length !== ids.length) {
      throw notFound(`Station ${ids.filter((id) => !before.some((b) => b.stationId === id)).join(', ')}`);
    }
    const now = deps.clock.now();
    for (const r of rows) {
      if (adding) {
        await tx
          .insert(stations)
          .values({ ...r, remark: r.remark ?? null, createId: ctx.user.userId, createDate: now });
      } else {
        await tx
          .update(stations)
          .set({ name: r.name, remark: r.remark ?? null, updateId: ctx.user.userId, updateDate: now })
          .where(eq(stations.stationId, r.stationId));
      }
    }
    const after = await load(tx, ids);
    await auditEach(tx, ctx.actor, { title: 'Station', action }, after, (a) =>
      before.find((b) => b.stationId === a.stationId),
    );
    return after;
  });
}

async function remove(deps: Deps, ctx: UserContext, keys: { stationId: string }[]) {
  const ids = keys.map((k) => k.stationId);
  assertSystemAdmin(ctx);
  return deps.database.db.transaction(async (tx) => {
    const before = await load(tx, ids);
    if (before.length !== new Set(ids).size) throw notFound('Station');
    if (before.some((b) => b.isSystem)) throw refuse('The system station cannot be deleted');
    const [{ n } = { n: 0 }] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(inArray(users.stationId, ids));
    if (Number(n) > 0) throw refuse('The station still has users; move or delete them first');
    await tx.delete(stations).where(inArray(stations.stationId, ids));
    for (const b of before)
      await writeAudit(tx, ctx.actor, { title: 'Station', action: 'Delete', before: b });
    return before;
  });
}

export function createStationService(deps: Deps) {
  return withDeps(deps, { read: onDatabase(readStations), write, remove });
}
export type StationService = ReturnType<typeof createStationService>;
