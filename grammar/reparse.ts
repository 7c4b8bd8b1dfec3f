/**
 * Re-parsing an edited file, declaration by declaration: the editor's fast path. The compiler
 * parses every file this way, even the first time (a fresh memory): only one declaration's tokens
 * are alive at a time, where a whole parse of a 5 MB file holds 200 MB of them.
 *
 * An editor re-checks a file on every pause in typing, and a keystroke changes one declaration
 * of it. So the file is cut into pieces where top-level declarations begin (a line at bracket
 * depth 0 that starts with a word only a declaration starts with: `card`, `zone`, `action`, …),
 * and each piece's AST is remembered by its text. The next parse of the file parses only the
 * pieces whose text is new and moves the others to where they now stand (their lines and
 * offsets shift when text above them changes; columns never do, since a piece starts a line).
 *
 * The result is the AST `parseFile` would give for the whole text: the cut is only a guess,
 * so whenever a piece does not parse cleanly (the cut fell inside a declaration, or the user
 * is mid-edit) the whole file is parsed the ordinary way, and its diagnostics are the ones
 * reported. test/reparse.test.ts checks the equality on every rules and cards file.
 */
import type { Decl, Loc } from './ast.ts';
import { declarationStartWords, parseFile, type ParseResult } from './parse.ts';
import { newRepeatMemory } from './repeats.ts';

/** One remembered piece: its declarations, placed at `line`/`offset` of the file. */
interface Piece {
  decls: Decl[];
  /** Where the piece's AST is currently placed: the 1-based line and the offset of its start. */
  line: number;
  offset: number;
}

/** What a file's earlier parses left to reuse: pieces by text (a text can occur twice). */
export interface ReparseMemory {
  pieces: Map<string, Piece[]>;
}

export function newReparseMemory(): ReparseMemory {
  return { pieces: new Map() };
}

/**
 * Parses `text` as `parseFile` does, reusing the pieces `memory` holds, and updates it; without a
 * memory (a compile that keeps no parse: compile.ts), nothing is looked up or remembered.
 * `compilerOnly`: a parse whose trees only the compiler reads (repeats.ts RepeatMemory: shared
 * clauses, packed plain cards).
 */
export function reparseFile(file: string, text: string, memory: ReparseMemory | null, compilerOnly = false): ParseResult {
  const cuts = declarationCuts(text);
  const kept = new Map<string, Piece[]>();
  const decls: Decl[] = [];
  // Abilities repeated across the file's cards are parsed once (repeats.ts); `compilerOnly`, only
  // for a parse no tool reads (compile.ts compileGame), and never for pieces kept to be moved:
  // `moveTo` moves ordinary nodes, not shared clauses or packed cards (packed-card.ts).
  const repeats = newRepeatMemory(compilerOnly && memory === null);
  for (let i = 0; i < cuts.length; i++) {
    const { offset, line } = cuts[i]!;
    const end = i + 1 < cuts.length ? cuts[i + 1]!.offset : text.length;
    const slice = text.slice(offset, end);
    let piece = memory?.pieces.get(slice)?.pop();
    if (piece) {
      moveTo(piece, line, offset);
    } else {
      // Read where it stands in the file: its ranges are the file's (nothing to move).
      const r = parseFile(file, slice, repeats, { line, offset });
      if (r.diagnostics.length > 0) {
        // The whole file, the ordinary way: its recovery and messages are the ones users see.
        // The clean pieces read so far are kept for the next parse.
        if (memory) memory.pieces = kept;
        return parseFile(file, text);
      }
      piece = { decls: r.ast.decls, line, offset };
    }
    if (memory) {
      const same = kept.get(slice);
      if (same) same.push(piece);
      else kept.set(slice, [piece]);
    }
    for (const d of piece.decls) decls.push(d);
  }
  if (memory) memory.pieces = kept;
  return { ast: { file, decls }, diagnostics: [] };
}

// ------------------------------------------------------------------ moving a piece

/** Shifts every source range in the piece's AST so that it starts at `line`/`offset`. */
function moveTo(piece: Piece, line: number, offset: number): void {
  const dLine = line - piece.line;
  const dOffset = offset - piece.offset;
  if (dLine === 0 && dOffset === 0) return;
  // A node may share a range object with its child (a declaration's name and the declaration):
  // each range is moved once.
  const moved = new Set<Loc>();
  const stack: unknown[] = [piece.decls];
  while (stack.length) {
    const o = stack.pop() as Record<string, unknown>;
    if (isLoc(o)) {
      if (moved.has(o)) continue;
      moved.add(o);
      o.line += dLine;
      o.endLine += dLine;
      o.offset += dOffset;
      o.endOffset += dOffset;
      continue;
    }
    if (Array.isArray(o)) {
      for (const x of o) if (x !== null && typeof x === 'object') stack.push(x);
      continue;
    }
    for (const k in o) {
      const x = o[k];
      if (x !== null && typeof x === 'object') stack.push(x);
    }
  }
  piece.line = line;
  piece.offset = offset;
}

function isLoc(o: object): o is Loc {
  return typeof (o as Loc).endOffset === 'number' && typeof (o as Loc).line === 'number' && typeof (o as Loc).file === 'string';
}

// ------------------------------------------------------------------ where to cut

let startWords: Set<string> | undefined;

/**
 * The places where a top-level declaration seems to begin: the file's start, then each line
 * at bracket depth 0, outside comments, that starts (in column 1) with a declaration's first
 * word, followed by a space, a line break or a brace. Strings, `quoted names` and comments are skipped as the lexer
 * skips them, so a brace inside them does not count.
 */
export function declarationCuts(text: string): { offset: number; line: number }[] {
  startWords ??= new Set(declarationStartWords());
  const cuts = [{ offset: 0, line: 1 }];
  let depth = 0;
  let inBlockComment = false;
  let line = 1;
  let i = 0;
  const n = text.length;
  while (i < n) {
    // At the start of a line.
    if (i > 0 && depth === 0 && !inBlockComment && startsDeclaration(text, i)) cuts.push({ offset: i, line });
    // The rest of the line.
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c === 10 /* \n */) {
        i++;
        line++;
        break;
      }
      if (inBlockComment) {
        if (c === 42 /* * */ && text.charCodeAt(i + 1) === 47 /* / */) {
          inBlockComment = false;
          i += 2;
        } else i++;
        continue;
      }
      if (c === 47 /* / */ && text.charCodeAt(i + 1) === 47) {
        // A line comment: skip to the end of the line.
        while (i < n && text.charCodeAt(i) !== 10) i++;
        continue;
      }
      if (c === 47 && text.charCodeAt(i + 1) === 42) {
        inBlockComment = true;
        i += 2;
        continue;
      }
      if (c === 34 /* " */ || c === 96 /* ` */) {
        // A string or a quoted name: neither runs past the end of its line.
        i++;
        while (i < n) {
          const d = text.charCodeAt(i);
          if (d === 10 || d === c) break;
          i += d === 92 /* \ */ && c === 34 ? 2 : 1;
        }
        if (i < n && text.charCodeAt(i) === c) i++;
        continue;
      }
      if (c === 123 || c === 40 || c === 91) depth++; // { ( [
      else if ((c === 125 || c === 41 || c === 93) && depth > 0) depth--; // } ) ]
      i++;
    }
  }
  return cuts;
}

function startsDeclaration(text: string, at: number): boolean {
  let end = at;
  while (end < text.length && isWordChar(text.charCodeAt(end))) end++;
  if (end === at || end >= text.length) return false;
  // The word ends at a space, a line break or a brace (`setup` alone on its line, `turn {`).
  const after = text.charCodeAt(end);
  if (after !== 32 && after !== 9 && after !== 10 && after !== 13 && after !== 123) return false;
  const word = text.slice(at, end);
  // `deck` begins a declaration only as `deck check` (a zone may be called deck).
  if (word === 'deck') return /^[ \t]+check(?![\p{L}\p{N}\p{So}\p{M}_・ー])/u.test(text.slice(end, end + 40));
  return startWords!.has(word);
}

function isWordChar(c: number): boolean {
  return (c >= 97 && c <= 122) || c === 95; // a–z, _ (declaration words are lower-case ASCII)
}
