import { METER_TEST_API } from '@prepay/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { englishSentence } from './english-text.js';
import { ADMIN_AUTH_PASSWORD, appWithAdmin, type TestApp } from './harness.js';
import { REFUSAL_ENGLISH } from './refusal-words.js';
import { vendableMeter } from './vending-fixture.js';

/**
 * What the server does not word in a service reaches a Chinese or Spanish reader in their language too:
 * the HTTP layer's own answers (unknown path, wrong method, media type, a body that is not JSON, an address
 * that does not decode, a body too large), a contract's message about a field, the STS engine's error a
 * token request passes on, and a payment too small to vend. Asked with no language they answer English.
 */
let t: TestApp;
let admin = '';
const METER = '47001234567';

beforeAll(async () => {
  ({ t, admin } = await appWithAdmin((app) => vendableMeter(app, { meterId: METER })));
});
afterAll(() => t.close());

interface Ask {
  method?: 'GET' | 'POST';
  url: string;
  type?: string;
  payload?: string;
}
type Case = [what: string, ask: Ask, english: RegExp];

const json = (body: unknown) => JSON.stringify(body);
const vend = (amount: string) =>
  json({
    meterId: METER,
    amount,
    isPreview: false,
    isVendByTotalPaid: true,
    authorizationPassword: ADMIN_AUTH_PASSWORD,
  });

const CASES: Case[] = [
  ['an unknown path', { url: '/api/zzz/qqq', payload: '{}' }, /^No such endpoint: POST \/api\/zzz\/qqq$/],
  ['a GET of a POST path', { method: 'GET', url: '/api/customer/create' }, /^Use POST for /],
  [
    'a media type no parser reads',
    { url: '/api/customer/create', type: 'application/xml', payload: '<a/>' },
    /^Unsupported Media Type/,
  ],
  ['a body that is not JSON', { url: '/api/customer/create', payload: '{"a":' }, /^Malformed JSON body$/],
  ['an address that does not decode', { url: '/api/customer/%E0%A4%A', payload: '{}' }, /not a valid URL/],
  [
    'a body too large',
    { url: '/api/customer/create', payload: `[${'"x",'.repeat(300_000)}"x"]` },
    /^The request body is too large$/,
  ],
  [
    "a contract's message about a field",
    {
      url: '/api/token/creditToken/generate',
      payload: json({ meterId: METER, amount: 'abc', isPreview: true, isVendByTotalPaid: true }),
    },
    /Total paid must be a positive amount/,
  ],
  [
    'a field the API names only by its key',
    {
      url: '/api/token/creditToken/generate',
      payload: json({ meterId: METER, amount: '5', isPreview: true }),
    },
    /Is Vend By Total Paid: a value is required/,
  ],
  [
    'an STS engine error',
    { url: METER_TEST_API.generate.path, payload: json({ subclass: 1, controlHex: 'FFFFFFFFF' }) },
    /^controlHex must be hex of at most 28 bits for subclass 1$/,
  ],
  [
    'a payment that does not cover the monthly charge',
    { url: '/api/token/creditToken/generate', payload: vend('50') },
    /^50 does not cover the monthly charge 500\.00: the least amount that vends is \S+$/,
  ],
  [
    'a payment that buys nothing after the monthly charge',
    { url: '/api/token/creditToken/generate', payload: vend('500.50') },
    /^500\.50 is too small to buy 0\.1 unit after the monthly charge 500\.00: the least amount that vends is \S+$/,
  ],
];

async function ask(a: Ask, lang?: string) {
  const headers: Record<string, string> = { authorization: `Bearer ${admin}` };
  if (a.payload !== undefined) headers['content-type'] = a.type ?? 'application/json';
  if (lang) headers['accept-language'] = lang;
  const res = await t.app.inject({ method: a.method ?? 'POST', url: a.url, payload: a.payload, headers });
  return { status: res.statusCode, ...(res.json() as { code: number; reason: string; message: string }) };
}

describe('answers the services do not word, in the reader language', () => {
  it.each(CASES)('%s: English when no language is named', async (_what, a, english) => {
    const answer = await ask(a);
    expect(answer.code).not.toBe(0);
    expect(answer.reason).toMatch(english);
  });

  it.each(['zh-CN,zh;q=0.9', 'es'])('none reads English in %s', async (lang) => {
    const found: string[] = [];
    for (const [what, a] of CASES) {
      const answer = await ask(a, lang);
      expect(answer.code, what).not.toBe(0);
      expect(answer.message, what).toBe(answer.reason);
      if (englishSentence(answer.reason, REFUSAL_ENGLISH)) found.push(`${what}: ${answer.reason}`);
    }
    expect(found).toEqual([]);
  });

  it('keeps the figures of a shortfall as written', async () => {
    const zh = await ask(CASES[CASES.length - 1]?.[1] as Ask, 'zh');
    expect(zh.reason).toMatch(/^扣除月费 500\.00 后，500\.50 不足以购买 0\.1 单位：最低可售金额为 \S+$/);
  });
});
