import type { FastifyInstance } from 'fastify';
import { type DomainError, invalid } from '../lib/domain-errors.js';

/**
 * Input no column can hold is refused before validation (and before login, for the public routes):
 * PostgreSQL text cannot store the NUL character, so a NUL anywhere in a body is a 400 naming the field.
 */
export function installInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const path = nulPath(request.body);
    if (path !== null) {
      const field = path || '(body)';
      throw invalid(`Validation failed: ${field}: text may not contain the NUL character (\\u0000)`, [
        { path: field, message: 'text may not contain the NUL character (\\u0000)' },
      ]);
    }
  });
}

/** One value of a body and the path to it, for the walks below. */
interface At {
  value: unknown;
  at: string;
}

/** The members of an array or object with their paths (nothing for anything else). */
function membersOf({ value, at }: At): At[] {
  if (!value || typeof value !== 'object') return [];
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
  return entries.map(([k, v]) => ({ value: v, at: at ? `${at}.${k}` : k }));
}

/**
 * Every value of a body, depth-first in document order, each with its path; `visit` returns a result to
 * stop at. A loop over a stack of its own, not recursion: however deep the value, no call stack overflows.
 */
export function walkBody<R>(body: unknown, visit: (node: At) => R | null): R | null {
  const stack: At[] = [{ value: body, at: '' }];
  for (let node = stack.pop(); node; node = stack.pop()) {
    const found = visit(node);
    if (found !== null) return found;
    const members = membersOf(node);
    for (let i = members.length - 1; i >= 0; i--) stack.push(members[i] as At);
  }
  return null;
}

/** The path of the first text (or member name) holding a NUL character; null when none does. */
function nulPath(body: unknown): string | null {
  return walkBody(body, ({ value, at }) => {
    if (typeof value === 'string') return value.includes('\u0000') ? at : null;
    if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
    const key = Object.keys(value).find((k) => k.includes('\u0000'));
    if (key === undefined) return null;
    return (at ? `${at}.${key}` : key).split('\u0000').join('\\u0000');
  });
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

/** The database's own words for a failed query (the driver's error, or the one it wraps). */
function databaseMessage(error: unknown): string {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    const message = (e as { message?: unknown }).message;
    if (typeof message === 'string' && /"[^"]*"/.test(message) && !/^Failed query/.test(message))
      return message;
    e = (e as { cause?: unknown }).cause;
  }
  return '';
}

/** The path of the first value in the body whose text is `value` (a number, a date, an id). */
function pathOf(body: unknown, value: string): string | null {
  return walkBody(body, ({ value: v, at }) =>
    (typeof v === 'string' || typeof v === 'number') && String(v).trim() === value ? at || '(body)' : null,
  );
}

/**
 * A data exception from the database as the 400 it is; null for anything else. The database quotes
 * the value it refused ("value "2147483648" is out of range for type integer", "date/time field value
 * out of range: "2026-02-30""); the field of the body that holds it is named in the answer. The value
 * itself is not repeated (it may be part of a secret).
 */
export function dataError(error: unknown, body?: unknown): DomainError | null {
  const state = sqlState(error);
  const what = state ? DATA_ERRORS[state] : undefined;
  if (!what) return null;
  const quoted = /"([^"]*)"/.exec(databaseMessage(error))?.[1];
  const field = quoted !== undefined && body !== undefined ? pathOf(body, quoted.trim()) : null;
  if (field) {
    return invalid(`Validation failed: ${field}: ${what} (the request was not applied)`, [
      { path: field, message: what },
    ]);
  }
  return invalid(`Validation failed: ${what} (the request was not applied)`);
}
