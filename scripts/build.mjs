// `npm run build`: a new production release (server bundled to plain JavaScript + web console), made current
// atomically. See scripts/build-lib.mjs.
import { build } from './build-lib.mjs';

await build().catch((err) => {
  console.error(`build failed: ${err.message}`);
  process.exit(1);
});
