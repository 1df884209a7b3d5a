import { AUTHENTICATED, ErrorCode, grants, PUBLIC, type RoutePermission } from '@prepay/contracts';
import type { FastifyInstance } from 'fastify';
import type { SessionService } from '../modules/auth/session.service.js';
import { forbidden, unauthorized } from './errors.js';

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
export function installAuth(
  app: FastifyInstance,
  sessions: SessionService,
  registry: RegisteredRoute[],
): void {
  app.addHook('onRoute', (route) => {
    const permission = route.config?.permission;
    if (isApi(route.url) && permission === undefined) {
      throw new Error(`route ${route.url} is registered without a permission key`);
    }
    for (const method of [route.method].flat()) registry.push({ method, url: route.url, permission });
  });

  app.decorateRequest('sessionUser', null);
  app.addHook('onRequest', async (request) => {
    const permission = request.routeOptions.config?.permission;
    if (permission === undefined || permission === PUBLIC) return;
    const header = request.headers.authorization ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match?.[1]) throw unauthorized('Please log in first', ErrorCode.illegalToken);
    const user = await sessions.resolve(match[1]);
    if (user.mustChangePassword && permission !== AUTHENTICATED) {
      throw forbidden('You must change your password before doing anything else');
    }
    if (!grants(user.roleContent, permission)) throw forbidden();
    request.sessionUser = user;
  });
}
