/**
 * Abilities written the same way on many cards, lowered once.
 *
 * A card pool repeats its abilities word for word (a keyword's reminder, a reprint, a cycle), and
 * the parser already knows which: in a compile's own parse, a copy of an ability met earlier in
 * the file shares that ability's clauses, and says how far it stands from them (`moved`,
 * grammar/repeats.ts). Copies sharing one `clauses` array have the same tree but for where it
 * stands, so their IR differs only in
 * - every `loc` (the same columns, lines moved by the distance between them),
 * - the name (`<card>.<ability>`), and the title where the ability has none (it is the name),
 * - `source`, the card's index,
 * as long as the lowering reads nothing else of the card or the ability. The ability's own words
 * are the same: the parser's key is its whole text, header included (kind, name, title, format
 * gate, citation), and a copy a revision amends gets clauses of its own (compiler/revise.ts drops
 * `moved`). Of the card, the lowering reads one thing more: its own states (`state uses: number =
 * 0` inside the card), which `this.uses` names, so a copy is taken from here only on a card
 * without own states. And only an ability that reported nothing the first time is kept: an error
 * or a warning must be reported where each copy stands, so those are lowered one by one.
 *
 * test/repeated-abilities.test.ts compiles pools both ways (a compile's parse, and an editor's,
 * whose copies are whole trees lowered one by one) and compares the IR and the diagnostics.
 */
import type { ActionIR, SrcLoc } from './ir.ts';

/** An ability's IR as first lowered (a copy of its own), and where its name stood. */
export interface LoweredRepeat {
  ir: ActionIR;
  line: number;
  /** The IR's objects and arrays that hold a `loc`, or hold one that does: the parts a copy must copy. */
  placed: Set<object>;
}

/** Keeps an ability's IR for its copies: an IR of its own (the lowered one goes on to be changed: `limit`s). */
export function rememberAbility(ir: ActionIR, line: number, file: number): LoweredRepeat {
  const own = movedAbility({ ir, line, placed: null }, { file, line, name: ir.name, title: ir.title, source: ir.source });
  const placed = new Set<object>();
  const holdsLoc = (o: object): boolean => {
    let holds = false;
    if (Array.isArray(o)) {
      for (const x of o) if (typeof x === 'object' && x !== null && holdsLoc(x)) holds = true;
    } else {
      for (const k in o) {
        const x = (o as Record<string, unknown>)[k];
        if (k === 'loc') holds = true;
        else if (typeof x === 'object' && x !== null && holdsLoc(x)) holds = true;
      }
    }
    if (holds) placed.add(o);
    return holds;
  };
  holdsLoc(own);
  // The ability's own arrays are new in every copy all the same: the lowering of `limit`s adds to
  // one (`sharedLimits`) after every ability is lowered.
  for (const v of Object.values(own)) if (Array.isArray(v)) placed.add(v);
  return { ir: own, line, placed };
}

/** Where a copy stands and what differs: its file's index, its name's line, its name, title and card. */
export interface RepeatPlace {
  file: number;
  line: number;
  name: string;
  title: string;
  source: number;
}

/**
 * The IR of `first` moved to `place`: the card's own name, title and index, and a copy of every
 * part that holds a `loc` (moved by the lines between them); the parts that hold none (most of an
 * ability's expressions) are shared with `first`, as nothing changes an IR once lowered
 * (test/repeated-abilities.test.ts plays games on frozen IRs); the ability's own arrays are in
 * `placed` (rememberAbility). With `placed` null (the first copy's own IR), everything is copied.
 */
export function movedAbility(first: { ir: ActionIR; line: number; placed: Set<object> | null }, place: RepeatPlace): ActionIR {
  const dLine = place.line - first.line;
  const file = place.file;
  const placed = first.placed;
  // Every SrcLoc in the IR is a field named `loc` (ir.ts); other arrays are lists of nodes or numbers.
  const copy = (o: object): object => {
    if (placed !== null && !placed.has(o)) return o;
    if (Array.isArray(o)) return o.map((x: unknown) => (typeof x === 'object' && x !== null ? copy(x) : x));
    const r: Record<string, unknown> = { ...o };
    for (const k in r) {
      const x = r[k];
      if (typeof x !== 'object' || x === null) continue;
      if (k === 'loc') {
        const l = x as SrcLoc;
        r[k] = [file, l[1] + dLine, l[2]];
      } else r[k] = copy(x);
    }
    return r;
  };
  const ir = copy(first.ir) as ActionIR;
  ir.name = place.name;
  ir.title = place.title;
  ir.source = place.source;
  return ir;
}
