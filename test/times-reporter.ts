/**
 * A vitest reporter beside the default one: after each run, each test file's time — importing it
 * (collect) and running its tests and hooks — written to test/artifacts/test-times.json, slowest
 * first, so that a file that became slow shows (issue 31: "measure each file's time"). With them
 * the run's wall time, how many files ran at once, and the machine's load average at the start and
 * the end (a time means little without the load it was taken under: the suite runs on busy
 * machines). Each run also adds one line to test/artifacts/test-times-history.jsonl (when, wall,
 * sum of the files' times, load), so a run can be compared with the last ones. Each file also has
 * when it was queued to a worker and when it ended (s from the run's start): the run's timeline,
 * which shows whether both cores were kept busy and which file ended last.
 * A record, never an assertion.
 */
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Reporter, TestModule, Vitest } from 'vitest/node';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const load = () => loadavg().map((l) => Math.round(l * 100) / 100);

export default class TimesReporter implements Reporter {
  private started = performance.now();
  private loadAtStart = load();
  private workers: Record<string, number> = {};
  /** Seconds from the run's start at which each file was queued to a worker and ended. */
  private queuedAt = new Map<string, number>();
  private endedAt = new Map<string, number>();
  private since = (): number => Math.round((performance.now() - this.started) / 100) / 10;

  onInit(vitest: Vitest): void {
    this.started = performance.now();
    this.loadAtStart = load();
    for (const p of vitest.projects) this.workers[p.name] = p.config.maxWorkers ?? vitest.config.maxWorkers;
  }

  onTestModuleQueued(m: TestModule): void {
    this.queuedAt.set(m.moduleId, this.since());
  }

  onTestModuleEnd(m: TestModule): void {
    this.endedAt.set(m.moduleId, this.since());
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const files = modules
      .map((m) => {
        const d = m.diagnostic();
        return { file: relative(root, m.moduleId), project: m.project.name, state: m.state(), tests: [...m.children.allTests()].length, ms: Math.round(d.duration), importMs: Math.round(d.collectDuration), queuedS: this.queuedAt.get(m.moduleId) ?? null, endedS: this.endedAt.get(m.moduleId) ?? null };
      })
      .sort((a, b) => b.ms + b.importMs - (a.ms + a.importMs));
    const total = files.reduce((s, f) => s + f.ms + f.importMs, 0);
    const run = { at: new Date().toISOString(), wallMs: Math.round(performance.now() - this.started), files: files.length, totalMs: total, cores: availableParallelism(), workers: this.workers, loadAtStart: this.loadAtStart, loadAtEnd: load() };
    mkdirSync(join(root, 'test/artifacts'), { recursive: true });
    writeFileSync(join(root, 'test/artifacts/test-times.json'), JSON.stringify({ ...run, byFile: files }, null, 2) + '\n');
    appendFileSync(join(root, 'test/artifacts/test-times-history.jsonl'), JSON.stringify({ ...run, failed: files.filter((f) => f.state === 'failed').length }) + '\n');
  }
}
