import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Property tests run thousands of cases: generous on a loaded 2-core machine; timings are never asserted.
  test: { name: 'sts', include: ['src/**/*.test.ts', 'test/**/*.test.ts'], testTimeout: 60_000 },
});
