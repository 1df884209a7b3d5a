import { linkSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * One process at a time on a PGlite folder. PGlite is PostgreSQL inside this process, with no postmaster
 * to turn a second one away: two servers started on one DATA_DIR both came up and wrote the same files
 * (found 2026-11-26 with two `npm start`s on one checkout and one folder). The lock is a file in the
 * folder (`server.lock`; backups leave it out) holding its holder's pid: made whole (written aside, then
 * linked in place, which fails if one exists) and taken over when its process is gone (a crash, a
 * SIGKILL). Two starts that find the same stale lock at the same instant both take it over only if each
 * reads its own pid back before the other writes; that is the one case this does not cover.
 */
export interface FolderLock {
  release(): void;
}

/** Whether a process with this pid is alive (EPERM: alive, not ours to signal). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const holderOf = (file: string): number => {
  try {
    return Number(readFileSync(file, 'utf8').trim()) || 0;
  } catch {
    return 0;
  }
};

export class FolderInUseError extends Error {}

/** The lock's name in the folder. */
export const LOCK_FILE = 'server.lock';

/** Locks `folder` for this process, or throws FolderInUseError naming the process that holds it. */
export function lockFolder(folder: string): FolderLock {
  mkdirSync(folder, { recursive: true });
  const file = path.join(folder, LOCK_FILE);
  const mine = `${file}.${process.pid}`;
  writeFileSync(mine, String(process.pid), { mode: 0o600 });
  try {
    try {
      linkSync(mine, file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = holderOf(file);
      if (holder === process.pid || (holder && alive(holder))) {
        throw new FolderInUseError(
          `The database folder ${folder} is in use by process ${holder}. Give this server its own DATA_DIR ` +
            '(and MQTT_PORT, HEADEND_PORT), or run both on PostgreSQL (DATABASE_URL); if no server runs, ' +
            `delete ${file}.`,
        );
      }
      // Its holder is gone: take the lock over, then check that no one else did at the same time.
      renameSync(mine, file);
      if (holderOf(file) !== process.pid)
        throw new FolderInUseError(`The database folder ${folder} was just taken`);
    }
  } finally {
    rmSync(mine, { force: true });
  }
  return {
    release: () => {
      if (holderOf(file) === process.pid) rmSync(file, { force: true });
    },
  };
}
