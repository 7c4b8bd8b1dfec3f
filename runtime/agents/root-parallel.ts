/**
 * One decision's search split into shares that can run at the same time (root parallelism:
 * Chaslot, Winands & van den Herik, "Parallel Monte-Carlo Tree Search", 2008).
 *
 * A search of N iterations becomes SEARCH_SHARES searches of about N / SEARCH_SHARES iterations,
 * each with its own tree and its own seed, run wherever there is a core (the playground's Hint
 * runs them in several workers); their root statistics are added up: an option's visits are the
 * sum of its visits, its win rate the mean of every simulation's reward. The shares are fixed —
 * their number, budgets and seeds depend only on the budget and the seed — so the answer is the
 * same on one core or on four, whichever worker runs which share.
 *
 * Nothing new is seen: each share is an ordinary MCTS search (mcts.ts) on the deciding player's
 * forward model, dealing its own worlds from that player's view (search.ts, determinize.ts).
 */
import type { ForwardModel } from './agent.ts';
import { DEFAULT_EXPLORATION, MctsAgent, type OptionEstimate } from './mcts.ts';
import type { SearchSettings } from './spec.ts';

/** How many searches a decision's budget is split into. */
export const SEARCH_SHARES = 4;

/** What one share found: per option label, its visits and the sum of its rewards. */
export interface ShareResult {
  share: number;
  iterations: number;
  options: { label: string; visits: number; reward: number }[];
}

/** The iterations of share `share` (0-based): the budget split as evenly as it goes, the first shares taking the rest. */
export function shareBudget(budget: number, share: number): number {
  return Math.floor(budget / SEARCH_SHARES) + (share < budget % SEARCH_SHARES ? 1 : 0);
}

/** The seed of share `share`: a mix of the search's seed and the share's number. */
export function shareSeed(seed: number, share: number): number {
  return (Math.imul(seed ^ 0x5bd1e995, 0x27d4eb2f) + Math.imul(share + 1, 0x9e3779b1)) >>> 0;
}

/**
 * Runs share `share` of a search of `budget` iterations from the decision `model` stands at.
 * `settings`: how to search (a game's `strong` search: its cut, grade, playout policy…; spec.ts
 * searchSettings); by default a plain MCTS, every playout to the end.
 */
export function searchShare(model: ForwardModel, count: number, budget: number, seed: number, share: number, onProgress?: (done: number, total: number) => void, settings?: SearchSettings | null): ShareResult {
  const iterations = shareBudget(budget, share);
  if (iterations === 0) return { share, iterations: 0, options: [] };
  const how = settings ?? { exploration: DEFAULT_EXPLORATION, depth: null };
  const agent = new MctsAgent({ ...how, iterations, millis: null, onProgress }, shareSeed(seed, share));
  const estimates = agent.search(model, count);
  return { share, iterations: agent.lastIterations, options: estimates.map((e) => ({ label: e.label, visits: e.visits, reward: e.winRate * e.visits })) };
}

/**
 * The shares' statistics added up, in the order of the shares (the same sums whoever ran them),
 * options most visited first (then by win rate).
 */
export function mergeShares(parts: readonly ShareResult[]): { estimates: OptionEstimate[]; iterations: number } {
  const byLabel = new Map<string, { visits: number; reward: number }>();
  let iterations = 0;
  for (const part of [...parts].sort((a, b) => a.share - b.share)) {
    iterations += part.iterations;
    for (const o of part.options) {
      const sum = byLabel.get(o.label) ?? byLabel.set(o.label, { visits: 0, reward: 0 }).get(o.label)!;
      sum.visits += o.visits;
      sum.reward += o.reward;
    }
  }
  const estimates = [...byLabel].map(([label, s]) => ({ label, visits: s.visits, winRate: s.visits ? s.reward / s.visits : 0 }));
  estimates.sort((a, b) => b.visits - a.visits || b.winRate - a.winRate);
  return { estimates, iterations };
}

/** The shares the `k`-th of `workers` places runs: k, k + workers, … (every share once in all). */
export function sharesOf(k: number, workers: number): number[] {
  const out: number[] = [];
  for (let s = k; s < SEARCH_SHARES; s += workers) out.push(s);
  return out;
}

/** Every share, one after another, here: the answer the shares give when they run in several places. */
export function searchInShares(model: ForwardModel, count: number, budget: number, seed: number, onProgress?: (done: number, total: number) => void, settings?: SearchSettings | null): { estimates: OptionEstimate[]; iterations: number } {
  const parts: ShareResult[] = [];
  let before = 0;
  for (let s = 0; s < SEARCH_SHARES; s++) {
    const part = searchShare(model, count, budget, seed, s, onProgress && ((done) => onProgress(before + done, budget)), settings);
    before += part.iterations;
    parts.push(part);
  }
  return mergeShares(parts);
}
