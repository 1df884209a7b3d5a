import { type UserReadRequest, type UserRow, UserStatus } from '@prepay/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Queryable } from '../../db/client.js';
import { authThrottle, roles, stations, userRoles, users } from '../../db/schema.js';
import { auditedSpec, countWhere, pageRows, readWhere } from '../../kernel/read-query.js';
import { auditStamps, formatDateTime } from '../../lib/dates.js';
import type { SessionUser } from '../../lib/user-context.js';

export type UserRecord = typeof users.$inferSelect;

const spec = auditedSpec(users, {
  defaultOrder: [asc(users.userId)],
  search: [users.userId, users.nickName, users.fullName, users.email, users.phone],
  station: users.stationId,
  filters: { contains: ['userId', 'nickName', 'fullName'], equals: ['roleId', 'status'] },
});

/** kWh on the wire, 0.1 kWh units in storage; -1 means no limit. */
export const quotaToWire = (units: number | null) => (units === null ? -1 : units / 10);

/** What a user's row and the signed-in user's own info both show of the user, and their quota. */
export const profileOf = (u: UserRecord) => ({
  userId: u.userId,
  nickName: u.nickName,
  fullName: u.fullName,
  email: u.email,
  phone: u.phone,
  address: u.address,
  status: u.status === UserStatus.enable,
  quota: quotaToWire(u.totalQuotaUnits),
  totalQuota: quotaToWire(u.totalQuotaUnits),
  remainingQuota: quotaToWire(u.remainingQuotaUnits),
});

export function toRow(
  u: UserRecord,
  extra: {
    roleName: string | null;
    roleContent: string | null;
    stationName: string | null;
    roleIds: string[];
  },
): UserRow {
  return {
    ...profileOf(u),
    roleId: u.roleId,
    roleName: extra.roleName,
    roleContent: extra.roleContent,
    roleIds: extra.roleIds,
    stationId: u.stationId,
    stationName: extra.stationName,
    company: extra.stationName,
    lockedUntil: formatDateTime(u.lockedUntil),
    remark: u.remark,
    ...auditStamps(u),
  };
}

export async function findUser(q: Queryable, userId: string): Promise<UserRecord | undefined> {
  const [u] = await q.select().from(users).where(eq(users.userId, userId));
  return u;
}

/** The users among `ids` that exist already. */
export async function existingUserIds(q: Queryable, ids: string[]): Promise<string[]> {
  if (!ids.length) return [];
  return (await q.select({ id: users.userId }).from(users).where(inArray(users.userId, ids))).map(
    (u) => u.id,
  );
}

export async function roleIdsOf(q: Queryable, userIds: string[]): Promise<Map<string, string[]>> {
  const map = new Map<string, string[]>();
  if (userIds.length === 0) return map;
  const rows = await q
    .select()
    .from(userRoles)
    .where(inArray(userRoles.userId, userIds))
    .orderBy(asc(userRoles.roleId));
  for (const r of rows) map.set(r.userId, [...(map.get(r.userId) ?? []), r.roleId]);
  return map;
}

/** Users as the grid shows them, with role and station names. */
export async function loadRows(q: Queryable, userIds: string[]): Promise<UserRow[]> {
  if (userIds.length === 0) return [];
  const rows = await q
    .select({ u: users, roleName: roles.name, roleContent: roles.content, stationName: stations.name })
    .from(users)
    .leftJoin(roles, eq(roles.roleId, users.roleId))
    .leftJoin(stations, eq(stations.stationId, users.stationId))
    .where(inArray(users.userId, userIds));
  const ids = await roleIdsOf(q, userIds);
  const byId = new Map(rows.map((r) => [r.u.userId, r]));
  return userIds
    .map((id) => byId.get(id))
    .filter((r) => r !== undefined)
    .map((r) =>
      toRow(r.u, {
        roleName: r.roleName,
        roleContent: r.roleContent,
        stationName: r.stationName,
        roleIds: ids.get(r.u.userId) ?? [],
      }),
    );
}

export async function readUsers(q: Queryable, req: z.infer<typeof UserReadRequest>, user: SessionUser) {
  const where = readWhere(spec, req, user);
  const total = await countWhere(q, users, where);
  const ids = await pageRows(q.select({ userId: users.userId }).from(users), where, spec, req);
  return {
    total,
    data: await loadRows(
      q,
      ids.map((r) => r.userId),
    ),
  };
}

export async function setRoles(q: Queryable, userId: string, roleIds: string[]): Promise<void> {
  await q.delete(userRoles).where(eq(userRoles.userId, userId));
  if (roleIds.length > 0) await q.insert(userRoles).values(roleIds.map((roleId) => ({ userId, roleId })));
}

export async function insertUser(q: Queryable, values: typeof users.$inferInsert) {
  await q.insert(users).values(values);
}

export async function updateUser(q: Queryable, userId: string, values: Partial<typeof users.$inferInsert>) {
  await q.update(users).set(values).where(eq(users.userId, userId));
}

export async function deleteUsers(q: Queryable, ids: string[]) {
  await q.delete(users).where(inArray(users.userId, ids));
}

/** Forgets the failed logins counted against the account name (the lock they set goes with them). */
export async function liftNameLock(q: Queryable, userId: string) {
  await q
    .delete(authThrottle)
    .where(and(eq(authThrottle.scope, 'login-account'), eq(authThrottle.subject, userId.toLowerCase())));
}
