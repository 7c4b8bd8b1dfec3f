/**
 * A whole game state as data: `Engine.saveState` copies it into a `GameSnapshot` — the cards'
 * places and flags in typed arrays indexed by card id, the zones as lists of ids, the values of
 * the cards' fields, the players' and the game's states in flat lists — and `Engine.loadState`
 * copies it back, into the same engine or into another engine of the same compiled rules. A
 * search (a determinization, then a playout) copies a state thousands of times per decision:
 * a snapshot is reused from copy to copy, so saving the cards and zones allocates nothing once its
 * arrays have grown to the game's size (the stack and the waiting triggers, usually empty, are
 * copied as new lists).
 *
 * What a snapshot holds is the state between two steps: not where the flow is (which window,
 * which statement of the turn). A loaded state plays on from the start of a turn
 * (`runFrom('turn')`); a search reaches a decision inside a turn by replaying the turn's answers.
 *
 * Values that are objects — cards, players, zones, requests, lists of them — are stored as they
 * are and looked up by id when loaded, so a snapshot of one engine loads into another.
 */
import type { GameResult } from './engine-types.ts';
import { Card, Player, Request, Zone, type Modifier } from './model.ts';

/** A request on the stack, as saved (frames and states copied; cards and source by id). */
export interface SavedRequest {
  id: number;
  action: number;
  controller: number;
  frame: unknown[];
  cards: number[];
  cancelled: boolean;
  source: number;
  vars: unknown[];
}

/** A trigger waiting to run, as saved. */
export interface SavedTrigger {
  action: number;
  controller: number;
  frame: unknown[];
  source: number;
}

export class GameSnapshot {
  // The game: scalars.
  turn = 0;
  active = 0;
  steps = 0;
  decisions = 0;
  hash = 0;
  /** The random generator's four words. */
  readonly rng = new Float64Array(4);
  nextRequestId = 1;
  result: GameResult | null = null;
  triggerChain = 0;
  endTurnRequested = false;

  // The cards, by id − 1.
  cardCount = 0;
  def = new Int32Array(0);
  owner = new Int32Array(0);
  /** The zone's slot (see zoneSlot), or -1 for a card not in a zone (attached, or made and unmade). */
  zone = new Int32Array(0);
  /** The id of the card it lies under, or 0. */
  host = new Int32Array(0);
  facedown = new Uint8Array(0);
  revealed = new Int32Array(0);
  /** Card.known: who knows which card lies there (knowledge.ts). */
  known = new Int32Array(0);
  /** Card.origin: the zone definition each card was made in. */
  origin = new Int32Array(0);
  entered = new Int32Array(0);
  /** Modifiers (lists that are replaced, never changed: kept as they are). */
  mods: (Modifier[] | null)[] = [];
  /**
   * Every card's states: card (id − 1) × fieldCount + k, for the k-th state field. (Printed
   * attributes never change in a game, and computed values are worked out when read: neither is saved.)
   */
  fields: unknown[] = [];
  fieldCount = 0;

  /** How many zone slots (players × zone definitions + the shared zones' definitions). */
  zoneSlots = 0;
  // The zones, by slot: the ids of their cards, top first, from zoneStart[slot] to zoneStart[slot + 1].
  zoneStart = new Int32Array(0);
  zoneCards = new Int32Array(0);
  /** The cards under each card, in order: attachedStart[id − 1] … attachedStart[id]. */
  attachedStart = new Int32Array(0);
  attachedCards = new Int32Array(0);

  /** Players' states: player × states + state. */
  playerVars: unknown[] = [];
  /** By player: 0 while in the game, else the place they went out in (Player.out, Player.place). */
  outPlaces: number[] = [];
  /** Turn order (GameState.direction). */
  direction: 1 | -1 = 1;
  globals: unknown[] = [];
  /** `limit … per turn` uses this turn: key, count, key, count… */
  uses: number[] = [];
  /** Cards with a modifier that has a duration. */
  modified: number[] = [];
  /** Cards some modifier lasts "until it leaves" a zone (ids). */
  leaveWatch: number[] = [];
  /** By player: the turns they have begun. */
  turnsTaken: number[] = [];
  stack: SavedRequest[] = [];
  pendingImmediate: SavedTrigger[] = [];
  pendingNormal: SavedTrigger[] = [];
  instant: SavedTrigger[] = [];

  /** Room for `cards` cards with `fieldCount` saved fields each (arrays grow, never shrink). */
  ensure(cards: number, fieldCount: number): void {
    this.cardCount = cards;
    this.fieldCount = fieldCount;
    if (this.def.length < cards) {
      const n = Math.max(cards, this.def.length * 2);
      this.def = new Int32Array(n);
      this.owner = new Int32Array(n);
      this.zone = new Int32Array(n);
      this.host = new Int32Array(n);
      this.facedown = new Uint8Array(n);
      this.revealed = new Int32Array(n);
      this.known = new Int32Array(n);
      this.origin = new Int32Array(n);
      this.entered = new Int32Array(n);
      this.zoneCards = new Int32Array(n);
      this.attachedCards = new Int32Array(n);
      this.attachedStart = new Int32Array(n + 1);
    }
    // Grown by pushing, never by setting a length: packed arrays, which V8 copies fastest.
    while (this.mods.length < cards) this.mods.push(null);
    while (this.fields.length < cards * fieldCount) this.fields.push(null);
  }

  /** Room for `slots` zones. */
  ensureZones(slots: number): void {
    if (this.zoneStart.length < slots + 1) this.zoneStart = new Int32Array(slots + 1);
  }
}

/** A zone's slot in a snapshot: each player's zones by definition, then the shared zones. */
export function zoneSlot(z: Zone, zoneDefs: number, players: number): number {
  return z.player ? z.player.index * zoneDefs + z.def : players * zoneDefs + z.def;
}

/** The zone in a slot (the inverse of zoneSlot), or null for a slot with no zone (a player's shared-zone slot). */
function zoneAt(slot: number, store: CardStore): Zone | null {
  const playerSlots = store.players.length * store.zoneDefs;
  if (slot < playerSlots) return store.players[(slot / store.zoneDefs) | 0]!.zones[slot % store.zoneDefs] ?? null;
  return store.sharedZones[slot - playerSlots] ?? null;
}

/** Where an engine's objects are found again when a snapshot's values are loaded into it. */
export interface LoadTarget {
  cards: Card[];
  players: Player[];
  sharedZones: Zone[];
  requests: Map<number, Request>;
}

/** A saved value as the target engine's: its own card, player, zone or request for another engine's. */
export function loadValue(v: unknown, t: LoadTarget): unknown {
  if (v === null || typeof v !== 'object') return v;
  if (v instanceof Card) return t.cards[v.id - 1] ?? null;
  if (v instanceof Player) return t.players[v.index]!;
  if (v instanceof Zone) return v.player ? t.players[v.player.index]!.zones[v.def]! : t.sharedZones[v.def]!;
  if (v instanceof Request) return t.requests.get(v.id) ?? loadRequest(v, t);
  if (Array.isArray(v)) {
    // Lists other than zones' are values nobody changes: one with no object in it is kept as it is.
    let objects = false;
    for (let i = 0; i < v.length && !objects; i++) objects = v[i] !== null && typeof v[i] === 'object';
    return objects ? v.map((x) => loadValue(x, t)) : v;
  }
  return v;
}

/**
 * A request held in a state (not on the stack) as the target engine's: the same object when it
 * is that engine's own, else a copy made from it (its controller, cards and source the target's),
 * made once per load and shared by every value that holds it.
 */
function loadRequest(v: Request, t: LoadTarget): Request {
  if (t.players[v.controller.index] === v.controller) return v;
  const r = new Request(v.id, v.action, t.players[v.controller.index]!, [], v.cards.map((c) => t.cards[c.id - 1]!));
  t.requests.set(v.id, r);
  r.cancelled = v.cancelled;
  r.source = v.source ? (t.cards[v.source.id - 1] ?? null) : null;
  for (const x of v.frame) r.frame.push(loadValue(x, t));
  r.vars = v.vars.map((x) => loadValue(x, t));
  return r;
}

/** The parts of an engine's state the cards and zones of a snapshot are copied from and to. */
export interface CardStore {
  cards: Card[];
  players: Player[];
  sharedZones: Zone[];
  /** Zone definitions in the game. */
  zoneDefs: number;
  /** The card fields that are states (the only ones a game changes), by field index. */
  stateFields: Int32Array;
}

/** Copies the cards (places, flags, fields, modifiers) and the zones' and hosts' lists into `s`. */
export function saveCards(s: GameSnapshot, store: CardStore): void {
  const { cards, players, zoneDefs, stateFields } = store;
  const n = cards.length;
  const nf = stateFields.length;
  s.ensure(n, nf);
  const P = players.length;
  const fields = s.fields;
  let attached = 0;
  for (let i = 0; i < n; i++) {
    const c = cards[i]!;
    s.def[i] = c.def;
    s.owner[i] = c.owner.index;
    s.zone[i] = c.zone ? zoneSlot(c.zone, zoneDefs, P) : -1;
    s.host[i] = c.host ? c.host.id : 0;
    s.facedown[i] = c.facedown ? 1 : 0;
    s.revealed[i] = c.revealedTo;
    s.known[i] = c.known;
    s.origin[i] = c.origin;
    s.entered[i] = c.entered;
    s.mods[i] = c.mods;
    const f = c.f;
    const base = i * nf;
    for (let k = 0; k < nf; k++) fields[base + k] = f[stateFields[k]!];
    s.attachedStart[i] = attached;
    const under = c.attached;
    for (let k = 0; k < under.length; k++) s.attachedCards[attached++] = under[k]!.id;
  }
  s.attachedStart[n] = attached;
  const slots = (P + 1) * zoneDefs;
  s.ensureZones(slots);
  s.zoneSlots = slots;
  let at = 0;
  for (let slot = 0; slot < slots; slot++) {
    s.zoneStart[slot] = at;
    const z = zoneAt(slot, store);
    if (!z) continue;
    const list = z.cards;
    for (let k = 0; k < list.length; k++) s.zoneCards[at++] = list[k]!.id;
  }
  s.zoneStart[slots] = at;
}

/**
 * Copies a snapshot's cards and zones into `store`, whose `cards` must already hold the card
 * objects of ids 1 … s.cardCount with their identity (see GameState.loadRoom).
 */
export function loadCards(s: GameSnapshot, store: CardStore, t: LoadTarget): void {
  const { cards, stateFields } = store;
  const n = s.cardCount;
  const nf = s.fieldCount;
  const fields = s.fields;
  for (let i = 0; i < n; i++) {
    const c = cards[i]!;
    const slot = s.zone[i]!;
    c.zone = slot < 0 ? null : zoneAt(slot, store);
    c.host = s.host[i] ? cards[s.host[i]! - 1]! : null;
    c.facedown = s.facedown[i] === 1;
    c.revealedTo = s.revealed[i]!;
    c.known = s.known[i]!;
    c.origin = s.origin[i]!;
    c.entered = s.entered[i]!;
    c.mods = s.mods[i]!;
    const f = c.f;
    const base = i * nf;
    for (let k = 0; k < nf; k++) {
      const v = fields[base + k];
      f[stateFields[k]!] = v !== null && typeof v === 'object' ? loadValue(v, t) : v;
    }
    const from = s.attachedStart[i]!;
    const to = s.attachedStart[i + 1]!;
    // Lists of attached cards are replaced, never changed in place (see Card.renew).
    if (to > from) {
      const under: Card[] = [];
      for (let k = from; k < to; k++) under.push(cards[s.attachedCards[k]! - 1]!);
      c.attached = under;
    } else if (c.attached.length) c.attached = [];
  }
  for (let slot = 0; slot < s.zoneSlots; slot++) {
    const z = zoneAt(slot, store);
    if (!z) continue;
    // Zone lists change in place (outside trials): written over, then cut to length.
    const list = z.cards;
    const from = s.zoneStart[slot]!;
    const count = s.zoneStart[slot + 1]! - from;
    for (let k = 0; k < count; k++) list[k] = cards[s.zoneCards[from + k]! - 1]!;
    if (list.length !== count) list.length = count;
  }
}
