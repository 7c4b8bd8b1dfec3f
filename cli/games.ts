/**
 * Loading a game by its folder name (rules/<game>/, cards/<game>/ under the project root), for
 * every command that plays or builds one — and for `grimoire worker`, which compiles the games
 * its jobs name from its own clone. Also the fingerprint of compiled rules, which says whether two
 * machines (or a summaries file and this clone) have the same rules and cards.
 */
import { createHash } from 'node:crypto';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileGame, type SourceText } from '../compiler/compile.ts';
import { gameSources, listGames } from '../compiler/project.ts';
import type { Diagnostic } from '../compiler/diagnostics.ts';
import type { GameIR } from '../compiler/ir.ts';
import { renderDiagnostics } from './render.ts';
import { UsageError } from './usage-error.ts';
import { CommandExit } from './command-exit.ts';
import { t } from '../i18n/format.ts';

// The repo: set by bin.js (the code may run from a bundle elsewhere), else this file's parent.
export let projectRoot = rootFromEnvironment();
export let color = colorWanted();

function rootFromEnvironment(): string {
  return process.env.GRIMOIRE_ROOT ?? resolve(dirname(fileURLToPath(import.meta.url)), '..');
}

function colorWanted(): boolean {
  return !!process.stdout.isTTY && !process.env.NO_COLOR;
}

/**
 * Reads the project root and the terminal again, at a command's start (cli/main.ts runGrimoire):
 * a test runs many commands in its own process (test/grimoire-in-process.ts), each with its own
 * GRIMOIRE_ROOT and output, as many processes would.
 */
export function readCommandSettings(): void {
  projectRoot = rootFromEnvironment();
  color = colorWanted();
}

/** The folder name each IR was loaded under (a queue job names the game, not its IR). */
const names = new WeakMap<GameIR, string>();

/** The game folder an IR came from (requireIR / loadGame), if it came from one. */
export function gameNameOf(ir: GameIR): string | undefined {
  return names.get(ir);
}

/** The first 16 hex digits of the SHA-256 of the compiled IR: equal means the same rules and cards. */
export function rulesFingerprint(ir: GameIR): string {
  return createHash('sha256').update(JSON.stringify(ir)).digest('hex').slice(0, 16);
}

export function printDiagnostics(diags: Diagnostic[], sources: SourceText[]): void {
  for (const text of renderDiagnostics(diags, sources, color)) console.log(text);
}

/** Compiles a game; an unknown name is a usage error listing the known ones. */
export function loadGame(game: string): { ir?: GameIR; diagnostics: Diagnostic[]; sources: SourceText[] } {
  const known = listGames(projectRoot);
  const sources = gameSources(projectRoot, game);
  if (!sources) throw new UsageError(t('cli.options.unknown-game-the-games-are', { game, p: known.join(', ') || '(none)' }));
  // Every layer's sources (a revision's base, its base's base…), for code frames in any of them.
  const loaded: SourceText[] = [];
  const result = compileGame({
    sources,
    loadBase: (name) => {
      const base = gameSources(projectRoot, name);
      if (base) loaded.push(...base);
      return base;
    },
  });
  const all = [...sources, ...loaded];
  if (result.ir) names.set(result.ir, game);
  return { ...result, sources: all };
}

/** The game's IR, or its diagnostics printed and exit 1 (CommandExit: the command's caller sets the code). */
export function requireIR(game: string): GameIR {
  const { ir, diagnostics, sources } = loadGame(game);
  if (!ir) {
    printDiagnostics(diagnostics, sources);
    const n = diagnostics.filter((d) => d.severity === 'error').length;
    console.error(t('cli.options.error-s-fix-them-with', { game, n }));
    throw new CommandExit(1);
  }
  return ir;
}
