/**
 * The TextMate grammar of .grim files (VS Code, Sublime Text, and every editor that reads
 * TextMate grammars), generated like the playground's Monarch colouring (highlight.ts) from the
 * token definitions (tokens.ts): a keyword added to the language is coloured in every editor.
 * editors/vscode/generate-grammar.mts writes it to editors/vscode/syntaxes/; a test checks that
 * the committed file is what this makes. Names the game defines are coloured by the language
 * server (semantic tokens, lsp/semantic-tokens.ts) on top of this.
 */
import { deckCheckWord, monarchLanguage } from './highlight.ts';

/** A name's characters (tokens.ts Identifier), for word boundaries in Oniguruma's syntax. */
const nameChar = '[\\p{L}\\p{N}\\p{So}\\p{M}_・ー]';
const escape = (w: string) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const words = (list: readonly string[]) => `(?<!${nameChar})(?:${[...list].sort((a, b) => b.length - a.length || a.localeCompare(b)).map(escape).join('|')})(?!${nameChar})`;

export function textmateGrammar(): Record<string, unknown> {
  const m = monarchLanguage();
  return {
    $schema: 'https://raw.githubusercontent.com/martinring/tmlanguage/master/tmlanguage.json',
    name: 'Grimoire',
    scopeName: 'source.grimoire',
    fileTypes: ['grim'],
    comment: 'Generated from grammar/tokens.ts by editors/vscode/generate-grammar.mts (npm run build:vscode-grammar). Do not edit.',
    patterns: [{ include: '#comments' }, { include: '#strings' }, { include: '#numbers' }, { include: '#quoted-names' }, { include: '#deck-check' }, { include: '#keywords' }, { include: '#builtins' }, { include: '#operators' }, { include: '#punctuation' }],
    repository: {
      comments: {
        patterns: [
          { name: 'comment.line.double-slash.grimoire', match: '//.*$' },
          { name: 'comment.block.grimoire', begin: '/\\*', end: '\\*/' },
        ],
      },
      strings: { name: 'string.quoted.double.grimoire', match: '"(?:[^"\\\\\\n]|\\\\.)*"' },
      numbers: { name: 'constant.numeric.grimoire', match: '\\b\\d+\\b' },
      'quoted-names': { name: 'variable.other.quoted.grimoire', match: '`[^`\\n]+`' },
      'deck-check': { name: 'keyword.control.grimoire', match: `(?<!${nameChar})${deckCheckWord}` },
      keywords: { name: 'keyword.control.grimoire', match: words(m.keywords) },
      builtins: { name: 'support.function.builtin.grimoire', match: words(m.builtins.filter((b) => !m.keywords.includes(b))) },
      operators: { name: 'keyword.operator.grimoire', match: '\\.\\.|==|!=|<=|>=|[<>=+\\-*/%]' },
      punctuation: {
        patterns: [
          { name: 'punctuation.separator.grimoire', match: '[.,:]' },
          { name: 'punctuation.section.braces.grimoire', match: '[{}]' },
          { name: 'punctuation.section.parens.grimoire', match: '[()]' },
          { name: 'punctuation.section.brackets.grimoire', match: '[\\[\\]]' },
        ],
      },
    },
  };
}

/** The grammar file's text, as committed (two-space JSON, a final newline). */
export function textmateGrammarText(): string {
  return `${JSON.stringify(textmateGrammar(), null, 2)}\n`;
}
