/**
 * The forward model search agents play with (agents/agent.ts ForwardModel): from a decision of
 * a game in progress, play the game on in a world re-dealt from the deciding player's point of
 * view, as many times as the agent asks.
 *
 * The engine is synchronous — a decision is a call into the host's decider, deep inside the
 * turn's code — so a decision cannot be resumed from a saved state. A simulation therefore
 * starts from the state saved at the start of the turn (`onTurn`: GameRecorder), replays the
 * answers given since, in its own engine, up to the decision at hand, and only then re-deals
 * what the player does not know (determinize.ts) and starts the generator anew from the
 * simulation's seed: the replay sees the true cards (it is the game as it happened), the
 * player's search never does. Before turn 1 (a setup's decisions) it replays from the seed; in
 * a scenario, from the scenario's position (`beginning`) until a turn starts.
 *
 *   game engine ──onTurn──▶ GameRecorder (state at the turn's start + the answers since)
 *                                │
 *   agent ──simulate(seed, policy)──▶ SearchModel: load · replay · re-deal · reseed · policy…
 */
import type { GameIR } from '../compiler/ir.ts';
import { Engine, StopRun, type Decision, type EngineOptions, type KeptCards } from './engine.ts';
import { firstGame, type MatchFacts } from './match-facts.ts';
import type { ForwardModel, PlayoutPolicy, SimDecision, SimOutcome } from './agents/agent.ts';
import { Rng } from './rng.ts';
import { GameSnapshot } from './snapshot.ts';

/** Records a game for the search agents that play in it: the state at each turn's start, the answers since. */
export class GameRecorder {
  /** The state at the start of the turn in progress; null before turn 1 (replay from the seed). */
  snapshot: GameSnapshot | null = null;
  /** Every answer given since that state (or since the game began). */
  readonly answers: number[] = [];
  /** Answers given in the whole game so far (a search's `step`). */
  given = 0;
  /**
   * In a later game of a match: its match facts and the cards its kept zones began with, so that a
   * replay begins the same game (Engine.startGameOfMatch) and reads the same facts; null otherwise.
   */
  match: { facts: MatchFacts; kept: KeptCards } | null = null;
  private readonly saved = new GameSnapshot();

  /** Watches `engine` from now on: its knowledge kept, the state saved as each turn starts. Call before `run`. */
  constructor(
    engine: Engine,
    /** The game's seed (a replay from the setup resets to it). */
    readonly seed: number,
    /**
     * For a game that did not begin with its setup (a scenario's position): puts a search's
     * engine where the game began and returns where it plays on from (`Engine.runFrom`). Until
     * the first turn starts, a replay begins there.
     */
    readonly beginning: ((e: Engine) => string) | null = null,
  ) {
    engine.trackKnowledge = true;
    const own = engine.onTurn;
    engine.onTurn = (e) => {
      own?.(e);
      e.saveState(this.saved);
      this.snapshot = this.saved;
      this.answers.length = 0;
    };
  }

  /** Call with every answer the game's decider gives. */
  answered(index: number): void {
    this.answers.push(index);
    this.given++;
  }
}

/** The engine options a search's own engine copies from the game's (those that change how a game plays). */
export type SearchEngineOptions = Pick<EngineOptions, 'format' | 'params' | 'maxSteps' | 'maxTriggerChain' | 'askForced' | 'askSingleActions' | 'substitutes' | 'printed' | 'opening'>;

/** A search's own engine for a game: one per game engine, made once (compiling the rules costs milliseconds). */
export function searchEngine(ir: GameIR, opts: SearchEngineOptions): Engine {
  return new Engine(ir, { seed: 0, format: opts.format, params: opts.params, maxSteps: opts.maxSteps, maxTriggerChain: opts.maxTriggerChain, askForced: opts.askForced, askSingleActions: opts.askSingleActions, substitutes: opts.substitutes, printed: opts.printed, opening: opts.opening });
}

/** The forward model for one decision of a recorded game (see the file's header). */
export class SearchModel implements ForwardModel {
  readonly players: number;
  readonly hasEvaluation: boolean;
  readonly step: number | undefined;
  /** How many answers of the recording lead to the decision at hand. */
  private readonly replayed: number;
  private readonly snapshot: GameSnapshot | null;
  private readonly answers: number[];

  constructor(
    private readonly engine: Engine,
    /** The game so far (a GameRecorder, or a recording made another way: tests build variants of one). */
    recorder: Pick<GameRecorder, 'snapshot' | 'answers' | 'seed'> & { beginning?: GameRecorder['beginning']; given?: number; match?: GameRecorder['match'] },
    /** The decision at hand, in the game. */
    private readonly at: Decision,
  ) {
    this.players = engine.players.length;
    this.hasEvaluation = engine.ir.evaluate != null;
    this.replayed = recorder.answers.length;
    this.step = recorder.given;
    // Copied: the game goes on recording after this decision, and a model may outlive it (a Hint).
    this.answers = recorder.answers.slice();
    this.snapshot = recorder.snapshot ? copySnapshot(recorder.snapshot) : null;
    this.seed = recorder.seed;
    this.beginning = recorder.beginning ?? null;
    this.match = recorder.match ?? null;
  }

  private readonly match: GameRecorder['match'];
  private readonly seed: number;
  private readonly beginning: ((e: Engine) => string) | null;

  get player(): number {
    return this.at.player.index;
  }

  simulate(seed: number, policy: (d: SimDecision) => number): SimOutcome {
    const e = this.engine;
    const rng = new Rng(seed);
    const answers = this.answers;
    const n = this.replayed;
    const root = this.at;
    let next = 0;
    let depth = 0;
    // Set by the policy (SimDecision.playOut): every decision from then on answered by count.
    let playout: ((player: number, count: number, depth: number) => number) | null = null;
    const view = new SimView((answer, uniform, policy) => {
      // A playout cut after some turns (PlayoutPolicy.turns) answers below 0 from then on: stopped, scored.
      const stop = policy?.turns !== undefined ? e.turn + policy.turns : Infinity;
      const play = stop === Infinity ? answer : (p: number, count: number, at: number) => (e.turn >= stop ? -1 : answer(p, count, at));
      playout = play;
      e.answerByCount((p, count) => {
        const a = play(p.index, count, depth++);
        if (a < 0) throw new StopRun(null);
        return a;
      }, uniform, policy?.passWeight ?? 1, policy?.prefer ?? null);
    });
    const decide = (d: Decision): number => {
      if (next < n) return answers[next++]!;
      if (next === n) {
        next++;
        // The decision at hand, reached again: the same player and options, or the replay is not the game.
        if (d.player.index !== root.player.index || d.count !== root.count) throw new Error(`a search's replay reached another decision than the game's (${d.player.name}, ${d.count} options; the game's: ${root.player.name}, ${root.count})`);
        e.redealFor(e.players[root.player.index]!, rng);
        e.reseed(rng.next());
        e.trackKnowledge = false;
      }
      // (Decisions the engine still asks with a decision object in a playout: optional triggers, orders of triggers.)
      const a = playout !== null ? playout(d.player.index, d.count, depth++) : (view.at(d, depth++), policy(view));
      if (a < 0) throw new StopRun(d);
      return a;
    };
    e.trackKnowledge = true;
    let result;
    if (this.snapshot) {
      e.loadState(this.snapshot);
      // A state holds no match facts: the game's, or a first game's (the engine serves every game of its batch).
      if (this.match) e.match = this.match.facts;
      else if (e.match.game !== 1) e.match = firstGame(e.players.length);
      result = e.runFrom('turn', decide);
    } else if (this.beginning) {
      e.reset(this.seed);
      result = e.runFrom(this.beginning(e), decide);
    } else {
      if (this.match) e.startGameOfMatch(this.seed, this.match.facts, this.match.kept);
      else e.reset(this.seed);
      result = e.run(decide);
    }
    e.trackKnowledge = false;
    e.answerByCount(null);
    const decisions = Math.max(0, depth);
    if (result && !result.stopped) {
      // With more than two players, each player's own result is their place: 1 for the winner, 0 for
      // the last; with teams, their team's place among the teams (a draw 0.5), so each player
      // plays for their team.
      const places = result.places;
      const n = result.teams ? result.teams.length : e.players.length;
      const reward = result.teams && result.team === null
        ? e.players.map(() => 0.5)
        : places
        ? e.players.map((p) => (n - (places.find((x) => x.player === p.name)?.place ?? n)) / (n - 1))
        : e.players.map((p) => (result.winner === null ? 0.5 : result.winner === p.name ? 1 : 0));
      return { reward, ended: true, scores: null, decisions };
    }
    // Cut off by the policy, or stopped at the engine's limits: the evaluation says who is ahead
    // (a player out of the game is behind everyone).
    let scores = this.hasEvaluation ? e.players.map((p) => (p.out ? -Infinity : (e.evaluate(p) ?? 0))) : null;
    // With teams, a player's score is their team's best: teammates are ahead or behind together.
    if (scores && e.ir.teams) {
      const own = scores;
      scores = e.players.map((p) => Math.max(...e.players.filter((q) => e.teamIndexOf(q) === e.teamIndexOf(p)).map((q) => own[q.index]!)));
    }
    return { reward: scores ? ahead(scores) : e.players.map(() => 0.5), ended: false, scores, decisions };
  }
}

/** 1 for the players whose score is the highest, alone; 0.5 when tied for it; 0 for the others. */
function ahead(scores: number[]): number[] {
  const best = Math.max(...scores);
  const tied = scores.filter((s) => s === best).length;
  return scores.map((s) => (s === best ? (tied === 1 ? 1 : 0.5) : 0));
}

/**
 * A simulation's decision as policies see it (one object per simulation, pointed at each decision
 * in turn). The decision is held in a private field: a policy reads what the interface gives.
 */
class SimView implements SimDecision {
  #d: Decision | null = null;
  /** The simulation's switch to playing out by count (see SimDecision.playOut). */
  readonly #playOut: (answer: (player: number, count: number, depth: number) => number, uniform: boolean, policy: PlayoutPolicy | undefined) => void;
  depth = 0;
  constructor(playOut: (answer: (player: number, count: number, depth: number) => number, uniform: boolean, policy: PlayoutPolicy | undefined) => void) {
    this.#playOut = playOut;
  }
  playOut(answer: (player: number, count: number, depth: number) => number, uniform = false, policy?: PlayoutPolicy): void {
    this.#playOut(answer, uniform, policy);
  }
  at(d: Decision, depth: number): void {
    this.#d = d;
    this.depth = depth;
  }
  get player(): number {
    return this.#d!.player.index;
  }
  get kind(): Decision['kind'] {
    return this.#d!.kind;
  }
  get count(): number {
    return this.#d!.count;
  }
  key(i: number): string {
    return this.#d!.options[i]!.label;
  }
}

/** A copy of a recorded state (the recorder's snapshot is overwritten when the next turn starts). */
function copySnapshot(s: GameSnapshot): GameSnapshot {
  const c = new GameSnapshot();
  Object.assign(c, s);
  for (const k of Object.keys(s) as (keyof GameSnapshot)[]) {
    const v = s[k] as unknown;
    if (ArrayBuffer.isView(v)) (c as unknown as Record<string, unknown>)[k] = (v as Int32Array).slice();
    else if (Array.isArray(v)) (c as unknown as Record<string, unknown>)[k] = v.slice();
  }
  return c;
}
