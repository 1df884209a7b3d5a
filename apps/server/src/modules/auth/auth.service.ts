import { ErrorCode, type UpdateInfoRequest, type UserInfo } from '@prepay/contracts';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import type { Deps } from '../../deps.js';
import { type Actor, writeAudit } from '../../kernel/audit.js';
import { formatDateTime } from '../../lib/dates.js';
import { notFound, refuse } from '../../lib/domain-errors.js';
import { assertPasswordPolicy } from '../../lib/password-policy.js';
import { generatePassword, hashPassword, verifyPassword } from '../../lib/passwords.js';
import type { UserContext } from '../../lib/user-context.js';
import { findUser, loadRows, profileOf } from '../user/index.js';
import { holdsRole, rolesHeld, updateOwnUser, userWithStation } from './auth.repo.js';
import { type CaptchaService, createCaptchaService } from './captcha.service.js';
import { createThrottle, type Throttle } from './throttle.repo.js';

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

type LockPolicy = { maxFailures: number; lockMinutes: number };

/** What the auth rules need, built once by createAuthService. */
interface AuthDeps {
  db: Database['db'];
  config: Deps['config'];
  clock: Deps['clock'];
  sessions: Deps['sessions'];
  throttle: Throttle;
  captcha: CaptchaService;
  policy: { login: LockPolicy; address: LockPolicy; authorization: LockPolicy };
  /** An unknown name is checked against this hash, so it costs the same argon2 time as a wrong password. */
  decoyHash: Promise<string>;
}

/**
 * The verification code: a code that is sent is always checked (and used up); without one, the login
 * goes on only while the name and the address have fewer than LOGIN_CAPTCHA_AFTER_FAILURES recent
 * failures — so a client built from the original OpenAPI (no code field) still logs in. Unknown names
 * are counted like known ones, so the demand tells nothing about which accounts exist.
 */
async function checkCaptcha(a: AuthDeps, input: LoginInput, name: string, address: string) {
  if (input.captchaId || input.captchaCode) {
    const ok = await a.captcha.verify(input.captchaId ?? '', input.captchaCode ?? '');
    if (!ok) throw refuse('Verification code error', ErrorCode.captchaInvalid);
    return;
  }
  if (await captchaNeeded(a, name, address)) {
    throw refuse('Please enter the verification code', ErrorCode.captchaRequired);
  }
}

/** Whether a login without the code would be refused now: always (0), or after enough recent failures. */
async function captchaNeeded(a: AuthDeps, name: string | null, address: string) {
  const after = a.config.loginCaptchaAfterFailures;
  return (
    after === 0 ||
    (name !== null && (await a.throttle.recentFailures('login-account', name)) >= after) ||
    (await a.throttle.recentFailures('login-address', address)) >= after
  );
}

/** A name or an address locked by earlier failures is refused before the password is even looked at. */
async function checkLoginLocks(a: AuthDeps, name: string, address: string) {
  const addressLock = await a.throttle.lockedUntil('login-address', address);
  if (addressLock) throw refuse(lockedAddress(addressLock));
  const nameLock = await a.throttle.lockedUntil('login-account', name);
  if (nameLock) throw refuse(lockedLogin(nameLock));
}

/** Counts a failed login against the name and the address, records it, and says why it was refused. */
async function failLogin(a: AuthDeps, actor: Actor, name: string, address: string, attempt: object) {
  const outcome = await a.db.transaction(async (tx) => {
    const byName = await a.throttle.fail(tx, 'login-account', name, a.policy.login);
    const byAddress = await a.throttle.fail(tx, 'login-address', address, a.policy.address);
    await writeAudit(tx, actor, {
      title: 'Login',
      action: byName.lockedUntil ? 'Locked' : 'LoginFailed',
      before: attempt,
    });
    return { byName, byAddress };
  });
  if (outcome.byName.lockedUntil) {
    return refuse(
      `Too many failed logins: logging in with this name is locked for ${outcome.byName.lockMinutes} minutes`,
    );
  }
  if (outcome.byAddress.lockedUntil) return refuse(lockedAddress(outcome.byAddress.lockedUntil));
  return refuse(INVALID_LOGIN, ErrorCode.invalidLogin);
}

async function login(a: AuthDeps, input: LoginInput, ipAddress: string | null) {
  const { userId, password } = input;
  const name = userId.toLowerCase();
  const address = ipAddress ?? 'unknown';
  await checkLoginLocks(a, name, address);
  await checkCaptcha(a, input, name, address);
  const user = await findUser(a.db, userId);
  const actor: Actor = { userId, stationId: user?.stationId ?? null, ipAddress };
  // The original's audit shape for logins: the password is never recorded, only "*".
  const attempt = { UserId: userId, Password: '*' };
  const matches = await verifyPassword(user?.passwordHash ?? (await a.decoyHash), password);
  if (!user || !matches) throw await failLogin(a, actor, name, address, attempt);
  if (user.status !== 0) throw refuse('This user is disabled; ask an administrator to enable it');
  return a.db.transaction(async (tx) => {
    await a.throttle.clear(tx, 'login-account', name);
    const token = await a.sessions.open(tx, userId, user.roleId, ipAddress);
    await writeAudit(tx, actor, { title: 'Login', action: 'Login', before: attempt });
    return { token, mustChangePassword: user.mustChangePassword };
  });
}

async function info(a: AuthDeps, ctx: UserContext): Promise<UserInfo> {
  const { user: session } = ctx;
  const row = await userWithStation(a.db, session.userId);
  if (!row) throw notFound('User');
  const held = await rolesHeld(a.db, session.userId);
  const u = row.u;
  return {
    ...profileOf(u),
    userName: u.userId,
    roleId: session.roleId,
    roleName: session.roleName,
    roleContent: session.roleContent.join(','),
    roles: held,
    stationId: u.stationId,
    stationName: row.stationName,
    company: row.stationName,
    avatar: u.avatar ?? '',
    introduction: u.introduction ?? '',
    mustChangePassword: u.mustChangePassword,
    isSystemAdmin: session.isSystemAdmin,
    switchOffNeedsAuthorization: a.config.switchOffRequiresAuthorization,
  };
}

async function logout(a: AuthDeps, ctx: UserContext) {
  await a.db.transaction(async (tx) => {
    await a.sessions.revoke(tx, ctx.user.sessionId);
    await writeAudit(tx, ctx.actor, { title: 'Login', action: 'Logout', content: ctx.user.userId });
  });
  return null;
}

async function switchRole(a: AuthDeps, ctx: UserContext, roleId: string) {
  if (!(await holdsRole(a.db, ctx.user.userId, roleId))) throw refuse(`You do not hold the role ${roleId}`);
  return a.db.transaction(async (tx) => {
    const token = await a.sessions.open(tx, ctx.user.userId, roleId, ctx.actor.ipAddress);
    await a.sessions.revoke(tx, ctx.user.sessionId);
    await writeAudit(tx, ctx.actor, {
      title: 'Login',
      action: 'SwitchRole',
      before: { roleId: ctx.user.roleId },
      after: { roleId },
    });
    return { token, mustChangePassword: ctx.user.mustChangePassword };
  });
}

async function updateInfo(a: AuthDeps, ctx: UserContext, body: z.infer<typeof UpdateInfoRequest>) {
  const before = await findUser(a.db, ctx.user.userId);
  if (!before) throw notFound('User');
  const change = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
  await a.db.transaction(async (tx) => {
    await updateOwnUser(tx, ctx.user.userId, {
      ...change,
      updateId: ctx.user.userId,
      updateDate: a.clock.now(),
    });
    const picked = Object.fromEntries(Object.keys(change).map((k) => [k, before[k as keyof typeof before]]));
    await writeAudit(tx, ctx.actor, { title: 'User', action: 'UpdateInfo', before: picked, after: change });
  });
  return info(a, ctx);
}

type PasswordKind = 'login' | 'authorization';
type UserRecord = NonNullable<Awaited<ReturnType<typeof findUser>>>;

/** The old password proves it is the user; the new one differs from it and from the other, and passes the policy. */
async function checkNewPassword(
  user: UserRecord,
  which: PasswordKind,
  oldPassword: string,
  newPassword: string,
) {
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
}

/**
 * Both passwords follow the same rule (checkNewPassword). A new login password ends every other
 * session of the user (a stolen session does not outlive the change).
 */
async function modifyPassword(
  a: AuthDeps,
  ctx: UserContext,
  which: PasswordKind,
  oldPassword: string,
  newPassword: string,
) {
  const user = await findUser(a.db, ctx.user.userId);
  if (!user) throw notFound('User');
  await checkNewPassword(user, which, oldPassword, newPassword);
  const hashed = await hashPassword(newPassword);
  const stamp = { updateId: user.userId, updateDate: a.clock.now() };
  await a.db.transaction(async (tx) => {
    await updateOwnUser(
      tx,
      user.userId,
      which === 'login'
        ? { passwordHash: hashed, mustChangePassword: false, ...stamp }
        : { authorizationPasswordHash: hashed, ...stamp },
    );
    if (which === 'login') await a.sessions.revokeAllOf(tx, user.userId, ctx.user.sessionId);
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
async function checkAuthorizationPassword(a: AuthDeps, userId: string, password: string | null | undefined) {
  const locked = await a.throttle.lockedUntil('authorization', userId);
  if (locked) {
    throw refuse(
      `Too many wrong authorization passwords: token actions are locked until ${formatDateTime(locked)}`,
    );
  }
  const user = await findUser(a.db, userId);
  const matches = await verifyPassword(
    user?.authorizationPasswordHash ?? (await a.decoyHash),
    password ?? '',
  );
  if (!user || !password || !matches) {
    const outcome = await a.throttle.fail(a.db, 'authorization', userId, a.policy.authorization);
    if (outcome.lockedUntil) {
      throw refuse(
        `Too many wrong authorization passwords: token actions are locked for ${outcome.lockMinutes} minutes`,
      );
    }
    throw refuse('The authorization password is incorrect');
  }
  await a.throttle.clear(a.db, 'authorization', userId);
}

export function createAuthService(deps: Deps) {
  const { db } = deps.database;
  const { config, clock, sessions } = deps;
  const lockMinutes = config.loginLockMinutes;
  const a: AuthDeps = {
    db,
    config,
    clock,
    sessions,
    throttle: createThrottle(db, clock),
    captcha: createCaptchaService(db, config, clock),
    policy: {
      login: { maxFailures: config.loginMaxFailures, lockMinutes },
      address: { maxFailures: config.loginAddressMaxFailures, lockMinutes },
      authorization: { maxFailures: config.authorizationMaxFailures, lockMinutes },
    },
    decoyHash: hashPassword(generatePassword()),
  };
  return {
    login: (input: LoginInput, ipAddress: string | null) => login(a, input, ipAddress),
    issueCaptcha: a.captcha.issue,
    captchaNeeded: async (userId: string | undefined, ipAddress: string | null) => ({
      needed: await captchaNeeded(a, userId ? userId.toLowerCase() : null, ipAddress ?? 'unknown'),
    }),
    info: (ctx: UserContext) => info(a, ctx),
    logout: (ctx: UserContext) => logout(a, ctx),
    switchRole: (ctx: UserContext, roleId: string) => switchRole(a, ctx, roleId),
    updateInfo: (ctx: UserContext, body: z.infer<typeof UpdateInfoRequest>) => updateInfo(a, ctx, body),
    modifyPassword: (ctx: UserContext, which: PasswordKind, oldPassword: string, newPassword: string) =>
      modifyPassword(a, ctx, which, oldPassword, newPassword),
    checkAuthorizationPassword: (userId: string, password: string | null | undefined) =>
      checkAuthorizationPassword(a, userId, password),
    /** The user's own row, as the profile and password answers carry it. */
    ownRows: (ctx: UserContext) => loadRows(db, [ctx.user.userId]),
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
