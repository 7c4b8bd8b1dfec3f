/**
 * Agents answer decisions. An agent receives only what its player may know: the decision as
 * labels (hidden cards are named by where they lie, never by name) and, on request, its
 * player's view of the state (view.ts). It never touches the engine's objects.
 */
import type { Decision } from './engine.ts';
import { Rng } from './rng.ts';
import type { PlayerView } from './view.ts';

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
  /** `view` builds the player's view on demand, so agents that do not look cost nothing. */
  choose(d: AgentDecision, view: () => PlayerView): number;
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
  private labels: string[] | null = null;
  constructor(private readonly d: Decision) {}
  get player(): string {
    return this.d.player.name;
  }
  get kind(): Decision['kind'] {
    return this.d.kind;
  }
  get prompt(): string {
    return this.d.prompt;
  }
  get count(): number {
    return this.d.count;
  }
  get canPass(): boolean {
    return this.d.canPass;
  }
  get cite(): string {
    return this.d.cite;
  }
  get options(): readonly string[] {
    return (this.labels ??= this.d.options.map((o) => o.label));
  }
}

/** Uniform random over the legal options, from its own seeded generator. */
export function randomAgent(seed: number): Agent {
  return new RandomAgent(seed);
}

/** randomAgent's agent: it reads the count of options and nothing else (see play.ts). */
export class RandomAgent implements Agent {
  private readonly rng: Rng;
  constructor(seed: number) {
    this.rng = new Rng(seed ^ 0x5bd1e995);
  }
  choose(d: AgentDecision): number {
    return this.rng.below(d.count);
  }
  /** The answer to a decision of `count` options: the same as `choose` would give. */
  byCount(count: number): number {
    return this.rng.below(count);
  }
}

/** Always the first option. */
export const firstOptionAgent: Agent = { choose: () => 0 };

/** Plays a fixed list of answers (option labels) in order; past the end, the first option. */
export function scriptedAgent(answers: readonly string[]): Agent {
  let next = 0;
  return {
    choose(d) {
      if (next >= answers.length) return 0;
      const want = answers[next++]!;
      const i = d.options.indexOf(want);
      if (i < 0) throw new Error(`scripted answer '${want}' is not an option: ${d.options.join(' | ')}`);
      return i;
    },
  };
}
