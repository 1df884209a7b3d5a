import { envelope, type RoutePermission } from '@prepay/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Actor } from '../modules/audit/audit.js';

/** The signed-in user of a request, as the auth hook resolved it from the session. */
export interface SessionUser {
  sessionId: string;
  userId: string;
  roleId: string;
  roleName: string;
  roleContent: string[];
  stationId: string;
  isSystemAdmin: boolean;
  /** A generated password must be replaced before anything but the profile is allowed. */
  mustChangePassword: boolean;
}

/** What a handler knows about its request: the user (absent on public routes) and who to audit. */
export interface RequestContext {
  user: SessionUser | null;
  actor: Actor;
  /** The raw bearer token, for logout (revokes exactly this session). */
  request: FastifyRequest;
}

/** A signed-in request; handlers of non-public routes receive this. */
export interface AuthedContext extends RequestContext {
  user: SessionUser;
}

export interface RouteDef<B extends z.ZodType = z.ZodType, R extends z.ZodType = z.ZodType> {
  path: string;
  /** The permission key the role must hold — mandatory, the server refuses to start without it. */
  permission: RoutePermission;
  summary: string;
  tag: string;
  body?: B;
  result: R;
  handler: (body: z.infer<B>, ctx: AuthedContext) => Promise<z.infer<R>>;
}

export function defineRoute<B extends z.ZodType, R extends z.ZodType>(def: RouteDef<B, R>): RouteDef {
  return def as unknown as RouteDef;
}

export function contextOf(request: FastifyRequest): AuthedContext {
  const user = request.sessionUser;
  return {
    user: user as SessionUser,
    actor: { userId: user?.userId ?? null, stationId: user?.stationId ?? null, ipAddress: request.ip },
    request,
  };
}

/** All POST + JSON, answered in the envelope (ARCHITECTURE.md "wire contract"). */
export function registerRoutes(app: FastifyInstance, defs: RouteDef[]): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  for (const def of defs) {
    typed.post(
      def.path,
      {
        schema: {
          tags: [def.tag],
          summary: def.summary,
          ...(def.body ? { body: def.body } : {}),
          response: { 200: envelope(def.result) },
          ...(def.permission === 'public' ? {} : { security: [{ Bearer: [] }] }),
        },
        config: { permission: def.permission },
      },
      async (request) => {
        const result = await def.handler(request.body, contextOf(request));
        return { code: 0, reason: 'success', message: 'success', result };
      },
    );
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    sessionUser: SessionUser | null;
  }
  interface FastifyContextConfig {
    permission?: RoutePermission;
  }
}
