/**
 * Phase 1 — parse: one file's text → its AST and the syntax diagnostics.
 * Never throws: lexer and parser errors become diagnostics with a position.
 */
import type { IToken } from 'chevrotain';
import { tokenize } from './lexer.ts';
import { GrimoireParser, parserMessages } from './parser.ts';
import type { Loc, SourceFile } from './ast.ts';
import type { RepeatMemory } from './repeats.ts';
import { format, msg, type Message } from '../i18n/format.ts';

export interface SyntaxDiagnostic {
  code: 'syntax/unexpected-character' | 'syntax/unexpected-token' | 'syntax/too-deep' | 'syntax/unknown-word';
  /** In English; `text` is the same as a catalog entry, for the edge to word (i18n/). */
  message: string;
  text?: Message;
  loc: Loc;
}

function syntax(code: SyntaxDiagnostic['code'], text: Message, loc: Loc): SyntaxDiagnostic {
  return { code, message: format('en', text.key, text.values), text, loc };
}

export interface ParseResult {
  ast: SourceFile;
  diagnostics: SyntaxDiagnostic[];
}

let parser: GrimoireParser | undefined;

/** Deeper nesting than this is refused before parsing, so recursion can never blow the stack. */
const MAX_NESTING = 200;

/** The words that can begin a declaration, from the grammar (see reparse.ts). */
export function declarationStartWords(): string[] {
  parser ??= new GrimoireParser();
  return parser.declarationStartWords();
}

/** Tests only: whether plain cards are read by hand (plain-card.ts) or by the rules as any declaration. */
export function readPlainCards(on: boolean): void {
  parser ??= new GrimoireParser();
  parser.plainCards = on;
}

/**
 * `repeats`: abilities met in earlier parts of the same file (reparse.ts); null parses everything
 * the long way. `at`: where `text`, a piece of the file that starts a line, stands in it — the
 * AST's ranges are then the file's (reparse.ts; a piece with an error is not used, its ranges
 * may be the piece's own).
 */
export function parseFile(file: string, text: string, repeats?: RepeatMemory | null, at?: { line: number; offset: number }): ParseResult {
  parser ??= new GrimoireParser();
  const diagnostics: SyntaxDiagnostic[] = [];
  // (Only when it holds something: clearing a Map makes it a new table, for every piece of a file.)
  if (parserMessages.size > 0) parserMessages.clear();
  const lexed = tokenize(text, at);
  for (const e of lexed.errors) {
    const ch = text.slice(e.offset, e.offset + Math.max(1, e.length));
    diagnostics.push(
      syntax('syntax/unexpected-character', msg('syntax/unexpected-character.not-part-of-the-language', { ch: JSON.stringify(ch.length > 20 ? ch.slice(0, 20) + '…' : ch) }), {
        file, line: e.line ?? 1, col: e.column ?? 1, offset: e.offset, endLine: e.line ?? 1, endCol: (e.column ?? 1) + Math.max(1, e.length) - 1, endOffset: e.offset + Math.max(1, e.length),
      }),
    );
    if (diagnostics.length > 50) break;
  }
  const depthProblem = findExcessiveNesting(lexed.tokens);
  if (depthProblem) {
    diagnostics.push(syntax('syntax/too-deep', msg('syntax/too-deep.nested-more-than', { depth: MAX_NESTING }), tokenLoc(file, depthProblem)));
    return { ast: { file, decls: [] }, diagnostics };
  }
  // A piece that is one plain card (most of a pool, cut by reparse.ts): read without the rules.
  const card = repeats && diagnostics.length === 0 ? parser.wholePlainCard(file, lexed.tokens, text, repeats, at?.offset ?? 0) : null;
  if (card) return { ast: { file, decls: [card] }, diagnostics };
  parser.load(file, lexed.tokens, text, repeats, at?.offset ?? 0);
  let ast: SourceFile;
  try {
    ast = parser.sourceFile();
  } catch {
    // Chevrotain's recovery can fail on pathological input; report it at the last token read.
    const last = lexed.tokens[lexed.tokens.length - 1];
    diagnostics.push(syntax('syntax/unexpected-token', msg('syntax/unexpected-token.could-not-be-read-past'), last ? tokenLoc(file, last) : startLoc(file)));
    return { ast: { file, decls: [] }, diagnostics };
  }
  for (const w of parser.strayWords) diagnostics.push({ code: 'syntax/unknown-word', message: w.message, text: w.text, loc: tokenLoc(file, w.token) });
  for (const e of parser.errors) {
    const tok = Number.isFinite(e.token.startOffset) ? e.token : (e as { previousToken?: IToken }).previousToken ?? lexed.tokens[lexed.tokens.length - 1];
    diagnostics.push({ code: 'syntax/unexpected-token', message: e.message, text: parserMessages.get(e.message), loc: tok ? tokenLoc(file, tok) : startLoc(file) });
    if (diagnostics.length > 100) break;
  }
  // Let go of the tokens: the parser instance lives on, and a big file's tokens would stay alive
  // through the compiler's later phases.
  parser.load(file, [], '', null);
  ast = ast ?? { file, decls: parser.declsSoFar };
  parser.declsSoFar = [];
  ast.decls = (ast.decls ?? []).filter(Boolean);
  return { ast, diagnostics };
}

function findExcessiveNesting(tokens: IToken[]): IToken | undefined {
  let depth = 0;
  for (const t of tokens) {
    const img = t.image;
    if (img === '(' || img === '[' || img === '{') {
      depth++;
      if (depth > MAX_NESTING) return t;
    } else if (img === ')' || img === ']' || img === '}') depth--;
  }
  return undefined;
}

function tokenLoc(file: string, t: IToken): Loc {
  const line = t.startLine ?? 1;
  const col = t.startColumn ?? 1;
  return { file, line, col, offset: t.startOffset, endLine: t.endLine ?? line, endCol: t.endColumn ?? col, endOffset: (t.endOffset ?? t.startOffset) + 1 };
}

function startLoc(file: string): Loc {
  return { file, line: 1, col: 1, offset: 0, endLine: 1, endCol: 1, endOffset: 1 };
}
