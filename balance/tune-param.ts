/**
 * `grimoire tune GAME --param NAME --values …`: what should this rule parameter be? The same seeds
 * are played under each value of the parameter, and at each value the lab reads what a rule
 * parameter is usually tuned for — the first player's edge: the win rate of whoever took turn 1,
 * with its interval, and its change from the parameter's default, game by game (McNemar on the
 * same seeds, Bonett–Price; one Benjamini–Hochberg family). The fair value is where that rate
 * crosses 50% (numbers: linear between the two values tried around it), the value nearest 50%,
 * and the values whose interval holds 50%. Pure: the games are played by balance/runs.ts.
 */
import type { GameIR, ParamIR } from '../compiler/ir.ts';
import type { GameSummary } from '../runtime/batch.ts';
import type { BalanceSettings } from './report.ts';
import { balanceVersion } from './report.ts';
import { adjust, pairedRateDifference, rate, roundNumbers, type Difference, type Rate } from './statistics.ts';
import { readValues } from './tune.ts';
import { suggest } from '../grammar/spelling.ts';
import { t } from '../i18n/format.ts';

export type ParamValue = number | boolean | string;

export interface ParamPoint {
  value: ParamValue;
  /** The parameter's default (the rules' own value). */
  isDefault: boolean;
  /** The first player's win rate (whoever took turn 1), over the games where a first player is known. */
  firstPlayer: Rate;
  /** The seat p1's win rate. */
  p1: Rate;
  /** The first player's win rate here minus under the default, seed by seed (null at the default). */
  change: Difference | null;
}

export interface ParamTuneResult {
  grimoireBalance: number;
  kind: 'tune-param';
  settings: BalanceSettings;
  param: string;
  default: ParamValue;
  points: ParamPoint[];
  /** Where the first player's win rate is 50%: the value nearest, the crossing (numbers only), the values whose interval holds 50%. */
  fair: { closest: ParamValue; crossing: number | null; range: ParamValue[] };
}

/** The parameter to tune and its values: `--values` read as the parameter's type, or its default and alternatives when not given. */
export function paramTarget(ir: GameIR, name: string, spec: string | undefined): { param: ParamIR; values: ParamValue[] } | { error: string } {
  const param = ir.params.find((p) => p.name === name);
  if (!param) {
    const near = suggest(name, ir.params.map((p) => p.name))[0];
    return { error: t('tune.err.unknown-param', { name, game: ir.game.name, near: near ? t('tune.err.did-you-mean', { near }) : '', params: ir.params.length ? ir.params.map((p) => p.name) : t('tune.err.none') }) };
  }
  if (spec === undefined) return { param, values: [param.value, ...param.alternatives.filter((a) => a !== param.value)] };
  if (param.type === 'number') {
    const values = readValues(spec);
    return 'error' in values ? values : { param, values };
  }
  const words = spec.split(',').map((w) => w.trim()).filter(Boolean);
  const allowed = [param.value, ...param.alternatives].map(String);
  const values: ParamValue[] = [];
  for (const w of words) {
    if (param.type === 'bool' ? w !== 'true' && w !== 'false' : !allowed.includes(w)) return { error: t('tune.err.not-a-value', { value: w, name, values: param.type === 'bool' ? ['true', 'false'] : allowed }) };
    values.push(param.type === 'bool' ? w === 'true' : w);
  }
  if (!values.length) return { error: t('tune.err.no-param-values', { values: allowed }) };
  return { param, values: [...new Set(values)] };
}

/** The first player's result per seed: 1 won, 0 did not, null unknown (an error, or no first player recorded). */
const firstWon = (g: GameSummary): number | null => {
  const first = g.counts?.first ?? -1;
  if (g.error || first < 0) return null;
  return g.winner === `p${first + 1}` ? 1 : 0;
};

/** The curve from the games at each value (the same seeds), the default's among them. */
export function paramTuneResult(settings: BalanceSettings, param: ParamIR, byValue: ReadonlyMap<ParamValue, readonly GameSummary[]>): ParamTuneResult {
  const base = byValue.get(param.value);
  const points: ParamPoint[] = [...byValue.entries()].map(([value, games]) => {
    const firsts = games.map(firstWon);
    const known = firsts.filter((x): x is number => x !== null);
    const counted = games.filter((g) => !g.error);
    let change: Difference | null = null;
    if (base && value !== param.value) {
      let n = 0;
      let onlyBase = 0;
      let onlyHere = 0;
      games.forEach((g, i) => {
        const a = firstWon(base[i]!);
        const b = firstWon(g);
        if (a === null || b === null) return;
        n++;
        if (a && !b) onlyBase++;
        if (b && !a) onlyHere++;
      });
      change = pairedRateDifference(onlyBase, onlyHere, n);
    }
    return { value, isDefault: value === param.value, firstPlayer: rate(known.reduce((s, x) => s + x, 0), known.length), p1: rate(counted.filter((g) => g.winner === 'p1').length, counted.length), change };
  });
  adjust(points.flatMap((p) => (p.change ? [p.change] : [])));
  if (param.type === 'number') points.sort((a, b) => (a.value as number) - (b.value as number));
  return roundNumbers<ParamTuneResult>({ grimoireBalance: balanceVersion, kind: 'tune-param', settings, param: param.name, default: param.value, points, fair: fairParam(points, param.type === 'number') });
}

/**
 * Where the first player's win rate is 50%: the value tried closest to it; for a number, where the
 * rate crosses 50% (interpolated between the two values tried either side); the values whose 95%
 * interval holds 50%. Exported for its test.
 */
export function fairParam(points: readonly ParamPoint[], numeric: boolean): ParamTuneResult['fair'] {
  const edge = (p: ParamPoint) => p.firstPlayer.rate - 0.5;
  const closest = points.reduce((a, b) => (Math.abs(edge(b)) < Math.abs(edge(a)) ? b : a)).value;
  let crossing: number | null = null;
  if (numeric) {
    for (let i = 0; i + 1 < points.length && crossing === null; i++) {
      const a = points[i]!;
      const b = points[i + 1]!;
      if (edge(a) === 0) crossing = a.value as number;
      else if (edge(a) * edge(b) < 0) crossing = (a.value as number) + ((0 - edge(a)) * ((b.value as number) - (a.value as number))) / (edge(b) - edge(a));
    }
  }
  const range = points.filter((p) => p.firstPlayer.n > 0 && p.firstPlayer.ci95[0] <= 0.5 && p.firstPlayer.ci95[1] >= 0.5).map((p) => p.value);
  return { closest, crossing, range };
}
