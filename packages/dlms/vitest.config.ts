import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Property tests run thousands of cases: generous on a loaded 2-core machine; timings are never asserted.
  test: { name: 'dlms', include: ['test/**/*.test.ts'], testTimeout: 60_000 },
});
