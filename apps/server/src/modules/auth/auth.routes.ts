import { AUTH_API } from '@prepay/contracts';
import { type AuthedContext, type RouteDef, routeGroup } from '../../http/route.js';
import { clearSessionCookies, isConsoleRequest, setSessionCookies } from '../../http/session-cookie.js';
import type { AuthService } from './auth.service.js';

const route = routeGroup({ tag: 'User' });

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
    route(
      AUTH_API.captcha,
      'A login verification code (SVG image); the login sends back its captchaId and the code',
      (_b, ctx) => auth.issueCaptcha(ctx.actor.ipAddress),
    ),
    route(
      AUTH_API.captchaNeeded,
      'Whether a login from this address (and for this name, when given) must carry the verification ' +
        'code now; the console shows the picture only then',
      (b, ctx) => auth.captchaNeeded(b.userId, ctx.actor.ipAddress),
    ),
    route(
      AUTH_API.login,
      'Log in; returns the bearer token (and, for the console, sets it as an HttpOnly cookie). The ' +
        'verification code is needed after failed logins for the name or the address',
      async (b, ctx) => withCookie(ctx, await auth.login(b, ctx.actor.ipAddress)),
    ),
    route(AUTH_API.info, 'The signed-in user, their role and its permission keys', (_b, ctx) =>
      auth.info(ctx),
    ),
    route(AUTH_API.logout, 'Revoke this token (and clear the session cookie)', async (_b, ctx) => {
      const done = await auth.logout(ctx);
      if (ctx.reply) clearSessionCookies(ctx.request, ctx.reply);
      return done;
    }),
    route(
      AUTH_API.switchRole,
      'Switch to another role the user holds; returns a new token',
      async (b, ctx) => {
        const viaCookie = !ctx.request.headers.authorization;
        return withCookie(ctx, await auth.switchRole(ctx, b.roleId), viaCookie);
      },
    ),
  ];
}

/** The user's own profile and passwords; the original answers each with the user's row, as an array. */
function ownAccountRoutes(auth: AuthService): RouteDef[] {
  const passwordRoute = (which: 'login' | 'authorization', summary: string) =>
    route(
      which === 'login' ? AUTH_API.modifyLoginPassword : AUTH_API.modifyAuthorizationPassword,
      summary,
      async (b, ctx) => {
        await auth.modifyPassword(ctx, which, b.oldPassword, b.newPassword);
        return auth.ownRows(ctx);
      },
    );
  return [
    route(AUTH_API.updateInfo, 'Update your own profile', async (b, ctx) => {
      await auth.updateInfo(ctx, b);
      return auth.ownRows(ctx);
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
