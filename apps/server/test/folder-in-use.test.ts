import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { lockFolder } from '../src/db/folder-lock.js';

const root = path.resolve(import.meta.dirname, '../../..');

it('a server started on a database folder another process holds says why in one line and exits 1', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'folder-in-use-'));
  const data = path.join(dir, 'data');
  // This test's process holds the folder, as a running server would.
  const lock = lockFolder(data);
  try {
    const { DATABASE_URL: _postgres, ...env } = process.env;
    const started = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: root,
      env: { ...env, DATA_DIR: data, PORT: '0', MQTT_PORT: '0', HEADEND_PORT: '0', SIMULATOR: 'off' },
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(started.status, started.stderr).toBe(1);
    expect(started.stderr.trim()).toBe(
      `The database folder ${data} is in use by process ${process.pid}. Give this server its own DATA_DIR ` +
        '(and MQTT_PORT, HEADEND_PORT), or run both on PostgreSQL (DATABASE_URL); if no server runs, ' +
        `delete ${path.join(data, 'server.lock')}.`,
    );
  } finally {
    lock.release();
    rmSync(dir, { recursive: true, force: true });
  }
});
