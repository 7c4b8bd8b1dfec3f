import { fileURLToPath } from 'node:url';
import { dirname, resolve } from 'node:path';
import { compileCached } from './compile-cache.ts';
import { gameSources } from '../compiler/project.ts';
import type { GameIR } from '../compiler/ir.ts';
import { StopRun, type Decision, type Engine } from '../runtime/engine.ts';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

const cache = new Map<string, GameIR>();
/** A seed game's IR: compiled once per test file, and shared between test files and runs (compile-cache.ts). */
export function compiledGame(game: string): GameIR {
  const hit = cache.get(game);
  if (hit) return hit;
  const sources = gameSources(root, game)!;
  const r = compileCached({ sources, loadBase: (n) => gameSources(root, n) });
  if (!r.ir) throw new Error(r.diagnostics.map((d) => `${d.loc.file}:${d.loc.line}:${d.loc.col} ${d.message}`).join('\n'));
  cache.set(game, r.ir);
  return r.ir;
}

/**
 * Runs a game answering by option label, in order; stops at the first decision past the script.
 * Returns every decision asked and the one it stopped at (null when the game ended).
 */
export function playScript(engine: Engine, answers: string[], from?: string): { seen: Decision[]; stopped: Decision | null } {
  const seen: Decision[] = [];
  let stopped: Decision | null = null;
  let next = 0;
  const decide = (d: Decision): number => {
    seen.push(d);
    if (next >= answers.length) {
      stopped = d;
      throw new StopRun(d);
    }
    const want = answers[next++]!;
    const i = d.options.findIndex((o) => o.label === want);
    if (i < 0) throw new Error(`'${want}' is not an option of "${d.prompt}": ${d.options.map((o) => o.label).join(' | ')}`);
    return i;
  };
  if (from) engine.runFrom(from, decide);
  else engine.run(decide);
  return { seen, stopped };
}

/** The cycles of a graph (each as a path that returns to its start), found by depth-first search. */
export function cyclesOf(graph: Map<string, string[]>): string[][] {
  const cycles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (n: string) => {
    state.set(n, 'open');
    path.push(n);
    for (const m of graph.get(n) ?? []) {
      if (state.get(m) === 'open') cycles.push([...path.slice(path.indexOf(m)), m]);
      else if (!state.has(m)) visit(m);
    }
    path.pop();
    state.set(n, 'done');
  };
  for (const n of graph.keys()) if (!state.has(n)) visit(n);
  return cycles;
}
