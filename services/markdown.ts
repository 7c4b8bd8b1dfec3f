/**
 * The Markdown the editor shows for a name (hover, completion details): kind, signature, title,
 * the rule it cites, its note, and where it is defined. Titles, citations and notes are the
 * game author's text — a shared link can carry anyone's — so every piece of it is escaped: no
 * Markdown syntax, link or HTML written in a rule file takes effect (Monaco also gets
 * `supportHtml: false` and `isTrusted: false`, see language-services.ts). The frame's words
 * (kinds, "defined at", a built-in's meaning) are in the reader's language (i18n/en/services.ts, i18n/ja/services.ts).
 */
import type { SymbolInfo } from '../compiler/symbols.ts';
import { t } from '../i18n/format.ts';
import type { Binding } from './cursor.ts';
import type { BuiltIn } from './types.ts';

/** Text that reads as itself in Markdown: every ASCII punctuation character backslash-escaped. */
export function escapeMarkdown(text: string): string {
  return text.replace(/[!-/:-@[-`{-~]/g, '\\$&').replace(/\r?\n/g, '  \n');
}

/** A fenced code block (coloured as Grimoire); the fence is longer than any backtick run inside. */
export function codeBlock(code: string, language = 'grimoire'): string {
  const longest = Math.max(2, ...[...code.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}${language}\n${code.replace(/\r?\n/g, ' ')}\n${fence}`;
}

/** `rules/trump/functions.grim:12:11` */
export function placeOf(s: Pick<SymbolInfo, 'loc'>): string {
  return `${s.loc.file}:${s.loc.line}:${s.loc.col}`;
}

/** A definition: kind and signature, title, citation, note, place. */
export function symbolMarkdown(s: SymbolInfo): string {
  const parts = [`**${t(`svc.kind.${s.kind}`)}**`, codeBlock(s.detail)];
  if (s.title) parts.push(escapeMarkdown(s.title));
  if (s.cite) parts.push(t('svc.md.cite', { text: escapeMarkdown(s.cite) }));
  if (s.note) parts.push(t('svc.md.note', { text: escapeMarkdown(s.note) }));
  parts.push(t('svc.md.defined-at', { place: escapeMarkdown(placeOf(s)) }));
  return parts.join('\n\n');
}

/** Several definitions of one name (a card field and a function, say). */
export function symbolsMarkdown(defs: readonly SymbolInfo[]): string {
  return defs.map(symbolMarkdown).join('\n\n---\n\n');
}

/** A local name: how it is bound, its guessed type, the declaration it belongs to. */
export function bindingMarkdown(b: Binding, file: string): string {
  const type = b.type === 'unknown' ? '' : `: ${b.type}`;
  return [
    `**${t(b.how === 'parameter' ? 'svc.kind.parameter' : 'svc.kind.local name')}**`,
    codeBlock(`${b.how === 'parameter' ? '' : `${b.how} `}${b.name}${type}`),
    t('svc.md.in', { owner: escapeMarkdown(b.owner), place: escapeMarkdown(`${file}:${b.line}:${b.col}`) }),
  ].join('\n\n');
}

/** A name the language itself defines (`me`, `count`, a card's `owner`). */
export function builtInMarkdown(b: BuiltIn): string {
  return [`**${t('svc.md.built-in')}**`, codeBlock(b.detail), t(b.doc).replace(/[^`]+|`[^`]*`/g, (part) => (part.startsWith('`') ? part : escapeMarkdown(part)))].join('\n\n');
}
