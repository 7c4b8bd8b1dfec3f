/**
 * Determinization: from one player's point of view, a full game state consistent with all that
 * player knows. The cards the player does not know — the opponent's hand, face-down cards of
 * the opponent, the order of a draw pile — are re-dealt at random among the places where such cards
 * lie; every card the player sees or knows (knowledge.ts) stays where it is.
 *
 * The re-deal exchanges identities, not places: each place keeps everything a player can see of
 * it (the card's face, states, modifiers, the cards under it, the card it lies under, who else knows it), and takes the
 * identity — id, definition, name, type, printed attributes — of another unknown card. A card
 * only takes the place of a card of the same owner and origin (the zone it was made in: its
 * draw pile), so a card of one player's pile never turns up in the other's hand.
 *
 * The re-deal is canonical: the unknown places are taken in a fixed order (players, zones, top
 * first), the unknown identities by id, then the identities are shuffled by the search's own
 * generator. Two states that the player cannot tell apart therefore give the same determinized
 * state for the same seed — which is what makes an agent's choice independent of what it cannot
 * see (test/no-peeking.test.ts).
 */
import type { Card, Player, Zone } from './model.ts';
import type { Rng } from './rng.ts';

/** The part of the engine a re-deal reads and rewrites. */
export interface RedealTarget {
  /** Cards by id − 1. */
  cards: Card[];
  cardsByDef: (Card[] | null)[];
  players: readonly Player[];
  sharedZones: readonly Zone[];
  /** Card fields that are printed attributes (they travel with the identity). */
  attrFields: readonly number[];
  /** Card fields that are states (they stay with the place, unless the type changes). */
  stateFields: readonly number[];
  /** A new card of this definition's fields (its states' initial values). */
  fieldsOf(def: number): readonly unknown[];
  /** May `viewer` see which card this is (view.ts canSee)? */
  canSee(viewer: Player, card: Card): boolean;
}

/**
 * Scratch lists, kept from re-deal to re-deal (a search re-deals thousands of times per
 * decision). They are never emptied by setting `length` (V8 then drops the backing store and the
 * next pushes allocate it again): each has its count of used entries.
 */
const places: Card[] = [];
const groups: number[] = [];
const members: number[] = [];
const order: number[] = [];
const ids: number[] = [];
const defs: number[] = [];
const names: string[] = [];
const types: number[] = [];
const attrs: unknown[] = [];
/** Sort keys: an identity's id × 2^16 + its index in its group (ids and indices below 2^16). */
let keys = new Float64Array(64);
let placeCount = 0;

/** Adds `c` and the cards under it, top first, to the places when `viewer` does not know it. */
function place(t: RedealTarget, viewer: Player, bit: number, c: Card): void {
  if (!(c.known & bit) && !t.canSee(viewer, c)) {
    places[placeCount] = c;
    groups[placeCount] = c.owner.index * 65536 + (c.origin & 0xffff);
    placeCount++;
  }
  const under = c.attached;
  for (let k = 0; k < under.length; k++) place(t, viewer, bit, under[k]!);
}

/**
 * Re-deals, in place, every card `viewer` does not know among the places of such cards (see
 * above). Returns how many places were re-dealt. The caller counts the state as changed.
 */
export function redeal(t: RedealTarget, viewer: Player, rng: Rng): number {
  const bit = 1 << viewer.index;
  placeCount = 0;
  // Cards in zones, top first, each followed by the cards under it (a face-down card under
  // another is as unknown as one in a hand).
  for (const p of t.players) {
    for (const z of p.zones) {
      if (!z) continue;
      const list = z.cards;
      for (let i = 0; i < list.length; i++) place(t, viewer, bit, list[i]!);
    }
  }
  for (const z of t.sharedZones) {
    if (!z) continue;
    const list = z.cards;
    for (let i = 0; i < list.length; i++) place(t, viewer, bit, list[i]!);
  }
  const np = placeCount;
  if (np < 2) return 0;
  const na = t.attrFields.length;
  // Each group in turn: its identities, by id, shuffled and dealt to its places in their order.
  for (let g = 0; g < np; g++) {
    const key = groups[g]!;
    if (key < 0) continue;
    let n = 0;
    for (let k = g; k < np; k++)
      if (groups[k] === key) {
        members[n++] = k;
        groups[k] = -1;
      }
    if (n < 2) continue;
    // The identities as they lie now, copied out before any is given away.
    if (keys.length < n) keys = new Float64Array(2 * n);
    for (let m = 0; m < n; m++) {
      const c = places[members[m]!]!;
      ids[m] = c.id;
      defs[m] = c.def;
      names[m] = c.name;
      types[m] = c.type;
      for (let a = 0; a < na; a++) attrs[m * na + a] = c.f[t.attrFields[a]!];
      keys[m] = c.id * 65536 + m;
    }
    // By id (ids are distinct): a numeric sort of the keys, in place, with no comparator.
    const sorted = keys.subarray(0, n).sort();
    for (let m = 0; m < n; m++) order[m] = sorted[m]! % 65536;
    for (let i = n - 1; i > 0; i--) {
      const j = rng.below(i + 1);
      const x = order[i]!;
      order[i] = order[j]!;
      order[j] = x;
    }
    for (let m = 0; m < n; m++) give(t, places[members[m]!]!, order[m]!, na);
  }
  // Cards by id and by definition, as the identities now lie. A re-deal exchanges identities
  // within groups, so each definition keeps as many cards: each list is rewritten in place, in
  // the order of ids.
  for (let i = 0; i < np; i++) {
    const c = places[i]!;
    t.cards[c.id - 1] = c;
  }
  const fill = cardsByDefFill(t.cardsByDef.length);
  for (const c of t.cards) t.cardsByDef[c.def]![fill[c.def]++] = c;
  return np;
}

/** Per definition, how many cards its list has been given so far (reset to zeros). */
let fillCounts = new Int32Array(0);
function cardsByDefFill(n: number): Int32Array {
  if (fillCounts.length < n) fillCounts = new Int32Array(n);
  else fillCounts.fill(0, 0, n);
  return fillCounts;
}

/** The place `c` takes the identity copied out at `x`: its printed attributes too, and a new type's initial states. */
function give(t: RedealTarget, c: Card, x: number, na: number): void {
  const typeChanged = c.type !== types[x];
  c.id = ids[x]!;
  c.def = defs[x]!;
  c.name = names[x]!;
  c.type = types[x]!;
  const f = c.f;
  for (let a = 0; a < na; a++) f[t.attrFields[a]!] = attrs[x * na + a];
  if (typeChanged) {
    const init = t.fieldsOf(c.def);
    for (const s of t.stateFields) f[s] = init[s];
  }
}
