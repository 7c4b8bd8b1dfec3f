import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { e2ePlan } from './test/e2e/chromium.ts';
import LongestFirst from './test/sequencer.ts';

// The browser tests need Chromium or Chrome (test/e2e/chromium.ts looks where people have one).
// Without one they are skipped with one line saying how to run them — except under CI=true,
// where they run and fail with the install command.
// (Vitest reads this file once per project: the line is said once per run.)
const e2e = e2ePlan();
const said = Symbol.for('grimoire.e2e-skip-said');
if (!e2e.run && !e2e.fail && !(globalThis as Record<symbol, unknown>)[said]) {
  (globalThis as Record<symbol, unknown>)[said] = true;
  console.log(`\n${e2e.line}\n`);
}

/**
 * Limits that only turn a hang into a failure (ms). The suite runs on a developer's machine that
 * is never idle: a test that takes 15 s alone can take several times that beside other work, so
 * the limits are many times the slowest test's time on a busy 2-core machine. Speed is measured
 * in benchmarks (npm run bench), never asserted here. (300 s was not enough: at a load average of
 * 20–25 on 2 cores, on 2026-11-28, scenario-rename's sweep over every name took 678 s and
 * readings' longest test 302 s — slow, not hung.)
 */
const HANG = 900_000;

/**
 * How many test files run at once, unit and browser files together (one group: vitest requires
 * projects run together to have one count). At least two: vitest's default (one fewer than the
 * cores) is one file at a time on a 2-core machine, and then a core waits whenever a test waits
 * for a `grimoire` it started, a page or a server. GRIMOIRE_TEST_WORKERS overrides it (to compare).
 */
const WORKERS = Number(process.env.GRIMOIRE_TEST_WORKERS) || Math.max(2, availableParallelism() - 1);

export default defineConfig({
  test: {
    // Each file's time, recorded in test/artifacts/test-times.json (test/times-reporter.ts).
    reporters: ['default', './test/times-reporter.ts'],
    testTimeout: HANG,
    hookTimeout: HANG,
    // Both projects run together, longest file first (test/sequencer.ts): with the browser files
    // after the unit files, the last browser file (a whole online match) ran with one core idle.
    sequence: { sequencer: LongestFirst },
    projects: [
      // Compiler, runtime, scenarios, CLI.
      // isolate: false — a worker process runs file after file with the modules it has already
      // imported, instead of importing the sources again for each of 110 files (the imports summed
      // 550 s of wall at a load of 11–16, 90 s without isolation; CPU of the whole unit project,
      // side by side at one load: 731 s isolated, 550 s not). Each file still runs alone in its
      // worker; what a test changes of a module's state it puts back (setLanguage, readPlainCards,
      // grimoire-in-process.ts), and compiledGame's IRs are shared read-only. Two whole runs passed
      // so (test/README.md).
      { extends: true, test: { name: 'unit', isolate: false, include: ['test/**/*.test.ts'], exclude: ['test/e2e/**', '**/node_modules/**'], maxWorkers: WORKERS, sequence: { groupOrder: 0 } } },
      // The playground in Chromium (test/e2e/README.md), beside the unit tests. Each file has its
      // own browser contexts on the run's one Chromium and preview server, waits only for
      // conditions and asserts no time, so a neighbour can only slow it. (The timings the files
      // record are taken beside other files.) isolate: false as for the unit files: the files
      // import playwright and the harness once per worker; they keep no module state of their own
      // (the harness's is read-only: the build's address, the browser's endpoint).
      {
        extends: true,
        test: {
          name: 'e2e',
          isolate: false,
          include: ['test/e2e/**/*.test.ts'],
          // Skipped (no browser, not CI): the project stays, with no files.
          exclude: e2e.run || e2e.fail ? ['**/node_modules/**'] : ['**'],
          globalSetup: ['test/e2e/global-setup.ts'],
          maxWorkers: WORKERS,
          sequence: { groupOrder: 0 },
        },
      },
    ],
  },
});
