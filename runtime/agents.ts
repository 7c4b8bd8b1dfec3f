/** Agents answer decisions. They see only the decision (the player's own options), never the state. */
import type { Decision } from './engine.ts';
import { Rng } from './rng.ts';

export interface Agent {
  choose(d: Decision): number;
}

/** Uniform random over the legal options, from its own seeded generator. */
export function randomAgent(seed: number): Agent {
  const rng = new Rng(seed ^ 0x5bd1e995);
  return { choose: (d) => rng.below(d.options.length) };
}

/** Always the first option. */
export const firstOptionAgent: Agent = { choose: () => 0 };
