// `node scripts/restore.mjs <file>`: restores a backup of scripts/backup.mjs into a fresh database.
//   PostgreSQL (DATABASE_URL set, an empty database): pg_restore --exit-on-error --no-owner.
//   PGlite (DATA_DIR, absent or empty): the data folder unpacked. Put master.key (or KEY_ENCRYPTION_KEY)
//   back from where the KEK is kept, or sealed keys cannot be used.
// Then start the server on it; migrations newer than the backup run at start-up as usual.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { pgBin } from './pg-bin.mjs';

const file = process.argv[2];
if (!file || !existsSync(file)) {
  console.error(
    'usage: node scripts/restore.mjs <backup file>   (DATABASE_URL for PostgreSQL, else DATA_DIR for PGlite)',
  );
  process.exit(2);
}
if (process.env.DATABASE_URL) {
  const res = spawnSync(
    pgBin('pg_restore'),
    ['--exit-on-error', '--no-owner', `--dbname=${process.env.DATABASE_URL}`, file],
    {
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  process.exit(res.status === 0 ? 0 : 1);
}
const dir = process.env.DATA_DIR;
if (!dir) {
  console.error('PGlite: set DATA_DIR to the (new, empty) data folder to restore into');
  process.exit(2);
}
if (existsSync(dir) && readdirSync(dir).some((f) => f !== 'master.key')) {
  console.error(`${dir} is not empty: restore into a new folder`);
  process.exit(2);
}
mkdirSync(dir, { recursive: true });
// PGlite's dump names its entries from the data folder's root ("/PG_VERSION", "/base/…").
const res = spawnSync('tar', ['-xzf', file, '-C', dir], { stdio: ['ignore', 'inherit', 'pipe'] });
if (res.status !== 0 || !existsSync(path.join(dir, 'PG_VERSION'))) {
  console.error(`restore failed: ${res.stderr}`);
  process.exit(1);
}
console.log(`restored into ${dir}`);
