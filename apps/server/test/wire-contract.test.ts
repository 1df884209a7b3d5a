import { describe, expect } from 'vitest';
import { ADMIN_AUTH_PASSWORD, apiTest, createTestApp, suiteHelper, type TestApp } from './harness.js';
import { vendableMeter } from './vending-fixture.js';

/** The request details a client of the original sends, and what it must get back. */

/** A POST with the given content type and raw body, as the admin unless another token is given. */
const sendWith =
  (t: TestApp, admin: string) =>
  (url: string, contentType: string, payload: string, token = admin) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': contentType, authorization: `Bearer ${token}` },
      payload,
    });

const it = apiTest().extend('send', suiteHelper(sendWith));

describe('content type', () => {
  it('accepts every JSON media type the original did, with or without a UTF-8 charset', async ({
    t,
    send,
  }) => {
    const body = JSON.stringify({ pageNumber: 1, pageSize: 5 });
    for (const type of [
      'application/json',
      'application/json; charset=utf-8',
      'application/json;charset=UTF-8',
      'application/json; charset="utf-8"',
      'text/json; charset=utf-8',
      'application/problem+json; charset=utf-8',
    ]) {
      const res = await send('/api/station/read', type, body);
      expect(res.statusCode, type).toBe(200);
      expect(res.json().code, type).toBe(0);
    }
    // Login too, before any token exists.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      payload: JSON.stringify({ userId: 'admin', password: 'wrong' }),
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().code).toBe(1);
  });

  it('refuses a non-UTF-8 charset (415) and a non-JSON body (400), changing nothing', async ({ send }) => {
    const body = JSON.stringify([{ stationId: 'LATIN', name: 'Latin' }]);
    const latin = await send('/api/station/create', 'application/json; charset=iso-8859-1', body);
    expect(latin.statusCode).toBe(415);
    expect(latin.json().reason).toContain('iso-8859-1');
    // text/plain is read as a string, which is not the array a write takes.
    expect((await send('/api/station/create', 'text/plain', body)).statusCode).toBe(400);
    const read = await send('/api/station/read', 'application/json', JSON.stringify({ stationId: 'LATIN' }));
    expect(read.json().result.total).toBe(0);
  });
});

describe('date-times', () => {
  it('filters with ISO 8601 (with and without a zone) and the original wire form alike', async ({ send }) => {
    for (const range of [
      ['2026-01-01T00:00:00', '2099-12-31T23:59:59'],
      ['2026-01-01T00:00:00Z', '2099-12-31T23:59:59+01:00'],
      ['2026-01-01 00:00:00', '2099-12-31 23:59:59'],
    ]) {
      const res = await send(
        '/api/Log/read',
        'application/json',
        JSON.stringify({ createDateRange: range, updateDateRange: range }),
      );
      expect(res.statusCode, range.join()).toBe(200);
      expect(res.json().result.total, range.join()).toBeGreaterThan(0);
    }
  });

  it('answers an impossible date with a 400 naming the field, never a 500', async ({ send }) => {
    const res = await send(
      '/api/meter/read',
      'application/json; charset=utf-8',
      JSON.stringify({ createDateRange: ['2026-02-30T00:00:00', null] }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().result.errors).toEqual([
      expect.objectContaining({
        path: 'createDateRange.0',
        message: expect.stringContaining('real date-time'),
      }),
    ]);
    const tariff = await send(
      '/api/tariff/create',
      'application/json',
      JSON.stringify([{ tariffId: 'BAD', tariffName: 'Bad', price: '1', startTime: '2026-04-31 00:00:00' }]),
    );
    expect(tariff.statusCode).toBe(400);
    expect(tariff.json().result.errors[0].path).toBe('0.startTime');
  });

  it('stores an ISO tariff start time and answers it in the wire form; never-updated rows repeat createDate', async ({
    send,
  }) => {
    const res = await send(
      '/api/tariff/create',
      'application/json',
      JSON.stringify([
        { tariffId: 'ISO', tariffName: 'Iso', price: '350', startTime: '2026-03-01T06:30:00' },
      ]),
    );
    expect(res.json().code, res.json().reason).toBe(0);
    const [row] = res.json().result;
    expect(row).toMatchObject({ price: '350', startTime: '2026-03-01 06:30:00' });
    expect(row.updateDate).toBe(row.createDate);
  });
});

describe('settings where we ask for more than the original', () => {
  it('a change meter key token needs no authorization password by default, but a wrong one sent is refused', async ({
    t,
    admin,
  }) => {
    const { meterId } = await vendableMeter(t);
    await t.call(
      '/api/token/meterKey/update',
      [{ meterId, sgcNew: '123456', krnNew: 2, kenNew: 255, tiNew: 1, ktNew: 2, baseYearNew: 2014 }],
      admin,
    );
    await t.call(
      '/api/keystore/vendingKey/create',
      [{ sgc: '123456', krn: 2, vendingKey: '0123456789ABCDEF', baseYear: 2014 }],
      admin,
    );
    const wrong = await t.call(
      '/api/token/changeMeterKeyToken/generate',
      { meterId, authorizationPassword: 'x' },
      admin,
    );
    expect(wrong.code).not.toBe(0);
    const ok = await t.call<{ tokenFirst: string }>(
      '/api/token/changeMeterKeyToken/generate',
      { meterId },
      admin,
    );
    expect(ok.code, ok.reason).toBe(0);
    expect(ok.result.tokenFirst).toMatch(/^\d{4}( \d{4}){4}$/);
  });

  it('KEY_CHANGE_REQUIRES_AUTHORIZATION makes the password required (400 naming it)', async () => {
    const strict = await createTestApp({ keyChangeRequiresAuthorization: true });
    try {
      const token = await strict.adminToken();
      const { meterId } = await vendableMeter(strict);
      const res = await strict.call('/api/token/changeMeterKeyToken/generate', { meterId }, token);
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.result)).toContain('authorizationPassword');
      const withPassword = await strict.call(
        '/api/token/changeMeterKeyToken/generate',
        { meterId, authorizationPassword: ADMIN_AUTH_PASSWORD },
        token,
      );
      // Past the password check: refused only because no new key was set.
      expect(withPassword.reason).toContain('Update Meter Key');
    } finally {
      await strict.close();
    }
  });
});
