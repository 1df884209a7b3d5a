// `node scripts/backup.mjs <file>`: a consistent backup of the server's database, taken while it serves.
//   PostgreSQL (DATABASE_URL set): pg_dump --format=custom (one snapshot, the dump's own transaction).
//   PGlite: the running server's operations listener (METRICS_PORT, METRICS_HOST) answers GET /backup with
//   a gzipped tar of its data folder taken with no transaction open, after a checkpoint; master.key and
//   the simulator's fleet file are left out (keep the KEK apart from the backups).
// Restore with scripts/restore.mjs. Exit code 0 only when the whole file was written.
import { spawnSync } from 'node:child_process';
import { renameSync, writeFileSync } from 'node:fs';
import { pgBin } from './pg-bin.mjs';

const out = process.argv[2];
if (!out) {
  console.error(
    'usage: node scripts/backup.mjs <file>   (DATABASE_URL for PostgreSQL, else METRICS_PORT of the PGlite server)',
  );
  process.exit(2);
}
const tmp = `${out}.partial`;
if (process.env.DATABASE_URL) {
  const res = spawnSync(
    pgBin('pg_dump'),
    ['--format=custom', '--no-owner', `--file=${tmp}`, process.env.DATABASE_URL],
    {
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  if (res.status !== 0) process.exit(1);
} else {
  const port = process.env.METRICS_PORT;
  if (!port) {
    console.error("PGlite: set METRICS_PORT (and METRICS_HOST) to the running server's operations listener");
    process.exit(2);
  }
  const res = await fetch(`http://${process.env.METRICS_HOST ?? '127.0.0.1'}:${port}/backup`);
  if (!res.ok) {
    console.error(`backup failed: ${res.status} ${await res.text()}`);
    process.exit(1);
  }
  writeFileSync(tmp, Buffer.from(await res.arrayBuffer()));
}
renameSync(tmp, out);
console.log(`backup written to ${out}`);
