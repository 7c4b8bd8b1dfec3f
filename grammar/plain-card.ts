/**
 * A plain card read by hand: the parser's fast path for the commonest declaration of a card pool.
 *
 * Why: most of a pool is cards like `card C1 "Goblin": Creature { cost = 3 keywords = [速攻] }`,
 * and chevrotain reads each member of such a card through a choice of six alternatives (four of
 * them gated), an `expression` rule and the rule calls around it — each call allocating its
 * alternatives and closures. Here a loop over the tokens reads the same card and builds the node
 * chevrotain's rules would build (parser-cards.ts `cardDecl`, parser-declarations.ts
 * `declaration`), field for field and in the same order of keys.
 *
 * Only what is certain is read: `[override] card <name> ["title"] : <type> [cite "…"] { … }` whose
 * members are values that are one number, string, name, `true`/`false`/`none` or a list of lone
 * numbers, strings and names (`cost = 3`, `keywords = [速攻, 飛行]`), printed text (`text "…"`), and
 * abilities already parsed earlier in the file (repeats.ts: the remembered tree, copied). Anything
 * else — an aura, a template's use, a state, an expression, an ability met for the first or second
 * time, a token out of place — returns null having changed nothing, and chevrotain reads the card,
 * so every error, message and recovery is chevrotain's. What can continue an operand is the
 * grammar's own answer (parser.ts `continuesOperand`), as for `loneOperand`.
 *
 * In a compile's own parse (repeats.ts `compilerOnly`), the card's names and values are packed
 * (packed-card.ts): the same interface in less memory, read values made on demand.
 *
 * test/plain-card.test.ts compares the two ways on every rules and cards file, on a generated pool
 * and on cards altered token by token; test/packed-card.test.ts compares packed cards with them.
 */
import type { IToken } from 'chevrotain';
import * as T from './tokens.ts';
import type * as A from './ast.ts';
import { repeatCopy, repeatKey, remembered, type RepeatMemory, type Remembered } from './repeats.ts';
import { ITEM, PackedValue, TokenName, type PackedItems, type PackedKind } from './packed-card.ts';

/** What the reader needs of the parse (parser-cards.ts hands it over). */
export interface PlainCardInput {
  tokens: readonly IToken[];
  /** The index of the card's first token (`override` or `card`). */
  start: number;
  file: string;
  text: string;
  textOffset: number;
  repeats: RepeatMemory;
  /** Per lone operand kind (number, string, name), by token type index: may this token continue it? */
  continuesOperand: boolean[][];
}

const K = T.Keyword;

/** A token in the Identifier category (keywords are too: they stand wherever a name does). */
function isName(t: IToken | undefined): t is IToken {
  return t !== undefined && (t.tokenType === T.Identifier || T.Identifier.categoryMatchesMap![t.tokenTypeIdx] === true);
}

function isAbilityWord(t: IToken): boolean {
  return t.tokenType === K.action || t.tokenType === K.trigger || t.tokenType === K.instead;
}

function unquote(image: string): string {
  return image.slice(1, -1).replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));
}

/** The card and the index of its closing brace, or null where chevrotain must read it. */
export function readPlainCard(input: PlainCardInput): { decl: A.CardDecl; end: number } | null {
  const { tokens, file } = input;
  const continuesName = input.continuesOperand[2]!;
  // A compile's own parse (repeats.ts `compilerOnly`): names and values packed (packed-card.ts).
  const interned = input.repeats.compilerOnly ? input.repeats.names : null;
  const loc = (s: IToken, e: IToken): A.Loc => ({ file, line: s.startLine!, col: s.startColumn!, offset: s.startOffset, endLine: e.endLine!, endCol: e.endColumn!, endOffset: e.endOffset! + 1 });
  const nameOf = (t: IToken, intern = false): A.Name => {
    const text = t.tokenType === T.QuotedIdentifier ? t.image.slice(1, -1) : t.image;
    if (!interned) return { text, loc: loc(t, t) };
    return new TokenName(intern ? internedText(interned, text) : text, file, t.startLine!, t.startColumn!, t.startOffset, t.image.length);
  };
  let i = input.start;
  const first = tokens[i]!;
  let override = false;
  if (first.tokenType === K.override) {
    override = true;
    i++;
  }
  if (tokens[i]?.tokenType !== K.card) return null;
  i++;
  // `card type …` is a card type; a card named `type` is left to chevrotain.
  const nameTok = tokens[i];
  if (!isName(nameTok) || nameTok.tokenType === K.type) return null;
  i++;
  let title: string | undefined;
  if (tokens[i]?.tokenType === T.StringLiteral) title = unquote(tokens[i++]!.image);
  if (tokens[i]?.tokenType !== T.Colon) return null;
  i++;
  const typeTok = tokens[i];
  if (!isName(typeTok)) return null;
  i++;
  let cite: string | undefined;
  if (tokens[i]?.tokenType === K.cite) {
    if (tokens[i + 1]?.tokenType !== T.StringLiteral) return null;
    cite = unquote(tokens[i + 1]!.image);
    i += 2;
  }
  if (tokens[i]?.tokenType !== T.LBrace) return null;
  i++;

  // Each value's name token and its operand's first token, kind and last token.
  const found = valuesFound;
  found.length = 0;
  let printed: A.CardDecl['printed'];
  // Abilities seen before: copied once the whole card is known to be plain.
  const abilities: { seen: Remembered<A.ActionDecl>; first: IToken }[] = [];
  for (;;) {
    const t = tokens[i];
    if (t === undefined) return null;
    if (t.tokenType === T.RBrace) break;
    if (!isName(t)) return null;
    const next = tokens[i + 1];
    if (next === undefined) return null;
    if (next.tokenType === T.Equals) {
      // A value: `name = <lone operand or list of them>`.
      const value = operand(tokens, i + 2, continuesName, input.continuesOperand);
      if (!value) return null;
      found.push(i, value.kind, value.end);
      i = value.end + 1;
    } else if (next.tokenType === T.StringLiteral && t.image === 'text') {
      (printed ??= []).push({ text: unquote(next.image), loc: loc(next, next) });
      i += 2;
    } else if (isAbilityWord(t)) {
      const site = repeatKey(input.text, input.textOffset, tokens, i);
      const seen = site && remembered<A.ActionDecl>(input.repeats, site.key);
      if (!site || !seen) return null;
      abilities.push({ seen, first: t });
      i = site.end + 1;
    } else return null;
  }

  // (An array of the values' own length: a pool's cards hold tens of thousands of them.)
  const values: A.CardDecl['values'] = new Array(found.length / 3);
  for (let k = 0; k < found.length; k += 3) {
    const at = found[k] as number;
    const kind = found[k + 1] as PackedKind;
    const end = found[k + 2] as number;
    const name = nameOf(tokens[at]!, true);
    values[k / 3] = interned ? packedValue(name as TokenName, tokens, at + 2, end, kind, interned) : { name, value: exprAt(tokens, at + 2, end, kind, loc) };
  }
  const name = nameOf(nameTok);
  const d: A.CardDecl = { kind: 'card', name, type: name, values, abilities: [], auras: [], loc: loc(first, tokens[i]!) };
  if (title !== undefined) d.title = title;
  d.type = nameOf(typeTok, true);
  d.cite = cite;
  for (const a of abilities) d.abilities.push(repeatCopy(a.seen, a.first));
  if (printed) d.printed = printed;
  d.override = override || undefined;
  return { decl: d, end: i };
}

/** The reader's list of values found in a card, reused from card to card. */
const valuesFound: (number | PackedKind)[] = [];

/** One string per name text: a pool writes `cost` on every card (the strings of one parse). */
function internedText(interned: Map<string, string>, text: string): string {
  const known = interned.get(text);
  if (known !== undefined) return known;
  interned.set(text, text);
  return text;
}

/**
 * The expression at `i` when it is one lone operand or a list of lone operands that nothing after
 * it continues: its kind and the index of its last token. Null otherwise.
 */
function operand(tokens: readonly IToken[], i: number, continuesName: boolean[], continues: boolean[][]): { kind: PackedKind; end: number } | null {
  const t = tokens[i];
  const after = tokens[i + 1];
  if (t === undefined || after === undefined) return null;
  if (t.tokenType === T.LBracket) {
    let j = i + 1;
    if (tokens[j]?.tokenType !== T.RBracket) {
      for (;;) {
        if (!lone(tokens, j, continues)) return null;
        const sep = tokens[j + 1]?.tokenType;
        j += 2;
        if (sep === T.RBracket) break;
        if (sep !== T.Comma) return null;
      }
      j--;
    }
    // A name's continuations include all a list's (and a call's parenthesis).
    const following = tokens[j + 1];
    if (following === undefined || continuesName[following.tokenTypeIdx]) return null;
    return { kind: 'list', end: j };
  }
  if (t.tokenType === K.true || t.tokenType === K.false || t.tokenType === K.none) {
    if (continuesName[after.tokenTypeIdx]) return null;
    return { kind: t.tokenType === K.none ? 'none' : 'bool', end: i };
  }
  const kind = lone(tokens, i, continues);
  return kind ? { kind, end: i } : null;
}

/** A number, string or plain name that the next token does not continue (as `loneOperand` reads it): its kind. */
function lone(tokens: readonly IToken[], i: number, continues: boolean[][]): 'number' | 'string' | 'name' | null {
  const t = tokens[i];
  const after = tokens[i + 1];
  if (t === undefined || after === undefined) return null;
  const kind = t.tokenType === T.NumberLiteral ? 0 : t.tokenType === T.StringLiteral ? 1 : t.tokenType === T.Identifier ? 2 : -1;
  if (kind < 0 || continues[kind]![after.tokenTypeIdx]) return null;
  return loneKinds[kind]!;
}

const loneKinds: readonly ('number' | 'string' | 'name')[] = ['number', 'string', 'name'];

/** The node `expression` gives for the operand from `tokens[start]` to `tokens[end]` (operand found it). */
function exprAt(tokens: readonly IToken[], start: number, end: number, kind: PackedKind, loc: (s: IToken, e: IToken) => A.Loc): A.Expr {
  const t = tokens[start]!;
  switch (kind) {
    case 'list': {
      const items: A.Expr[] = [];
      for (let j = start + 1; j < end; j += 2) items.push(loneExpr(tokens[j]!, loc));
      return { kind: 'list', items, loc: loc(t, tokens[end]!) };
    }
    case 'none':
      return { kind: 'none', loc: loc(t, t) };
    case 'bool':
      return { kind: 'bool', value: t.tokenType === K.true, loc: loc(t, t) };
    default:
      return loneExpr(t, loc);
  }
}

function loneExpr(t: IToken, loc: (s: IToken, e: IToken) => A.Loc): A.Expr {
  if (t.tokenType === T.NumberLiteral) return { kind: 'number', value: Number(t.image), loc: loc(t, t) };
  if (t.tokenType === T.StringLiteral) return { kind: 'string', value: unquote(t.image), loc: loc(t, t) };
  const l = loc(t, t);
  return { kind: 'name', name: t.image, loc: l };
}

/** The same operand packed (packed-card.ts), its names' texts interned. */
function packedValue(name: TokenName, tokens: readonly IToken[], start: number, end: number, kind: PackedKind, interned: Map<string, string>): PackedValue {
  const t = tokens[start]!;
  const e = tokens[end]!;
  let x: number | string | boolean | PackedItems | undefined;
  switch (kind) {
    case 'list': {
      const items: PackedItems = new Array(((end - start) >> 1) * ITEM);
      for (let j = start + 1, k = 0; j < end; j += 2, k += ITEM) {
        const item = tokens[j]!;
        const n = item.tokenType === T.NumberLiteral ? 0 : item.tokenType === T.StringLiteral ? 1 : 2;
        items[k] = n;
        items[k + 1] = n === 0 ? Number(item.image) : n === 1 ? unquote(item.image) : internedText(interned, item.image);
        items[k + 2] = item.startLine!;
        items[k + 3] = item.startColumn!;
        items[k + 4] = item.startOffset;
        items[k + 5] = item.image.length;
      }
      x = items;
      break;
    }
    case 'number':
      x = Number(t.image);
      break;
    case 'string':
      x = unquote(t.image);
      break;
    case 'name':
      x = internedText(interned, t.image);
      break;
    case 'bool':
      x = t.tokenType === K.true;
      break;
  }
  return new PackedValue(name, kind, x, t.startLine!, t.startColumn!, t.startOffset, e.endLine!, e.endColumn!, e.endOffset! + 1);
}
