/**
 * The casebook on disk: finds scenario files, compiles each scenario's game from the repository
 * (rules/<game>/, cards/<game>/, once per game) and prints the `grimoire scenario` report. The
 * Node side of scenario/run.ts, which is pure and also runs in the browser playground.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { compileGame } from '../compiler/compile.ts';
import { gameSources } from '../compiler/project.ts';
import type { GameIR } from '../compiler/ir.ts';
import { runScenario, type ScenarioOutcome } from './run.ts';

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

export function scenarioFiles(paths: string[]): string[] {
  const out: string[] = [];
  for (const p of paths) {
    const st = statSync(p);
    if (st.isDirectory()) out.push(...scenarioFiles(readdirSync(p).sort().map((f) => join(p, f))));
    else if (/\.ya?ml$/.test(p)) out.push(p);
  }
  return out;
}

export function runScenarioFiles(paths: string[], opts: { root: string; verbose: boolean; color: boolean; game?: string }): number {
  let passed = 0;
  let failed = 0;
  for (const p of paths) {
    try {
      statSync(p);
    } catch {
      console.error(`grimoire: no such file or folder: ${p}`);
      return 2;
    }
  }
  for (const file of scenarioFiles(paths)) {
    const o = runScenarioInRepo(opts.root, relative(opts.root, file) || file, readFileSync(file, 'utf8'), { game: opts.game });
    const tag = o.passed ? (opts.color ? '\x1b[32mPASS\x1b[0m' : 'PASS') : opts.color ? '\x1b[31mFAIL\x1b[0m' : 'FAIL';
    console.log(`${tag} ${o.file} — ${o.name}`);
    if (!o.passed) {
      failed++;
      for (const f of o.failures) console.log(`     ✗ ${f}`);
      console.log('     log (last lines):');
      for (const l of o.log.slice(-14)) console.log(`       ${l}`);
    } else {
      passed++;
      if (opts.verbose) for (const l of o.log) console.log(`       ${l}`);
    }
  }
  console.log(`${passed} passed, ${failed} failed${opts.game ? ` (under ${opts.game})` : ''}`);
  return failed > 0 ? 1 : 0;
}
