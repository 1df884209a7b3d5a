import { defineConfig } from 'vitest/config';

// Real sockets and a real broker on a loaded 2-core machine: generous timeouts; no test asserts a timing.
export default defineConfig({
  test: { name: 'simulator', include: ['test/**/*.test.ts'], testTimeout: 60_000, hookTimeout: 30_000 },
});
