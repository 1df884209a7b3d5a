import { afterAll, describe, expect, it } from 'vitest';
import { createStorage, startServer } from './server-process.js';

const PASSWORD = 'Main#Admin-Pass-1';
const AUTH = 'Main#Auth-Pass-1';
const storages: Awaited<ReturnType<typeof createStorage>>[] = [];
let shared: Awaited<ReturnType<typeof createStorage>>;

afterAll(async () => {
  for (const s of storages) await s.remove();
});

async function start(env: Record<string, string>, fresh = false) {
  if (fresh || !shared) {
    const s = await createStorage('prepay_main');
    storages.push(s);
    if (!shared) shared = s;
    if (fresh) return startServer({ ...s.env, ...env });
  }
  return startServer({ ...shared.env, ...env });
}

describe('the server process', () => {
  it('starts on its database (PGlite in DATA_DIR, or DATABASE_URL), keeps secrets out of its log, and shuts down cleanly', async () => {
    const server = await start({
      ADMIN_PASSWORD: PASSWORD,
      ADMIN_AUTHORIZATION_PASSWORD: AUTH,
      SEED: 'none',
    });
    const token = await server.login('admin', PASSWORD);
    expect((await server.post<{ userId: string }>('/api/user/info', {}, token)).result.userId).toBe('admin');
    await server.post(
      '/api/user/modifyAuthorizationPassword',
      { oldPassword: 'wrong-one', newPassword: 'Whatever#1' },
      token,
    );
    const users = await server.post<{ total: number }>('/api/user/read', {}, token);
    expect(users.result.total).toBe(1); // SEED=none: only the admin
    expect(await server.stop()).toBe(0);
    const log = server.output();
    expect(log).toMatch(/shutting down/);
    expect(log).toMatch(/"level":30/); // structured JSON lines
    for (const secret of [PASSWORD, AUTH, token, 'Whatever#1', 'wrong-one'])
      expect(log).not.toContain(secret);
  });

  it('restarts on the same data: migrations are idempotent and the data persisted', async () => {
    const server = await start({ SEED: 'none' });
    const login = await server.post('/api/user/login', { userId: 'admin', password: PASSWORD });
    expect(login.code).toBe(0);
    expect(await server.stop()).toBe(0);
    expect(server.output()).not.toMatch(/First start/);
  });

  it('on an empty database without ADMIN_PASSWORD prints a generated one once, which must be changed', async () => {
    {
      const server = await start({ SEED: 'demo', DEMO_PASSWORD: 'Demo#Pass-2026' }, true);
      const printed = /Login password \(change it at first login\): (\S+)/.exec(server.output())?.[1];
      expect(printed).toMatch(/^[A-Za-z0-9]{14}$/);
      const login = await server.post<{ mustChangePassword: boolean }>('/api/user/login', {
        userId: 'admin',
        password: printed,
      });
      expect(login.result.mustChangePassword).toBe(true);
      const demo = await server.post('/api/user/login', {
        userId: 'NORTH_VENDOR 1',
        password: 'Demo#Pass-2026',
      });
      expect(demo.code).toBe(0);
      expect(await server.stop()).toBe(0);
      expect(server.output().split(printed!).length - 1).toBe(1);
    }
    // A first start with SEED=demo writes the demo year (tens of thousands of rows) before it listens.
  }, 420_000);
});
