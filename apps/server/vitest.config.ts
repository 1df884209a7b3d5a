import { defineConfig } from 'vitest/config';

// The same suite runs on PGlite (default) and, with TEST_DATABASE_URL, on a PostgreSQL server.
export default defineConfig({
  test: {
    name: process.env.TEST_DATABASE_URL ? 'server-postgres' : 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    // Generous: the suite shares 2 cores with PGlite and child servers; no test asserts a timing.
    testTimeout: 180_000,
    hookTimeout: 120_000,
  },
});
