/**
 * The catalogs (i18n/): every key in every language, each message valid ICU MessageFormat with
 * the same placeholders as its English, the language chosen as documented, and the words
 * formatted by Intl for the language.
 */
import { describe, expect, it } from 'vitest';
import { IntlMessageFormat } from 'intl-messageformat';
import { catalogs } from '../i18n/catalogs.ts';
import { languageFromEnvironment, languageOf, languages } from '../i18n/language.ts';
import { format, list, orList, percent } from '../i18n/format.ts';
import { readFileSync } from 'node:fs';
import { root } from './helpers.ts';

/**
 * The names of a message's placeholders, at any depth (inside plural and select branches too);
 * `counts` those used only to choose a plural form (a language without plurals may leave them out).
 */
function placeholders(source: string, lang: string, counts = new Set<string>()): Set<string> {
  const names = new Set<string>();
  const shown = new Set<string>();
  const walk = (nodes: unknown[]): void => {
    for (const n of nodes as { type: number; value?: string; options?: Record<string, { value: unknown[] }>; children?: unknown[] }[]) {
      // 1 argument, 2 number, 3 date, 4 time, 5 select, 6 plural (intl-messageformat's AST)
      if (n.type >= 1 && n.type <= 6 && typeof n.value === 'string') names.add(n.value);
      if (n.type >= 1 && n.type <= 5 && typeof n.value === 'string') shown.add(n.value);
      if (n.options) for (const o of Object.values(n.options)) walk(o.value);
      if (n.children) walk(n.children);
    }
  };
  walk(new IntlMessageFormat(source, lang, undefined, { ignoreTag: true }).getAst());
  for (const n of names) if (!shown.has(n)) counts.add(n);
  return names;
}

describe('the catalogs', () => {
  it('have the same keys in every language', () => {
    const en = Object.keys(catalogs.en).sort();
    for (const lang of languages) expect(Object.keys(catalogs[lang]).sort(), lang).toEqual(en);
  });

  it('hold valid ICU messages with the same placeholders as the English (a count that only chooses an English plural may be left out)', () => {
    const problems: string[] = [];
    for (const lang of languages) {
      for (const [key, source] of Object.entries(catalogs[lang])) {
        let mine: Set<string>;
        try {
          mine = placeholders(source, lang);
        } catch (e) {
          problems.push(`${lang} ${key}: not ICU MessageFormat: ${(e as Error).message}`);
          continue;
        }
        const counts = new Set<string>();
        const theirs = placeholders(catalogs.en[key as keyof typeof catalogs.en], 'en', counts);
        const missing = [...theirs].filter((n) => !mine.has(n) && !counts.has(n));
        const extra = [...mine].filter((n) => !theirs.has(n));
        if (missing.length || extra.length) problems.push(`${lang} ${key}: placeholders {${[...mine].join(', ')}} but English has {${[...theirs].join(', ')}}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('word Japanese in Japanese: a Japanese message with English words of its own is one not yet translated', () => {
    // The message without its placeholders and quoted code: letters left are English prose.
    const code = /''[^']*''|'[{}]'|\{[^{}]*\}|`[^`]*`|"[^"]*"|\b(?:[a-z_]+\.)?[a-z_]+\([^)]*\)|[A-Za-z_.]*[<>=#][^\s、。]*/g;
    const english = Object.entries(catalogs.ja).filter(([, m]) => /\b[a-z]{3,}\s+[a-z]{3,}\s+[a-z]{3,}\b/.test(m.replace(code, '')) && !/[぀-ヿ一-鿿]/.test(m));
    expect(english.map(([k]) => k)).toEqual([]);
  });
});

describe('docs/diagnostics.md', () => {
  it('shows every diagnostic message in English and Japanese as the catalogs word it (npx tsx docs/gen-diagnostics.ts)', () => {
    const doc = readFileSync(`${root}/docs/diagnostics.md`, 'utf8');
    const shown = (icu: string) => icu.replace(/'([{}])'/g, '$1').replace(/''/g, "'").replace(/\|/g, '\\|').replace(/\n/g, ' ');
    const stale = Object.keys(catalogs.en)
      .filter((k) => /^[a-z]+\/[a-z-]+\./.test(k))
      .filter((k) => !doc.includes(`| ${shown(catalogs.en[k as keyof typeof catalogs.en])} | ${shown(catalogs.ja[k as keyof typeof catalogs.ja])} |`));
    expect(stale).toEqual([]);
  });
});

describe('choosing the language', () => {
  it('reads GRIMOIRE_LANG, then LC_ALL, LC_MESSAGES, LANG; English where the locale is not Japanese', () => {
    expect(languageFromEnvironment({})).toBe('en');
    expect(languageFromEnvironment({ LANG: 'ja_JP.UTF-8' })).toBe('ja');
    expect(languageFromEnvironment({ LANG: 'fr_FR.UTF-8' })).toBe('en');
    expect(languageFromEnvironment({ LANG: 'C.UTF-8' })).toBe('en');
    expect(languageFromEnvironment({ LANG: 'ja_JP.UTF-8', LC_ALL: 'C' })).toBe('en');
    expect(languageFromEnvironment({ LANG: 'en_US.UTF-8', LC_MESSAGES: 'ja_JP.UTF-8' })).toBe('ja');
    expect(languageFromEnvironment({ LANG: 'en_US.UTF-8', LC_ALL: '', LC_MESSAGES: 'ja_JP' })).toBe('ja');
    expect(languageFromEnvironment({ LANG: 'ja_JP.UTF-8', GRIMOIRE_LANG: 'en' })).toBe('en');
    expect(languageFromEnvironment({ LANG: 'C', GRIMOIRE_LANG: 'ja' })).toBe('ja');
    expect(languageFromEnvironment({ LANG: 'ja_JP.UTF-8', GRIMOIRE_LANG: 'xx' })).toBe('ja');
    expect(languageOf('ja-JP')).toBe('ja');
    expect(languageOf('JA')).toBe('ja');
    expect(languageOf('jav')).toBeUndefined();
  });
});

describe('formatting', () => {
  it('formats lists, alternatives, plurals and percentages for the language', () => {
    expect(list(['a', 'b', 'c'], 'en')).toBe('a, b, c');
    expect(list(['a', 'b', 'c'], 'ja')).toBe('a、b、c');
    expect(orList(["'a'", "'b'"], 'en')).toBe("'a' or 'b'");
    expect(orList(["'a'", "'b'"], 'ja')).toBe("'a'または'b'");
    expect(percent(0.123, 1, 'en')).toBe('12.3%');
    expect(percent(0.123, 1, 'ja')).toBe('12.3%');
    expect(format('en', 'revision/removed-still-used.the-is-removed-but-it', { what: "format 'x'", count: 1 })).toBe("the format 'x' is removed, but one place still uses it");
    expect(format('en', 'revision/removed-still-used.the-is-removed-but-it', { what: "format 'x'", count: 3 })).toBe("the format 'x' is removed, but 3 places still use it");
    expect(format('ja', 'note.did-you-mean', { names: { or: ["'spade'"] } })).toBe("'spade' のことですか？");
    expect(format('ja', 'name/unknown.unknown-name', { name: 'spadex' })).toBe("不明な名前 'spadex' です");
  });

  it('words a nested message in the same language (a type, a token)', () => {
    const m = { key: 'type.number' as const };
    expect(format('en', 'type/mismatch.expected-here-but-this-is', { p: m, p2: { key: 'type.card' } })).toBe('expected a number here, but this is a card');
    expect(format('ja', 'type/mismatch.expected-here-but-this-is', { p: m, p2: { key: 'type.card' } })).toBe('ここには数が必要ですが、これはカードです');
  });
});
