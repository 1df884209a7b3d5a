// `npm start`: runs the current release with plain node. It builds first when there is no release or when
// the sources changed since the current one was built (a fingerprint of their names, sizes and times);
// SERVER_NODE_ARGS adds node flags to the server. START_BUILD=never runs whatever is current (a deployment that builds once), START_BUILD=always rebuilds.
// The server runs as a child of this script, which records it in its release's pids/ folder so a later
// build does not delete a release that is being served, and passes SIGINT/SIGTERM on.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build, currentRelease, sourceFingerprint } from './build-lib.mjs';

const mode = process.env.START_BUILD ?? 'stale';
if (!['stale', 'never', 'always'].includes(mode)) {
  console.error(`START_BUILD must be stale, never or always, got "${mode}"`);
  process.exit(2);
}

async function release() {
  const current = currentRelease();
  if (mode === 'never') {
    if (!current) throw new Error('no build: run "npm run build" first (START_BUILD=never)');
    return current.dir;
  }
  if (mode === 'stale' && current && current.manifest.fingerprint === sourceFingerprint()) return current.dir;
  console.log(
    current ? 'start: sources changed since the last build, building' : 'start: no build yet, building',
  );
  return build();
}

let dir;
let pidFile;
for (let attempt = 0; ; attempt++) {
  dir = await release().catch((err) => {
    console.error(`start: ${err.message}`);
    process.exit(1);
  });
  pidFile = path.join(dir, 'pids', String(process.pid));
  mkdirSync(path.dirname(pidFile), { recursive: true });
  writeFileSync(pidFile, '');
  // A build in another checkout process may have collected this release between the two steps: pick again.
  if (existsSync(path.join(dir, 'main.js')) || attempt > 3) break;
}

// SERVER_NODE_ARGS: node flags for the server only, e.g. "--max-old-space-size=2048" or "--cpu-prof".
const nodeArgs = (process.env.SERVER_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
const child = spawn(process.execPath, [...nodeArgs, '--enable-source-maps', path.join(dir, 'main.js')], {
  stdio: 'inherit',
});
const forward = (signal) => child.kill(signal);
process.on('SIGINT', forward);
process.on('SIGTERM', forward);
child.on('exit', (code, signal) => {
  rmSync(pidFile, { force: true });
  process.exit(code ?? (signal ? 128 + 1 : 1));
});
