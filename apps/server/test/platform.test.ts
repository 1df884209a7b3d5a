import { describe, expect } from 'vitest';
import { apiTest } from './harness.js';

const it = apiTest();

describe('wire contract', () => {
  it('answers success in the envelope with code 0', async ({ t }) => {
    const res = await t.call('/api/user/info', undefined, await t.adminToken());
    expect(res).toMatchObject({ status: 200, code: 0, reason: 'success', message: 'success' });
  });

  it('matches paths case-insensitively', async ({ t }) => {
    const token = await t.adminToken();
    for (const url of ['/API/USER/INFO', '/Api/User/Info', '/api/user/info/']) {
      const res = await t.call<{ userId: string }>(url, undefined, token);
      expect(res.code, url).toBe(0);
      expect(res.result.userId).toBe('admin');
    }
    expect((await t.call('/api/log/READ', {}, token)).code).toBe(0);
  });

  it('refuses malformed JSON with 400 and an envelope', async ({ t }) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"userId": "admin", ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 400, reason: 'Malformed JSON body', result: null });
  });

  it('names the fields of wrong types and missing members (400)', async ({ t }) => {
    const token = await t.adminToken();
    const wrongType = await t.call<{ errors: { path: string }[] }>(
      '/api/user/read',
      { pageNumber: 'one' },
      token,
    );
    expect(wrongType.status).toBe(400);
    expect(wrongType.code).toBe(400);
    expect(wrongType.result.errors.map((e) => e.path)).toContain('pageNumber');

    const missing = await t.call<{ errors: { path: string }[] }>('/api/user/login', { userId: 'admin' });
    expect(missing.status).toBe(400);
    expect(missing.result.errors.map((e) => e.path)).toContain('password');

    const notArray = await t.call('/api/station/create', { stationId: 'X', name: 'X' }, token);
    expect(notArray.status).toBe(400);
    const empty = await t.call('/api/station/create', [], token);
    expect(empty.status).toBe(400);
  });

  it('refuses a 10 MB body with 413 and an envelope', async ({ t }) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ userId: 'admin', password: 'x'.repeat(10 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 413, result: null });
  });

  it('accepts text/json and application/*+json like the original', async ({ t }) => {
    for (const type of ['text/json', 'application/problem+json']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/user/login',
        headers: { 'content-type': type },
        payload: JSON.stringify({ userId: 'nobody', password: 'x' }),
      });
      expect(res.statusCode, type).toBe(200);
      expect(res.json().reason).toBe('invalid username or password');
    }
  });

  it('answers unknown paths with 404 and GET on a POST route with 405, both in an envelope', async ({
    t,
  }) => {
    const unknown = await t.call('/api/nothing/here', {}, await t.adminToken());
    expect(unknown.status).toBe(404);
    expect(unknown.code).toBe(404);
    const get = await t.app.inject({ method: 'GET', url: '/api/user/read' });
    expect(get.statusCode).toBe(405);
    expect(get.json().code).toBe(405);
  });

  it('refuses an unsortable orderBy field with 400 instead of running it', async ({ t }) => {
    const res = await t.call('/api/user/read', { orderBy: 'passwordHash desc' }, await t.adminToken());
    expect(res.status).toBe(400);
    const injection = await t.call(
      '/api/user/read',
      { orderBy: 'userId; drop table users' },
      await t.adminToken(),
    );
    expect(injection.status).toBe(400);
  });

  it('formats dates as yyyy-MM-dd HH:mm:ss', async ({ t }) => {
    const res = await t.call<{ data: { createDate: string }[] }>('/api/user/read', {}, await t.adminToken());
    expect(res.result.data[0]?.createDate).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('serves health and the OpenAPI document generated from the contracts', async ({ t }) => {
    const health = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(health.json().status).toBe('ok');
    // /swagger is for logged-in users: without a session it is refused, with one it is served.
    const anonymous = await t.app.inject({ method: 'GET', url: '/swagger/json' });
    expect(anonymous.statusCode).toBe(401);
    const headers = { authorization: `Bearer ${await t.adminToken()}` };
    const doc = await t.app.inject({ method: 'GET', url: '/swagger/json', headers });
    expect(doc.statusCode).toBe(200);
    const spec = doc.json();
    expect(spec.paths['/api/user/login'].post.requestBody).toBeDefined();
    expect(spec.paths['/api/user/read'].post.security).toEqual([{ Bearer: [] }]);
    const ui = await t.app.inject({ method: 'GET', url: '/swagger', headers });
    expect([200, 302]).toContain(ui.statusCode);
  });
});
