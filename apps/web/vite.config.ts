import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { measureScrollbarOnce } from './scripts/measure-scrollbar-once';
import { preloadUnloadedOnly } from './scripts/preload-unloaded-only';

const preload = preloadUnloadedOnly();

/**
 * The contracts barrel also exports the zod schemas: a module the login page or the shell imports from
 * it lands in the chunk with zod (~21 KB gzip). These deep entries reach the dependency-free
 * modules only (the permission helpers, the envelope's error codes).
 */
const contractsAlias = Object.fromEntries(
  ['permissions', 'error-code'].map((name) => [
    `@prepay/contracts/${name}`,
    fileURLToPath(new URL(`../../packages/contracts/src/${name}.ts`, import.meta.url)),
  ]),
);

// The API is served by apps/server; in dev, proxy /api there so the runtime config can stay same-origin.
export default defineConfig({
  plugins: [react(), measureScrollbarOnce(), preload.plugin],
  resolve: { alias: contractsAlias },
  server: {
    proxy: { '/api': process.env.API_URL ?? 'http://127.0.0.1:3000' },
  },
  build: {
    outDir: 'dist',
    // scripts/bench.mjs reads the manifest to add up what each route loads.
    manifest: true,
    emptyOutDir: true,
    modulePreload: { resolveDependencies: preload.resolveDependencies },
    // The login page budget is checked by scripts/bench.mjs; the warning limit is for the big route chunks.
    chunkSizeWarningLimit: 1200,
  },
});
