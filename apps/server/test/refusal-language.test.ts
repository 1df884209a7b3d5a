import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { englishSentence } from './english-text.js';
import { ADMIN_AUTH_PASSWORD, appWithAdmin, type TestApp, userWithRole } from './harness.js';
import { REFUSAL_ENGLISH } from './refusal-words.js';
import { vendableMeter } from './vending-fixture.js';

/**
 * A refusal's reason is read in the language the client names (Accept-Language, as the console sends
 * it): requests that provoke refusals across modules, asked in Chinese and Spanish, answer no English
 * sentence; asked with no language they answer the English the original's clients read.
 */
let t: TestApp;
let admin = '';
let clerk = '';
let outsider = '';
const METER = '47001234567';

beforeAll(async () => {
  ({ t, admin } = await appWithAdmin((app) => vendableMeter(app, { meterId: METER })));
  clerk = await userWithRole(t, { userId: 'clerk', content: 'Management.Customer', stationId: '0001' });
  outsider = await userWithRole(t, { userId: 'outsider', content: 'Setting.Log' });
});
afterAll(() => t.close());

const BOUNDARY = '----refusal-language';
/** A form upload of one file (field `file`), as a browser sends it. */
const upload = (name: string, content: string) => ({
  payload: Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    Buffer.from(content),
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]),
  type: `multipart/form-data; boundary=${BOUNDARY}`,
});

type Who = 'admin' | 'clerk' | 'outsider' | 'nobody';
type Case = [what: string, url: string, body: unknown, who: Who, english: RegExp];
const vend = (extra: Record<string, unknown>) => ({
  meterId: METER,
  amount: '1000',
  isPreview: false,
  isVendByTotalPaid: true,
  authorizationPassword: ADMIN_AUTH_PASSWORD,
  ...extra,
});

const CASES: Case[] = [
  [
    'wrong authorization password',
    '/api/token/creditToken/generate',
    vend({ authorizationPassword: 'Wrong#Pass-0000' }),
    'admin',
    /^The authorization password is incorrect$/,
  ],
  [
    'unknown meter',
    '/api/token/creditToken/generate',
    vend({ meterId: '47009999999' }),
    'admin',
    /^Meter 47009999999 not found$/,
  ],
  [
    'duplicate lines',
    '/api/customer/create',
    [
      { customerId: 'D1', customerName: 'a' },
      { customerId: 'd1', customerName: 'b' },
    ],
    'admin',
    /duplicate lines/,
  ],
  [
    'a row that already exists',
    '/api/customer/import',
    [
      { customerId: 'C9', customerName: 'a' },
      { customerId: 'C9x', customerName: 'b' },
      { customerId: 'C9', customerName: 'c' },
    ],
    'admin',
    /duplicate lines|already exists/,
  ],
  [
    'a body that fails validation',
    '/api/customer/create',
    [{ customerName: 'no id' }],
    'admin',
    /^Not accepted\. /,
  ],
  [
    'wrong login',
    '/api/user/login',
    { userId: 'admin', password: 'Wrong#Pass-0000' },
    'nobody',
    /^invalid username or password$/,
  ],
  [
    'another station',
    '/api/customer/create',
    [{ customerId: 'S9', customerName: 'x', stationId: 'NORTH' }],
    'clerk',
    /own station|not found/,
  ],
  [
    'no permission',
    '/api/customer/create',
    [{ customerId: 'P1', customerName: 'x' }],
    'outsider',
    /permission/,
  ],
  ['no session', '/api/customer/create', [{ customerId: 'N1', customerName: 'x' }], 'nobody', /log in/],
];

const UPLOADS: Array<[what: string, name: string, content: string, english: RegExp]> = [
  ['not a spreadsheet', 'customers.txt', 'customerId\nC1', /^Only \.xls or \.xlsx files can be imported/],
  ['not a workbook', 'customers.xlsx', 'customerId,C1', /^The file is not an Excel workbook/],
  ['an empty file', 'customers.xlsx', '', /empty/],
];

const tokenOf = (who: Who) => ({ admin, clerk, outsider, nobody: '' })[who];

async function ask(url: string, body: unknown, who: Who, lang?: string) {
  const token = tokenOf(who);
  const headers: Record<string, string> = { ...(lang ? { 'accept-language': lang } : {}) };
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await t.app.inject({ method: 'POST', url, payload: body as object, headers });
  return res.json() as { code: number; reason: string; message: string };
}

async function askUpload(name: string, content: string, lang?: string) {
  const file = upload(name, content);
  const headers: Record<string, string> = { authorization: `Bearer ${admin}`, 'content-type': file.type };
  if (lang) headers['accept-language'] = lang;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/customer/importFile',
    payload: file.payload,
    headers,
  });
  return res.json() as { code: number; reason: string; message: string };
}

describe('refusals in the reader language', () => {
  it.each(CASES)('%s: English when no language is named', async (_what, url, body, who, english) => {
    const answer = await ask(url, body, who);
    expect(answer.code).not.toBe(0);
    expect(answer.reason).toMatch(english);
  });

  it.each(['zh-CN,zh;q=0.9', 'es'])('every refusal reads without English in %s', async (lang) => {
    const found: string[] = [];
    for (const [what, url, body, who] of CASES) {
      const answer = await ask(url, body, who, lang);
      expect(answer.code, what).not.toBe(0);
      expect(answer.message).toBe(answer.reason);
      const english = englishSentence(answer.reason, REFUSAL_ENGLISH);
      if (english) found.push(`${what}: ${answer.reason}`);
    }
    expect(found).toEqual([]);
  });

  it.each(UPLOADS)(
    'import of %s: English unasked, no English in zh and es',
    async (_what, name, content, english) => {
      expect((await askUpload(name, content)).reason).toMatch(english);
      for (const lang of ['zh', 'es']) {
        const answer = await askUpload(name, content, lang);
        expect(answer.code).not.toBe(0);
        expect(englishSentence(answer.reason, REFUSAL_ENGLISH), answer.reason).toBeNull();
      }
    },
  );

  it('keeps the ids of the request as written', async () => {
    const zh = await ask('/api/token/creditToken/generate', vend({ meterId: '47009999999' }), 'admin', 'zh');
    expect(zh.reason).toContain('47009999999');
    expect(zh.reason).toMatch(/电表/);
  });
});
