import type { FastifyRequest } from 'fastify';
import { REDACTED, redact } from './redact.js';

/**
 * What a log line may carry. A failed query's error holds its parameters — password hashes, sealed keys,
 * whatever the body had — so an error is logged with its SQL text (placeholders only) and never its
 * parameters; bodies and query strings pass through the field redaction used for audit rows.
 */

const PARAMS = /\nparams: [\s\S]*$/;

function scrub(text: unknown): string {
  return typeof text === 'string' ? text.replace(PARAMS, `\nparams: [${REDACTED}]`) : '';
}

interface LoggedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

/** An error as a log line: type, code, message and stack, with query parameters cut out (causes too). */
export function serializeError(err: unknown, depth = 0): LoggedError {
  if (!(err instanceof Error)) return { type: typeof err, message: '', stack: '', value: redact(err) };
  const out: LoggedError = {
    type: err.constructor.name,
    message: scrub(err.message),
    stack: scrub(err.stack),
  };
  const code = (err as { code?: unknown }).code;
  if (code !== undefined) out.code = code;
  if (err.cause && depth < 3) out.cause = serializeError(err.cause, depth + 1);
  return out;
}

/** A query string with its secret fields hidden ("/x?password=…" → "/x?password=*"). */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  const safe = redact(Object.fromEntries(params));
  const hidden = new URLSearchParams(safe as Record<string, string>).toString().replace(/%2A/g, '*');
  return `${url.slice(0, q)}?${hidden}`;
}

/** pino serializers for Fastify's logger. */
export const logSerializers = {
  err: serializeError,
  error: serializeError,
  body: (b: unknown) => redact(b),
  req: (req: FastifyRequest) => ({
    method: req.method,
    url: redactUrl(req.url),
    version: String(req.headers?.['accept-version'] ?? ''),
    hostname: req.hostname,
    remoteAddress: req.ip,
  }),
};
