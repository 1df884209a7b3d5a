import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect } from 'vitest';
import { apiTest, createTestApp, suiteHelper, type TestApp } from './harness.js';
import { creditVend, vendableMeter } from './vending-fixture.js';
import { sheetRows } from './workbook.js';

const METER = '47001234567';
/** A real vend to the file's meter by total paid, as the admin. */
const vendWith = (t: TestApp, admin: string) => (body: Record<string, unknown>) =>
  creditVend<{ token: string; id: number }>(t, { meterId: METER, ...body }, admin);
const it = apiTest((app) => vendableMeter(app, { meterId: METER })).extend('vend', suiteHelper(vendWith));

describe('security headers', () => {
  it('sends a CSP without framing, nosniff and no referrer on pages and API answers', async ({
    t,
    admin,
  }) => {
    for (const res of [
      await t.app.inject({ method: 'GET', url: '/' }),
      await t.post('/api/user/info', undefined, admin),
    ]) {
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain('upgrade-insecure-requests');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['x-frame-options']).toBe('DENY');
    }
  });

  it('marks every API answer no-store, refusals included', async ({ t, admin }) => {
    expect((await t.post('/api/user/info', undefined, admin)).headers['cache-control']).toBe('no-store');
    expect((await t.post('/api/user/info')).headers['cache-control']).toBe('no-store');
    expect((await t.post('/api/user/login', { userId: 'x', password: 'y' })).headers['cache-control']).toBe(
      'no-store',
    );
  });
});

describe('/swagger', () => {
  it('is behind the login: bearer or the console cookie', async ({ t, admin }) => {
    for (const url of ['/swagger', '/swagger/json', '/swagger/static/index.html']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
    }
    const withBearer = await t.app.inject({
      method: 'GET',
      url: '/swagger/json',
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(withBearer.statusCode).toBe(200);
    expect(withBearer.json().openapi).toBeDefined();
    const withCookie = await t.app.inject({
      method: 'GET',
      url: '/swagger/json',
      headers: { cookie: `token=${admin}` },
    });
    expect(withCookie.statusCode).toBe(200);
    const forged = await t.app.inject({
      method: 'GET',
      url: '/swagger/json',
      headers: { cookie: 'token=forged' },
    });
    expect(forged.statusCode).toBe(401);
  });

  it('a setting opens it', async () => {
    const open = await createTestApp({ swaggerPublic: true });
    try {
      expect((await open.app.inject({ method: 'GET', url: '/swagger/json' })).statusCode).toBe(200);
    } finally {
      await open.close();
    }
  });
});

describe('vending input', () => {
  it('refuses an idempotency key replayed with a different body, and replays the same body', async ({
    vend,
  }) => {
    const first = await vend({ amount: '1000', idempotencyKey: 'idem-harden-1' });
    expect(first.code).toBe(0);
    const again = await vend({ amount: '1000', idempotencyKey: 'idem-harden-1' });
    expect(again.result.token).toBe(first.result.token);
    const other = await vend({ amount: '2000', idempotencyKey: 'idem-harden-1' });
    expect(other.code).not.toBe(0);
    expect(other.reason).toMatch(/idempotency key was already used for a different vend/);
    const byUnits = await vend({ amount: '1000', isVendByTotalPaid: false, idempotencyKey: 'idem-harden-1' });
    expect(byUnits.reason).toMatch(/different vend/);
  });

  it('answers a by-unit vend larger than one token can carry with a refusal, not a 500', async ({ vend }) => {
    for (const amount of ['99999999.9', '10000000']) {
      const res = await vend({ amount, isVendByTotalPaid: false });
      expect(res.status, amount).toBe(200);
      expect(res.code, amount).not.toBe(0);
      expect(res.reason.length).toBeGreaterThan(10);
    }
  });
});

describe('bad input names the field, never a 500', () => {
  it('a NUL before login, a number past its column, an impossible date in a range filter', async ({
    t,
    admin,
  }) => {
    const nul = await t.call('/api/user/login', { userId: 'ad\u0000min', password: 'x' });
    expect(nul.status).toBe(400);
    expect(nul.reason).toMatch(/userId: text may not contain the NUL character/);

    const id = await t.call('/api/meter/read', { pageNumber: 1, pageSize: 20, type: 2147483648 }, admin);
    expect(id.status).toBe(400);
    expect(id.reason).toMatch(/type/);

    const date = await t.call(
      '/api/meter/read',
      { pageNumber: 1, pageSize: 20, createDateRange: ['2026-02-30 00:00:00', '2026-03-01 00:00:00'] },
      admin,
    );
    expect(date.status).toBe(400);
    expect(date.reason).toMatch(/Create Date Range/);
  });
});

describe('exports', () => {
  it('every export is written by lib/xlsx.ts, whose writer neutralises each cell (nothing else imports exceljs)', () => {
    const src = fileURLToPath(new URL('../src', import.meta.url));
    const importers = readdirSync(src, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ts'))
      .filter((f) => /from 'exceljs'|import\('exceljs'\)/.test(readFileSync(join(src, f), 'utf8')));
    expect(importers).toEqual([join('lib', 'xlsx.ts')]);
  });

  it('neutralises formula-leading text in every exported cell', async ({ t, admin }) => {
    // (Leading tabs and CRs are trimmed from names on the way in; the export guards them all the same.)
    const evil = ['=HYPERLINK("http://evil","x")', '+1+1', '-2+3', '@SUM(A1)'];
    const created = await t.call(
      '/api/customer/create',
      evil.map((name, i) => ({ customerId: `EVIL${i}`, customerName: name, type: 0, stationId: '0001' })),
      admin,
    );
    expect(created.code).toBe(0);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/customer/export',
      payload: {},
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(200);
    const cells = (await sheetRows(res.rawPayload)).flat();
    for (const name of evil) {
      expect(cells).toContain(`'${name}`);
      expect(cells).not.toContain(name);
    }
    for (const v of cells) {
      if (typeof v === 'string') expect(v).not.toMatch(/^[=+\-@\t\r]/);
    }
  });
});
