import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The contracts barrel also exports the zod schemas, and the package does not declare itself free of
 * side effects, so importing the permission helpers from it would put zod (~25 KB gzip) on the login
 * page. This deep entry reaches the dependency-free permissions module only.
 */
const contractsAlias = {
  '@prepay/contracts/permissions': fileURLToPath(
    new URL('../../packages/contracts/src/permissions.ts', import.meta.url),
  ),
};

// The API is served by apps/server; in dev, proxy /api there so the runtime config can stay same-origin.
export default defineConfig({
  plugins: [react()],
  resolve: { alias: contractsAlias },
  server: {
    proxy: { '/api': process.env.API_URL ?? 'http://127.0.0.1:3000' },
  },
  build: {
    outDir: 'dist',
    // scripts/bench.mjs reads the manifest to add up what each route loads.
    manifest: true,
    emptyOutDir: true,
    // The login page budget is checked by scripts/bench.mjs; the warning limit is for the big route chunks.
    chunkSizeWarningLimit: 1200,
  },
});
