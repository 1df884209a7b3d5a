import type { FastifyInstance } from 'fastify';
import { type DomainError, invalid } from '../lib/domain-errors.js';

/**
 * Input no column can hold is refused before validation (and before login, for the public routes):
 * PostgreSQL text cannot store the NUL character, so a NUL anywhere in a body is a 400 naming the field.
 */
export function installInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const path = nulPath(request.body, '');
    if (path !== null) {
      const field = path || '(body)';
      throw invalid(`Validation failed: ${field}: text may not contain the NUL character (\\u0000)`, [
        { path: field, message: 'text may not contain the NUL character (\\u0000)' },
      ]);
    }
  });
}

function nulPath(value: unknown, at: string): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? at : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const p = nulPath(value[i], at ? `${at}.${i}` : String(i));
      if (p !== null) return p;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      const here = at ? `${at}.${k}` : k;
      if (k.includes('\u0000')) return here.split('\u0000').join('\\u0000');
      const p = nulPath(v, here);
      if (p !== null) return p;
    }
  }
  return null;
}

/** SQLSTATE class 22 (data exception) and the limits a value can hit: bad input, never a server fault. */
const DATA_ERRORS: Record<string, string> = {
  '22003': 'a number is out of the range its field can hold',
  '22P02': 'a value has the wrong form for its field',
  '22007': 'a date or time is not valid',
  '22008': 'a date or time is out of range',
  '22001': 'a text is longer than its field can hold',
  '22021': 'a text contains a character that cannot be stored',
  '22P05': 'a text contains a character that cannot be stored',
  '22023': 'a value is not valid for its field',
  '54000': 'a value is too large to be stored',
};

/** The database's code for a failed query, whichever driver and wrapper raised it. */
export function sqlState(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** A data exception from the database as the 400 it is; null for anything else. */
export function dataError(error: unknown): DomainError | null {
  const state = sqlState(error);
  const what = state ? DATA_ERRORS[state] : undefined;
  if (!what) return null;
  return invalid(`Validation failed: ${what} (the request was not applied)`);
}
