/**
 * Rates as people read them: every rate goes out with its sample size and its 95% interval
 * (Wilson's, balance/statistics.ts: it stays inside 0..1 and is right for small samples and for
 * the rates near 0 or 1 that duels produce).
 */
import { wilson } from '../balance/statistics.ts';
import { t } from '../i18n/format.ts';

export { wilson };

/** A rate as people read it: "61.5% (95% CI 54.6–68.0%, n = 200)" (「61.5% (95%信頼区間 54.6–68.0%、n = 200)」). */
export function formatRate(successes: number, n: number): string {
  const [lo, hi] = wilson(successes, n);
  const pct = (x: number) => (100 * x).toFixed(1);
  return t('cli.rate', { rate: pct(n ? successes / n : 0), lo: pct(lo), hi: pct(hi), n: String(n) });
}
