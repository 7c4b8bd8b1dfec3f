/**
 * The statistics a balance report states, each with its sample size and its 95% interval:
 * a rate (Wilson), the difference of two independent rates (Newcombe's hybrid score interval,
 * two-proportion z-test), the difference of two rates on the same seeds (McNemar), a paired mean
 * difference (Student's t), and the Benjamini–Hochberg correction for testing many cards at once.
 *
 * Why these: Wilson and Newcombe stay inside 0..1 and are right for small samples and rates near
 * 0 or 1 (a card drawn in 3 games, a seat that wins 95%); McNemar and the paired t use the seeds a
 * comparison shares, so a rule change is seen with far fewer games than two unrelated samples
 * would need; Benjamini–Hochberg keeps the share of false alarms among flagged cards at 5% when
 * fifty cards are tested at once. The distributions come from libraries (simple-statistics'
 * error function, stdlib's Student t), not from hand-written approximations.
 */
import { errorFunction, quantileSorted } from 'simple-statistics';
import tCdf from '@stdlib/stats-base-dists-t-cdf';
import tQuantile from '@stdlib/stats-base-dists-t-quantile';

/** z for a two-sided 95% interval. */
export const Z95 = 1.959963984540054;

/** A number as reports print it: 4 decimals, so the same games give byte-identical JSON on any machine. */
export const round = (x: number): number => (Number.isFinite(x) ? Math.round(x * 1e4) / 1e4 : x);

/**
 * Every number of a finished report rounded (`round`), in place. Only at the end: p-values, the
 * Benjamini–Hochberg correction and the flags are computed from unrounded numbers (a p of
 * 0.00034 rounded to 0.0003 before the correction could flag what should not be).
 */
export function roundNumbers<T>(value: T): T {
  const walk = (v: unknown): unknown => {
    if (typeof v === 'number') return Number.isInteger(v) ? v : round(v);
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) v[i] = walk(v[i]);
      return v;
    }
    if (v !== null && typeof v === 'object') {
      const o = v as Record<string, unknown>;
      for (const k of Object.keys(o)) o[k] = walk(o[k]);
      return o;
    }
    return v;
  };
  return walk(value) as T;
}

/** A rate: k of n, with its 95% Wilson interval. */
export interface Rate {
  k: number;
  n: number;
  rate: number;
  ci95: [number, number];
}

/** A difference (of two rates or two means) with its 95% interval and test. */
export interface Difference {
  diff: number;
  ci95: [number, number];
  /** Two-sided p-value. */
  p: number;
  /** p adjusted for the many tests of one report (Benjamini–Hochberg); set by `adjust`. */
  q: number;
  /** q < 0.05. */
  significant: boolean;
}

/** The 95% Wilson score interval of `k` out of `n` ([0, 1] when n is 0). */
export function wilson(k: number, n: number): [number, number] {
  if (n === 0) return [0, 1];
  const p = k / n;
  const z2 = Z95 * Z95;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (Z95 / (1 + z2 / n)) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

export function rate(k: number, n: number): Rate {
  return { k, n, rate: n ? k / n : 0, ci95: wilson(k, n) };
}

/** P(|Z| ≥ |z|) for a standard normal Z. */
export function twoSidedNormalP(z: number): number {
  return Math.min(1, 1 - errorFunction(Math.abs(z) / Math.SQRT2));
}

/**
 * a − b for two independent rates: Newcombe's hybrid score interval (method 10) and the pooled
 * two-proportion z-test. With an empty group there is nothing to compare: diff 0, p 1.
 */
export function rateDifference(a: Rate, b: Rate): Difference {
  if (a.n === 0 || b.n === 0) return { diff: 0, ci95: [-1, 1], p: 1, q: 1, significant: false };
  const p1 = a.k / a.n;
  const p2 = b.k / b.n;
  const [l1, u1] = wilson(a.k, a.n);
  const [l2, u2] = wilson(b.k, b.n);
  const d = p1 - p2;
  const lo = d - Math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2);
  const hi = d + Math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2);
  const pooled = (a.k + b.k) / (a.n + b.n);
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / a.n + 1 / b.n));
  const p = se === 0 ? (d === 0 ? 1 : 0) : twoSidedNormalP(d / se);
  return { diff: d, ci95: [lo, hi], p, q: 1, significant: false };
}

/**
 * The difference of two rates measured on the same games (a seed under two rule versions):
 * `onlyA` games had the event under A alone, `onlyB` under B alone, of `n` pairs. McNemar's test
 * (exact binomial under 25 discordant pairs, else χ² with continuity correction) and Bonett and
 * Price's adjusted Wald interval (2012), which keeps its coverage with few discordant pairs where
 * the plain Wald interval claims a change McNemar does not see.
 */
export function pairedRateDifference(onlyA: number, onlyB: number, n: number): Difference {
  if (n === 0) return { diff: 0, ci95: [-1, 1], p: 1, q: 1, significant: false };
  const d = (onlyB - onlyA) / n;
  const discordant = onlyA + onlyB;
  let p: number;
  if (discordant === 0) p = 1;
  else if (discordant < 25) {
    // Two-sided exact: twice the smaller tail of Binomial(discordant, 1/2).
    let tail = 0;
    let term = Math.pow(0.5, discordant);
    for (let i = 0; i <= Math.min(onlyA, onlyB); i++) {
      tail += term;
      term = (term * (discordant - i)) / (i + 1);
    }
    p = Math.min(1, 2 * tail);
  } else {
    const chi = (Math.abs(onlyA - onlyB) - 1) / Math.sqrt(discordant);
    p = twoSidedNormalP(Math.max(0, chi));
  }
  const a = (onlyA + 1) / (n + 2);
  const b = (onlyB + 1) / (n + 2);
  const centre = b - a;
  const half = Z95 * Math.sqrt(Math.max(0, a + b - centre * centre) / (n + 2));
  return { diff: d, ci95: [Math.max(-1, centre - half), Math.min(1, centre + half)], p, q: 1, significant: false };
}

/**
 * The mean of b − a over paired values (the same seeds), with Student's t interval and test.
 * Fewer than two pairs estimate no spread: the interval is the mean itself and p is 1 (a caller
 * with so few games should not report the metric).
 */
export function pairedMeanDifference(a: ArrayLike<number>, b: ArrayLike<number>): Difference {
  const n = a.length;
  if (n < 2) {
    const d = n ? b[0]! - a[0]! : 0;
    return { diff: d, ci95: [d, d], p: 1, q: 1, significant: false };
  }
  let sum = 0;
  for (let i = 0; i < n; i++) sum += b[i]! - a[i]!;
  const mean = sum / n;
  let ss = 0;
  for (let i = 0; i < n; i++) ss += (b[i]! - a[i]! - mean) ** 2;
  const se = Math.sqrt(ss / (n - 1) / n);
  if (se === 0) return { diff: mean, ci95: [mean, mean], p: mean === 0 ? 1 : 0, q: 1, significant: false };
  const t = tQuantile(0.975, n - 1);
  const p = 2 * (1 - tCdf(Math.abs(mean / se), n - 1));
  return { diff: mean, ci95: [mean - t * se, mean + t * se], p: Math.min(1, p), q: 1, significant: false };
}

/**
 * Benjamini–Hochberg: sets each difference's q (the smallest false-discovery rate at which it
 * would be flagged) and `significant` (q < 0.05), over the whole family at once.
 */
export function adjust(family: Difference[]): void {
  const m = family.length;
  const order = family.map((d, i) => [d.p, i] as const).sort((x, y) => x[0] - y[0] || x[1] - y[1]);
  let running = 1;
  for (let r = m - 1; r >= 0; r--) {
    const [p, i] = order[r]!;
    running = Math.min(running, (p * m) / (r + 1));
    const d = family[i]!;
    d.q = Math.min(1, running);
    d.significant = d.q < 0.05;
  }
}

/** A length's distribution: mean, median, 95th percentile, extremes and a histogram of whole-number bins. */
export interface Distribution {
  mean: number;
  median: number;
  p95: number;
  min: number;
  max: number;
  /** Bins of equal width covering min..max: values v with from ≤ v < to. */
  histogram: { from: number; to: number; count: number }[];
}

export function distribution(values: readonly number[]): Distribution {
  if (values.length === 0) return { mean: 0, median: 0, p95: 0, min: 0, max: 0, histogram: [] };
  const sorted = [...values].sort((x, y) => x - y);
  let sum = 0;
  for (const v of sorted) sum += v;
  const min = sorted[0]!;
  const max = sorted[sorted.length - 1]!;
  // At most 40 bins of a whole width: a designer reads "games of 8–9 turns", not "8.37–9.12".
  const width = Math.max(1, Math.ceil((max - min + 1) / 40));
  const histogram: Distribution['histogram'] = [];
  for (let from = min; from <= max; from += width) histogram.push({ from, to: from + width, count: 0 });
  for (const v of sorted) histogram[Math.floor((v - min) / width)]!.count++;
  return { mean: sum / sorted.length, median: quantileSorted(sorted, 0.5), p95: quantileSorted(sorted, 0.95), min, max, histogram };
}

/** A mean with its sample size and 95% interval. */
export interface Mean {
  mean: number;
  ci95: [number, number];
  n: number;
}

/**
 * The mean of independent values (one per game) with Student's t interval, kept inside the
 * values' range `lo`..`hi` when they have one (a share of a game lies in 0..1); under two values
 * the interval is the mean itself, and with none n is 0 (no estimate: the mean 0 means nothing).
 */
export function meanOf(values: readonly number[], lo = -Infinity, hi = Infinity): Mean {
  const n = values.length;
  if (n === 0) return { mean: 0, ci95: [0, 0], n };
  let sum = 0;
  for (const v of values) sum += v;
  const mean = sum / n;
  if (n < 2) return { mean, ci95: [mean, mean], n };
  let ss = 0;
  for (const v of values) ss += (v - mean) ** 2;
  const half = tQuantile(0.975, n - 1) * Math.sqrt(ss / (n - 1) / n);
  return { mean, ci95: [Math.max(lo, mean - half), Math.min(hi, mean + half)], n };
}

/**
 * A ratio of sums over games, Σk / Σn — events per unit counted within each game (decisions,
 * turns) — with a 95% interval that treats the games, not the units, as the independent draws:
 * the ratio estimator's linearized variance, G/(G−1) · Σ(k_g − r·n_g)² / (Σn)², with Student's
 * t on G − 1 degrees of freedom (Cochran, *Sampling Techniques*, 3rd ed. 1977, §6.3). Units of
 * one game are not independent (a card in hand is offered at every decision of the turn), so an
 * interval over the units alone would be too narrow. As a proportion (`proportion`), the interval
 * is also widened to Wilson's over the units where that is wider (at a rate of 0 or 1 the
 * clustered variance is 0) and kept inside 0..1. Returned as a Rate: k and n are the sums.
 */
export function clusteredRatio(ks: readonly number[], ns: readonly number[], proportion: boolean): Rate {
  const g = ks.length;
  let k = 0;
  let n = 0;
  for (let i = 0; i < g; i++) {
    k += ks[i]!;
    n += ns[i]!;
  }
  if (n === 0) return { k, n, rate: 0, ci95: proportion ? [0, 1] : [0, 0] };
  const r = k / n;
  let lo = r;
  let hi = r;
  if (g >= 2) {
    let ss = 0;
    for (let i = 0; i < g; i++) ss += (ks[i]! - r * ns[i]!) ** 2;
    const half = tQuantile(0.975, g - 1) * Math.sqrt((g / (g - 1)) * ss) / n;
    lo = r - half;
    hi = r + half;
  }
  if (!proportion) return { k, n, rate: r, ci95: [Math.max(0, lo), hi] };
  const [wl, wh] = wilson(k, n);
  return { k, n, rate: r, ci95: [Math.max(0, Math.min(lo, wl)), Math.min(1, Math.max(hi, wh))] };
}

/** A spread of values: quartiles (linear interpolation), standard deviation (n − 1) and extremes. */
export function spread(values: readonly number[]): { median: number; q1: number; q3: number; sd: number; min: number; max: number } {
  if (values.length === 0) return { median: 0, q1: 0, q3: 0, sd: 0, min: 0, max: 0 };
  const sorted = [...values].sort((x, y) => x - y);
  const n = sorted.length;
  let sum = 0;
  for (const v of sorted) sum += v;
  const mean = sum / n;
  let ss = 0;
  for (const v of sorted) ss += (v - mean) ** 2;
  return { median: quantileSorted(sorted, 0.5), q1: quantileSorted(sorted, 0.25), q3: quantileSorted(sorted, 0.75), sd: n > 1 ? Math.sqrt(ss / (n - 1)) : 0, min: sorted[0]!, max: sorted[n - 1]! };
}
