import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ADMIN_AUTH_PASSWORD,
  ADMIN_PASSWORD,
  changePassword,
  createTestApp,
  type TestApp,
  userWithRole,
} from './harness.js';

// Lockouts without the verification code in the way (hardening-session.test.ts tests the code).
const SETTINGS = { tokenTtlMinutes: 480, idleTimeoutMinutes: 30, loginCaptchaAfterFailures: 1000 };
let shared: TestApp;
let t: TestApp;
beforeAll(async () => {
  shared = await createTestApp(SETTINGS);
});
afterAll(() => shared.close());
beforeEach(() => {
  t = shared;
});

/**
 * A test that moves the clock, locks the administrator or changes its passwords runs on an app of its own;
 * the others share one, each with its own users, sessions and audit rows to look at.
 */
function itOnItsOwnApp(name: string, body: () => Promise<void>) {
  it(name, async () => {
    t = await createTestApp(SETTINGS);
    try {
      await body();
    } finally {
      await t.close();
    }
  });
}

const SECRETS = [ADMIN_PASSWORD, ADMIN_AUTH_PASSWORD, 'User#Pass-2026', '$argon2'];
function expectNoSecret(text: string) {
  for (const s of SECRETS) expect(text).not.toContain(s);
}

describe('login', () => {
  it('trims both fields and returns a token that /info accepts', async () => {
    const res = await t.call<{ token: string }>('/api/user/login', {
      userId: '  admin ',
      password: ` ${ADMIN_PASSWORD}  `,
    });
    expect(res.code).toBe(0);
    const info = await t.call<{ userId: string; roleName: string; roleContent: string; stationName: string }>(
      '/api/user/info',
      undefined,
      res.result.token,
    );
    expect(info.result).toMatchObject({ userId: 'admin', roleName: 'admin', stationName: 'Headquarters' });
    expect(info.result.roleContent).toContain('Setting.User');
    expectNoSecret(JSON.stringify(info));
  });

  it('answers a wrong password like the original: HTTP 200, code 1', async () => {
    const res = await t.call('/api/user/login', { userId: 'admin', password: 'wrong' });
    expect(res).toMatchObject({ status: 200, code: 1, reason: 'invalid username or password', result: null });
    const unknown = await t.call('/api/user/login', { userId: 'ghost', password: 'wrong' });
    expect(unknown.reason).toBe('invalid username or password');
  });

  itOnItsOwnApp(
    'locks the account after five failures, refuses the right password during the lock, then lets it in',
    async () => {
      const reasons: string[] = [];
      for (let i = 0; i < 6; i++)
        reasons.push((await t.call('/api/user/login', { userId: 'admin', password: `bad${i}` })).reason);
      expect(reasons.slice(0, 4)).toEqual(Array(4).fill('invalid username or password'));
      expect(reasons[4]).toMatch(/locked for 15 minutes/);
      expect(reasons[5]).toMatch(/logging in with this name is locked until/);

      const during = await t.call('/api/user/login', { userId: 'admin', password: ADMIN_PASSWORD });
      expect(during.code).not.toBe(0);
      expect(during.reason).toMatch(/locked/);

      t.clock.advanceMinutes(16);
      const after = await t.call('/api/user/login', { userId: 'admin', password: ADMIN_PASSWORD });
      expect(after.code).toBe(0);

      const rows = await t.auditRows();
      expect(rows.filter((r) => r.action === 'LoginFailed')).toHaveLength(4);
      expect(rows.filter((r) => r.action === 'Locked')).toHaveLength(1);
      const login = rows.find((r) => r.action === 'Login');
      expect(JSON.parse(login!.contentBefore!)).toEqual({ UserId: 'admin', Password: '*' });
      expectNoSecret(JSON.stringify(rows));
    },
  );

  it('refuses a disabled user', async () => {
    await userWithRole(t, { userId: 'cashier', content: 'Token.CreditToken' });
    const admin = await t.adminToken();
    const upd = await t.call(
      '/api/user/update',
      [{ userId: 'cashier', roleId: 'role_cashier', stationId: '0001', status: 1 }],
      admin,
    );
    expect(upd.code).toBe(0);
    const res = await t.call('/api/user/login', { userId: 'cashier', password: 'User#Pass-2026' });
    expect(res.code).not.toBe(0);
    expect(res.reason).toMatch(/disabled/);
  });
});

describe('sessions', () => {
  it('after logout the same token gets 401', async () => {
    const token = await t.login('admin', ADMIN_PASSWORD);
    expect((await t.call('/api/user/logout', undefined, token)).code).toBe(0);
    const res = await t.call('/api/user/info', undefined, token);
    expect(res.status).toBe(401);
    expect(res.code).toBe(50014);
    expect((await t.auditRows()).some((r) => r.action === 'Logout')).toBe(true);
  });

  itOnItsOwnApp('an expired token gets 401 even while in use', async () => {
    const token = await t.login('admin', ADMIN_PASSWORD);
    for (let i = 0; i < 16; i++) {
      t.clock.advanceMinutes(29);
      expect((await t.call('/api/user/info', undefined, token)).status).toBe(200);
    }
    t.clock.advanceMinutes(29);
    const res = await t.call('/api/user/info', undefined, token);
    expect(res.status).toBe(401);
    expect(res.reason).toMatch(/expired/);
  });

  itOnItsOwnApp('an idle session ends after the idle timeout', async () => {
    const token = await t.login('admin', ADMIN_PASSWORD);
    t.clock.advanceMinutes(31);
    const res = await t.call('/api/user/info', undefined, token);
    expect(res.status).toBe(401);
    expect(res.reason).toMatch(/inactivity/);
  });

  it('refuses missing, malformed and forged tokens with 401', async () => {
    expect((await t.call('/api/user/info')).status).toBe(401);
    expect((await t.call('/api/user/info', undefined, 'not-a-jwt')).status).toBe(401);
    const token = await t.login('admin', ADMIN_PASSWORD);
    const forged = `${token.slice(0, -4)}AAAA`;
    const res = await t.call('/api/user/info', undefined, forged);
    expect(res.status).toBe(401);
    expect(res.code).toBe(50008);
  });

  it('switching role issues a token for that role and ends the old one', async () => {
    const admin = await t.adminToken();
    await t.call(
      '/api/role/create',
      [{ roleId: 'cashier', name: 'cashier', content: 'Token.CreditToken' }],
      admin,
    );
    await t.call(
      '/api/user/create',
      [
        {
          userId: 'multi',
          roleId: 'cashier',
          roleIds: ['admin'],
          stationId: '0001',
          password: 'Multi#Pass-1',
          authorizationPassword: 'Multi#Pass-2',
        },
      ],
      admin,
    );
    const first = await t.login('multi', 'Multi#Pass-1');
    const info = await t.call<{ roleId: string; roles: { roleId: string }[] }>(
      '/api/user/info',
      undefined,
      first,
    );
    expect(info.result.roleId).toBe('cashier');
    expect(info.result.roles.map((r) => r.roleId).sort()).toEqual(['admin', 'cashier']);
    expect((await t.call('/api/user/read', {}, first)).status).toBe(403);

    const switched = await t.call<{ token: string }>('/api/user/switchRole', { roleId: 'admin' }, first);
    expect(switched.code).toBe(0);
    const second = switched.result.token;
    expect((await t.call<{ roleId: string }>('/api/user/info', undefined, second)).result.roleId).toBe(
      'admin',
    );
    expect((await t.call('/api/user/read', {}, second)).code).toBe(0);
    expect((await t.call('/api/user/info', undefined, first)).status).toBe(401);

    const refused = await t.call('/api/user/switchRole', { roleId: 'editor' }, second);
    expect(refused.code).not.toBe(0);
    expect(refused.reason).toMatch(/do not hold/);
  });
});

describe('passwords', () => {
  it('a created user without a password gets one-time passwords and must change the login one first', async () => {
    const admin = await t.adminToken();
    const created = await t.call<{ oneTimePassword: string; oneTimeAuthorizationPassword: string }[]>(
      '/api/user/create',
      [{ userId: 'fresh', roleId: 'admin', stationId: '0001' }],
      admin,
    );
    expect(created.code).toBe(0);
    const { oneTimePassword, oneTimeAuthorizationPassword } = created.result[0]!;
    expect(oneTimePassword).toMatch(/^[A-Za-z0-9]{14}$/);
    expect(oneTimeAuthorizationPassword).toMatch(/^[A-Za-z0-9]{14}$/);

    const login = await t.call<{ token: string; mustChangePassword: boolean }>('/api/user/login', {
      userId: 'fresh',
      password: oneTimePassword,
    });
    expect(login.result.mustChangePassword).toBe(true);
    const token = login.result.token;
    const blocked = await t.call('/api/user/read', {}, token);
    expect(blocked.status).toBe(403);
    expect(blocked.reason).toMatch(/change your password/);

    const changed = await changePassword(t, token, 'Login', oneTimePassword, 'Fresh#Pass-99');
    expect(changed.code).toBe(0);
    expect((await t.call('/api/user/read', {}, token)).code).toBe(0);
    // The one-time passwords appear in no later read and no audit row.
    const rows = JSON.stringify(await t.auditRows());
    expect(rows).not.toContain(oneTimePassword);
    expect(rows).not.toContain(oneTimeAuthorizationPassword);
    expect(JSON.stringify(await t.call('/api/user/read', {}, token))).not.toContain(oneTimePassword);
  });

  itOnItsOwnApp(
    'changing either password needs the old one; the new login password works at the next login',
    async () => {
      const token = await t.adminToken();
      const wrong = await changePassword(t, token, 'Login', 'nope', 'Whatever#123');
      expect(wrong.reason).toBe('The old password is incorrect');
      const short = await changePassword(t, token, 'Login', ADMIN_PASSWORD, 'short');
      expect(short.status).toBe(400);
      const ok = await changePassword(t, token, 'Login', ADMIN_PASSWORD, 'Brand#New-123');
      expect(ok.code).toBe(0);
      expect((await t.call('/api/user/login', { userId: 'admin', password: ADMIN_PASSWORD })).code).toBe(1);
      expect((await t.call('/api/user/login', { userId: 'admin', password: 'Brand#New-123' })).code).toBe(0);

      const auth = await changePassword(t, token, 'Authorization', ADMIN_PASSWORD, 'Auth#New-456');
      expect(auth.reason).toBe('The old password is incorrect');
      const authOk = await changePassword(t, token, 'Authorization', ADMIN_AUTH_PASSWORD, 'Auth#New-456');
      expect(authOk.code).toBe(0);
      const rows = await t.auditRows();
      expect(rows.map((r) => r.action)).toEqual(
        expect.arrayContaining(['ModifyLoginPassword', 'ModifyAuthorizationPassword']),
      );
      const text = JSON.stringify(rows);
      for (const s of ['Brand#New-123', 'Auth#New-456', ADMIN_AUTH_PASSWORD, '$argon2'])
        expect(text).not.toContain(s);
    },
  );

  it("an admin reset gives a one-time password, lifts the lock and ends the user's sessions", async () => {
    const userToken = await userWithRole(t, { userId: 'clerk', content: 'Setting.Log' });
    for (let i = 0; i < 5; i++) await t.call('/api/user/login', { userId: 'clerk', password: 'bad' });
    const reset = await t.call<{ oneTimePassword: string }[]>(
      '/api/user/reset',
      { userId: 'clerk' },
      await t.adminToken(),
    );
    expect(reset.code).toBe(0);
    expect((await t.call('/api/user/info', undefined, userToken)).status).toBe(401);
    const login = await t.call<{ mustChangePassword: boolean }>('/api/user/login', {
      userId: 'clerk',
      password: reset.result[0]?.oneTimePassword,
    });
    expect(login.code).toBe(0);
    expect(login.result.mustChangePassword).toBe(true);
    expect(JSON.stringify(await t.auditRows())).not.toContain(reset.result[0]?.oneTimePassword);
  });

  it("updateInfo changes only the caller's profile and audits before and after", async () => {
    const token = await t.adminToken();
    // The original answers the affected user rows, as an array.
    const res = await t.call<{ userId: string; nickName: string }[]>(
      '/api/user/updateInfo',
      { nickName: 'Boss', phone: '+2348000' },
      token,
    );
    expect(res.result).toEqual([expect.objectContaining({ userId: 'admin', nickName: 'Boss' })]);
    const row = (await t.auditRows()).find((r) => r.action === 'UpdateInfo')!;
    expect(JSON.parse(row.contentBefore!)).toEqual({ nickName: 'Administrator', phone: null });
    expect(JSON.parse(row.contentAfter!)).toEqual({ nickName: 'Boss', phone: '+2348000' });
    expect(row.userId).toBe('admin');
    expect(row.ipAddress).toBeTruthy();
  });
});
