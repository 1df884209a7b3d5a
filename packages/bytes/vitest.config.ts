import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'bytes',
    // Pure functions (module state only caches keyed by their input), no mocks, no environment: the files
    // share one module graph per worker instead of each file evaluating it again in a fresh one.
    isolate: false,
    include: ['test/**/*.test.ts'],
  },
});
