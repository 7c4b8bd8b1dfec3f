/**
 * What an agent is and what it receives. An agent answers decisions with only what its player
 * may know: the decision as labels (hidden cards are named by where they lie, never by name),
 * its player's view of the state on request (view.ts), and — for agents that search — a forward
 * model (runtime/search.ts) that plays the game on from the decision at hand in worlds
 * re-dealt from the player's point of view (determinize.ts). It never touches the engine's
 * objects or the true hidden state.
 */
import type { Decision } from '../decisions.ts';
import type { ActionPreference } from '../engine-types.ts';
import type { PlayerView } from '../view.ts';

/** A decision as its player sees it. */
export interface AgentDecision {
  player: string;
  kind: Decision['kind'];
  prompt: string;
  /** The option labels (built on first read); the answer is an index into this list. */
  readonly options: readonly string[];
  /** How many options there are (cheaper than reading `options`). */
  count: number;
  canPass: boolean;
  cite: string;
}

export interface Agent {
  /**
   * The answer: an index below `d.count`. `view` builds the player's view on demand, so agents
   * that do not look cost nothing; `model` is given to agents that search (`searches`).
   */
  choose(d: AgentDecision, view: () => PlayerView, model?: ForwardModel): number;
  /** Set by agents that need a forward model: the host then records the game for them (search.ts). */
  readonly searches?: boolean;
}

/** A decision inside a simulation, as a search policy sees it. */
export interface SimDecision {
  /** The deciding player's index. */
  readonly player: number;
  /** What is decided: an action, a choice of values, a mode. */
  readonly kind: Decision['kind'];
  readonly count: number;
  /** Decisions since the decision at hand (which is depth 0). */
  readonly depth: number;
  /** Option `i` as its player sees it: what a search tree keys its branches by. */
  key(i: number): string;
  /**
   * From the next decision on, `answer` answers every decision of the simulation from its
   * player, its number of options and its depth alone (an answer below 0 stops the simulation,
   * as the policy's would), and the policy is not called again: a playout below a search's tree
   * reads no labels, so the engine makes no decision objects for it.
   *
   * `uniform`: `answer` draws uniformly (a random playout), so a choice of action may be made
   * by drawing among the candidate actions and the pass and trying only what is drawn (the engine
   * need not list every action first): `answer` is then called once per draw, and depth counts
   * draws. The options keep their chances; the draws differ.
   *
   * `policy`: how the playout plays and where it stops (PlayoutPolicy). It reads no card: no peeking.
   */
  playOut(answer: (player: number, count: number, depth: number) => number, uniform?: boolean, policy?: PlayoutPolicy): void;
}

/** A playout's policy beyond `answer` (SimDecision.playOut): what a game's strong agent may name. */
export interface PlayoutPolicy {
  /**
   * With `uniform`: how many candidates the pass counts as when an action is drawn — 1 (the
   * default) as likely as any action; 0 only when no action can be declared (a playout that
   * never passes while it can act); 2 twice as likely.
   */
  passWeight?: number;
  /**
   * Stop the playout at its first decision once this many turns have begun since the decision at
   * hand (1: at the next turn's first decision), to be scored by the game's evaluation; unset: to
   * the end. Unlike a depth in decisions, it needs no listing of offers: draws stay sampled.
   */
  turns?: number;
  /**
   * With `uniform`: the search's preference among the actions a playout draws (ActionPreference,
   * e.g. MAST: agents/mast.ts) — its keys are IR indices, its values learnt from the search's own
   * playouts; unset: uniform draws.
   */
  prefer?: ActionPreference;
}

/** How a simulation ended. */
export interface SimOutcome {
  /** Per player: 1 won, 0 lost, 0.5 a draw; a cut-off simulation scores the player ahead on the evaluation 1. */
  reward: number[];
  /** True when the game ended (else the policy cut it off, or the engine stopped it at a limit). */
  ended: boolean;
  /** Per player, the game's evaluation where the simulation stopped (null when it has none, or the game ended). */
  scores: number[] | null;
  /** Decisions made in the simulation. */
  decisions: number;
}

/**
 * Plays the game on from the decision at hand in a determinized world: everything the deciding
 * player does not know re-dealt at random (by `seed`), the rest as it is.
 */
export interface ForwardModel {
  /** The deciding player's index. */
  readonly player: number;
  readonly players: number;
  /** Whether the game declares an `evaluate` (else cut-off simulations score a draw). */
  readonly hasEvaluation: boolean;
  /**
   * How many answers the game has had before the decision at hand (when the host counts them):
   * a player's two decisions in a row, nobody answering between, differ by one — where a search
   * may go on from the tree of the first (MctsOptions.reuse).
   */
  readonly step?: number;
  /**
   * One simulation: `policy` answers every decision from the one at hand (depth 0) on; an answer
   * below 0 stops the simulation there, to be scored by the game's evaluation. Deterministic for a seed.
   */
  simulate(seed: number, policy: (d: SimDecision) => number): SimOutcome;
}

/** What an agent receives for a decision. */
export function agentDecision(d: Decision): AgentDecision {
  return new DecisionView(d);
}

/**
 * A class rather than an object literal with getters: V8 keeps its shape fast. Every field is
 * read from the decision when asked for, so an agent that only needs the count (a random one)
 * costs one small object per decision.
 */
class DecisionView implements AgentDecision {
  // Real private fields (not TypeScript's `private`): an agent cannot reach the engine's decision.
  #labels: string[] | null = null;
  readonly #d: Decision;
  constructor(d: Decision) {
    this.#d = d;
  }
  get player(): string {
    return this.#d.player.name;
  }
  get kind(): Decision['kind'] {
    return this.#d.kind;
  }
  get prompt(): string {
    return this.#d.prompt;
  }
  get count(): number {
    return this.#d.count;
  }
  get canPass(): boolean {
    return this.#d.canPass;
  }
  get cite(): string {
    return this.#d.cite;
  }
  get options(): readonly string[] {
    return (this.#labels ??= this.#d.options.map((o) => o.label));
  }
}
