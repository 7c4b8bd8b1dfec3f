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
 * test/plain-card.test.ts compares the two ways on every rules and cards file, on a generated pool
 * and on cards altered token by token.
 */
import type { IToken } from 'chevrotain';
import * as T from './tokens.ts';
import type * as A from './ast.ts';
import { repeatCopy, repeatKey, remembered, type RepeatMemory, type Remembered } from './repeats.ts';

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
  const names = input.continuesOperand[2]!;
  const loc = (s: IToken, e: IToken): A.Loc => ({ file, line: s.startLine!, col: s.startColumn!, offset: s.startOffset, endLine: e.endLine!, endCol: e.endColumn!, endOffset: e.endOffset! + 1 });
  const nameOf = (t: IToken): A.Name => ({ text: t.tokenType === T.QuotedIdentifier ? t.image.slice(1, -1) : t.image, loc: loc(t, t) });
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

  const values: A.CardDecl['values'] = [];
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
      const value = operand(tokens, i + 2, names, input.continuesOperand, loc);
      if (!value) return null;
      values.push({ name: nameOf(t), value: value.node });
      i = value.next;
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

  const name = nameOf(nameTok);
  const d: A.CardDecl = { kind: 'card', name, type: name, values, abilities: [], auras: [], loc: name.loc };
  if (title !== undefined) d.title = title;
  d.type = nameOf(typeTok);
  d.cite = cite;
  for (const a of abilities) d.abilities.push(repeatCopy(a.seen, a.first));
  if (printed) d.printed = printed;
  d.override = override || undefined;
  d.loc = loc(first, tokens[i]!);
  return { decl: d, end: i };
}

/**
 * The expression at `i` when it is one lone operand or a list of lone operands that nothing after
 * it continues: the node `expression` gives, and the index after it. Null otherwise.
 */
function operand(tokens: readonly IToken[], i: number, names: boolean[], continues: boolean[][], loc: (s: IToken, e: IToken) => A.Loc): { node: A.Expr; next: number } | null {
  const t = tokens[i];
  const after = tokens[i + 1];
  if (t === undefined || after === undefined) return null;
  if (t.tokenType === T.LBracket) {
    const items: A.Expr[] = [];
    let j = i + 1;
    if (tokens[j]?.tokenType !== T.RBracket) {
      for (;;) {
        const item = lone(tokens, j, continues, loc);
        if (!item) return null;
        items.push(item);
        const sep = tokens[j + 1]?.tokenType;
        j += 2;
        if (sep === T.RBracket) break;
        if (sep !== T.Comma) return null;
      }
      j--;
    }
    // A name's continuations include all a list's (and a call's parenthesis).
    const close = tokens[j]!;
    const following = tokens[j + 1];
    if (following === undefined || names[following.tokenTypeIdx]) return null;
    return { node: { kind: 'list', items, loc: loc(t, close) }, next: j + 1 };
  }
  if (t.tokenType === K.true || t.tokenType === K.false || t.tokenType === K.none) {
    if (names[after.tokenTypeIdx]) return null;
    const node: A.Expr = t.tokenType === K.none ? { kind: 'none', loc: loc(t, t) } : { kind: 'bool', value: t.tokenType === K.true, loc: loc(t, t) };
    return { node, next: i + 1 };
  }
  const node = lone(tokens, i, continues, loc);
  return node ? { node, next: i + 1 } : null;
}

/** A number, string or plain name that the next token does not continue (as `loneOperand` reads it). */
function lone(tokens: readonly IToken[], i: number, continues: boolean[][], loc: (s: IToken, e: IToken) => A.Loc): A.Expr | null {
  const t = tokens[i];
  const after = tokens[i + 1];
  if (t === undefined || after === undefined) return null;
  const kind = t.tokenType === T.NumberLiteral ? 0 : t.tokenType === T.StringLiteral ? 1 : t.tokenType === T.Identifier ? 2 : -1;
  if (kind < 0 || continues[kind]![after.tokenTypeIdx]) return null;
  if (kind === 0) return { kind: 'number', value: Number(t.image), loc: loc(t, t) };
  if (kind === 1) return { kind: 'string', value: unquote(t.image), loc: loc(t, t) };
  const l = loc(t, t);
  return { kind: 'name', name: t.image, loc: l };
}
