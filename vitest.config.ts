import { defineConfig } from 'vitest/config';

// One runner for the whole repository: each workspace is a project with its own environment.
export default defineConfig({
  test: {
    projects: [
      'packages/*',
      // The server's suite, its files sharing a worker's module graph, and the few that need their own.
      'apps/server/vitest.config.ts',
      'apps/server/vitest.isolated.config.ts',
      'apps/simulator',
      'apps/web',
      // Killing processes under load (npm run chaos): real servers, HAProxy and a pg_auto_failover pair.
      {
        test: {
          name: 'chaos',
          root: 'apps/server',
          include: ['test/*.chaos.ts'],
          environment: 'node',
          testTimeout: 300_000,
          hookTimeout: 120_000,
        },
      },
      // The repository's own tooling (the dependency rule).
      { test: { name: 'scripts', include: ['scripts/**/*.test.mjs'], environment: 'node' } },
    ],
    // Two cores: more workers only make each PGlite slower.
    maxWorkers: 2,
  },
});
