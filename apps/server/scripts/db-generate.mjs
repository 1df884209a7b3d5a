// Generates a migration from src/db/schema.ts. npm keeps drizzle-orm nested under apps/server, where
// the hoisted drizzle-kit cannot import it; link it beside drizzle-kit for the run.
import { execFileSync } from 'node:child_process';
import { existsSync, rmSync, symlinkSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../../..');
const hoisted = path.join(root, 'node_modules/drizzle-orm');
const linked = !existsSync(hoisted);
if (linked) symlinkSync(path.join(root, 'apps/server/node_modules/drizzle-orm'), hoisted, 'dir');
try {
  execFileSync(path.join(root, 'node_modules/.bin/drizzle-kit'), ['generate', ...process.argv.slice(2)], {
    cwd: path.resolve(import.meta.dirname, '..'),
    stdio: 'inherit',
  });
} finally {
  if (linked) rmSync(hoisted);
}
