import {
  AUTHENTICATED,
  CaptchaChallenge,
  LoginRequest,
  LoginResult,
  ModifyPasswordRequest,
  PUBLIC,
  SwitchRoleRequest,
  UpdateInfoRequest,
  USER_PATHS,
  UserInfo,
  UserRows,
} from '@prepay/contracts';
import { z } from 'zod';
import { type AuthedContext, defineRoute, type RouteDef } from '../../http/route.js';
import { clearSessionCookies, isConsoleRequest, setSessionCookies } from '../../http/session-cookie.js';
import type { AuthService } from './auth.service.js';

const tag = 'User';

/** The console (X-Requested-With) gets its session as an HttpOnly cookie; see http/session-cookie.ts. */
function withCookie<T extends { token: string }>(ctx: AuthedContext, result: T, always = false): T {
  if (ctx.reply && (always || isConsoleRequest(ctx.request))) {
    setSessionCookies(ctx.request, ctx.reply, result.token);
  }
  return result;
}

/** Signing in and out: the verification code, login, who am I, logout, role switch. */
function sessionRoutes(auth: AuthService): RouteDef[] {
  return [
    defineRoute({
      path: USER_PATHS.captcha,
      permission: PUBLIC,
      tag,
      summary: 'A login verification code (SVG image); the login sends back its captchaId and the code',
      result: CaptchaChallenge,
      handler: (_b, ctx) => auth.issueCaptcha(ctx.actor.ipAddress),
    }),
    defineRoute({
      path: USER_PATHS.login,
      permission: PUBLIC,
      tag,
      summary:
        'Log in; returns the bearer token (and, for the console, sets it as an HttpOnly cookie). The ' +
        'verification code is needed after failed logins for the name or the address',
      body: LoginRequest,
      result: LoginResult,
      handler: async (b, ctx) => withCookie(ctx, await auth.login(b, ctx.actor.ipAddress)),
    }),
    defineRoute({
      path: USER_PATHS.info,
      permission: AUTHENTICATED,
      tag,
      summary: 'The signed-in user, their role and its permission keys',
      result: UserInfo,
      handler: (_b, ctx) => auth.info(ctx),
    }),
    defineRoute({
      path: USER_PATHS.logout,
      permission: AUTHENTICATED,
      tag,
      summary: 'Revoke this token (and clear the session cookie)',
      result: z.null(),
      handler: async (_b, ctx) => {
        const done = await auth.logout(ctx);
        if (ctx.reply) clearSessionCookies(ctx.request, ctx.reply);
        return done;
      },
    }),
    defineRoute({
      path: USER_PATHS.switchRole,
      permission: AUTHENTICATED,
      tag,
      summary: 'Switch to another role the user holds; returns a new token',
      body: SwitchRoleRequest,
      result: LoginResult,
      handler: async (b, ctx) => {
        const viaCookie = !ctx.request.headers.authorization;
        return withCookie(ctx, await auth.switchRole(ctx, b.roleId), viaCookie);
      },
    }),
  ];
}

/** The user's own profile and passwords; the original answers each with the user's row, as an array. */
function ownAccountRoutes(auth: AuthService): RouteDef[] {
  const passwordRoute = (which: 'login' | 'authorization', path: string, summary: string) =>
    defineRoute({
      path,
      permission: AUTHENTICATED,
      tag,
      summary,
      body: ModifyPasswordRequest,
      result: UserRows,
      handler: async (b, ctx) => {
        await auth.modifyPassword(ctx, which, b.oldPassword, b.newPassword);
        return auth.ownRows(ctx);
      },
    });
  return [
    defineRoute({
      path: USER_PATHS.updateInfo,
      permission: AUTHENTICATED,
      tag,
      summary: 'Update your own profile',
      body: UpdateInfoRequest,
      result: UserRows,
      handler: async (b, ctx) => {
        await auth.updateInfo(ctx, b);
        return auth.ownRows(ctx);
      },
    }),
    passwordRoute('login', USER_PATHS.modifyLoginPassword, 'Change your login password'),
    passwordRoute(
      'authorization',
      USER_PATHS.modifyAuthorizationPassword,
      'Change your authorization password (the second secret vending and cancelling require)',
    ),
  ];
}

export function authRoutes(auth: AuthService): RouteDef[] {
  return [...sessionRoutes(auth), ...ownAccountRoutes(auth)];
}
