/**
 * A vitest reporter beside the default one: after each run, each test file's time — importing it
 * (collect) and running its tests and hooks — written to test/artifacts/test-times.json, slowest
 * first, so that a file that became slow shows (issue 31: "measure each file's time"). A record,
 * never an assertion: the suite runs on busy machines.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Reporter, TestModule } from 'vitest/node';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

export default class TimesReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const files = modules
      .map((m) => {
        const d = m.diagnostic();
        return { file: relative(root, m.moduleId), project: m.project.name, state: m.state(), tests: [...m.children.allTests()].length, ms: Math.round(d.duration), importMs: Math.round(d.collectDuration) };
      })
      .sort((a, b) => b.ms + b.importMs - (a.ms + a.importMs));
    const total = files.reduce((s, f) => s + f.ms + f.importMs, 0);
    mkdirSync(join(root, 'test/artifacts'), { recursive: true });
    writeFileSync(join(root, 'test/artifacts/test-times.json'), JSON.stringify({ at: new Date().toISOString(), files: files.length, totalMs: total, byFile: files }, null, 2) + '\n');
  }
}
