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

/** Scratch lists, kept from re-deal to re-deal (a search re-deals thousands of times per decision). */
const places: Card[] = [];
const groups: number[] = [];
const members: number[] = [];
const order: number[] = [];
const ids: number[] = [];
const defs: number[] = [];
const names: string[] = [];
const types: number[] = [];
const attrs: unknown[] = [];

/**
 * Re-deals, in place, every card `viewer` does not know among the places of such cards (see
 * above). Returns how many places were re-dealt. The caller counts the state as changed.
 */
export function redeal(t: RedealTarget, viewer: Player, rng: Rng): number {
  const bit = 1 << viewer.index;
  places.length = 0;
  groups.length = 0;
  // Cards in zones, top first, each followed by the cards under it (a face-down card under
  // another is as unknown as one in a hand).
  const place = (c: Card) => {
    if (!(c.known & bit) && !t.canSee(viewer, c)) {
      places.push(c);
      groups.push(c.owner.index * 65536 + (c.origin & 0xffff));
    }
    const under = c.attached;
    for (let k = 0; k < under.length; k++) place(under[k]!);
  };
  const visit = (z: Zone | undefined) => {
    if (!z) return;
    const list = z.cards;
    for (let i = 0; i < list.length; i++) place(list[i]!);
  };
  for (const p of t.players) for (const z of p.zones) visit(z);
  for (const z of t.sharedZones) visit(z);
  if (places.length < 2) return 0;
  const na = t.attrFields.length;
  // Each group in turn: its identities, by id, shuffled and dealt to its places in their order.
  for (let g = 0; g < places.length; g++) {
    const key = groups[g]!;
    if (key < 0) continue;
    members.length = 0;
    for (let k = g; k < places.length; k++)
      if (groups[k] === key) {
        members.push(k);
        groups[k] = -1;
      }
    const n = members.length;
    if (n < 2) continue;
    // The identities as they lie now, copied out before any is given away.
    for (let m = 0; m < n; m++) {
      const c = places[members[m]!]!;
      ids[m] = c.id;
      defs[m] = c.def;
      names[m] = c.name;
      types[m] = c.type;
      for (let a = 0; a < na; a++) attrs[m * na + a] = c.f[t.attrFields[a]!];
    }
    order.length = n;
    for (let m = 0; m < n; m++) order[m] = m;
    order.sort((x, y) => ids[x]! - ids[y]!);
    for (let i = n - 1; i > 0; i--) {
      const j = rng.below(i + 1);
      const x = order[i]!;
      order[i] = order[j]!;
      order[j] = x;
    }
    for (let m = 0; m < n; m++) give(t, places[members[m]!]!, order[m]!, na);
  }
  // Cards by id and by definition, as the identities now lie.
  for (const c of places) t.cards[c.id - 1] = c;
  for (let d = 0; d < t.cardsByDef.length; d++) {
    const list = t.cardsByDef[d];
    if (list) list.length = 0;
  }
  for (const c of t.cards) (t.cardsByDef[c.def] ??= []).push(c);
  return places.length;
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
