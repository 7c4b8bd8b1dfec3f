/**
 * Batches of games: play a range of seeds and fold the per-game summaries into one report.
 *
 * The fold runs in seed order, so a batch split across worker threads (cli/workers.ts) gives
 * exactly the same report — hash included — as one thread: seed ranges → workers → merge.
 */
import { playerCount, type GameIR } from '../compiler/ir.ts';
import { conservationProblems } from './conservation.ts';
import { finalState, type FinalStateCard } from './final-state.ts';
import { newEngine, playOn, type PlayOptions } from './play.ts';
import { parseAgent, type AgentSpec, type NamedAgents } from './agents/spec.ts';
import type { Agent } from './agents/agent.ts';
import type { GameCounts } from './tally.ts';
import type { CourseData } from './course.ts';

export interface GameSummary {
  seed: number;
  winner: string | null;
  /** In a game of teams: the winning team (null for a draw). */
  team?: string | null;
  reason: string;
  turns: number;
  decisions: number;
  hash: number;
  /** A runtime error or a conservation problem; the game counts as an error. */
  error: string | null;
  /** The engine stopped the game at a limit (GameResult.stopped): a draw that is not a real one. */
  stopped?: 'steps' | 'trigger-chain';
  /** With `finalState` (for --final-state): every zone's cards at any depth (final-state.ts), and how many cards the game made. */
  zones: Record<string, FinalStateCard[]> | null;
  cards?: number;
  /** With `tally` (balance runs): what each player drew, played and used (tally.ts). */
  counts?: GameCounts;
  /** With `course` (balance --quality): the leader at each turn's end, the actions offered at each decision to act (course.ts). */
  course?: CourseData;
}

export interface BatchOptions extends Pick<PlayOptions, 'format' | 'params' | 'maxSteps' | 'askForced' | 'checkInvariants' | 'draws' | 'substitutes' | 'printed' | 'opening'> {
  /** Record each game's final zones (for --final-state). */
  finalState?: boolean;
  /** The players' agents by name (agents/spec.ts); unset, both random. Names, not objects: they go to worker threads. */
  agents?: Seats;
  /** Count what each player drew, played and used in each game (GameSummary.counts), for `grimoire balance`. */
  tally?: boolean;
  /** Record each game's course (GameSummary.course), for the balance lab's game-quality metrics. */
  course?: boolean;
}

/** Who plays which seat. With `alternate`, the two swap seats in every game of an even seed (a duel). */
export interface Seats {
  p1: string;
  p2: string;
  /** The agents of seats p3, p4, … in a game of more players (unset: random). */
  more?: string[];
  alternate?: boolean;
}

/** Whether every seat is a random player (the engine's own random decider, no agents). */
export function allRandom(seats: Seats): boolean {
  return seats.p1 === 'random' && seats.p2 === 'random' && !seats.alternate && (seats.more ?? []).every((a) => a === 'random');
}

/** Are the seats swapped in the game of this seed? */
export function swapped(seats: Seats | undefined, seed: number): boolean {
  return !!seats?.alternate && seed % 2 === 0;
}

/**
 * In a duel (`alternate`), the seat (0-based) of agent A in the game of this seed: the seats
 * rotate, one step a game — with two players, A and B swap every game (as `swapped` says); with
 * more, A sits in each seat in turn and B in all the others.
 */
export function seatOfA(seed: number, players: number): number {
  return (seed + 1) % players;
}

/** In a duel of a game of teams, the team (its index in ir.teams) agent A plays — every seat of it — in the game of this seed; B plays the others. */
export function teamOfA(seed: number, teams: number): number {
  return (seed + 1) % teams;
}

/** Each game's agents, made from the seed alone: the same game whatever the worker threads. */
export function seatAgents(seats: Seats, players: number, teams?: readonly (readonly number[])[], game?: NamedAgents): (seed: number) => Agent[] {
  const spec = (name: string): AgentSpec => {
    // `strong` and the game's own agents are the ones its header names (GameIR.game.agents).
    const s = parseAgent(name, game);
    if ('error' in s) throw new Error(s.error);
    return s;
  };
  const a = spec(seats.p1);
  const b = spec(seats.p2);
  const rest = Array.from({ length: Math.max(0, players - 2) }, (_, i) => spec(seats.more?.[i] ?? 'random'));
  return (seed) => {
    const first = a.make(seed * 2 + 1);
    const second = b.make(seed * 2 + 2);
    // Seats past the second draw their seeds after every two-seat game's (the same agents for p1 and p2 as in a game of two).
    if (seats.alternate && teams && teams.length >= 2) {
      // A duel of teams: A plays every seat of one team (the teams in turn), B every other seat.
      const mine = teams[teamOfA(seed, teams.length)]!;
      let ka = 0;
      let kb = 0;
      return Array.from({ length: players }, (_, i) => (mine.includes(i) ? (ka++ === 0 ? first : a.make(seed * 2 + 0x20000000 + ka)) : kb++ === 0 ? second : b.make(seed * 2 + 0x40000000 + kb)));
    }
    if (seats.alternate && players > 2) {
      // A duel of more seats: A in one seat (rotating), B in every other.
      const at = seatOfA(seed, players);
      let k = 0;
      return Array.from({ length: players }, (_, i) => (i === at ? first : k++ === 0 ? second : b.make(seed * 2 + 0x40000000 + k)));
    }
    const others = rest.map((x, i) => x.make(seed * 2 + 0x40000000 + i));
    return swapped(seats, seed) ? [second, first, ...others] : [first, second, ...others];
  };
}

/** Plays seeds from, from+1, …, from+count-1. Never throws: a failing game is summarised as an error. */
export function playBatch(ir: GameIR, from: number, count: number, opts: BatchOptions = {}): GameSummary[] {
  const out: GameSummary[] = [];
  const agents = opts.agents && !allRandom(opts.agents) ? seatAgents(opts.agents, playerCount(ir, opts.params), ir.teams?.seats, ir.game) : undefined;
  const playOpts: PlayOptions = { format: opts.format, params: opts.params, maxSteps: opts.maxSteps, askForced: opts.askForced, checkInvariants: opts.checkInvariants, agents, tally: opts.tally, course: opts.course, draws: opts.draws, substitutes: opts.substitutes, printed: opts.printed, opening: opts.opening };
  // One engine for the whole range: the rules are compiled to closures once.
  let engine = newEngine(ir, from, playOpts);
  for (let seed = from; seed < from + count; seed++) {
    try {
      const g = playOn(engine, seed, playOpts);
      const lost = conservationProblems(g.engine);
      const summary: GameSummary = {
        seed,
        winner: g.result.winner,
        reason: g.result.reason,
        turns: g.turns,
        decisions: g.decisions,
        hash: g.hash,
        error: lost.length ? lost[0]! : null,
        zones: null,
      };
      if (opts.finalState) {
        const final = finalState(g.engine);
        summary.zones = final.zones;
        summary.cards = final.cards;
      }
      if (g.result.stopped) summary.stopped = g.result.stopped;
      if (g.result.teams) summary.team = g.result.team ?? null;
      if (opts.tally) summary.counts = g.engine.counts()!;
      if (opts.course) summary.course = g.engine.courseData()!;
      out.push(summary);
    } catch (e) {
      // A game that failed may leave the engine in any state: the next game gets a new one.
      engine = newEngine(ir, seed + 1, playOpts);
      // (A breach found by --check-invariants stops the game the same way, in its own words.)
      out.push({ seed, winner: null, reason: '', turns: 0, decisions: 0, hash: 0, error: `runtime error: ${(e as Error).message}`, zones: null });
    }
  }
  return out;
}

export interface BatchReport {
  games: number;
  /** `draw`: the rules ended the game in a draw; `stopped`: the engine stopped it at a limit (GameSummary.stopped). */
  results: SeatResults;
  turns: { mean: number; max: number };
  decisions: number;
  errors: number;
  /** In a game of teams (`teams` given to foldBatch): games won by each team. */
  teams?: Record<string, number>;
  /** FNV-style fold of every game's log hash, in seed order. */
  hash: string;
}

/** Games won by each seat (p1, p2, … — every seat of the game), drawn, and stopped by the engine. */
export type SeatResults = { p1: number; p2: number; draw: number; stopped: number } & { [seat: `p${number}`]: number };

/**
 * Folds summaries (which must be in seed order) into the report `grimoire play --json` prints.
 * `players`: the game's number of seats (each gets a count, a seat that never won included).
 */
export function foldBatch(games: readonly GameSummary[], players = 2, teams?: readonly string[]): BatchReport {
  const teamWins: Record<string, number> | undefined = teams ? Object.fromEntries(teams.map((t) => [t, 0])) : undefined;
  const seats: Record<string, number> = {};
  for (let i = 1; i <= Math.max(2, players); i++) seats[`p${i}`] = 0;
  const results = { ...seats, draw: 0, stopped: 0 } as SeatResults;
  let turnsSum = 0;
  let turnsMax = 0;
  let decisions = 0;
  let errors = 0;
  let hash = 0x811c9dc5;
  for (const g of games) {
    if (g.error?.startsWith('runtime error')) {
      errors++;
      continue;
    }
    if (g.error) errors++;
    if (teamWins && g.team) teamWins[g.team] = (teamWins[g.team] ?? 0) + 1;
    if (g.winner !== null) results[g.winner as `p${number}`] = (results[g.winner as `p${number}`] ?? 0) + 1;
    else if (g.stopped) results.stopped++;
    else results.draw++;
    turnsSum += g.turns;
    turnsMax = Math.max(turnsMax, g.turns);
    decisions += g.decisions;
    hash = Math.imul(hash ^ g.hash, 0x01000193) >>> 0;
  }
  return {
    games: games.length,
    results,
    turns: { mean: games.length ? Number((turnsSum / games.length).toFixed(2)) : 0, max: turnsMax },
    decisions,
    errors,
    ...(teamWins ? { teams: teamWins } : {}),
    hash: hash.toString(16).padStart(8, '0'),
  };
}
