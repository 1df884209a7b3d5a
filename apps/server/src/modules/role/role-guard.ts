import { parseRoleContent } from '@prepay/contracts';
import type { Queryable } from '../../db/client.js';
import { forbidden, refuse } from '../../lib/domain-errors.js';
import type { SessionUser } from '../../lib/user-context.js';
import { roleHolders, rolesByIds } from './role.repo.js';

/**
 * No escalation: a station administrator may grant only keys their own role holds. System administrators
 * are trusted with every key.
 */
export function assertCanGrant(user: SessionUser, content: string): void {
  if (user.isSystemAdmin) return;
  const extra = parseRoleContent(content).filter((k) => !user.roleContent.includes(k));
  if (extra.length > 0) throw forbidden(`You cannot grant permissions you do not hold: ${extra.join(', ')}`);
}

/** Checks the roles exist and that the user may hand them out; returns them. */
export async function assertCanAssignRoles(q: Queryable, user: SessionUser, roleIds: string[]) {
  const unique = [...new Set(roleIds)];
  const found = unique.length ? await rolesByIds(q, unique) : [];
  const missing = unique.filter((id) => !found.some((r) => r.roleId === id));
  if (missing.length > 0) throw refuse(`Role not found: ${missing.join(', ')}`);
  for (const r of found) assertCanGrant(user, r.content);
  return found;
}

/**
 * Roles belong to a station or to the system (station_id null). A station administrator edits only their
 * station's roles, never a role they hold themselves (no self-escalation) and never one held by users of
 * another station; system roles and shared ones are for system administrators.
 */
export async function assertCanEditRoles(q: Queryable, user: SessionUser, roleIds: string[]) {
  if (user.isSystemAdmin || !roleIds.length) return;
  const found = await rolesByIds(q, roleIds);
  for (const r of found) {
    if (r.stationId !== user.stationId) {
      throw forbidden(
        `Role ${r.roleId} belongs to ${r.stationId === null ? 'the system' : `station ${r.stationId}`}: only a system administrator may change it`,
      );
    }
  }
  const holders = await roleHolders(q, roleIds);
  const own = holders.find((h) => h.userId === user.userId);
  if (own || roleIds.includes(user.roleId)) {
    throw forbidden(
      `You cannot change a role you hold (${own?.roleId ?? user.roleId}): ask another administrator`,
    );
  }
  const outside = holders.find((h) => h.stationId !== user.stationId);
  if (outside) {
    throw forbidden(
      `Role ${outside.roleId} is held by users of another station: only a system administrator may change it`,
    );
  }
}
