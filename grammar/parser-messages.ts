/**
 * The parser's error messages: chevrotain's mismatch reports turned into sentences a card designer
 * can act on, as catalog entries (i18n/).
 */
import { EOF, type IToken, type TokenType, type IParserErrorMessageProvider } from 'chevrotain';
import * as T from './tokens.ts';
import { format, msg, type Message } from '../i18n/format.ts';


/**
 * Chevrotain asks for a message as a string: it gets the English, and the message as a catalog
 * entry is kept here under that English for parse.ts to attach (cleared at each parse).
 */
export const parserMessages = new Map<string, Message>();
function keep(m: Message): string {
  const english = format('en', m.key, m.values);
  parserMessages.set(english, m);
  return english;
}

/** Turns chevrotain's mismatch reports into sentences a card designer can act on. */
export const messages: IParserErrorMessageProvider = {
  buildMismatchTokenMessage({ expected, actual }) {
    return keep(msg('syntax/unexpected-token.expected-but-found', { expected: describe(expected), found: show(actual) }));
  },
  buildNotAllInputParsedMessage({ firstRedundant }) {
    return keep(msg('syntax/unexpected-token.unexpected-a-declaration-was-expected', { found: show(firstRedundant) }));
  },
  buildNoViableAltMessage({ expectedPathsPerAlt, actual, ruleName }) {
    const starts = new Map<string, string | Message>();
    for (const alt of expectedPathsPerAlt) for (const path of alt) if (path[0]) { const d = describe(path[0]); starts.set(typeof d === 'string' ? d : d.key, d); }
    const what = ruleDescriptions[ruleName] ?? ruleName;
    const list = [...starts.values()].slice(0, 8);
    return keep(list.length ? msg('syntax/unexpected-token.cannot-start-expected-one-of', { found: show(actual[0]!), what, list }) : msg('syntax/unexpected-token.cannot-start', { found: show(actual[0]!), what }));
  },
  buildEarlyExitMessage({ expectedIterationPaths, actual, ruleName }) {
    const first = expectedIterationPaths[0]?.[0];
    return keep(msg('syntax/unexpected-token.needs-at-least-one-found', { what: ruleDescriptions[ruleName] ?? ruleName, first: first ? describe(first) : msg('syntax.word.item'), found: show(actual[0]!) }));
  },
};

const expression = msg('syntax.rule.expression');
const ruleDescriptions: Record<string, Message> = {
  declaration: msg('syntax.rule.declaration'),
  statement: msg('syntax.rule.statement'),
  primary: expression,
  clause: msg('syntax.rule.clause'),
  event: msg('syntax.rule.event'),
  gameItem: msg('syntax.rule.game-item'),
  notExpr: expression,
  unary: expression,
  comparison: expression,
  additive: expression,
  orExpr: expression,
  orExprWhere: expression,
  expression,
  postfix: expression,
  name: msg('syntax.word.name'),
};

function describe(t: TokenType): string | Message {
  if (t === EOF) return msg('syntax.word.end-of-file');
  if (t === T.Identifier) return msg('syntax.word.name');
  if (t === T.StringLiteral) return msg('syntax.word.string');
  if (t === T.NumberLiteral) return msg('syntax.word.number');
  const name = t.name;
  if (name.startsWith('Kw_')) return `'${name.slice(3)}'`;
  const src = (t.PATTERN as RegExp).source?.replace(/\\/g, '');
  return `'${src ?? name}'`;
}

function show(tok: IToken): string | Message {
  if (tok.tokenType === EOF) return msg('syntax.word.end-of-file');
  return `'${tok.image}'`;
}
