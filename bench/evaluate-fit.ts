/**
 * How well a game's `evaluate` stands in for a playout's end (issue 29: "a bench that fits how
 * well `evaluate` predicts the final result at each depth").
 *
 * A search that cuts its playouts after T turns (`mcts:N,turns=T`) scores each by the evaluation
 * where it stopped, instead of by who won at the end. This bench asks, per seed game and per T,
 * how often that score agrees with the end the same playout would have reached:
 *
 *   positions  the decisions of games played by `--agent` seats (competent play, not random),
 *              every `--every`-th decision with more than one option
 *   pairs      at each position, `--playouts` random playouts through the deciding player's
 *              forward model (worlds re-dealt from its view, as a search's are), each played
 *              twice on the same seed and the same draws: once cut after T turns, once to the
 *              end. Until the cut the two are the same playout, so the cut's evaluation is
 *              scored against the very end it replaces.
 *
 * Per T it prints: the playouts that ended before the cut (exact, nothing to predict); of the
 * others, how often the player the evaluation puts ahead won (with its 95% interval); the scale
 * S of the logistic 1 / (1 + e^(−margin/S)) that fits the ends best (maximum likelihood: the
 * `grade=S` to give a cut search) and its log-loss against always ½'s; S fitted together with P,
 * the most a cut may be worth (`sure=P`: the reward squeezed into 1 − P..P — below 1 where the
 * evaluation takes a lead for decisive that is not); the Brier score (mean
 * squared error against the end: lower is better) of that graded score, of "who is ahead"
 * (1, 0, ½: what a cut without `grade` scores) and of always ½ (0.25); and the draws a cut playout makes against a full
 * one (what the cut saves).
 *
 *   npx tsx bench/evaluate-fit.ts [--game G]… [--agent mcts:50] [--games 6] [--every 4] [--playouts 8] [--turns 1,2,3,4] [--seed 7] [--json]
 *
 * A measurement, not a test: nothing here changes a search. What a cut with the fitted scale
 * gives in play is measured by bench/strong.ts (docs/performance.md, "The strong agent").
 */
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { GameIR } from '../compiler/ir.ts';
import { compileGame } from '../compiler/compile.ts';
import { gameSources } from '../compiler/project.ts';
import { wilson } from '../balance/statistics.ts';
import { parseAgent } from '../runtime/agents/spec.ts';
import type { Agent, ForwardModel, SimDecision } from '../runtime/agents/agent.ts';
import { newEngine, playOn } from '../runtime/play.ts';
import { Rng } from '../runtime/rng.ts';
import { STRONG_GAMES } from './strong.ts';

const root = process.env.GRIMOIRE_ROOT ?? join(import.meta.dirname, '..');

/** One cut playout beside its full twin: the deciding player's margin at the cut, and its end. */
interface Pair {
  /** The deciding player's evaluation minus the best other player's, where the cut stopped. */
  margin: number;
  /** The deciding player's result at the full twin's end: 1 won, 0 lost, ½ a draw. */
  result: number;
}

export interface FitRow {
  game: string;
  turns: number;
  /** Cut playouts measured (positions × playouts). */
  playouts: number;
  /** Of them, ended before the cut (the evaluation not read). */
  endedBeforeCut: number;
  /** Of the others with a margin ≠ 0 and a decided end: the player ahead won. */
  agree: number;
  decided: number;
  agreeRate: number;
  ci95: [number, number];
  /** The logistic's fitted scale (grade=S) and its log-loss (per playout, natural log; ½ always: ln 2). */
  scale: number;
  logLossGraded: number;
  /** S and P fitted together (grade=S,sure=P), and that reward's log-loss and Brier score. */
  scaleWithSure: number;
  sure: number;
  logLossSure: number;
  brierSure: number;
  /** Brier scores (mean squared error against the end): the graded score, who is ahead (1, 0, ½), ½ always (0.25). */
  brierGraded: number;
  brierAhead: number;
  /** Draws a cut playout made ÷ draws its full twin made. */
  drawShare: number;
}

function compiled(game: string): GameIR {
  const r = compileGame({ sources: gameSources(root, game)!, loadBase: (n) => gameSources(root, n) });
  if (!r.ir) throw new Error(`${game} does not compile: run grimoire check rules/${game}`);
  return r.ir;
}

/** One playout from the position: uniform draws from `seed`'s own generator, cut after `turns` (null: to the end). */
export function playout(model: ForwardModel, seed: number, turns: number | null): { reward: number[]; ended: boolean; scores: number[] | null; decisions: number } {
  const rng = new Rng(seed ^ 0x51ed27);
  const answer = (_p: number, count: number): number => rng.below(count);
  return model.simulate(seed, (s: SimDecision) => {
    s.playOut(answer, true, turns === null ? {} : { turns });
    return rng.below(s.count);
  });
}

const clampP = (p: number): number => Math.min(1 - 1e-9, Math.max(1e-9, p));
const logLoss = (pairs: readonly Pair[], p: (m: number) => number): number =>
  pairs.reduce((s, x) => s - (x.result * Math.log(clampP(p(x.margin))) + (1 - x.result) * Math.log(clampP(1 - p(x.margin)))), 0) / Math.max(1, pairs.length);

const brier = (pairs: readonly Pair[], p: (m: number) => number): number => pairs.reduce((s, x) => s + (p(x.margin) - x.result) ** 2, 0) / Math.max(1, pairs.length);

/** The graded reward of a margin: 1 / (1 + e^(−m/S)) squeezed into 1 − P..P (MctsOptions.grade, sure). */
export const gradedReward = (m: number, scale: number, sure = 1): number => 1 - sure + (2 * sure - 1) / (1 + Math.exp(-m / scale));

/** The scale S with the least log-loss for a given P (a golden-section search over log S, one new loss a step). */
function fitScaleFor(pairs: readonly Pair[], sure: number): { scale: number; loss: number } {
  const loss = (logS: number): number => logLoss(pairs, (m) => gradedReward(m, Math.exp(logS), sure));
  const g = (Math.sqrt(5) - 1) / 2;
  let lo = Math.log(0.01);
  let hi = Math.log(1e5);
  let a = hi - g * (hi - lo);
  let b = lo + g * (hi - lo);
  let la = loss(a);
  let lb = loss(b);
  // 40 steps narrow log S from 16 wide to 16 × 0.618^40 ≈ 1e-7: far finer than any margin needs.
  for (let i = 0; i < 40; i++) {
    if (la < lb) {
      hi = b;
      b = a;
      lb = la;
      a = hi - g * (hi - lo);
      la = loss(a);
    } else {
      lo = a;
      a = b;
      la = lb;
      b = lo + g * (hi - lo);
      lb = loss(b);
    }
  }
  const logS = (lo + hi) / 2;
  return { scale: Math.exp(logS), loss: loss(logS) };
}

/** The scale S of 1 / (1 + e^(−m/S)) with the least log-loss (P = 1: a cut may be worth a win). */
export function fitScale(pairs: readonly Pair[]): number {
  return fitScaleFor(pairs, 1).scale;
}

/**
 * S and P together: the graded reward squeezed into 1 − P..P that fits the ends best — P first
 * on a grid of 0.05 from 0.55 to 1, then of 0.005 around the best. Where the evaluation
 * saturates — a lead it scores as decisive that is not — P comes out below 1: how often the end
 * agrees with even the largest leads.
 */
export function fitScaleAndSure(pairs: readonly Pair[]): { scale: number; sure: number } {
  let best = { scale: NaN, sure: 1, loss: Infinity };
  const tryP = (sure: number): void => {
    const f = fitScaleFor(pairs, sure);
    if (f.loss < best.loss) best = { ...f, sure };
  };
  for (let k = 0; k <= 9; k++) tryP(0.55 + k * 0.05);
  const around = best.sure;
  for (let k = -10; k <= 10; k++) {
    const sure = Math.round((around + k * 0.005) * 1000) / 1000;
    if (k !== 0 && sure >= 0.55 && sure <= 1) tryP(sure);
  }
  return { scale: best.scale, sure: best.sure };
}

export interface FitOptions {
  agent: string;
  games: number;
  every: number;
  playouts: number;
  turns: number[];
  seed: number;
}

export function fitGame(game: string, format: string | undefined, o: FitOptions): FitRow[] {
  const ir = compiled(game);
  const spec = parseAgent(o.agent, ir.game);
  if ('error' in spec) throw new Error(spec.error);
  const pairs = new Map<number, Pair[]>(o.turns.map((t) => [t, []]));
  const ended = new Map<number, number>(o.turns.map((t) => [t, 0]));
  const draws = new Map<number, number>(o.turns.map((t) => [t, 0]));
  let fullDraws = 0;
  let decisionNo = 0;
  let pairSeed = o.seed * 7919;
  const engine = newEngine(ir, o.seed, { format });
  for (let g = 0; g < o.games; g++) {
    const seed = o.seed + g;
    const seat = (s: number): Agent => {
      const inner = spec.make(s);
      return {
        searches: true,
        choose(d, view, model) {
          if (model && d.count > 1 && decisionNo++ % o.every === 0) {
            for (let k = 0; k < o.playouts; k++) {
              const ps = pairSeed++ >>> 0;
              const full = playout(model, ps, null);
              fullDraws += full.decisions;
              const me = model.player;
              for (const t of o.turns) {
                const cut = playout(model, ps, t);
                draws.set(t, draws.get(t)! + cut.decisions);
                if (cut.ended || cut.scores === null) {
                  ended.set(t, ended.get(t)! + 1);
                  continue;
                }
                let other = -Infinity;
                for (let j = 0; j < cut.scores.length; j++) if (j !== me && cut.scores[j]! > other) other = cut.scores[j]!;
                const mine = cut.scores[me]!;
                // A player out of the game scores −∞: the margin is then as far as it goes.
                const margin = mine === other ? 0 : mine === -Infinity ? -1e9 : other === -Infinity ? 1e9 : mine - other;
                pairs.get(t)!.push({ margin, result: full.reward[me] ?? 0 });
              }
            }
          }
          return inner.choose(d, view, model);
        },
      };
    };
    playOn(engine, seed, { agents: () => [seat(seed * 2 + 1), seat(seed * 2 + 2)] });
  }
  return o.turns.map((t) => {
    const ps = pairs.get(t)!;
    const decidedPairs = ps.filter((p) => p.margin !== 0 && p.result !== 0.5);
    const agree = decidedPairs.filter((p) => (p.margin > 0) === (p.result === 1)).length;
    const scale = ps.length ? fitScale(ps) : NaN;
    const both = ps.length ? fitScaleAndSure(ps) : { scale: NaN, sure: 1 };
    const playouts = ps.length + ended.get(t)!;
    return {
      game,
      turns: t,
      playouts,
      endedBeforeCut: ended.get(t)!,
      agree,
      decided: decidedPairs.length,
      agreeRate: decidedPairs.length ? agree / decidedPairs.length : 0,
      ci95: wilson(agree, decidedPairs.length),
      scale,
      logLossGraded: logLoss(ps, (m) => 1 / (1 + Math.exp(-m / scale))),
      brierGraded: brier(ps, (m) => 1 / (1 + Math.exp(-m / scale))),
      scaleWithSure: both.scale,
      sure: both.sure,
      logLossSure: logLoss(ps, (m) => gradedReward(m, both.scale, both.sure)),
      brierSure: brier(ps, (m) => gradedReward(m, both.scale, both.sure)),
      brierAhead: brier(ps, (m) => (m > 0 ? 1 : m < 0 ? 0 : 0.5)),
      drawShare: fullDraws ? draws.get(t)! / fullDraws : 0,
    };
  });
}

const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;

export function fitLine(r: FitRow): string {
  return (
    `${r.game.padEnd(13)} turns=${r.turns}: ${r.playouts} cut playouts, ${pct(r.endedBeforeCut / Math.max(1, r.playouts))} ended before the cut; ` +
    `the player ahead won ${r.agree} of ${r.decided}: ${pct(r.agreeRate)} [${pct(r.ci95[0])}, ${pct(r.ci95[1])}]; ` +
    `fitted grade=${r.scale.toPrecision(3)} (log-loss ${r.logLossGraded.toFixed(3)} against ½'s 0.693), with sure: grade=${r.scaleWithSure.toPrecision(3)},sure=${r.sure.toFixed(3)} (${r.logLossSure.toFixed(3)}); ` +
    `Brier graded ${r.brierGraded.toFixed(3)}, with sure ${r.brierSure.toFixed(3)}, who-is-ahead ${r.brierAhead.toFixed(3)}, ½ 0.250; ` +
    `draws ×${r.drawShare.toFixed(2)} of a full playout's`
  );
}

if (/evaluate-fit\.ts$/.test(process.argv[1] ?? '')) {
  const { values } = parseArgs({
    options: {
      game: { type: 'string', multiple: true },
      agent: { type: 'string' },
      games: { type: 'string' },
      every: { type: 'string' },
      playouts: { type: 'string' },
      turns: { type: 'string' },
      seed: { type: 'string' },
      json: { type: 'boolean' },
    },
  });
  const o: FitOptions = {
    agent: values.agent ?? 'mcts:50',
    games: Number(values.games ?? 6),
    every: Number(values.every ?? 4),
    playouts: Number(values.playouts ?? 8),
    turns: (values.turns ?? '1,2,3,4').split(',').map(Number),
    seed: Number(values.seed ?? 7),
  };
  const games = values.game?.length ? STRONG_GAMES.filter(([g]) => values.game!.includes(g)) : STRONG_GAMES;
  const rows: FitRow[] = [];
  for (const [game, format] of games) {
    const rs = fitGame(game, format, o);
    rows.push(...rs);
    if (!values.json) for (const r of rs) console.log(fitLine(r));
  }
  if (values.json) console.log(JSON.stringify(rows, null, 2));
}
