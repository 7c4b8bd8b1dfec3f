/**
 * The course of a game, for the balance lab's game-quality metrics (`grimoire balance --quality`,
 * balance/quality.ts): who led at the end of each turn by the game's own evaluation, and which
 * actions were offered at each decision to act. Kept only when asked (EngineOptions.course): a
 * game played without it pays one null check per turn and per decision to act.
 *
 * - leader: at the end of a turn (after its end-of-turn triggers and checks), the player whose
 *   `evaluate` is the highest; none when several share the highest. A game that declares no
 *   evaluation records no leaders.
 * - a decision to act: a player asked to choose an action or to pass, as the engine counts its
 *   decisions (not a single option that must be taken). Every action offered there counts once,
 *   however many cards offer it; the action taken there (not the pass) counts as taken. An action
 *   the rules perform, or declared at no decision, is not taken. In a trial nothing is recorded.
 * - capped: the game reached the game's `max turns` and ended in a draw there.
 */

/** One game's course (GameSummary.course). */
export interface CourseData {
  /** By turn that ended, in order: the leading player's index, or -1 when several share the highest evaluation. Empty without an evaluation. */
  leaders: number[];
  /** Whether the game declares an evaluation (else `leaders` is empty). */
  evaluated: boolean;
  /** Decisions to act: a player asked to choose an action or to pass. */
  decisions: number;
  /** [action index, decisions to act where it was offered], by action index, for the actions offered at least once. */
  offered: [number, number][];
  /** [action index, decisions to act where a player took it], by action index, for the actions taken at least once. */
  taken: [number, number][];
  /** The game ended at its turn limit (`max turns`). */
  capped: boolean;
}

export class GameCourse {
  private leaders: number[] = [];
  private decisions = 0;
  /** By action: decisions where it was offered. */
  private readonly offered: Int32Array;
  /** By action: the last decision that counted it (an action offered for two cards counts once). */
  private readonly seen: Int32Array;
  /** By action: decisions where it was taken. */
  private readonly taken: Int32Array;
  /** A decision to act was recorded and its answer not yet (see answered). */
  private open = false;
  capped = false;

  constructor(
    actions: number,
    private readonly evaluated: boolean,
  ) {
    this.offered = new Int32Array(actions);
    this.seen = new Int32Array(actions);
    this.taken = new Int32Array(actions);
  }

  reset(): void {
    this.leaders = [];
    this.decisions = 0;
    this.offered.fill(0);
    this.seen.fill(0);
    this.taken.fill(0);
    this.open = false;
    this.capped = false;
  }

  /** A turn ended; `score(p)` is player p's evaluation, for p in 0 … players − 1. */
  turnEnded(players: number, score: (p: number) => number | null): void {
    if (!this.evaluated) return;
    let best = -Infinity;
    let leader = -1;
    for (let p = 0; p < players; p++) {
      const s = score(p) ?? 0;
      if (s > best) {
        best = s;
        leader = p;
      } else if (s === best) leader = -1;
    }
    this.leaders.push(leader);
  }

  /** A decision to act, with the actions offered there (by action index; repeats allowed). */
  decision(actions: readonly number[]): void {
    const d = ++this.decisions;
    this.open = true;
    for (let i = 0; i < actions.length; i++) {
      const a = actions[i]!;
      if (this.seen[a] === d) continue;
      this.seen[a] = d;
      this.offered[a]!++;
    }
  }

  /** The answer to the choice of action just made: the action taken (its index), or -1 for the pass. Counts only for a decision to act recorded by `decision`. */
  answered(action: number): void {
    if (!this.open) return;
    this.open = false;
    if (action >= 0) this.taken[action]!++;
  }

  data(): CourseData {
    const pairs = (by: Int32Array) => {
      const out: [number, number][] = [];
      for (let a = 0; a < by.length; a++) if (by[a]! > 0) out.push([a, by[a]!]);
      return out;
    };
    return { leaders: this.leaders.slice(), evaluated: this.evaluated, decisions: this.decisions, offered: pairs(this.offered), taken: pairs(this.taken), capped: this.capped };
  }
}
