import { ErrorCode, type UpdateInfoRequest, type UserInfo, UserStatus } from '@prepay/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { roles, stations, userRoles, users } from '../../db/schema.js';
import type { Deps } from '../../deps.js';
import { notFound, refuse } from '../../http/errors.js';
import type { AuthedContext } from '../../http/route.js';
import { formatDateTime } from '../../lib/dates.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { type Actor, writeAudit } from '../audit/audit.js';
import { findUser, quotaToWire, roleIdsOf } from '../user/user.repo.js';

const INVALID_LOGIN = 'invalid username or password';

export function createAuthService(deps: Deps) {
  const { db } = deps.database;
  const { config, clock, sessions } = deps;

  async function login(userId: string, password: string, ipAddress: string | null) {
    const now = clock.now();
    const user = await findUser(db, userId);
    const actor: Actor = { userId, stationId: user?.stationId ?? null, ipAddress };
    // The original's audit shape for logins: the password is never recorded, only "*".
    const attempt = { UserId: userId, Password: '*' };
    if (!user) throw refuse(INVALID_LOGIN, ErrorCode.invalidLogin);
    if (user.lockedUntil && user.lockedUntil > now) {
      throw refuse(
        `This account is locked after ${config.loginMaxFailures} failed logins; try again after ${formatDateTime(user.lockedUntil)}`,
      );
    }
    if (!(await verifyPassword(user.passwordHash, password))) {
      const failures = user.failedLogins + 1;
      const locks = failures >= config.loginMaxFailures;
      await db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({
            failedLogins: locks ? 0 : failures,
            lockedUntil: locks ? new Date(now.getTime() + config.loginLockMinutes * 60_000) : null,
          })
          .where(eq(users.userId, userId));
        await writeAudit(tx, actor, {
          title: 'Login',
          action: locks ? 'Locked' : 'LoginFailed',
          before: attempt,
        });
      });
      if (locks) {
        throw refuse(`Too many failed logins: the account is locked for ${config.loginLockMinutes} minutes`);
      }
      throw refuse(INVALID_LOGIN, ErrorCode.invalidLogin);
    }
    if (user.status !== 0) throw refuse('This user is disabled; ask an administrator to enable it');
    return db.transaction(async (tx) => {
      await tx.update(users).set({ failedLogins: 0, lockedUntil: null }).where(eq(users.userId, userId));
      const token = await sessions.open(tx, userId, user.roleId, ipAddress);
      await writeAudit(tx, actor, { title: 'Login', action: 'Login', before: attempt });
      return { token, mustChangePassword: user.mustChangePassword };
    });
  }

  async function info(ctx: AuthedContext): Promise<UserInfo> {
    const { user: session } = ctx;
    const [row] = await db
      .select({ u: users, stationName: stations.name })
      .from(users)
      .innerJoin(stations, eq(stations.stationId, users.stationId))
      .where(eq(users.userId, session.userId));
    if (!row) throw notFound('User');
    const ids = (await roleIdsOf(db, [session.userId])).get(session.userId) ?? [];
    const held = ids.length
      ? await db
          .select({ roleId: roles.roleId, name: roles.name })
          .from(roles)
          .where(inArray(roles.roleId, ids))
      : [];
    const u = row.u;
    return {
      userId: u.userId,
      userName: u.userId,
      nickName: u.nickName,
      fullName: u.fullName,
      email: u.email,
      phone: u.phone,
      address: u.address,
      status: u.status === UserStatus.enable,
      roleId: session.roleId,
      roleName: session.roleName,
      roleContent: session.roleContent.join(','),
      roles: held,
      stationId: u.stationId,
      stationName: row.stationName,
      company: row.stationName,
      avatar: u.avatar ?? '',
      introduction: u.introduction ?? '',
      quota: quotaToWire(u.totalQuotaUnits),
      totalQuota: quotaToWire(u.totalQuotaUnits),
      remainingQuota: quotaToWire(u.remainingQuotaUnits),
      mustChangePassword: u.mustChangePassword,
      isSystemAdmin: session.isSystemAdmin,
    };
  }

  async function logout(ctx: AuthedContext) {
    await db.transaction(async (tx) => {
      await sessions.revoke(tx, ctx.user.sessionId);
      await writeAudit(tx, ctx.actor, { title: 'Login', action: 'Logout', content: ctx.user.userId });
    });
    return null;
  }

  async function switchRole(ctx: AuthedContext, roleId: string) {
    const [held] = await db
      .select()
      .from(userRoles)
      .where(and(eq(userRoles.userId, ctx.user.userId), eq(userRoles.roleId, roleId)));
    if (!held) throw refuse(`You do not hold the role ${roleId}`);
    return db.transaction(async (tx) => {
      const token = await sessions.open(tx, ctx.user.userId, roleId, ctx.actor.ipAddress);
      await sessions.revoke(tx, ctx.user.sessionId);
      await writeAudit(tx, ctx.actor, {
        title: 'Login',
        action: 'SwitchRole',
        before: { roleId: ctx.user.roleId },
        after: { roleId },
      });
      return { token, mustChangePassword: ctx.user.mustChangePassword };
    });
  }

  async function updateInfo(ctx: AuthedContext, body: z.infer<typeof UpdateInfoRequest>) {
    const before = await findUser(db, ctx.user.userId);
    if (!before) throw notFound('User');
    const change = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
    await db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({ ...change, updateId: ctx.user.userId, updateDate: clock.now() })
        .where(eq(users.userId, ctx.user.userId));
      const picked = Object.fromEntries(
        Object.keys(change).map((k) => [k, before[k as keyof typeof before]]),
      );
      await writeAudit(tx, ctx.actor, { title: 'User', action: 'UpdateInfo', before: picked, after: change });
    });
    return info(ctx);
  }

  /** Both passwords follow the same rule: the old one proves it is the user, and the new one must differ. */
  async function modifyPassword(
    ctx: AuthedContext,
    which: 'login' | 'authorization',
    oldPassword: string,
    newPassword: string,
  ) {
    const user = await findUser(db, ctx.user.userId);
    if (!user) throw notFound('User');
    const current = which === 'login' ? user.passwordHash : user.authorizationPasswordHash;
    if (!(await verifyPassword(current, oldPassword))) throw refuse('The old password is incorrect');
    if (oldPassword === newPassword) throw refuse('The new password must differ from the old one');
    const hashed = await hashPassword(newPassword);
    await db.transaction(async (tx) => {
      await tx
        .update(users)
        .set(
          which === 'login'
            ? {
                passwordHash: hashed,
                mustChangePassword: false,
                updateId: user.userId,
                updateDate: clock.now(),
              }
            : { authorizationPasswordHash: hashed, updateId: user.userId, updateDate: clock.now() },
        )
        .where(eq(users.userId, user.userId));
      await writeAudit(tx, ctx.actor, {
        title: 'User',
        action: which === 'login' ? 'ModifyLoginPassword' : 'ModifyAuthorizationPassword',
        content: user.userId,
      });
    });
    return null;
  }

  /** Vending and cancelling call this before they change anything. */
  async function checkAuthorizationPassword(userId: string, password: string | null | undefined) {
    const user = await findUser(db, userId);
    if (!user || !password || !(await verifyPassword(user.authorizationPasswordHash, password))) {
      throw refuse('The authorization password is incorrect');
    }
  }

  return { login, info, logout, switchRole, updateInfo, modifyPassword, checkAuthorizationPassword };
}
