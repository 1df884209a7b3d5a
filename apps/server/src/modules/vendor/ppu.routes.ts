import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.js';
import { requestProblem } from '../../http/errors.js';
import { authenticate } from './channel-caller.js';
import type { CredentialCache } from './credential-cache.js';
import { ChannelError } from './ppu.errors.js';
import type { ErrorDetail, RequestType } from './ppu.models.js';
import { prepaidUtilityDocument } from './ppu.openapi.js';
import { PPU_BASE, PPU_OPERATIONS, type PpuOperation } from './ppu.operations.js';
import type { PrepaidUtilityService } from './ppu.service.js';

/** Where the interface's own OpenAPI document is served (beside the main one at /swagger). */
export const PPU_DOCUMENT_PATH = '/swagger/prepaidutility/v3.json';

const fastifyPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

/** The id a failed message carried: the last id in its path, else its body's. */
function idOf(request: FastifyRequest): string {
  const params = Object.values((request.params ?? {}) as Record<string, string>);
  const query = (request.query ?? {}) as Record<string, string>;
  return params.at(-1) ?? query.purchaseId ?? String((request.body as { id?: unknown })?.id ?? '');
}

/**
 * What was wrong with a message that never reached its step: the schema's findings, the body guards'
 * refusal (malformed, too deep, NUL), or the transport's 4xx (media type, size); null for anything else.
 */
function formatProblems(error: unknown): string[] | null {
  if (hasZodFastifySchemaValidationErrors(error)) {
    return error.validation.map((v) => `${v.instancePath || '/'} ${v.message}`);
  }
  const problem = requestProblem(error);
  return problem === null ? null : [problem];
}

function detailOf(
  error: unknown,
  request: FastifyRequest,
  requestType: RequestType,
): { status: number; body: ErrorDetail } {
  const base = { requestType, id: idOf(request) };
  if (error instanceof ChannelError) {
    const detail = error.detail ? { detailMessage: error.detail } : {};
    return {
      status: error.status,
      body: { ...base, errorType: error.errorType, errorMessage: error.errorMessage, ...detail },
    };
  }
  const format = formatProblems(error);
  if (format) {
    const status = (error as { statusCode?: number }).statusCode ?? 400;
    return {
      status: status >= 400 && status < 500 ? status : 400,
      body: {
        ...base,
        errorType: 'FORMAT_ERROR',
        errorMessage: 'Format error',
        detailMessage: { issues: format },
      },
    };
  }
  return { status: 500, body: { ...base, errorType: 'GENERAL_ERROR', errorMessage: 'General error' } };
}

function register(
  scope: FastifyInstance,
  deps: Deps,
  service: PrepaidUtilityService,
  credentials: CredentialCache,
  o: PpuOperation,
) {
  const params = z.object(
    Object.fromEntries([...o.path.matchAll(/\{(\w+)\}/g)].map((m) => [m[1], z.string().uuid()])),
  );
  scope.route({
    method: o.method === 'get' ? 'GET' : 'POST',
    url: fastifyPath(o.path),
    schema: {
      hide: true,
      params,
      ...(o.body ? { body: o.body } : {}),
      ...(o.query ? { querystring: o.query } : {}),
    },
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      const vendor = await authenticate(deps, credentials, request.headers.authorization);
      const call = { vendor, ipAddress: request.ip ?? null };
      const all = {
        ...(request.params as Record<string, string>),
        ...(request.query as Record<string, string>),
      };
      const answer = await o.run(service, call, all, request.body as never);
      return reply.code(o.status).send(answer);
    },
  });
}

/**
 * The REST channel under /prepaidutility/v3 in a scope of its own: HTTP Basic per request (the vendor's
 * machine secret), errors as the interface's ErrorDetail rather than the console's envelope, and its own
 * OpenAPI document.
 */
export function installPrepaidUtility(
  app: FastifyInstance,
  deps: Deps,
  service: PrepaidUtilityService,
  credentials: CredentialCache,
) {
  const document = prepaidUtilityDocument();
  // What each route's failures name as their request type (a body that fails validation never reaches it).
  const requestTypes = new Map<string, RequestType>(
    PPU_OPERATIONS.map((o) => [`${PPU_BASE}${fastifyPath(o.path)}`, o.requestType]),
  );
  app.get(PPU_DOCUMENT_PATH, { schema: { hide: true } }, async () => document);
  app.register(
    async (scope) => {
      scope.setErrorHandler((error, request, reply) => {
        const requestType = requestTypes.get(request.routeOptions.url ?? '') ?? 'METER_LOOKUP_REQUEST';
        const { status, body } = detailOf(error, request, requestType);
        if (status === 401) reply.header('www-authenticate', 'Basic realm="prepaidutility"');
        if (status >= 500) request.log.error({ err: error }, 'channel request failed');
        return reply.code(status).send(body);
      });
      for (const o of PPU_OPERATIONS) register(scope, deps, service, credentials, o);
    },
    { prefix: PPU_BASE },
  );
}
