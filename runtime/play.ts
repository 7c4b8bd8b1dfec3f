/** Playing whole games between agents: the loop the CLI, tests and benchmarks share. */
import type { GameIR } from '../compiler/ir.ts';
import { Engine, type ActionDraws, type EngineOptions, type GameResult } from './engine.ts';
import { agentDecision, type Agent } from './agents/agent.ts';
import { RandomAgent } from './agents/basic.ts';
import { GameRecorder, SearchModel, searchEngine } from './search.ts';
import { ConservationWatch } from './conservation.ts';

export { conservationProblems } from './conservation.ts';

export interface PlayedGame {
  seed: number;
  result: GameResult;
  turns: number;
  decisions: number;
  hash: number;
  engine: Engine;
}

export interface PlayOptions {
  format?: string;
  params?: Record<string, number | boolean | string>;
  log?: boolean;
  agents?: (seed: number) => Agent[];
  maxSteps?: number;
  /** See EngineOptions.maxTriggerChain. */
  maxTriggerChain?: number;
  /**
   * Check card conservation at every step, not only at the end (`play --check-invariants`): a
   * breach stops the game with a ConservationBroken error naming the step, the card and the places.
   */
  checkInvariants?: boolean;
  /** Ask every decision, even one with a single option (see EngineOptions.askForced). */
  askForced?: boolean;
  /**
   * How random players (no `agents`) choose an action: 'sampled' (the default) or 'listed', as
   * before 2026-11-28 (the games of a seed as they were then; bench/ceiling's hand-written
   * games follow it). See ActionDraws.
   */
  draws?: ActionDraws;
  /** Called with the engine before the first decision (tests and tools that watch a game). */
  onStart?: (engine: Engine) => void;
  /** See EngineOptions.onLog (tools that capture the state at each step). */
  onLog?: EngineOptions['onLog'];
  /** See EngineOptions.onStep; with `checkInvariants`, called before the check of the step. */
  onStep?: EngineOptions['onStep'];
  /** See EngineOptions.tally (balance runs): `Engine.counts()` after the game. */
  tally?: boolean;
  /** See EngineOptions.course (balance --quality): `Engine.courseData()` after the game. */
  course?: boolean;
  /** See EngineOptions.decks: deck lists made in place of the rules' own (a served match's players' decks). */
  decks?: EngineOptions['decks'];
  /** See EngineOptions.substitutes (the balance lab's replacement value). */
  substitutes?: EngineOptions['substitutes'];
  /** See EngineOptions.printed (`grimoire tune`). */
  printed?: EngineOptions['printed'];
  /** See EngineOptions.opening (a replacement value in the opening hand). */
  opening?: EngineOptions['opening'];
}

/** Plays one game with a new engine. */
export function playGame(ir: GameIR, seed: number, opts: PlayOptions = {}): PlayedGame {
  return playOn(newEngine(ir, seed, opts), seed, opts);
}

/** An engine for `playOn`: compile the rules once, then play game after game on it. */
export function newEngine(ir: GameIR, seed: number, opts: PlayOptions = {}): Engine {
  const watch = opts.checkInvariants ? new ConservationWatch() : null;
  const own = opts.onStep;
  const onStep: EngineOptions['onStep'] = watch
    ? (engine, loc) => {
        own?.(engine, loc);
        watch.check(engine, loc);
      }
    : own;
  return new Engine(ir, { seed, format: opts.format, params: opts.params, log: opts.log, maxSteps: opts.maxSteps, maxTriggerChain: opts.maxTriggerChain, askForced: opts.askForced, onLog: opts.onLog, onStep, tally: opts.tally, course: opts.course, substitutes: opts.substitutes, printed: opts.printed, decks: opts.decks, opening: opts.opening });
}

/** The search agents' own engine for a game engine: made once, kept for the engine's next games. */
const searchEngines = new WeakMap<Engine, Engine>();
function searchEngineFor(engine: Engine, opts: PlayOptions): Engine {
  let e = searchEngines.get(engine);
  if (!e) {
    e = searchEngine(engine.ir, { format: opts.format, params: opts.params, maxSteps: opts.maxSteps, maxTriggerChain: opts.maxTriggerChain, askForced: opts.askForced, substitutes: opts.substitutes, printed: opts.printed, opening: opts.opening });
    searchEngines.set(engine, e);
  }
  return e;
}

/** Plays one game on an engine made by `newEngine` with the same options, reset to `seed`. */
export function playOn(engine: Engine, seed: number, opts: PlayOptions = {}): PlayedGame {
  engine.reset(seed);
  return playPrepared(engine, seed, opts);
}

/**
 * Plays the game an engine has been made ready for — reset to `seed`, or set up as the next game
 * of a match (Engine.nextGameOfMatch; match.ts) — with the agents of `opts`.
 */
export function playPrepared(engine: Engine, seed: number, opts: PlayOptions = {}): PlayedGame {
  const agents = opts.agents ? opts.agents(seed) : null;
  opts.onStart?.(engine);
  if (agents === null) {
    // Random players read nothing but the count of options: choices reach them without a
    // decision object (Engine.run's `byCount`), and no view is ever built.
    const random = engine.players.map((_, i) => new RandomAgent(seed * 31 + i));
    engine.run(
      (d) => random[d.player.index]!.byCount(d.count),
      (p, count) => random[p.index]!.byCount(count),
      opts.draws ?? 'sampled',
    );
  } else {
    // Each player's view on demand, one function per player rather than one per decision.
    const views = engine.players.map((p) => () => engine.view(p));
    if (agents.some((a) => a.searches)) {
      // Search agents get a forward model at each decision: the game is recorded for them (search.ts).
      const own = engine.onTurn;
      const recorder = new GameRecorder(engine, seed);
      // A later game of a match: a replay begins it with the same facts and kept cards (match.ts).
      if (engine.match.game > 1) recorder.match = { facts: { ...engine.match, wins: [...engine.match.wins] }, kept: engine.keptForMatch() };
      const search = searchEngineFor(engine, opts);
      try {
        engine.run((d) => {
          const agent = agents[d.player.index]!;
          const answer = agent.choose(agentDecision(d), views[d.player.index]!, agent.searches && d.count > 1 ? new SearchModel(search, recorder, d) : undefined);
          recorder.answered(answer);
          return answer;
        });
      } finally {
        engine.onTurn = own;
        engine.trackKnowledge = false;
      }
    } else engine.run((d) => agents[d.player.index]!.choose(agentDecision(d), views[d.player.index]!));
  }
  return { seed, result: engine.result!, turns: engine.turn, decisions: engine.decisions, hash: engine.hash, engine };
}
