import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type Database, openPglite, openPostgres } from '../src/db/client.js';
import { withDatabase } from './global-setup.js';

const root = path.resolve(import.meta.dirname, '../../..');
const pgUrl = process.env.TEST_DATABASE_URL;

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
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

/** The real entry point as a user starts it, with its output captured. */
export async function startServer(env: Record<string, string>) {
  const port = await freePort();
  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
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
  return {
    child,
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
    post: async <T = Answer['result']>(url: string, body: unknown, token?: string): Promise<Answer<T>> =>
      (await (
        await fetch(`${base}${url}`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(token ? { authorization: `Bearer ${token}` } : {}),
          },
          body: JSON.stringify(body),
        })
      ).json()) as Answer<T>,
  };
}
