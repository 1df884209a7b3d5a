import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { ErrorCode } from '@prepay/contracts';
import type { SQL } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { type BuildOptions, buildApp } from '../src/app.js';
import type { Config } from '../src/config.js';
import { type Database, openPglite, openPostgres } from '../src/db/client.js';
import { auditLogs } from '../src/db/schema.js';
import { type Clock, manualClock } from '../src/lib/clock.js';
import { seedDemo } from '../src/seed/demo.js';
import { withDatabase } from './global-setup.js';
import { ADMIN_AUTH_PASSWORD, ADMIN_PASSWORD, testConfig } from './test-config.js';

export { ADMIN_AUTH_PASSWORD, ADMIN_PASSWORD };

/** The passwords of users made by userWithRole (login and authorization passwords must differ). */
export const USER_PASSWORD = 'User#Pass-2026';
export const USER_AUTH_PASSWORD = 'User#Auth-2026';

/**
 * The bootstrapped PGlite data directory as one Blob per worker process: read once and handed to every
 * copy (PGlite only reads it), rather than read from disk and copied into a new Blob for each test app.
 */
const pgliteTemplates = new Map<string, Promise<Blob>>();
function pgliteTemplate(file: string): Promise<Blob> {
  let template = pgliteTemplates.get(file);
  if (!template) {
    template = readFile(file).then((dump) => new Blob([dump]));
    pgliteTemplates.set(file, template);
  }
  return template;
}

/** A fresh copy of the bootstrapped database: PGlite from the dump, or a PostgreSQL database from the template. */
async function freshDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const name = `prepay_t_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name} template ${inject('pgTemplate')}`);
    const database = await openPostgres(withDatabase(url, name), 5);
    return {
      database,
      drop: async () => {
        await database.close();
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      },
    };
  }
  const database = await openPglite({ loadDataDir: await pgliteTemplate(inject('pgliteDump')) });
  return { database, drop: () => database.close() };
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  clock: Clock & { advanceMinutes(m: number): void };
  /** POST with JSON (or no body) and an optional bearer token. */
  post(url: string, body?: unknown, token?: string): Promise<LightMyRequestResponse>;
  /** POST and return the parsed envelope. */
  call<T = unknown>(url: string, body?: unknown, token?: string): Promise<Envelope<T>>;
  /** POST one file as a browser's form upload (multipart, field `file`). */
  upload(url: string, file: UploadedFile, token?: string): Promise<LightMyRequestResponse>;
  login(userId: string, password: string): Promise<string>;
  /** The bootstrapped admin's token. */
  adminToken(): Promise<string>;
  auditRows(): Promise<(typeof auditLogs.$inferSelect)[]>;
  close(): Promise<void>;
}

export interface UploadedFile {
  name: string;
  content: Buffer;
  /** The part's Content-Type; application/octet-stream unless given. */
  type?: string;
}

/** A multipart/form-data body holding one file in the field `file`, as a browser sends it. */
function multipart({ name, content, type = 'application/octet-stream' }: UploadedFile) {
  const boundary = '----prepay-test-boundary';
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export interface Envelope<T> {
  status: number;
  code: number;
  reason: string;
  message: string;
  result: T;
}

/** An app's JSON POST (with an optional bearer token), raw and as its parsed envelope. */
export function callerOf(app: FastifyInstance): Pick<TestApp, 'post' | 'call'> {
  const post = (url: string, body?: unknown, token?: string) =>
    app.inject({
      method: 'POST',
      url,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
  async function call<T>(url: string, body?: unknown, token?: string): Promise<Envelope<T>> {
    const res = await post(url, body, token);
    return { status: res.statusCode, ...(res.json() as Omit<Envelope<T>, 'status'>) };
  }
  return { post, call };
}

export async function createTestApp(
  overrides: Partial<Config> = {},
  /** What to build the app with: the head-end, a key vault (an HSM's; the software vault otherwise). */
  build: Pick<BuildOptions, 'headend' | 'keyVault' | 'remoteTasks' | 'keyCampaignSweepMs'> = {},
): Promise<TestApp> {
  const { database, drop } = await freshDatabase();
  const clock = manualClock(new Date('2026-11-22T08:00:00Z'));
  const app = await buildApp({ config: testConfig(overrides), database, clock, logger: false, ...build });
  await app.ready();

  const { post, call } = callerOf(app);
  const upload = (url: string, file: UploadedFile, token?: string) => {
    const m = multipart(file);
    return app.inject({
      method: 'POST',
      url,
      payload: m.payload,
      headers: { ...m.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
  };

  /**
   * Logs in as a client of the original does; when the server demands the verification code (after
   * failed logins from the test's address) and reveals it (captchaRevealForTests), answers it like a user.
   */
  async function login(userId: string, password: string) {
    let res = await call<{ token: string }>('/api/user/login', { userId, password });
    if (res.code === ErrorCode.captchaRequired) {
      const c = await call<{ captchaId: string; answer?: string }>('/api/user/captcha', {});
      const captcha = { captchaId: c.result.captchaId, captchaCode: c.result.answer ?? '' };
      res = await call<{ token: string }>('/api/user/login', { userId, password, ...captcha });
    }
    if (res.code !== 0) throw new Error(`login ${userId} failed: ${res.reason}`);
    return res.result.token;
  }

  let admin: string | undefined;
  return {
    app,
    database,
    clock,
    post,
    call,
    upload,
    login,
    adminToken: async () => {
      admin ??= await login('admin', ADMIN_PASSWORD);
      return admin;
    },
    auditRows: () => database.db.select().from(auditLogs).orderBy(auditLogs.logId),
    close: async () => {
      await app.close();
      await drop();
    },
  };
}

/** Creates a role and a user holding it; returns the user's token. */
export async function userWithRole(
  t: TestApp,
  opts: { userId: string; content: string; stationId?: string; roleId?: string },
): Promise<string> {
  const admin = await t.adminToken();
  const roleId = opts.roleId ?? `role_${opts.userId}`;
  const role = await t.call('/api/role/create', [{ roleId, name: roleId, content: opts.content }], admin);
  if (role.code !== 0 && !/already exists/.test(role.reason)) throw new Error(role.reason);
  const password = USER_PASSWORD;
  const user = await t.call(
    '/api/user/create',
    [
      {
        userId: opts.userId,
        roleId,
        stationId: opts.stationId ?? '0001',
        password,
        authorizationPassword: USER_AUTH_PASSWORD,
      },
    ],
    admin,
  );
  if (user.code !== 0) throw new Error(user.reason);
  return t.login(opts.userId, password);
}

/**
 * A test app and its admin's token, after `prepare` (stations, demo data, a vendable meter …): what most
 * API suites build once in beforeAll.
 */
export async function appWithAdmin(
  prepare: (t: TestApp, admin: string) => Promise<unknown> = async () => {},
  overrides: Partial<Config> = {},
): Promise<{ t: TestApp; admin: string }> {
  const t = await createTestApp(overrides);
  const admin = await t.adminToken();
  await prepare(t, admin);
  return { t, admin };
}

/** The demo data (seed/demo.ts) in a test app, with its users' password. */
export const withDemoData = (t: TestApp) =>
  seedDemo(t.database.db, testConfig({ demoPassword: 'Demo#Pass-2026' }));

/** What every test of an API suite receives: the file's one app and its admin's token. */
export interface ApiSuite {
  t: TestApp;
  admin: string;
}

/**
 * The `it` of an API suite file. The file's one app is built with appWithAdmin before its tests (beforeAll)
 * and closed after them (afterAll); each test takes it as `{ t, admin }`, and what `prepare` returned (a
 * further user's token, fixture rows) as `prepared`. The file may `.extend` it with its own helpers (a vend,
 * an upload) built on them.
 */
export function apiTest<Prepared = unknown>(
  prepare?: (t: TestApp, admin: string) => Promise<Prepared>,
  overrides?: Partial<Config>,
) {
  let app: (ApiSuite & { prepared: Prepared }) | undefined;
  beforeAll(async () => {
    let prepared: Prepared | undefined;
    const built = await appWithAdmin(async (t, admin) => {
      prepared = await prepare?.(t, admin);
    }, overrides);
    // Without `prepare`, Prepared is `unknown`, which undefined is.
    app = { ...built, prepared: prepared as Prepared };
  });
  afterAll(() => app?.t.close());
  const built = () => {
    if (!app) throw new Error('the suite app is built in beforeAll; use it inside a test');
    return app;
  };
  return test.extend<ApiSuite & { prepared: Prepared }>({
    // biome-ignore lint/correctness/noEmptyPattern: vitest reads a fixture's dependencies from this pattern
    t: async ({}, use) => use(built().t),
    // biome-ignore lint/correctness/noEmptyPattern: as above
    admin: async ({}, use) => use(built().admin),
    // biome-ignore lint/correctness/noEmptyPattern: as above
    prepared: async ({}, use: (value: Prepared) => Promise<void>) => use(built().prepared),
  });
}

/**
 * A suite's own helper (a vend, an upload, a call as the admin) as a test fixture, made from the suite's app
 * and admin token: `apiTest(prepare).extend('vend', suiteHelper(vendWith))` gives every test its `vend`.
 */
export const suiteHelper =
  <Helper>(make: (t: TestApp, admin: string) => Helper) =>
  ({ t, admin }: ApiSuite) =>
    make(t, admin);

/** Changes the caller's login or authorization password, as the console's profile page does. */
export const changePassword = (
  t: TestApp,
  token: string,
  which: 'Login' | 'Authorization',
  oldPassword: string,
  newPassword: string,
) => t.call(`/api/user/modify${which}Password`, { oldPassword, newPassword }, token);

/**
 * The rows a raw query answers, typed as `T`: both drivers answer execute() with { rows }, under
 * different types. Anything else fails the test rather than reading as no rows.
 */
export async function queryRows<T>(database: Database, query: SQL): Promise<T[]> {
  const result: unknown = await database.db.execute(query);
  if (result && typeof result === 'object' && 'rows' in result && Array.isArray(result.rows))
    return result.rows;
  throw new Error('execute() answered without rows');
}

/** The newest audit row, with its content before and after parsed (null where it has none). */
export async function lastAudit(t: TestApp) {
  const row = (await t.auditRows()).at(-1);
  if (!row) throw new Error('no audit row');
  const parse = (content: string | null) => (content === null ? null : JSON.parse(content));
  return { ...row, before: parse(row.contentBefore), after: parse(row.contentAfter) };
}

/** A request (path and body) and what its refusal must show: the HTTP status, a pattern of its reason, or both. */
export type Refusal = [url: string, body: unknown, expected: number | RegExp | [number, RegExp]];

/** Sends each request as `token` and expects it refused as its row says. */
export async function expectRefusals(t: TestApp, token: string, refusals: Refusal[]) {
  for (const [url, body, expected] of refusals) {
    const res = await t.call(url, body, token);
    const [status, reason] = Array.isArray(expected) ? expected : [expected, expected];
    if (typeof status === 'number') expect(res.status, `${url} ${res.reason}`).toBe(status);
    if (reason instanceof RegExp) expect(res.reason, url).toMatch(reason);
  }
}
