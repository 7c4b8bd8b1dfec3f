/** The agents that do not search: random, the first option, a script. */
import { Rng } from '../rng.ts';
import type { Agent, AgentDecision } from './agent.ts';

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
