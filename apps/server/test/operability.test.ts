import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { ADMIN_AUTH_PASSWORD, appWithAdmin, type TestApp } from './harness.js';
import { createStorage, freePort, startServer } from './server-process.js';
import { testConfig } from './test-config.js';
import { vendableMeter } from './vending-fixture.js';

let t: TestApp;
let admin: string;
const METER = '47001234567';
beforeAll(async () => {
  ({ t, admin } = await appWithAdmin((app) => vendableMeter(app, { meterId: METER })));
});
afterAll(() => t.close());

describe('readiness', () => {
  it('answers ready with each check: database, migrations, head-end (not run by this app)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ready',
      checks: { database: 'ok', migrations: 'ok', headend: 'not run by this process' },
    });
  });
});

describe('request ids', () => {
  it('names every answer and every log line of a request with one id, and puts it in error answers', async () => {
    const lines: string[] = [];
    const app = await buildApp({
      config: testConfig({ logLevel: 'info' }),
      database: t.database,
      clock: t.clock,
      logStream: { write: (line) => lines.push(line) },
    });
    try {
      const bad = await app.inject({
        method: 'POST',
        url: '/api/user/login',
        headers: { 'content-type': 'application/json', 'x-request-id': 'lb-7f3a9c01-req' },
        payload: '{"userId":',
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.headers['x-request-id']).toBe('lb-7f3a9c01-req');
      expect(bad.json().requestId).toBe('lb-7f3a9c01-req');
      const mine = lines.map((l) => JSON.parse(l)).filter((l) => l.reqId === 'lb-7f3a9c01-req');
      expect(mine.map((l) => l.msg)).toEqual(
        expect.arrayContaining(['incoming request', 'request completed']),
      );

      // A made-up header (too short, odd characters) is not trusted into the logs: a fresh UUID replaces it.
      const odd = await app.inject({ method: 'GET', url: '/nope', headers: { 'x-request-id': 'x y' } });
      expect(odd.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(odd.json().requestId).toBe(odd.headers['x-request-id']);
      // Successful answers carry the header, not a body field.
      const ok = await app.inject({ method: 'GET', url: '/healthz' });
      expect(ok.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(ok.json()).not.toHaveProperty('requestId');
    } finally {
      await app.close();
    }
  });
});

describe('metrics', () => {
  it('counts requests, vends and tokens by class', async () => {
    const vend = (authorizationPassword: string) =>
      t.call(
        '/api/token/creditToken/generate',
        { meterId: METER, amount: '1000', isPreview: false, isVendByTotalPaid: true, authorizationPassword },
        admin,
      );
    expect((await vend(ADMIN_AUTH_PASSWORD)).code).toBe(0);
    expect((await vend('Wrong#Pass-1')).code).not.toBe(0);
    const text = await t.app.metrics.registry.metrics();
    expect(text).toContain('prepay_vends_total{outcome="ok"} 1');
    expect(text).toContain('prepay_vends_total{outcome="refused"} 1');
    expect(text).toContain('prepay_tokens_total{token="creditToken",class="0"} 1');
    expect(text).toMatch(
      /prepay_http_requests_total\{method="POST",route="\/api\/token\/creditToken\/generate",status="200"\} 2/,
    );
    expect(text).toContain('prepay_http_request_duration_seconds_bucket');
    expect(text).toMatch(/prepay_remote_tasks|# TYPE prepay_remote_tasks gauge/);
    expect(text).toContain('prepay_db_pool_connections{state="total"}');
    expect(text).toContain('prepay_headend_gateways_online 0');
    // The one vend written went through the group commit, alone.
    expect(text).toContain('prepay_vend_write_statements_total 1');
    expect(text).toContain('prepay_vend_writes_total 1');
    expect(text).toContain('prepay_vend_write_fallbacks_total 0');
  });

  it('are served on their own port (METRICS_PORT) by the started server, never on the public one', async () => {
    const storage = await createStorage('metrics');
    const metricsPort = await freePort();
    const server = await startServer({ ...storage.env, SEED: 'none', METRICS_PORT: String(metricsPort) });
    try {
      const res = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
      expect(res.status).toBe(200);
      const text = await res.text();
      expect(text).toContain('prepay_http_requests_total');
      expect(text).toContain('prepay_process_cpu_seconds_total');
      const publicPort = /"port":(\d+)/.exec(server.output())?.[1];
      expect(publicPort).toBeDefined();
      expect((await fetch(`http://127.0.0.1:${publicPort}/metrics`)).status).toBe(404);
      expect((await fetch(`http://127.0.0.1:${publicPort}/readyz`)).status).toBe(200);
    } finally {
      await server.stop();
      await storage.remove();
    }
  });
});
