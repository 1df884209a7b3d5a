import type { UserCreateRequest, UserRow, UserUpdateRequest } from '@prepay/contracts';
import type { z } from 'zod';
import type { Deps } from '../../deps.js';
import { auditEach, writeAudit } from '../../kernel/audit.js';
import { assertStationsExist, assertUniqueKeys } from '../../kernel/rows.js';
import { assertStation } from '../../kernel/station-guard.js';
import { forbidden, notFound, refuse } from '../../lib/domain-errors.js';
import { assertPasswordPolicy, assertPasswordsDiffer } from '../../lib/password-policy.js';
import { generatePassword, hashPassword } from '../../lib/passwords.js';
import type { UserContext } from '../../lib/user-context.js';
import { onDatabase, withDeps } from '../../lib/with-deps.js';
import { assertCanAssignRoles } from '../role/index.js';
import {
  deleteUsers,
  existingUserIds,
  findUser,
  insertUser,
  liftNameLock,
  loadRows,
  readUsers,
  setRoles,
  updateUser,
} from './user.repo.js';

type CreateInput = z.infer<typeof UserCreateRequest>;
type UpdateInput = z.infer<typeof UserUpdateRequest>;

/** kWh from the wire to 0.1 kWh units; -1 or absent = no limit. */
const quotaUnits = (kwh: number | null | undefined) =>
  kwh === null || kwh === undefined || kwh < 0 ? null : Math.round(kwh * 10);

/** The profile fields create and update both write. */
const profileOf = (r: CreateInput | UpdateInput) => ({
  nickName: r.nickName ?? null,
  fullName: r.fullName ?? null,
  email: r.email || null,
  phone: r.phone ?? null,
  address: r.address ?? null,
  status: r.status,
  roleId: r.roleId,
  stationId: r.stationId,
});

/** The role list always contains the default role, first. */
const roleListOf = (row: { roleId: string; roleIds?: string[] | null }) => [
  ...new Set([row.roleId, ...(row.roleIds ?? [])]),
];

/**
 * Separation of duty: your own quota, roles and station are set by another administrator, never by you
 * (a user with Setting.User could otherwise lift their own vending limit).
 */
function assertNotOwnGrant(old: UserRow, r: UpdateInput, quotaChanged: boolean) {
  const sameRoles = (a: string[], b: string[]) => a.length === b.length && a.every((x) => b.includes(x));
  const changed = [
    quotaChanged ? 'quota' : null,
    !sameRoles(roleListOf(r), roleListOf(old)) ? 'roles' : null,
    r.stationId !== old.stationId ? 'station' : null,
  ].filter(Boolean);
  if (changed.length) {
    throw forbidden(
      `You cannot change your own ${changed.join(', ')}: ask another administrator (separation of duty)`,
    );
  }
}

/** Passwords an administrator chose follow the policy; generated ones always do. */
function assertChosenPasswords(r: CreateInput) {
  const related = [r.userId, r.nickName, r.fullName, r.email];
  if (r.password) assertPasswordPolicy(`User ${r.userId}: password`, r.password, related);
  if (r.authorizationPassword) {
    assertPasswordPolicy(`User ${r.userId}: authorization password`, r.authorizationPassword, related);
  }
  if (r.password && r.authorizationPassword) assertPasswordsDiffer(r.password, r.authorizationPassword);
}

/** Create and import share this: every row is checked before any is written; one bad row writes nothing. */
async function create(deps: Deps, ctx: UserContext, rows: CreateInput[], action: 'Create' | 'Import') {
  assertUniqueKeys(rows.map((r) => r.userId));
  for (const r of rows) assertChosenPasswords(r);
  return deps.database.db.transaction(async (tx) => {
    for (const r of rows) assertStation(ctx.user, r.stationId);
    await assertStationsExist(
      tx,
      rows.map((r) => r.stationId),
    );
    await assertCanAssignRoles(tx, ctx.user, rows.flatMap(roleListOf));
    const existing = await existingUserIds(
      tx,
      rows.map((r) => r.userId),
    );
    if (existing.length) throw refuse(`User already exists: ${existing.join(', ')}`);

    const secrets = new Map<string, { password: string | null; authorization: string | null }>();
    for (const r of rows) {
      const password = r.password ?? generatePassword();
      const authorization = r.authorizationPassword ?? generatePassword();
      secrets.set(r.userId, {
        password: r.password ? null : password,
        authorization: r.authorizationPassword ? null : authorization,
      });
      const quota = quotaUnits(r.quota ?? r.remainingQuota);
      await insertUser(tx, {
        userId: r.userId,
        ...profileOf(r),
        passwordHash: await hashPassword(password),
        authorizationPasswordHash: await hashPassword(authorization),
        // A password someone else chose (or we generated) is replaced by its owner at first login.
        mustChangePassword: !r.password,
        totalQuotaUnits: quota,
        remainingQuotaUnits: quota,
        remark: r.remark ?? null,
        createId: ctx.user.userId,
        createDate: deps.clock.now(),
      });
      await setRoles(tx, r.userId, roleListOf(r));
    }
    const created = await loadRows(
      tx,
      rows.map((r) => r.userId),
    );
    for (const row of created) await writeAudit(tx, ctx.actor, { title: 'User', action, after: row });
    return created.map((row) => ({
      ...row,
      oneTimePassword: secrets.get(row.userId)?.password ?? null,
      oneTimeAuthorizationPassword: secrets.get(row.userId)?.authorization ?? null,
    }));
  });
}

async function update(deps: Deps, ctx: UserContext, rows: UpdateInput[]): Promise<UserRow[]> {
  assertUniqueKeys(rows.map((r) => r.userId));
  return deps.database.db.transaction(async (tx) => {
    const before = await loadRows(
      tx,
      rows.map((r) => r.userId),
    );
    const missing = rows.filter((r) => !before.some((b) => b.userId === r.userId)).map((r) => r.userId);
    if (missing.length) throw notFound(`User ${missing.join(', ')}`);
    for (const b of before) assertStation(ctx.user, b.stationId);
    for (const r of rows) assertStation(ctx.user, r.stationId);
    await assertStationsExist(
      tx,
      rows.map((r) => r.stationId),
    );
    await assertCanAssignRoles(tx, ctx.user, rows.flatMap(roleListOf));
    for (const r of rows) {
      const old = before.find((b) => b.userId === r.userId);
      if (!old) throw notFound(`User ${r.userId}`);
      if (r.userId === ctx.user.userId && r.status !== 0) throw refuse('You cannot disable yourself');
      const wanted = r.quota ?? r.remainingQuota;
      const quota = quotaUnits(wanted);
      const quotaChanged = wanted !== undefined && wanted !== null && wanted !== old.totalQuota;
      if (r.userId === ctx.user.userId) assertNotOwnGrant(old, r, quotaChanged);
      await updateUser(tx, r.userId, {
        ...profileOf(r),
        // Setting a quota grants that allowance afresh; leaving it alone keeps what is left.
        ...(quotaChanged ? { totalQuotaUnits: quota, remainingQuotaUnits: quota } : {}),
        remark: r.remark ?? null,
        updateId: ctx.user.userId,
        updateDate: deps.clock.now(),
      });
      await setRoles(tx, r.userId, roleListOf(r));
      if (r.status !== 0) await deps.sessions.revokeAllOf(tx, r.userId);
    }
    const after = await loadRows(
      tx,
      rows.map((r) => r.userId),
    );
    await auditEach(tx, ctx.actor, { title: 'User', action: 'Update' }, after, (a) =>
      before.find((b) => b.userId === a.userId),
    );
    return after;
  });
}

async function remove(deps: Deps, ctx: UserContext, ids: string[]): Promise<UserRow[]> {
  if (ids.some((id) => id === ctx.user.userId)) throw refuse('You cannot delete yourself');
  return deps.database.db.transaction(async (tx) => {
    const before = await loadRows(tx, [...new Set(ids)]);
    const missing = ids.filter((id) => !before.some((b) => b.userId === id));
    if (missing.length) throw notFound(`User ${missing.join(', ')}`);
    for (const b of before) assertStation(ctx.user, b.stationId);
    await deleteUsers(tx, ids);
    for (const b of before) await writeAudit(tx, ctx.actor, { title: 'User', action: 'Delete', before: b });
    return before;
  });
}

/** A new one-time password, shown once; the lock is lifted and every session of the user ends. */
async function resetPassword(deps: Deps, ctx: UserContext, userId: string) {
  const user = await findUser(deps.database.db, userId);
  if (!user) throw notFound('User');
  assertStation(ctx.user, user.stationId);
  const oneTimePassword = generatePassword();
  const passwordHash = await hashPassword(oneTimePassword);
  await deps.database.db.transaction(async (tx) => {
    await updateUser(tx, userId, {
      passwordHash,
      mustChangePassword: true,
      failedLogins: 0,
      lockedUntil: null,
      updateId: ctx.user.userId,
      updateDate: deps.clock.now(),
    });
    await deps.sessions.revokeAllOf(tx, userId);
    // The reset lifts the lock on the account name too (counted per name, see auth/throttle.repo.ts).
    await liftNameLock(tx, userId);
    await writeAudit(tx, ctx.actor, { title: 'User', action: 'ResetPassword', content: userId });
  });
  const [row] = await loadRows(deps.database.db, [userId]);
  return row ? [{ ...row, oneTimePassword }] : [];
}

export function createUserService(deps: Deps) {
  return withDeps(deps, { read: onDatabase(readUsers), create, update, remove, resetPassword });
}
export type UserService = ReturnType<typeof createUserService>;
