#!/usr/bin/env node
// Bundle size: gzip size of the JavaScript the login page loads (entry + the login route chunk and
// their static imports, from the Vite manifest) and of each route chunk. Run after `vite build`.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const LOGIN_BUDGET_KB = 281;
const dist = process.env.BENCH_DIST ?? join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifestPath = join(dist, '.vite', 'manifest.json');
if (!existsSync(manifestPath)) {
  console.error('No dist/.vite/manifest.json: run `npm run build -w apps/web` first.');
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const gz = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/** Files (JS) a chunk needs before it runs: itself and its static imports, transitively. */
function closure(keys, seen = new Set()) {
  for (const key of keys) {
    if (seen.has(key)) continue;
    seen.add(key);
    closure(manifest[key]?.imports ?? [], seen);
  }
  return seen;
}
const jsSize = (keys) =>
  [...keys].reduce((sum, k) => sum + (manifest[k]?.file.endsWith('.js') ? gz(manifest[k].file) : 0), 0);

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
const routeKeys = Object.keys(manifest).filter((k) => manifest[k].isDynamicEntry);
const loginKey = routeKeys.find((k) => k.endsWith('login-page.tsx'));
if (!entryKey || !loginKey) {
  console.error('Entry or login chunk not found in the manifest.');
  process.exit(1);
}

const entryFiles = closure([entryKey]);
const loginFiles = closure([entryKey, loginKey]);
const loginTotal = jsSize(loginFiles);

console.log('Route chunks (gzip; own chunk + static imports not already in the entry):');
const rows = routeKeys
  .map((k) => {
    const own = closure([k]);
    const extra = new Set([...own].filter((x) => !entryFiles.has(x)));
    return { name: k.replace(/^src\//, ''), own: gz(manifest[k].file), extra: jsSize(extra) };
  })
  .sort((a, b) => b.extra - a.extra);
for (const r of rows)
  console.log(`  ${r.name.padEnd(55)} ${kb(r.own).padStart(10)}  +deps ${kb(r.extra).padStart(10)}`);
console.log(`Entry (index.html) JS: ${kb(jsSize(entryFiles))}`);
console.log(`Login page JS total:   ${kb(loginTotal)} (budget ${LOGIN_BUDGET_KB} KB)`);
if (loginTotal > LOGIN_BUDGET_KB * 1024) {
  console.error('Login page is over budget.');
  process.exit(1);
}
