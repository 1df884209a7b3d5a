import type { RoleRequest } from '@prepay/contracts';
import type { z } from 'zod';
import type { Deps } from '../../deps.js';
import { batchWriter } from '../../kernel/batch-write.js';
import { assertUniqueKeys, loadBatchTargets, loadEvery } from '../../kernel/rows.js';
import { refuse } from '../../lib/domain-errors.js';
import type { UserContext } from '../../lib/user-context.js';
import { onDatabase, withDeps } from '../../lib/with-deps.js';
import { normalise, roleRows, usersHoldingRoles } from './role.repo.js';
import { assertCanEditRoles, assertCanGrant } from './role-guard.js';

const write = batchWriter({
  target: roleRows.writes,
  keyOf: (r: z.infer<typeof RoleRequest>) => r.roleId,
  uniqueKeys: assertUniqueKeys,
  plan: async (tx, { ctx, rows, keys: ids, action }) => {
    for (const r of rows) assertCanGrant(ctx.user, r.content);
    const before = await loadBatchTargets(tx, roleRows.writes, ids, action, 'Role');
    if (action === 'Update') {
      // Editing a role that holds keys you lack would let you strip or re-shape it: same rule as granting.
      for (const b of before.values()) assertCanGrant(ctx.user, b.content);
      await assertCanEditRoles(tx, ctx.user, ids);
    }
    // A station administrator's new role belongs to their station; a system administrator's to the system.
    const stationId = ctx.user.isSystemAdmin ? null : ctx.user.stationId;
    const saves = rows.map((r) => ({
      stored: action === 'Update' ? roleRows.stored(r.roleId) : undefined,
      values: { name: r.name, content: normalise(r.content), remark: r.remark ?? null },
      key: { roleId: r.roleId, stationId },
    }));
    return { before, saves };
  },
});

async function remove(deps: Deps, ctx: UserContext, keys: { roleId: string }[]) {
  const ids = keys.map((k) => k.roleId);
  return deps.database.db.transaction(async (tx) => {
    const before = await loadEvery(tx, roleRows, ids, 'Role');
    for (const b of before) assertCanGrant(ctx.user, b.content);
    await assertCanEditRoles(tx, ctx.user, ids);
    if ((await usersHoldingRoles(tx, ids)) > 0)
      throw refuse('The role is still held by users; change their roles first');
    return roleRows.remove(tx, ctx.actor, ids, before);
  });
}

export function createRoleService(deps: Deps) {
  return withDeps(deps, { read: onDatabase(roleRows.read), write, remove });
}
export type RoleService = ReturnType<typeof createRoleService>;
