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
 * as long as the lowering reads nothing else of the card or the ability. It reads two things more:
 * - the card's own states (`state uses: number = 0` inside the card), which `this.uses` names, so
 *   a copy is taken from here only on a card without own states;
 * - what a revision's `amend` may change outside the clauses (kind, title, citation, format gate):
 *   compared (sameHead), not trusted.
 * And only an ability that reported nothing the first time is kept: an error or a warning must
 * be reported where each copy stands, so those are lowered one by one, as any ability is.
 *
 * test/repeated-abilities.test.ts compiles pools both ways (a compile's parse, and an editor's,
 * whose copies are whole trees lowered one by one) and compares the IR and the diagnostics.
 */
import type * as A from '../grammar/ast.ts';
import type { ActionIR, SrcLoc } from './ir.ts';

/** An ability's IR as first lowered, where its name stood, and the ability. */
export interface LoweredRepeat {
  ir: ActionIR;
  line: number;
  ability: A.ActionDecl;
}

/**
 * The parts of two copies outside their text that the IR reads besides the name: a revision's
 * `amend` may give a copy another citation or format gate (compiler/revise.ts), so these are
 * compared rather than trusted to the key.
 */
export function sameHead(a: A.ActionDecl, b: A.ActionDecl): boolean {
  return a.kind === b.kind && a.title === b.title && a.cite === b.cite && a.since?.text === b.since?.text;
}

/** Where a copy stands and what differs: its file's index, its name's line, its name, title and card. */
export interface RepeatPlace {
  file: number;
  line: number;
  name: string;
  title: string;
  source: number;
}

/** The IR of `first` moved to `place`: a deep copy with every `loc` moved, and the card's own name, title and index. */
export function movedAbility(first: Pick<LoweredRepeat, 'ir' | 'line'>, place: RepeatPlace): ActionIR {
  const dLine = place.line - first.line;
  const file = place.file;
  // Every SrcLoc in the IR is a field named `loc` (ir.ts); other arrays are lists of nodes or numbers.
  const copy = (o: object): object => {
    if (Array.isArray(o)) {
      const a = new Array<unknown>(o.length);
      for (let i = 0; i < o.length; i++) {
        const x: unknown = o[i];
        a[i] = typeof x === 'object' && x !== null ? copy(x) : x;
      }
      return a;
    }
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
