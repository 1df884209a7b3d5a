import { parseRoleContent, type RoleRow } from '@prepay/contracts';
import { asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Queryable } from '../../db/client.js';
import { roles, userRoles, users } from '../../db/schema.js';
import { keyedTable } from '../../kernel/keyed-table.js';
import { auditedSpec } from '../../kernel/read-query.js';
import { auditedRow } from '../../lib/dates.js';

// Roles are shared by every station: no station scope.
export const spec = auditedSpec(roles, {
  sortable: ['roleId'],
  defaultOrder: [asc(roles.roleId)],
  search: [roles.roleId, roles.name, roles.remark],
  filters: { contains: ['name'] },
});

/** Content is stored normalised: trimmed keys, no repeats, in the order given. */
export const normalise = (content: string) => [...new Set(parseRoleContent(content))].join(',');

export const toRow = (r: typeof roles.$inferSelect): z.infer<typeof RoleRow> =>
  auditedRow(r, ['roleId', 'name', 'content', 'remark']);

/** The role table: roles by id, a page of roles (the name filter too), writes, the stored row, delete. */
export const roleRows = keyedTable(roles, roles.roleId, 'Role', spec, toRow, (r) => r.roleId);

export const rolesByIds = (q: Queryable, ids: string[]) =>
  q.select().from(roles).where(inArray(roles.roleId, ids));

/** Who holds the roles (as an extra role), with their station. */
export const roleHolders = (q: Queryable, roleIds: string[]) =>
  q
    .selectDistinct({ userId: users.userId, stationId: users.stationId, roleId: userRoles.roleId })
    .from(userRoles)
    .innerJoin(users, eq(users.userId, userRoles.userId))
    .where(inArray(userRoles.roleId, roleIds));

/** How many users hold one of the roles, as their role or an extra one. */
export async function usersHoldingRoles(q: Queryable, ids: string[]): Promise<number> {
  const [{ n } = { n: 0 }] = await q
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .leftJoin(userRoles, eq(userRoles.userId, users.userId))
    .where(or(inArray(users.roleId, ids), inArray(userRoles.roleId, ids)));
  return Number(n);
}
