import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Sessions } from '../lib/sessions.js';
import { unauthorized } from './errors.js';
import { sessionTokenOf } from './session-cookie.js';

const HELMET_OPTIONS: HelmetOptions = {
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
};

/**
 * The headers helmet sets with these options, worked out once: they do not depend on the request.
 * (@fastify/helmet built helmet's middleware anew for every request, CSP included: about 10 µs, plus two
 * async hooks, on every request.)
 */
function helmetHeaders(): Record<string, string> {
  const res = new ServerResponse(new IncomingMessage(new Socket()));
  let failed: unknown;
  helmet(HELMET_OPTIONS)(res.req, res, (err?: unknown) => {
    failed = err;
  });
  if (failed) throw failed;
  return Object.fromEntries(
    Object.entries(res.getHeaders()).map(([name, value]) => [
      name,
      Array.isArray(value) ? value.join(', ') : String(value),
    ]),
  );
}

/**
 * Browser and HTTP hygiene (OWASP ASVS V14): helmet's headers with a CSP the console passes — its own
 * scripts only; inline styles because antd writes its CSS-in-JS into <style> tags; no framing at all —
 * and `Cache-Control: no-store` on every API answer, so no proxy or browser cache keeps account data.
 */
export function installSecurityHeaders(app: FastifyInstance): void {
  const headers = helmetHeaders();
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (/^\/api\//i.test(request.url) && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
    return payload;
  });
}

/** /swagger (the UI and the OpenAPI document) for logged-in users only, unless SWAGGER_PUBLIC opens it. */
export function swaggerGate(sessions: Sessions) {
  return async (request: FastifyRequest) => {
    const token = sessionTokenOf(request)?.token;
    if (!token) throw unauthorized('Log in to the console first: the API description is for its users');
    await sessions.resolve(token);
  };
}
