import { describe, expect, it } from 'vitest';
import { walkBody } from '../src/http/input-guard.js';
import { jsonTextDepth, MAX_JSON_DEPTH, nestsTooDeep } from '../src/lib/json-depth.js';
import { logSerializers } from '../src/lib/log-redaction.js';
import { REDACTED, redact, TOO_DEEP_VALUE } from '../src/lib/redact.js';

/** A value nested `levels` deep, built by a loop (`{a:{a:…{password, text}}}`), with a secret and a NUL at the bottom. */
function deepObject(levels: number): Record<string, unknown> {
  let v: Record<string, unknown> = { password: 'hunter2', text: 'a\u0000b' };
  for (let i = 0; i < levels; i++) v = { a: v };
  return v;
}

describe('walks over client input survive any depth', () => {
  it('counts the depth of a JSON text without parsing it; brackets in strings do not count', () => {
    expect(jsonTextDepth('{"a":[1,{"b":[]}]}')).toBe(4);
    expect(jsonTextDepth('{"a":"[[[[{{{{","b":"\\"[[["}')).toBe(1);
    expect(jsonTextDepth('"just a string"')).toBe(0);
    const deep = `${'['.repeat(MAX_JSON_DEPTH)}${']'.repeat(MAX_JSON_DEPTH)}`;
    expect(nestsTooDeep(deep)).toBe(false);
    expect(nestsTooDeep(`[${deep}]`)).toBe(true);
    // It stops counting once past the limit: a 1 MB text of brackets is not read to its end.
    expect(jsonTextDepth('['.repeat(500_000))).toBe(MAX_JSON_DEPTH + 1);
  });

  it('the body walk finds a NUL at the bottom of 100,000 levels, without recursion', () => {
    const found = walkBody(deepObject(100_000), ({ value, at }) =>
      typeof value === 'string' && value.includes('\u0000') ? at : null,
    );
    expect(found?.split('.').length).toBe(100_001);
    expect(found?.endsWith('a.text')).toBe(true);
  });

  it('redaction and the log serializer cut a 100,000-level value at the request limit, secrets hidden', () => {
    const shallow = redact({ a: { password: 'x', keep: 1 } });
    expect(shallow).toEqual({ a: { password: REDACTED, keep: 1 } });
    for (const out of [redact(deepObject(100_000)), logSerializers.body(deepObject(100_000))]) {
      const text = JSON.stringify(out);
      expect(text).toContain(TOO_DEEP_VALUE);
      expect(text).not.toContain('hunter2');
      expect(jsonTextDepth(text, 1000)).toBeLessThanOrEqual(MAX_JSON_DEPTH + 1);
    }
  });
});
