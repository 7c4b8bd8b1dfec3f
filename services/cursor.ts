/**
 * What surrounds a place in a .grim file, read with the language's own lexer (grammar/lexer.ts):
 * the word there, whether it is in a comment or a string, whether it follows `x.` (and what `x`
 * probably is), and the local names in scope — the parameters of the enclosing function or
 * procedure and the names bound before it (`let`, `for each`, `using`, `target`, `choose`,
 * `on moved x`, `on signal e x`), each with a guessed type.
 *
 * Runs on the page (see language-services.ts for why), so it reads little: from the last line
 * that opens a declaration at column 0 (`action …`, `card …`) to the place — the size of one
 * declaration, whatever the size of the file.
 */
import type { IToken } from 'chevrotain';
import { tokenize } from '../grammar/lexer.ts';
import type { SymbolInfo } from '../compiler/symbols.ts';
import type { NameTable } from './names.ts';
import { builtInCardFields, builtInFunctions, builtInRequestParts, builtInValues, chainStart, chainType, elementOf, isName, type BuiltIn, type Tok, type Ty, type TypeEnv } from './types.ts';

/** A local name: a parameter, or a name bound inside a declaration. */
export interface Binding {
  name: string;
  type: Ty;
  /** How it is bound: `parameter`, `let`, `for each`, `using`, `target`, `choose`, `choose order`, `on moved`, `on signal`. */
  how: string;
  /** The declaration it belongs to, e.g. `procedure damage`. */
  owner: string;
  /** Where it is bound: 1-based line and column, 0-based offsets (end exclusive). */
  line: number;
  col: number;
  start: number;
  end: number;
}

export interface CursorContext {
  /** Inside a comment or a string: nothing to complete. */
  inert: boolean;
  /** The part of a name typed before the cursor ('' after a dot or a space). */
  word: string;
  /** After `x.`: what `x` probably is — or the card whose abilities are offered (`ファイアドラゴン.`). */
  member?: { type: Ty; card?: string };
  /** Where a type is written (`p: |`, `attr rank: |`, `): |`). */
  typePosition: boolean;
  /** The (up to five) tokens before the word, nearest last: `['on', 'resolved']`. */
  before: string[];
  /**
   * Inside a `face { … }` block: `item` where an item begins (a region, `colour`, `show`,
   * `frame`), `part` where a region's content goes (after `=`, `,` or `of`).
   */
  face?: 'item' | 'part';
  bindings: Binding[];
}

/** What a name at a place means: a local name, the game's definitions, or a built-in. */
export interface SymbolAt {
  word: string;
  /** 0-based offsets of the word in the text (end exclusive). */
  start: number;
  end: number;
  binding?: Binding;
  defs: SymbolInfo[];
  builtIn?: BuiltIn;
}

const declarationWords = new Set(['game', 'revision', 'override', 'amend', 'remove', 'param', 'enum', 'label', 'zone', 'card', 'player', 'global', 'request', 'function', 'procedure', 'action', 'trigger', 'event', 'check', 'evaluate', 'setup', 'turn', 'face']);
const memberKinds = new Set<SymbolInfo['kind']>(['zone', 'player state', 'card field', 'request state']);

function toTok(t: IToken, base: number, lineBase: number): Tok {
  const type = t.tokenType.name;
  const kind: Tok['kind'] =
    type === 'Identifier' || type === 'QuotedIdentifier' ? 'name' : type.startsWith('Kw_') ? 'keyword' : type === 'NumberLiteral' ? 'number' : type === 'StringLiteral' ? 'string' : 'punct';
  const image = type === 'QuotedIdentifier' ? t.image.slice(1, -1) : t.image;
  return { image, kind, start: base + t.startOffset, end: base + (t.endOffset ?? t.startOffset) + 1, line: lineBase + (t.startLine ?? 1), col: t.startColumn ?? 1 };
}

/** A line that opens a declaration at column 0. */
const declarationLine = /(?:override[ \t]+)?(?:deck[ \t]+check|game|revision|remove|amend|param|enum|label|zone|card|player|global|request|function|procedure|action|trigger|event|check|evaluate|setup|turn|face)(?![\p{L}\p{N}\p{So}\p{M}_・ー])/uy;

/** Where to start reading for a place: the last line at or before it that opens a declaration at column 0 (else 0). */
export function regionStart(text: string, offset: number): number {
  let end = Math.min(offset, text.length);
  for (;;) {
    const lineStart = end > 0 ? text.lastIndexOf('\n', end - 1) + 1 : 0;
    declarationLine.lastIndex = lineStart;
    if (lineStart === 0 || declarationLine.test(text)) return lineStart;
    end = lineStart - 1;
  }
}

/**
 * The tokens of `text` from `from` to `to` (positions as in the whole text), and whether `to`
 * lies inside a comment or an unterminated string.
 */
export function lex(text: string, from = 0, to = text.length): { tokens: Tok[]; endsInert: boolean } {
  const part = text.slice(from, to);
  const r = tokenize(part);
  let lines = 0;
  for (let i = text.indexOf('\n'); i >= 0 && i < from; i = text.indexOf('\n', i + 1)) lines++;
  const tokens = r.tokens.map((t) => toTok(t, from, lines));
  const lastComment = r.groups['comments']?.at(-1);
  let endsInert = !!lastComment && lastComment.image.startsWith('//') && (lastComment.endOffset ?? 0) + 1 === part.length;
  // An unclosed block comment lexes as `/` `*`; an unclosed string as an error at its quote.
  for (let i = 1; i < tokens.length && !endsInert; i++) {
    if (tokens[i - 1]!.image === '/' && tokens[i]!.image === '*' && tokens[i - 1]!.end === tokens[i]!.start) endsInert = true;
  }
  const lineStart = part.lastIndexOf('\n') + 1;
  if (r.errors.some((e) => e.offset >= lineStart && part[e.offset] === '"')) endsInert = true;
  return { tokens, endsInert };
}

const punct = (t: Tok | undefined, c: string) => t?.kind === 'punct' && t.image === c;
const word = (t: Tok | undefined, w: string) => t !== undefined && t.kind !== 'string' && t.image === w;

/** The first token of the declaration that token `upto` belongs to (a declaration word at depth 0 opening its line). */
export function declarationStart(tokens: readonly Tok[], upto: number): number {
  let depth = 0;
  let start = 0;
  for (let i = 0; i < upto && i < tokens.length; i++) {
    const t = tokens[i]!;
    if (depth === 0 && t.kind === 'keyword' && declarationWords.has(t.image) && (i === 0 || tokens[i - 1]!.line < t.line)) start = i;
    if (punct(t, '{')) depth++;
    else if (punct(t, '}')) depth = Math.max(0, depth - 1);
  }
  return start;
}

/** The local names in scope before token `upto`, reading the declaration that starts at `from`. */
export function bindingsBefore(tokens: readonly Tok[], from: number, upto: number, names: NameTable): Binding[] {
  const scope: { b: Binding; depth: number }[] = [];
  const env: TypeEnv = { local: (n) => lastOf(scope, (s) => s.b.name === n)?.b.type, names };
  let head = from;
  if (word(tokens[head], 'override') || word(tokens[head], 'amend')) head++;
  const owner = [tokens[head], tokens[head + 1]].filter(isName).map((t) => t.image).join(' ');
  const add = (t: Tok, type: Ty, how: string, depth: number) =>
    scope.push({ b: { name: t.image, type, how, owner, line: t.line, col: t.col, start: t.start, end: t.end }, depth });

  // Parameters: `function f(p: player, n: number)`, `procedure g(c: card)`.
  if ((word(tokens[head], 'function') || word(tokens[head], 'procedure')) && punct(tokens[head + 2], '(')) {
    for (let j = head + 3; j + 2 < tokens.length && !punct(tokens[j], ')'); j++) {
      if (isName(tokens[j]) && punct(tokens[j + 1], ':') && isName(tokens[j + 2])) {
        add(tokens[j]!, tokens[j + 2]!.image, 'parameter', 0);
        j += 2;
      }
    }
  } else if (word(tokens[from], 'amend') && (word(tokens[head], 'function') || word(tokens[head], 'procedure')) && isName(tokens[head + 1])) {
    // `amend procedure build_deck { … }` keeps the base's parameters: they are in scope in the new
    // body, bound (for the editor) where the amend names the procedure.
    const def = names.get(tokens[head + 1]!.image).find((d) => d.kind === tokens[head]!.image);
    const params = /\(([^)]*)\)/.exec(def?.detail ?? '')?.[1] ?? '';
    for (const p of params.split(',')) {
      const m = /^\s*(\S+):\s*(\S+)\s*$/.exec(p);
      if (m) add({ ...tokens[head + 1]!, image: m[1]! }, m[2]!, 'parameter', 0);
    }
  }

  let depth = 0;
  for (let k = from; k < upto; k++) {
    const t = tokens[k]!;
    if (punct(t, '{')) depth++;
    else if (punct(t, '}')) {
      depth--;
      while (scope.length && scope[scope.length - 1]!.depth > depth) scope.pop();
    }
    if (t.kind !== 'keyword') continue;
    const n1 = tokens[k + 1];
    const n2 = tokens[k + 2];
    switch (t.image) {
      case 'let':
        if (isName(n1) && punct(n2, '=') && k + 1 < upto) add(n1, chainType(tokens, k + 3, env).type, 'let', depth);
        break;
      case 'for':
        if (word(n1, 'each') && isName(n2) && word(tokens[k + 3], 'in') && k + 2 < upto) add(n2, elementOf(chainType(tokens, k + 4, env).type), 'for each', depth + 1);
        break;
      case 'choose':
        if (word(n1, 'order') && isName(n2) && word(tokens[k + 3], 'from') && k + 2 < upto) {
          add(n2, listType(chainType(tokens, k + 4, env).type), 'choose order', depth);
          break;
        }
      // falls through: `choose x: N from …` binds like `using` and `target`
      case 'using':
      case 'target':
        if (isName(n1) && punct(n2, ':') && k + 1 < upto) {
          let f = k + 3;
          while (f < tokens.length && f < k + 16 && !word(tokens[f], 'from') && !punct(tokens[f], '{') && !punct(tokens[f], '}')) f++;
          const single = f === k + 4 && tokens[k + 3]!.image === '1';
          const source = word(tokens[f], 'from') ? chainType(tokens, f + 1, env).type : 'unknown';
          const element = elementOf(source) !== 'unknown' ? elementOf(source) : t.image === 'using' ? 'card' : 'unknown';
          add(n1, single ? element : listType(source), t.image, depth);
        }
        break;
      case 'on': {
        // `on moved c from …`, `on signal destroyed c` (not `this`: that is the card itself).
        const card = word(n1, 'moved') ? n2 : word(n1, 'signal') ? tokens[k + 3] : undefined;
        if (isName(card) && card.image !== 'this' && card.start < (tokens[upto]?.start ?? Infinity)) add(card, 'card', `on ${n1!.image}`, depth);
        // `on signal damaged p, n`: the names after commas (their kinds are the event's; shown unknown here).
        if (word(n1, 'signal')) for (let j = k + 4; punct(tokens[j], ',') && isName(tokens[j + 1]) && tokens[j + 1]!.start < (tokens[upto]?.start ?? Infinity); j += 2) add(tokens[j + 1]!, 'unknown', 'on signal', depth);
        break;
      }
    }
  }
  return scope.map((s) => s.b);
}

/** The last element that passes (Array.prototype.findLast is ES2023). */
function lastOf<T>(list: readonly T[], test: (x: T) => boolean): T | undefined {
  for (let i = list.length - 1; i >= 0; i--) if (test(list[i]!)) return list[i];
  return undefined;
}

function listType(source: Ty): Ty {
  return source === 'zone' ? 'cards' : source;
}

const listFunctions = new Set(['sum', 'max', 'min', 'any', 'all', 'all_same', 'distinct', 'sorted']);

/** What `it` is at token `at`: the element of the list before the nearest `where`, or of a list function's first argument. */
function itType(tokens: readonly Tok[], at: number, env: TypeEnv): Ty {
  let depth = 0;
  for (let j = at - 1; j >= 0 && j > at - 300; j--) {
    const t = tokens[j]!;
    if (punct(t, '{') || punct(t, '}')) break;
    if (punct(t, ')') || punct(t, ']')) depth++;
    else if (punct(t, '(') || punct(t, '[')) {
      if (depth > 0) depth--;
      else if (isName(tokens[j - 1]) && listFunctions.has(tokens[j - 1]!.image)) {
        const el = elementOf(chainType(tokens, j + 1, env).type);
        if (el !== 'unknown') return el;
      }
    } else if (depth === 0 && word(t, 'where')) {
      const s = chainStart(tokens, j - 1);
      const el = s >= 0 ? elementOf(chainType(tokens, s, env, j).type) : 'unknown';
      return el === 'unknown' ? 'card' : el;
    }
  }
  return 'card';
}

/** The receiver of a member access whose dot is token `dot`: its type, or the card whose abilities follow. */
function receiverAt(tokens: readonly Tok[], dot: number, env: TypeEnv): { type: Ty; card?: string } | undefined {
  const start = chainStart(tokens, dot - 1);
  if (start < 0) return undefined;
  const first = tokens[start]!;
  if (start === dot - 1) {
    if (!env.local(first.image) && env.names.abilities.has(first.image) && !env.names.find(first.image, 'zone', 'player state', 'card field', 'global state')) {
      return { type: 'unknown', card: first.image };
    }
    if (first.image === 'it' && !env.local('it')) return { type: itType(tokens, start, env) };
  }
  return { type: chainType(tokens, start, env, dot).type };
}

/** The completion context at a 0-based offset of a file's text. */
export function cursorContext(text: string, offset: number, names: NameTable): CursorContext {
  const { tokens, endsInert } = lex(text, regionStart(text, offset), offset);
  const last = tokens[tokens.length - 1];
  const typing = isName(last) && last.end === offset ? last : undefined;
  const k = typing ? tokens.length - 1 : tokens.length;
  const from = declarationStart(tokens, k);
  const bindings = bindingsBefore(tokens, from, k, names);
  const env: TypeEnv = { local: (n) => lastOf(bindings, (b) => b.name === n)?.type, names };
  const ctx: CursorContext = {
    inert: endsInert,
    word: typing?.image ?? '',
    typePosition: false,
    before: tokens.slice(Math.max(0, k - 5), k).map((t) => t.image),
    bindings,
  };
  const prev = tokens[k - 1];
  const head = word(tokens[from], 'override') || word(tokens[from], 'amend') ? from + 1 : from;
  if (word(tokens[head], 'face')) {
    // Depth 1 is the face's own block; 2 is a `{ value "…" }` list.
    const depth = tokens.slice(head, k).reduce((d, t) => d + (punct(t, '{') ? 1 : punct(t, '}') ? -1 : 0), 0);
    const lineStart = !!prev && (punct(prev, '{') || /\n/.test(text.slice(prev.end, typing ? typing.start : offset)));
    if (depth === 1 && (punct(prev, '=') || punct(prev, ',') || word(prev, 'of'))) ctx.face = 'part';
    else if (depth === 1 && lineStart) ctx.face = 'item';
  }
  if (punct(prev, '.') && (!typing || typing.start === prev.end)) ctx.member = receiverAt(tokens, k - 1, env) ?? { type: 'unknown' };
  if (punct(prev, ':')) {
    const p2 = tokens[k - 2];
    const p3 = tokens[k - 3];
    ctx.typePosition = punct(p2, ')') || p2?.kind === 'string' || (isName(p2) && !(p3 && ['using', 'target', 'choose'].includes(p3.image)));
  }
  return ctx;
}

/** The name at a 0-based offset (or just before it) and what it means there. */
export function symbolAt(text: string, offset: number, names: NameTable): SymbolAt | null {
  const lineEnd = text.indexOf('\n', offset);
  const { tokens } = lex(text, regionStart(text, offset), lineEnd < 0 ? text.length : lineEnd);
  let k = tokens.findIndex((t) => t.start <= offset && offset < t.end);
  if (k < 0) k = tokens.findIndex((t) => t.end === offset);
  const t = tokens[k];
  if (!isName(t)) return null;
  const at: SymbolAt = { word: t.image, start: t.start, end: t.end, defs: [] };
  const from = declarationStart(tokens, k);
  const bindings = bindingsBefore(tokens, from, k + 1, names);
  const env: TypeEnv = { local: (n) => lastOf(bindings, (b) => b.name === n)?.type, names };

  if (punct(tokens[k - 1], '.') && tokens[k - 1]!.end === t.start) {
    const receiver = receiverAt(tokens, k - 1, env);
    if (receiver?.card) {
      at.defs = names.get(`${receiver.card}.${t.image}`);
      return at;
    }
    at.defs = names.get(t.image).filter((s) => memberKinds.has(s.kind));
    if (at.defs.length === 0) {
      const parts = receiver?.type === 'card' ? builtInCardFields : receiver?.type === 'request' ? builtInRequestParts : [...builtInCardFields, ...builtInRequestParts];
      at.builtIn = parts.find((b) => b.name === t.image);
    }
    return at;
  }
  at.binding = lastOf(bindings, (b) => b.name === t.image);
  if (at.binding) return at;
  at.defs = names.get(t.image);
  if (at.defs.length === 0) {
    // An ability's own name, inside its card: `action 火炎` → `ファイアドラゴン.火炎`.
    at.defs = [...names.abilities.values()].flat().filter((s) => s.name.endsWith(`.${t.image}`) && s.loc.offset === t.start);
  }
  if (at.defs.length === 0) {
    const next = tokens[k + 1];
    // `turn` and `players` are also structure: `limit 1 per turn`, `on turn start`, `turn {`, `players 2`.
    const structure = t.kind === 'keyword' && (['per', 'on', 'end', 'of'].includes(tokens[k - 1]?.image ?? '') || next?.kind === 'number' || ['{', 'cite', 'start', 'end'].includes(next?.image ?? ''));
    if (punct(next, '(')) at.builtIn = builtInFunctions.find((f) => f.name === t.image);
    else if (!structure) at.builtIn = builtInValues.find((v) => v.name === t.image);
  }
  return at;
}
