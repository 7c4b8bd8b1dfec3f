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
  /** The option labels; the answer is an index into this list. */
  options: readonly string[];
  canPass: boolean;
  cite: string;
}

export interface Agent {
  /** `view` builds the player's view on demand, so agents that do not look cost nothing. */
  choose(d: AgentDecision, view: () => PlayerView): number;
}

/** What an agent receives for a decision. */
export function agentDecision(d: Decision): AgentDecision {
  return { player: d.player.name, kind: d.kind, prompt: d.prompt, options: d.options.map((o) => o.label), canPass: d.canPass, cite: d.cite };
}

/** Uniform random over the legal options, from its own seeded generator. */
export function randomAgent(seed: number): Agent {
  const rng = new Rng(seed ^ 0x5bd1e995);
  return { choose: (d) => rng.below(d.options.length) };
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
