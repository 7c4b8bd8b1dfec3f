/**
 * The games a revision revises, for the workers' compiler. A revision (`revision … revises
 * <game>`) compiles over its base game's rules and cards (compiler/compile.ts `loadBase`), which
 * on the command line come from rules/<game>/; here they come from the games that ship with the
 * playground (games.ts), as they ship — the designer's edits to the base game are not used.
 *
 * The compiler asks for the base synchronously, and the games load lazily (one chunk each), so
 * `loadBasesFor` loads first every shipped game the files may revise (a scan for `revises
 * <name>`: a name in a comment only costs a load), and `loadBase` then answers from what is loaded.
 */
import type { SourceText } from '../../../compiler/compile.ts';
import { fileRole, gameNames, loadGameFiles } from '../workspace/games.ts';

const loaded = new Map<string, SourceText[]>();

/** `revises my-game` or ``revises `my-game` ``: the names the files may revise. */
const revisesName = /(?<![\p{L}\p{N}_])revises\s+(?:`([^`\n]+)`|([\p{L}\p{So}_][\p{L}\p{N}\p{So}\p{M}_・ー-]*))/gu;

export async function loadBasesFor(files: readonly SourceText[]): Promise<void> {
  const known = new Set(gameNames());
  for (const f of files) {
    if (!f.text.includes('revises')) continue;
    for (const m of f.text.matchAll(revisesName)) {
      const name = m[1] ?? m[2]!;
      if (!known.has(name) || loaded.has(name)) continue;
      const game = await loadGameFiles(name);
      loaded.set(name, game.filter((g) => fileRole(g.path) === 'source'));
    }
  }
}

/** The shipped .grim files of a game loaded by `loadBasesFor`; undefined for any other name. */
export function loadBase(name: string): SourceText[] | undefined {
  return loaded.get(name);
}
