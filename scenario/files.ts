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

const irCache = new Map<string, GameIR | string>();

/** A game of the repository compiled (cached), or why it cannot be. */
function gameIR(root: string, game: string): GameIR | string {
  const cached = irCache.get(game);
  if (cached) return cached;
  const sources = gameSources(root, game);
  let result: GameIR | string;
  if (!sources) result = `unknown game '${game}'`;
  else {
    const r = compileGame({ sources, loadBase: (n) => gameSources(root, n) });
    result = r.ir ?? `the rules of '${game}' do not compile (${r.diagnostics.filter((d) => d.severity === 'error').length} errors): run grimoire check rules/${game}`;
  }
  irCache.set(game, result);
  return result;
}

export interface RepoScenarioOptions {
  /** Run under this game (e.g. a revision) instead of the scenario's own `game`. */
  game?: string;
  /** Run under this compiled game (tests of revisions written on the fly). */
  ir?: GameIR;
}

/** Runs a scenario's text under its game as compiled from the repository at `root`. */
export function runScenarioInRepo(root: string, file: string, text: string, opts: RepoScenarioOptions = {}): ScenarioOutcome {
  return runScenario(file, text, { ir: opts.ir, rules: (game) => gameIR(root, opts.game ?? game) });
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
      console.error(`grimoire: no such file or folder: ${p}`);
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
  const render = opts.render ?? ((d: Diagnostic) => `${d.loc.file}:${d.loc.line}:${d.loc.col}: ${d.severity} ${d.code} ${d.message}${(d.notes ?? []).map((n) => `\n  note: ${n}`).join('')}`);
  const mistaken = new Set<string>();
  let mistakes = 0;
  for (const f of files) {
    const diags = checkScenarioInRepo(opts.root, f.path, f.text, { game: opts.game });
    if (!diags.length) continue;
    mistaken.add(f.path);
    mistakes += diags.length;
    for (const d of diags) console.log(render(d, f.text) + '\n');
  }
  if (mistaken.size) console.log(`${mistakes} mistake${mistakes > 1 ? 's' : ''} in ${mistaken.size} scenario file${mistaken.size > 1 ? 's' : ''} (docs/scenarios.md); ${mistaken.size > 1 ? 'they are' : 'it is'} not run\n`);
  for (const f of files) {
    if (mistaken.has(f.path)) continue;
    const o = runScenarioInRepo(opts.root, f.path, f.text, { game: opts.game });
    const tag = o.passed ? (opts.color ? '\x1b[32mPASS\x1b[0m' : 'PASS') : opts.color ? '\x1b[31mFAIL\x1b[0m' : 'FAIL';
    console.log(`${tag} ${o.file} — ${o.name}`);
    if (!o.passed) {
      failed++;
      for (const f of o.failures) console.log(`     ✗ ${f}`);
      if (o.checkpoint) console.log(`     expectations ${o.checkpoint.text}`);
      console.log('     log (last lines):');
      for (const l of o.log.slice(-14)) console.log(`       ${l}`);
    } else {
      passed++;
      if (opts.verbose && o.checkpoint) console.log(`     expectations ${o.checkpoint.text}`);
      if (opts.verbose) for (const l of o.log) console.log(`       ${l}`);
    }
  }
  const notRun = mistaken.size ? `, ${mistaken.size} not run (mistakes above)` : '';
  console.log(`${passed} passed, ${failed} failed${notRun}${opts.game ? ` (under ${opts.game})` : ''}`);
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
    console.error(`grimoire: no scenario files (.yaml) in ${paths.join(', ')}`);
    return 2;
  }
  const render = opts.render ?? ((d: Diagnostic) => `${d.loc.file}:${d.loc.line}:${d.loc.col}: ${d.severity} ${d.code} ${d.message}`);
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
  if (mistaken) say(`${mistaken} scenario file${mistaken > 1 ? 's have' : ' has'} mistakes (docs/scenarios.md); ${mistaken > 1 ? 'they are' : 'it is'} left out of the readings\n`);
  const games = new Set(runnable.map((f) => opts.game ?? scenarioGame(parseScenario(f.path, f.text)) ?? ''));
  if (games.size > 1) {
    console.error(`grimoire: --readings runs the rulings of one game, and these are of ${[...games].sort().join(', ')}: give one game's rulings (e.g. rules/trump/rulings), or --game to run them all under one`);
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
    if (opts.md) console.log(`wrote ${opts.md}: the rulings that depend on a reading, by parameter, for the rulebook's authors`);
  }
  return mistaken || report.failingAtDefaults.length ? 1 : 0;
}
