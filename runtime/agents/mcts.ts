/**
 * Information-set Monte Carlo tree search (SO-ISMCTS: Cowling, Powley & Whitehouse, "Information
 * Set Monte Carlo Tree Search", 2012), for any game written in the language.
 *
 * Each iteration plays one simulation in a new determinization (a world re-dealt from the
 * deciding player's point of view: search.ts, determinize.ts). The tree is one tree for all
 * determinizations: a branch is an option as its player sees it (its label), so an option
 * offered in some worlds and not others keeps its statistics across them. Selection is UCB1
 * with availability counts — a branch's exploration term counts the iterations in which it
 * could have been chosen, not the parent's visits. Below the tree, the simulation plays on at
 * random to the end (or to a depth, then the game's evaluation says who is ahead); the reward
 * of each branch is the result for the player who chose it.
 *
 * Budget: a number of iterations (`mcts:500`, the same answer for the same seed) or a time
 * (`mcts:200ms`: how many iterations fit depends on the machine, so not deterministic).
 */
import { Rng } from '../rng.ts';
import { MastPreference } from './mast.ts';
import type { Agent, AgentDecision, ForwardModel, PlayoutPolicy, SimDecision } from './agent.ts';

export interface MctsOptions {
  /** Iterations per decision (when `millis` is not set). */
  iterations: number;
  /** Thinking time per decision instead of a number of iterations. */
  millis: number | null;
  /** UCB1's exploration constant (rewards lie in 0..1). */
  exploration: number;
  /** Decisions below the tree before a simulation stops and is scored by the evaluation; null: to the end. */
  depth: number | null;
  /**
   * Go on from the last search's tree when this player's decision follows its own last one with
   * nobody answering between (the forward model's `step`): the branch it chose becomes the root,
   * with everything the last search learned below it, and the budget is spent on top of it.
   */
  reuse?: boolean;
  /**
   * The playouts' policy below the tree (SimDecision.playOut, PlayoutPolicy): how many candidate
   * actions the pass counts as when a playout draws a choice of action (`pass=W`: 1 uniform, the
   * default; 0 never passing while an action can be declared), and after how many turns a
   * playout stops to be scored by the evaluation (`turns=T`; unset: to the end).
   */
  playout?: PlayoutPolicy;
  /**
   * A graded reward where a simulation is cut off (`grade=S`, with `depth=` or `turns=`): instead
   * of 1 for the player the evaluation puts ahead and 0 for the others, each player gets
   * 1 / (1 + e^(−margin / S)), its margin being its evaluation minus the best other player's —
   * a lead of S is worth about ¾. A cut then says by how much a player is ahead, not only who.
   * Unset: who is ahead (SimOutcome.reward).
   */
  grade?: number;
  /**
   * How sure a cut playout can be (`sure=P`, ½ < P ≤ 1, with `depth=` or `turns=`): its rewards
   * (graded or who is ahead) are squeezed from 0..1 into 1 − P..P, so no evaluation, however far
   * ahead it puts a player, is worth as much as a game won. Where the evaluation saturates (a
   * lead it takes for decisive), a line that wins before the cut still beats one that only looks
   * won. Unset: 1 (a cut can score as much as a win).
   */
  sure?: number;
  /**
   * MAST in the playouts (`mast=E`, agents/mast.ts): each action a playout draws is, with chance
   * 1 − E, the one with the best mean reward for its player in this search's playouts so far
   * (untaken actions first), else drawn uniformly. Unset: every draw uniform. (Only where a
   * playout's actions are drawn, not listed: not with `depth`, whose playouts list every decision.)
   */
  mast?: number;
  /**
   * With `mast`: MAST's table carried from one search to the player's next (`mastdecay=γ`, 0..1),
   * each sum and count multiplied by γ first (Tak, Winands & Björnsson, "Decaying Simulation
   * Strategies", 2014). Unset (or 0): a new table for each search.
   */
  mastDecay?: number;
  /**
   * With `mast`: the choices inside an action follow MAST too (`mastin=1`, ActionPreference.inside)
   * — a playout's pick of one value (a target, the card a generic action plays) and its modes,
   * each option keyed by the choice's place in the rules and, for a card its chooser sees, the
   * card's definition and whether the chooser controls it. Unset: those draws stay uniform.
   */
  mastInside?: boolean;
  /**
   * A search that stops sooner than the budget (`stop=α`, 0 < α ≤ 1): it stops once the most
   * visited option leads the next by more than α × the iterations left. 1 is the exact stop every
   * search makes (no iteration left could change the answer); below 1 the answer may differ from
   * the whole budget's where two options stay close — the cheaper search trades those for time.
   * Unset: 1.
   */
  stopShare?: number;
  /** Called after each iteration with (done, budget) — a progress bar; return true to stop early. */
  onProgress?: (done: number, total: number) => boolean | void;
}

export const DEFAULT_EXPLORATION = 0.7;

/** A branch of the tree: the option its player chose, and what followed. */
class Node {
  visits = 0;
  /** The tree step that last counted this branch as available (once per visit, whatever the copies). */
  seen = 0;
  /** Iterations in which this option was on offer (availability). */
  available = 0;
  /** Sum of rewards for `player`, the player who chose this branch. */
  reward = 0;
  children: Map<string, Node> | null = null;
  constructor(readonly player: number) {}
}

/**
 * Whether the root's most visited option leads the next by more than `left` visits (the answer
 * can no longer change). Only the decision's own branches count (`prefix`): a reused root also
 * holds branches of decisions the game did not come to.
 */
function decided(root: Node, prefix: string, left: number): boolean {
  // (`left` may be a share of the iterations left: MctsOptions.stopShare.)
  if (root.children === null || prefix === '') return false;
  let first = 0;
  let second = 0;
  for (const [k, c] of root.children) {
    if (!k.startsWith(prefix)) continue;
    if (c.visits > first) {
      second = first;
      first = c.visits;
    } else if (c.visits > second) second = c.visits;
  }
  return first - second > left;
}

/**
 * Each player's graded reward from the evaluations where a simulation was cut off (MctsOptions.grade):
 * a logistic of its margin over the best other player, `scale` evaluation points a step. A player
 * out of the game (−∞) gets 0; with two players the rewards add up to 1, as a win and a loss do.
 */
export function graded(scores: readonly number[], scale: number): number[] {
  return scores.map((s, i) => {
    let other = -Infinity;
    for (let j = 0; j < scores.length; j++) if (j !== i && scores[j]! > other) other = scores[j]!;
    if (s === -Infinity) return other === -Infinity ? 0.5 : 0;
    if (other === -Infinity) return 1;
    return 1 / (1 + Math.exp(-(s - other) / scale));
  });
}

/** A cut playout's rewards squeezed from 0..1 into 1 − sure..sure (MctsOptions.sure): ½ stays ½. */
export function squeezed(rewards: readonly number[], sure: number): number[] {
  return rewards.map((r) => 1 - sure + (2 * sure - 1) * r);
}

/** Per option of the decision at hand: what the search found. */
export interface OptionEstimate {
  label: string;
  visits: number;
  /** Mean reward for the deciding player: a win rate when simulations play to the end. */
  winRate: number;
}

export class MctsAgent implements Agent {
  readonly searches = true;
  private readonly rng: Rng;
  /** What the last search found (a Hint shows it). */
  lastEstimates: OptionEstimate[] = [];
  /** Iterations the last search ran. */
  lastIterations = 0;
  /** The last search's root and the prefix of its branches' keys (for `reuse`). */
  private lastRoot: Node | null = null;
  private lastPrefix = '';
  /** The branch the last answer chose, and the step it was chosen at (for `reuse`). */
  private carried: { step: number; node: Node } | null = null;
  /** The last search's MAST table (MctsOptions.mastDecay carries it to the next). */
  private mastTable: MastPreference | null = null;
  /** Visit stamps are unique across searches: a reused tree's branches keep theirs. */
  private visitStamp = 0;

  constructor(
    private readonly opts: MctsOptions,
    seed: number,
  ) {
    this.rng = new Rng(seed ^ 0x2545f491);
  }

  choose(d: AgentDecision, _view: unknown, model?: ForwardModel): number {
    if (d.count <= 1) return 0;
    if (!model) throw new Error('the mcts agent needs a forward model: play it through runtime/play.ts (or give one)');
    const c = this.carried;
    const from = this.opts.reuse && c !== null && model.step !== undefined && model.step === c.step + 1 ? c.node : null;
    // Stopped once the answer is decided: the same answer as the whole budget, sooner.
    const estimates = this.search(model, d.count, true, from);
    // The most visited option (the robust child); its first label among the decision's options.
    let best = estimates[0]!;
    for (const e of estimates) if (e.visits > best.visits || (e.visits === best.visits && e.winRate > best.winRate)) best = e;
    const i = d.options.indexOf(best.label);
    const chosen = this.lastRoot?.children?.get(this.lastPrefix + best.label);
    this.carried = this.opts.reuse && chosen && model.step !== undefined ? { step: model.step, node: chosen } : null;
    return i >= 0 ? i : 0;
  }

  /**
   * Runs the search for the decision `model` stands at and returns every option's estimate.
   *
   * `untilDecided` (an answer, not a Hint's estimates): with a budget of iterations, stop as soon
   * as the most visited option leads the next by more than the iterations left — no iteration
   * left could change which option is the most visited, so the answer is the whole budget's, and
   * the agent's generator is drawn from exactly as often, so the next decisions are the same too.
   */
  search(model: ForwardModel, count: number, untilDecided = false, from: Node | null = null): OptionEstimate[] {
    const { iterations, millis, exploration, depth, grade, mast, sure } = this.opts;
    const stopShare = this.opts.stopShare ?? 1;
    const root = from ?? new Node(-1);
    const seedBase = this.rng.next();
    const playout = new Rng(this.rng.next());
    // (MAST's statistics: this search's, or carried from the player's earlier searches, decayed.)
    const carried = this.mastTable;
    const decay = this.opts.mastDecay ?? 0;
    if (carried !== null && decay > 0) carried.carryOver(decay, seedBase ^ 0x5bd1e995);
    const prefer = mast === undefined ? null : carried !== null && decay > 0 ? carried : new MastPreference(mast, seedBase ^ 0x5bd1e995, this.opts.mastInside ?? false);
    this.mastTable = prefer;
    const playoutPolicy = prefer !== null ? { ...this.opts.playout, prefer } : this.opts.playout;
    const until = millis !== null ? Date.now() + millis : 0;
    const total = millis !== null ? millis : iterations;
    let path: Node[] = [];
    let node: Node | null = root;
    let iteration = 0;
    const rootLabels: string[] = [];
    let rootPrefix = '';
    /** Untried keys already counted in this visit (a stamp per key). */
    const untriedStamp = new Map<string, number>();
    // Below the tree: at random, to the end or to the depth limit (by count: no labels read).
    const rollout = (_player: number, count: number, at: number): number => (depth !== null && at - path.length >= depth ? -1 : playout.below(count));
    const policy = (s: SimDecision): number => {
      if (node === null) return rollout(s.player, s.count, s.depth);
      const here: Node = node;
      const children = (here.children ??= new Map());
      const n = s.count;
      if (s.depth === 0 && rootLabels.length === 0) {
        for (let i = 0; i < n; i++) rootLabels.push(s.key(i));
        rootPrefix = `${s.player}|${s.kind}|`;
      }
      // A branch is the deciding player's option as they see it: the player and the kind of
      // decision are part of the key, so a "pass" of one player never shares a branch with
      // another's. Two options with one key (two copies of a card) are one branch, counted once.
      const stamp = ++this.visitStamp;
      const prefix = `${s.player}|${s.kind}|`;
      let untried = -1;
      let untriedKey = '';
      let untriedSeen = 0;
      let best = -1;
      let bestScore = -Infinity;
      for (let i = 0; i < n; i++) {
        const k = prefix + s.key(i);
        const child = children.get(k);
        if (child === undefined) {
          if (untriedStamp.get(k) === stamp) continue;
          untriedStamp.set(k, stamp);
          // A random untried option (reservoir sampling: each equally likely).
          untriedSeen++;
          if (playout.below(untriedSeen) === 0) {
            untried = i;
            untriedKey = k;
          }
          continue;
        }
        if (child.seen === stamp) continue;
        child.seen = stamp;
        child.available++;
        if (untriedSeen > 0) continue;
        const score = child.reward / child.visits + exploration * Math.sqrt(Math.log(child.available) / child.visits);
        if (score > bestScore) {
          bestScore = score;
          best = i;
        }
      }
      if (untried >= 0) {
        const child = new Node(s.player);
        child.seen = stamp;
        child.available = 1;
        children.set(untriedKey, child);
        path.push(child);
        node = null;
        // (Uniform draws to the end: the engine may draw actions without listing them all. With a
        // depth limit, each decision must count once: listed.)
        s.playOut(rollout, depth === null, playoutPolicy);
        return untried;
      }
      const chosen = children.get(prefix + s.key(best))!;
      path.push(chosen);
      node = chosen;
      return best;
    };
    for (;;) {
      if (millis !== null ? iteration > 0 && Date.now() >= until : iteration >= iterations) break;
      path = [];
      node = root;
      const out = model.simulate((seedBase + iteration * 0x9e3779b1) >>> 0, policy);
      let reward = grade !== undefined && !out.ended && out.scores !== null ? graded(out.scores, grade) : out.reward;
      if (sure !== undefined && !out.ended) reward = squeezed(reward, sure);
      prefer?.credit(reward);
      for (const b of path) {
        b.visits++;
        b.reward += reward[b.player] ?? 0;
      }
      iteration++;
      if (this.opts.onProgress?.(millis !== null ? Math.min(total, millis - (until - Date.now())) : iteration, total)) break;
      if (untilDecided && millis === null && decided(root, rootPrefix, stopShare * (iterations - iteration))) break;
    }
    this.lastIterations = iteration;
    this.lastRoot = root;
    this.lastPrefix = rootPrefix;
    const estimates: OptionEstimate[] = [];
    const seen = new Set<string>();
    for (let i = 0; i < count; i++) {
      const label = rootLabels[i] ?? `option ${i + 1}`;
      if (seen.has(label)) continue;
      seen.add(label);
      const c = root.children?.get(rootPrefix + label);
      estimates.push({ label, visits: c?.visits ?? 0, winRate: c && c.visits ? c.reward / c.visits : 0 });
    }
    this.lastEstimates = estimates;
    return estimates;
  }
}
