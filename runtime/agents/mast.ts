/**
 * The Move-Average Sampling Technique (Finnsson & Björnsson, "Simulation-Based Approach to General
 * Game Playing", 2008; epsilon-greedy as in Tak, Winands & Björnsson, "N-Grams and the
 * Last-Good-Reply Policy Applied in General Game Playing", 2012): a search's playouts prefer the
 * actions that earned the most, on average, in its earlier playouts.
 *
 * An action is known by a key of IR indices (the action, and for a card's ability the card's
 * definition: OffersRoom.actionKey), so what one playout learns applies to the next whatever
 * the world; with `inside`, so is an option of a choice inside an action (its place in the rules,
 * and for a card the chooser sees its definition and whether the chooser controls it:
 * ChoicesRoom.optionKey, negative keys). Nothing here reads a card. The statistics come from this search's own playouts, in
 * worlds re-dealt from its player's point of view: they hold nothing the player could not know.
 */
import { Rng } from '../rng.ts';
import type { ActionPreference } from '../engine-types.ts';

export class MastPreference implements ActionPreference {
  /** Per player, per action key: the sum of that player's rewards in the playouts where they took it, and how many. */
  private readonly sums: Map<number, number>[] = [];
  private readonly counts: Map<number, number>[] = [];
  /** The actions taken in the playout in progress: player, key, player, key… */
  private readonly pending: number[] = [];
  private rng: Rng;

  constructor(
    /** The chance that a draw ignores the values and is uniform (ε). */
    private readonly epsilon: number,
    seed: number,
    /** Whether the choices inside an action follow the values too (ActionPreference.inside: `mastin=1`). */
    readonly inside = false,
  ) {
    this.rng = new Rng(seed);
  }

  /**
   * For the next search (MctsOptions.mastDecay): every sum and count multiplied by `decay` (what
   * earlier searches learnt weighs less than what this one learns), and a generator of its own.
   */
  carryOver(decay: number, seed: number): void {
    for (const [sums, counts] of this.sums.map((s, i) => [s, this.counts[i]!] as const)) {
      if (!sums) continue;
      for (const [k, v] of sums) sums.set(k, v * decay);
      for (const [k, v] of counts) counts.set(k, v * decay);
    }
    this.rng = new Rng(seed);
  }

  greedy(_player: number): boolean {
    return this.rng.next() >= this.epsilon * 4294967296;
  }

  /** The mean reward of the action for the player; an action never taken is tried first (1, the most a reward is). */
  value(player: number, key: number): number {
    const n = this.counts[player]?.get(key);
    return n === undefined ? 1 : this.sums[player]!.get(key)! / n;
  }

  taken(player: number, key: number): void {
    this.pending.push(player, key);
  }

  /** The playout in progress ended with `reward` (per player): each action it took is credited with its player's. */
  credit(reward: readonly number[]): void {
    const p = this.pending;
    for (let i = 0; i < p.length; i += 2) {
      const player = p[i]!;
      const key = p[i + 1]!;
      const sums = (this.sums[player] ??= new Map());
      const counts = (this.counts[player] ??= new Map());
      sums.set(key, (sums.get(key) ?? 0) + (reward[player] ?? 0));
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    p.length = 0;
  }
}
