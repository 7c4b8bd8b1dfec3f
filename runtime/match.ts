/**
 * Matches: games played one after another on one engine until one player has won the match
 * (docs/language.md "Matches"). Before each game after the first, the engine carries the cards
 * of the zones kept for the match and the match so far (match-facts.ts), and the rules' `between
 * games` runs before their setup (flow.ts). Generic: it counts wins by seat, whatever the game.
 */
import type { GameIR } from '../compiler/ir.ts';
import type { Engine, GameResult } from './engine.ts';
import type { MatchFacts } from './match-facts.ts';
import { playPrepared, type PlayOptions } from './play.ts';

/** How long a match is: `best of N` games, or until a player has `first to N wins`. */
export interface MatchLength {
  length: 'bestOf' | 'firstTo';
  games: number;
}

/** One game of a match, as a batch reports games. */
export interface MatchGame {
  seed: number;
  result: GameResult;
  turns: number;
  decisions: number;
  hash: number;
}

export interface PlayedMatch {
  /** The match's seed: its first game's seed (later games' seeds come from it: gameSeed). */
  seed: number;
  games: MatchGame[];
  /** Games won by each player, by player index. */
  wins: number[];
  /** The match's winner (the most games won); null when two or more are level (a drawn match). */
  winner: string | null;
  /** Every game's hash, combined in order. */
  hash: number;
}

/**
 * A `first to N wins` match stops after this many games times N even if no one got there (draws
 * can go on for ever); the match is then won by the most wins, or drawn.
 */
export const FIRST_TO_GAME_LIMIT = 4;

/**
 * The match length the rules declare under these parameter values (`best of param …`), or null
 * when the game declares no match.
 */
export function declaredLength(ir: GameIR, params?: Readonly<Record<string, number | boolean | string>>): MatchLength | null {
  const m = ir.match;
  if (!m) return null;
  const p = m.gamesParam >= 0 ? ir.params[m.gamesParam] : undefined;
  const v = p ? params?.[p.name] : undefined;
  return { length: m.length, games: typeof v === 'number' ? v : m.games };
}

/** The seed of game `game` (1, 2, …) of the match with seed `seed`: game 1 is played with the match's seed, as the same game played alone. */
export function gameSeed(seed: number, game: number): number {
  if (game === 1) return seed;
  let h = Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) >>> 0;
  h = Math.imul(h ^ (h >>> 13) ^ game, 0xc2b2ae35) >>> 0;
  return (h ^ (h >>> 16)) >>> 0;
}

/** Whether a match with these wins after `played` games is over: someone reached the wins needed, or no one can catch the leader any more. */
export function matchOver(len: MatchLength, wins: readonly number[], played: number): boolean {
  const sorted = [...wins].sort((a, b) => b - a);
  const lead = sorted[0] ?? 0;
  const second = sorted[1] ?? 0;
  if (len.length === 'firstTo') return lead >= len.games || played >= len.games * FIRST_TO_GAME_LIMIT;
  const left = len.games - played;
  return left <= 0 || lead > second + left;
}

/**
 * Plays one match on an engine made by `newEngine`: game 1 with `seed`, then game after game
 * (Engine.nextGameOfMatch) until `matchOver`. Search agents' forward model begins a replay of a
 * later game with its match facts and kept cards (GameRecorder.match).
 */
export function playMatch(engine: Engine, seed: number, len: MatchLength, opts: PlayOptions = {}): PlayedMatch {
  const n = engine.players.length;
  const facts: MatchFacts = { game: 1, wins: new Array<number>(n).fill(0), lastWinner: -1, lastLoser: -1 };
  const games: MatchGame[] = [];
  let hash = 0x811c9dc5;
  // In a game of teams a game is won by a team: the win is counted on its first seat, so the
  // match is the teams' (the match's winner is that seat; facts.wins of the other seats stay 0).
  const teamLead = (seat: number) => engine.ir.teams?.seats.find((ss) => ss.includes(seat))?.reduce((a, b) => Math.min(a, b)) ?? seat;
  const index = (name: string | null) => {
    const i = engine.players.findIndex((p) => p.name === name);
    return i < 0 ? i : teamLead(i);
  };
  while (!matchOver(len, facts.wins, games.length)) {
    const s = gameSeed(seed, facts.game);
    if (facts.game === 1) engine.reset(s);
    else engine.nextGameOfMatch(s, facts);
    // Search agents replay the game with its match facts and kept cards (play.ts, search.ts).
    const played = playPrepared(engine, s, opts);
    const r = played.result;
    games.push({ seed: s, result: r, turns: played.turns, decisions: played.decisions, hash: played.hash });
    hash = Math.imul(hash ^ played.hash, 16777619) >>> 0;
    const w = index(r.winner);
    if (w >= 0) facts.wins[w]!++;
    facts.lastWinner = w;
    facts.lastLoser = index(r.loser);
    facts.game++;
  }
  const best = Math.max(...facts.wins);
  const leaders = facts.wins.flatMap((w, i) => (w === best ? [i] : []));
  return { seed, games, wins: facts.wins, winner: leaders.length === 1 ? engine.players[leaders[0]!]!.name : null, hash };
}
