import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

/**
 * Browser tests against the real server and a fresh database, serving the production build from
 * apps/web/dist (`npm run test:e2e` builds first). Debian's Chromium, never a downloaded browser.
 */
const PORT = Number(process.env.E2E_PORT ?? 18080);
export const ADMIN_PASSWORD = 'Admin-e2e-Pass1';
export const ADMIN_AUTHORIZATION_PASSWORD = 'Auth-e2e-Pass1';
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'prepay-e2e-'));

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results',
  fullyParallel: false,
  workers: 1,
  // No retries: a test that needs one has a race to fix (wait for what the user sees, never a sleep).
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    headless: true,
    locale: 'en-US',
    viewport: { width: 1366, height: 800 },
    // The console honours prefers-reduced-motion (no antd animations): no click lands mid-animation.
    reducedMotion: 'reduce',
    // A trace of each test, kept when it fails: the DOM at every step, without the screencast (frames of
    // every test captured and encoded while the browser works; the failure screenshot below stays).
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-quic',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    // Started directly with node (not npx) so the process Playwright stops is the server itself.
    command: 'node --import tsx apps/server/src/main.ts',
    cwd: repoRoot,
    url: `http://127.0.0.1:${PORT}/healthz`,
    reuseExistingServer: false,
    // The demo seed on a loaded two-core machine can take minutes; this is a start-up allowance, not a test time.
    timeout: 300_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_PASSWORD,
      ADMIN_AUTHORIZATION_PASSWORD,
      SEED: 'demo',
      DEMO_PASSWORD: 'Demo-e2e-Pass1',
      DEMO_AUTHORIZATION_PASSWORD: 'Demo-e2e-Auth1',
      // E2E_WEB_DIST serves another build (e.g. while a bench serves dist).
      WEB_DIST: process.env.E2E_WEB_DIST ?? 'apps/web/dist',
      LOG_LEVEL: 'warn',
      // The error-toast tests log in wrongly on purpose; do not let them lock the accounts.
      LOGIN_MAX_FAILURES: '1000',
      // The error-toast tests fail logins on purpose and the API logins from the helpers carry no code,
      // so the demand after failures is held off (tests that need the code have the page told so).
      LOGIN_CAPTCHA_AFTER_FAILURES: '1000',
      // Test servers only: a challenge carries its code, which the login form exposes as data-code.
      CAPTCHA_REVEAL_FOR_TESTS: 'on',
      // The head-end and the simulated fleet run as npm start runs them, on ports next to E2E_PORT.
      SIMULATOR: 'on',
      MQTT_PORT: process.env.E2E_MQTT_PORT ?? String(PORT + 3),
      HEADEND_PORT: process.env.E2E_HEADEND_PORT ?? String(PORT + 11),
    },
  },
});
