import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** A request id a proxy or client may pass in; anything else is replaced, never trusted into the logs. */
const ACCEPTED = /^[\w.:-]{8,64}$/;

/**
 * Every request gets an id: the `X-Request-Id` a load balancer set (HAProxy's unique-id), or a new UUID.
 * Fastify puts it in every log line of the request (`reqId`), the answer carries it in `X-Request-Id`,
 * and error answers (4xx/5xx) also in the body as `requestId`, so a user's report finds the log lines.
 */
export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && ACCEPTED.test(given) ? given : randomUUID();
}

export function installRequestId(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('x-request-id', request.id);
    if (reply.statusCode < 400 || typeof payload !== 'string' || !payload.startsWith('{')) return payload;
    try {
      const body: unknown = JSON.parse(payload);
      if (!body || typeof body !== 'object' || Array.isArray(body)) return payload;
      return JSON.stringify({ ...body, requestId: request.id });
    } catch {
      return payload;
    }
  });
}
