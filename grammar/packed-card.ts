/**
 * A plain card's names and values in less memory: the nodes of the AST's interface (`Name`,
 * `{ name, value }`), holding their source ranges as numbers and building the `Loc` and `Expr`
 * objects when they are read.
 *
 * Why: in a compile of a big pool, most of the AST is plain cards' values (`cost = 3`), and the
 * AST lives until the IR is made, so the young-generation collector copies every one of its
 * objects twice — the collector was a third of a compile's time. As ordinary nodes a value is five
 * objects (the entry, its name, the name's range, the expression, its range), about 330 bytes;
 * here it is two, about 170, and within one file's parse the text of a value's name, of a name it
 * gives and of a card's type is one string however many cards write it (repeats.ts
 * `RepeatMemory.names`). Read values live only as long as the reader keeps them.
 *
 * Only a compile whose trees no tool reads makes them (repeats.ts `RepeatMemory.compilerOnly`:
 * compile.ts compileGame). An editor's parse, whose trees tools walk, copy, move and serialize,
 * has ordinary objects. What a reader sees: every field of the interface, read as a property —
 * a range is a fresh `Loc` each time it is read, an entry's `value` a fresh `Expr` each time. What
 * it must not do with them: copy one by spreading, `JSON.stringify` or `structuredClone` (the
 * getters are not own properties: `loc` and `value` would be lost), or write into one (a getter
 * has no setter: the write throws). No reader in the compiler does; a tree walker that must
 * (repeats.ts `shiftedCopy`, reparse.ts `moveTo`) never meets a packed card, since a compile's
 * parse keeps no pieces and copies only abilities. test/packed-card.test.ts compares the two
 * forms on every card of every game and of a generated pool.
 */
import type { Expr, Loc, Name } from './ast-code.ts';

/** A name of one token, on one line (a card's name, its type, a value's name). */
export class TokenName implements Name {
  readonly text: string;
  readonly file: string;
  readonly line: number;
  readonly col: number;
  readonly offset: number;
  /** The token's length (with the quotes of a quoted name, which `text` drops). */
  readonly length: number;

  constructor(text: string, file: string, line: number, col: number, offset: number, length: number) {
    this.text = text;
    this.file = file;
    this.line = line;
    this.col = col;
    this.offset = offset;
    this.length = length;
  }

  get loc(): Loc {
    return tokenLoc(this.file, this.line, this.col, this.offset, this.length);
  }
}

/** What a packed value is: one operand (`3`, `"x"`, `fire`, `true`, `none`) or a list of operands. */
export type PackedKind = 'number' | 'string' | 'bool' | 'none' | 'name' | 'list';

/**
 * A list's items, `ITEM` entries each, one after the other: the item's kind (0 number, 1 string,
 * 2 name), its value (the number, the string's text, the name), and its token's line, column,
 * offset and length.
 */
export type PackedItems = (number | string)[];

/** The number of entries an item takes in `PackedItems`. */
export const ITEM = 6;

const itemKinds = ['number', 'string', 'name'] as const;

/**
 * A card's value, `name = value`. (Its own fields are not named as an `Expr`'s — `form`, not
 * `kind` — so that nothing walking a tree by `kind` can take it for an expression.)
 */
export class PackedValue {
  readonly name: TokenName;
  private readonly form: PackedKind;
  /** The number, the string's text, the boolean, the name; a list's items; nothing for `none`. */
  private readonly operand: number | string | boolean | PackedItems | undefined;
  private readonly line: number;
  private readonly col: number;
  private readonly offset: number;
  private readonly endLine: number;
  private readonly endCol: number;
  private readonly endOffset: number;

  /** The range runs from the value's first token to its last (a list's brackets), `endOffset` exclusive. */
  constructor(name: TokenName, form: PackedKind, operand: PackedValue['operand'], line: number, col: number, offset: number, endLine: number, endCol: number, endOffset: number) {
    this.name = name;
    this.form = form;
    this.operand = operand;
    this.line = line;
    this.col = col;
    this.offset = offset;
    this.endLine = endLine;
    this.endCol = endCol;
    this.endOffset = endOffset;
  }

  get value(): Expr {
    const file = this.name.file;
    const loc: Loc = { file, line: this.line, col: this.col, offset: this.offset, endLine: this.endLine, endCol: this.endCol, endOffset: this.endOffset };
    switch (this.form) {
      case 'number':
        return { kind: 'number', value: this.operand as number, loc };
      case 'string':
        return { kind: 'string', value: this.operand as string, loc };
      case 'bool':
        return { kind: 'bool', value: this.operand as boolean, loc };
      case 'none':
        return { kind: 'none', loc };
      case 'name':
        return { kind: 'name', name: this.operand as string, loc };
      case 'list': {
        const x = this.operand as PackedItems;
        const items: Expr[] = new Array(x.length / ITEM);
        for (let i = 0, k = 0; i < x.length; i += ITEM, k++) items[k] = itemExpr(file, x, i);
        return { kind: 'list', items, loc };
      }
    }
  }
}

/** The item of a packed list that starts at `x[i]`. */
function itemExpr(file: string, x: PackedItems, i: number): Expr {
  const loc = tokenLoc(file, x[i + 2] as number, x[i + 3] as number, x[i + 4] as number, x[i + 5] as number);
  const kind = itemKinds[x[i] as number]!;
  return kind === 'name' ? { kind, name: x[i + 1] as string, loc } : kind === 'number' ? { kind, value: x[i + 1] as number, loc } : { kind, value: x[i + 1] as string, loc };
}

/** The range of one token on one line (as the scanner's tokens give it: the end inclusive in columns, exclusive in offsets). */
function tokenLoc(file: string, line: number, col: number, offset: number, length: number): Loc {
  return { file, line, col, offset, endLine: line, endCol: col + length - 1, endOffset: offset + length };
}
