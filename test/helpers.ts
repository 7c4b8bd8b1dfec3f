import { fileURLToPath } from 'node:url';
import { dirname, resolve } from 'node:path';
import { compileGame } from '../compiler/compile.ts';
import { gameSources } from '../compiler/project.ts';
import type { GameIR } from '../compiler/ir.ts';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

const cache = new Map<string, GameIR>();
export function compiledGame(game: string): GameIR {
  const hit = cache.get(game);
  if (hit) return hit;
  const sources = gameSources(root, game)!;
  const r = compileGame({ sources, loadBase: (n) => gameSources(root, n) });
  if (!r.ir) throw new Error(r.diagnostics.map((d) => `${d.loc.file}:${d.loc.line}:${d.loc.col} ${d.message}`).join('\n'));
  cache.set(game, r.ir);
  return r.ir;
}
