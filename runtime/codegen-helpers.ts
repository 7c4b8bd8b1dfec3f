/**
 * `H`: the runtime helpers generated code calls (codegen.ts writes the calls). Fixed code:
 * nothing generated lives here. Small reads that would otherwise repeat a null check in every
 * generated function, the list builtins that make lists, and the filling in of texts.
 */
import { placeholderPattern } from '../compiler/ir.ts';
import type { EngineCalls } from './calls.ts';
import { asList } from './context.ts';
import { Request, Zone, type Card, type Player } from './model.ts';

/** `+` of anything but two numbers: lists are joined, anything else added (texts joined). */
function plusOther(a: unknown, b: unknown): unknown {
  if (!(Array.isArray(a) || a instanceof Zone)) return (a as number) + (b as number);
  // Both lists joined: a copy of the first, then the second pushed (spreading is slower).
  const out = asList(a).slice();
  const ys = asList(b);
  for (let i = 0; i < ys.length; i++) out.push(ys[i]);
  return out;
}

/** An empty list of the elements kind of lists of objects (see H.emptyObjects). */
function emptyObjects(): Card[] {
  const l = [null] as unknown as Card[];
  l.pop();
  return l;
}

/** Runtime helpers the generated code calls (fixed code: nothing generated lives here). */
export const H = {
  pzone: (p: Player | null, z: number) => (p ? p.zones[z] : null),
  /** `ps.zone`: the cards of zone `z` of each player of the list, in the list's order (a new list). */
  zonesOf: (ps: readonly Player[] | null, z: number): Card[] => {
    const out: Card[] = [];
    if (ps) for (const p of ps) out.push(...p.zones[z]!.cards);
    return out;
  },
  field: (k: Card | null, f: number) => (k ? k.f[f] : null),
  pvar: (p: Player | null, f: number) => (p ? (p.vars[f] ?? null) : null),
  cardName: (k: Card | null) => k?.name ?? null,
  cardOwner: (k: Card | null) => k?.owner ?? null,
  cardFacedown: (k: Card | null) => k?.facedown ?? false,
  cardEntered: (k: Card | null) => k?.entered ?? 0,
  reqCards: (r: Request | null) => r?.cards ?? [],
  reqController: (r: Request | null) => r?.controller ?? null,
  rvar: (r: Request | null, f: number) => (r ? (r.vars[f] ?? null) : null),
  reqSource: (r: Request | null) => r?.source ?? null,
  /** `+`: numbers first, in a function small enough to be inlined where it is called; lists and texts in `plusOther`. */
  plus: (a: unknown, b: unknown) => (typeof a === 'number' && typeof b === 'number' ? a + b : plusOther(a, b)),
  div: (a: number, b: number) => (b === 0 ? 0 : Math.trunc(a / b)),
  mod: (a: number, b: number) => (b === 0 ? 0 : a % b),
  inRange: (v: number, lo: number, hi: number) => v >= lo && v <= hi,
  first: (l: unknown) => asList(l)[0] ?? null,
  top: (l: unknown, n: number) => {
    const xs = asList(l);
    // One element, the commonest (`top(zone, 1)`): a list of it, without a call to `slice`.
    if (n === 1) return xs.length ? [xs[0]] : [];
    return xs.slice(0, Math.max(0, n));
  },
  bottom: (l: unknown, n: number) => {
    const xs = asList(l);
    const k = Math.max(0, n);
    return k === 0 ? [] : xs.slice(-k);
  },
  units: (k: Card | null) => (k ? [k, ...k.attached] : []),
  /** An empty list of cards, never changed (the attached cards of no card). */
  noCards: [] as Card[],
  /**
   * An empty list to walk, never changed, of the elements kind of a zone's list (a list that has
   * held an object): a loop that walks either stays monomorphic (an empty literal is of small
   * integers).
   */
  emptyObjects: emptyObjects(),
  /** `count(units(k))` without the list. */
  unitCount: (k: Card | null) => (k ? 1 + k.attached.length : 0),
  /** Every card of a list and every card attached under them, hosts first. */
  allUnits: (l: unknown) => {
    const out: Card[] = [];
    for (const k of asList(l) as Card[]) if (k) out.push(k, ...k.attached);
    return out;
  },
  host: (k: Card | null) => k?.host ?? null,
  zoneOf: (k: Card | null) => (k ? (k.host ? k.host.zone : k.zone) : null),
  zoneOwner: (z: Zone | null) => z?.player ?? null,
  /** A computed reason of `win`/`lose`/`draw`, as text. */
  reason: (v: unknown) => String(v ?? ''),
  /**
   * A list to walk while cards move: a zone's own list changes in place as they do, so it is
   * copied; every other list is a value nobody changes (lists the rules compute are new, and the
   * engine changes no list but a zone's), so it is used as it is.
   */
  stable: (v: unknown): unknown[] => (Array.isArray(v) ? v : v instanceof Zone ? v.cards.slice() : asList(v)),
  /** `sorted`: `xs` ordered by `keys` (computed by the caller); stable, an insertion sort (these lists are short). */
  sortBy(xs: unknown[], keys: number[], inPlace: boolean): unknown[] {
    const out = inPlace ? xs : xs.slice();
    for (let i = 1; i < out.length; i++) {
      const x = out[i];
      const k = keys[i]!;
      let j = i - 1;
      while (j >= 0 && keys[j]! > k) {
        out[j + 1] = out[j];
        keys[j + 1] = keys[j]!;
        j--;
      }
      out[j + 1] = x;
      keys[j + 1] = k;
    }
    return out;
  },
  /**
   * A text with `{name}` placeholders filled in from `args`, in order. For a prompt the viewer
   * is the player deciding, who sees a hidden card only by where it lies; for the log (viewer
   * null) every card is named.
   */
  text(g: EngineCalls, text: string, args: unknown[], viewer: Player | null): string {
    const show = (v: unknown): string => {
      if (Array.isArray(v) || v instanceof Zone) return asList(v).map(show).join(', ');
      if (v === null || v === undefined) return 'none';
      return viewer ? g.optionLabel(viewer, v) : v instanceof Request ? g.actionName(v.action) : String(v);
    };
    let i = 0;
    return text.replace(placeholderPattern, () => show(args[i++]));
  },
};
