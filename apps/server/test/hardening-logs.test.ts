import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { vendingKeys } from '../src/db/schema.js';
import { ADMIN_AUTH_PASSWORD, ADMIN_PASSWORD, createTestApp, type TestApp } from './harness.js';
import { testConfig } from './test-config.js';

/**
 * The server log after requests that make the database fail with secrets in their bodies: the failed
 * query's parameters (argon2 hashes, sealed keys) and the bodies' secret fields never reach a line.
 */

const PASSWORD = 'Log-Secret-Pass-9137';
const AUTH_PASSWORD = 'Log-Secret-Auth-4410';
const VENDING_KEY = 'C0FFEE0123456789';

let t: TestApp;
let app: FastifyInstance;
const lines: string[] = [];
beforeAll(async () => {
  t = await createTestApp();
  // A second app on the same database whose log is captured, at info level (request lines included).
  app = await buildApp({
    config: testConfig({ logLevel: 'info' }),
    database: t.database,
    clock: t.clock,
    logStream: { write: (line: string) => lines.push(line) },
  });
  await app.ready();
  // Make the writes fail inside the database, after the secrets are hashed and sealed into parameters.
  await t.database.db.execute(
    sql`alter table users add constraint log_test_no_boom check (nick_name <> 'boom')`,
  );
  await t.database.db.execute(
    sql`alter table vending_keys add constraint log_test_no_label check (label <> 'boom')`,
  );
});
afterAll(async () => {
  await app.close();
  await t.close();
});

const post = (url: string, body: unknown, token?: string) =>
  app.inject({
    method: 'POST',
    url,
    payload: body as object,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

describe('log redaction', () => {
  it('keeps passwords, hashes, keys and sealed keys out of the log of failed queries', async () => {
    const admin = (await post('/api/user/login', { userId: 'admin', password: ADMIN_PASSWORD })).json().result
      .token as string;
    const user = await post(
      '/api/user/create',
      [
        {
          userId: 'log_victim',
          nickName: 'boom',
          roleId: 'admin',
          stationId: '0001',
          password: PASSWORD,
          authorizationPassword: AUTH_PASSWORD,
        },
      ],
      admin,
    );
    const key = await post(
      '/api/keystore/vendingKey/create',
      [{ sgc: '654321', krn: 1, vendingKey: VENDING_KEY, label: 'boom' }],
      admin,
    );
    // Both failed in the database (a constraint), not in validation: that is the path that logged params.
    expect(user.statusCode).toBeGreaterThanOrEqual(400);
    expect(key.statusCode).toBeGreaterThanOrEqual(400);
    expect(await t.database.db.select().from(vendingKeys)).toEqual([]);
    // Secrets in a query string and in a login body.
    await app.inject({ method: 'GET', url: `/api/image/file/x?password=${PASSWORD}&token=abc&slot=1` });
    await post('/api/user/login', { userId: 'admin', password: `${PASSWORD}\u0000` });
    await post('/api/token/creditToken/generate', { authorizationPassword: AUTH_PASSWORD }, admin);

    const log = lines.join('');
    const failures = lines.filter((l) => /database|unhandled error/.test(l));
    console.log(`[log] ${lines.length} lines captured, ${failures.length} about failed queries`);
    expect(failures.length).toBeGreaterThanOrEqual(2);
    expect(log).toContain('log_test_no_boom');
    expect(log).toMatch(/params: \[\*\]/);
    expect(log).toContain('password=*');
    for (const secret of [
      PASSWORD,
      AUTH_PASSWORD,
      ADMIN_PASSWORD,
      ADMIN_AUTH_PASSWORD,
      VENDING_KEY,
      '$argon2',
    ]) {
      expect(log, secret).not.toContain(secret);
    }
    // The sealed form of a key (a base64 blob of 40+ characters) appears nowhere either; source paths
    // in stack traces look alike and are let through.
    const blobs = (log.match(/[A-Za-z0-9+/]{40,}={0,2}/g) ?? []).filter(
      (b) => !/\/(src|node_modules|lib|dist)\//.test(b),
    );
    expect(blobs).toEqual([]);
  });
});
