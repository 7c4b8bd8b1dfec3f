/**
 * A sampled mutation score per folder (issue 31): `npm run mutate:sample -- --folder runtime
 * --mutants 60 --seed 1`. A whole StrykerJS run over runtime/ (13,000 mutants), compiler/ (10,000)
 * and balance/ (4,900) takes days on a shared 2-core machine; a seeded random sample of the
 * folder's mutants, each run against only the tests that cover it, gives the same score within an
 * interval, in an hour.
 *
 * How: StrykerJS's own instrumenter lists every mutant of the folder (the mutators Stryker would
 * use); a seeded draw without replacement picks --mutants of them; Stryker runs with a `mutate`
 * range for each drawn mutant's span and an ignorer (mutation-sample-ignorer.js) that leaves out
 * the nodes inside a span, per-test coverage, and the test files of the folder (FOLDER_TESTS: the
 * unit tests that run its code in-process — not those that only start the CLI or a server in a
 * child process, where Stryker's active mutant does not reach, nor those that read the sources,
 * which Stryker rewrites). Only the drawn mutants are counted (other mutators' mutants on the same
 * node run too, and are left out). A timeout counts as killed, as in Stryker's own score; a
 * mutant no test covers counts as survived. The score's interval is Wilson's at 95%.
 *
 * Triage (bench/mutation-triage.json): a survivor judged equivalent (no program can tell it
 * apart) is left out of the score "over non-equivalent mutants"; the others are real survivors.
 *
 * `--rerun FILE` runs again the survivors listed in a summary (FILE, .json) — after writing the
 * tests that should kill them — and reports their status now. `--list` only draws the sample.
 * `--from-progress` summarizes what a run cut short had judged (its .progress.jsonl).
 * Writes test/artifacts/mutation/sample-<folder>-seed<seed>.{json,md} (a rerun: …-rerun.{json,md}).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Instrumenter } from '@stryker-mutator/instrumenter';
import { wilson } from '../balance/statistics.ts';
import { Rng } from '../runtime/rng.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outDir = join(root, 'test/artifacts/mutation');

/**
 * The tests each folder's mutants run against. Left out everywhere: the browser tests (test/e2e),
 * the CLI, server and queue tests (their code runs in child processes), the tests that read the
 * sources (runtime-structure, folder-rules, i18n-lint, room-allowances, docs), the editor's (lsp,
 * textmate, highlight).
 */
const FOLDER_TESTS: Record<string, string[]> = {
  runtime: [
    'runtime', 'match', 'codegen', 'combinations', 'check-reads', 'evaluate', 'first-responder',
    'generated-programs', 'invariants', 'language', 'log-words', 'multiplayer', 'no-peeking',
    'numbered-labels', 'redeal-uniform', 'reference-hashes', 'reveal', 'sampled-actions',
    'second-level', 'snapshot', 'teams', 'trigger-loop', 'trigger-order', 'undone-declaration',
    'vanilla-agreement', 'views', 'why-not', 'why-not-choice', 'final-state', 'scenarios', 'agents',
    'puzzles', 'deck-lists', 'first-step', 'knowledge', 'balance-opening',
  ],
  balance: [
    'balance', 'balance-duds', 'balance-flags', 'balance-opening', 'balance-replacement',
    'balance-sequential', 'balance-calibration', 'balance-language', 'balance-html', 'balance-view', 'quality',
    'tune', 'playground-balance', 'playground-tune',
  ],
  compiler: [
    'compiler', 'golden', 'ir-schema', 'ir-unchanged', 'language', 'language-services', 'references',
    'symbols', 'revision', 'revision-fine', 'faces-language', 'generated-text-ja', 'generated-programs',
    'numbered-labels', 'check-reads', 'codegen', 'scenarios', 'scenario-check', 'diff', 'grammar',
    'compile-cache', 'first-responder', 'puzzles',
  ],
};

interface Span { start: { line: number; column: number }; end: { line: number; column: number } }
interface Drawn { key: string; file: string; mutatorName: string; replacement: string; location: Span; original: string }
interface Outcome extends Drawn { status: string; killedBy?: string[]; coveredBy?: number }

const { values: args } = parseArgs({
  options: {
    folder: { type: 'string', default: 'runtime' },
    mutants: { type: 'string', default: '60' },
    seed: { type: 'string', default: '1' },
    concurrency: { type: 'string', default: '2' },
    'timeout-ms': { type: 'string', default: '30000' },
    tests: { type: 'string' },
    rerun: { type: 'string' },
    list: { type: 'boolean', default: false },
    'from-progress': { type: 'boolean', default: false },
  },
});

const silent = () => false;
const quiet = {
  isTraceEnabled: silent, isDebugEnabled: silent, isInfoEnabled: silent,
  isWarnEnabled: () => true, isErrorEnabled: () => true, isFatalEnabled: () => true,
  trace() {}, debug() {}, info() {},
  warn: console.warn, error: console.error, fatal: console.error,
};

/** Every mutant of a folder, in a stable order (file, position, mutator, replacement). */
async function mutantsOf(folder: string): Promise<Drawn[]> {
  const files = (readdirSync(join(root, folder), { recursive: true }) as string[])
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'))
    .map((f) => `${folder}/${f.replaceAll('\\', '/')}`)
    .sort();
  const sources = new Map(files.map((name) => [name, readFileSync(join(root, name), 'utf8')]));
  const result = await new Instrumenter(quiet).instrument(
    files.map((name) => ({ name, content: sources.get(name)!, mutate: true })),
    { plugins: null, excludedMutations: [], ignorers: [] },
  );
  return result.mutants
    .map((m) => ({
      key: keyOf(m.fileName, m.location, m.mutatorName, m.replacement),
      file: m.fileName,
      mutatorName: m.mutatorName,
      replacement: m.replacement,
      location: m.location,
      original: textAt(sources.get(m.fileName)!, m.location),
    }))
    .map((m) => ({ m, order: orderOf(m) }))
    .sort((a, b) => (a.order < b.order ? -1 : a.order > b.order ? 1 : 0))
    .map(({ m }) => m);
}

/**
 * The population's order, which a seed's draw depends on: by file, start, mutator and
 * replacement (mutants alike in all four keep the instrumenter's order — the sort is stable).
 * The samples measured in docs/testing-mutation.md were drawn in this order: keep it.
 */
function orderOf(m: Drawn): string {
  return m.key.replace(/-\d{5}:\d{5} /, ' ');
}

/**
 * A mutant's name across runs: file, its span (1-based lines and columns), mutator, replacement.
 * The span's end too: two nodes may start at the same place (`a !== null` and `a !== null && b`).
 */
function keyOf(file: string, loc: Span, mutator: string, replacement: string): string {
  const pad = (n: number) => String(n).padStart(5, '0');
  return `${file}:${pad(loc.start.line + 1)}:${pad(loc.start.column + 1)}-${pad(loc.end.line + 1)}:${pad(loc.end.column + 1)} ${mutator} ${replacement}`;
}

function textAt(source: string, loc: Span): string {
  const lines = source.split('\n').slice(loc.start.line, loc.end.line + 1);
  if (lines.length === 1) return lines[0]!.slice(loc.start.column, loc.end.column);
  lines[0] = lines[0]!.slice(loc.start.column);
  lines[lines.length - 1] = lines[lines.length - 1]!.slice(0, loc.end.column);
  return lines.join('\n');
}

/** A draw of n without replacement (a partial Fisher–Yates shuffle under the engine's own Rng). */
function draw<T>(all: readonly T[], n: number, seed: number): T[] {
  const pool = [...all];
  const rng = new Rng(seed);
  const k = Math.min(n, pool.length);
  for (let i = 0; i < k; i++) {
    const j = i + rng.below(pool.length - i);
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return pool.slice(0, k).sort((a, b) => (orderOf(a as Drawn) < orderOf(b as Drawn) ? -1 : 1));
}

/** Runs Stryker on the drawn mutants and reads back each one's status. */
function runStryker(folder: string, drawn: Drawn[], name: string, tests: string[]): { outcomes: Outcome[]; seconds: number } {
  const spansFile = join(outDir, `${name}.spans.json`);
  writeFileSync(spansFile, JSON.stringify(drawn.map((d) => d.location)));
  const reportFile = `test/artifacts/mutation/${name}.report.json`;
  const config = {
    testRunner: 'vitest',
    vitest: { configFile: 'vitest.mutate.config.ts', related: false },
    plugins: ['@stryker-mutator/vitest-runner', './bench/mutation-sample-ignorer.js'],
    ignorers: ['sample-only'],
    mutate: drawn.map((d) => `${d.file}:${d.location.start.line + 1}:${d.location.start.column}-${d.location.end.line + 1}:${d.location.end.column}`),
    tsconfigFile: 'stryker-has-no-tsconfig.json',
    coverageAnalysis: 'perTest',
    incremental: false,
    reporters: ['progress', 'json', 'sample-progress'],
    jsonReporter: { fileName: reportFile },
    tempDirName: 'node_modules/.cache/stryker-tmp',
    cleanTempDir: 'always',
    concurrency: Number(args.concurrency),
    timeoutMS: Number(args['timeout-ms']),
    dryRunTimeoutMinutes: 90,
  };
  const configFile = join(outDir, `${name}.stryker.json`);
  writeFileSync(configFile, JSON.stringify(config, null, 2));
  const progressFile = join(outDir, `${name}.progress.jsonl`);
  writeFileSync(progressFile, '');
  const started = performance.now();
  const run = spawnSync('npx', ['stryker', 'run', configFile], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, MUTATE_TESTS: tests.join(' '), MUTATION_SAMPLE_SPANS: spansFile, MUTATION_SAMPLE_PROGRESS: progressFile },
  });
  const seconds = Math.round((performance.now() - started) / 1000);
  if (run.status !== 0 || !existsSync(join(root, reportFile))) {
    console.error(`Stryker failed (exit ${run.status}); its log is above. The sample is in ${spansFile}.`);
    process.exit(1);
  }
  const report = JSON.parse(readFileSync(join(root, reportFile), 'utf8')) as {
    files: Record<string, { mutants: { mutatorName: string; replacement: string; status: string; location: Span; killedBy?: string[]; coveredBy?: string[] }[] }>;
    testFiles?: Record<string, { tests: { id: string; name: string }[] }>;
  };
  const testNames = new Map<string, string>();
  for (const [file, t] of Object.entries(report.testFiles ?? {})) for (const x of t.tests) testNames.set(x.id, `${file.replace(/^.*\/test\//, 'test/')} › ${x.name}`);
  // The report's positions are 1-based lines and columns.
  const found = new Map<string, { status: string; killedBy?: string[]; coveredBy?: string[] }>();
  for (const [file, f] of Object.entries(report.files)) {
    for (const m of f.mutants) {
      const loc = { start: { line: m.location.start.line - 1, column: m.location.start.column - 1 }, end: { line: m.location.end.line - 1, column: m.location.end.column - 1 } };
      found.set(keyOf(file.replaceAll('\\', '/'), loc, m.mutatorName, m.replacement), m);
    }
  }
  const outcomes = drawn.map((d) => {
    const m = found.get(d.key);
    return {
      ...d,
      status: m?.status ?? 'NotRun',
      killedBy: m?.killedBy?.map((id) => testNames.get(id) ?? id),
      coveredBy: m?.coveredBy?.length,
    };
  });
  return { outcomes, seconds };
}

/**
 * The mutants a run judged so far (its .progress.jsonl, written by the sample-progress reporter),
 * for a run cut short: the others are 'NotRun' and left out of the score. Stryker runs mutants in
 * an order of its own (not the draw's), so a cut run's score is of the mutants it reached.
 */
function fromProgress(drawn: Drawn[], name: string): { outcomes: Outcome[]; seconds: number } {
  const lines = readFileSync(join(outDir, `${name}.progress.jsonl`), 'utf8').split('\n').filter(Boolean);
  const found = new Map<string, { status: string; killedBy?: string[]; coveredBy?: string[] }>();
  for (const line of lines) {
    const m = JSON.parse(line) as { file: string; mutatorName: string; replacement: string; location: Span; status: string; killedBy?: string[]; coveredBy?: string[] };
    // Stryker's results count lines and columns from 1.
    const loc = { start: { line: m.location.start.line - 1, column: m.location.start.column - 1 }, end: { line: m.location.end.line - 1, column: m.location.end.column - 1 } };
    found.set(keyOf(m.file, loc, m.mutatorName, m.replacement), m);
  }
  const outcomes = drawn.map((d) => {
    const m = found.get(d.key);
    return { ...d, status: m?.status ?? 'NotRun', killedBy: m?.killedBy, coveredBy: m?.coveredBy?.length };
  });
  return { outcomes, seconds: 0 };
}

/**
 * `pinned`: a test written after the sample fails with the mutant planted by hand (not yet a
 * Stryker rerun); `rerun: 'killed'`: a Stryker rerun of the mutant (`--rerun`) killed it.
 */
interface Triage { [key: string]: { verdict: 'equivalent' | 'real'; why: string; test?: string; pinned?: boolean; rerun?: 'killed' } }

function summarize(folder: string, outcomes: Outcome[], meta: Record<string, unknown>) {
  const triage: Triage = existsSync(join(root, 'bench/mutation-triage.json'))
    ? JSON.parse(readFileSync(join(root, 'bench/mutation-triage.json'), 'utf8'))
    : {};
  const count = (s: string) => outcomes.filter((o) => o.status === s).length;
  const killed = count('Killed');
  const timeout = count('Timeout');
  const survived = count('Survived');
  const noCoverage = count('NoCoverage');
  const invalid = outcomes.length - killed - timeout - survived - noCoverage;
  const detected = killed + timeout;
  const valid = detected + survived + noCoverage;
  const survivors = outcomes.filter((o) => o.status === 'Survived' || o.status === 'NoCoverage');
  const equivalent = survivors.filter((o) => triage[o.key]?.verdict === 'equivalent').length;
  const untriaged = survivors.filter((o) => !triage[o.key]).length;
  const interval = (k: number, n: number) => {
    const [lo, hi] = n ? wilson(k, n) : [0, 1];
    return { score: n ? round(k / n) : null, low: round(lo), high: round(hi) };
  };
  return {
    folder,
    ...meta,
    sampled: outcomes.length,
    killed,
    timeout,
    survived,
    noCoverage,
    invalid,
    score: interval(detected, valid),
    equivalent,
    untriaged,
    scoreOverNonEquivalent: interval(detected, valid - equivalent),
    survivors: survivors.map((o) => ({ ...o, triage: triage[o.key] })),
    outcomes,
  };
}

const round = (x: number) => Math.round(x * 1000) / 1000;
const pct = (x: number | null) => (x === null ? '–' : `${(x * 100).toFixed(1)}%`);

function markdown(s: ReturnType<typeof summarize>): string {
  const lines = [
    `# Sampled mutation score: ${s.folder}/`,
    '',
    `${s.sampled} mutants drawn (seed ${String((s as Record<string, unknown>).seed)}) of ${String((s as Record<string, unknown>).population)}; ` +
      `${String((s as Record<string, unknown>).seconds)} s; load ${JSON.stringify((s as Record<string, unknown>).load)}; ${String((s as Record<string, unknown>).at)}.`,
    '',
    `| killed | timeout | survived | no coverage | invalid | score (95% CI) | equivalent | score over non-equivalent (95% CI) |`,
    `|---|---|---|---|---|---|---|---|`,
    `| ${s.killed} | ${s.timeout} | ${s.survived} | ${s.noCoverage} | ${s.invalid} | ${pct(s.score.score)} (${pct(s.score.low)}–${pct(s.score.high)}) | ${s.equivalent} | ${pct(s.scoreOverNonEquivalent.score)} (${pct(s.scoreOverNonEquivalent.low)}–${pct(s.scoreOverNonEquivalent.high)}) |`,
    '',
    '## Survivors',
    '',
    '| mutant | original → replacement | triage |',
    '|---|---|---|',
    ...s.survivors.map((o) => {
      const t = o.triage ? `${o.triage.verdict}: ${o.triage.why}${o.triage.test ? ` (${o.triage.test})` : ''}` : 'not triaged';
      const cell = (x: string) => '`' + x.replace(/\s+/g, ' ').slice(0, 90).replaceAll('|', '\\|') + '`';
      return `| ${o.file}:${o.location.start.line + 1}:${o.location.start.column + 1} ${o.mutatorName}${o.status === 'NoCoverage' ? ' (no coverage)' : ''} | ${cell(o.original)} → ${cell(o.replacement)} | ${t} |`;
    }),
    '',
  ];
  return lines.join('\n');
}

async function main() {
  mkdirSync(outDir, { recursive: true });
  const folder = args.folder!;
  const tests = (args.tests?.split(/[\s,]+/) ?? FOLDER_TESTS[folder])?.map((t) => (t.includes('/') ? t : `test/${t}.test.ts`));
  if (!tests) {
    console.error(`No test files for folder "${folder}": give them with --tests (comma-separated names, e.g. runtime,match).`);
    process.exit(2);
  }
  const all = await mutantsOf(folder);
  let drawn: Drawn[];
  let name: string;
  if (args.rerun) {
    const previous = JSON.parse(readFileSync(args.rerun, 'utf8')) as { survivors: Drawn[] };
    const byKey = new Map(all.map((m) => [m.key, m]));
    drawn = previous.survivors.map((s) => byKey.get(s.key)).filter((m): m is Drawn => !!m);
    const gone = previous.survivors.length - drawn.length;
    if (gone) console.warn(`${gone} survivor(s) no longer exist in the code (their line moved or changed); rerun the sample instead.`);
    name = args.rerun.replace(/^.*\//, '').replace(/\.json$/, '') + '-rerun';
  } else {
    drawn = draw(all, Number(args.mutants), Number(args.seed));
    name = `sample-${folder}-seed${args.seed}`;
  }
  console.log(`${folder}/: ${all.length} mutants; ${drawn.length} drawn; tests: ${tests.join(' ')}`);
  if (args.list) {
    for (const d of drawn) console.log(`${d.key}   ${d.original.replace(/\s+/g, ' ').slice(0, 60)}`);
    return;
  }
  const loadAtStart = loadavg().map((l) => Math.round(l * 100) / 100);
  const { outcomes, seconds } = args['from-progress'] ? fromProgress(drawn, name) : runStryker(folder, drawn, name, tests);
  const summary = summarize(folder, outcomes, {
    seed: Number(args.seed),
    population: all.length,
    tests,
    seconds,
    at: new Date().toISOString(),
    cores: availableParallelism(),
    load: { start: loadAtStart, end: loadavg().map((l) => Math.round(l * 100) / 100) },
    command: `npm run mutate:sample -- ${process.argv.slice(2).join(' ')}`,
  });
  writeFileSync(join(outDir, `${name}.json`), JSON.stringify(summary, null, 2) + '\n');
  writeFileSync(join(outDir, `${name}.md`), markdown(summary));
  console.log(markdown(summary));
}

await main();
