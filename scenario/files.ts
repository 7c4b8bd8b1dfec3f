/**
 * The casebook on disk: finds scenario files, compiles each scenario's game from the repository
 * (rules/<game>/, cards/<game>/, once per game) and prints the `grimoire scenario` report. The
 * Node side of scenario/run.ts, which is pure and also runs in the browser playground.
 */
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { compileGame } from '../compiler/compile.ts';
import type { Diagnostic } from '../compiler/diagnostics.ts';
import { gameSources, listGames } from '../compiler/project.ts';
import type { GameIR } from '../compiler/ir.ts';
import { checkScenario, parseScenario, scenarioGame, unknownGame, yamlProblems } from './check.ts';
import { runScenario, type ScenarioOutcome } from './run.ts';
import { readings, readingsMarkdown, readingsText } from './readings.ts';
import { t } from '../i18n/format.ts';

const irCache = new Map<string, GameIR | string>();

/**
 * Forgets the games compiled so far: a command's start (cli/main.ts runGrimoire) calls it, since
 * a test runs many commands in one process, each against its own project and files it may have
 * changed in between.
 */
export function forgetCompiledGames(): void {
  irCache.clear();
}

/** A game of the repository compiled (cached), or why it cannot be. */
function gameIR(root: string, game: string): GameIR | string {
  const cached = irCache.get(game);
  if (cached) return cached;
  const sources = gameSources(root, game);
  let result: GameIR | string;
  if (!sources) result = t('scenario.unknown-game', { game });
  else {
    const r = compileGame({ sources, loadBase: (n) => gameSources(root, n) });
    result = r.ir ?? t('scenario.rules-do-not-compile', { game, errors: r.diagnostics.filter((d) => d.severity === 'error').length });
  }
  irCache.set(game, result);
  return result;
}

export interface RepoScenarioOptions {
  /** Run under this game (e.g. a revision) instead of the scenario's own `game`. */
  game?: string;
  /** Run under this compiled game (tests of revisions written on the fly). */
  ir?: GameIR;
  /** Answer the agent steps with this agent instead of the one written (`--agent`: does `first` solve the puzzle?). */
  agent?: string;
}

/** Runs a scenario's text under its game as compiled from the repository at `root`. */
export function runScenarioInRepo(root: string, file: string, text: string, opts: RepoScenarioOptions = {}): ScenarioOutcome {
  return runScenario(file, text, { ir: opts.ir, rules: (game) => gameIR(root, opts.game ?? game), agent: opts.agent });
}

/**
 * Every mistake of a scenario file against its game as compiled from the repository (an unknown
 * `game` too, with the games there are), each at its file:line:col; empty when it can run. A game
 * whose rules do not compile is not the scenario's mistake: the run says so.
 */
export function checkScenarioInRepo(root: string, file: string, text: string, opts: RepoScenarioOptions = {}): Diagnostic[] {
  const parsed = parseScenario(file, text);
  const yaml = yamlProblems(parsed);
  if (yaml.length) return yaml;
  if (opts.ir) return checkScenario(parsed, opts.ir);
  const game = opts.game ?? scenarioGame(parsed);
  if (game === undefined || (!opts.game && !gameSources(root, game))) return unknownGame(parsed, listGames(root));
  const ir = gameIR(root, game);
  return typeof ir !== 'string' ? checkScenario(parsed, ir) : [];
}

export function scenarioFiles(paths: string[]): string[] {
  const out: string[] = [];
  for (const p of paths) {
    const st = statSync(p);
    if (st.isDirectory()) out.push(...scenarioFiles(readdirSync(p).sort().map((f) => join(p, f))));
    // A game folder also holds rule-ids.yaml (the rulebook's ids, for `grimoire coverage`): data, not a ruling.
    else if (/\.ya?ml$/.test(p) && !/(^|[\\/])rule-ids\.ya?ml$/.test(p)) out.push(p);
  }
  return out;
}

/** The scenario files under the paths, read (paths relative to `root`); null after saying which path does not exist. */
function readScenarioFiles(paths: string[], root: string): { path: string; text: string }[] | null {
  for (const p of paths) {
    try {
      statSync(p);
    } catch {
      console.error(`grimoire: ${t('scenario.no-such-path', { path: p })}`);
      return null;
    }
  }
  return scenarioFiles(paths).map((file) => ({ path: relative(root, file) || file, text: readFileSync(file, 'utf8') }));
}

export interface ScenarioReportOptions {
  root: string;
  verbose: boolean;
  color: boolean;
  game?: string;
  /** See RepoScenarioOptions.agent. */
  agent?: string;
  /** A mistake as printed (the CLI gives its renderer: `file:line:col: error CODE message` and a code frame). */
  render?: (d: Diagnostic, text: string) => string;
}

/**
 * `grimoire scenario`: first checks every file and prints all their mistakes, before anything
 * runs; then runs the files without mistakes. Exit 1 when a file has mistakes or a ruling fails.
 */
export function runScenarioFiles(paths: string[], opts: ScenarioReportOptions): number {
  let passed = 0;
  let failed = 0;
  const files = readScenarioFiles(paths, opts.root);
  if (files === null) return 2;
  const render = opts.render ?? ((d: Diagnostic) => `${d.loc.file}:${d.loc.line}:${d.loc.col}: ${d.severity} ${d.code} ${d.message}${(d.notes ?? []).map((n) => `\n  note: ${n}`).join('')}`); // i18n-ok: a fallback for callers without a renderer (the CLI gives one)
  const mistaken = new Set<string>();
  let mistakes = 0;
  for (const f of files) {
    const diags = checkScenarioInRepo(opts.root, f.path, f.text, { game: opts.game });
    if (!diags.length) continue;
    mistaken.add(f.path);
    mistakes += diags.length;
    for (const d of diags) console.log(render(d, f.text) + '\n');
  }
  if (mistaken.size) console.log(t('scenario.mistakes-not-run', { mistakes, files: mistaken.size }) + '\n');
  for (const f of files) {
    if (mistaken.has(f.path)) continue;
    const o = runScenarioInRepo(opts.root, f.path, f.text, { game: opts.game, agent: opts.agent });
    const word = t(o.passed ? 'scenario.pass' : 'scenario.fail');
    const tag = opts.color ? `${o.passed ? '\x1b[32m' : '\x1b[31m'}${word}\x1b[0m` : word;
    console.log(`${tag} ${o.file} — ${o.name}`);
    if (o.puzzle) console.log(`     ${t('scenario.puzzle.report', { hard: o.puzzle.hard ? 'yes' : 'no', agent: o.puzzle.agent, solved: o.puzzle.solved ? 'yes' : 'no', proven: o.puzzle.proven ? 'yes' : 'no', wrong: o.puzzle.wrong.length })}`);
    if (!o.passed) {
      failed++;
      for (const f of o.failures) console.log(`     ✗ ${f}`);
      if (o.checkpoint) console.log(`     ${t('scenario.expectations', { text: o.checkpoint.text })}`);
      console.log(`     ${t('scenario.log-last-lines')}`);
      for (const l of o.log.slice(-14)) console.log(`       ${l}`);
    } else {
      passed++;
      if (opts.verbose && o.checkpoint) console.log(`     ${t('scenario.expectations', { text: o.checkpoint.text })}`);
      if (opts.verbose) for (const l of o.log) console.log(`       ${l}`);
    }
  }
  const counts = { passed, failed, notRun: mistaken.size, game: opts.game ?? '' };
  console.log(t(opts.game ? 'scenario.summary-under' : 'scenario.summary', counts));
  return failed > 0 || mistaken.size > 0 ? 1 : 0;
}

export interface ReadingsFilesOptions {
  root: string;
  game?: string;
  /** Write the list for the rulebook's authors here (Markdown). */
  md?: string;
  json: boolean;
  render?: (d: Diagnostic, text: string) => string;
  /** Shows the rulings done (the CLI's progress bar on a terminal). */
  progress?: (done: number, total: number) => void;
}

/**
 * `grimoire scenario --readings`: checks every file first (a file with mistakes is not run, as in
 * runScenarioFiles), compiles the game once, runs the casebook under every reading of every
 * parameter (scenario/readings.ts) and prints the table, or the JSON; `md` gets the Markdown
 * list. The rulings must be of one game (or run under `game`). Exit 1 when a file has mistakes
 * or a ruling fails at the defaults, 2 when there is nothing to run.
 */
export function runReadingsFiles(paths: string[], opts: ReadingsFilesOptions): number {
  const files = readScenarioFiles(paths, opts.root);
  if (files === null) return 2;
  if (!files.length) {
    console.error(`grimoire: ${t('scenario.no-files', { paths })}`);
    return 2;
  }
  const render = opts.render ?? ((d: Diagnostic) => `${d.loc.file}:${d.loc.line}:${d.loc.col}: ${d.severity} ${d.code} ${d.message}`); // i18n-ok: a fallback (the CLI gives a renderer)
  const say = (line: string) => (opts.json ? console.error(line) : console.log(line));
  const runnable: typeof files = [];
  let mistaken = 0;
  for (const f of files) {
    const diags = checkScenarioInRepo(opts.root, f.path, f.text, { game: opts.game });
    if (diags.length) {
      mistaken++;
      for (const d of diags) say(render(d, f.text) + '\n');
    } else runnable.push(f);
  }
  if (mistaken) say(t('scenario.readings.mistakes-left-out', { files: mistaken }) + '\n');
  const games = new Set(runnable.map((f) => opts.game ?? scenarioGame(parseScenario(f.path, f.text)) ?? ''));
  if (games.size > 1) {
    console.error(`grimoire: ${t('scenario.readings.one-game', { games: [...games].sort() })}`);
    return 2;
  }
  const game = [...games][0];
  if (game === undefined) return 1;
  const ir = gameIR(opts.root, game);
  if (typeof ir === 'string') {
    console.error(`grimoire: ${ir}`);
    return 1;
  }
  const report = readings(ir, runnable, { progress: opts.progress });
  if (opts.md) writeFileSync(opts.md, readingsMarkdown(report));
  if (opts.json) console.log(JSON.stringify(report));
  else {
    console.log(readingsText(report));
    if (opts.md) console.log(t('scenario.readings.wrote-md', { file: opts.md }));
  }
  return mistaken || report.failingAtDefaults.length ? 1 : 0;
}
