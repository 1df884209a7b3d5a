import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { contractsAlias } from './vite.config';

export default defineProject({
  plugins: [react()],
  resolve: { alias: contractsAlias },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
  },
});
