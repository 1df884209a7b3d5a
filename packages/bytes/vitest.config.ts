import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { name: 'bytes', include: ['test/**/*.test.ts'] },
});
