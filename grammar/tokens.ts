/**
 * Token definitions of the Grimoire language: the one source of truth for the lexer,
 * the parser and (later) the editor's syntax colouring.
 *
 * Keywords are "soft": each keyword token also belongs to the Identifier category, so a
 * keyword can be used wherever a name is expected (`top(p.life, 1)`, `r.targets`, `turn`).
 */
import { createToken, Lexer, type TokenType } from 'chevrotain';

/** Letters, digits, symbols such as ♠ ★, `_` and the katakana middle dot `・`. */
const identifierStart = /[\p{L}\p{So}_]/u;
const identifierRest = /[\p{L}\p{N}\p{So}\p{M}_・ー]/u;

function matchIdentifier(text: string, offset: number): RegExpExecArray | null {
  let end = offset;
  // Iterate by code point so astral characters are kept whole.
  const first = text.codePointAt(end);
  if (first === undefined) return null;
  const firstChar = String.fromCodePoint(first);
  if (!identifierStart.test(firstChar)) return null;
  end += firstChar.length;
  while (end < text.length) {
    const cp = text.codePointAt(end)!;
    const ch = String.fromCodePoint(cp);
    if (!identifierRest.test(ch)) break;
    end += ch.length;
  }
  const result = [text.slice(offset, end)] as unknown as RegExpExecArray;
  return result;
}

export const Identifier = createToken({
  name: 'Identifier',
  pattern: { exec: matchIdentifier },
  line_breaks: false,
});

export const QuotedIdentifier = createToken({
  name: 'QuotedIdentifier',
  pattern: /`[^`\n]+`/,
});

/** Every keyword of the language, in the order shown in docs/language.md. */
export const keywordWords = [
  'game', 'revision', 'revises', 'override', 'remove', 'version', 'players', 'format', 'level',
  'default', 'stack', 'leftover', 'first', 'responder', 'max', 'turns', 'param', 'alternatives', 'note',
  'enum', 'label', 'zone', 'per', 'player', 'shared', 'public', 'private', 'hidden', 'ordered',
  'attachments', 'capacity', 'card', 'type', 'attr', 'state', 'keep', 'value', 'global',
  'function', 'procedure', 'action', 'trigger', 'since', 'cite', 'speed', 'normal', 'immediate',
  'instant', 'tags', 'when', 'limit', 'turn', 'using', 'target', 'from', 'where', 'such', 'that',
  'cost', 'effect', 'on', 'resolved', 'declared', 'moved', 'to', 'start', 'end', 'if', 'else',
  'controller', 'check', 'setup', 'window', 'passable', 'let', 'set', 'move', 'top', 'bottom',
  'facedown', 'faceup', 'attach', 'detach', 'create', 'every', 'of', 'in', 'shuffle', 'reveal',
  'choose', 'by', 'option', 'for', 'each', 'repeat', 'while', 'do', 'perform', 'modify', 'unmodify', 'order', 'until',
  'cancel', 'retarget', 'win', 'lose', 'draw', 'reason', 'log', 'then', 'not', 'and', 'or', 'has',
  'true', 'false', 'none', 'any',
] as const;
export type KeywordWord = (typeof keywordWords)[number];

/** Keyword tokens, by word. */
export const Keyword = {} as Record<KeywordWord, TokenType>;
for (const word of keywordWords) {
  Keyword[word] = createToken({
    name: `Kw_${word}`,
    pattern: new RegExp(`${word}(?![\\p{L}\\p{N}\\p{So}\\p{M}_・ー])`, 'u'),
    // Kept simple for chevrotain's analyser, which cannot read \p{…}: the custom check below.
    categories: [Identifier],
  });
}
// Chevrotain cannot analyse unicode property escapes; give keywords a custom matcher instead.
for (const word of keywordWords) {
  const token = Keyword[word] as TokenType & { PATTERN: unknown; START_CHARS_HINT?: string[] };
  token.PATTERN = {
    exec(text: string, offset: number): RegExpExecArray | null {
      if (!text.startsWith(word, offset)) return null;
      const next = text.codePointAt(offset + word.length);
      if (next !== undefined && identifierRest.test(String.fromCodePoint(next))) return null;
      return [word] as unknown as RegExpExecArray;
    },
  };
  token.START_CHARS_HINT = [word[0]!];
}

export const WhiteSpace = createToken({ name: 'WhiteSpace', pattern: /[ \t\r\n\u3000\uFEFF]+/, group: Lexer.SKIPPED, line_breaks: true });
export const LineComment = createToken({ name: 'LineComment', pattern: /\/\/[^\n]*/, group: 'comments' });
export const BlockComment = createToken({ name: 'BlockComment', pattern: /\/\*[\s\S]*?\*\//, group: 'comments', line_breaks: true });
export const StringLiteral = createToken({ name: 'StringLiteral', pattern: /"(?:[^"\\\n]|\\.)*"/ });
export const NumberLiteral = createToken({ name: 'NumberLiteral', pattern: /\d+/ });

export const DotDot = createToken({ name: 'DotDot', pattern: /\.\./ });
export const Dot = createToken({ name: 'Dot', pattern: /\./ });
export const Comma = createToken({ name: 'Comma', pattern: /,/ });
export const Colon = createToken({ name: 'Colon', pattern: /:/ });
export const LBrace = createToken({ name: 'LBrace', pattern: /\{/ });
export const RBrace = createToken({ name: 'RBrace', pattern: /\}/ });
export const LParen = createToken({ name: 'LParen', pattern: /\(/ });
export const RParen = createToken({ name: 'RParen', pattern: /\)/ });
export const LBracket = createToken({ name: 'LBracket', pattern: /\[/ });
export const RBracket = createToken({ name: 'RBracket', pattern: /\]/ });
export const EqEq = createToken({ name: 'EqEq', pattern: /==/ });
export const NotEq = createToken({ name: 'NotEq', pattern: /!=/ });
export const LessEq = createToken({ name: 'LessEq', pattern: /<=/ });
export const GreaterEq = createToken({ name: 'GreaterEq', pattern: />=/ });
export const Less = createToken({ name: 'Less', pattern: /</ });
export const Greater = createToken({ name: 'Greater', pattern: />/ });
export const Equals = createToken({ name: 'Equals', pattern: /=/ });
export const Plus = createToken({ name: 'Plus', pattern: /\+/ });
export const Minus = createToken({ name: 'Minus', pattern: /-/ });
export const Star = createToken({ name: 'Star', pattern: /\*/ });
export const Slash = createToken({ name: 'Slash', pattern: /\// });
export const Percent = createToken({ name: 'Percent', pattern: /%/ });

/** Order matters: longer and more specific patterns first; keywords before Identifier. */
export const allTokens: TokenType[] = [
  WhiteSpace, LineComment, BlockComment, StringLiteral, NumberLiteral,
  DotDot, Dot, Comma, Colon, LBrace, RBrace, LParen, RParen, LBracket, RBracket,
  EqEq, NotEq, LessEq, GreaterEq, Less, Greater, Equals, Plus, Minus, Star, Slash, Percent,
  ...keywordWords.map((w) => Keyword[w]),
  QuotedIdentifier, Identifier,
];

/** Token groups the editor colours differently (the playground derives its theme from these). */
export const tokenClasses = {
  keyword: keywordWords as readonly string[],
  operators: ['..', '.', ',', ':', '==', '!=', '<=', '>=', '<', '>', '=', '+', '-', '*', '/', '%'],
};
