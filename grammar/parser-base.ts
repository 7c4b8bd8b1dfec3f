/**
 * The parser's base: the state of a parse (the file, the words met where only fixed words may
 * stand, the words that begin a declaration), the helpers every rule family uses (source ranges,
 * names read in place, binary operators grouped by precedence) and the smallest rules (a string,
 * a number, an optional `cite`). The rule families extend it, one file each (see parser.ts).
 */
import { EmbeddedActionsParser, tokenMatcher, type IToken, type TokenType } from 'chevrotain';
import * as T from './tokens.ts';
import type * as A from './ast.ts';
import { suggest } from './spelling.ts';
import { newRepeatMemory, type RepeatMemory } from './repeats.ts';
import { format, msg, type Message } from '../i18n/format.ts';

export const K = T.Keyword;

/** The words that may follow `zone <name> per player|shared`. */
export const zoneModifiers = ['public', 'private', 'hidden', 'ordered', 'attachments', 'capacity', 'overflow', 'displaced', 'for match'];

/** Two tokens written with nothing between them. */
export function touches(a: IToken, b: IToken): boolean {
  return Number.isFinite(a.endOffset) && a.endOffset! + 1 === b.startOffset;
}

/** What `nameAt` returns while the grammar is being recorded (its value is never used). */
export const recordingName: A.Name = { text: '', loc: { file: '', line: 1, col: 1, offset: 0, endLine: 1, endCol: 1, endOffset: 0 } };

/** Binding strength of the flat-read binary operators; higher binds tighter. */
const precedence: Partial<Record<A.BinaryOp, number>> = { or: 1, and: 2, '+': 5, '-': 5, '*': 6, '/': 6, '%': 6 };

/**
 * Groups `first op1 e1 op2 e2 …` by precedence, left-associative (precedence climbing).
 * Each node's range runs from its left operand's start to its right operand's end.
 */
export function groupBinary(first: A.Expr, ops: A.BinaryOp[], operands: A.Expr[]): A.Expr {
  let i = 0;
  const climb = (left: A.Expr, min: number): A.Expr => {
    while (i < ops.length && precedence[ops[i]!]! >= min) {
      const op = ops[i]!;
      const p = precedence[op]!;
      let right = operands[i]!;
      i++;
      while (i < ops.length && precedence[ops[i]!]! > p) right = climb(right, precedence[ops[i]!]!);
      left = { kind: 'binary', op, left, right, loc: span(left.loc, right.loc) };
    }
    return left;
  };
  return climb(first, 0);
}

export function span(a: A.Loc, b: A.Loc): A.Loc {
  return range(a.file, a.line, a.col, a.offset, b.endLine, b.endCol, b.endOffset);
}

/**
 * A source range. One that is not all whole numbers — from a token chevrotain made up, with NaN
 * offsets (while it records the grammar at start-up, or in error recovery) — is built apart, the
 * same fields in the same order but another hidden class: V8 gives every object of the same
 * fields in the same order one hidden class, and one NaN stored in it makes every range's numbers
 * boxed doubles for the rest of the process (16 more bytes each, for every range of every AST).
 */
export function range(file: string, line: number, col: number, offset: number, endLine: number, endCol: number, endOffset: number): A.Loc {
  if (isSmall(line) && isSmall(col) && isSmall(offset) && isSmall(endLine) && isSmall(endCol) && isSmall(endOffset)) {
    // `| 0`: a whole number read from a boxed field is itself boxed; stored unboxed.
    return { file, line: line | 0, col: col | 0, offset: offset | 0, endLine: endLine | 0, endCol: endCol | 0, endOffset: endOffset | 0 };
  }
  const apart: Record<string, unknown> = {};
  apart.file = file;
  apart.line = line;
  apart.col = col;
  apart.offset = offset;
  apart.endLine = endLine;
  apart.endCol = endCol;
  apart.endOffset = endOffset;
  return apart as unknown as A.Loc;
}

/** A whole number V8 stores in place (a small integer, not -0), not boxed. */
function isSmall(n: number): boolean {
  return (n | 0) === n && (n !== 0 || 1 / n > 0);
}

export function unquote(image: string): string {
  return image.slice(1, -1).replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));
}


export abstract class ParserBase extends EmbeddedActionsParser {
  protected file = '';

  protected declarationStarts = new Set<TokenType>();

  /** The words that can begin a declaration (`override`, `card`, `zone`, …): see reparse.ts. */
  declarationStartWords(): string[] {
    return [...this.declarationStarts].flatMap((t) => (t.name.startsWith('Kw_') ? [t.name.slice(3)] : []));
  }

  /** Words met where only a fixed set of words may stand (e.g. `privat` for `private`). */
  strayWords: { token: IToken; message: string; text: Message }[] = [];

  /**
   * Per lone operand (a number, a string, a plain name), by token type index: true where a token
   * of that type may continue an expression after it (filled from the grammar: parser.ts).
   */
  protected continuesOperand: boolean[][] = [[], [], []];
  /** Read lone operands in place and copy repeated abilities (off: every rule the long way). */
  protected shortcuts = true;

  /** The text the tokens were read from, and the abilities met in this file so far (repeats.ts). */
  protected text = '';
  protected repeats: RepeatMemory | null = null;
  /** The offset in its file of the text's first character (a piece of a file: reparse.ts). */
  protected textOffset = 0;

  /** `repeats`: the memory of abilities met so far, or null to parse everything the long way, with no shortcut (tests compare the two). */
  load(file: string, tokens: IToken[], text = '', repeats: RepeatMemory | null = newRepeatMemory(), textOffset = 0): void {
    this.textOffset = textOffset;
    this.file = file;
    this.strayWords = [];
    this.input = tokens;
    this.text = text;
    this.repeats = repeats;
    this.shortcuts = repeats !== null;
  }

  /**
   * The position of the last token read: chevrotain's own field (not in its typings; 11.x), read and
   * set only to step over an ability copied from an earlier parse (repeats.ts).
   */
  protected get tokenIndex(): number {
    return (this as unknown as { currIdx: number }).currIdx;
  }

  protected set tokenIndex(i: number) {
    (this as unknown as { currIdx: number }).currIdx = i;
  }

  /** How many syntax errors the parse has recorded (`errors` would copy the list). */
  protected get errorCount(): number {
    return (this as unknown as { _errors: unknown[] })._errors.length;
  }

  /**
   * True when the next token is a plain word on the same line as the last one and does not
   * begin a declaration: a misspelt modifier rather than the next declaration.
   */
  protected strayWordAhead(): boolean {
    const next = this.LA(1);
    const prev = this.LA(0);
    return tokenMatcher(next, T.Identifier) && !this.declarationStarts.has(next.tokenType) && next.startLine === prev.endLine;
  }

  protected strayWord(token: IToken, what: 'zone-modifier' | 'deck-check-word' | 'match-word' | 'first-to-word' | 'between-word', words: string[]): void {
    const near = suggest(token.image, words);
    const text = near.length
      ? msg(`syntax/unknown-word.not-a-${what}-did-you-mean`, { word: token.image, near: near[0]!, words })
      : msg(`syntax/unknown-word.not-a-${what}`, { word: token.image, words });
    this.strayWords.push({ token, message: format('en', text.key, text.values), text });
  }

  protected loc(start: IToken, end: IToken = this.LA(0)): A.Loc {
    const s = Number.isFinite(start.startOffset) ? start : end;
    const e = Number.isFinite(end.endOffset ?? NaN) ? end : s;
    return range(this.file, s.startLine ?? 1, s.startColumn ?? 1, s.startOffset, e.endLine ?? s.startLine ?? 1, e.endColumn ?? s.startColumn ?? 1, (e.endOffset ?? s.startOffset) + 1);
  }

  protected nameFrom(tok: IToken): A.Name {
    const text = tok.tokenType === T.QuotedIdentifier ? tok.image.slice(1, -1) : tok.image;
    return { text, loc: this.loc(tok, tok) };
  }

  /**
   * A name, read in place rather than through a sub-rule (names are a third of all tokens).
   * A quoted name (`end`) is in the Identifier category too. The occurrence index keeps each call
   * site distinct, as chevrotain requires; 100 and up never clash with the CONSUME(Identifier)
   * calls written out in rules.
   */
  protected nameAt(idx: number): A.Name {
    const tok = this.consume(idx, T.Identifier);
    // While chevrotain records the grammar, ACTION runs nothing: hand back a stand-in.
    return this.ACTION(() => this.nameFrom(tok)) ?? recordingName;
  }

  protected str = this.RULE('str', (): string => {
    const tok = this.CONSUME(T.StringLiteral);
    return this.ACTION(() => unquote(tok.image));
  });

  protected num = this.RULE('num', (): number => {
    const tok = this.CONSUME(T.NumberLiteral);
    return this.ACTION(() => Number(tok.image));
  });

  protected citeOpt = this.RULE('citeOpt', (): string | undefined => {
    let text: string | undefined;
    this.OPTION(() => {
      this.CONSUME(K.cite);
      text = this.SUBRULE(this.str);
    });
    return text;
  });
}
