import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SessionService } from '../modules/auth/session.service.js';
import { unauthorized } from './errors.js';
import { sessionTokenOf } from './session-cookie.js';

/**
 * Browser and HTTP hygiene (OWASP ASVS V14): helmet's headers with a CSP the console passes — its own
 * scripts only; inline styles because antd writes its CSS-in-JS into <style> tags; no framing at all —
 * and `Cache-Control: no-store` on every API answer, so no proxy or browser cache keeps account data.
 */
export async function installSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    // The console is often served over plain HTTP on a utility's LAN: no forced upgrade, no COEP.
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'no-referrer' },
    xFrameOptions: { action: 'deny' },
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (/^\/api\//i.test(request.url) && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
    return payload;
  });
}

/** /swagger (the UI and the OpenAPI document) for logged-in users only, unless SWAGGER_PUBLIC opens it. */
export function swaggerGate(sessions: SessionService) {
  return async (request: FastifyRequest) => {
    const token = sessionTokenOf(request)?.token;
    if (!token) throw unauthorized('Log in to the console first: the API description is for its users');
    await sessions.resolve(token);
  };
}
