/**
 * Messages: `t(key, values)` in the process's language. Each message is parsed once per language
 * (ICU MessageFormat, by intl-messageformat) and kept; a message without `{` is returned as it
 * is. Numbers, plurals and percentages are formatted by `Intl` for the language; a list value
 * (an array) is joined by `Intl.ListFormat` as a plain enumeration ("a, b, c", 「a、b、c」).
 */
import { IntlMessageFormat } from 'intl-messageformat';
import { catalogs, type MessageKey } from './catalogs.ts';
import type { Language } from './language.ts';

export type { MessageKey } from './catalogs.ts';
/**
 * A value: a list is a plain enumeration ("a, b, c"), `{ or: […] }` alternatives ("a or b"),
 * `{ and: […] }` a conjunction ("a and b", 「a、b」), a Message a phrase worded in the same
 * language ("a name", 「名前」).
 */
export type MessageValue = string | number | Message | readonly (string | Message)[] | { or: readonly (string | Message)[] } | { and: readonly string[] };
export type MessageValues = { [name: string]: MessageValue };

/** A message not yet in words: rendered in the reader's language where it is shown. */
export interface Message {
  key: MessageKey;
  values?: MessageValues;
}

let current: Language = 'en';

/** Chosen once per process (the CLI's `--lang`, the playground's switch, the LSP's `initialize`). */
export function setLanguage(language: Language): void {
  current = language;
}

export function language(): Language {
  return current;
}

type Compiled = string | IntlMessageFormat;
const compiled: Record<Language, Map<MessageKey, Compiled>> = { en: new Map(), ja: new Map() };

function compile(lang: Language, key: MessageKey): Compiled {
  let c = compiled[lang].get(key);
  if (c === undefined) {
    // A key missing from a language (a catalog out of date at run time) falls back to English, then to the key itself: never a crash.
    const source: string = catalogs[lang][key] ?? catalogs.en[key] ?? key;
    // Plain text needs no parse (many notes and headings). Catalogs are ICU: '' is an apostrophe.
    c = /[{}']/.test(source) ? new IntlMessageFormat(source, lang, undefined, { ignoreTag: true }) : source;
    compiled[lang].set(key, c);
  }
  return c;
}

const lists: Partial<Record<Language, Intl.ListFormat>> = {};
/** A plain enumeration: en "a, b, c" (as `.join(', ')`), ja 「a、b、c」. */
export function list(items: readonly string[], lang: Language = current): string {
  const f = (lists[lang] ??= new Intl.ListFormat(lang, lang === 'en' ? { type: 'unit', style: 'short' } : { type: 'conjunction', style: 'short' }));
  return f.format(items);
}

const ors: Partial<Record<Language, Intl.ListFormat>> = {};
/** Alternatives: en "a or b or c" (as Grimoire always wrote them), ja 「a、b、またはc」. */
export function orList(items: readonly string[], lang: Language = current): string {
  if (lang === 'en') return items.join(' or ');
  return (ors[lang] ??= new Intl.ListFormat(lang, { type: 'disjunction' })).format(items);
}

const ands: Partial<Record<Language, Intl.ListFormat>> = {};
/** A conjunction: en "a and b and c" (as Grimoire wrote them), ja 「a、b、c」. */
export function andList(items: readonly string[], lang: Language = current): string {
  if (lang === 'en') return items.join(' and ');
  return (ands[lang] ??= new Intl.ListFormat(lang, { type: 'conjunction' })).format(items);
}

const word = (v: string | Message, lang: Language): string => (typeof v === 'string' ? v : format(lang, v.key, v.values));

function prepared(values: MessageValues | undefined, lang: Language): Record<string, string | number> | undefined {
  if (!values) return undefined;
  let out: Record<string, string | number> | undefined;
  for (const k in values) {
    const v = values[k]!;
    if (typeof v !== 'object') continue;
    // A value from loosely typed data (YAML) that is none of these is shown as a template literal would.
    (out ??= { ...(values as Record<string, string | number>) })[k] = Array.isArray(v)
      ? list((v as readonly (string | Message)[]).map((x) => word(x, lang)), lang)
      : v === null ? String(v) : 'key' in v ? format(lang, (v as Message).key, (v as Message).values) : 'or' in v ? orList(v.or.map((x) => word(x, lang)), lang) : 'and' in v ? andList(v.and, lang) : String(v);
  }
  return out ?? (values as Record<string, string | number>);
}

/** The message `key` in `lang` (default: the process's language). */
export function format(lang: Language, key: MessageKey, values?: MessageValues): string {
  const c = compile(lang, key);
  if (typeof c === 'string') return c;
  return String(c.format(prepared(values, lang)));
}

export function t(key: MessageKey, values?: MessageValues): string {
  return format(current, key, values);
}

/** A message in the process's language. */
export function render(m: Message): string {
  return format(current, m.key, m.values);
}

/** A message kept for later: `diag(code, loc, msg('…', { name }))`. */
export function msg(key: MessageKey, values?: MessageValues): Message {
  return values ? { key, values } : { key };
}

const numbers = new Map<string, Intl.NumberFormat>();
/** A number in the language's digits and separators (`maximumFractionDigits` digits at most). */
export function number(n: number, maximumFractionDigits = 0, lang: Language = current): string {
  const k = `${lang}:${maximumFractionDigits}`;
  let f = numbers.get(k);
  if (!f) numbers.set(k, (f = new Intl.NumberFormat(lang, { maximumFractionDigits })));
  return f.format(n);
}

/** A share as a percentage: 0.123 → "12.3%". */
export function percent(share: number, fractionDigits = 1, lang: Language = current): string {
  const k = `${lang}:%${fractionDigits}`;
  let f = numbers.get(k);
  if (!f) numbers.set(k, (f = new Intl.NumberFormat(lang, { style: 'percent', minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits })));
  return f.format(share);
}
