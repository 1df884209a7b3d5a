import { defineConfig } from 'vitest/config';

// One runner for the whole repository: each workspace is a project with its own environment.
export default defineConfig({
  test: {
    projects: [
      'packages/*',
      'apps/server',
      'apps/simulator',
      'apps/web',
      // The repository's own tooling (the dependency rule).
      { test: { name: 'scripts', include: ['scripts/**/*.test.mjs'], environment: 'node' } },
    ],
    // Two cores: more workers only make each PGlite slower.
    maxWorkers: 2,
  },
});
