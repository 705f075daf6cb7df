import { defineConfig } from 'vitest/config';

/**
 * The web's unit tests (`npx vitest run`, a step of `npm test`): the logic the browser tests reach
 * only through a page, tested beside its module (`*.test.ts`). They run in Node, with no DOM: the
 * repository has no DOM library (jsdom), so a test stubs the one browser global its module reads.
 * The app's build (vite.config.ts) is not loaded: its plugins and aliases are the bundle's business.
 */
export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'node',
    // Threads rather than processes: a third less CPU for these small files (no native module here).
    pool: 'threads',
    // A browser global a test stubs (document, window, fetch) is put back after each test.
    unstubGlobals: true,
  },
});
