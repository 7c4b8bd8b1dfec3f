/**
 * How fast the search agents think, per seed game (issue 12's speed target: ≥ 1,000 MCTS
 * iterations per second on one core at the opening position): iterations per second of an MCTS
 * search from the first real decision (more than one option) of a few games, what one
 * determinization costs there (it runs once per iteration), and the seconds an
 * `mcts:500` agent spends per real decision over a whole game against a random player.
 */
import type { GameIR } from '../compiler/ir.ts';
import { Engine, StopRun, type Decision } from '../runtime/engine.ts';
import { GameRecorder, SearchModel, searchEngine } from '../runtime/search.ts';
import { DEFAULT_EXPLORATION, MctsAgent } from '../runtime/agents/mcts.ts';
import { newEngine, playOn } from '../runtime/play.ts';
import { randomAgent } from '../runtime/agents/basic.ts';
import type { Agent } from '../runtime/agents/agent.ts';
import { Rng } from '../runtime/rng.ts';

export interface SearchSpeed {
  /** MCTS iterations per second at the opening, one per seed measured. */
  openingIterationsPerSecond: number[];
  /** One determinization (a re-deal of what the deciding player does not know) at the first choice of turn 1, in µs; and how many cards it re-deals. */
  redeal: { micros: number; cards: number };
  /** Seconds per decision of more than one option, for mcts:500 over whole games against random. */
  secondsPerDecision: { mean: number; max: number; decisions: number };
}

/** The first decision with a choice (from turn `fromTurn` on) in the game of `seed`, and a forward model standing at it. */
function opening(ir: GameIR, format: string | undefined, seed: number, fromTurn = 0): { model: SearchModel; count: number; engine: Engine; player: number } {
  const engine = new Engine(ir, { seed, format });
  const recorder = new GameRecorder(engine, seed);
  let found: { model: SearchModel; count: number; engine: Engine; player: number } | null = null;
  const search = searchEngine(ir, { format });
  engine.run((d: Decision) => {
    if (d.count > 1 && engine.turn >= fromTurn) {
      found = { model: new SearchModel(search, recorder, d), count: d.count, engine, player: d.player.index };
      throw new StopRun(d);
    }
    recorder.answered(0);
    return 0;
  });
  if (!found) throw new Error('the game ended before any choice');
  return found;
}

export function measureSearchSpeed(ir: GameIR, format: string | undefined, opts: { seeds: number; iterations: number; games: number }): SearchSpeed {
  const openingIterationsPerSecond: number[] = [];
  for (let seed = 1; seed <= opts.seeds; seed++) {
    const { model, count } = opening(ir, format, seed);
    const agent = new MctsAgent({ iterations: opts.iterations, millis: null, exploration: DEFAULT_EXPLORATION, depth: null }, seed);
    // A warm-up search, then the measured one.
    agent.search(model, count);
    const t0 = performance.now();
    agent.search(model, count);
    openingIterationsPerSecond.push(opts.iterations / ((performance.now() - t0) / 1000));
  }
  // Determinization alone: the game's own engine, paused at its first choice of turn 1 (after
  // the setup, when there are hidden cards), re-dealt again and again.
  const at = opening(ir, format, 1, 1);
  const rng = new Rng(1);
  const viewer = at.engine.players[at.player]!;
  let cards = 0;
  const reps = 20000;
  for (let i = 0; i < 1000; i++) cards = at.engine.redealFor(viewer, rng);
  const r0 = performance.now();
  for (let i = 0; i < reps; i++) at.engine.redealFor(viewer, rng);
  const redeal = { micros: ((performance.now() - r0) / reps) * 1000, cards };
  const times: number[] = [];
  const engine = newEngine(ir, 1, { format });
  for (let g = 0; g < opts.games; g++) {
    const seed = 100 + g;
    const mcts = new MctsAgent({ iterations: 500, millis: null, exploration: DEFAULT_EXPLORATION, depth: null }, seed);
    const timed: Agent = {
      searches: true,
      choose(d, view, model) {
        if (d.count <= 1) return mcts.choose(d, view, model);
        const t0 = performance.now();
        const a = mcts.choose(d, view, model);
        times.push((performance.now() - t0) / 1000);
        return a;
      },
    };
    playOn(engine, seed, { format, agents: () => (g % 2 ? [randomAgent(seed), timed] : [timed, randomAgent(seed)]) });
  }
  const mean = times.reduce((a, b) => a + b, 0) / Math.max(1, times.length);
  return { openingIterationsPerSecond, redeal, secondsPerDecision: { mean, max: Math.max(0, ...times), decisions: times.length } };
}
