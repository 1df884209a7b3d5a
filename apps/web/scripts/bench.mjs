#!/usr/bin/env node
// `npm run bench -w apps/web` (after `vite build`): the login page's JavaScript size, then the browser
// bench (click → first row, by URL) against the real server.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
let failed = 0;
for (const script of ['bundle-size.mjs', 'browser-bench.mjs']) {
  // tsx: the browser bench measures the machine's yardstick with the STS engine's TypeScript.
  const res = spawnSync('node', ['--import', 'tsx', join(here, script)], { stdio: 'inherit' });
  if (res.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
