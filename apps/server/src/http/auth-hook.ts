import { AUTHENTICATED, ErrorCode, grants, PUBLIC, type RoutePermission } from '@prepay/contracts';
import type { FastifyInstance } from 'fastify';
import { DomainError } from '../lib/domain-errors.js';
import type { Sessions } from '../lib/sessions.js';
import { AppError, forbidden, unauthorized } from './errors.js';
import { clearSessionCookies, needsCsrfHeader, sessionTokenOf } from './session-cookie.js';

export interface RegisteredRoute {
  method: string;
  url: string;
  permission: RoutePermission | undefined;
}

const isApi = (url: string) => /^\/api\//i.test(url);

/**
 * The gate: every /api route must declare a permission (the app refuses to start otherwise), and every
 * request is checked against it in onRequest — before the body is even parsed.
 */
/** A 401: no valid session (the hook's own, or the session service's). */
const isUnauthenticated = (e: unknown) =>
  (e instanceof AppError && e.httpStatus === 401) ||
  (e instanceof DomainError && e.kind === 'unauthenticated');

export function installAuth(app: FastifyInstance, sessions: Sessions, registry: RegisteredRoute[]): void {
  app.addHook('onRoute', (route) => {
    const permission = route.config?.permission;
    if (isApi(route.url) && permission === undefined) {
      throw new Error(`route ${route.url} is registered without a permission key`);
    }
    for (const method of [route.method].flat()) registry.push({ method, url: route.url, permission });
  });

  app.decorateRequest('sessionUser', null);
  app.addHook('onRequest', async (request, reply) => {
    const permission = request.routeOptions.config?.permission;
    if (permission === undefined || permission === PUBLIC) return;
    const found = sessionTokenOf(request);
    if (!found) throw unauthorized('Please log in first', ErrorCode.illegalToken);
    if (found.via === 'cookie' && needsCsrfHeader(request)) {
      throw forbidden('Refused: a request signed in by the session cookie must come from the console');
    }
    const user = await sessions.resolve(found.token).catch((e: unknown) => {
      // A dead cookie is cleared with the refusal, so the browser stops sending it.
      if (found.via === 'cookie' && isUnauthenticated(e)) {
        clearSessionCookies(request, reply);
      }
      throw e;
    });
    if (user.mustChangePassword && permission !== AUTHENTICATED) {
      throw forbidden('You must change your password before doing anything else');
    }
    if (!grants(user.roleContent, permission)) throw forbidden();
    request.sessionUser = user;
  });
}
