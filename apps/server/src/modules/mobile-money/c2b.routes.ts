import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.js';
import { requestProblem } from '../../http/errors.js';
import { verifyPassword } from '../../lib/passwords.js';
import { type ChannelCall, findVendor, vendorByShortCode } from '../vendor/index.js';
import { C2B, C2bCallback, CONFIRMED } from './c2b.models.js';
import type { MobileMoneyService } from './mobile-payment.service.js';

/**
 * Where the operator registers its callbacks with Daraja. Not under /api (no console session), and
 * without "mpesa" in the path: Safaricom refuses URLs naming M-PESA.
 */
export const C2B_BASE = '/mobilemoney/c2b';

class Unauthorised extends Error {}

/** The secret the callback carries: HTTP Basic (vendor id and secret) or the registered URL's `secret`. */
function credentialOf(request: FastifyRequest): { vendorId?: string; secret?: string } {
  const m = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(request.headers.authorization ?? '');
  if (m?.[1]) {
    const decoded = Buffer.from(m[1], 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    return colon > 0 ? { vendorId: decoded.slice(0, colon), secret: decoded.slice(colon + 1) } : {};
  }
  const secret = (request.query as { secret?: unknown } | undefined)?.secret;
  return typeof secret === 'string' ? { secret } : {};
}

/**
 * The mobile-money vendor the callback is from: named by Basic credentials, else by the paybill number
 * in the body, and proven by its machine secret (the one the channel's console issues and rotates).
 * Daraja's callbacks carry no signature, so the secret rides in the URL the operator registers.
 */
async function callerOf(deps: Deps, request: FastifyRequest, shortCode: string): Promise<ChannelCall> {
  const { vendorId, secret } = credentialOf(request);
  const { db } = deps.database;
  const vendor = vendorId ? await findVendor(db, vendorId) : await vendorByShortCode(db, shortCode);
  if (!secret || !vendor?.enabled || vendor.vendorKind !== 'mobileMoney' || !vendor.secretHash)
    throw new Unauthorised();
  if (!(await verifyPassword(vendor.secretHash, secret))) throw new Unauthorised();
  return { vendor, ipAddress: request.ip ?? null };
}

/**
 * What was wrong with a callback that never reached its step (the schema's findings, the body guards'
 * refusal: malformed, nested too deep, too large), or null when the failure is ours.
 */
function malformed(error: unknown): string | null {
  if (hasZodFastifySchemaValidationErrors(error)) return 'Malformed request';
  const problem = requestProblem(error);
  return problem === null ? null : `Malformed request: ${problem}`;
}

/** Daraja's callbacks in a scope of their own: C2B result bodies for every outcome, never the console's envelope. */
export function installC2b(app: FastifyInstance, deps: Deps, service: MobileMoneyService) {
  app.register(
    async (scope) => {
      scope.setErrorHandler((error, request, reply) => {
        if (error instanceof Unauthorised)
          return reply.code(401).send({ ...C2B.other, ResultDesc: 'Unauthorised' });
        const problem = malformed(error);
        if (problem !== null) return reply.code(400).send({ ...C2B.other, ResultDesc: problem });
        request.log.error({ err: error }, 'C2B callback failed');
        return reply.code(500).send({ ...C2B.other, ResultDesc: 'Internal error' });
      });
      scope.post('/validation', { schema: { hide: true, body: C2bCallback } }, async (request) => {
        const body = request.body as C2bCallback;
        return service.validate(await callerOf(deps, request, body.BusinessShortCode), body);
      });
      scope.post('/confirmation', { schema: { hide: true, body: C2bCallback } }, async (request, reply) => {
        const body = request.body as C2bCallback;
        const call = await callerOf(deps, request, body.BusinessShortCode);
        if (body.BusinessShortCode !== call.vendor.shortCode)
          return reply.code(400).send(C2B.invalidShortcode);
        await service.confirm(call, body);
        return CONFIRMED;
      });
    },
    { prefix: C2B_BASE },
  );
}
