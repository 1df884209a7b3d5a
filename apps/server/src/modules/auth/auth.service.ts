import { ErrorCode, type UpdateInfoRequest, type UserInfo, UserStatus } from '@prepay/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { roles, stations, userRoles, users } from '../../db/schema.js';
import type { Deps } from '../../deps.js';
import { notFound, refuse } from '../../http/errors.js';
import type { AuthedContext } from '../../http/route.js';
import { formatDateTime } from '../../lib/dates.js';
import { assertPasswordPolicy } from '../../lib/password-policy.js';
import { generatePassword, hashPassword, verifyPassword } from '../../lib/passwords.js';
import { type Actor, writeAudit } from '../audit/audit.js';
import { findUser, quotaToWire, roleIdsOf } from '../user/user.repo.js';
import { createCaptchaService } from './captcha.service.js';
import { createThrottle } from './throttle.js';

const INVALID_LOGIN = 'invalid username or password';

/** Same words for every account name, existing or not: the answer must not tell which accounts exist. */
const lockedLogin = (until: Date) =>
  `Too many failed logins: logging in with this name is locked until ${formatDateTime(until)}`;
const lockedAddress = (until: Date) =>
  `Too many failed logins from your address: try again after ${formatDateTime(until)}`;

/** What a login carries: the original's two fields, and the server's verification code when needed. */
export interface LoginInput {
  userId: string;
  password: string;
  captchaId?: string | undefined;
  captchaCode?: string | undefined;
}

export function createAuthService(deps: Deps) {
  const { db } = deps.database;
  const { config, clock, sessions } = deps;
  const throttle = createThrottle(db, clock);
  const loginPolicy = { maxFailures: config.loginMaxFailures, lockMinutes: config.loginLockMinutes };
  const addressPolicy = { maxFailures: config.loginAddressMaxFailures, lockMinutes: config.loginLockMinutes };
  const authorizationPolicy = {
    maxFailures: config.authorizationMaxFailures,
    lockMinutes: config.loginLockMinutes,
  };
  // An unknown name is checked against this hash, so it costs the same argon2 time as a wrong password.
  const decoyHash = hashPassword(generatePassword());
  const captcha = createCaptchaService(db, config, clock);

  /**
   * The verification code: a code that is sent is always checked (and used up); without one, the login
   * goes on only while the name and the address have fewer than LOGIN_CAPTCHA_AFTER_FAILURES recent
   * failures — so a client built from the original OpenAPI (no code field) still logs in. Unknown names
   * are counted like known ones, so the demand tells nothing about which accounts exist.
   */
  async function checkCaptcha(input: LoginInput, name: string, address: string) {
    if (input.captchaId || input.captchaCode) {
      const ok = await captcha.verify(input.captchaId ?? '', input.captchaCode ?? '');
      if (!ok) throw refuse('Verification code error', ErrorCode.captchaInvalid);
      return;
    }
    const after = config.loginCaptchaAfterFailures;
    const needed =
      after === 0 ||
      (await throttle.recentFailures('login-account', name)) >= after ||
      (await throttle.recentFailures('login-address', address)) >= after;
    if (needed) throw refuse('Please enter the verification code', ErrorCode.captchaRequired);
  }

  async function login(input: LoginInput, ipAddress: string | null) {
    const { userId, password } = input;
    const name = userId.toLowerCase();
    const address = ipAddress ?? 'unknown';
    const addressLock = await throttle.lockedUntil('login-address', address);
    if (addressLock) throw refuse(lockedAddress(addressLock));
    const nameLock = await throttle.lockedUntil('login-account', name);
    if (nameLock) throw refuse(lockedLogin(nameLock));
    await checkCaptcha(input, name, address);
    const user = await findUser(db, userId);
    const actor: Actor = { userId, stationId: user?.stationId ?? null, ipAddress };
    // The original's audit shape for logins: the password is never recorded, only "*".
    const attempt = { UserId: userId, Password: '*' };
    const matches = await verifyPassword(user?.passwordHash ?? (await decoyHash), password);
    if (!user || !matches) {
      const outcome = await db.transaction(async (tx) => {
        const byName = await throttle.fail(tx, 'login-account', name, loginPolicy);
        const byAddress = await throttle.fail(tx, 'login-address', address, addressPolicy);
        await writeAudit(tx, actor, {
          title: 'Login',
          action: byName.lockedUntil ? 'Locked' : 'LoginFailed',
          before: attempt,
        });
        return { byName, byAddress };
      });
      if (outcome.byName.lockedUntil) {
        throw refuse(
          `Too many failed logins: logging in with this name is locked for ${outcome.byName.lockMinutes} minutes`,
        );
      }
      if (outcome.byAddress.lockedUntil) throw refuse(lockedAddress(outcome.byAddress.lockedUntil));
      throw refuse(INVALID_LOGIN, ErrorCode.invalidLogin);
    }
    if (user.status !== 0) throw refuse('This user is disabled; ask an administrator to enable it');
    return db.transaction(async (tx) => {
      await throttle.clear(tx, 'login-account', name);
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

  /**
   * Both passwords follow the same rule: the old one proves it is the user, the new one must differ from
   * it and from the other password, and must pass the policy. A new login password ends every other
   * session of the user (a stolen session does not outlive the change).
   */
  async function modifyPassword(
    ctx: AuthedContext,
    which: 'login' | 'authorization',
    oldPassword: string,
    newPassword: string,
  ) {
    const user = await findUser(db, ctx.user.userId);
    if (!user) throw notFound('User');
    const current = which === 'login' ? user.passwordHash : user.authorizationPasswordHash;
    const other = which === 'login' ? user.authorizationPasswordHash : user.passwordHash;
    if (!(await verifyPassword(current, oldPassword))) throw refuse('The old password is incorrect');
    if (oldPassword === newPassword) throw refuse('The new password must differ from the old one');
    assertPasswordPolicy('The new password', newPassword, [
      user.userId,
      user.nickName,
      user.fullName,
      user.email,
    ]);
    if (await verifyPassword(other, newPassword)) {
      throw refuse('The login password and the authorization password must differ');
    }
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
      if (which === 'login') await sessions.revokeAllOf(tx, user.userId, ctx.user.sessionId);
      await writeAudit(tx, ctx.actor, {
        title: 'User',
        action: which === 'login' ? 'ModifyLoginPassword' : 'ModifyAuthorizationPassword',
        content: user.userId,
      });
    });
    return null;
  }

  /**
   * Vending and cancelling call this before they change anything. Wrong tries are counted per user in
   * the database (outside the caller's transaction, so a refusal does not roll the count back); the limit
   * locks the user's token actions with the login's back-off.
   */
  async function checkAuthorizationPassword(userId: string, password: string | null | undefined) {
    const locked = await throttle.lockedUntil('authorization', userId);
    if (locked) {
      throw refuse(
        `Too many wrong authorization passwords: token actions are locked until ${formatDateTime(locked)}`,
      );
    }
    const user = await findUser(db, userId);
    const matches = await verifyPassword(
      user?.authorizationPasswordHash ?? (await decoyHash),
      password ?? '',
    );
    if (!user || !password || !matches) {
      const outcome = await throttle.fail(db, 'authorization', userId, authorizationPolicy);
      if (outcome.lockedUntil) {
        throw refuse(
          `Too many wrong authorization passwords: token actions are locked for ${outcome.lockMinutes} minutes`,
        );
      }
      throw refuse('The authorization password is incorrect');
    }
    await throttle.clear(db, 'authorization', userId);
  }

  return {
    login,
    issueCaptcha: captcha.issue,
    info,
    logout,
    switchRole,
    updateInfo,
    modifyPassword,
    checkAuthorizationPassword,
  };
}
