import { AUTH_API } from '@prepay/contracts';
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
      endpoint: AUTH_API.captcha,
      tag,
      summary: 'A login verification code (SVG image); the login sends back its captchaId and the code',
      handler: (_b, ctx) => auth.issueCaptcha(ctx.actor.ipAddress),
    }),
    defineRoute({
      endpoint: AUTH_API.captchaNeeded,
      tag,
      summary:
        'Whether a login from this address (and for this name, when given) must carry the verification ' +
        'code now; the console shows the picture only then',
      handler: (b, ctx) => auth.captchaNeeded(b.userId, ctx.actor.ipAddress),
    }),
    defineRoute({
      endpoint: AUTH_API.login,
      tag,
      summary:
        'Log in; returns the bearer token (and, for the console, sets it as an HttpOnly cookie). The ' +
        'verification code is needed after failed logins for the name or the address',
      handler: async (b, ctx) => withCookie(ctx, await auth.login(b, ctx.actor.ipAddress)),
    }),
    defineRoute({
      endpoint: AUTH_API.info,
      tag,
      summary: 'The signed-in user, their role and its permission keys',
      handler: (_b, ctx) => auth.info(ctx),
    }),
    defineRoute({
      endpoint: AUTH_API.logout,
      tag,
      summary: 'Revoke this token (and clear the session cookie)',
      handler: async (_b, ctx) => {
        const done = await auth.logout(ctx);
        if (ctx.reply) clearSessionCookies(ctx.request, ctx.reply);
        return done;
      },
    }),
    defineRoute({
      endpoint: AUTH_API.switchRole,
      tag,
      summary: 'Switch to another role the user holds; returns a new token',
      handler: async (b, ctx) => {
        const viaCookie = !ctx.request.headers.authorization;
        return withCookie(ctx, await auth.switchRole(ctx, b.roleId), viaCookie);
      },
    }),
  ];
}

/** The user's own profile and passwords; the original answers each with the user's row, as an array. */
function ownAccountRoutes(auth: AuthService): RouteDef[] {
  const passwordRoute = (which: 'login' | 'authorization', summary: string) =>
    defineRoute({
      endpoint: which === 'login' ? AUTH_API.modifyLoginPassword : AUTH_API.modifyAuthorizationPassword,
      tag,
      summary,
      handler: async (b, ctx) => {
        await auth.modifyPassword(ctx, which, b.oldPassword, b.newPassword);
        return auth.ownRows(ctx);
      },
    });
  return [
    defineRoute({
      endpoint: AUTH_API.updateInfo,
      tag,
      summary: 'Update your own profile',
      handler: async (b, ctx) => {
        await auth.updateInfo(ctx, b);
        return auth.ownRows(ctx);
      },
    }),
    passwordRoute('login', 'Change your login password'),
    passwordRoute(
      'authorization',
      'Change your authorization password (the second secret vending and cancelling require)',
    ),
  ];
}

export function authRoutes(auth: AuthService): RouteDef[] {
  return [...sessionRoutes(auth), ...ownAccountRoutes(auth)];
}
