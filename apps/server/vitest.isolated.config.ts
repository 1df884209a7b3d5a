import { defineConfig } from 'vitest/config';
import { ISOLATED_TESTS, SERVER_PROJECT, serverTest } from './vitest.config.js';

// The server's test files that need a fresh process each (see ISOLATED_TESTS), on the same database.
export default defineConfig({
  test: {
    ...serverTest,
    name: `${SERVER_PROJECT}-isolated`,
    include: ISOLATED_TESTS,
    isolate: true,
  },
});
