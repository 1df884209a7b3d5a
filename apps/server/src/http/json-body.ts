import type { FastifyInstance } from 'fastify';
import { invalid } from '../lib/domain-errors.js';
import { nestsTooDeep, TOO_DEEP } from '../lib/json-depth.js';
import { AppError } from './errors.js';

/**
 * The media types the original accepted (application/json, text/json, application/*+json), with any
 * parameters: .NET, OkHttp and older axios send "application/json; charset=utf-8".
 */
const JSON_TYPES = /^(application\/json|text\/json|application\/[\w.+-]+\+json)\s*(;.*)?$/i;
/** JSON is UTF-8 (RFC 8259); a body declared in another charset would be misread, so it is refused. */
const UTF8 = /^"?(utf-8|utf8)"?$/i;

function charsetOf(contentType: string | undefined): string | null {
  const match = /;\s*charset\s*=\s*([^;\s]+)/i.exec(contentType ?? '');
  return match?.[1] ?? null;
}

/** One JSON parser for every JSON media type; an empty body reads as "no body", a bare POST as {}. */
export function installJsonBody(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser(JSON_TYPES, { parseAs: 'string' }, (request, raw, done) => {
    const charset = charsetOf(request.headers['content-type']);
    if (charset !== null && !UTF8.test(charset)) {
      return done(new AppError(415, 415, `Unsupported charset "${charset}": send JSON as UTF-8`), undefined);
    }
    const text = String(raw);
    if (text.trim() === '') return done(null, undefined);
    // Counted on the text, before anything builds or walks the value: a 1 MB body can nest far deeper
    // than any walk over it (the NUL check, validation, log redaction) has stack for.
    if (nestsTooDeep(text)) {
      return done(
        invalid(`Not accepted: the request body is ${TOO_DEEP}`, [{ path: '(body)', message: TOO_DEEP }]),
        undefined,
      );
    }
    parseJson(request, text, (err, value) => {
      if (err) return done(Object.assign(new Error('Malformed JSON body'), { statusCode: 400 }), undefined);
      done(null, value);
    });
  });
  app.addHook('preValidation', async (request) => {
    if (request.method === 'POST' && request.body === undefined) request.body = {};
  });
}
