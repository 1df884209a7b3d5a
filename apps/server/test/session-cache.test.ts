import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sessions } from '../src/db/schema.js';
import { callerOf, createTestApp, type TestApp, userWithRole } from './harness.js';
import { countStatements, secondServer } from './second-server.js';

/**
 * Sessions are served from a cache in each server process; every change to what a session read returns
 * must be refused or honoured on the very next request in the process that made it, and in another
 * process on the same database as soon as the database's notice reaches it (sent at commit; on
 * PostgreSQL the second server has a pool and listener of its own; PGlite runs in one process). Without
 * the notice the other server would go on serving its kept session: the manual clock never ages it.
 */
const heardBy = { timeout: 5_000, interval: 5 };

let t: TestApp;
let admin: string;
/** Session reads the app sent through the driver (counted from 0 where a test sets it). */
let reads: ReturnType<typeof countStatements>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  reads = countStatements(t.database, (text) => text.includes('from "sessions"'));
});
afterAll(async () => {
  reads.restore();
  await t.close();
});

const info = (token: string, app = t) => app.call('/api/user/info', undefined, token);
const logs = (token: string) => t.call('/api/log/read', {}, token);

/** Whether a request of a session seen a moment ago is served without reading the session. */
async function servedFromCache(token: string) {
  expect((await info(token)).code).toBe(0);
  reads.count = 0;
  expect((await info(token)).code).toBe(0);
  return reads.count === 0;
}

describe('the session cache', () => {
  it('serves a session seen a moment ago without reading it, and reads it again after a minute', async () => {
    const token = await userWithRole(t, { userId: 'clerk_seen', content: 'Setting.Log' });
    expect(await servedFromCache(token)).toBe(true);
    t.clock.advanceMinutes(2);
    reads.count = 0;
    expect((await info(token)).code).toBe(0);
    // Read again: its idleness is checked and its use recorded.
    expect(reads.count).toBe(1);
  });

  it('refuses a logged-out session at once', async () => {
    const token = await userWithRole(t, { userId: 'clerk_out', content: 'Setting.Log' });
    expect(await servedFromCache(token)).toBe(true);
    expect((await t.call('/api/user/logout', undefined, token)).code).toBe(0);
    expect((await info(token)).status).toBe(401);
  });

  it('refuses a session revoked, or a user disabled, by any statement on the database at once', async () => {
    const token = await userWithRole(t, { userId: 'clerk_sql', content: 'Setting.Log' });
    expect(await servedFromCache(token)).toBe(true);
    await t.database.db
      .update(sessions)
      .set({ revokedAt: t.clock.now() })
      .where(eq(sessions.userId, 'clerk_sql'));
    expect((await info(token)).status).toBe(401);

    const other = await userWithRole(t, { userId: 'clerk_off', content: 'Setting.Log' });
    expect(await servedFromCache(other)).toBe(true);
    const off = await t.call(
      '/api/user/update',
      [{ userId: 'clerk_off', roleId: 'role_clerk_off', stationId: '0001', status: 1 }],
      admin,
    );
    expect(off.code, off.reason).toBe(0);
    expect((await info(other)).status).toBe(401);
  });

  it('drops every kept session when a table it reads from is emptied (TRUNCATE fires no row trigger)', async () => {
    const token = await userWithRole(t, { userId: 'clerk_trunc', content: 'Setting.Log' });
    expect(await servedFromCache(token)).toBe(true);
    await t.database.db.execute(sql`truncate auth_throttle`);
    reads.count = 0;
    expect((await info(token)).code).toBe(0);
    expect(reads.count).toBe(1);
  });

  it("applies a role's changed permissions at once, both ways", async () => {
    const token = await userWithRole(t, { userId: 'clerk_role', content: 'Setting.Log' });
    expect((await logs(token)).code).toBe(0);
    expect(await servedFromCache(token)).toBe(true);
    const update = (content: string) =>
      t.call('/api/role/update', [{ roleId: 'role_clerk_role', name: 'role_clerk_role', content }], admin);
    expect((await update('Token.CreditToken')).code).toBe(0);
    expect((await logs(token)).status).toBe(403);
    expect((await update('Setting.Log')).code).toBe(0);
    expect((await logs(token)).code).toBe(0);
  });
});

describe('the session cache across server processes', () => {
  let second: TestApp;
  let closeSecond = async () => {};

  beforeAll(async () => {
    const server = await secondServer(t);
    closeSecond = server.close;
    const { app } = server;
    second = {
      ...t,
      app,
      database: server.database,
      ...callerOf(app),
    };
  });
  afterAll(async () => closeSecond());

  it('a logout through one server is refused by the other once the notice reaches it', async () => {
    const token = await userWithRole(t, { userId: 'clerk_two', content: 'Setting.Log' });
    expect((await info(token, second)).code).toBe(0);
    expect((await info(token, second)).code).toBe(0);
    expect((await t.call('/api/user/logout', undefined, token)).code).toBe(0);
    await vi.waitFor(async () => expect((await info(token, second)).status).toBe(401), heardBy);
  });

  it("a role's permissions changed through one server apply on the other once the notice reaches it", async () => {
    const token = await userWithRole(t, { userId: 'clerk_two_role', content: 'Setting.Log' });
    const logsOnSecond = () => second.call('/api/log/read', {}, token);
    expect((await logsOnSecond()).code).toBe(0);
    expect((await logsOnSecond()).code).toBe(0);
    const changed = await t.call(
      '/api/role/update',
      [{ roleId: 'role_clerk_two_role', name: 'role_clerk_two_role', content: 'Token.CreditToken' }],
      admin,
    );
    expect(changed.code).toBe(0);
    await vi.waitFor(async () => expect((await logsOnSecond()).status).toBe(403), heardBy);
  });
});
