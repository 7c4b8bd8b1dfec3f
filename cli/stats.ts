/**
 * Honest rates: every rate goes out with its sample size and a 95% interval. Wilson's score
 * interval rather than the normal approximation: it stays inside 0..1 and is right for the small
 * samples and the rates near 0 or 1 that duels produce (a strong agent wins 95% of 200 games).
 */

/** z for a two-sided 95% interval. */
const Z95 = 1.959963984540054;

/** The 95% Wilson score interval of `successes` out of `n` ([0, 1] when n is 0). */
export function wilson(successes: number, n: number): [number, number] {
  if (n === 0) return [0, 1];
  const p = successes / n;
  const z2 = Z95 * Z95;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (Z95 / (1 + z2 / n)) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

/** A rate as people read it: "61.5% (95% CI 54.6–68.0%, n = 200)". */
export function formatRate(successes: number, n: number): string {
  const [lo, hi] = wilson(successes, n);
  const pct = (x: number) => (100 * x).toFixed(1);
  return `${pct(n ? successes / n : 0)}% (95% CI ${pct(lo)}–${pct(hi)}%, n = ${n})`;
}
