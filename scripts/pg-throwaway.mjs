// A throw-away PostgreSQL cluster for the test run: initdb in a temp folder, a free port, stopped by its PID.
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './free-port.mjs';
import { findPgBin } from './pg-bin.mjs';

/** PostgreSQL refuses to run as root: run its tools as the postgres user then. */
function asServerUser(cmd, args) {
  if (process.getuid?.() === 0) return ['runuser', ['-u', 'postgres', '--', cmd, ...args]];
  return [cmd, args];
}

/** PG_EXTRA_OPTS adds server options (e.g. `-c shared_preload_libraries=pg_stat_statements` to profile a bench). */
export async function startPostgres() {
  const initdb = findPgBin('initdb');
  const pgCtl = findPgBin('pg_ctl');
  if (!initdb || !pgCtl) throw new Error('PostgreSQL server binaries not found (apt-get install postgresql)');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'prepay-pg-'));
  chmodSync(dir, 0o777);
  const data = path.join(dir, 'data');
  if (process.getuid?.() === 0) execFileSync('chown', ['postgres', dir]);
  const port = await freePort();
  const run = (cmd, args) => {
    const [c, a] = asServerUser(cmd, args);
    const res = spawnSync(c, a, { encoding: 'utf8' });
    if (res.status !== 0) throw new Error(`${cmd} failed: ${res.stderr || res.stdout}`);
  };
  run(initdb, ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8']);
  run(pgCtl, [
    '-D',
    data,
    '-l',
    path.join(dir, 'server.log'),
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200 ${process.env.PG_EXTRA_OPTS ?? ''}`,
    '-w',
    'start',
  ]);
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const stop = () => {
    try {
      const pid = Number(readFileSync(path.join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
      if (pid) process.kill(pid, 'SIGINT');
      for (let i = 0; i < 100 && existsSync(path.join(data, 'postmaster.pid')); i++) {
        spawnSync('sleep', ['0.1']);
      }
    } catch {
      /* already stopped */
    }
    rmSync(dir, { recursive: true, force: true });
  };
  // The same server through its Unix socket (what a server on the database's own machine would use).
  const socketUrl = `postgres://postgres@/postgres?host=${encodeURIComponent(dir)}&port=${port}`;
  return { url, socketUrl, port, stop };
}
