import { and, eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { roles, stations, userRoles, users } from '../../db/schema.js';
import { roleIdsOf } from '../user/index.js';

type UserRow = typeof users.$inferSelect;

/** The user's own record with the name of its station, or undefined. */
export async function userWithStation(q: Queryable, userId: string) {
  const [row] = await q
    .select({ u: users, stationName: stations.name })
    .from(users)
    .innerJoin(stations, eq(stations.stationId, users.stationId))
    .where(eq(users.userId, userId));
  return row;
}

/** The roles the user holds, by id and name. */
export async function rolesHeld(q: Queryable, userId: string) {
  const ids = (await roleIdsOf(q, [userId])).get(userId) ?? [];
  if (!ids.length) return [];
  return q.select({ roleId: roles.roleId, name: roles.name }).from(roles).where(inArray(roles.roleId, ids));
}

export async function holdsRole(q: Queryable, userId: string, roleId: string) {
  const [held] = await q
    .select()
    .from(userRoles)
    .where(and(eq(userRoles.userId, userId), eq(userRoles.roleId, roleId)));
  return held !== undefined;
}

/** Changes the user's own fields (profile, passwords). */
export async function updateOwnUser(q: Queryable, userId: string, change: Partial<UserRow>) {
  await q.update(users).set(change).where(eq(users.userId, userId));
}
