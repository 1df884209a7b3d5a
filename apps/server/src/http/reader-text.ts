import type { ExportLanguage } from '@prepay/contracts';
import type { FastifyRequest } from 'fastify';
import { readerLanguage, serverText } from '../lib/server-text.js';

/**
 * The fields where an answer carries a sentence the server wrote (a task's reason or read-back value,
 * an alarm's detail, why an alarm closed itself, an attempt's outcome, what an audit row counted). Stored in the machine's English;
 * rendered here in the reader's language, so every module's answer is translated in one place.
 */
const SENTENCE_FIELDS = new Set(['reason', 'detail', 'ackRemark', 'data', 'value', 'content']);

/**
 * The reader's language: the body's `lang` where the call has one (the original's reads carry it),
 * else the first tag of Accept-Language, which the console sets to its chosen language. A client that
 * names neither reads English, as the original answers.
 */
export function readerLanguageOf(request: FastifyRequest): ExportLanguage {
  const lang = (request.body as { lang?: unknown } | undefined)?.lang;
  if (typeof lang === 'string' && lang.trim() !== '') return readerLanguage(lang);
  const header = request.headers['accept-language'];
  return readerLanguage(typeof header === 'string' ? header.split(',')[0] : undefined);
}

/** `value` with every server-made sentence in `lang`; English answers are returned untouched. */
export function inReaderLanguage<T>(value: T, lang: ExportLanguage): T {
  if (lang === 'en') return value;
  return translate(value, lang) as T;
}

function translate(value: unknown, lang: ExportLanguage, key = ''): unknown {
  if (typeof value === 'string') return SENTENCE_FIELDS.has(key) ? serverText(value, lang) : value;
  if (Array.isArray(value)) return value.map((v) => translate(v, lang, key));
  if (value === null || typeof value !== 'object' || value instanceof Date) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = translate(v, lang, k);
  return out;
}
