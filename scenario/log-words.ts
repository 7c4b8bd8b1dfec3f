/**
 * The engine's log in words: an entry of runtime/log-entry.ts (a code and its arguments) worded
 * in a language by the catalogs (`log.<code>`, i18n/<lang>/log.ts). Names and the rules' texts
 * come in as written; numbers as digits (no grouping: "1000 triggers", as the engine always
 * wrote them); a list is an enumeration of the language ("a, b", 「a、b」), alternatives ("a or
 * b", 「aまたはb」) or a series of clauses ("a; b", 「a／b」); a phrase inside an
 * entry is worded first and put in — in Japanese without its closing 「。」, a sentence inside a
 * sentence. The entry is worded only when something reads it: the engine builds the data only.
 */
import { format, language, list, orList, type MessageKey } from '../i18n/format.ts';
import type { Language } from '../i18n/language.ts';
import type { GameResult, LogEvent } from '../runtime/engine.ts';
import type { LogArg, LogArgs, LogPhrase } from '../runtime/log-entry.ts';

/** The catalog key of a code. */
export const logKey = (code: string): MessageKey => `log.${code}` as MessageKey;

/** An argument (a name, a phrase, a list …) in `lang`. */
export function argWords(a: LogArg, lang: Language = language()): string {
  return arg(a, lang);
}

function arg(a: LogArg, lang: Language): string {
  if (typeof a === 'string') return a;
  if (typeof a === 'number') return String(a);
  if (Array.isArray(a)) return list((a as readonly LogArg[]).map((x) => arg(x, lang)), lang);
  if ('or' in a) return orList(a.or.map((x) => arg(x, lang)), lang);
  if ('series' in a) return a.series.map((x) => arg(x, lang)).join(format(lang, 'log.series-separator'));
  if ('joined' in a) return a.joined.map((x) => arg(x, lang)).join(a.by);
  const inner = words(a as LogPhrase, lang);
  return lang === 'ja' && inner.endsWith('。') ? inner.slice(0, -1) : inner;
}

function worded(code: string, args: LogArgs | undefined, lang: Language): string {
  if (!args) return format(lang, logKey(code));
  const values: Record<string, string> = {};
  for (const k in args) values[k] = arg(args[k]!, lang);
  return format(lang, logKey(code), values);
}

/** A phrase (an entry, a part of one, a reason) in `lang` (default: the process's language). */
export function words(p: LogPhrase, lang: Language = language()): string {
  return worded(p.code, p.args, lang);
}

/** A log event's text in `lang` (default: the process's language). */
export function logText(e: Pick<LogEvent, 'code' | 'args'>, lang: Language = language()): string {
  return worded(e.code, e.args, lang);
}

/** Why a game ended, in `lang`: the rules' own words as written, the engine's (a limit it stopped at) in the language. */
export function endReason(r: Pick<GameResult, 'reason' | 'because'>, lang: Language = language()): string {
  return r.because ? words(r.because, lang) : r.reason;
}
