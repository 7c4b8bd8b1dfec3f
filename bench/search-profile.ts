/**
 * Where an MCTS decision's time goes (issue 29: "measure first"), per seed game.
 *
 * An `mcts:N` seat plays whole games against `random`; at each of its decisions with more than
 * one option, each simulation of its search is timed in four phases through the forward model it
 * is handed (nothing in runtime/ is changed to measure):
 *
 *   replay   from the simulation's start to its first policy call: the state at the turn's start
 *            loaded, the answers since replayed up to the decision at hand, and the world re-dealt
 *            and reseeded (determinize.ts — timed apart below, at the same decisions)
 *   tree     from the first policy call to the simulation leaving the tree (`playOut`): the
 *            engine's steps between the tree's decisions, and the tree's own selection
 *   playout  from leaving the tree to the simulation's end (to the game's end, or a depth)
 *   agent    the search's own bookkeeping outside simulations (backpropagation, estimates)
 *
 * It also counts the answers each replay repeats and the decisions per playout.
 *
 *   npx tsx bench/search-profile.ts [--games 4] [--iterations 200] [--game trump] [--depth D] [--pass W] [--turns T] [--json]
 *
 * `--pass W`, `--turns T`: the playouts' policy (`mcts:N,pass=W,turns=T`, agents/agent.ts PlayoutPolicy).
 */
import type { GameIR } from '../compiler/ir.ts';
import { compileGame } from '../compiler/compile.ts';
import { gameSources, listGames } from '../compiler/project.ts';
import { DEFAULT_EXPLORATION, MctsAgent } from '../runtime/agents/mcts.ts';
import { randomAgent } from '../runtime/agents/basic.ts';
import type { Agent, ForwardModel, PlayoutPolicy, SimDecision } from '../runtime/agents/agent.ts';
import { newEngine, playOn } from '../runtime/play.ts';
import { Rng } from '../runtime/rng.ts';
import type { Engine } from '../runtime/engine.ts';

const root = new URL('..', import.meta.url).pathname;

interface Phases {
  replayMs: number;
  treeMs: number;
  playoutMs: number;
  agentMs: number;
  redealMs: number;
  simulations: number;
  decisions: number;
  replayedAnswers: number;
  playoutDecisions: number;
  endedPlayouts: number;
  wallMs: number;
}

function option(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1]! : fallback;
}

function compiled(game: string): GameIR {
  const r = compileGame({ sources: gameSources(root, game)!, loadBase: (n) => gameSources(root, n) });
  if (!r.ir) throw new Error(`${game} does not compile: run grimoire check rules/${game}`);
  return r.ir;
}

/** A forward model that times the phases of each simulation of `inner` into `p`. */
function timedModel(inner: ForwardModel, p: Phases): ForwardModel & { inSimulations: number } {
  const m = {
    player: inner.player,
    players: inner.players,
    hasEvaluation: inner.hasEvaluation,
    inSimulations: 0,
    simulate(seed: number, policy: (d: SimDecision) => number) {
      const t0 = performance.now();
      let tFirst = -1;
      let tOut = -1;
      const wrapped = (s: SimDecision): number => {
        if (tFirst < 0) tFirst = performance.now();
        const view: SimDecision = {
          get player() { return s.player; },
          get kind() { return s.kind; },
          get count() { return s.count; },
          get depth() { return s.depth; },
          key: (i) => s.key(i),
          playOut(answer, uniform, policy) {
            tOut = performance.now();
            s.playOut(answer, uniform, policy);
          },
        };
        return policy(view);
      };
      const out = inner.simulate(seed, wrapped);
      const t1 = performance.now();
      const first = tFirst < 0 ? t1 : tFirst;
      const leave = tOut < 0 ? t1 : tOut;
      p.replayMs += first - t0;
      p.treeMs += leave - first;
      p.playoutMs += t1 - leave;
      p.simulations++;
      p.playoutDecisions += out.decisions;
      if (out.ended) p.endedPlayouts++;
      m.inSimulations += t1 - t0;
      return out;
    },
  };
  return m;
}

function profileGame(game: string, ir: GameIR, games: number, iterations: number, depth: number | null, playout: PlayoutPolicy): Phases {
  const p: Phases = { replayMs: 0, treeMs: 0, playoutMs: 0, agentMs: 0, redealMs: 0, simulations: 0, decisions: 0, replayedAnswers: 0, playoutDecisions: 0, endedPlayouts: 0, wallMs: 0 };
  let engine: Engine | null = null;
  for (let g = 0; g < games; g++) {
    const seed = 500 + g;
    const mcts = new MctsAgent({ iterations, millis: null, exploration: DEFAULT_EXPLORATION, depth, playout }, seed);
    let answersSinceTurn = 0;
    const timed: Agent = {
      searches: true,
      choose(d, view, model) {
        if (d.count <= 1 || !model) return mcts.choose(d, view, model);
        const tm = timedModel(model, p);
        const t0 = performance.now();
        const a = mcts.choose(d, view, tm);
        const wall = performance.now() - t0;
        p.wallMs += wall;
        p.agentMs += wall - tm.inSimulations;
        p.decisions++;
        p.replayedAnswers += answersSinceTurn;
        return a;
      },
    };
    const e = (engine ??= newEngine(ir, seed));
    const own = e.onTurn;
    // The answers a replay repeats: those given since the turn began (GameRecorder's), counted here from the outside.
    e.onTurn = (x) => {
      own?.(x);
      answersSinceTurn = 0;
    };
    const random = randomAgent(seed);
    const counted = (a: Agent): Agent => ({
      searches: a.searches,
      choose(d, view, model) {
        const answer = a.choose(d, view, model);
        answersSinceTurn++;
        return answer;
      },
    });
    playOn(e, seed, { agents: () => (g % 2 ? [counted(random), counted(timed)] : [counted(timed), counted(random)]) });
    e.onTurn = own;
    // Determinization alone, at this game's end state for the mcts seat (an estimate of its share of `replay`).
    const rng = new Rng(seed);
    const viewer = e.players[g % 2 ? 1 : 0]!;
    const reps = 2000;
    const r0 = performance.now();
    for (let i = 0; i < reps; i++) e.redealFor(viewer, rng);
    p.redealMs += ((performance.now() - r0) / reps) * (p.simulations / Math.max(1, g + 1));
  }
  void game;
  return p;
}

const games = Number(option('games', '4'));
const iterations = Number(option('iterations', '200'));
const depthText = option('depth', '');
const depth = depthText ? Number(depthText) : null;
const turnsText = option('turns', '');
const playout: PlayoutPolicy = { passWeight: Number(option('pass', '1')), ...(turnsText ? { turns: Number(turnsText) } : {}) };
const only = option('game', '');
const json = process.argv.includes('--json');
const names = only ? [only] : listGames(root).filter((n) => ['trump', 'summon-magic', 't-magic', 'spimate'].includes(n));
const rows: Record<string, Phases> = {};
for (const name of names) {
  const p = profileGame(name, compiled(name), games, iterations, depth, playout);
  rows[name] = p;
  if (!json) {
    const total = p.replayMs + p.treeMs + p.playoutMs + p.agentMs;
    const pct = (x: number) => `${((100 * x) / total).toFixed(1)}%`;
    process.stdout.write(
      `${name}: ${p.decisions} decisions, ${p.simulations} simulations, ${(p.wallMs / p.decisions).toFixed(1)} ms a decision, ${((1000 * p.simulations) / p.wallMs).toFixed(0)} simulations/s\n` +
        `  replay ${pct(p.replayMs)} (${(p.replayedAnswers / p.decisions).toFixed(1)} answers replayed a decision; re-deal ≈ ${pct(p.redealMs)})` +
        `  tree ${pct(p.treeMs)}  playout ${pct(p.playoutMs)} (${(p.playoutDecisions / p.simulations).toFixed(0)} decisions a simulation, ${((100 * p.endedPlayouts) / p.simulations).toFixed(0)}% to the end)  agent ${pct(p.agentMs)}\n`,
    );
  }
}
if (json) process.stdout.write(JSON.stringify({ games, iterations, depth, rows }, null, 2) + '\n');
