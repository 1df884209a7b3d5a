import { parseRoleContent } from '@prepay/contracts';
import { inArray } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { roles } from '../../db/schema.js';
import type { SessionUser } from '../../http/route.js';
import { forbidden, refuse } from '../../lib/domain-errors.js';

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
  const found = unique.length ? await q.select().from(roles).where(inArray(roles.roleId, unique)) : [];
  const missing = unique.filter((id) => !found.some((r) => r.roleId === id));
  if (missing.length > 0) throw refuse(`Role not found: ${missing.join(', ')}`);
  for (const r of found) assertCanGrant(user, r.content);
  return found;
}
