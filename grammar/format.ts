/**
 * `grimoire fmt`: one canonical layout for .grim files, from the tokens (comments included).
 *
 * A token re-printer, not an AST printer: the file is lexed with its comments, and the tokens are
 * printed again in the same order with canonical indentation and spacing. What it does:
 *
 * - indentation: two spaces per open `{`, `(` or `[` left open by an earlier line; a line that
 *   starts with a closing bracket sits at the indentation of the line that opened it;
 * - continuation lines (a `cite` under its definition, `= …` under a function's head, `and …`
 *   under its condition): a line indented deeper than the line that began its statement is a
 *   continuation, two spaces deeper per level of the author's own nesting;
 * - spacing: one space around operators and `=`, after `,` and `:`, none before `,` `:` `.` `)`
 *   `]`, none inside brackets, none in `a.b`, `1..3`, `f(x)`, `-1`; two spaces where the author
 *   separated fields on one line with two or more (`cost = 1  cost_kind = normal_cost`); the
 *   spaces before a trailing comment are the author's (aligned comments stay aligned);
 * - blank lines: at most one in a row, none at the start of a file or just inside a block's braces,
 *   one after a top-level block (`}`) before the next definition; no trailing spaces; one final
 *   newline.
 *
 * What it never does: move a token to another line or split a string. Every line break between
 * two tokens stays where the author put it, so the line numbers that rulings, docs and diagnostics
 * quote stay valid (only blank lines are added or removed), and a long `cite` stays one string.
 *
 * Safety: a file that does not parse is returned unchanged with its diagnostics; after formatting,
 * both texts are lexed again and their token sequences (types and images, comments included) must
 * be equal, or the formatter refuses with an internal error instead of returning a changed text.
 */
import type { IToken } from 'chevrotain';
import { tokenize } from './lexer.ts';
import { parseFile, type SyntaxDiagnostic } from './parse.ts';

export type FormatResult =
  | { ok: true; text: string; changed: boolean }
  | { ok: false; text: string; diagnostics: SyntaxDiagnostic[]; internal?: string };

const OPENERS = new Set(['(', '[', '{']);
const CLOSERS = new Set([')', ']', '}']);
const BINARY = new Set(['==', '!=', '<=', '>=', '<', '>', '=', '+', '-', '*', '/', '%']);
/** Keywords that read as operators: one space before a `(` that follows them; other keywords are function names there (`top(…)`). */
/** Words that continue a statement begun on an earlier line inside a block. */
const CONTINUATION_STARTS = new Set(['cite', 'reason', 'and', 'or', 'then', 'else', 'where', 'from', 'by', 'to', 'such', 'that', 'using', 'since', 'tags', '=']);
/** Words that begin a statement: two spaces before one, where the author wrote two or more, separate statements on one line. */
const STATEMENT_WORDS = new Set(['set', 'let', 'move', 'do', 'log', 'shuffle', 'reveal', 'win', 'lose', 'perform', 'modify', 'unmodify', 'attach', 'detach', 'create', 'cancel', 'retarget', 'choose', 'if', 'for', 'repeat', 'signal', 'proceed']);
const SPACED_KEYWORDS = new Set(['and', 'or', 'not', 'in', 'if', 'then', 'else', 'where', 'has', 'while', 'until', 'when', 'from', 'to', 'by', 'of', 'each', 'times', 'do', 'set', 'let', 'that', 'becomes', 'gains', 'loses', 'during', 'leaves', 'as']);

function isComment(t: IToken): boolean {
  return t.tokenType.name === 'LineComment' || t.tokenType.name === 'BlockComment';
}
function isKeyword(t: IToken): boolean {
  return t.tokenType.name.startsWith('Kw_');
}
function isWord(t: IToken): boolean {
  const n = t.tokenType.name;
  return n === 'Identifier' || n === 'QuotedIdentifier' || n === 'NumberLiteral' || n === 'StringLiteral' || isKeyword(t);
}
/** A token after which `-`/`+` is a sign, not a binary operator: an operator, an opening bracket, `,`, `:`, `..` or an operator word. */
function takesSign(t: IToken | undefined): boolean {
  if (!t) return true;
  // (`at` places a face's region: `at -1, 0, 10, 10`. Where `at` names something, `at - 1` and
  // `at -1` are the same tokens, so the spacing never changes a meaning.)
  if (isWord(t)) return (isKeyword(t) && SPACED_KEYWORDS.has(t.image)) || t.image === 'at';
  return t.image !== ')' && t.image !== ']' && t.image !== '}';
}

/** The canonical number of spaces between two tokens on one line. */
function gap(a: IToken, b: IToken, c: IToken | undefined, prev: (t: IToken) => IToken | undefined, source: number): number {
  if (isComment(b)) return Math.max(1, source);
  if (isComment(a)) return 1;
  if (source >= 2 && (isWord(a) || a.image === ')' || a.image === ']' || a.image === '}') && isWord(b) && (c?.image === '=' || STATEMENT_WORDS.has(b.image))) return 2;
  const x = a.image;
  const y = b.image;
  if (y === ',' || y === ')' || y === ']' || y === '.' || y === '..' || y === ':') return 0;
  if (x === '(' || x === '[' || x === '.' || x === '..') return 0;
  if (x === '{' && y === '}') return source === 0 ? 0 : 1;
  if ((x === '-' || x === '+') && takesSign(prev(a))) return 0; // a sign: `-1`, `(-x)`, `by -200`
  if (y === '(') {
    // An operator word (`and (…)`, `not (…)`) or a function whose name is a word (`top(…)`, `draw(…)`).
    if (isKeyword(a)) return SPACED_KEYWORDS.has(x) ? 1 : 0;
    // A title before a parameter list (`event damaged "ダメージ" (p: player)`, `攻 双牙 "双牙" (most = 2)`): not a call.
    if (a.tokenType.name === 'StringLiteral') return 1;
    if (isWord(a) || x === ')' || x === ']') return 0;
    return 1;
  }
  if (y === '[') return (isWord(a) || x === ')' || x === ']') && !isKeyword(a) && source === 0 ? 0 : 1;
  return 1;
}

function lexAll(text: string): { tokens: IToken[]; errors: number } {
  const lexed = tokenize(text);
  const comments = (lexed.groups['comments'] ?? []) as IToken[];
  const tokens = [...lexed.tokens, ...comments].sort((p, q) => p.startOffset - q.startOffset);
  return { tokens, errors: lexed.errors.length };
}

function image(t: IToken): string {
  return t.tokenType.name === 'LineComment' ? t.image.trimEnd() : t.image;
}

function signature(tokens: IToken[]): string[] {
  return tokens.map((t) => `${t.tokenType.name} ${image(t)}`);
}

interface Context {
  /** Indentation of the lines inside this bracket (0 at the top level). */
  inner: number;
  /** Indentation of the line that opened the bracket. */
  opener: number;
  /** The source indentation of the line that began the current statement. */
  head?: number;
  /** The source indentations of the current statement's continuation levels. */
  levels: number[];
  /** A `{` block (statements), not a `(`/`[` or the top level. */
  brace?: boolean;
}

/** Format one file's text. Never throws; a file with a syntax error comes back unchanged. */
export function formatGrim(text: string, file = 'input.grim'): FormatResult {
  const parsed = parseFile(file, text);
  if (parsed.diagnostics.length > 0) return { ok: false, text, diagnostics: parsed.diagnostics };
  const { tokens } = lexAll(text);
  const out = reprint(text, tokens);
  const again = lexAll(out);
  const before = signature(tokens);
  const after = signature(again.tokens);
  if (again.errors > 0 || before.length !== after.length || before.some((s, i) => s !== after[i])) {
    const i = before.findIndex((s, k) => s !== after[k]);
    const t = tokens[i < 0 ? tokens.length - 1 : i];
    const internal = `the formatter would change the tokens of this file (${JSON.stringify(before[i] ?? '')} became ${JSON.stringify(after[i] ?? '')}); the file is left as it is. This is a bug in Grimoire's formatter: please report it with the file.`;
    const line = t?.startLine ?? 1;
    const col = t?.startColumn ?? 1;
    const offset = t?.startOffset ?? 0;
    return { ok: false, text, internal, diagnostics: [{ code: 'syntax/unexpected-token', message: internal, loc: { file, line, col, offset, endLine: line, endCol: col, endOffset: offset + 1 } }] };
  }
  return { ok: true, text: out, changed: out !== text };
}

function reprint(text: string, tokens: IToken[]): string {
  // Group the tokens into output lines: a new line starts where a token starts on a later source
  // line than the previous token ends (a multi-line block comment keeps what follows it on its
  // last line).
  const groups: IToken[][] = [];
  for (const t of tokens) {
    const last = groups[groups.length - 1]?.at(-1);
    if (!last || t.startLine! > last.endLine!) groups.push([t]);
    else groups[groups.length - 1]!.push(t);
  }
  // The code token before each token (comments skipped), across lines: `-` is binary at the start
  // of a continuation line.
  const before = new Map<IToken, IToken>();
  let lastCode: IToken | undefined;
  for (const t of tokens) {
    if (lastCode) before.set(t, lastCode);
    if (!isComment(t)) lastCode = t;
  }
  const prev = (t: IToken) => before.get(t);
  const lineStart = (offset: number) => text.lastIndexOf('\n', offset - 1) + 1;
  const stack: Context[] = [{ inner: 0, opener: 0, levels: [] }];
  const lines: string[] = [];
  let prevGroup: IToken[] | undefined;
  let closedTopBlock = false;
  let prevOpens = false;
  let openedOn = 0;
  for (const g of groups) {
    const first = g[0]!;
    // Blank lines: at most one; none at the start, after an opening or before a closing brace;
    // one after a top-level block.
    if (prevGroup) {
      const blanks = first.startLine! - prevGroup.at(-1)!.endLine! - 1;
      let blank = blanks > 0;
      if (prevOpens || first.image === '}') blank = false;
      if (closedTopBlock) blank = true;
      if (blank) lines.push('');
    }
    // Indentation.
    let i = 0;
    let indent: number;
    if (CLOSERS.has(first.image)) {
      let popped: Context | undefined;
      while (i < g.length && CLOSERS.has(g[i]!.image) && stack.length > 1) popped = stack.pop()!, i++;
      indent = popped ? popped.opener : 0;
      const ctx = stack[stack.length - 1]!;
      // A closing line belongs to the statement its bracket's opener began.
      ctx.head ??= indent;
    } else {
      const ctx = stack[stack.length - 1]!;
      const src = [...text.slice(lineStart(first.startOffset), first.startOffset)].length;
      let level = 0;
      // In a `{` block, only a line that cannot begin a statement continues one.
      const continues = ctx.brace ? CONTINUATION_STARTS.has(first.image) || BINARY.has(first.image) : true;
      if (ctx.head === undefined || src <= ctx.head || !continues) {
        ctx.head = src;
        ctx.levels = [];
      } else {
        while (ctx.levels.length > 0 && ctx.levels[ctx.levels.length - 1]! > src) ctx.levels.pop();
        if (ctx.levels[ctx.levels.length - 1] !== src) ctx.levels.push(src);
        level = ctx.levels.length;
      }
      indent = ctx.inner + 2 * level;
    }
    // The line's text, and the brackets it opens or closes.
    let line = ' '.repeat(indent);
    closedTopBlock = false;
    for (let k = 0; k < g.length; k++) {
      const t = g[k]!;
      if (k > 0) {
        const a = g[k - 1]!;
        line += ' '.repeat(gap(a, t, g[k + 1], prev, t.startOffset - (a.endOffset! + 1)));
      }
      line += image(t);
      if (k < i) continue; // leading closers, already popped
      if (OPENERS.has(t.image) && stack.length === 1) openedOn = t.startLine!;
      if (OPENERS.has(t.image)) stack.push({ inner: indent + 2, opener: indent, levels: [], brace: t.image === '{' });
      else if (CLOSERS.has(t.image) && stack.length > 1) {
        stack.pop();
        // One blank line after a top-level block written on several lines (a one-line
        // definition such as a card of a deck list stays in its list).
        if (stack.length === 1 && t.image === '}' && t.startLine !== openedOn) closedTopBlock = true;
      }
    }
    if (i > 0 && stack.length === 1 && g.slice(0, i).some((t) => t.image === '}') && first.startLine !== openedOn) closedTopBlock = true;
    // A top-level block closed on this line, but the line goes on opening another (`} else {`): no.
    if (stack.length > 1) closedTopBlock = false;
    // The line ends by opening a block (a trailing comment aside): no blank line after it.
    prevOpens = g.filter((t) => !isComment(t)).at(-1)?.image === '{';
    lines.push(line.trimEnd());
    prevGroup = g;
  }
  return lines.length === 0 ? '' : lines.join('\n') + '\n';
}

