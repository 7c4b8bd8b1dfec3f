/**
 * Numeric command-line options: a whole number written in digits, inside the range the option
 * can honour. `--seed 1e20` or `--games 2.5` are refused with the range, never played as
 * something else (a seed past 2^32 would silently alias a smaller one; 1e20 + 1 is 1e20).
 */
import { UsageError } from './usage-error.ts';
import { t } from '../i18n/format.ts';

/** Seeds are 32-bit: the runtime's generator takes `seed >>> 0`. */
export const maxSeed = 2 ** 32 - 1;

export function wholeNumberOption(option: string, raw: unknown, fallback: number, min: number, max: number, what = ''): number {
  if (raw === undefined) return fallback;
  const text = String(raw).trim();
  const range = what ? t('cli.options.range-why', { min, max, what }) : t('cli.options.range', { min, max });
  if (!/^[+-]?\d+$/.test(text)) throw new UsageError(t('cli.options.takes-got', { option, range, text }));
  const n = Number(text);
  if (!Number.isSafeInteger(n) || n < min || n > max) throw new UsageError(t('cli.options.is-out-of-range-it', { option, p: text, range }));
  return n;
}
