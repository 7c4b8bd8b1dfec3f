/**
 * Sequential runs (`grimoire balance … --until "CARD settled"`, `--precision 2pts`): batches of
 * games are played until a question is answered or `--max-games` is reached. Each batch doubles
 * the games so far, so a run makes a fixed number of looks K, known before the first game
 * (K = 1 + ⌈log₂(max ÷ first)⌉); at every look the question is asked at the Bonferroni-widened
 * level 1 − 0.05/K, so that over all K looks the chance of stopping on a wrong answer stays at
 * most 5% — repeated looks at 5% each would not (five looks: about 14%; Armitage, McPherson &
 * Rowe 1969). Bonferroni is the simplest, conservative alpha-spending (Jennison & Turnbull 2000,
 * Group Sequential Methods, §2.3): it stops later than an O'Brien–Fleming boundary, never wrongly
 * more often. Pure: the reports come from the caller.
 */
import type { BalanceReport, Difference } from './report.ts';
import { twoSidedNormalP, Z95 } from './statistics.ts';
import { flagOf, MEASURES, rankingStandout, replacementsOf } from './verdicts.ts';
import { t } from '../i18n/format.ts';
import { deckName, fixed, points } from './words.ts';

/** The question a sequential run asks. */
export type StopQuestion = { kind: 'settled'; card: string; precision: number } | { kind: 'precision'; precision: number };

/** The games at each look: first, then doubling, the last one `max`. */
export function looks(first: number, max: number): number[] {
  const out = [Math.min(first, max)];
  while (out.at(-1)! < max) out.push(Math.min(2 * out.at(-1)!, max));
  return out;
}

/** z of the two-sided interval at level 1 − 0.05/K: the widened interval every look uses. */
export function widenedZ(lookCount: number): number {
  // Bisection on the two-sided normal p (statistics.ts): simple-statistics' probit is off by 0.007 at 99%.
  let lo = 0;
  let hi = 10;
  for (let i = 0; i < 60; i++) {
    const mid = (lo + hi) / 2;
    if (twoSidedNormalP(mid) > 0.05 / lookCount) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/** The numbers the question reads, as differences with 95% intervals (their standard errors come from them). */
function readings(r: BalanceReport, q: StopQuestion): { what: string; d: Difference }[] {
  if (q.kind === 'precision') {
    const f = r.seats.firstPlayer;
    return [{ what: t('bal.seq.first-edge'), d: { diff: f.rate - 0.5, ci95: [f.ci95[0] - 0.5, f.ci95[1] - 0.5], p: 1, q: 1, significant: false } }];
  }
  // The values tested (a value only looked at in an every-card run's first stage is never flagged, so it answers nothing).
  const all = replacementsOf(r, q.card);
  const values = all.some((v) => v.tested) ? all.filter((v) => v.tested) : all;
  if (values.length) return values.map((v) => ({ what: t(v.standout ? 'bal.seq.value-against' : 'bal.seq.value-in', { card: q.card, deck: deckName(v.deck) }), d: flagOf(v) }));
  const c = r.cards.find((x) => x.card === q.card);
  const s = c && rankingStandout(c);
  return s ? [{ what: t('bal.seq.standout', { card: q.card, words: t(MEASURES.find((m) => m.kind === s.kind)!.words) }), d: s.d }] : [];
}

export interface StopDecision {
  stop: boolean;
  /** Why, in words: what was answered, at which level; or what is still open. */
  why: string;
}

const pts = (x: number) => t('bal.pts', { n: fixed(100 * x, 1) });
const signed = (x: number) => points(x);

/**
 * Is the question answered at this look, at the widened level of a run of `lookCount` looks? A card is **settled** when
 * one of its numbers is told from 0 (it stands out) or when all of them are known to within
 * ±precision (the interval's half-width). `--precision` alone: the first player's win rate known
 * to within ±precision.
 */
export function answered(r: BalanceReport, q: StopQuestion, lookCount: number): StopDecision {
  const z = widenedZ(lookCount);
  const level = t('bal.seq.interval', { level: fixed(100 * (1 - 0.05 / lookCount), 2).replace(/\.?0+$/, '') });
  const rs = readings(r, q).map((x) => {
    const se = (x.d.ci95[1] - x.d.ci95[0]) / (2 * Z95);
    return { ...x, lo: x.d.diff - z * se, hi: x.d.diff + z * se, half: z * se };
  });
  if (!rs.length) return { stop: false, why: t('bal.seq.no-number', { what: q.kind === 'settled' ? q.card : t('bal.seq.the-question') }) };
  if (q.kind === 'settled') {
    const out = rs.find((x) => x.lo > 0 || x.hi < 0);
    if (out) return { stop: true, why: t('bal.seq.told', { what: out.what, diff: signed(out.d.diff), level, lo: signed(out.lo), hi: signed(out.hi) }) };
  }
  const wide = rs.filter((x) => x.half > q.precision);
  const estimates = (xs: typeof rs) => xs.map((x) => t('bal.seq.half', { what: x.what, diff: signed(x.d.diff), half: pts(x.half) })).join(t('bal.sep'));
  if (!wide.length) return { stop: true, why: t('bal.seq.within', { estimates: estimates(rs), precision: pts(q.precision), level }) };
  return { stop: false, why: t('bal.seq.wider', { estimates: estimates(wide), precision: pts(q.precision), level }) };
}

/** `--until "CARD settled"`: the card's name, or null when the text is not of that form. */
export function untilCard(text: string): string | null {
  const m = /^\s*(.+?)\s+settled\s*$/.exec(text);
  return m ? m[1]! : null;
}

/** `--precision 2pts` (or `2 pts`, `2`): the half-width in points, as a share; null when malformed. */
export function precisionOption(text: string): number | null {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(?:pts?)?\s*$/.exec(text);
  if (!m) return null;
  const x = Number(m[1]) / 100;
  return x > 0 && x < 1 ? x : null;
}
