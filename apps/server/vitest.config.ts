import { configDefaults, defineConfig } from 'vitest/config';

/** The database the suite runs on: PGlite by default, a PostgreSQL server with TEST_DATABASE_URL. */
export const SERVER_PROJECT = process.env.TEST_DATABASE_URL ? 'server-postgres' : 'server';

/**
 * The test files that need a process of their own (project `server-isolated` / `server-postgres-isolated`).
 */
export const ISOLATED_TESTS = [
  // Replaces a module (vi.mock): that works only before the module is first loaded, and it would stay
  // replaced for the worker's later files.
  'test/hardening-login-cost.test.ts',
  // Searches a heap snapshot of its own process for keys: the server's residue, not what earlier files
  // left in a shared worker's heap (which also makes the snapshot several times larger).
  'test/pkcs11-residue.test.ts',
];

/** Both projects' settings: one bootstrapped database copied for each test file, generous timeouts. */
export const serverTest = {
  globalSetup: ['test/global-setup.ts'],
  // Generous: the suite shares 2 cores with PGlite and child servers; no test asserts a timing.
  testTimeout: 180_000,
  hookTimeout: 120_000,
};

// The same suite runs on PGlite (default) and, with TEST_DATABASE_URL, on a PostgreSQL server.
export default defineConfig({
  test: {
    ...serverTest,
    name: SERVER_PROJECT,
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...ISOLATED_TESTS],
    // A worker's test files share one module graph instead of each evaluating the server's again in a fresh
    // process (most of the suite's cost was that import). Sound because a file leaves nothing behind that
    // another reads: each builds its apps on its own database copy and closes them, passes settings to
    // the app it builds rather than through process.env, and restores what process-wide state it
    // changes (TZ) in afterAll. A file that cannot goes into ISOLATED_TESTS.
    isolate: false,
  },
});
