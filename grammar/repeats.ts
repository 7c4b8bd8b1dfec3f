/**
 * Abilities written the same way on many cards, parsed once per parse of a file.
 *
 * A card pool repeats its abilities: the same trigger or action, word for word, on card after
 * card (a keyword's reminder, a reprint, a cycle that differs only in its numbers elsewhere). The
 * parser reads an ability inside a card from its first word to its closing brace; when the same
 * text stood before, in the same column and followed by the same kinds of tokens, its parse is
 * the same tree with every source range shifted by the lines and characters between the two: the
 * tree is copied, not parsed again (parser-cards.ts). The text is the key, so this needs no
 * knowledge of what an ability means.
 *
 * Why the parse is the same. An ability's parse depends only on its tokens and on the tokens the
 * parser may look at past its end: the parser decides with at most three tokens ahead
 * (parser.ts `maxLookahead`), and the key holds the kinds of the three tokens after the closing
 * brace. Only a parse without errors and without stray words is remembered, and it must have
 * ended at the closing brace the key was cut at; anything else is parsed the ordinary way every
 * time. Columns are in the key: the same text one column to the right has other columns.
 *
 * Memory: a text seen once costs its key only (a slice of the file's text); a tree is kept from
 * the second sighting on, for one parse of one file (grammar/reparse.ts makes one per file).
 */
import { EOF } from 'chevrotain';
import type { ActionDecl, Clause, Loc } from './ast.ts';

/** An ability's tree as first parsed, and where its first token stood then. */
export interface Remembered<T> {
  node: T;
  /** Copies share the tree's clauses (a compiler's parse: RepeatMemory.compilerOnly). */
  compilerOnly: boolean;
  line: number;
  offset: number;
}

/**
 * What one parse of a file remembers from declaration to declaration. `trees`, per key: null when
 * seen once (not kept), then the tree. `compilerOnly`: a parse for the compiler alone (compile.ts
 * compileGame), whose trees no tool reads: copies share the clauses of the tree they copy (see
 * repeatCopy), and plain cards' names and values are packed (plain-card.ts, packed-card.ts), their
 * names' texts one string each (`names`). An editor's parse, whose trees tools read, copies whole
 * trees and makes ordinary nodes.
 */
export interface RepeatMemory {
  trees: Map<string, Remembered<object> | null>;
  compilerOnly: boolean;
  names: Map<string, string>;
}

export function newRepeatMemory(compilerOnly = false): RepeatMemory {
  return { trees: new Map(), compilerOnly, names: new Map() };
}

/**
 * A copy of `node` whose source ranges start `dLine` lines and `dOffset` characters later. An
 * object the tree holds twice (a declaration's range is its name's range) is copied twice: equal
 * values, and reparse.ts moves each copy once.
 */
export function shiftedCopy<T>(node: T, dLine: number, dOffset: number): T {
  // (Primitive fields are copied in place, without a call: most of a tree's fields are.)
  const copy = (o: object): object => {
    if (Array.isArray(o)) {
      const a = new Array<unknown>(o.length);
      for (let i = 0; i < o.length; i++) {
        const x: unknown = o[i];
        a[i] = typeof x === 'object' && x !== null ? copy(x) : x;
      }
      return a;
    }
    if (isLoc(o)) return { file: o.file, line: o.line + dLine, col: o.col, offset: o.offset + dOffset, endLine: o.endLine + dLine, endCol: o.endCol, endOffset: o.endOffset + dOffset };
    // A spread copies a node in one step with its shape, then only its object fields are
    // replaced: three times as fast as building it key by key (most copies are of small nodes).
    const r: Record<string, unknown> = { ...o };
    for (const k in r) {
      const x = r[k];
      if (typeof x === 'object' && x !== null) r[k] = copy(x);
    }
    return r;
  };
  return (typeof node === 'object' && node !== null ? copy(node) : node) as T;
}

/** The same test as reparse.ts's: a source range. */
function isLoc(o: object): o is Loc {
  return typeof (o as Loc).endOffset === 'number' && typeof (o as Loc).line === 'number' && typeof (o as Loc).file === 'string';
}

/** What the parser knows of an ability about to be read: its key and the index of its closing brace. */
export interface RepeatSite<T> {
  key: string;
  end: number;
  /** The copy to use instead of parsing, when the text was parsed before. */
  reused?: T;
  /** Seen once before: parse it and keep the tree. */
  keep: boolean;
}

type RepeatToken = { image: string; startOffset: number; endOffset?: number; startLine?: number; startColumn?: number; tokenTypeIdx: number };

/**
 * The key of the text from token `start` (a word that begins an ability) to the brace that closes
 * its `{ … }` (`textOffset`: where `text` starts in the file the tokens' offsets count in), and
 * the index of that brace. Undefined where no such brace is among the tokens.
 */
export function repeatKey(text: string, textOffset: number, tokens: readonly RepeatToken[], start: number): { key: string; end: number } | undefined {
  let depth = 0;
  let end = -1;
  for (let i = start; i < tokens.length; i++) {
    const img = tokens[i]!.image;
    if (img === '{') depth++;
    else if (img === '}') {
      depth--;
      if (depth === 0) {
        end = i;
        break;
      }
      // A closing brace before any opening one: not a whole ability.
      if (depth < 0) return undefined;
    }
  }
  if (end < 0) return undefined;
  const first = tokens[start]!;
  const last = tokens[end]!;
  if (last.endOffset === undefined || first.startLine === undefined) return undefined;
  // The end of the tokens, whether the array ends or chevrotain's end-of-input sentinels follow
  // (it pads the tokens with them while it parses): one kind, so a key is the same either way.
  const after = (k: number) => {
    const idx = tokens[end + k]?.tokenTypeIdx;
    return idx === undefined || idx === EOF.tokenTypeIdx ? -1 : idx;
  };
  return { key: `${first.startColumn}:${after(1)}:${after(2)}:${after(3)}:${text.slice(first.startOffset - textOffset, last.endOffset + 1 - textOffset)}`, end };
}

/**
 * Looks up the ability that begins at token `start` (repeatKey) and notes that it was met.
 * Returns undefined where no closing brace is among the tokens.
 */
export function repeatSite<T extends object>(memory: RepeatMemory, text: string, textOffset: number, tokens: readonly RepeatToken[], start: number): RepeatSite<T> | undefined {
  const site = repeatKey(text, textOffset, tokens, start);
  if (!site) return undefined;
  const { key, end } = site;
  const seen = memory.trees.get(key);
  if (seen === undefined) {
    memory.trees.set(key, null);
    return { key, end, keep: false };
  }
  if (seen === null) return { key, end, keep: true };
  return { key, end, keep: false, reused: repeatCopy(seen as Remembered<T>, tokens[start]!) };
}

/** The tree remembered under `key`, if one is (a look that changes nothing: plain-card.ts). */
export function remembered<T extends object>(memory: RepeatMemory, key: string): Remembered<T> | undefined {
  return (memory.trees.get(key) ?? undefined) as Remembered<T> | undefined;
}

/** A remembered tree, moved to where `first`, the first token of the same text, stands. */
export function repeatCopy<T extends object>(seen: Remembered<T>, first: RepeatToken): T {
  const line = first.startLine! - seen.line;
  const offset = first.startOffset - seen.offset;
  if (!seen.compilerOnly) return shiftedCopy(seen.node, line, offset);
  // Everything but the clauses is moved; the clauses are the tree's own, `moved` says by how much
  // (clausesOf moves them when they are read).
  const { clauses, ...head } = seen.node as T & { clauses: unknown[] };
  const copy = shiftedCopy(head, line, offset) as unknown as T & { clauses: unknown[]; moved?: { line: number; offset: number } };
  copy.clauses = clauses;
  copy.moved = { line, offset };
  return copy;
}

/**
 * An ability's clauses where it stands: its own, or, for a copy that shares the clauses of the
 * tree it copies (a compiler's parse: RepeatMemory.compilerOnly), those moved to it.
 */
export function clausesOf(a: ActionDecl): Clause[] {
  return a.moved ? shiftedCopy(a.clauses, a.moved.line, a.moved.offset) : a.clauses;
}

/** Keeps the tree of a text seen for the second time (a copy: the parse's own tree is moved later). */
export function keepRepeat(memory: RepeatMemory, key: string, node: object, first: { startLine?: number; startOffset: number }): void {
  memory.trees.set(key, { node: shiftedCopy(node, 0, 0), compilerOnly: memory.compilerOnly, line: first.startLine ?? 1, offset: first.startOffset });
}
