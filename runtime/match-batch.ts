/**
 * Batches of matches (`grimoire play --match`, `balance --match`): a range of match seeds, each
 * a whole match (match.ts), summarised per game — as batch.ts summarises games — and per match.
 */
import { playerCount, type GameIR } from '../compiler/ir.ts';
import { allRandom, seatAgents, foldBatch, type BatchOptions, type BatchReport, type GameSummary } from './batch.ts';
import { conservationProblems } from './conservation.ts';
import { playMatch, type MatchLength } from './match.ts';
import { newEngine, type PlayOptions } from './play.ts';

export interface MatchSummary {
  seed: number;
  /** The match's winner; null for a drawn match (or one that failed). */
  winner: string | null;
  /** Games won by each seat, by player index. */
  wins: number[];
  /** Each game of the match, as a batch summarises a game (its own seed: match.ts gameSeed). */
  games: GameSummary[];
  /** A runtime error in one of its games: the match counts as an error. */
  error: string | null;
}

/** Plays the matches of seeds from … from+count-1. Never throws: a failing match is summarised as an error. */
export function playMatches(ir: GameIR, from: number, count: number, len: MatchLength, opts: BatchOptions = {}): MatchSummary[] {
  const out: MatchSummary[] = [];
  const agents = opts.agents && !allRandom(opts.agents) ? seatAgents(opts.agents, playerCount(ir, opts.params), ir.teams?.seats, ir.game) : undefined;
  const playOpts: PlayOptions = { format: opts.format, params: opts.params, maxSteps: opts.maxSteps, askForced: opts.askForced, checkInvariants: opts.checkInvariants, agents, tally: opts.tally, draws: opts.draws };
  let engine = newEngine(ir, from, playOpts);
  for (let seed = from; seed < from + count; seed++) {
    try {
      const m = playMatch(engine, seed, len, playOpts);
      const lost = conservationProblems(engine);
      const games: GameSummary[] = m.games.map((g) => ({ seed: g.seed, winner: g.result.winner, reason: g.result.reason, turns: g.turns, decisions: g.decisions, hash: g.hash, error: null, zones: null, ...(g.result.stopped ? { stopped: g.result.stopped } : {}) }));
      if (lost.length) games[games.length - 1]!.error = lost[0]!;
      out.push({ seed, winner: m.winner, wins: m.wins, games, error: lost.length ? lost[0]! : null });
    } catch (e) {
      engine = newEngine(ir, seed + 1, playOpts);
      out.push({ seed, winner: null, wins: [], games: [], error: `runtime error: ${(e as Error).message}` });
    }
  }
  return out;
}

export interface MatchReport {
  matches: number;
  /** Matches won by each seat, and drawn (level at the end). */
  results: Record<string, number>;
  /** How many matches took each number of games. */
  gamesPerMatch: { mean: number; max: number; counts: Record<string, number> };
  errors: number;
  /** Every game of every match, folded as `play` folds games (results by seat, turns, hash). */
  games: BatchReport;
}

/** Folds match summaries (in seed order) into the report `grimoire play --match --json` prints. */
export function foldMatches(matches: readonly MatchSummary[], players = 2): MatchReport {
  const results: Record<string, number> = {};
  for (let i = 1; i <= Math.max(2, players); i++) results[`p${i}`] = 0;
  results.draw = 0;
  const counts: Record<string, number> = {};
  let errors = 0;
  let sum = 0;
  let max = 0;
  let played = 0;
  for (const m of matches) {
    if (m.error) {
      errors++;
      continue;
    }
    if (m.winner !== null) results[m.winner] = (results[m.winner] ?? 0) + 1;
    else results.draw!++;
    const n = m.games.length;
    counts[n] = (counts[n] ?? 0) + 1;
    sum += n;
    max = Math.max(max, n);
    played++;
  }
  return {
    matches: matches.length,
    results,
    gamesPerMatch: { mean: played ? Number((sum / played).toFixed(2)) : 0, max, counts },
    errors,
    games: foldBatch(
      matches.flatMap((m) => m.games),
      players,
    ),
  };
}
