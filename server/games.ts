/**
 * The games a server hosts: any folder under rules/ (with its cards/), or rules uploaded with a
 * match (the playground's files as edited) — compiled by the compiler the CLI uses: the rules are
 * data, lowered to the IR; nothing of a game's text is run as code. A folder's game is compiled
 * once and kept; the fingerprint says which rules a stored match was played with, and the sources
 * are kept beside the IR so that a finished match replays anywhere (the playground compiles them).
 */
import { createHash } from 'node:crypto';
import { compileGame, type SourceText } from '../compiler/compile.ts';
import { gameSources, listGames } from '../compiler/project.ts';
import type { GameIR } from '../compiler/ir.ts';
import type { CreateMatchRefusal } from './protocol.ts';

/** The first 16 hex digits of the SHA-256 of the IR's JSON (as the CLI's `rulesFingerprint`). */
export function rulesFingerprint(ir: GameIR): string {
  return createHash('sha256').update(JSON.stringify(ir)).digest('hex').slice(0, 16);
}

export interface LoadedGame {
  ir: GameIR;
  fingerprint: string;
  /** The .grim files it was compiled from (a revision's base game's are the server's, not among them). */
  sources: { path: string; text: string }[];
}

/** Why a game cannot be hosted: a sentence, and for uploaded rules the compiler's first diagnostics. */
export type GameProblem = { problem: string; diagnostics?: NonNullable<CreateMatchRefusal['diagnostics']> };

/** The most diagnostics a refused upload carries (the first ones; the count is in the sentence). */
const MAX_DIAGNOSTICS = 50;

export class GameLibrary {
  private readonly loaded = new Map<string, LoadedGame>();

  constructor(private readonly root: string) {}

  names(): string[] {
    return listGames(this.root);
  }

  /** A game by folder name, compiled; or the reason it cannot be hosted. */
  load(game: string): LoadedGame | GameProblem {
    const hit = this.loaded.get(game);
    if (hit) return hit;
    const sources = gameSources(this.root, game);
    if (!sources) return { problem: `unknown game "${game}"; the games are ${this.names().join(', ')}` };
    const result = compileGame({ sources, loadBase: (name) => gameSources(this.root, name) });
    if (!result.ir) {
      const errors = result.diagnostics.filter((d) => d.severity === 'error');
      return { problem: `the rules of "${game}" do not compile (${errors.length} errors; run grimoire check rules/${game} cards/${game})` };
    }
    const got = { ir: result.ir, fingerprint: rulesFingerprint(result.ir), sources: sources.map((s) => ({ path: s.path, text: s.text })) };
    this.loaded.set(game, got);
    return got;
  }

  /**
   * Uploaded rules of `game` (its files as a client edited them), compiled here — over the
   * server's rules/ for the base game of a revision — or the compiler's diagnostics. Each path
   * must lie under rules/<game>/ or cards/<game>/ (paths only name the files for the diagnostics:
   * nothing is read from or written to the disk by them).
   */
  compileUploaded(game: string, files: { path: string; text: string }[]): LoadedGame | GameProblem {
    const bad = files.find((f) => !(f.path.startsWith(`rules/${game}/`) || f.path.startsWith(`cards/${game}/`)) || f.path.split('/').some((seg) => seg === '' || seg === '.' || seg === '..' || /[\\\u0000-\u001f]/.test(seg)));
    if (bad) return { problem: `uploaded file "${bad.path.slice(0, 80)}": the rules of "${game}" are files under rules/${game}/ or cards/${game}/` };
    if (new Set(files.map((f) => f.path)).size !== files.length) return { problem: 'the uploaded files name one path twice' };
    const sources: SourceText[] = files.map((f) => ({ path: f.path, text: f.text }));
    const result = compileGame({ sources, loadBase: (name) => gameSources(this.root, name) });
    if (!result.ir) {
      const errors = result.diagnostics.filter((d) => d.severity === 'error');
      const first = errors[0];
      return {
        problem: `the uploaded rules of "${game}" do not compile: ${errors.length} error${errors.length === 1 ? '' : 's'}${first ? `, the first at ${first.loc.file}:${first.loc.line}:${first.loc.col}: ${first.message}` : ''}`,
        diagnostics: errors.slice(0, MAX_DIAGNOSTICS).map((d) => ({ file: d.loc.file, line: d.loc.line, col: d.loc.col, code: d.code, message: d.message })),
      };
    }
    return { ir: result.ir, fingerprint: rulesFingerprint(result.ir), sources: files.map((f) => ({ path: f.path, text: f.text })) };
  }
}
