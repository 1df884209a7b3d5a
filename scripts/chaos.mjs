// `npm run chaos`: the tests that kill processes under load (the `chaos` vitest project), then their figures.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const dir = mkdtempSync(path.join(os.tmpdir(), 'prepay-chaos-'));
const report = path.join(dir, 'figures.jsonl');
// One file at a time: each test measures how its processes recover, and the two would share two cores.
const args = ['run', '--project', 'chaos', '--no-file-parallelism', ...process.argv.slice(2)];
const res = spawnSync('node_modules/.bin/vitest', args, {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, CHAOS_REPORT: report },
});
console.log('\n=== chaos figures ===');
const lines = existsSync(report) ? readFileSync(report, 'utf8').trim().split('\n').filter(Boolean) : [];
for (const line of lines) {
  const { test, ...figures } = JSON.parse(line);
  console.log(`${test}:`);
  for (const [name, value] of Object.entries(figures)) console.log(`  ${name.padEnd(24)} ${value}`);
}
if (lines.length === 0) console.log('(no figures: a test failed before it measured)');
rmSync(dir, { recursive: true, force: true });
process.exit(res.status ?? 1);
