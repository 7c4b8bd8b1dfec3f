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
 * With --terms 'T1; T2; …' (one --turns T, one --game G) it fits the weights of an evaluation's
 * terms instead — each a number for the player `me`, compiled as a revision of the game that
 * overrides `evaluate` with it — by logistic regression of the ends on each term's mine minus the
 * opponent's at the cut (Texel tuning), and prints the weights, the Brier scores of the weighted
 * terms and of the game's own evaluate (fitted and held out), and a suggested `evaluate = …`:
 *
 *   npx tsx bench/evaluate-fit.ts --game t-magic --turns 2 --terms 'count(me.deck); count(me.hand)'
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
import { fitLogistic, logisticBrier } from './logistic.ts';

/** Where the games are: read at each compile, not at import, so a test can point it at a project of its own. */
const root = (): string => process.env.GRIMOIRE_ROOT ?? join(import.meta.dirname, '..');

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
  const sources = gameSources(root(), game);
  if (!sources) throw new Error(`no game "${game}" under ${join(root(), 'rules')}`);
  const r = compileGame({ sources, loadBase: (n) => gameSources(root(), n) });
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

/** One cut playout as measured: where it stopped, and the end its full twin reached. */
interface Cut {
  /** The game (0, 1, …) whose position it started from: held-out scores split by game. */
  game: number;
  /** The deciding player (the seat whose forward model played it). */
  me: number;
  /** Ended before the cut: nothing to predict, the evaluation not read. */
  ended: boolean;
  /** Each player's evaluation where the cut stopped (null when it ended before, or the game has no evaluate). */
  scores: number[] | null;
  /** The deciding player's result at the full twin's end: 1 won, 0 lost, ½ a draw. */
  result: number;
  /** The full twin reached the game's end (false: the engine stopped it at a limit, and the evaluation scored it). */
  fullEnded: boolean;
}

/**
 * The cut playouts of o.games games of o.agent seats, per T, and the draws they made against their
 * full twins'. Deterministic in o.seed: the positions, the playouts and the ends are the same for
 * any two IRs that play alike (a revision that changes only `evaluate`, as the term fit compiles).
 *
 * `replay`: the answers a first call recorded (its `answers`), for an IR that plays alike. The
 * seats then give those answers instead of searching, and no full twin is played (the first
 * call's ends stand: `result` is NaN here) — only the cuts, which are what a term's revision
 * changes. That is most of the work saved: the seats' searches and the playouts to the end.
 */
export function sampleCuts(ir: GameIR, format: string | undefined, o: FitOptions, replay?: readonly (readonly number[])[]): { cuts: Map<number, Cut[]>; cutDraws: Map<number, number>; fullDraws: number; answers: number[][] } {
  const spec = parseAgent(o.agent, ir.game);
  if ('error' in spec) throw new Error(spec.error);
  const cuts = new Map<number, Cut[]>(o.turns.map((t) => [t, []]));
  const cutDraws = new Map<number, number>(o.turns.map((t) => [t, 0]));
  const answers: number[][] = [];
  let fullDraws = 0;
  let decisionNo = 0;
  let pairSeed = o.seed * 7919;
  const engine = newEngine(ir, o.seed, { format });
  for (let g = 0; g < o.games; g++) {
    const seed = o.seed + g;
    const given: number[] = (answers[g] = []);
    const script = replay?.[g];
    const seat = (s: number): Agent => {
      const inner = script ? null : spec.make(s);
      return {
        searches: true,
        choose(d, view, model) {
          if (model && d.count > 1 && decisionNo++ % o.every === 0) {
            for (let k = 0; k < o.playouts; k++) {
              const ps = pairSeed++ >>> 0;
              const full = script ? null : playout(model, ps, null);
              if (full) fullDraws += full.decisions;
              const me = model.player;
              for (const t of o.turns) {
                const cut = playout(model, ps, t);
                cutDraws.set(t, cutDraws.get(t)! + cut.decisions);
                // In a game without an evaluate a cut has no scores, yet it did not end: it stays a cut, as the
                // same playout of a term's revision is (fitTerms matches the two).
                cuts.get(t)!.push({ game: g, me, ended: cut.ended, scores: cut.ended ? null : cut.scores, result: full ? (full.reward[me] ?? 0) : NaN, fullEnded: full ? full.ended : false });
              }
            }
          }
          if (script && (given.length >= script.length || script[given.length]! >= d.count)) {
            throw new Error(`game ${g + 1}: the replay does not fit at answer ${given.length + 1} (${given.length >= script.length ? 'no answer left' : `answer ${script[given.length]! + 1} of ${d.count} options`}); the revision must play as the game does`);
          }
          const answer = script ? script[given.length]! : inner!.choose(d, view, model);
          given.push(answer);
          return answer;
        },
      };
    };
    playOn(engine, seed, { agents: () => [seat(seed * 2 + 1), seat(seed * 2 + 2)] });
    if (script && given.length !== script.length) throw new Error(`game ${g + 1}: the replay took ${given.length} answers of ${script.length}; the revision must play as the game does`);
  }
  return { cuts, cutDraws, fullDraws, answers };
}

/** The deciding player's evaluation minus the best other player's: a player out of the game scores −∞, the margin then as far as it goes. */
function marginOf(scores: readonly number[], me: number): number {
  let other = -Infinity;
  for (let j = 0; j < scores.length; j++) if (j !== me && scores[j]! > other) other = scores[j]!;
  const mine = scores[me]!;
  return mine === other ? 0 : mine === -Infinity ? -1e9 : other === -Infinity ? 1e9 : mine - other;
}

export function fitGame(game: string, format: string | undefined, o: FitOptions): FitRow[] {
  const { cuts, cutDraws, fullDraws } = sampleCuts(compiled(game), format, o);
  return o.turns.map((t) => {
    const all = cuts.get(t)!;
    // Only cuts the evaluation scored (a game without an evaluate has none: they count as ended before the cut).
    const ps: Pair[] = all.filter((c) => c.scores !== null).map((c) => ({ margin: marginOf(c.scores!, c.me), result: c.result }));
    const decidedPairs = ps.filter((p) => p.margin !== 0 && p.result !== 0.5);
    const agree = decidedPairs.filter((p) => (p.margin > 0) === (p.result === 1)).length;
    const scale = ps.length ? fitScale(ps) : NaN;
    const both = ps.length ? fitScaleAndSure(ps) : { scale: NaN, sure: 1 };
    return {
      game,
      turns: t,
      playouts: all.length,
      endedBeforeCut: all.length - ps.length,
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
      drawShare: fullDraws ? cutDraws.get(t)! / fullDraws : 0,
    };
  });
}

// ---------------------------------------------------------------- the terms' weights (--terms)

/** What `--terms` fits: each term's weight, and how well the weighted sum predicts against the game's own evaluate. */
export interface TermFit {
  game: string;
  turns: number;
  /** Cut playouts fitted (those that reached the cut), over `games` games. */
  cuts: number;
  games: number;
  /** Per term: its weight in the logistic (per unit of mine minus the opponent's), and as the suggested evaluation writes it. */
  terms: { term: string; weight: number; written: number }[];
  /** The weighted terms' Brier score: on the cuts it was fitted to, and held out (fitted on the even games, scored on the odd, and the other way round). */
  brierFitted: number;
  brierHeldOut: number;
  /** The game's own evaluate, graded at its own fitted S and P: the same two scores. */
  brierOwn: number;
  brierOwnHeldOut: number;
  /** The graded scale the suggested evaluation wants (`grade=S`): with 2 players, its margin is twice the sum. */
  grade: number;
  /** The suggested evaluation, ready to paste (each term for `me` minus the same for `opponent`). */
  suggestion: string;
}

/**
 * A game whose `evaluate` is one term: a revision of the game with `override evaluate = <term>`,
 * so it plays exactly as the game does (only agents read an evaluation).
 */
function compiledTerm(game: string, base: GameIR, term: string, index: number): GameIR {
  // A game with no evaluation yet gets one; a game with one has it replaced.
  const declare = base.evaluate ? 'override evaluate' : 'evaluate';
  const text = `revision evaluate_fit_term_${index} "evaluate-fit term ${index + 1}" revises ${base.game.name} {\n  version "term"\n}\n\n${declare} = ${term}\n`;
  const path = `(--terms, term ${index + 1})`;
  const r = compileGame({ sources: [{ path, text }], loadBase: (n) => gameSources(root(), n) });
  if (!r.ir) {
    const first = r.diagnostics.find((d) => d.severity === 'error');
    throw new Error(`term ${index + 1} "${term}" does not compile for ${game}: ${first?.message ?? 'unknown error'}. A term is a number for the player \`me\`, as an evaluate is (e.g. "count(me.hand)").`);
  }
  return r.ir;
}

/** Each term for `me` minus the same term for `opponent` (the word `me` swapped): how the suggestion writes it. */
export function termAgainstOpponent(term: string): string {
  // A term that is more than one call, state or count (anything outside a name, a dot or a bracket
  // at the top level: `a + b`, `if … then …`) is bracketed, so the minus applies to all of it.
  const wrap = (x: string): string => {
    let depth = 0;
    for (const ch of x) {
      if (ch === '(') depth++;
      else if (ch === ')') depth--;
      else if (depth === 0 && !/[\w.]/.test(ch)) return `(${x})`;
    }
    return x;
  };
  // The same term seen from the other side: `me` and `opponent` trade places.
  const swapped = term.replace(/\b(me|opponent)\b/g, (w) => (w === 'me' ? 'opponent' : 'me'));
  return `${wrap(term)} - ${wrap(swapped)}`;
}

/**
 * Fits the weights of `terms` (each a number for the player `me`, as an evaluate is) to the ends
 * of the same cut playouts fitGame measures: a logistic regression of the end on each term's
 * mine-minus-theirs where the cut stopped. Terms that always add up to the same (the cards of
 * every zone) share their weight arbitrarily: leave one out.
 */
export function fitTerms(game: string, format: string | undefined, o: FitOptions, terms: readonly string[]): TermFit {
  if (o.turns.length !== 1) throw new Error('--terms fits one cut: give one --turns T');
  const t = o.turns[0]!;
  const base = compiled(game);
  if (base.teams) throw new Error(`${game} is played in teams: a cut scores each team by its best player, which mixes the terms of teammates; --terms fits games without teams`);
  // The positions must not depend on an evaluation: the terms are weighed on positions that any
  // evaluation under trial would reach alike, not on those the game's own evaluate led its agents
  // to (each term's revision replays the same answers, so it could not play them differently).
  const spec = parseAgent(o.agent, base.game);
  if ('error' in spec) throw new Error(spec.error);
  if (spec.readsEvaluation) throw new Error(`--terms needs positions from an agent that does not read the evaluation: '${o.agent}' does (a cut, depth= or greedy). Use --agent mcts:50 (the default) or another plain search`);
  // The games are played (and searched) once; each term's revision replays their answers and
  // plays only the cuts again (sampleCuts `replay`).
  const first = sampleCuts(base, format, o);
  const own = first.cuts.get(t)!;
  const columns = terms.map((term, i) => sampleCuts(compiledTerm(game, base, term, i), format, o, first.answers).cuts.get(t)!);
  for (const col of columns) {
    // The same seeds give the same playouts whatever the evaluation: anything else is a bug here.
    if (col.length !== own.length || col.some((c, i) => c.ended !== own[i]!.ended || c.me !== own[i]!.me || c.game !== own[i]!.game)) {
      throw new Error(`${game}: a term's playouts differ from the game's own; its evaluation must not change how the game plays`);
    }
  }
  const rows: { game: number; x: number[]; y: number; ownMargin: number }[] = [];
  own.forEach((c, i) => {
    // Nothing to predict before the cut; no end to predict when the engine stopped the full twin.
    if (c.ended || !c.fullEnded) return;
    const x = columns.map((col) => {
      const s = col[i]!.scores!;
      let others = 0;
      for (let j = 0; j < s.length; j++) if (j !== c.me) others += s[j]!;
      return s[c.me]! - others / Math.max(1, s.length - 1);
    });
    if (x.every(Number.isFinite)) rows.push({ game: c.game, x, y: c.result, ownMargin: base.evaluate ? marginOf(c.scores!, c.me) : 0 });
  });
  const fit = (rs: typeof rows) => fitLogistic(rs.map((r) => r.x), rs.map((r) => r.y));
  const score = (w: number[], rs: typeof rows) => logisticBrier(w, rs.map((r) => r.x), rs.map((r) => r.y));
  const ownPairs = (rs: typeof rows): Pair[] => rs.map((r) => ({ margin: r.ownMargin, result: r.y }));
  const ownScore = (fitOn: typeof rows, scoreOn: typeof rows): number => {
    if (!base.evaluate) return NaN;
    const { scale, sure } = fitScaleAndSure(ownPairs(fitOn));
    return brier(ownPairs(scoreOn), (m) => gradedReward(m, scale, sure));
  };
  const even = rows.filter((r) => r.game % 2 === 0);
  const odd = rows.filter((r) => r.game % 2 === 1);
  const heldOut = (f: (a: typeof rows, b: typeof rows) => number): number =>
    even.length && odd.length ? (f(even, odd) * odd.length + f(odd, even) * even.length) / rows.length : NaN;
  const w = fit(rows);
  // Written ×100 and rounded to two figures: Σ c·Δ with c = 100·w, a margin (mine − theirs, both
  // players' evaluations) of 2·Σ c·Δ, so grade = 200 gives the fitted chance back.
  const written = w.map((wi) => (Math.abs(100 * wi) < 0.01 ? 0 : Number((100 * wi).toPrecision(2))));
  const suggestion =
    'evaluate = ' +
    terms
      .map((term, i) => ({ term, c: written[i]! }))
      .filter(({ c }) => c !== 0)
      .map(({ term, c }, i) => `${i === 0 ? (c < 0 ? '-' : '') : c < 0 ? ' - ' : ' + '}${Math.abs(c)} * (${termAgainstOpponent(term)})`)
      .join('');
  return {
    game,
    turns: t,
    cuts: rows.length,
    games: o.games,
    terms: terms.map((term, i) => ({ term, weight: w[i]!, written: written[i]! })),
    brierFitted: score(w, rows),
    brierHeldOut: heldOut((a, b) => score(fit(a), b)),
    brierOwn: ownScore(rows, rows),
    brierOwnHeldOut: heldOut(ownScore),
    grade: base.game.players === 2 ? 200 : NaN,
    suggestion,
  };
}

/** A held-out score, or why there is none (one game: nothing to hold out). */
const heldOut = (b: number): string => (Number.isNaN(b) ? 'n/a (--games 2 or more)' : b.toFixed(3));

export function termFitLines(f: TermFit): string[] {
  const width = Math.max(...f.terms.map((x) => x.term.length));
  return [
    `${f.game} turns=${f.turns}: ${f.cuts} cut playouts of ${f.games} games; each term's weight (logistic, per unit of mine minus the opponent's):`,
    ...f.terms.map((x) => `  ${x.term.padEnd(width)}  ${x.weight.toFixed(4).padStart(8)}   written ${x.written}`),
    `  Brier (lower is better, ½ always 0.250): the weighted terms ${f.brierFitted.toFixed(3)} fitted, ${heldOut(f.brierHeldOut)} held out (even games against odd);` +
      (Number.isNaN(f.brierOwn) ? ` the game has no evaluate of its own` : ` the game's own evaluate ${f.brierOwn.toFixed(3)} fitted, ${heldOut(f.brierOwnHeldOut)} held out (graded at its own fitted S and P)`),
    `  suggested (with grade=${f.grade}):`,
    `    ${f.suggestion}`,
  ];
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

function fail(message: string): never {
  console.error(`evaluate-fit: ${message}`);
  process.exit(2);
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
      term: { type: 'string', multiple: true },
      terms: { type: 'string' },
      json: { type: 'boolean' },
    },
  });
  // Terms hold commas (`sum(me.field, it.HP)`): --terms splits at semicolons, --term is one each.
  const terms = [...(values.term ?? []), ...(values.terms ?? '').split(';')].map((x) => x.trim()).filter(Boolean);
  const o: FitOptions = {
    agent: values.agent ?? 'mcts:50',
    games: Number(values.games ?? 6),
    every: Number(values.every ?? 4),
    playouts: Number(values.playouts ?? 8),
    turns: (values.turns ?? '1,2,3,4').split(',').map(Number),
    seed: Number(values.seed ?? 7),
  };
  // Any game of rules/ (a seed game plays in the format its strong agent was measured in).
  const games = values.game?.length ? values.game.map((g): [string, string | undefined] => STRONG_GAMES.find(([s]) => s === g) ?? [g, undefined]) : STRONG_GAMES;
  if (terms.length) {
    if (games.length !== 1) fail('--terms fits one game\'s terms: name it with --game G');
    if (o.turns.length !== 1) fail('--terms fits one cut: give one --turns T (e.g. --turns 2)');
    try {
      const f = fitTerms(games[0]![0], games[0]![1], o, terms);
      console.log(values.json ? JSON.stringify(f, null, 2) : termFitLines(f).join('\n'));
    } catch (e) {
      fail((e as Error).message);
    }
    process.exit(0);
  }
  const rows: FitRow[] = [];
  for (const [game, format] of games) {
    let rs: FitRow[] = [];
    try {
      rs = fitGame(game, format, o);
    } catch (e) {
      fail((e as Error).message);
    }
    rows.push(...rs);
    if (!values.json) for (const r of rs) console.log(fitLine(r));
  }
  if (values.json) console.log(JSON.stringify(rows, null, 2));
}
