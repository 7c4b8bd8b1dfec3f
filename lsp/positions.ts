/**
 * Places in LSP terms. The LSP counts lines and characters from 0, characters in UTF-16 code
 * units, and a range's end is exclusive. The compiler's places (grammar/ast.ts Loc, chevrotain's)
 * count lines and columns from 1, columns in UTF-16 code units too (chevrotain walks the string
 * by char code, so a kanji is one column and an emoji two), and the end column is inclusive.
 * So a Loc's 1-based inclusive end column is the LSP's 0-based exclusive end character.
 */
import type { Range } from 'vscode-languageserver';
import type { Loc } from '../grammar/ast.ts';

export function rangeOfLoc(loc: Pick<Loc, 'line' | 'col' | 'endLine' | 'endCol'>): Range {
  const start = { line: Math.max(0, loc.line - 1), character: Math.max(0, loc.col - 1) };
  const end = { line: Math.max(0, loc.endLine - 1), character: Math.max(0, loc.endCol) };
  // A zero-width place (the end of a file) may say its end column is before its start.
  if (end.line < start.line || (end.line === start.line && end.character < start.character)) return { start, end: start };
  return { start, end };
}
