import { PUBLIC, USER_PATHS } from '@prepay/contracts';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fingerprint } from './fingerprint.js';
import { ADMIN_AUTH_PASSWORD, ADMIN_PASSWORD, createTestApp, type TestApp } from './harness.js';
import { createStations } from './masterdata-fixtures.js';
import { vendableMeter } from './vending-fixture.js';

/**
 * Generated bodies against every POST route of our OpenAPI document, as the administrator (so bodies get
 * past the permission gate and into the services) and, for the public routes, without a token. Bodies
 * follow each route's schema, with any value swapped now and then for one that has broken servers
 * before: NUL characters, numbers past a column's range, impossible dates, huge amounts, wrong types.
 * No answer may be a 5xx or take longer than HANG_MS; a batch of writes that were all refused must
 * leave every table as it was.
 */

const BODIES_PER_ROUTE = Number(process.env.FUZZ_BODIES_PER_ROUTE ?? 18);
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const HANG_MS = 15_000;
/** They end the fuzzer's own session by design: not fuzzed (their refusals are tested in auth.test.ts). */
const SKIPPED = new Set(['/api/user/logout', '/api/user/switchRole']);
/** Reads and downloads: they change nothing, so no fingerprint around them. */
const READ = /\/(read\w*|addread|info|template|export|login)$/i;

const METER = '47001234567';
/** Values that exist, so that some generated bodies reach the pricing, key and database code. */
const KNOWN: Record<string, string[]> = {
  meterId: [METER],
  stationId: ['0001', 'NORTH'],
  customerId: [`C${METER}`],
  tariffId: [`T${METER}`],
  authorizationPassword: [ADMIN_AUTH_PASSWORD],
  userId: ['nobody'],
};

const HOSTILE: unknown[] = [
  'a\u0000b',
  '\u0000',
  2147483648,
  -2147483649,
  2 ** 63,
  -(2 ** 63),
  1e308,
  -1e308,
  4294967296.5,
  -1,
  0,
  '',
  ' ',
  'x'.repeat(5000),
  '2026-02-30 00:00:00',
  '2026-13-01 00:00:00',
  '0000-00-00 00:00:00',
  '9999-12-31 23:59:59',
  '275760-09-13 00:00:00',
  '1e999',
  '99999999999999999999999999',
  '-0.001',
  "'; drop table users; --",
  '=HYPERLINK("http://x")',
  '\ud800',
  null,
  true,
  [],
  {},
  [[]],
];

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  enum?: unknown[];
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
};

const hostile = fc.constantFrom(...HOSTILE);

function leaf(valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc.oneof({ arbitrary: valid, weight: 5 }, { arbitrary: hostile, weight: 1 });
}

function stringArb(s: Schema, name: string): fc.Arbitrary<unknown> {
  const known = KNOWN[name];
  const maxLength = Math.min(s.maxLength ?? 40, 40);
  let base: fc.Arbitrary<string>;
  if (s.pattern) {
    try {
      base = fc.stringMatching(new RegExp(s.pattern)).filter((v) => v.length <= (s.maxLength ?? 1e9));
    } catch {
      base = fc.string({ maxLength });
    }
  } else {
    base = fc.string({ minLength: Math.min(s.minLength ?? 0, maxLength), maxLength });
  }
  return known ? fc.oneof(fc.constantFrom(...known), base) : base;
}

function arbFor(s: Schema | undefined, name: string, depth: number): fc.Arbitrary<unknown> {
  if (!s || depth > 6) return fc.jsonValue({ maxDepth: 2 });
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((a) => arbFor(a, name, depth + 1)));
  if (s.allOf?.length) return arbFor(s.allOf[0], name, depth + 1);
  let arb: fc.Arbitrary<unknown>;
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  if (s.enum?.length) arb = leaf(fc.constantFrom(...s.enum));
  else if (type === 'object' || s.properties) {
    const props = s.properties ?? {};
    const shape = Object.fromEntries(Object.entries(props).map(([k, v]) => [k, arbFor(v, k, depth + 1)]));
    arb = fc.record(shape, { requiredKeys: (s.required ?? []).filter((k) => k in props) });
  } else if (type === 'array') {
    arb = fc.array(arbFor(s.items, name, depth + 1), {
      minLength: Math.min(s.minItems ?? 0, 3),
      maxLength: Math.min(s.maxItems ?? 3, 3),
    });
  } else if (type === 'string') arb = leaf(stringArb(s, name));
  else if (type === 'integer' || type === 'number') {
    const min = Math.max(s.minimum ?? -1e6, -1e12);
    const max = Math.min(s.maximum ?? 1e6, 1e12);
    arb = leaf(
      type === 'integer'
        ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) })
        : fc.double({ min, max, noNaN: true }),
    );
  } else if (type === 'boolean') arb = leaf(fc.boolean());
  else arb = leaf(fc.jsonValue({ maxDepth: 2 }));
  return s.nullable ? fc.option(arb, { nil: null }) : arb;
}

interface Target {
  url: string;
  isPublic: boolean;
  schema: Schema | undefined;
}

function targets(
  doc: { paths: Record<string, Record<string, { requestBody?: unknown }>> },
  publicUrls: Set<string>,
): Target[] {
  const out: Target[] = [];
  for (const [url, ops] of Object.entries(doc.paths)) {
    const op = ops.post;
    if (!op || SKIPPED.has(url)) continue;
    const body = op.requestBody as { content?: Record<string, { schema?: Schema }> } | undefined;
    out.push({
      url,
      isPublic: publicUrls.has(url.toLowerCase()),
      schema: body?.content?.['application/json']?.schema,
    });
  }
  return out;
}

let t: TestApp;
let admin: string;
beforeAll(async () => {
  // The default verification-code rule stays on (generated logins soon make the code required); the
  // fuzzer's own re-login answers the code, which this test server reveals.
  t = await createTestApp({ captchaRevealForTests: true });
  admin = await t.adminToken();
  await createStations(t, admin);
  await vendableMeter(t, { meterId: METER });
});
afterAll(() => t.close());

async function send(url: string, body: unknown, token?: string): Promise<LightMyRequestResponse | 'hang'> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<'hang'>((resolve) => {
    timer = setTimeout(() => resolve('hang'), HANG_MS);
  });
  try {
    return await Promise.race([t.post(url, body, token), deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/** Every table but the sessions and failed-attempt counters (see fingerprint.ts). */
const data = () => fingerprint(t.database);

describe('fuzz: generated bodies to every route', () => {
  it('never answers 5xx, never hangs, and a refused write changes nothing', async () => {
    const doc = t.app.swagger() as unknown as Parameters<typeof targets>[0];
    const publicUrls = new Set(
      t.app.apiRoutes.filter((r) => r.permission === PUBLIC).map((r) => r.url.toLowerCase()),
    );
    // FUZZ_ONLY (a pattern) narrows the run to some routes, to look into a finding.
    const only = process.env.FUZZ_ONLY ? new RegExp(process.env.FUZZ_ONLY, 'i') : null;
    const routes = targets(doc, publicUrls).filter((r) => !only || only.test(r.url));
    if (!only) expect(routes.length).toBeGreaterThan(100);
    let sent = 0;
    let checkedWrites = 0;
    const fiveHundreds: string[] = [];
    const hangs: string[] = [];
    const changed: string[] = [];
    const statuses = new Map<number, number>();
    // The tables as the last route's check left them: nothing runs between that check and the next
    // route's bodies, so it is the next route's "before" without digesting every table again.
    let lastSeen: Awaited<ReturnType<typeof data>> | null = null;
    for (const [i, route] of routes.entries()) {
      const arb = fc.oneof(
        { arbitrary: arbFor(route.schema, '', 0), weight: 8 },
        { arbitrary: hostile, weight: 1 },
        { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 1 },
      );
      const bodies = fc.sample(arb, { numRuns: BODIES_PER_ROUTE, seed: SEED + i });
      const isWrite = !READ.test(route.url);
      const before = isWrite ? (lastSeen ?? (await data())) : null;
      lastSeen = null;
      let allRefused = true;
      for (const body of bodies) {
        const res = await send(route.url, body, route.isPublic ? undefined : admin);
        sent++;
        const shown = JSON.stringify(body, (_k, v) =>
          typeof v === 'string' && v.length > 100 ? `${v.slice(0, 20)}…(${v.length} characters)` : v,
        ).slice(0, 2000);
        if (res === 'hang') {
          hangs.push(`${route.url} ${shown}`);
          continue;
        }
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        if (res.statusCode >= 500) fiveHundreds.push(`${res.statusCode} ${route.url} ${shown}`);
        if (res.statusCode === 401 && !route.isPublic) {
          console.log(`[fuzz] session ended by ${route.url} ${shown}`);
          admin = await t.login('admin', ADMIN_PASSWORD);
        }
        const code = res.headers['content-type']?.toString().includes('json')
          ? (res.json() as { code?: number }).code
          : 0;
        if (res.statusCode === 200 && code === 0) allRefused = false;
      }
      if (before && allRefused) {
        checkedWrites++;
        const after = await data();
        lastSeen = after;
        if (JSON.stringify(after) !== JSON.stringify(before)) {
          const tables = Object.keys(after).filter((k) => after[k] !== before[k]);
          changed.push(`${route.url}: ${tables.join(', ')}`);
        }
      }
    }
    console.log(
      `[fuzz] ${t.database.kind}: ${sent} bodies to ${routes.length} routes (seed ${SEED}); statuses ${JSON.stringify(
        Object.fromEntries(statuses),
      )}; 5xx seen: ${fiveHundreds.length}; hangs: ${hangs.length}; write routes whose refused batch was checked: ${checkedWrites}; changed by refused writes: ${changed.length}`,
    );
    for (const line of [...fiveHundreds, ...hangs, ...changed]) console.log(`[fuzz]   ${line}`);
    expect(fiveHundreds).toEqual([]);
    expect(hangs).toEqual([]);
    expect(changed).toEqual([]);
  }, 600_000);
});

/** JSON texts nested `levels` deep (written out: JSON.stringify itself overflows the stack on them). */
const NESTED_LEVELS = 10_000;
const nestedBodies = (levels: number) => ({
  arrays: `${'['.repeat(levels)}${']'.repeat(levels)}`,
  objects: `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`,
  // The shape a write takes, with the nesting where its rows go and a string of brackets beside it.
  'rows of arrays and objects': `{"remark":"[[[{{{","data":[${'{"a":['.repeat(levels / 2)}${']}'.repeat(levels / 2)}]}`,
});

describe('fuzz: bodies nested 10,000 deep to every route', () => {
  it('refuses each with a 400 that says so, changes nothing, and the server answers after each', async () => {
    const routes = [
      ...new Map(t.app.apiRoutes.map((r) => [`${r.method} ${r.url.toLowerCase()}`, r])).values(),
    ];
    expect(routes.length).toBeGreaterThan(100);
    expect(routes.some((r) => r.url.toLowerCase() === '/api/user/captcha' && r.permission === PUBLIC)).toBe(
      true,
    );
    const bodies = Object.entries(nestedBodies(NESTED_LEVELS));
    for (const [, text] of bodies) expect(text.length).toBeLessThan(t.app.deps.config.bodyLimitBytes);
    const before = await data();
    const wrong: string[] = [];
    const unhealthy: string[] = [];
    for (const route of routes) {
      for (const [name, payload] of bodies) {
        const res = await t.app.inject({
          method: route.method as 'POST',
          url: route.url,
          payload,
          headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
        });
        // The prepaid-utility channel answers its interface's ErrorDetail (FORMAT_ERROR), not the envelope.
        const reasonOf = (body: {
          reason?: string;
          errorType?: string;
          detailMessage?: { issues?: string[] };
        }) =>
          route.url.startsWith('/prepaidutility/')
            ? body.errorType === 'FORMAT_ERROR' && body.detailMessage?.issues?.[0]
            : body.reason;
        // XMLVend answers a SOAP fault (XML) and Daraja's C2B callbacks their result body; each names the finding.
        const said = () =>
          route.url.startsWith('/xmlvend/')
            ? res.body
            : route.url.startsWith('/mobilemoney/')
              ? res.json().ResultDesc
              : reasonOf(res.json());
        const ok =
          route.method !== 'POST'
            ? res.statusCode < 500
            : res.statusCode === 400 && /nested more than 64 levels/.test(String(said()));
        if (!ok)
          wrong.push(`${route.method} ${route.url} (${name}): ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
      // Still serving: a cheap authenticated read answers as ever.
      const info = await t.call(USER_PATHS.info, {}, admin);
      if (info.status !== 200 || info.code !== 0)
        unhealthy.push(`after ${route.url}: ${info.status} ${info.reason}`);
    }
    console.log(
      `[fuzz] ${t.database.kind}: ${routes.length * bodies.length} bodies nested ${NESTED_LEVELS} deep to ${routes.length} routes; not refused as too deep: ${wrong.length}; unhealthy after: ${unhealthy.length}`,
    );
    expect(wrong).toEqual([]);
    expect(unhealthy).toEqual([]);
    expect(await data()).toEqual(before);
  }, 300_000);
});
