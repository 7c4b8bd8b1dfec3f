/**
 * Playtesting agents (runtime/agents/): names parse with clear errors; the search agents play
 * whole games of every seed game and beat random players; the same seed gives the same game.
 * (Strength over hundreds of games is measured in the bench's ladder, not here.)
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_STRONG, parseAgent, type AgentSpec } from '../runtime/agents/spec.ts';
import { playBatch, swapped } from '../runtime/batch.ts';
import { compiledGame } from './helpers.ts';
import { graded, MctsAgent, squeezed, type OptionEstimate } from '../runtime/agents/mcts.ts';
import { MastPreference } from '../runtime/agents/mast.ts';
import { randomAgent } from '../runtime/agents/basic.ts';
import { newEngine, playOn } from '../runtime/play.ts';
import type { Agent } from '../runtime/agents/agent.ts';

describe('agent names', () => {
  it('reads every kind, with its settings', () => {
    for (const name of ['random', 'first', 'greedy', 'mcts:500', 'mcts:200ms', 'mcts:300,depth=40', 'mcts:100,c=1.2,depth=10', 'mcts:40,reuse']) {
      const spec = parseAgent(name) as AgentSpec;
      expect(spec.name).toBe(name);
      expect(typeof spec.make(1).choose).toBe('function');
    }
    expect((parseAgent('mcts:200ms') as AgentSpec).deterministic).toBe(false);
    expect((parseAgent('mcts:200') as AgentSpec).deterministic).toBe(true);
  });

  it('says which agents read the evaluation: greedy and a search that cuts (depth= or turns=), not grade= alone', () => {
    const reads = (name: string, game?: Parameters<typeof parseAgent>[1]) => (parseAgent(name, game) as AgentSpec).readsEvaluation;
    expect(reads('random')).toBe(false);
    expect(reads('first')).toBe(false);
    expect(reads('greedy')).toBe(true);
    expect(reads('mcts:50')).toBe(false);
    expect(reads('mcts:50,grade=200')).toBe(false);
    expect(reads('mcts:50,turns=1,grade=200')).toBe(true);
    expect(reads('mcts:50,depth=10')).toBe(true);
    // `strong` is the search the game's header names: trump's cuts its playouts (turns=), spimate's does not.
    expect(reads('strong', compiledGame('trump').game)).toBe(true);
    expect(reads('strong', compiledGame('spimate').game)).toBe(false);
  });

  it('says what is wrong with a bad name and lists what is accepted', () => {
    expect(parseAgent('mtcs:500')).toEqual({ error: expect.stringMatching(/unknown agent 'mtcs:500'.*random, first, greedy, mcts:N/) });
    expect(parseAgent('mcts:0')).toEqual({ error: expect.stringContaining('at least 1') });
    expect(parseAgent('mcts:50,depth=x')).toEqual({ error: expect.stringContaining("bad setting 'depth=x'") });
    expect(parseAgent('mcts:50,width=3')).toEqual({ error: expect.stringContaining("unknown or bad setting 'width=3'") });
  });
});

describe('strong: the agent a game names', () => {
  it('each seed game names its strong agent in its header, and `strong` plays it', () => {
    for (const game of ['trump', 'summon-magic', 't-magic', 'spimate']) {
      const ir = compiledGame(game);
      const declared = ir.game.agents?.find((a) => a.name === 'strong');
      expect(declared, `${game} names no strong agent`).toBeDefined();
      const spec = parseAgent('strong', ir.game) as AgentSpec;
      expect(spec.name).toBe('strong');
      expect(spec.plays).toBe(declared!.spec);
      expect(spec.deterministic).toBe(true);
      expect(spec.make(1)).toBeInstanceOf(MctsAgent);
    }
    // A revision keeps its base game's (trump-82 revises trump).
    expect(compiledGame('trump-82').game.agents).toEqual(compiledGame('trump').game.agents);
  });

  it('a game that names none plays DEFAULT_STRONG; a bad declaration says what is wrong', () => {
    expect((parseAgent('strong', compiledGame('vanilla').game) as AgentSpec).plays).toBe(DEFAULT_STRONG);
    expect((parseAgent('strong') as AgentSpec).plays).toBe(DEFAULT_STRONG);
    expect(parseAgent('strong', { agents: [{ name: 'strong', spec: 'mcts:50,pass=x' }] })).toEqual({ error: expect.stringMatching(/the game's agent 'strong' \("mcts:50,pass=x"\): .*bad setting 'pass=x'/) });
    // Another name the game gives an agent is an agent of that game, and of no other.
    expect((parseAgent('quick', { agents: [{ name: 'quick', spec: 'mcts:20' }] }) as AgentSpec).plays).toBe('mcts:20');
    expect(parseAgent('quick')).toEqual({ error: expect.stringContaining("unknown agent 'quick'") });
  });

  it('reads the playout policies pass=W and turns=T', () => {
    for (const name of ['mcts:50,pass=0', 'mcts:50,pass=2,turns=3']) expect((parseAgent(name) as AgentSpec).name).toBe(name);
    expect(parseAgent('mcts:50,turns=0')).toEqual({ error: expect.stringContaining("bad setting 'turns=0'") });
    expect(parseAgent('mcts:50,pass=-1')).toEqual({ error: expect.stringContaining("bad setting 'pass=-1'") });
  });

  it('reads grade=S, mast=E and mastdecay=γ, and refuses them out of range', () => {
    for (const name of ['mcts:50,turns=2,grade=10', 'mcts:50,mast=0.4', 'mcts:40,pass=0,turns=1,grade=2.5,mast=0', 'mcts:40,mast=0.3,mastdecay=0.5']) expect((parseAgent(name) as AgentSpec).name).toBe(name);
    expect(parseAgent('mcts:50,mast=0.4,mastdecay=2')).toEqual({ error: expect.stringContaining("bad setting 'mastdecay=2'") });
    expect(parseAgent('mcts:50,grade=0')).toEqual({ error: expect.stringContaining("bad setting 'grade=0'") });
    expect(parseAgent('mcts:50,mast=1.5')).toEqual({ error: expect.stringContaining("bad setting 'mast=1.5'") });
    expect(parseAgent('mcts:50,mast')).toEqual({ error: expect.stringContaining("bad setting 'mast'") });
  });

  it('reads mastin=1 (MAST inside actions) beside mast=E, and refuses it alone or with another value', () => {
    for (const name of ['mcts:40,mast=0.4,mastin=1', 'mcts:40,mastin=0', 'mcts:40,pass=0,mastin=1,mast=0']) expect((parseAgent(name) as AgentSpec).name).toBe(name);
    expect(parseAgent('mcts:40,mastin=1')).toEqual({ error: expect.stringContaining('needs mast=E') });
    expect(parseAgent('mcts:40,mast=0.4,mastin=2')).toEqual({ error: expect.stringContaining("bad setting 'mastin=2'") });
    expect(parseAgent('mcts:40,mast=0.4,mastin')).toEqual({ error: expect.stringContaining("bad setting 'mastin'") });
  });

  it('a graded cut: a logistic of the margin over the best other player; out of the game is 0', () => {
    const [a, b] = graded([30, 20], 10);
    expect(a).toBeCloseTo(1 / (1 + Math.exp(-1)), 12);
    expect(a! + b!).toBeCloseTo(1, 12);
    expect(graded([5, 5], 3)).toEqual([0.5, 0.5]);
    expect(graded([-Infinity, 0, 4], 2)).toEqual([0, expect.closeTo(1 / (1 + Math.exp(2)), 12), expect.closeTo(1 / (1 + Math.exp(-2)), 12)]);
  });

  it('sure=P: a cut playout is worth 1 − P..P, never as much as a won game; it needs a cut', () => {
    expect(squeezed([1, 0], 0.9)).toEqual([expect.closeTo(0.9, 12), expect.closeTo(0.1, 12)]);
    expect(squeezed([0.5, 0.5], 0.8)).toEqual([0.5, 0.5]);
    expect(squeezed([0.75], 1)).toEqual([0.75]);
    expect(parseAgent('mcts:60,turns=2,grade=43,sure=0.96')).not.toHaveProperty('error');
    expect(parseAgent('mcts:60,depth=4,sure=0.9')).not.toHaveProperty('error');
    expect(parseAgent('mcts:60,sure=0.9')).toEqual({ error: expect.stringContaining('it needs a cut too, turns=T or depth=D') });
    for (const bad of ['sure=0.5', 'sure=1.2', 'sure=x']) expect(parseAgent(`mcts:60,turns=2,${bad}`)).toEqual({ error: expect.stringContaining(`bad setting '${bad}'`) });
  });

  it("MAST: an action's value is its player's mean reward in the playouts that took it; an untaken one is tried first", () => {
    const m = new MastPreference(0, 1);
    m.taken(0, 7);
    m.taken(1, 7);
    m.taken(0, 7);
    m.credit([1, 0]);
    m.taken(0, 7);
    m.credit([0, 1]);
    expect(m.value(0, 7)).toBeCloseTo(2 / 3, 12);
    expect(m.value(1, 7)).toBe(0);
    expect(m.value(0, 8)).toBe(1);
    // ε = 0: every draw follows the values; ε = 1: none does.
    expect(Array.from({ length: 50 }, () => m.greedy(0)).every((g) => g)).toBe(true);
    const u = new MastPreference(1, 1);
    expect(Array.from({ length: 50 }, () => u.greedy(0)).some((g) => g)).toBe(false);
    // Carried to the next search with a decay: the same means, weighing less against what comes.
    m.carryOver(0.5, 2);
    expect(m.value(0, 7)).toBeCloseTo(2 / 3, 12);
    m.taken(0, 7);
    m.credit([0, 1]);
    expect(m.value(0, 7)).toBeCloseTo(1 / 2.5, 12);
  });

  it('mcts with mast and a graded cut plays whole games, the same games for a seed, other games than without', () => {
    const a = duel('trump', 'master', 'mcts:10,mast=0.2', 'random', 1);
    expect(duel('trump', 'master', 'mcts:10,mast=0.2', 'random', 1).hashes).toEqual(a.hashes);
    expect(duel('trump', 'master', 'mcts:10', 'random', 1).hashes).not.toEqual(a.hashes);
    const g = duel('t-magic', undefined, 'mcts:10,turns=1,grade=15,mast=0.4', 'random', 1);
    expect(duel('t-magic', undefined, 'mcts:10,turns=1,grade=15,mast=0.4', 'random', 1).hashes).toEqual(g.hashes);
    expect(duel('t-magic', undefined, 'mcts:10,turns=1', 'random', 1).hashes).not.toEqual(g.hashes);
  });

  it('mcts with MAST inside actions plays whole games, the same games for a seed, other games than MAST alone', () => {
    for (const game of ['summon-magic', 't-magic']) {
      const a = duel(game, undefined, 'mcts:10,mast=0.3,mastin=1', 'random', 1);
      expect(duel(game, undefined, 'mcts:10,mast=0.3,mastin=1', 'random', 1).hashes).toEqual(a.hashes);
      expect(duel(game, undefined, 'mcts:10,mast=0.3', 'random', 1).hashes).not.toEqual(a.hashes);
    }
  });

  it('strong plays whole games of a seed game through the duel path, the same games for a seed', () => {
    const a = duel('spimate', undefined, 'strong', 'random', 2);
    expect(a.winsA).toBe(2);
    // Determinism needs one game played again, not both.
    expect(duel('spimate', undefined, 'strong', 'random', 1).hashes).toEqual(a.hashes.slice(0, 1));
  });
});

/** A's wins in a duel over `games` seeds (seats swapped every game), from the batch's summaries. */
function duel(game: string, format: string | undefined, a: string, b: string, games: number): { winsA: number; hashes: number[] } {
  const seats = { p1: a, p2: b, alternate: true };
  const out = playBatch(compiledGame(game), 1, games, { format, agents: seats });
  for (const g of out) expect(g.error).toBeNull();
  const winsA = out.filter((g) => g.winner !== null && (g.winner === 'p1') !== swapped(seats, g.seed)).length;
  return { winsA, hashes: out.map((g) => g.hash) };
}

describe('search agents play every seed game', () => {
  const games: [string, string | undefined][] = [
    ['trump', 'master'],
    ['summon-magic', undefined],
    ['t-magic', undefined],
    ['spimate', undefined],
  ];
  for (const [game, format] of games) {
    // mcts:20, not 40: on these seeds it wins all six games of every seed game (mcts:10 loses
    // two of trump's), at half the cost. Strength is the bench's ladder (npm run bench:ladder).
    it(`${game}: mcts:20 beats random in at least 5 of 6 games, seats swapped; the same seed gives the same game`, () => {
      const first = duel(game, format, 'mcts:20', 'random', 6);
      expect(first.winsA).toBeGreaterThanOrEqual(5);
      // Deterministic: the same seed, the same game (hash); one game played again is enough.
      expect(duel(game, format, 'mcts:20', 'random', 1).hashes).toEqual(first.hashes.slice(0, 1));
    });
  }

  it('greedy plays whole games and beats random (t-magic, 6 games)', () => {
    expect(duel('t-magic', undefined, 'greedy', 'random', 6).winsA).toBeGreaterThanOrEqual(5);
  });

  it('random against random through the agents path plays the same games as plain random play', () => {
    const plain = playBatch(compiledGame('t-magic'), 1, 5, {});
    const named = playBatch(compiledGame('t-magic'), 1, 5, { agents: { p1: 'random', p2: 'random' } });
    expect(named.map((g) => g.hash)).toEqual(plain.map((g) => g.hash));
  });
});

/** The option an answer takes: the most visited, ties to the higher win rate (as MctsAgent.choose). */
function mostVisited(estimates: OptionEstimate[]): string {
  let best = estimates[0]!;
  for (const e of estimates) if (e.visits > best.visits || (e.visits === best.visits && e.winRate > best.winRate)) best = e;
  return best.label;
}

describe('an mcts answer stops once it is decided', () => {
  // One game of each (seed 3), not two: each has dozens of decisions of several options, every one checked.
  it('t-magic and trump: the same option as the whole budget at every decision of a game, in fewer iterations', () => {
    let decisions = 0;
    let stoppedEarly = 0;
    for (const [game, format] of [['t-magic', undefined], ['trump', 'master']] as const) {
      const engine = newEngine(compiledGame(game), 1, { format });
      for (const seed of [3]) {
        const checking: Agent = {
          searches: true,
          choose(d, view, model) {
            if (d.count > 1 && model) {
              const whole = new MctsAgent({ iterations: 60, millis: null, exploration: 0.7, depth: null }, seed + decisions);
              const early = new MctsAgent({ iterations: 60, millis: null, exploration: 0.7, depth: null }, seed + decisions);
              const all = whole.search(model, d.count);
              const decided = early.search(model, d.count, true);
              expect(mostVisited(decided)).toBe(mostVisited(all));
              expect(whole.lastIterations).toBe(60);
              if (early.lastIterations < 60) stoppedEarly++;
              decisions++;
            }
            return randomAgent(seed).choose(d, view, model);
          },
        };
        playOn(engine, seed, { format, agents: () => [checking, randomAgent(seed)] });
      }
    }
    expect(decisions).toBeGreaterThan(20);
    // The test would prove nothing if no search stopped early.
    expect(stoppedEarly).toBeGreaterThan(decisions / 4);
  });

  it('stop=α stops sooner: once the lead is over α × the iterations left, never later than the exact stop', () => {
    let decisions = 0;
    let exactTotal = 0;
    let shareTotal = 0;
    const engine = newEngine(compiledGame('t-magic'), 1, {});
    const checking: Agent = {
      searches: true,
      choose(d, view, model) {
        // (The first dozen decisions of several options: enough to see it stop sooner, cheaply.)
        if (d.count > 1 && model && decisions < 12) {
          const exact = new MctsAgent({ iterations: 60, millis: null, exploration: 0.7, depth: null }, 11 + decisions);
          const share = new MctsAgent({ iterations: 60, millis: null, exploration: 0.7, depth: null, stopShare: 0.3 }, 11 + decisions);
          exact.search(model, d.count, true);
          const found = share.search(model, d.count, true);
          // The same simulations in the same order until it stops: never past the exact stop.
          expect(share.lastIterations).toBeLessThanOrEqual(exact.lastIterations);
          if (share.lastIterations < 60) {
            const visits = found.map((e) => e.visits).sort((a, b) => b - a);
            expect(visits[0]! - (visits[1] ?? 0)).toBeGreaterThan(0.3 * (60 - share.lastIterations));
          }
          exactTotal += exact.lastIterations;
          shareTotal += share.lastIterations;
          decisions++;
        }
        return randomAgent(3).choose(d, view, model);
      },
    };
    playOn(engine, 3, { agents: () => [checking, randomAgent(3)] });
    expect(decisions).toBeGreaterThan(10);
    expect(shareTotal).toBeLessThan(exactTotal);
    expect(parseAgent('mcts:60,stop=0.3')).not.toHaveProperty('error');
    for (const bad of ['mcts:60,stop=0', 'mcts:60,stop=1.5', 'mcts:60,stop=']) expect((parseAgent(bad) as { error: string }).error).toContain('stop=<number over 0, at most 1>');
  });

  it('with reuse, a decision right after the same player\'s own goes on from the tree: more visits than its budget, and the same games for a seed', () => {
    const engine = newEngine(compiledGame('t-magic'), 1, {});
    let reused = 0;
    const play = (seed: number) => {
      const agent = new MctsAgent({ iterations: 30, millis: null, exploration: 0.7, depth: null, reuse: true }, seed);
      const watching: Agent = {
        searches: true,
        choose(d, view, model) {
          const a = agent.choose(d, view, model);
          if (d.count > 1 && agent.lastEstimates.reduce((n, e) => n + e.visits, 0) > 30) reused++;
          return a;
        },
      };
      return playOn(engine, seed, { agents: () => [watching, randomAgent(seed)] }).hash;
    };
    // One game, played twice: the tree reused, and the same game for its seed.
    const first = play(5);
    expect(reused).toBeGreaterThan(0);
    expect(play(5)).toEqual(first);
  });
});

describe('a simulation cut short (runtime/search.ts)', () => {
  // Skirmish has an evaluation (worth(me) − worth(opponent)). At its decisions a searching agent
  // is given a model; each simulation there is checked against what SimOutcome and PlayoutPolicy
  // document, then the game goes on with a random answer.
  it('scores the player ahead on the evaluation 1, players tied for the lead 0.5 each, the others 0', () => {
    const engine = newEngine(compiledGame('skirmish'), 1, {});
    let tied = 0;
    let alone = 0;
    const checking: Agent = {
      searches: true,
      choose(d, view, model) {
        if (model && d.count > 1) {
          // Cut at once: the simulation's first decision answers below 0.
          const o = model.simulate(5, () => -1);
          expect(o.ended).toBe(false);
          const best = Math.max(...o.scores!);
          const leaders = o.scores!.filter((s) => s === best).length;
          if (leaders > 1) tied++;
          else alone++;
          expect(o.reward).toEqual(o.scores!.map((s) => (s === best ? (leaders === 1 ? 1 : 0.5) : 0)));
        }
        return randomAgent(1).choose(d, view, model);
      },
    };
    playOn(engine, 1, { agents: () => [checking, randomAgent(2)] });
    // Both cases met in the game: the test would prove nothing otherwise.
    expect(tied).toBeGreaterThan(0);
    expect(alone).toBeGreaterThan(0);
  });

  it('a playout cut after T turns plays on to the first decision of the T-th turn after this one: later with more turns', () => {
    const engine = newEngine(compiledGame('skirmish'), 1, {});
    let checked = 0;
    const checking: Agent = {
      searches: true,
      choose(d, view, model) {
        if (model && d.count > 1 && checked < 5) {
          // The same seed and answers: a playout of 2 turns goes on from where one of 1 stopped.
          const cut = (turns: number) => model.simulate(9, (s) => {
            s.playOut(() => 0, false, { turns });
            return 0;
          });
          const one = cut(1);
          const two = cut(2);
          const whole = model.simulate(9, (s) => {
            s.playOut(() => 0, false);
            return 0;
          });
          if (!one.ended) {
            // Cut: the rest of this turn was played (at least the next turn's first decision was reached).
            expect(one.decisions).toBeGreaterThan(1);
            expect(two.ended || two.decisions > one.decisions).toBe(true);
            expect(whole.decisions).toBeGreaterThanOrEqual(two.decisions);
            checked++;
          }
        }
        return randomAgent(1).choose(d, view, model);
      },
    };
    playOn(engine, 1, { agents: () => [checking, randomAgent(2)] });
    expect(checked).toBe(5);
  });
});
