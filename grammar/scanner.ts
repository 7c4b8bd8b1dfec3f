/**
 * The lexer's fast path: the same tokens as chevrotain's lexer (lexer.ts) for a text without
 * lexical errors, read by a hand-written loop over the characters.
 *
 * Why: lexing was about a third of parsing a big card pool. Chevrotain's lexer tries the token
 * patterns one by one as regular expressions at each position; here a switch on the character
 * picks the one token that can start there. The result is the one chevrotain gives — the tokens
 * in `tokens.ts`'s order of preference ("the first pattern that matches wins"), their images,
 * offsets, lines and columns, the comments in their group — and the first character no token
 * can start with returns undefined: lexer.ts then lexes the text with chevrotain, whose error
 * messages and recovery are the ones users see. test/scanner.test.ts compares the two on every
 * rules and cards file and on random texts.
 *
 * Lines: as chevrotain counts them (`\n`, `\r\n` and a lone `\r` each end a line), and only in
 * the tokens chevrotain counts them in — white space and block comments. A `\r` inside a string, a
 * quoted name or a line comment does not start a line (chevrotain's analysis of those patterns).
 */
import type { ILexingResult, IToken, TokenType } from 'chevrotain';
import * as T from './tokens.ts';

/**
 * Chevrotain's full token, field for field (createFullToken), in a class of its own. Why a class:
 * chevrotain's own tokens (its end-of-input token, its lexer's) are object literals of the same
 * fields holding NaN, and V8 gives objects with the same fields in the same order one hidden
 * class — whose number fields then hold boxed doubles, 16 more bytes each, for every token and,
 * through the values read from them, every source range of the AST. A class keeps the offsets,
 * lines and columns small integers stored in place. A token other than a comment stands on one
 * line, so its end is worked out from its start and its image when read (three fields fewer in
 * each of a big file's hundreds of thousands of tokens).
 */
class ScannedToken implements IToken {
  image: string;
  startOffset: number;
  startLine: number;
  startColumn: number;
  tokenTypeIdx: number;
  tokenType: TokenType;

  constructor(image: string, startOffset: number, type: TokenType, line: number, column: number) {
    this.image = image;
    this.startOffset = startOffset;
    this.startLine = line;
    this.startColumn = column;
    this.tokenTypeIdx = type.tokenTypeIdx!;
    this.tokenType = type;
  }

  get endOffset(): number {
    return this.startOffset + this.image.length - 1;
  }

  get endLine(): number {
    return this.startLine;
  }

  get endColumn(): number {
    return this.startColumn + this.image.length - 1;
  }
}

/** A comment: a block comment may run over several lines (blockLines sets its end). */
class ScannedComment implements IToken {
  image: string;
  startOffset: number;
  endOffset: number;
  startLine: number;
  endLine: number;
  startColumn: number;
  endColumn: number;
  tokenTypeIdx: number;
  tokenType: TokenType;

  constructor(image: string, startOffset: number, type: TokenType, line: number, column: number) {
    this.image = image;
    this.startOffset = startOffset;
    this.endOffset = startOffset + image.length - 1;
    this.startLine = line;
    this.endLine = line;
    this.startColumn = column;
    this.endColumn = column + image.length - 1;
    this.tokenTypeIdx = type.tokenTypeIdx!;
    this.tokenType = type;
  }
}

function token(image: string, startOffset: number, type: TokenType, line: number, column: number): IToken {
  return new ScannedToken(image, startOffset, type, line, column);
}

/** A name (tokens.ts): sticky, tried where no other token can start. */
const identifier = /[\p{L}\p{So}_][\p{L}\p{N}\p{So}\p{M}_・ー]*/uy;

/** One character tokens, by character code. */
const single = new Map<number, TokenType>([
  [44, T.Comma], [58, T.Colon], [123, T.LBrace], [125, T.RBrace], [40, T.LParen], [41, T.RParen],
  [91, T.LBracket], [93, T.RBracket], [43, T.Plus], [45, T.Minus], [42, T.Star], [37, T.Percent],
]);

function isAsciiWordStart(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95;
}

function isAsciiWord(c: number): boolean {
  return isAsciiWordStart(c) || (c >= 48 && c <= 57);
}

function isSpace(c: number): boolean {
  return c === 32 || c === 9 || c === 13 || c === 10 || c === 0x3000 || c === 0xfeff;
}

/**
 * The tokens of `text`, or undefined at the first character no token starts with. `at`: where the
 * text starts in its file, when it is a piece of it that starts a line (reparse.ts): the tokens'
 * lines and offsets are the file's.
 */
export function scan(text: string, at: { line: number; offset: number } = { line: 1, offset: 0 }): ILexingResult | undefined {
  const tokens: IToken[] = [];
  const comments: IToken[] = [];
  const n = text.length;
  const base = at.offset;
  let i = 0;
  let line = at.line;
  // The offset where the current line starts; a column is 1 + the distance from it.
  let lineStart = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    const column = i - lineStart + 1;
    if (isSpace(c)) {
      let j = i;
      while (j < n) {
        const d = text.charCodeAt(j);
        if (d === 10) {
          line++;
          lineStart = j + 1;
        } else if (d === 13) {
          line++;
          if (text.charCodeAt(j + 1) === 10) j++;
          lineStart = j + 1;
        } else if (!isSpace(d)) break;
        j++;
      }
      i = j;
      continue;
    }
    if (c === 47 /* / */) {
      const next = text.charCodeAt(i + 1);
      if (next === 47) {
        let j = text.indexOf('\n', i + 2);
        if (j < 0) j = n;
        comments.push(new ScannedComment(text.slice(i, j), base + i, T.LineComment, line, column));
        i = j;
        continue;
      }
      if (next === 42) {
        const close = text.indexOf('*/', i + 2);
        if (close >= 0) {
          const end = close + 2;
          const t = new ScannedComment(text.slice(i, end), base + i, T.BlockComment, line, column);
          comments.push(t);
          blockLines(t, text, i, end);
          // Where the lines after it start (blockLines set endLine; lineStart follows the last break).
          for (let k = i; k < end; k++) {
            const d = text.charCodeAt(k);
            if (d === 10 || (d === 13 && text.charCodeAt(k + 1) !== 10)) {
              line++;
              lineStart = k + 1;
            }
          }
          i = end;
          continue;
        }
      }
      tokens.push(token('/', base + i, T.Slash, line, column));
      i++;
      continue;
    }
    if (c === 34 /* " */) {
      let j = i + 1;
      for (;;) {
        if (j >= n) return undefined;
        const d = text.charCodeAt(j);
        if (d === 34) break;
        if (d === 10) return undefined;
        if (d === 92 /* \ */) {
          const e = text.charCodeAt(j + 1);
          // `\\.`: any character but a line terminator (or the end of the text).
          if (j + 1 >= n || e === 10 || e === 13 || e === 0x2028 || e === 0x2029) return undefined;
          j += 2;
          continue;
        }
        j++;
      }
      tokens.push(token(text.slice(i, j + 1), base + i, T.StringLiteral, line, column));
      i = j + 1;
      continue;
    }
    if (c >= 48 && c <= 57) {
      let j = i + 1;
      while (j < n && text.charCodeAt(j) >= 48 && text.charCodeAt(j) <= 57) j++;
      tokens.push(token(text.slice(i, j), base + i, T.NumberLiteral, line, column));
      i = j;
      continue;
    }
    const one = single.get(c);
    if (one) {
      tokens.push(token(text[i]!, base + i, one, line, column));
      i++;
      continue;
    }
    const next = text.charCodeAt(i + 1);
    let two: TokenType | undefined;
    let lone: TokenType | undefined;
    if (c === 46 /* . */) [two, lone] = [next === 46 ? T.DotDot : undefined, T.Dot];
    else if (c === 61 /* = */) [two, lone] = [next === 61 ? T.EqEq : undefined, T.Equals];
    else if (c === 33 /* ! */) [two, lone] = [next === 61 ? T.NotEq : undefined, undefined];
    else if (c === 60 /* < */) [two, lone] = [next === 61 ? T.LessEq : undefined, T.Less];
    else if (c === 62 /* > */) [two, lone] = [next === 61 ? T.GreaterEq : undefined, T.Greater];
    if (two) {
      tokens.push(token(text.slice(i, i + 2), base + i, two, line, column));
      i += 2;
      continue;
    }
    if (lone) {
      tokens.push(token(text[i]!, base + i, lone, line, column));
      i++;
      continue;
    }
    if (c === 33) return undefined;
    if (c === 96 /* ` */) {
      let j = i + 1;
      while (j < n && text.charCodeAt(j) !== 96 && text.charCodeAt(j) !== 10) j++;
      if (j >= n || text.charCodeAt(j) !== 96 || j === i + 1) return undefined;
      tokens.push(token(text.slice(i, j + 1), base + i, T.QuotedIdentifier, line, column));
      i = j + 1;
      continue;
    }
    // An ASCII word ends at the first character that is neither a letter, a digit nor `_` (no
    // other ASCII character is a letter, number, mark or other symbol); a word that goes on past
    // ASCII is read by the pattern.
    if (isAsciiWordStart(c)) {
      let j = i + 1;
      while (j < n && isAsciiWord(text.charCodeAt(j))) j++;
      if (j >= n || text.charCodeAt(j) < 128) {
        tokens.push(token(text.slice(i, j), base + i, T.Identifier, line, column));
        i = j;
        continue;
      }
    }
    identifier.lastIndex = i;
    const m = identifier.exec(text);
    if (!m) return undefined;
    tokens.push(token(m[0], base + i, T.Identifier, line, column));
    i += m[0].length;
  }
  return { tokens, groups: { comments }, errors: [] };
}

/** A block comment's end line and column, as chevrotain sets them (updateTokenEndLineColumnLocation). */
function blockLines(t: IToken, text: string, start: number, end: number): void {
  let breaks = 0;
  let lastBreakEnd = -1; // index in the image of the last line terminator's last character
  for (let k = start; k < end; k++) {
    const d = text.charCodeAt(k);
    if (d === 10) {
      breaks++;
      lastBreakEnd = k - start;
    } else if (d === 13) {
      breaks++;
      if (text.charCodeAt(k + 1) === 10 && k + 1 < end) k++;
      lastBreakEnd = k - start;
    }
  }
  if (breaks === 0) return;
  const length = end - start;
  const lastIsBreak = lastBreakEnd === length - 1;
  // A comment ends with `*/`, never with a line break: its end is on its last line.
  if (breaks === 1 && lastIsBreak) return;
  const fix = lastIsBreak ? -1 : 0;
  t.endLine = t.startLine! + breaks + fix;
  const column = length - lastBreakEnd;
  t.endColumn = column - 1 - fix;
}
