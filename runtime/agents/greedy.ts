/**
 * Greedy: tries each option one step ahead and takes the best. For each option, a few
 * determinizations (search.ts): the option is played, then the player's own follow-up choices
 * (the card for the action just chosen) at random, up to the next decision of another player (or
 * eight decisions on), where the game's evaluation scores the position for the deciding player — its score
 * minus the best other player's. A game won there scores above any evaluation, a game lost below.
 * A game without an `evaluate` is played on at random to the end instead, and the option with
 * the best win rate is taken.
 */
import { Rng } from '../rng.ts';
import type { Agent, AgentDecision, ForwardModel, SimOutcome } from './agent.ts';

export class GreedyAgent implements Agent {
  readonly searches = true;
  private readonly rng: Rng;

  constructor(
    seed: number,
    /** Determinizations per option (with an evaluation); playouts per option without one are 4× as many. */
    private readonly samples = 4,
  ) {
    this.rng = new Rng(seed ^ 0x68e31da4);
  }

  choose(d: AgentDecision, _view: unknown, model?: ForwardModel): number {
    if (d.count <= 1) return 0;
    if (!model) throw new Error('the greedy agent needs a forward model: play it through runtime/play.ts');
    const me = model.player;
    const runs = model.hasEvaluation ? this.samples : this.samples * 4;
    const seedBase = this.rng.next();
    const playoutBase = this.rng.next();
    let best = 0;
    let bestValue = -Infinity;
    for (let option = 0; option < d.count; option++) {
      let total = 0;
      for (let r = 0; r < runs; r++) {
        // The same worlds and the same playout draws for every option (common random numbers):
        // options are compared on equal luck.
        const playout = new Rng((playoutBase + r * 0x85ebca6b) >>> 0);
        const out = model.simulate((seedBase + r * 0x9e3779b1) >>> 0, (s) => {
          if (s.depth === 0) return option;
          // With an evaluation: the deciding player's own follow-up choices (the card of the action
          // just chosen) are played on at random, so that the option has changed the state when scored.
          if (model.hasEvaluation) return s.player === me && s.depth < 8 ? playout.below(s.count) : -1;
          return playout.below(s.count);
        });
        total += value(out, me);
      }
      if (total > bestValue) {
        bestValue = total;
        best = option;
      }
    }
    return best;
  }
}

/** Above any evaluation: a game won (below: lost). */
const WON = 1e9;

/** What an outcome is worth to player `me`. */
function value(out: SimOutcome, me: number): number {
  if (out.ended) return out.reward[me] === 1 ? WON : out.reward[me] === 0 ? -WON : 0;
  // Stopped at the engine's limits with no evaluation: nothing to tell the options apart.
  if (!out.scores) return 0;
  let other = -Infinity;
  for (let i = 0; i < out.scores.length; i++) if (i !== me) other = Math.max(other, out.scores[i]!);
  return out.scores[me]! - other;
}
