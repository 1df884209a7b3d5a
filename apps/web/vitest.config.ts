import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  // Same deep entry as vite.config.ts (the permission helpers without the zod schemas).
  resolve: {
    alias: {
      '@prepay/contracts/permissions': fileURLToPath(
        new URL('../../packages/contracts/src/permissions.ts', import.meta.url),
      ),
      '@prepay/contracts/error-code': fileURLToPath(
        new URL('../../packages/contracts/src/error-code.ts', import.meta.url),
      ),
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // A first render of an antd component in jsdom is slow on a loaded 2-core machine (over 5 s at load
    // 20): the limit is for a hung test, not a measure of speed.
    testTimeout: 30_000,
  },
});
