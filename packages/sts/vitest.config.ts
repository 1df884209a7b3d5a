import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { name: 'sts', include: ['src/**/*.test.ts', 'test/**/*.test.ts'] },
});
