/**
 * The games a server hosts: any folder under rules/ (with its cards/), compiled by the compiler
 * the CLI uses — the rules are data, lowered to the IR; nothing of a game's text is run as code.
 * Compiled once per game and kept; the fingerprint says which rules a stored match was played with.
 */
import { createHash } from 'node:crypto';
import { compileGame } from '../compiler/compile.ts';
import { gameSources, listGames } from '../compiler/project.ts';
import type { GameIR } from '../compiler/ir.ts';

/** The first 16 hex digits of the SHA-256 of the IR's JSON (as the CLI's `rulesFingerprint`). */
export function rulesFingerprint(ir: GameIR): string {
  return createHash('sha256').update(JSON.stringify(ir)).digest('hex').slice(0, 16);
}

export interface LoadedGame {
  ir: GameIR;
  fingerprint: string;
}

export class GameLibrary {
  private readonly loaded = new Map<string, LoadedGame>();

  constructor(private readonly root: string) {}

  names(): string[] {
    return listGames(this.root);
  }

  /** A game by folder name, compiled; or the reason it cannot be hosted. */
  load(game: string): LoadedGame | { problem: string } {
    const hit = this.loaded.get(game);
    if (hit) return hit;
    const sources = gameSources(this.root, game);
    if (!sources) return { problem: `unknown game "${game}"; the games are ${this.names().join(', ')}` };
    const result = compileGame({ sources, loadBase: (name) => gameSources(this.root, name) });
    if (!result.ir) {
      const errors = result.diagnostics.filter((d) => d.severity === 'error');
      return { problem: `the rules of "${game}" do not compile (${errors.length} errors; run grimoire check rules/${game} cards/${game})` };
    }
    const got = { ir: result.ir, fingerprint: rulesFingerprint(result.ir) };
    this.loaded.set(game, got);
    return got;
  }
}
