import { headerOf } from '../lib/export-labels.js';

/**
 * Validation issues as sentences a user can act on: "Line 1, Decoder Key: must have at least 16
 * characters" instead of "0.decoderKey: Too small: expected string to have >=16 characters". The
 * answer's `errors` keep the field paths for programs.
 */

/** A field key as the console titles it ("decoderKey" → "Decoder Key"), else its words. */
export function fieldTitle(key: string): string {
  const title = headerOf('en', key);
  if (title !== key) return title;
  return key
    .replace(/_/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/^./, (c) => c.toUpperCase());
}

/** Where an issue is: "Line 2, Meter Id" for an array body, "Steps 1, Price" inside a field. */
export function placeOf(path: readonly PropertyKey[]): string {
  const parts: string[] = [];
  for (const [i, p] of path.entries()) {
    if (typeof p === 'number') parts.push(i === 0 ? `Line ${p + 1}` : `item ${p + 1}`);
    else parts.push(fieldTitle(String(p)));
  }
  return parts.join(', ');
}

const what = (origin: unknown) => (origin === 'string' ? ' characters' : origin === 'array' ? ' items' : '');

/** What this file reads of a zod issue (a parse issue, or one rebuilt from Fastify's validation). */
export interface IssueLike {
  code: string;
  path: readonly PropertyKey[];
  message: string;
  input?: unknown;
  expected?: unknown;
  origin?: unknown;
  minimum?: unknown;
  maximum?: unknown;
  values?: readonly unknown[];
}

/** Fastify's validation entry (fastify-type-provider-zod keeps the issue's fields in `params`). */
export function issueOfValidation(v: {
  keyword: string;
  instancePath?: string;
  message?: string;
  params?: Record<string, unknown>;
}): IssueLike {
  const path = (v.instancePath ?? '')
    .split('/')
    .filter(Boolean)
    .map((p) => (/^\d+$/.test(p) ? Number(p) : p));
  return { ...(v.params ?? {}), code: v.keyword, path, message: v.message ?? 'invalid' };
}

/** The issue's message without zod's jargon. */
export function plainMessage(issue: IssueLike): string {
  switch (issue.code) {
    case 'invalid_type':
      // zod names what it got only in the message (the input itself is not kept by default).
      return /received (undefined|null)$/.test(issue.message)
        ? 'a value is required'
        : `must be ${issue.expected === 'number' || issue.expected === 'int' ? 'a number' : `a ${String(issue.expected)}`}`;
    case 'too_small':
      return `must be at least ${String(issue.minimum)}${what(issue.origin)}`;
    case 'too_big':
      return `must be at most ${String(issue.maximum)}${what(issue.origin)}`;
    case 'invalid_value':
      return `must be one of ${(issue.values ?? []).map(String).join(', ')}`;
    case 'invalid_union':
      return 'is not one of the accepted values';
    default:
      return issue.message;
  }
}

/** One sentence per issue, each place named once. */
export function plainIssues(issues: readonly IssueLike[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const issue of issues) {
    const place = placeOf(issue.path);
    if (seen.has(place)) continue;
    seen.add(place);
    out.push(place ? `${place}: ${plainMessage(issue)}` : plainMessage(issue));
  }
  return out;
}
