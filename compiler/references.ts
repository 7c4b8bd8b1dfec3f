/**
 * Find all references and rename, for editors: every place in a game's files where a name is
 * used or defined, for the definition go to definition picks (symbols.ts), and the edits that
 * rename a definition with all its uses.
 *
 * Read from the files' tokens (grammar/lexer.ts), so words in comments and strings are never
 * references; the parsed files say which keywords stand as names (a card field `cost`, not the
 * clause `cost { … }`) and where each declaration starts. A name bound inside a declaration —
 * a parameter, `let`, `for each`, `choose`, `using`, `target`, `on moved x`, `on signal e x` —
 * is a local: a use of that word in the binding's block (else anywhere in its declaration)
 * means the local, never a game-level definition of the same name. After a `.` a word is a
 * member: a zone, a player state, a card field or a request state of that name (or a card's
 * own ability, after the card's name); where a type is written, an enum or a card type.
 *
 * Pure functions over texts and ASTs: no file system, no editor.
 */
import type { IToken } from 'chevrotain';
import type * as A from '../grammar/ast.ts';
import { tokenize } from '../grammar/lexer.ts';
import { placeholderPattern } from './ir.ts';
import { indexSymbols, type SymbolIndex, type SymbolInfo } from './symbols.ts';

/** A place in a file; columns 1-based, `endCol` inclusive, offsets 0-based with `endOffset` exclusive (as A.Loc). */
export type Place = A.Loc;

/** A name bound inside a declaration. */
export interface LocalName {
  name: string;
  /** How it is bound: `parameter`, `let`, `for each`, `choose`, `choose order`, `using`, `target`, `on moved`, `on signal`. */
  how: string;
  /** Where it is bound. */
  loc: Place;
  /** Where it means this binding: from the binding to the end of its block (offsets, end exclusive). */
  scope: [number, number];
  /** The declaration it belongs to (offsets): a use elsewhere in it with no binding in scope still means a local. */
  decl: [number, number];
}

export type Target =
  | { kind: 'local'; word: string; local: LocalName }
  | { kind: 'game'; word: string; defs: SymbolInfo[] };

export interface Reference {
  loc: Place;
  /** The place defines the name (a definition, or where a local is bound). */
  definition: boolean;
}

export interface ReferencesResult {
  target: Target;
  references: Reference[];
}

/** One text edit of a rename. */
export interface RenameEdit {
  loc: Place;
  text: string;
}

export type RenameResult = { edits: RenameEdit[]; target: Target } | { refused: string };

/** Where a rename would start: the name under the cursor, or why it cannot be renamed. */
export type RenameLocation = { loc: Place; text: string; target: Target } | { refused: string };

/** The game's files: their texts and their parses (in the same order or not; matched by path). */
export interface GameFiles {
  sources: readonly { path: string; text: string }[];
  files: readonly A.SourceFile[];
  /** The symbol index of `files`, if already built. */
  index?: SymbolIndex;
}

/** A name as written in a file. */
interface Occurrence {
  word: string;
  loc: Place;
  /** Follows a `.`: a member. */
  member: boolean;
  /** The name before the `.`, for a member. */
  receiver?: string;
  /** Written where a type is: means an enum or a card type (or a type of the language). */
  type?: boolean;
}

interface FileNames {
  path: string;
  occurrences: Occurrence[];
  locals: LocalName[];
}

const memberKinds = new Set<SymbolInfo['kind']>(['zone', 'player state', 'card field', 'request state']);
const typeKinds = new Set<SymbolInfo['kind']>(['enum', 'card type']);

const isWord = (t: IToken | undefined): t is IToken => !!t && (t.tokenType.name === 'Identifier' || t.tokenType.name === 'QuotedIdentifier' || t.tokenType.name.startsWith('Kw_'));
const wordOf = (t: IToken) => (t.tokenType.name === 'QuotedIdentifier' ? t.image.slice(1, -1) : t.image);
const is = (t: IToken | undefined, image: string) => !!t && t.tokenType.name !== 'StringLiteral' && t.image === image;

function placeOf(file: string, t: IToken): Place {
  return { file, line: t.startLine ?? 1, col: t.startColumn ?? 1, offset: t.startOffset, endLine: t.endLine ?? t.startLine ?? 1, endCol: t.endColumn ?? t.startColumn ?? 1, endOffset: (t.endOffset ?? t.startOffset) + 1 };
}

/**
 * The offsets where the parser read a name (an AST `Name` or a name expression): keywords there
 * are names. `types`: the names written where a type is (`p: player`, `): labels`, `: Creature {`).
 * `windows`: a window's name (`window attack`), which names only that window and refers to no
 * definition — a card field spelt the same is another thing.
 */
function nameOffsets(file: A.SourceFile | undefined): { names: Set<number>; types: Set<number>; windows: Set<number> } {
  const names = new Set<number>();
  const types = new Set<number>();
  const windows = new Set<number>();
  const isName = (n: Record<string, unknown>) => !!n['loc'] && typeof n['text'] === 'string' && n['kind'] === undefined;
  const walk = (o: unknown): void => {
    if (Array.isArray(o)) {
      for (const x of o) walk(x);
      return;
    }
    if (!o || typeof o !== 'object') return;
    const n = o as Record<string, unknown>;
    const loc = n['loc'] as A.Loc | undefined;
    if (loc && isName(n)) names.add(loc.offset);
    if (loc && n['kind'] === 'name' && typeof n['name'] === 'string') names.add(loc.offset);
    if (n['kind'] === 'window' && n['name'] && typeof n['name'] === 'object') windows.add((n['name'] as A.Name).loc.offset);
    for (const [k, v] of Object.entries(n)) {
      if (k === 'loc' || !v || typeof v !== 'object') continue;
      if ((k === 'type' || k === 'returnType') && isName(v as Record<string, unknown>)) types.add((v as A.Name).loc.offset);
      walk(v);
    }
  };
  walk(file?.decls);
  return { names, types, windows };
}

/**
 * The names inside a log text's or a prompt's placeholders (`"{t} has {t.damage} damage"`): the
 * compiler reads each as an expression (lower.ts placeholders), so they are uses of those names —
 * a rename must rename them too, or the game no longer compiles.
 */
function placeholderOccurrences(path: string, t: IToken): Occurrence[] {
  const out: Occurrence[] = [];
  const line = t.startLine ?? 1;
  const col = t.startColumn ?? 1;
  // Texts are one line (a string literal cannot hold a line break), so a column is the offset's.
  for (const m of t.image.matchAll(placeholderPattern)) {
    let at = m.index! + 1;
    let receiver: string | undefined;
    for (const word of m[1]!.split('.')) {
      const offset = t.startOffset + at;
      out.push({ word, loc: { file: path, line, col: col + at, offset, endLine: line, endCol: col + at + word.length - 1, endOffset: offset + word.length }, member: receiver !== undefined, receiver });
      receiver = word;
      at += word.length + 1;
    }
  }
  return out;
}

/** Reads one file: its names (outside comments and strings) and its local bindings. */
function readFile(path: string, text: string, ast: A.SourceFile | undefined): FileNames {
  const tokens = tokenize(text).tokens;
  const { names: asNames, types, windows } = nameOffsets(ast);
  // A `deck check`'s own words (`deck`, `main`, `side`, `build`, `require`) are plain words that
  // name nothing; its `for each c in …` binds c to the end of its requirement (there is no block).
  const syntaxWords = new Set<number>();
  const eachScope = new Map<number, number>();
  const tokenBefore = (offset: number) => {
    const i = tokens.findIndex((t) => t.startOffset === offset);
    return i > 0 ? tokens[i - 1]!.startOffset : -1;
  };
  for (const d of ast?.decls ?? []) {
    if (d?.kind !== 'deckCheck') continue;
    syntaxWords.add(d.keyword.offset);
    for (const n of [d.main, d.side, d.build]) if (n) syntaxWords.add(tokenBefore(n.loc.offset));
    for (const r of d.requirements) {
      syntaxWords.add(tokenBefore(r.cond.loc.offset));
      if (r.each) eachScope.set(r.loc.offset, r.loc.endOffset);
    }
  }
  // A `match`'s own words (`best`, `between`, `games`, `wins`, outside its `between games` body) name nothing either.
  for (const d of ast?.decls ?? []) {
    if (d?.kind !== 'match') continue;
    const body = d.between?.body ?? [];
    const inBody = (o: number) => body.some((st) => st.loc.offset <= o && o < st.loc.endOffset);
    for (const t of tokens) {
      if (t.startOffset < d.loc.offset || t.startOffset >= (d.loc.endOffset ?? text.length)) continue;
      if (['best', 'between', 'games', 'wins'].includes(t.image) && !inBody(t.startOffset)) syntaxWords.add(t.startOffset);
    }
  }
  // Declarations' starts (by their first recorded place), for the locals' declarations.
  const starts = (ast?.decls ?? []).filter((d): d is A.Decl => !!d).map((d) => Math.min(d.loc.offset, 'name' in d && d.name ? d.name.loc.offset : Infinity));
  starts.sort((a, b) => a - b);
  const declOf = (offset: number): [number, number] => {
    let from = 0;
    let to = text.length;
    for (const s of starts) {
      if (s <= offset) from = s;
      else {
        to = s;
        break;
      }
    }
    return [from, to];
  };

  // Braces: the innermost open `{` before each token, and each `{`'s matching `}`.
  const open: number[] = new Array(tokens.length).fill(-1);
  const close = new Map<number, number>();
  const stack: number[] = [];
  tokens.forEach((t, i) => {
    open[i] = stack.length ? stack[stack.length - 1]! : -1;
    if (t.image === '{' && t.tokenType.name === 'LBrace') stack.push(i);
    else if (t.image === '}' && t.tokenType.name === 'RBrace' && stack.length) close.set(stack.pop()!, i);
  });
  const endOfBlock = (k: number, decl: [number, number]): number => {
    const o = open[k]!;
    const c = o >= 0 ? close.get(o) : undefined;
    return c === undefined ? decl[1] : (tokens[c]!.endOffset ?? tokens[c]!.startOffset) + 1;
  };
  /** The end of the block opened by the first `{` after token k (a `for each` body, an ability's body). */
  const endOfNextBlock = (k: number, decl: [number, number]): number => {
    for (let j = k + 1; j < tokens.length && tokens[j]!.startOffset < decl[1]; j++) {
      if (tokens[j]!.tokenType.name === 'LBrace') {
        const c = close.get(j);
        return c === undefined ? decl[1] : (tokens[c]!.endOffset ?? tokens[c]!.startOffset) + 1;
      }
    }
    return decl[1];
  };

  const occurrences: Occurrence[] = [];
  const locals: LocalName[] = [];
  const bind = (k: number, how: string, scopeEnd?: number) => {
    const t = tokens[k]!;
    const decl = declOf(t.startOffset);
    locals.push({ name: wordOf(t), how, loc: placeOf(path, t), scope: [t.startOffset, scopeEnd ?? endOfBlock(k, decl)], decl });
  };

  // The line of the last `choose`: a text on it is the choice's prompt, whose placeholders are names.
  let chooseLine = -1;
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k]!;
    if (t.tokenType.name === 'StringLiteral' && (is(tokens[k - 1], 'log') || t.startLine === chooseLine)) {
      occurrences.push(...placeholderOccurrences(path, t));
      continue;
    }
    if (t.image === 'choose' && t.tokenType.name.startsWith('Kw_')) chooseLine = t.startLine ?? -1;
    if (!isWord(t) || windows.has(t.startOffset) || syntaxWords.has(t.startOffset)) continue;
    const keyword = t.tokenType.name.startsWith('Kw_');
    if (!keyword || asNames.has(t.startOffset)) {
      const dot = tokens[k - 1]?.tokenType.name === 'Dot';
      const before = tokens[k - 2];
      const o: Occurrence = { word: wordOf(t), loc: placeOf(path, t), member: dot, receiver: dot && isWord(before) ? wordOf(before) : undefined };
      if (types.has(t.startOffset)) o.type = true;
      occurrences.push(o);
    }
    if (!keyword) continue;
    const n1 = tokens[k + 1];
    const n2 = tokens[k + 2];
    const n3 = tokens[k + 3];
    switch (t.image) {
      case 'function':
      case 'procedure':
        // Parameters: `procedure damage(p: player, n: number)`; they mean themselves in the whole declaration.
        if (isWord(n1) && is(n2, '(')) {
          for (let j = k + 3; j + 2 < tokens.length && !is(tokens[j], ')') && !is(tokens[j], '{'); j++) {
            if (isWord(tokens[j]) && is(tokens[j + 1], ':') && isWord(tokens[j + 2])) {
              bind(j, 'parameter', declOf(tokens[j]!.startOffset)[1]);
              j += 2;
            }
          }
        }
        break;
      case 'let':
        if (isWord(n1) && is(n2, '=')) bind(k + 1, 'let');
        break;
      case 'for':
        if (is(n1, 'each') && isWord(n2) && is(n3, 'in')) bind(k + 2, 'for each', eachScope.get(t.startOffset) ?? endOfNextBlock(k + 2, declOf(n2.startOffset)));
        break;
      case 'choose':
        if (is(n1, 'order') && isWord(n2) && is(n3, 'from')) bind(k + 2, 'choose order');
        else if (isWord(n1) && is(n2, ':')) bind(k + 1, 'choose');
        break;
      case 'using':
      case 'target':
        if (isWord(n1) && is(n2, ':')) bind(k + 1, t.image);
        break;
      case 'on': {
        const card = is(n1, 'moved') ? k + 2 : is(n1, 'signal') ? k + 3 : -1;
        const c = tokens[card];
        if (card > 0 && isWord(c) && c.image !== 'this') bind(card, `on ${n1!.image}`);
        // `on signal damaged p, n`: every name after a comma is bound too.
        if (is(n1, 'signal')) for (let j = card + 1; is(tokens[j], ',') && isWord(tokens[j + 1]); j += 2) bind(j + 1, 'on signal');
        break;
      }
    }
  }
  return { path, occurrences, locals };
}

const key = (l: { file: string; offset: number }) => `${l.file}\u0000${l.offset}`;

/** The references and renames of one game's files (build once per version of the texts). */
export class GameNames {
  readonly index: SymbolIndex;
  private readonly byPath = new Map<string, FileNames>();
  private readonly abilityAt = new Map<string, SymbolInfo>();

  /** In a revision, `amend ability X` and `remove ability X` inside `amend card C`: the ability `C.X` they name. */
  private readonly abilityNamedAt = new Map<string, string>();

  constructor(private readonly game: GameFiles) {
    this.index = game.index ?? indexSymbols(game.files);
    for (const s of this.index.all) if (s.kind === 'ability') this.abilityAt.set(key(s.loc), s);
    for (const f of game.files) {
      for (const d of f?.decls ?? []) {
        if (d?.kind !== 'amend' || d.what !== 'card') continue;
        for (const a of d.amendAbilities ?? []) this.abilityNamedAt.set(key(a.name.loc), `${d.name.text}.${a.name.text}`);
        for (const r of d.removes ?? []) if (r.what === 'ability') this.abilityNamedAt.set(key(r.name.loc), `${d.name.text}.${r.name.text}`);
      }
    }
  }

  private file(path: string): FileNames | undefined {
    let f = this.byPath.get(path);
    if (!f) {
      const src = this.game.sources.find((s) => s.path === path);
      if (!src) return undefined;
      f = readFile(path, src.text, this.game.files.find((a) => a?.file === path));
      this.byPath.set(path, f);
    }
    return f;
  }

  /** The name at a 0-based offset of a file (on it, or just after it). */
  private occurrenceAt(path: string, offset: number): { file: FileNames; occ: Occurrence } | undefined {
    const file = this.file(path);
    if (!file) return undefined;
    const occ = file.occurrences.find((o) => o.loc.offset <= offset && offset < o.loc.endOffset) ?? file.occurrences.find((o) => o.loc.endOffset === offset);
    return occ && { file, occ };
  }

  /** What a name means where it is written: a local, the game's definitions, or nothing the game defines. */
  private resolve(file: FileNames, o: Occurrence): Target | undefined {
    if (o.member) {
      let defs: SymbolInfo[] = [];
      if (o.receiver !== undefined) {
        defs = this.index.byName.get(`${o.receiver}.${o.word}`)?.filter((s) => s.kind === 'ability') ?? [];
        if (defs.length === 0 && this.index.byName.get(o.receiver)?.some((s) => s.kind === 'enum')) {
          defs = (this.index.byName.get(o.word) ?? []).filter((s) => s.kind === 'enum value' && s.detail === `${o.receiver}.${o.word}`);
        }
      }
      // (A numbered label is a member of cards too: `c.先制` is the label 先制's number.)
      if (defs.length === 0) defs = (this.index.byName.get(o.word) ?? []).filter((s) => memberKinds.has(s.kind) || (s.kind === 'label' && s.owner === 'card'));
      return defs.length ? { kind: 'game', word: o.word, defs } : undefined;
    }
    if (o.type) {
      const defs = (this.index.byName.get(o.word) ?? []).filter((s) => typeKinds.has(s.kind));
      return defs.length ? { kind: 'game', word: o.word, defs } : undefined;
    }
    const local = localFor(file, o);
    if (local) return { kind: 'local', word: o.word, local };
    // An ability's own name, inside its card: `action 火炎` → `ファイアドラゴン.火炎` (even when a
    // game-level name is spelt the same: `action 防衛` of a card whose timing is the enum value 防衛).
    const ability = this.abilityAt.get(key(o.loc));
    const named = this.abilityNamedAt.get(key(o.loc));
    const defs = ability ? [ability] : named ? (this.index.byName.get(named) ?? []).filter((s) => s.kind === 'ability') : (this.index.byName.get(o.word) ?? []);
    return defs.length ? { kind: 'game', word: o.word, defs } : undefined;
  }

  /** What the name at a place means; undefined when there is no name there or the game does not define it. */
  targetAt(path: string, offset: number): { target?: Target; occ?: Occurrence } {
    const at = this.occurrenceAt(path, offset);
    if (!at) return {};
    return { target: this.resolve(at.file, at.occ), occ: at.occ };
  }

  /** Every place that uses or defines the name at a place, across the game's files, in file order. */
  referencesAt(path: string, offset: number): ReferencesResult | undefined {
    const { target } = this.targetAt(path, offset);
    return target && { target, references: this.references(target) };
  }

  references(target: Target): Reference[] {
    const out: Reference[] = [];
    if (target.kind === 'local') {
      const file = this.file(target.local.loc.file)!;
      const [from, to] = target.local.decl;
      for (const o of file.occurrences) {
        if (o.word !== target.word || o.loc.offset < from || o.loc.offset >= to) continue;
        const t = this.resolve(file, o);
        if (t?.kind === 'local' && t.local === target.local) out.push({ loc: o.loc, definition: o.loc.offset === target.local.loc.offset });
      }
      return out;
    }
    const wanted = new Set(target.defs.map((d) => key(d.loc)));
    for (const src of this.game.sources) {
      const file = this.file(src.path)!;
      for (const o of file.occurrences) {
        if (o.word !== target.word) continue;
        const t = this.resolve(file, o);
        if (t?.kind === 'game' && t.defs.some((d) => wanted.has(key(d.loc)))) out.push({ loc: o.loc, definition: wanted.has(key(o.loc)) });
      }
    }
    return out;
  }

  /** The name a rename at this place would change, or why it cannot. */
  renameLocation(path: string, offset: number): RenameLocation {
    const { target, occ } = this.targetAt(path, offset);
    if (!occ) return { refused: 'Put the cursor on a name to rename it (words in comments and strings are not names).' };
    if (!target) return { refused: `'${occ.word}' is not defined by this game (it is part of the language): only the game's own names can be renamed.` };
    // The card value named `labels` is what `has` and labels() read, by that name: renamed, every `has` would find none.
    if (target.kind === 'game' && occ.word === 'labels' && target.defs.some((d) => d.kind === 'card field')) {
      return { refused: "'labels' is the card value that `c has L` and labels(c) read (docs/language.md, Enums and labels): renamed, no card would have any label. Keep the name." };
    }
    return { loc: occ.loc, text: occ.word, target };
  }

  /** The edits that rename the name at a place, everywhere it is used; or why they would break the game. */
  rename(path: string, offset: number, newName: string): RenameResult {
    const at = this.renameLocation(path, offset);
    if ('refused' in at) return at;
    const valid = validName(newName);
    if ('refused' in valid) return valid;
    const { target } = at;
    const clash = this.clash(target, valid.name);
    if (clash) return { refused: clash };
    const texts = new Map(this.game.sources.map((s) => [s.path, s.text]));
    const edits = this.references(target)
      .filter((r) => texts.get(r.loc.file)?.slice(r.loc.offset, r.loc.endOffset) !== valid.text)
      .map((r) => ({ loc: r.loc, text: valid.text }));
    return { edits, target };
  }

  /** Why renaming `target` to `name` would change what some word means; undefined when it would not. */
  private clash(target: Target, name: string): string | undefined {
    if (name === target.word) return undefined;
    const where = (l: Place) => `${l.file}:${l.line}:${l.col}`;
    if (target.kind === 'local') {
      const other = this.index.byName.get(name)?.[0];
      if (other) return `'${name}' already names the ${other.kind} ${other.name} (${where(other.loc)}): pick another name.`;
      const [from, to] = target.local.scope;
      const file = this.file(target.local.loc.file)!;
      const near = file.locals.find((l) => l.name === name && l.decl[0] === target.local.decl[0] && l.scope[0] < to && from < l.scope[1]);
      if (near) return `'${name}' is already a local name here (${where(near.loc)}): pick another name.`;
      return undefined;
    }
    const wanted = new Set(target.defs.map((d) => key(d.loc)));
    const abilityOf = target.defs.find((d) => d.kind === 'ability');
    const taken = abilityOf
      ? this.index.byName.get(`${abilityOf.name.slice(0, abilityOf.name.lastIndexOf('.'))}.${name}`)
      : this.index.byName.get(name);
    const other = taken?.find((d) => !wanted.has(key(d.loc)));
    if (other) return `'${name}' already names the ${other.kind} ${other.name} (${where(other.loc)}): renaming would mix them up.`;
    // A use inside the scope of a local of the new name would then mean the local.
    for (const r of this.references(target)) {
      const file = this.file(r.loc.file)!;
      const o = file.occurrences.find((x) => x.loc.offset === r.loc.offset);
      if (!o || o.member) continue;
      const captor = localFor(file, { ...o, word: name });
      if (captor) return `'${name}' is a local name at ${where(captor.loc)}, where ${target.word} is used: renaming would make that use mean the local.`;
    }
    return undefined;
  }
}

/** The local a (non-member) word means at its place: the innermost binding in scope, else one in its declaration. */
function localFor(file: FileNames, o: Occurrence): LocalName | undefined {
  let best: LocalName | undefined;
  for (const l of file.locals) {
    if (l.name !== o.word || o.loc.offset < l.scope[0] || o.loc.offset >= l.scope[1]) continue;
    if (!best || l.scope[0] > best.scope[0]) best = l;
  }
  if (best) return best;
  // Bound in the enclosing declaration but not in scope here (a use before its `let`, say): still
  // a local — the last one bound before the use, else the first.
  const bound = file.locals.filter((l) => l.name === o.word && l.decl[0] <= o.loc.offset && o.loc.offset < l.decl[1]);
  return bound.filter((l) => l.loc.offset <= o.loc.offset).at(-1) ?? bound[0];
}

/**
 * Whether `text` can be a name: it must lex as a single name token. A keyword must be quoted
 * (`` `end` ``). Returns the name and the text to write.
 */
export function validName(text: string): { name: string; text: string } | { refused: string } {
  const s = text.trim();
  if (s === '') return { refused: 'A name cannot be empty.' };
  const r = tokenize(s);
  const t = r.tokens[0];
  const comments = Object.values(r.groups).some((g) => g.length > 0);
  if (r.errors.length || comments || r.tokens.length !== 1 || !t || t.image.length !== s.length) {
    return { refused: `'${s}' is not a valid name: a name starts with a letter, a symbol such as ♠ or _, and goes on with letters, digits, symbols, _, ・ or ー (no spaces).` };
  }
  if (t.tokenType.name.startsWith('Kw_')) return { refused: `'${s}' is a keyword of the language: write it in backquotes (\`${s}\`) to use it as a name.` };
  if (t.tokenType.name === 'QuotedIdentifier') return { name: t.image.slice(1, -1), text: s };
  if (t.tokenType.name === 'Identifier') return { name: s, text: s };
  return { refused: `'${s}' is not a valid name.` };
}

/** Applies rename edits to texts (for tests and tools): the new text of every file that changes. */
export function applyEdits(sources: readonly { path: string; text: string }[], edits: readonly RenameEdit[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const src of sources) {
    const mine = edits.filter((e) => e.loc.file === src.path).sort((a, b) => b.loc.offset - a.loc.offset);
    if (mine.length === 0) continue;
    let text = src.text;
    for (const e of mine) text = text.slice(0, e.loc.offset) + e.text + text.slice(e.loc.endOffset);
    out.set(src.path, text);
  }
  return out;
}
