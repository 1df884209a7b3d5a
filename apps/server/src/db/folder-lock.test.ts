import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openPglite } from './client.js';
import { FolderInUseError, LOCK_FILE, lockFolder } from './folder-lock.js';
import { users } from './schema.js';

const dirs: string[] = [];
const children: ChildProcess[] = [];
afterEach(() => {
  for (const c of children.splice(0)) c.kill('SIGKILL');
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A new, empty folder (the lock makes it; PGlite then initialises it with the lock inside). */
function folder(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'folder-lock-'));
  dirs.push(dir);
  return path.join(dir, 'pglite');
}

/** A process that stays alive until the test ends. */
function liveProcess(): number {
  const child = spawn('sleep', ['60'], { stdio: 'ignore' });
  children.push(child);
  return child.pid ?? 0;
}

/** The pid of a process that has exited. */
async function deadProcess(): Promise<number> {
  const child = spawn('true', [], { stdio: 'ignore' });
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid ?? 0;
}

describe('one process at a time on a PGlite folder', () => {
  it('is refused while this process holds it, and free again once released', () => {
    const dir = folder();
    const lock = lockFolder(dir);
    expect(readFileSync(path.join(dir, LOCK_FILE), 'utf8')).toBe(String(process.pid));
    expect(() => lockFolder(dir)).toThrow(FolderInUseError);
    lock.release();
    expect(existsSync(path.join(dir, LOCK_FILE))).toBe(false);
    lockFolder(dir).release();
  });

  it('is refused while another live process holds it, naming that process and what to do', () => {
    const dir = folder();
    mkdirSync(dir);
    const other = liveProcess();
    writeFileSync(path.join(dir, LOCK_FILE), String(other));
    expect(() => lockFolder(dir)).toThrow(new RegExp(`in use by process ${other}.*own DATA_DIR`));
    expect(readFileSync(path.join(dir, LOCK_FILE), 'utf8')).toBe(String(other));
  });

  it('takes over a lock whose process is gone (a crash or a SIGKILL)', async () => {
    const dir = folder();
    mkdirSync(dir);
    writeFileSync(path.join(dir, LOCK_FILE), String(await deadProcess()));
    const lock = lockFolder(dir);
    expect(readFileSync(path.join(dir, LOCK_FILE), 'utf8')).toBe(String(process.pid));
    lock.release();
  });

  it('openPglite refuses a folder another open holds, and opens it once that one is closed', async () => {
    const dir = folder();
    const first = await openPglite({ dataDir: dir });
    await first.migrate();
    await expect(openPglite({ dataDir: dir })).rejects.toThrow(FolderInUseError);
    // The first open still works: the refused one touched nothing.
    expect(await first.db.$count(users)).toBe(0);
    await first.close();
    const again = await openPglite({ dataDir: dir });
    await again.close();
    expect(existsSync(path.join(dir, LOCK_FILE))).toBe(false);
  });
});
