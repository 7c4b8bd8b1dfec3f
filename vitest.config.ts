import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    testTimeout: 120_000,
    projects: [
      // Compiler, runtime, scenarios, CLI: the test files run in parallel.
      { extends: true, test: { name: 'unit', include: ['test/**/*.test.ts'], exclude: ['test/e2e/**', '**/node_modules/**'], sequence: { groupOrder: 0 } } },
      // The playground in Chromium (test/e2e/README.md): after the unit tests, one file at a
      // time, so the browser's timings are not measured on a machine busy with playouts.
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          globalSetup: ['test/e2e/global-setup.ts'],
          fileParallelism: false,
          hookTimeout: 120_000,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
