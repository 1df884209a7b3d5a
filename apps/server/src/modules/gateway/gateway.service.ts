import type { GatewayWriteRequest } from '@prepay/contracts';
import { eq } from 'drizzle-orm';
import { gateways } from '../../db/schema.js';
import type { Deps } from '../../deps.js';
import type { UserContext } from '../../lib/user-context.js';
import { onDatabase, withDeps } from '../../lib/with-deps.js';
import { auditEach } from '../audit/audit.js';
import { saveStamped } from '../audit/audited-write.js';
import {
  assertNoDuplicateKeys,
  checkWriteTarget,
  keep,
  loadAndPlace,
  type RowLabels,
  RowProblems,
  stationRowsRemover,
  type WriteAction,
} from '../masterdata/rows.js';
import { loadGateways, readGateways } from './gateway.repo.js';

async function write(
  deps: Deps,
  ctx: UserContext,
  rows: GatewayWriteRequest[],
  action: WriteAction,
  labels?: RowLabels,
) {
  const ids = rows.map((r) => r.gatewayId);
  assertNoDuplicateKeys(ids, labels);
  return deps.database.db.transaction(async (tx) => {
    const { before, placed } = await loadAndPlace(tx, ctx.user, rows, 'gatewayId', loadGateways);
    const problems = new RowProblems();
    rows.forEach((r, i) => {
      const old = before.get(r.gatewayId);
      checkWriteTarget(ctx.user, action, old, (m) => problems.add(labels, i, `gateway ${r.gatewayId}: ${m}`));
    });
    problems.throwIfAny();
    const stamp = { userId: ctx.user.userId, now: deps.clock.now() };
    for (const r of placed) {
      const old = before.get(r.gatewayId);
      const values = {
        gatewayName: keep(r.gatewayName, old?.gatewayName ?? null) ?? null,
        remark: keep(r.remark, old?.remark ?? null) ?? null,
        stationId: r.stationId,
      };
      const stored = old && eq(gateways.gatewayId, r.gatewayId);
      await saveStamped(tx, gateways, stamp, stored, values, { gatewayId: r.gatewayId });
    }
    const after = await loadGateways(tx, ids);
    await auditEach(tx, ctx.actor, { title: 'Gateway', action }, after, (a) => before.get(a.gatewayId));
    return after;
  });
}

const remove = stationRowsRemover({
  field: 'gatewayId',
  key: gateways.gatewayId,
  load: loadGateways,
  what: 'gateway',
  title: 'Gateway',
  normalise: (id) => id.toUpperCase(),
});

export function createGatewayService(deps: Deps) {
  return withDeps(deps, { read: onDatabase(readGateways), write, remove });
}
export type GatewayService = ReturnType<typeof createGatewayService>;
