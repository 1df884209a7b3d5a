import {
  AUTHENTICATED,
  CaptchaChallenge,
  LoginRequest,
  LoginResult,
  ModifyPasswordRequest,
  PUBLIC,
  SwitchRoleRequest,
  UpdateInfoRequest,
  UserInfo,
  UserRows,
} from '@prepay/contracts';
import { z } from 'zod';
import type { Deps } from '../../deps.js';
import { type AuthedContext, defineRoute, type RouteDef } from '../../http/route.js';
import { clearSessionCookies, isConsoleRequest, setSessionCookies } from '../../http/session-cookie.js';
import { loadRows } from '../user/user.repo.js';
import type { createAuthService } from './auth.service.js';

const tag = 'User';

export function authRoutes(auth: ReturnType<typeof createAuthService>, deps: Deps): RouteDef[] {
  /** The original answers profile and password changes with the user's row, as an array. */
  const ownRows = (ctx: AuthedContext) => loadRows(deps.database.db, [ctx.user.userId]);
  /** The console (X-Requested-With) gets its session as an HttpOnly cookie; see http/session-cookie.ts. */
  const withCookie = <T extends { token: string }>(ctx: AuthedContext, result: T, always = false): T => {
    if (ctx.reply && (always || isConsoleRequest(ctx.request))) {
      setSessionCookies(ctx.request, ctx.reply, result.token);
    }
    return result;
  };
  return [
    defineRoute({
      path: '/api/user/captcha',
      permission: PUBLIC,
      tag,
      summary: 'A login verification code (SVG image); the login sends back its captchaId and the code',
      result: CaptchaChallenge,
      handler: (_b, ctx) => auth.issueCaptcha(ctx.actor.ipAddress),
    }),
    defineRoute({
      path: '/api/user/login',
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
      path: '/api/user/info',
      permission: AUTHENTICATED,
      tag,
      summary: 'The signed-in user, their role and its permission keys',
      result: UserInfo,
      handler: (_b, ctx) => auth.info(ctx),
    }),
    defineRoute({
      path: '/api/user/logout',
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
      path: '/api/user/switchRole',
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
    defineRoute({
      path: '/api/user/updateInfo',
      permission: AUTHENTICATED,
      tag,
      summary: 'Update your own profile',
      body: UpdateInfoRequest,
      result: UserRows,
      handler: async (b, ctx) => {
        await auth.updateInfo(ctx, b);
        return ownRows(ctx);
      },
    }),
    defineRoute({
      path: '/api/user/modifyLoginPassword',
      permission: AUTHENTICATED,
      tag,
      summary: 'Change your login password',
      body: ModifyPasswordRequest,
      result: UserRows,
      handler: async (b, ctx) => {
        await auth.modifyPassword(ctx, 'login', b.oldPassword, b.newPassword);
        return ownRows(ctx);
      },
    }),
    defineRoute({
      path: '/api/user/modifyAuthorizationPassword',
      permission: AUTHENTICATED,
      tag,
      summary: 'Change your authorization password (the second secret vending and cancelling require)',
      body: ModifyPasswordRequest,
      result: UserRows,
      handler: async (b, ctx) => {
        await auth.modifyPassword(ctx, 'authorization', b.oldPassword, b.newPassword);
        return ownRows(ctx);
      },
    }),
  ];
}
