/**
 * `grimoire tune`: what should this card cost? A number printed on a card (an `attr`: cost, power…)
 * is set to each value in turn for one seat's copies (runtime EngineOptions.printed), the same
 * seeds played each time, and at each value the card's worth is measured against a baseline card
 * in its place (the replacement value of balance/replacement.ts, paired game by game). The fair
 * value is where the worth crosses zero: there the card is worth what an ordinary card of its
 * deck is. Pure: the games are played by cli/tune.ts.
 */
import type { GameIR } from '../compiler/ir.ts';
import type { GameSummary } from '../runtime/batch.ts';
import type { BalanceSettings, TuneCurve, TunePoint, TuneResult } from './report.ts';
import { balanceVersion } from './report.ts';
import { adjust, pairedRateDifference, rate, roundNumbers } from './statistics.ts';
import { suggest } from '../grammar/spelling.ts';
import { t } from '../i18n/format.ts';
import { deckName, interval } from './words.ts';

const near = (name: string, names: readonly string[]): string | undefined => suggest(name, names)[0];

/** The seat's win rate in `games` and its difference from `baseline`'s on the same seeds (games with an error on either side left out). */
function against(seat: string, games: readonly GameSummary[], baseline: readonly GameSummary[]): { withCard: TunePoint['withCard']; worth: TunePoint['worth'] } {
  let n = 0;
  let wins = 0;
  let onlyCard = 0;
  let onlyBaseline = 0;
  for (let i = 0; i < games.length; i++) {
    const a = games[i]!;
    const b = baseline[i];
    if (!b || a.error || b.error) continue;
    n++;
    const x = a.winner === seat;
    const y = b.winner === seat;
    if (x) wins++;
    if (x && !y) onlyCard++;
    if (y && !x) onlyBaseline++;
  }
  return { withCard: rate(wins, n), worth: pairedRateDifference(onlyBaseline, onlyCard, n) };
}

/** Where the worth is fair: the value nearest 0, the crossing between two values tried, the values whose interval holds 0. */
export function fairValue(points: readonly TunePoint[]): TuneCurve['fair'] {
  const sorted = [...points].sort((a, b) => a.value - b.value);
  const closest = sorted.reduce((a, b) => (Math.abs(b.worth.diff) < Math.abs(a.worth.diff) ? b : a)).value;
  let crossing: number | null = null;
  for (let i = 0; i + 1 < sorted.length && crossing === null; i++) {
    const a = sorted[i]!;
    const b = sorted[i + 1]!;
    if (a.worth.diff === 0) crossing = a.value;
    else if (a.worth.diff * b.worth.diff < 0) crossing = a.value + ((0 - a.worth.diff) * (b.value - a.value)) / (b.worth.diff - a.worth.diff);
  }
  if (crossing === null && sorted.at(-1)!.worth.diff === 0) crossing = sorted.at(-1)!.value;
  const range = sorted.filter((p) => p.worth.ci95[0] <= 0 && p.worth.ci95[1] >= 0).map((p) => p.value);
  return { closest, crossing, range };
}

/** One deck's curve from the games with the baseline in the card's place and the games at each value (all on the same seeds). */
export function tuneCurve(deck: string, seat: number, baseline: string, printed: number, withBaseline: readonly GameSummary[], byValue: ReadonlyMap<number, readonly GameSummary[]>): TuneCurve {
  const s = `p${seat + 1}`;
  const points: TunePoint[] = [...byValue.entries()].sort((a, b) => a[0] - b[0]).map(([value, games]) => ({ value, printed: value === printed, ...against(s, games, withBaseline) }));
  const baselineWins = withBaseline.filter((g) => !g.error && g.winner === s).length;
  return { deck, seat: s, baseline, withBaseline: rate(baselineWins, withBaseline.filter((g) => !g.error).length), points, fair: fairValue(points) };
}

/** The fair value of each curve in words: "p1's deck (p1): cost ≈ 1.6 — worth what 見習い剣士 is; printed 0: +2.2 pts [+1.1, +3.3]". */
export function tuneVerdicts(r: TuneResult): string[] {
  return r.curves.map((c) => {
    const printed = c.points.find((p) => p.printed);
    const at = c.fair.crossing === null ? t('tune.v.no-crossing', { baseline: c.baseline, closest: String(c.fair.closest) }) : t('tune.v.crossing', { attr: r.attr, value: String(Number(c.fair.crossing.toFixed(1))), baseline: c.baseline });
    const range = c.fair.range.length ? t('tune.v.range', { values: c.fair.range.map(String) }) : '';
    const now = printed ? t('tune.v.printed', { value: String(printed.value), interval: interval(printed.worth) }) : '';
    return t('tune.v.line', { deck: deckName(c.deck), seat: c.seat, at, range, now });
  });
}

/** The result; every point's worth of every curve is one Benjamini–Hochberg family (its q and `significant`). */
export function tuneResult(settings: BalanceSettings, card: string, attr: string, printed: number, curves: TuneCurve[]): TuneResult {
  adjust(curves.flatMap((c) => c.points.map((p) => p.worth)));
  return roundNumbers<TuneResult>({ grimoireBalance: balanceVersion, kind: 'tune', settings, card, attr, printed, curves });
}

/** At most this many values in one run (each plays every game again). */
export const MAX_TUNE_VALUES = 25;

/**
 * The values to try, from `0..6` (every whole number), `0..10..2` (from..to..step) or `1,3,5`
 * (whole or decimal numbers), sorted without repeats — or what is wrong with the text, in words
 * (`grimoire tune --values`, the playground's Tune row).
 */
export function readValues(spec: string): number[] | { error: string } {
  const text = spec.trim();
  const bad = { error: t('tune.err.forms') };
  if (!text) return { error: t('tune.err.no-values', { forms: bad.error }) };
  let values: number[];
  if (text.includes('..')) {
    const parts = text.split('..').map((x) => (x.trim() === '' ? NaN : Number(x)));
    if (parts.length < 2 || parts.length > 3 || parts.some((x) => !Number.isFinite(x))) return bad;
    const [from, to, step = 1] = parts as [number, number, number?];
    if (step <= 0) return { error: t('tune.err.step', { forms: bad.error }) };
    if (to < from) return { error: t('tune.err.empty-range', { from: String(from), to: String(to), forms: bad.error }) };
    values = [];
    for (let v = from; v <= to + 1e-9 && values.length <= MAX_TUNE_VALUES; v += step) values.push(Number(v.toFixed(6)));
  } else {
    values = text.split(',').map((x) => (x.trim() === '' ? NaN : Number(x)));
    if (values.some((x) => !Number.isFinite(x))) return bad;
  }
  values = [...new Set(values)].sort((a, b) => a - b);
  if (values.length > MAX_TUNE_VALUES) return { error: t('tune.err.too-many', { max: MAX_TUNE_VALUES }) };
  return values;
}

/**
 * The card and its number attr to tune — its index, the attr's field and its printed value — or
 * what is wrong, with "did you mean".
 */
export function tuneTarget(ir: GameIR, card: string, attr: string): { card: number; field: number; printed: number } | { error: string } {
  if (!card) return { error: t('tune.err.no-card') };
  if (!attr) return { error: t('tune.err.no-attr') };
  const c = ir.cards.findIndex((x) => x.name === card);
  if (c < 0) {
    const guess = near(card, ir.cards.map((x) => x.name));
    return { error: t('tune.err.unknown-card', { card, game: ir.game.name, near: guess ? t('tune.err.did-you-mean', { near: guess }) : '' }) };
  }
  const def = ir.cards[c]!;
  const numbers = def.attrs.filter((a) => typeof a.value === 'number').map((a) => ir.cardFields[a.field]!.name);
  const at = def.attrs.find((a) => ir.cardFields[a.field]!.name === attr);
  if (!at || typeof at.value !== 'number') {
    const guess = near(attr, numbers);
    const what = at ? t('tune.err.not-number', { attr, card, value: JSON.stringify(at.value) }) : t('tune.err.no-such-attr', { card, attr });
    return { error: t('tune.err.attr', { what, near: guess ? t('tune.err.did-you-mean', { near: guess }) : '', attrs: numbers.length ? numbers : t('tune.err.none') }) };
  }
  return { card: c, field: at.field, printed: at.value };
}
