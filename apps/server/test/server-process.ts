import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, onTestFinished } from 'vitest';
// @ts-expect-error -- plain ESM helpers shared with the test runner, no type declarations
import { freePort as pickPort } from '../../../scripts/free-port.mjs';
// @ts-expect-error -- plain ESM helpers shared with the test runner, no type declarations
import { startPostgres } from '../../../scripts/pg-throwaway.mjs';
import { type Database, openPglite, openPostgres } from '../src/db/client.js';
import { withDatabase } from './global-setup.js';

const root = path.resolve(import.meta.dirname, '../../..');
const pgUrl = process.env.TEST_DATABASE_URL;

/** A free port below the ephemeral range, so no outgoing connection takes it first (scripts/free-port.mjs). */
export const freePort = (): Promise<number> => pickPort();

/**
 * An empty database for tests that need PostgreSQL itself (several processes, LISTEN/NOTIFY): on the
 * suite's PostgreSQL server when it runs on one, else on a throw-away cluster of our own, which `stop`
 * ends (the database on the suite's server goes with the suite's cluster).
 */
export async function postgresDatabase(prefix: string): Promise<{ url: string; stop(): void }> {
  let base = process.env.TEST_DATABASE_URL;
  let cluster: { url: string; stop(): void } | undefined;
  if (!base) {
    cluster = (await startPostgres()) as { url: string; stop(): void };
    base = cluster.url;
  }
  const name = `${prefix}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  return { url: withDatabase(base, name), stop: () => cluster?.stop() };
}

/**
 * A place for a real server process to keep its data: a PGlite folder, or a new database on the test's
 * PostgreSQL server. The folder exists in both cases (it holds the key-encryption key).
 */
export async function createStorage(prefix: string) {
  const dir = mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
  const name = `${prefix.replace(/\W/g, '_')}_${path.basename(dir).replace(/\W/g, '').toLowerCase()}`;
  if (pgUrl) {
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
  }
  const env: Record<string, string> = pgUrl
    ? { DATA_DIR: dir, DATABASE_URL: withDatabase(pgUrl, name) }
    : { DATA_DIR: dir };
  return {
    dir,
    env,
    /** Opens the same database from the test process (only while no server holds a PGlite folder). */
    open: async (): Promise<Database> => {
      const database = pgUrl ? await openPostgres(env.DATABASE_URL!, 2) : await openPglite({ dataDir: dir });
      await database.migrate();
      return database;
    },
    remove: async () => {
      rmSync(dir, { recursive: true, force: true });
      if (!pgUrl) return;
      const admin = new pg.Client({ connectionString: pgUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

export interface Answer<T = Record<string, unknown>> {
  code: number;
  reason: string;
  result: T;
}

/** How the server is started: its sources through tsx, or `npm start`'s script (the production build). */
const ENTRY = {
  sources: ['--import', 'tsx', 'apps/server/src/main.ts'],
  npmStart: ['scripts/start.mjs'],
};

/** The real entry point as a user starts it, with its output captured. */
export async function startServer(env: Record<string, string>, entry: keyof typeof ENTRY = 'sources') {
  const port = await freePort();
  let output = '';
  const child: ChildProcess = spawn(process.execPath, ENTRY[entry], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      // No fixed head-end ports and no simulated fleet unless a test asks for them.
      MQTT_PORT: '0',
      HEADEND_PORT: '0',
      SIMULATOR: 'off',
      ...env,
    },
  });
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const base = `http://127.0.0.1:${port}`;
  // Poll until it answers; a first start that seeds the demo year can take minutes on a loaded machine.
  // Giving up silently would only turn a slow start into a confusing ECONNREFUSED later.
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited: ${output}`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not answer /healthz within 300 s: ${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const post = async <T = Answer['result']>(url: string, body: unknown, token?: string): Promise<Answer<T>> =>
    (await (
      await fetch(`${base}${url}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(body),
      })
    ).json()) as Answer<T>;
  return {
    child,
    base,
    output: () => output,
    /** SIGTERM and wait: a graceful stop. */
    stop: () => {
      child.kill('SIGTERM');
      return exited;
    },
    /** SIGKILL: the process dies wherever it is. */
    kill: () => {
      child.kill('SIGKILL');
      return exited;
    },
    post,
    /** Logs in and answers the session's token. */
    login: async (userId: string, password: string) => {
      const res = await post<{ token: string }>('/api/user/login', { userId, password });
      if (res.code !== 0) throw new Error(`login ${userId} failed: ${res.reason}`);
      return res.result.token;
    },
  };
}

export type RunningServer = Awaited<ReturnType<typeof startServer>>;

/** Stops (SIGTERM, waited for) each of `servers` still running: a file's clean-up after its tests. */
/**
 * A suite of server processes behind HAProxy on one database: its scratch folder, and what it starts, all
 * stopped after the suite (HAProxy, then the servers, then the database) and the folder removed.
 */
export function serverSuite(prefix: string) {
  const suite = {
    work: mkdtempSync(path.join(os.tmpdir(), `prepay-${prefix}-`)),
    servers: [] as RunningServer[],
    haproxy: undefined as { stop(): void } | undefined,
    database: undefined as { stop(): unknown } | undefined,
  };
  afterAll(async () => {
    suite.haproxy?.stop();
    await stopRunning(suite.servers);
    await suite.database?.stop();
    rmSync(suite.work, { recursive: true, force: true });
  });
  return suite;
}

export async function stopRunning(servers: RunningServer[]) {
  for (const s of servers) if (s.child.exitCode === null && s.child.signalCode === null) await s.stop();
}

/**
 * The environment of a server on `storage` whose field the test plays itself: no seeding, a GPRS port of
 * its own on loopback (the same across a restart, so the meters redial the next process), remote tasks
 * taken back 1.5 s after their process died and looked for every 50 ms; `more` on top.
 */
export async function fieldServerEnv(storage: { env: Record<string, string> }, more: Record<string, string>) {
  return {
    ...storage.env,
    SEED: 'none',
    LOG_LEVEL: 'warn',
    HEADEND_PORT: String(await freePort()),
    HEADEND_HOST: '127.0.0.1',
    MQTT_PORT: '0',
    SIMULATOR: 'off',
    REMOTE_TASK_LEASE_MS: '1500',
    REMOTE_TASK_POLL_MS: '50',
    ...more,
  };
}

/** startServer inside a test: stopped as above when the test finishes (in reverse order of what it started). */
export async function serverForTest(env: Record<string, string>): Promise<RunningServer> {
  const server = await startServer(env);
  onTestFinished(() => stopRunning([server]));
  return server;
}
