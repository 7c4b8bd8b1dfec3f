/**
 * Syntax colouring for editors, generated from the token definitions (tokens.ts) — one source of
 * truth: a keyword added to the language is coloured without touching the editor. The result is
 * a Monaco "Monarch" language definition as plain JSON-able data.
 */
import { keywordWords } from './tokens.ts';

/** Operators and punctuation, longest first (as the lexer matches them). */
const operators = ['..', '==', '!=', '<=', '>=', '<', '>', '=', '+', '-', '*', '/', '%', '.', ',', ':'];

export interface MonarchLanguage {
  unicode: boolean;
  defaultToken: string;
  tokenPostfix: string;
  keywords: string[];
  builtins: string[];
  operators: string[];
  brackets: { open: string; close: string; token: string }[];
  tokenizer: Record<string, [string, string | Record<string, unknown>, string?][]>;
}

/** Names the language gives a meaning without being keywords (docs/language.md, Expressions). */
const builtinNames = [
  'me', 'opponent', 'opponents', 'teammates', 'active', 'players', 'this', 'it', 'request',
  'count', 'sum', 'max', 'min', 'any', 'all', 'all_same', 'sorted', 'distinct', 'is_empty', 'first', 'top', 'bottom',
  'units', 'all_units', 'host', 'zone_of', 'owner', 'other', 'random', 'entered_this_turn', 'targets', 'cards', 'controller', 'labels',
  'deck_problem',
];

/** `deck` before `check` begins a `deck check` (tokens.ts DeckWord): a keyword there, a name elsewhere. */
export const deckCheckWord = 'deck(?=[ \\t]+check(?![\\p{L}\\p{N}\\p{So}\\p{M}_・ー]))';

export function monarchLanguage(): MonarchLanguage {
  return {
    unicode: true,
    defaultToken: 'invalid',
    tokenPostfix: '.grim',
    keywords: [...keywordWords],
    builtins: builtinNames,
    operators,
    brackets: [
      { open: '{', close: '}', token: 'delimiter.curly' },
      { open: '(', close: ')', token: 'delimiter.parenthesis' },
      { open: '[', close: ']', token: 'delimiter.square' },
    ],
    tokenizer: {
      root: [
        ['[ \\t\\r\\n\\u3000\\uFEFF]+', 'white'],
        ['//.*$', 'comment'],
        ['/\\*', 'comment', '@comment'],
        ['"(?:[^"\\\\\\n]|\\\\.)*"', 'string'],
        ['\\d+', 'number'],
        ['`[^`\\n]+`', 'identifier'],
        [deckCheckWord, 'keyword'],
        ['[\\p{L}\\p{So}_][\\p{L}\\p{N}\\p{So}\\p{M}_・ー]*', { cases: { '@keywords': 'keyword', '@builtins': 'predefined', '@default': 'identifier' } }],
        ['[{}()\\[\\]]', '@brackets'],
        ['\\.\\.|==|!=|<=|>=|[<>=+\\-*/%.,:]', 'operator'],
      ],
      comment: [
        ['[^*/]+', 'comment'],
        ['\\*/', 'comment', '@pop'],
        ['[*/]', 'comment'],
      ],
    },
  };
}
