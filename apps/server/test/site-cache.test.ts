import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness.js';

// A built console in miniature: the page, its runtime config and one hashed chunk.
const dist = mkdtempSync(join(tmpdir(), 'prepay-site-'));
let t: TestApp;

beforeAll(async () => {
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>console</title>');
  writeFileSync(join(dist, 'config.js'), 'window.config = {};');
  writeFileSync(join(dist, 'assets', 'table-DUD1Cu3E.js'), 'export const x = 1;');
  t = await createTestApp({ webDist: dist });
});
afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('the built console’s caching', () => {
  it('lets the browser keep hashed chunks for a year without asking again', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/table-DUD1Cu3E.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('revalidates the page and its runtime config, so a new build shows at once', async () => {
    for (const url of ['/', '/index.html', '/config.js']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it("answers the console's own routes with the page, and the API and operations paths with 404", async () => {
    const page = await t.app.inject({ method: 'GET', url: '/management/meter' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>console</title>');
    for (const url of ['/metrics', '/backup', '/api/nothing']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('<title>console</title>');
    }
  });
});
