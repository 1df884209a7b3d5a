// `npm test`: every suite, with a summary line per runner, each phase's minutes and one total at the end.
//  1. vitest: packages, server (PGlite; the files that mock a module in server-isolated), web unit tests and
//     the repository scripts' tests
//  2. the server suite again on a throw-away PostgreSQL server
//  3. the chaos tests (a database failover under load, a head-end process killed mid-campaign)
//  4. browser tests (Playwright driving Debian's Chromium) against the real server
// The browser tests run beside 1 and 2 (see `startBrowserTests`); the chaos tests run last, alone.
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startPostgres } from './pg-throwaway.mjs';
import { playwrightCounts, playwrightFailures, vitestCounts, vitestFailures } from './test-summary.mjs';

const root = path.resolve(import.meta.dirname, '..');
const tmp = mkdtempSync(path.join(os.tmpdir(), 'prepay-test-'));
const results = [];

const started = Date.now();
const minutes = (since) => `${((Date.now() - since) / 60_000).toFixed(1)} min`;

function run(label, cmd, args, env = {}) {
  console.log(`\n=== ${label} ===`);
  const since = Date.now();
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(`=== ${label}: ${minutes(since)} ===`);
  return res.status ?? 1;
}

function vitest(label, args, env = {}) {
  const out = path.join(tmp, `${label.replace(/\W+/g, '-')}.json`);
  const status = run(
    label,
    'node_modules/.bin/vitest',
    ['run', '--reporter=default', '--reporter=json', `--outputFile=${out}`, ...args],
    env,
  );
  const report = existsSync(out) ? JSON.parse(readFileSync(out, 'utf8')) : null;
  const { passed, failed } = vitestCounts(report, status);
  results.push({ label, passed, failed, failures: vitestFailures(report) });
}

/**
 * The browser tests, started in the background before the vitest suites, their output kept in a file and
 * printed when they end. One Playwright worker waits on the browser and the server most of the time and
 * leaves about one of the two cores idle; the vitest suites fill it. This process then lowers its own
 * priority, so the suites it starts after (vitest, PostgreSQL) take only what the browser tests leave:
 * the browser tests run nearly as fast as alone. Resolves to nothing when apps/web has no test:e2e.
 */
function startBrowserTests() {
  const webPkg = JSON.parse(readFileSync(path.join(root, 'apps/web/package.json'), 'utf8'));
  if (!webPkg.scripts?.['test:e2e']) return Promise.resolve();
  const label = 'browser tests (Playwright + Chromium)';
  const out = path.join(tmp, 'playwright.json');
  const logFile = path.join(tmp, 'playwright.log');
  const log = openSync(logFile, 'w');
  console.log(`\n=== ${label}: started in the background, printed when done (${logFile}) ===`);
  const since = Date.now();
  const child = spawn('npm', ['run', 'test:e2e', '-w', 'apps/web', '--', '--reporter=list,json'], {
    cwd: root,
    stdio: ['ignore', log, log],
    env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: out },
  });
  closeSync(log);
  os.setPriority(10);
  return new Promise((resolve) => {
    child.on('error', (err) => console.error(`${label} did not start: ${err.message}`));
    child.on('close', (code) => {
      console.log(`\n=== ${label} ===`);
      console.log(readFileSync(logFile, 'utf8'));
      console.log(`=== ${label}: ${minutes(since)} ===`);
      const report = existsSync(out) ? JSON.parse(readFileSync(out, 'utf8')) : null;
      const { passed, failed, flaky } = playwrightCounts(report, code ?? 1);
      if (flaky)
        console.log(`browser tests: ${flaky} FAILED first and passed only on a retry — counted as failed`);
      resolve({ label: 'browser tests', passed, failed, failures: playwrightFailures(report) });
    });
  });
}

const browserTests = startBrowserTests();

vitest('unit and server tests (PGlite)', [
  '--project',
  'server',
  '--project',
  'server-isolated',
  '--project',
  'web',
  '--project',
  'sts',
  '--project',
  'contracts',
  '--project',
  'dlt645',
  '--project',
  'dlms',
  '--project',
  'bytes',
  '--project',
  'simulator',
  '--project',
  'scripts',
]);

let pg;
try {
  pg = await startPostgres();
  vitest(
    'server tests (PostgreSQL)',
    ['--project', 'server-postgres', '--project', 'server-postgres-isolated'],
    {
      TEST_DATABASE_URL: pg.url,
    },
  );
} catch (err) {
  console.error(`PostgreSQL run failed to start: ${err.message}`);
  results.push({ label: 'server tests (PostgreSQL)', passed: 0, failed: 1 });
} finally {
  pg?.stop();
}

const browserResult = await browserTests;
if (browserResult) results.push(browserResult);

// Processes killed under load (a PostgreSQL primary under 16 vending clients, one of three head-end processes
// mid-campaign): alone and one after the other, so the machine's two cores serve each and nothing else;
// `npm run chaos` runs the same and prints the figures.
vitest('chaos tests (failover, head-end)', ['--project', 'chaos', '--no-file-parallelism']);

console.log('\n=== summary ===');
for (const r of results) {
  console.log(`${r.label}: ${r.passed} passed, ${r.failed} failed`);
  for (const f of r.failures ?? []) console.log(`  FAILED ${f}`);
}
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
console.log(`\nTotal: ${passed} passed, ${failed} failed (${minutes(started)})`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
