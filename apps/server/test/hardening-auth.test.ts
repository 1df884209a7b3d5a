import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { authThrottle, tokenRecords } from '../src/db/schema.js';
import {
  ADMIN_AUTH_PASSWORD,
  ADMIN_PASSWORD,
  changePassword,
  createTestApp,
  type TestApp,
  USER_PASSWORD,
  userWithRole,
} from './harness.js';
import { testConfig } from './test-config.js';
import { creditVend, vendableMeter } from './vending-fixture.js';

let t: TestApp;
let admin: string;
const METER = '47001234567';
beforeAll(async () => {
  // Lockouts are counted here without the verification code in the way (hardening-session.test.ts
  // tests the code, which the default configuration demands after 3 failures).
  t = await createTestApp({ loginAddressMaxFailures: 11, loginCaptchaAfterFailures: 1000 });
  admin = await t.adminToken();
  await vendableMeter(t, { meterId: METER });
  await userWithRole(t, { userId: 'known_user', content: 'Setting.Log' });
});
afterAll(() => t.close());

/** Moves the clock on and logs in again (the idle timeout ends the old session). */
async function later(minutes: number) {
  t.clock.advanceMinutes(minutes);
  admin = await t.login('admin', ADMIN_PASSWORD);
}

const vend = (authorizationPassword: string, token = admin) =>
  creditVend(t, { meterId: METER, amount: '1000', authorizationPassword }, token);

describe('authorization password', () => {
  it('locks token actions after five wrong tries, refuses the right one during the lock, backs off', async () => {
    const reasons: string[] = [];
    for (let i = 0; i < 5; i++) reasons.push((await vend(`Wrong#Guess-${i}`)).reason);
    expect(reasons.slice(0, 4)).toEqual(Array(4).fill('The authorization password is incorrect'));
    expect(reasons[4]).toMatch(/locked for 15 minutes/);
    const during = await vend(ADMIN_AUTH_PASSWORD);
    expect(during.code).not.toBe(0);
    expect(during.reason).toMatch(/token actions are locked until/);
    expect(await t.database.db.select().from(tokenRecords)).toEqual([]);

    await later(16);
    expect((await vend(ADMIN_AUTH_PASSWORD)).code).toBe(0);
    // A success forgets the failures; a second run of failures locks again, and the back-off doubles.
    for (let i = 0; i < 4; i++) await vend(`Wrong#Again-${i}`);
    expect((await vend('Wrong#Again-last')).reason).toMatch(/locked for 30 minutes/);
    await later(16);
    expect((await vend(ADMIN_AUTH_PASSWORD)).reason).toMatch(/locked until/);
    await later(15);
    expect((await vend(ADMIN_AUTH_PASSWORD)).code).toBe(0);
  });
});

describe('login throttling', () => {
  it('answers an unknown name exactly like a wrong password, and locks it with the same words', async () => {
    const known: string[] = [];
    const unknown: string[] = [];
    for (let i = 0; i < 6; i++) {
      known.push((await t.call('/api/user/login', { userId: 'known_user', password: `Bad#${i}` })).reason);
      unknown.push((await t.call('/api/user/login', { userId: 'ghost_user', password: `Bad#${i}` })).reason);
    }
    const words = (r: string) => r.replace(/\d{4}-\d\d-\d\d \d\d:\d\d:\d\d/, '<time>');
    expect(unknown.map(words)).toEqual(known.map(words));
    expect(known[5]).toMatch(/locked until/);
    // The lock held for the right password too, and is counted in the database per name.
    expect(
      (await t.call('/api/user/login', { userId: 'known_user', password: USER_PASSWORD })).code,
    ).not.toBe(0);
    const rows = await t.database.db
      .select()
      .from(authThrottle)
      .where(eq(authThrottle.scope, 'login-account'));
    expect(rows.map((r) => r.subject).sort()).toEqual(['ghost_user', 'known_user']);
    await later(16);
    expect((await t.call('/api/user/login', { userId: 'known_user', password: USER_PASSWORD })).code).toBe(0);
  });

  it('locks a client address that fails on many names, in every server process sharing the database', async () => {
    // 10 failures were counted above from this address (5 per name; locked names are not counted): the 11th locks it.
    const next = await t.call('/api/user/login', { userId: 'someone_else', password: 'Bad#x' });
    expect(next.reason).toMatch(/from your address/);
    // A second server process on the same database sees the same lock (nothing held in memory).
    const second = await buildApp({
      config: testConfig({ loginAddressMaxFailures: 11, loginCaptchaAfterFailures: 1000 }),
      database: t.database,
      clock: t.clock,
      logger: false,
    });
    const res = await second.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { userId: 'admin', password: ADMIN_PASSWORD },
    });
    expect(res.json().reason).toMatch(/from your address/);
    await second.close();
    await later(16);
  });
});

describe('password policy (NIST SP 800-63B)', () => {
  const create = (password: string, authorizationPassword: string, userId = 'policy_user') =>
    t.call(
      '/api/user/create',
      [{ userId, roleId: 'admin', stationId: '0001', password, authorizationPassword }],
      admin,
    );

  it('refuses common passwords, equal login and authorization passwords, and surrounding spaces', async () => {
    expect((await create('12345678', 'Auth#Fine-2026')).reason).toMatch(
      /password: This password is too common/,
    );
    expect((await create('password1234', 'Auth#Fine-2026')).reason).toMatch(/too common/);
    expect((await create('Same#Pass-2026', 'Same#Pass-2026')).reason).toMatch(
      /must differ from the login password/,
    );
    expect((await create(' Lead#Space-2026', 'Auth#Fine-2026')).reason).toMatch(
      /may not start or end with a space/,
    );
    expect((await create('Good#Login-2026', 'Good#Auth-2026')).code).toBe(0);
  });

  it('a new password follows the policy, differs from the other one, and ends the other sessions', async () => {
    const a = await t.login('policy_user', 'Good#Login-2026');
    const b = await t.login('policy_user', 'Good#Login-2026');
    const common = await changePassword(t, a, 'Login', 'Good#Login-2026', 'qwertyuiop');
    expect(common.reason).toMatch(/too common/);
    const same = await changePassword(t, a, 'Login', 'Good#Login-2026', 'Good#Auth-2026');
    expect(same.reason).toMatch(/must differ/);
    const sameAuth = await changePassword(t, a, 'Authorization', 'Good#Auth-2026', 'Good#Login-2026');
    expect(sameAuth.reason).toMatch(/must differ/);
    const ok = await changePassword(t, a, 'Login', 'Good#Login-2026', 'Next#Login-2027');
    expect(ok.code).toBe(0);
    expect((await t.call('/api/user/info', undefined, a)).code).toBe(0);
    expect((await t.call('/api/user/info', undefined, b)).status).toBe(401);
  });
});
