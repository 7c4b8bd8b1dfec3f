/**
 * A game in which each seat is a person, or an agent (random, greedy, MCTS) thinking in the run
 * worker; and the Hint, MCTS run for a person's decision at hand.
 *
 * The engine is synchronous: a decision is a call into the decider, deep inside the turn's code,
 * so a game cannot wait for a click. A match is therefore a recipe — the rules, the seed, the
 * format and parameters, and every answer given so far — and each step plays it again from the
 * seed: the answers are given back in order, agents' seats think at the decisions past them, and
 * the run stops (StopRun) at the first decision a person must answer, or at the end. The page
 * keeps the answers; a click adds one and asks for the next step.
 *
 * Search agents get their forward model exactly as runtime/play.ts `playOn` gives it: a
 * GameRecorder on the fresh engine sees every answer from the first (given back or just
 * chosen), a SearchModel per decision, and one search engine per game's rules and options, made
 * once and kept. No DOM, no worker globals: the tests run it in Node.
 */
import type { GameIR } from '../../../compiler/ir.ts';
import { StopRun, type Decision, type Engine, type EngineOptions } from '../../../runtime/engine.ts';
import { newEngine } from '../../../runtime/play.ts';
import { GameRecorder, SearchModel, searchEngine } from '../../../runtime/search.ts';
import { GameSnapshot } from '../../../runtime/snapshot.ts';
import { agentDecision, type Agent } from '../../../runtime/agents/agent.ts';
import { RandomAgent } from '../../../runtime/agents/basic.ts';
import { GreedyAgent } from '../../../runtime/agents/greedy.ts';
import { parseAgent, searchSettings, type SearchSettings } from '../../../runtime/agents/spec.ts';
import { DEFAULT_EXPLORATION, MctsAgent, type OptionEstimate } from '../../../runtime/agents/mcts.ts';
import { searchInShares, searchShare, shareBudget, type ShareResult } from '../../../runtime/agents/root-parallel.ts';
import type { RunProblem } from './run-protocol.ts';
import { bounded, limitProblem, logLimitProblem, STEP_LIMIT_REASON } from './simulate.ts';
import { checkChoice, variantsOf, type ParamValue } from './variants.ts';
import type { Seat } from './seats.ts';
import { t } from '../../../i18n/format.ts';

export type { Seat, SeatKind } from './seats.ts';

/** The recipe of a match up to now: replayed from the seed with these answers. */
export interface MatchSim {
  what: 'match';
  ir: GameIR;
  game: string;
  seed: number;
  maxSteps: number;
  format?: string;
  params?: Record<string, ParamValue>;
  /** Every answer given so far, in order (indexes into each decision's options). */
  answers: readonly number[];
  /** Deck lists by player, made in place of the rules' decks (EngineOptions.decks; a served match's). */
  decks?: EngineOptions['decks'];
}

export interface MatchHooks {
  onLog?: EngineOptions['onLog'];
  /**
   * The seats, by player index (a seat not given is random). Agents' seats answer the decisions
   * past the answers; without seats the run stops at the first decision past them, whoever's.
   */
  seats?: readonly Seat[];
  /** An agent's seat thinks: `done` of `total` iterations (MCTS), or 0 of 0 (no progress to say). */
  onThinking?(player: number, done: number, total: number): void;
  /** An agent's seat answered: the answers now (the page keeps them, so a Cancel keeps what was played). */
  onAnswered?(answers: readonly number[]): void;
  /** Keep a forward model at the decision the run stops at (a Hint). */
  model?: boolean;
  /** Called at each log event with the engine (e.g. to redact the log for a reader: player-log.ts). */
  onEngine?(engine: Engine): void;
  /** At the decision the run stops at, before it unwinds: the engine stands at that decision (why-not). */
  onStop?(engine: Engine, d: Decision): void;
  /** Play in this engine (made by `matchEngine` for the same recipe), reset to the seed, instead of compiling the rules again. */
  engine?: MatchEngine;
}

/**
 * An engine kept for one match, reset to the seed at each replay instead of made anew: a server
 * replays a match at every answer, and compiling the rules is most of a short replay's cost.
 */
export class MatchEngine {
  readonly engine: Engine;
  /** Where the engine's log events go during the replay in progress. */
  onLog: EngineOptions['onLog'] | null = null;
  /**
   * The state at the start of the latest turn a replay reached (Engine.saveState), with how many
   * answers and log events came before it: the next replay loads it and plays on from that turn
   * (`runFrom('turn')`, which plays on exactly as the game did) instead of from the seed, so an
   * answer costs its turn, not the whole game. Only for a match whose answers only grow, and
   * without search agents (their forward model records the game from its seed).
   */
  turnStart: { snapshot: GameSnapshot; answers: number; log: number } | null = null;

  constructor(readonly sim: Omit<MatchSim, 'answers'>) {
    const choice = checkChoice(variantsOf(sim.ir), { format: sim.format, params: sim.params ?? {} });
    if ('problem' in choice) throw new Error(choice.problem);
    this.engine = newEngine(sim.ir, sim.seed, { log: true, maxSteps: sim.maxSteps, onLog: (e, eng) => this.onLog?.(e, eng), format: choice.format, params: choice.params, decks: sim.decks });
  }
}

export interface MatchRun {
  /** The rules the match is played by (a Hint searches as their `strong` agent does). */
  ir: GameIR;
  engine: Engine;
  /** The answers given, those replayed and those the agents chose. */
  answers: number[];
  /** The decision the run stopped at (a person's, or anyone's without seats), or null at the end. */
  decision: Decision | null;
  /** The forward model at that decision (with `model`). */
  model: SearchModel | null;
  /** Why the match cannot go on, or stopped short. */
  problem: RunProblem | null;
  format: string | null;
  params: Record<string, ParamValue> | null;
}

/** Answers replayed that are not the game's (the rules changed under the match?). */
export class ReplayDiverged extends Error {}

/** One search engine per rules and options (compiling the rules costs milliseconds): made once, kept. */
const searchEngines = new WeakMap<GameIR, { key: string; engine: Engine }>();
function searchEngineFor(ir: GameIR, opts: { format?: string; params?: Record<string, ParamValue>; maxSteps: number }): Engine {
  const key = JSON.stringify([opts.format ?? null, opts.params ?? {}, opts.maxSteps]);
  const hit = searchEngines.get(ir);
  if (hit && hit.key === key) return hit.engine;
  const engine = searchEngine(ir, { format: opts.format, params: opts.params, maxSteps: opts.maxSteps });
  searchEngines.set(ir, { key, engine });
  return engine;
}

/** A seed for an agent's decision: the game's seed, the seat and how far the game is (the same answer on a replay). */
function agentSeed(seed: number, player: number, at: number): number {
  return (Math.imul(seed ^ 0x9e3779b9, 31) + Math.imul(player + 1, 0x85ebca6b) + Math.imul(at + 1, 0xc2b2ae35)) >>> 0;
}

/** An agent for one decision of a seat (`strong`: the agent the game's header names, agents/spec.ts). */
function agentFor(seat: Seat, seed: number, onProgress: (done: number, total: number) => void, ir: GameIR): Agent {
  switch (seat.kind) {
    case 'greedy':
      return new GreedyAgent(seed);
    case 'strong': {
      const spec = parseAgent('strong', ir.game);
      if ('error' in spec) throw new Error(spec.error);
      return spec.make(seed);
    }
    case 'mcts':
      return new MctsAgent({ iterations: seat.budget, millis: null, exploration: DEFAULT_EXPLORATION, depth: null, onProgress }, seed);
    default:
      return new RandomAgent(seed);
  }
}

/** Plays the match from its seed with its answers; agents' seats answer on (see MatchHooks). */
export function playMatch(sim: MatchSim, hooks: MatchHooks = {}): MatchRun {
  const choice = checkChoice(variantsOf(sim.ir), { format: sim.format, params: sim.params ?? {} });
  if ('problem' in choice) throw new Error(choice.problem);
  const watch = bounded((e, eng) => hooks.onLog?.(e, eng));
  const opts = { log: true, maxSteps: sim.maxSteps, onLog: watch.onLog, format: choice.format, params: choice.params, decks: sim.decks };
  const kept = hooks.engine;
  if (kept && (kept.sim.ir !== sim.ir || kept.sim.seed !== sim.seed)) throw new Error('a MatchEngine plays only the match it was made for'); // i18n-ok: a programming error of the caller (server/), never shown to a player
  if (kept) {
    kept.onLog = watch.onLog;
    // A recorder from an earlier replay watched this engine's turns: the new one watches alone.
    kept.engine.onTurn = null;
  }
  const engine = kept ? kept.engine : newEngine(sim.ir, sim.seed, opts);
  const searching = !!hooks.model || !!hooks.seats?.some((s) => s.kind === 'greedy' || s.kind === 'mcts' || s.kind === 'strong');
  const from = kept && !searching && kept.turnStart && kept.turnStart.answers <= sim.answers.length ? kept.turnStart : null;
  if (from) {
    engine.loadState(from.snapshot);
    engine.log.length = from.log;
  } else engine.reset(sim.seed);
  hooks.onEngine?.(engine);
  const recorder = new GameRecorder(engine, sim.seed);
  const answers = sim.answers.slice();
  const replayed = answers.length;
  let next = from ? from.answers : 0;
  if (kept && !searching) {
    const own = engine.onTurn;
    engine.onTurn = (e) => {
      own?.(e);
      const start = (kept.turnStart ??= { snapshot: new GameSnapshot(), answers: 0, log: 0 });
      e.saveState(start.snapshot);
      start.answers = next;
      start.log = e.log.length;
    };
  }
  let stopped: Decision | null = null;
  let model: SearchModel | null = null;
  const search = () => searchEngineFor(sim.ir, { format: choice.format, params: choice.params, maxSteps: sim.maxSteps });
  const views = engine.players.map((p) => () => engine.view(p));
  const decide = (d: Decision): number => {
    let a: number;
    if (next < answers.length) {
      a = answers[next]!;
      if (!(Number.isInteger(a) && a >= 0 && a < d.count)) throw new ReplayDiverged(t('pg.replay.not-an-option', { n: next + 1, answer: a, prompt: d.prompt, count: d.count }));
    } else {
      const seat = hooks.seats ? (hooks.seats[d.player.index] ?? { kind: 'random', budget: 0 }) : null;
      if (seat === null || seat.kind === 'person') {
        stopped = d;
        hooks.onStop?.(engine, d);
        if (hooks.model) model = new SearchModel(search(), recorder, d);
        throw new StopRun(d);
      }
      const player = d.player.index;
      hooks.onThinking?.(player, 0, seat.kind === 'mcts' ? seat.budget : 0);
      const agent = agentFor(seat, agentSeed(sim.seed, player, next), (done, total) => hooks.onThinking?.(player, done, total), sim.ir);
      a = agent.choose(agentDecision(d), views[player]!, agent.searches ? new SearchModel(search(), recorder, d) : undefined);
      answers.push(a);
      hooks.onAnswered?.(answers);
    }
    next++;
    recorder.answered(a);
    return a;
  };
  let problem: RunProblem | null = null;
  try {
    if (from) engine.runFrom('turn', decide);
    else engine.run(decide);
    if (engine.result && STEP_LIMIT_REASON.test(engine.result.reason)) problem = limitProblem(engine.result.reason);
    else if (engine.result && next < replayed) throw new ReplayDiverged(t('pg.replay.ended', { next, replayed }));
  } catch (e) {
    if (e instanceof ReplayDiverged) {
      problem = { kind: 'runtime', message: t('pg.replay.diverged', { message: e.message }) };
    } else problem = watch.stopped() ? logLimitProblem : { kind: 'runtime', message: t('pg.sim.engine-game', { message: (e as Error).message }) };
  }
  return { ir: sim.ir, engine, answers, decision: stopped, model, problem, format: choice.format, params: choice.params };
}

/** What a Hint found for the decision at hand. */
export interface HintResult {
  /** Per option label (two options with one label are one), most visited first. */
  estimates: OptionEstimate[];
  iterations: number;
}

/**
 * MCTS from the decision `run` stopped at, for its player (the run was made with `model`): the
 * budget in SEARCH_SHARES shares (runtime/agents/root-parallel.ts), here one after another — the
 * same answer as the shares run in several workers (hintShares, merged).
 */
export function hintAt(run: MatchRun, budget: number, seed: number, onProgress?: (done: number, total: number) => void): HintResult {
  if (!run.decision || !run.model) throw new Error(t('pg.hint.no-decision'));
  return searchInShares(run.model, run.decision.count, budget, seed, onProgress, hintSettings(run.ir));
}

/**
 * How a Hint searches: as the game's `strong` agent does (its header's `agent strong "mcts:…"`:
 * the cut, grade, playout policy the game's search was measured best with), at the Hint's own
 * budget; a plain MCTS where `strong` is no MCTS. Read once per rules.
 */
const settingsByRules = new WeakMap<GameIR, SearchSettings | null>();
export function hintSettings(ir: GameIR): SearchSettings | null {
  if (!settingsByRules.has(ir)) settingsByRules.set(ir, searchSettings('strong', ir.game));
  return settingsByRules.get(ir)!;
}

/** The shares `shares` of a Hint's search (one worker's part): each share's root statistics. */
export function hintShares(run: MatchRun, budget: number, seed: number, shares: readonly number[], onProgress?: (done: number, total: number) => void): ShareResult[] {
  if (!run.decision || !run.model) throw new Error(t('pg.hint.no-decision'));
  const total = shares.reduce((n, s) => n + shareBudget(budget, s), 0);
  let before = 0;
  return shares.map((s) => {
    const part = searchShare(run.model!, run.decision!.count, budget, seed, s, onProgress && ((done) => onProgress(before + done, total)), hintSettings(run.ir));
    before += part.iterations;
    return part;
  });
}
