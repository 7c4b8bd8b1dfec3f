// The playground's Hint in shares (runtime/agents/root-parallel.ts): each worker replays the match
// and searches its shares (match-run.ts runHintShares), the page merges them (hint-merge.ts). The
// answer is the one a single worker gives, whichever worker runs which share, for the same seed;
// its options are the decision's. (No peeking: test/no-peeking.test.ts runs the shares in worlds
// the player cannot tell apart.)
import { describe, expect, it } from 'vitest';
import type { HintSharesReport, RunRequest } from '../playground/src/worker/run-protocol.ts';
import { runHint, runHintShares, runMatch } from '../playground/src/worker/match-run.ts';
import { hintFromShares } from '../playground/src/worker/hint-merge.ts';
import { SEARCH_SHARES, mergeShares, searchInShares, shareBudget, sharesOf } from '../runtime/agents/root-parallel.ts';
import { searchSettings } from '../runtime/agents/spec.ts';
import { DEFAULT_EXPLORATION } from '../runtime/agents/mcts.ts';
import { hintAt, playMatch } from '../playground/src/worker/match.ts';
import { compiledGame } from './helpers.ts';

describe('the Hint in shares', () => {
  it('splits any budget into shares that add up to it, every share in exactly one worker', () => {
    for (const budget of [1, 3, 60, 500, 501]) expect(Array.from({ length: SEARCH_SHARES }, (_, s) => shareBudget(budget, s)).reduce((a, b) => a + b, 0)).toBe(budget);
    for (let workers = 1; workers <= SEARCH_SHARES; workers++) {
      const all = Array.from({ length: workers }, (_, k) => sharesOf(k, workers)).flat().sort();
      expect(all).toEqual(Array.from({ length: SEARCH_SHARES }, (_, s) => s));
    }
    expect(mergeShares([]).estimates).toEqual([]);
  });

  for (const game of ['trump', 'spimate']) {
    it(`${game}: one worker or several, the same estimates of the decision's own options, again for the same seed`, () => {
      const ir = compiledGame(game);
      const at = runMatch({ type: 'match', id: 1, files: [], game, seed: 7, maxSteps: 100_000, seats: [{ kind: 'person', budget: 0 }, { kind: 'random', budget: 0 }], answers: [], think: true }, ir, () => {}, 0).report;
      expect(at.decision).not.toBeNull();
      const recipe = { files: [], game, seed: 7, maxSteps: 100_000, answers: at.answers, budget: 60 };
      const single = runHint({ type: 'hint', id: 2, ...recipe }, ir, () => {}, 0);
      expect(single.problem).toBeNull();
      expect(single.iterations).toBe(60);
      expect(single.estimates.reduce((n, e) => n + e.visits, 0)).toBe(60);
      for (const e of single.estimates) expect(at.decision!.options).toContain(e.label);
      const inWorkers = (workers: number) => {
        const replies: HintSharesReport[] = [];
        for (let k = 0; k < workers; k++) {
          const req: Extract<RunRequest, { type: 'hint-shares' }> = { type: 'hint-shares', id: 10 + k, ...recipe, shares: sharesOf(k, workers) };
          replies.push(runHintShares(req, ir, () => {}, 0));
        }
        // The page merges replies in the order they arrive: any order.
        return hintFromShares(2, replies.reverse(), 0);
      };
      for (const workers of [1, 2, 3, 4]) {
        const merged = inWorkers(workers);
        expect(merged.player).toBe(single.player);
        expect(merged.iterations).toBe(single.iterations);
        expect(merged.estimates).toEqual(single.estimates);
      }
      // The most visited option is one the player is offered.
      expect(at.decision!.options).toContain(inWorkers(2).estimates[0]!.label);
    });
  }

  it('searches as the game\'s strong agent does (its cut, grade, playout policy), at the Hint\'s budget', () => {
    // The settings a game's `agent strong "mcts:…"` names, without its budget; none for an agent that is no search.
    expect(searchSettings('strong', compiledGame('trump').game)).toEqual({ exploration: DEFAULT_EXPLORATION, depth: null, playout: { turns: 1 }, grade: 200 });
    expect(searchSettings('strong', compiledGame('spimate').game)).toEqual({ exploration: DEFAULT_EXPLORATION, depth: null, playout: { passWeight: 0 } });
    expect(searchSettings('strong', { agents: [{ name: 'strong', spec: 'greedy' }] })).toBeNull();
    expect(searchSettings('random')).toBeNull();
    const ir = compiledGame('trump');
    const run = playMatch({ what: 'match', ir, game: 'trump', seed: 7, maxSteps: 100_000, answers: [] }, { model: true });
    expect(run.decision).not.toBeNull();
    const hint = hintAt(run, 40, 11);
    // The same shares with trump's strong settings, and not those of a plain search.
    expect(hint.estimates).toEqual(searchInShares(run.model!, run.decision!.count, 40, 11, undefined, searchSettings('mcts:50,turns=1,grade=200')).estimates);
    expect(hint.estimates).not.toEqual(searchInShares(run.model!, run.decision!.count, 40, 11).estimates);
  });

  it('a problem in any worker is the Hint’s problem', () => {
    const ir = compiledGame('trump');
    const over = runHintShares({ type: 'hint-shares', id: 1, files: [], game: 'trump', seed: 7, maxSteps: 100_000, answers: [99, 99, 99], budget: 10, shares: [0] }, ir, () => {}, 0);
    expect(over.problem).not.toBeNull();
    const merged = hintFromShares(3, [over], 0);
    expect(merged.problem).toBe(over.problem);
    expect(merged.estimates).toEqual([]);
  });
});
