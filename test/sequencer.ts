/**
 * The order the test files start in: longest first, unit and browser files together.
 *
 * Vitest's own order runs one project's files after the other's (by name) and, on a clean clone
 * where it has no record of earlier runs, larger files first. Both projects run in one group
 * (vitest.config.ts), on the same workers, so the order decides how well two cores are kept busy:
 * a file of three minutes started last is three minutes with one core idle. Longest first
 * ("longest processing time" scheduling) leaves the short files to fill the gaps at the end.
 *
 * How long a file takes: vitest's record of the last run on this machine when it has one
 * (node_modules/.vite/vitest), else the rough figures below (seconds on a busy 2-core machine, from
 * test/artifacts/test-times.json of a whole run, 2026-11-29), else its size. A figure here is only a hint for the order: a
 * wrong one costs some minutes of a run, never a wrong result.
 */
import { statSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const LONG_FILES: Record<string, number> = {
  'test/e2e/workspace.test.ts': 120,
  'test/queue.test.ts': 110,
  'test/e2e/cards.test.ts': 110,
  'test/e2e/faces.test.ts': 100,
  'test/e2e/balance-report.test.ts': 95,
  'test/e2e/online.test.ts': 90,
  'test/balance-calibration.test.ts': 58,
  'test/e2e/match.test.ts': 55,
  'test/e2e/big-file.test.ts': 46,
  'test/scenario-rename.test.ts': 44,
  'test/agents.test.ts': 44,
  'test/e2e/readings.test.ts': 41,
  'test/e2e/language.test.ts': 40,
  'test/readings.test.ts': 39,
  'test/e2e/start.test.ts': 38,
  'test/cli-terminal.test.ts': 37,
  'test/e2e/revision.test.ts': 37,
  'test/e2e/simulate.test.ts': 36,
  'test/e2e/casebook.test.ts': 34,
  'test/balance.test.ts': 28,
};

/**
 * Seconds per byte of a test file with no figure, by project: a browser test's few lines drive a
 * page for seconds (about 2 s per kB), a unit test's many lines are mostly quick (about 0.15 s per
 * kB; medians of the files' times over their sizes in one run). A guess, for the order only.
 */
const SECONDS_PER_BYTE: Record<string, number> = { e2e: 2 / 1000, unit: 0.15 / 1000 };

/** How long a file is expected to take (s): the last run's time, else LONG_FILES, else its size. */
function expectedSeconds(spec: TestSpecification, path: string, last: { failed: boolean; duration: number } | undefined): number {
  if (last && !last.failed && last.duration > 0) return last.duration / 1000;
  if (path in LONG_FILES) return LONG_FILES[path]!;
  try {
    return statSync(spec.moduleId).size * (SECONDS_PER_BYTE[spec.project.name] ?? SECONDS_PER_BYTE.unit!);
  } catch {
    return 0;
  }
}

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    // Each file's record of the last run, read once.
    const withTimes = files.map((spec) => {
      const path = relative(root, spec.moduleId);
      const last = this.ctx.cache.getFileTestResults(`${spec.project.name}:${path}`);
      return { spec, failed: !!last?.failed, seconds: expectedSeconds(spec, path, last) };
    });
    // A failed file first (vitest's habit: the answer a developer waits for), then longest first.
    withTimes.sort((a, b) => Number(b.failed) - Number(a.failed) || b.seconds - a.seconds);
    return withTimes.map((w) => w.spec);
  }
}
