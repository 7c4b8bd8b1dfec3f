/**
 * Token definitions of the Grimoire language: the one source of truth for the lexer,
 * the parser and (later) the editor's syntax colouring.
 *
 * Keywords are "soft": each keyword token also belongs to the Identifier category, so a
 * keyword can be used wherever a name is expected (`top(p.life, 1)`, `r.targets`, `turn`).
 */
import { createToken, Lexer, type TokenType } from 'chevrotain';

/**
 * A name: starts with a letter, a symbol such as ♠ ★, or `_`; goes on with letters, digits,
 * symbols, marks, `_`, the katakana middle dot `・` and the long-vowel mark `ー`. A sticky
 * unicode regex (chevrotain's analyser cannot read \p{…}, hence the custom matcher).
 */
const identifierPattern = /[\p{L}\p{So}_][\p{L}\p{N}\p{So}\p{M}_・ー]*/uy;

function matchIdentifier(text: string, offset: number): RegExpExecArray | null {
  identifierPattern.lastIndex = offset;
  return identifierPattern.exec(text);
}

/**
 * Every character a name may start with, for chevrotain's first-character optimisation (the
 * lexer then tries the name pattern only where a name can begin). High surrogates stand for the
 * astral letters and symbols.
 */
function identifierStartHints(): string[] {
  const start = /[\p{L}\p{So}_]/u;
  const hints: string[] = [];
  for (let cp = 0; cp < 0x10000; cp++) {
    const ch = String.fromCharCode(cp);
    if ((cp >= 0xd800 && cp <= 0xdbff) || start.test(ch)) hints.push(ch);
  }
  return hints;
}

export const Identifier = createToken({
  name: 'Identifier',
  pattern: { exec: matchIdentifier },
  start_chars_hint: identifierStartHints(),
  line_breaks: false,
});

/** A keyword used as a name: `end`. In the Identifier category, so it stands wherever a name does. */
export const QuotedIdentifier = createToken({
  name: 'QuotedIdentifier',
  pattern: /`[^`\n]+`/,
  categories: [Identifier],
});

/** Every keyword of the language, in the order shown in docs/language.md. */
export const keywordWords = [
  'game', 'revision', 'revises', 'override', 'amend', 'remove', 'version', 'players', 'format', 'level',
  'default', 'stack', 'leftover', 'first', 'responder', 'max', 'turns', 'param', 'alternatives', 'note',
  'enum', 'label', 'zone', 'per', 'player', 'shared', 'public', 'private', 'hidden', 'ordered',
  'attachments', 'capacity', 'overflow', 'displaced', 'card', 'type', 'attr', 'state', 'keep', 'value', 'global',
  'function', 'procedure', 'action', 'trigger', 'since', 'cite', 'speed', 'normal', 'immediate',
  'instant', 'tags', 'when', 'limit', 'turn', 'using', 'target', 'from', 'where', 'such', 'that',
  'cost', 'effect', 'on', 'resolved', 'declared', 'moved', 'to', 'start', 'end', 'if', 'else',
  'controller', 'check', 'evaluate', 'setup', 'window', 'passable', 'open', 'request', 'optional', 'last', 'aura', 'ability', 'instead', 'times', 'divided', 'becomes', 'gains', 'loses', 'during', 'next', 'leaves', 'event', 'signal', 'proceed', 'group', 'one', 'let', 'set', 'move', 'top', 'bottom',
  'facedown', 'faceup', 'attach', 'detach', 'create', 'every', 'of', 'in', 'shuffle', 'reveal',
  'choose', 'by', 'option', 'for', 'each', 'repeat', 'while', 'do', 'perform', 'as', 'modify', 'unmodify', 'order', 'attached', 'until',
  'cancel', 'retarget', 'reverse', 'win', 'lose', 'draw', 'reason', 'log', 'then', 'not', 'and', 'or', 'has',
  'true', 'false', 'none', 'any',
  // Card faces (docs/cards.md): the declaration word; the words inside a face are plain names.
  'face',
  // Matches (docs/language.md "Matches"): the declaration word, and `for match` on a zone kept
  // between games; the words inside a match (`best`, `wins`, `between`, `games`) are plain names.
  'match',
  // Teams (docs/language.md "Teams"): the declaration word; the words inside are names.
  'teams',
  // The search agents a game names in its header (`agent strong "mcts:60,pass=0"`, docs/agents.md).
  'agent',
] as const;
export type KeywordWord = (typeof keywordWords)[number];

/**
 * Keyword tokens, by word. The lexer never matches them itself: it reads every word as an
 * Identifier, and `lexer.ts` then gives a word that is a keyword its keyword type. One regex per
 * word instead of 130 keyword patterns tried at every position: lexing runs several times faster.
 * Keywords stay in the Identifier category, so the parser accepts them as names too.
 */
export const Keyword = {} as Record<KeywordWord, TokenType>;
for (const word of keywordWords) {
  Keyword[word] = createToken({ name: `Kw_${word}`, pattern: Lexer.NA, categories: [Identifier] });
}

/**
 * `deck` before `check`: the word that begins a `deck check` declaration. Not a keyword — `deck`
 * is a common zone name (`p.deck`) — the lexer gives the word this type only where `check`
 * follows it (lexer.ts), so the parser tells the declaration by its first token.
 */
export const DeckWord = createToken({ name: 'Kw_deck', pattern: Lexer.NA, categories: [Identifier] });

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

/** What the lexer matches. Order matters: longer and more specific patterns first. */
export const lexerTokens: TokenType[] = [
  WhiteSpace, LineComment, BlockComment, StringLiteral, NumberLiteral,
  DotDot, Dot, Comma, Colon, LBrace, RBrace, LParen, RParen, LBracket, RBracket,
  EqEq, NotEq, LessEq, GreaterEq, Less, Greater, Equals, Plus, Minus, Star, Slash, Percent,
  QuotedIdentifier, Identifier,
];

/** Every token type the parser knows: the lexer's, plus the keywords (assigned after lexing). */
export const allTokens: TokenType[] = [...lexerTokens, ...keywordWords.map((w) => Keyword[w]), DeckWord];

/** The keyword token of a word, if the word is a keyword. */
export const keywordOf = new Map<string, TokenType>(keywordWords.map((w) => [w, Keyword[w]]));

/** Token groups the editor colours differently (the playground derives its theme from these). */
export const tokenClasses = {
  keyword: keywordWords as readonly string[],
  operators: ['..', '.', ',', ':', '==', '!=', '<=', '>=', '<', '>', '=', '+', '-', '*', '/', '%'],
};
