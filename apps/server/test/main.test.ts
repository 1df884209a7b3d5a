import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { withDatabase } from './global-setup.js';

const root = path.resolve(import.meta.dirname, '../../..');
const pgUrl = process.env.TEST_DATABASE_URL;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'prepay-main-'));
const created: string[] = [];

/** Where a started server keeps its data: a PGlite folder, or a new database on the test's PostgreSQL. */
async function storage(dir: string): Promise<Record<string, string>> {
  if (!pgUrl) return { DATA_DIR: dir };
  const name = `prepay_main_${path.basename(dir).replace(/\W/g, '').toLowerCase()}`;
  if (!created.includes(name)) {
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    created.push(name);
  }
  return { DATABASE_URL: withDatabase(pgUrl, name) };
}
const PASSWORD = 'Main#Admin-Pass-1';
const AUTH = 'Main#Auth-Pass-1';

afterAll(async () => {
  rmSync(dataDir, { recursive: true, force: true });
  if (!pgUrl) return;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  for (const name of created) await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

interface Answer {
  code: number;
  reason: string;
  result: { token: string; userId: string; total: number; mustChangePassword: boolean };
}

/** The real entry point as a user starts it, with its output captured. */
async function start(env: Record<string, string>, dir = dataDir) {
  const port = await freePort();
  const where = await storage(dir);
  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info', ...where, ...env },
  });
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`server exited: ${output}`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const stop = () =>
    new Promise<number | null>((resolve) => {
      child.once('exit', (code) => resolve(code));
      child.kill('SIGTERM');
    });
  const post = async (url: string, body: unknown, token?: string): Promise<Answer> =>
    (
      await fetch(`${base}${url}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(body),
      })
    ).json() as Promise<Answer>;
  return { post, stop, output: () => output };
}

describe('the server process', () => {
  it('starts on its database (PGlite in DATA_DIR, or DATABASE_URL), keeps secrets out of its log, and shuts down cleanly', async () => {
    const server = await start({
      ADMIN_PASSWORD: PASSWORD,
      ADMIN_AUTHORIZATION_PASSWORD: AUTH,
      SEED: 'none',
    });
    const login = await server.post('/api/user/login', { userId: 'admin', password: PASSWORD });
    expect(login.code).toBe(0);
    const token = login.result.token;
    expect((await server.post('/api/user/info', {}, token)).result.userId).toBe('admin');
    await server.post(
      '/api/user/modifyAuthorizationPassword',
      { oldPassword: 'wrong-one', newPassword: 'Whatever#1' },
      token,
    );
    const users = await server.post('/api/user/read', {}, token);
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
    const fresh = mkdtempSync(path.join(os.tmpdir(), 'prepay-main-'));
    try {
      const server = await start({ SEED: 'demo', DEMO_PASSWORD: 'Demo#Pass-2026' }, fresh);
      const printed = /Login password \(change it at first login\): (\S+)/.exec(server.output())?.[1];
      expect(printed).toMatch(/^[A-Za-z0-9]{14}$/);
      const login = await server.post('/api/user/login', { userId: 'admin', password: printed });
      expect(login.result.mustChangePassword).toBe(true);
      const demo = await server.post('/api/user/login', {
        userId: 'NORTH_VENDOR 1',
        password: 'Demo#Pass-2026',
      });
      expect(demo.code).toBe(0);
      expect(await server.stop()).toBe(0);
      expect(server.output().split(printed!).length - 1).toBe(1);
    } finally {
      rmSync(fresh, { recursive: true, force: true });
    }
  });
});
