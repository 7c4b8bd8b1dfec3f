import { defineConfig } from 'vitest/config';

/**
 * The unit tests as StrykerJS runs them (`npm run mutate`, stryker.config.json): no browser tests,
 * no reporters of our own. MUTATE_TESTS (test files, space-separated) narrows the tests to those
 * that cover the code being mutated — a whole run's first pass runs every test once.
 */
const only = process.env.MUTATE_TESTS?.split(/\s+/).filter(Boolean);

export default defineConfig({
  test: {
    include: only?.length ? only : ['test/**/*.test.ts'],
    exclude: ['test/e2e/**', '**/node_modules/**'],
    testTimeout: 300_000,
    hookTimeout: 300_000,
    // Stryker switches mutants on at run time in unchanged files: compiled games are not shared (test/compile-cache.ts).
    env: { GRIMOIRE_COMPILE_CACHE: 'off' },
  },
});
