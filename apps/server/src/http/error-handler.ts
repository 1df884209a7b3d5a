import { ErrorCode } from '@prepay/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/failover-pool.js';
import { DomainError, type DomainErrorKind } from '../lib/domain-errors.js';
import { refusalText } from '../lib/refusal-text.js';
import { AppError } from './errors.js';
import { dataError } from './input-guard.js';
import { issueOfValidation, plainIssues } from './plain-issues.js';
import { readerLanguageOf } from './reader-text.js';

const body = (code: number, reason: string, result: unknown = null) => ({
  code,
  reason,
  message: reason,
  result,
});

/** The one mapping of domain refusals to the wire: HTTP status and envelope code per kind. */
const WIRE: Record<DomainErrorKind, { status: number; code: number }> = {
  // A refusal is an answer, not a transport failure: HTTP 200 with a non-zero code (the original's way).
  refused: { status: 200, code: ErrorCode.business },
  notFound: { status: 200, code: ErrorCode.notFound },
  tooLarge: { status: 200, code: ErrorCode.payloadTooLarge },
  forbidden: { status: 403, code: ErrorCode.forbidden },
  invalid: { status: 400, code: ErrorCode.validation },
  unauthenticated: { status: 401, code: ErrorCode.tokenExpired },
};

function domainAnswer(error: DomainError) {
  const wire = WIRE[error.kind];
  const result = error.kind === 'invalid' ? { errors: error.problems } : null;
  const answer = body(error.code ?? wire.code, error.reason, result);
  return { status: wire.status, body: error.detail ? { ...answer, detail: error.detail } : answer };
}

const RETRY_AFTER_SECONDS = 2;
const UNAVAILABLE_REASON =
  'The database is switching to its standby. Nothing was saved by this request: send it again in a moment (a vend with the same idempotency key).';

/**
 * Every failure leaves as an envelope with the right status; internals never reach the client. Reasons
 * are written in English (the logs keep that) and rendered here, once for every module, in the reader's
 * language; a client that names none reads the English the original answers.
 */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | DomainError, request, reply) => {
    const lang = readerLanguageOf(request);
    // Every branch below answers one envelope through send: its reason is rendered on the way out.
    const send = reply.send.bind(reply);
    reply.send = (envelope: ReturnType<typeof body>) => {
      const reason = refusalText(envelope.reason, lang);
      return send({ ...envelope, reason, message: reason });
    };
    if (error instanceof DomainError) {
      const answer = domainAnswer(error);
      if (answer.status >= 400)
        request.log.info({ code: answer.body.code, reason: error.reason }, 'request refused');
      return reply.code(answer.status).send(answer.body);
    }
    if (error instanceof AppError) {
      if (error.httpStatus >= 400)
        request.log.info({ code: error.code, reason: error.reason }, 'request refused');
      return reply.code(error.httpStatus).send(body(error.code, error.reason, error.result));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((v) => ({
        path: (v.instancePath || '/').replace(/^\//, '').replace(/\//g, '.') || '(body)',
        message: v.message ?? 'invalid',
      }));
      // Users read the reason: plain sentences naming the line and the field (the paths stay in errors).
      const reason = `Not accepted. ${plainIssues(error.validation.map(issueOfValidation)).join('; ')}`;
      return reply.code(400).send(body(ErrorCode.validation, reason, { errors }));
    }
    const status = (error as FastifyError).statusCode ?? 500;
    if (status === 413) {
      return reply.code(413).send(body(ErrorCode.payloadTooLarge, 'The request body is too large'));
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (malformed JSON, unsupported media type): its message is safe to show.
      return reply.code(status).send(body(status, error.message));
    }
    const data = dataError(error, request.body);
    if (data) {
      request.log.info({ err: error }, 'request refused by the database');
      const answer = domainAnswer(data);
      return reply.code(answer.status).send(answer.body);
    }
    if (isDatabaseUnavailable(error)) {
      // A failover (or a restart) of the database: nothing this request did was acknowledged, so the
      // client may send it again; a vend's idempotency key makes the retry return the first one's token
      // if its commit did reach the standby.
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .code(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .send(body(ErrorCode.unavailable, UNAVAILABLE_REASON));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send(body(ErrorCode.internal, 'Internal server error'));
  });
}

/**
 * Errors Fastify meets before routing (an address that does not decode): the same envelope as every other
 * refusal, in the reader's language, instead of Fastify's own English body.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const url = (request.raw.url ?? '').split('?')[0] ?? '';
  const english =
    error.code === 'FST_ERR_BAD_URL' ? `The address is not a valid URL: ${url}` : 'Internal server error';
  const status = error.code === 'FST_ERR_BAD_URL' ? 400 : 500;
  const reason = refusalText(english, readerLanguageOf(request));
  void reply.code(status).send(body(status === 400 ? ErrorCode.validation : ErrorCode.internal, reason));
}

/** Unknown paths: 405 when the path exists for POST, the web app for browser navigation, else 404. */
export function installNotFound(app: FastifyInstance, spaIndex: (() => boolean) | null): void {
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    // The operations listener's paths are never the web app's either: a scraper or a backup job pointed at the
    // public port gets a 404, not the console's HTML with a 200.
    const serverOnly = /^\/(api|metrics|backup)(\/|$)/i.test(path);
    const said = (english: string) => refusalText(english, readerLanguageOf(request));
    if (request.method !== 'POST' && app.hasRoute({ method: 'POST', url: path })) {
      return reply.code(405).send(body(405, said(`Use POST for ${path}`)));
    }
    if (!serverOnly && request.method === 'GET' && spaIndex?.()) {
      // Client-side routes (/dashboard, /management/meter …) are the web app's to resolve.
      return reply.type('text/html').sendFile('index.html');
    }
    return reply
      .code(404)
      .send(body(ErrorCode.notFound, said(`No such endpoint: ${request.method} ${path}`)));
  });
}
