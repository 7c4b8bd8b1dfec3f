/**
 * The state store, copied whole — the second half of the first room (state.ts). `saveState`
 * copies the game's state into a `GameSnapshot` (snapshot.ts), `loadState` copies one back,
 * into this engine or another of the same rules. Each room above saves and loads its own part
 * (`saveRoom`, `loadRoom`), as each resets its own part for a new game.
 *
 * And what searches do to a state besides copying it: re-deal what a player does not know
 * (determinize.ts), start the random generator anew, and keep who knows which card
 * (knowledge.ts) through shuffles and positions written directly.
 */
/* room-allowances of CopiableState (checked by test/room-allowances.test.ts; docs/architecture.md)
 * below: GameState
 * above: none
 * fields: GameState (active cardPool cards cardsByDef changes decisions direction globals hash ir
 *   journal looseChanges nextRequestId playerOrders players playersIn result rng sharedZones stack
 *   steps trackKnowledge trial turn usesThisTurn zoneVisibility)
 */
import { GameState } from './state.ts';
import { Card, Request } from './model.ts';
import { GameSnapshot, loadCards, loadValue, saveCards, type CardStore, type LoadTarget, type SavedRequest } from './snapshot.ts';
import { redeal, type RedealTarget } from './determinize.ts';
import { Rng } from './rng.ts';
import { canSee } from './view.ts';
import { seenBy } from './knowledge.ts';
import type { Player, Zone } from './model.ts';

export abstract class CopiableState extends GameState {
  /**
   * The whole state of the game, copied into `into` (reused from copy to copy: the cards and
   * zones allocate nothing once its arrays have grown). Between steps only, never inside a trial. See snapshot.ts.
   */
  saveState(into: GameSnapshot = new GameSnapshot()): GameSnapshot {
    if (this.trial > 0 || this.journal.depth > 0) throw new Error('a state is saved between steps, not inside a trial');
    this.saveRoom(into);
    return into;
  }

  /** Makes a saved state this engine's: the same game, or another game of the same rules. */
  loadState(s: GameSnapshot): void {
    if (this.trial > 0 || this.journal.depth > 0) throw new Error('a state is loaded between steps, not inside a trial');
    this.loadRoom(s);
  }

  /**
   * A determinization for `viewer`, in place: every card the player does not know re-dealt among
   * the places of such cards (determinize.ts). Needs `trackKnowledge` on since the game began.
   * Returns how many places were re-dealt.
   */
  redealFor(viewer: Player, rng: Rng): number {
    // (A decision inside a declaration comes with the journal open: a rollback then puts the
    // places back, and each place keeps the identity it was given — see below.)
    if (this.trial > 0) throw new Error('a state is re-dealt at a decision, not inside a trial');
    const ir = this.ir;
    const t = (this.redealTarget ??= {
      cards: this.cards,
      cardsByDef: this.cardsByDef,
      players: this.players,
      sharedZones: this.sharedZones,
      attrFields: ir.cardFields.flatMap((f, i) => (f.kind === 'attr' ? [i] : [])),
      stateFields: ir.cardFields.flatMap((f, i) => (f.kind === 'state' ? [i] : [])),
      fieldsOf: (def: number) => this.fieldsOf(def),
      canSee: (p: Player, c: Card) => canSee(this, p, c),
    });
    // This game's lists (a reset makes new ones).
    t.cards = this.cards;
    t.cardsByDef = this.cardsByDef;
    t.players = this.players;
    t.sharedZones = this.sharedZones;
    const n = redeal(t, viewer, rng);
    // Inside a declaration (its journal open), a rollback restores saved fields: their printed
    // attributes must be those of the identity each card now has.
    if (this.journal.depth > 0 && n > 0) {
      const attrs = t.attrFields;
      this.journal.forEachPlaced((card, saved) => {
        for (const a of attrs) saved[a] = card.f[a];
      });
    }
    // Whatever was known of the state is forgotten.
    this.changes++;
    this.looseChanges++;
    this.identitiesChanged();
    return n;
  }

  /**
   * Card objects now carry other identities (a re-deal): a room that caches what it found out
   * about card objects (not about card definitions) forgets it here.
   */
  protected identitiesChanged(): void {}

  private redealTarget: RedealTarget | null = null;

  /** The random generator started anew from `seed` (a search's world must not foresee the game's own draws). */
  reseed(seed: number): void {
    this.rng = new Rng(seed);
  }

  // ------------------------------------------------------------ knowledge (knowledge.ts), for searches

  /**
   * A position written straight into the state (a scenario's, card by card): each card's
   * knowledge worked out afresh from where it finally lies and how it faces, and the cards of one
   * owner all of one origin (a written position says nothing of which pile each card came from).
   */
  positionWritten(): void {
    for (const c of this.cards) {
      c.origin = -1;
      c.known = 0;
      if (this.trackKnowledge) this.learn(c);
    }
  }

  /** A zone was shuffled: those who cannot see its cards no longer know where each lies. */
  protected forgetOrder(z: Zone): void {
    const list = z.cards;
    const old = this.journal.depth > 0 ? list.map((c) => c.known) : null;
    for (const c of list) c.known &= seenBy(this.zoneVisibility[z.def]!, (z.player ?? c.owner).index, c.facedown, (1 << this.players.length) - 1);
    if (old) this.journal.record(() => list.forEach((c, i) => (c.known = old[i]!)));
  }

  /** This room's part of saveState (each room saves its own state and calls the room below). */
  protected saveRoom(s: GameSnapshot): void {
    s.turn = this.turn;
    s.active = this.active.index;
    s.steps = this.steps;
    s.decisions = this.decisions;
    s.hash = this.hash;
    const r = this.rng;
    s.rng[0] = r.a;
    s.rng[1] = r.b;
    s.rng[2] = r.c;
    s.rng[3] = r.d;
    s.nextRequestId = this.nextRequestId;
    s.result = this.result;
    saveCards(s, this.cardStore());
    let k = 0;
    for (const p of this.players) for (const v of p.vars) s.playerVars[k++] = v;
    s.playerVars.length = k;
    s.direction = this.direction;
    s.outPlaces.length = 0;
    for (const p of this.players) s.outPlaces.push(p.out ? p.place : 0);
    s.globals.length = 0;
    for (const v of this.globals) s.globals.push(v);
    s.uses.length = 0;
    for (const [key, n] of this.usesThisTurn) s.uses.push(key, n);
    s.stack = this.stack.map((q) => ({ id: q.id, action: q.action, controller: q.controller.index, frame: q.frame.slice(), cards: q.cards.map((c) => c.id), cancelled: q.cancelled, source: q.source ? q.source.id : 0, vars: q.vars.slice() }));
  }

  /** This room's part of loadState. */
  protected loadRoom(s: GameSnapshot): void {
    this.changes++;
    this.loadCardObjects(s);
    const requests = new Map<number, Request>();
    const t: LoadTarget = { cards: this.cards, players: this.players, sharedZones: this.sharedZones, requests };
    // Requests first (frames may name one another), their frames once all exist.
    const stack = s.stack.map((q) => {
      const r = new Request(q.id, q.action, this.players[q.controller]!, q.frame.slice(), q.cards.map((id) => this.cards[id - 1]!));
      r.cancelled = q.cancelled;
      r.source = q.source ? this.cards[q.source - 1]! : null;
      requests.set(q.id, r);
      return r;
    });
    s.stack.forEach((q: SavedRequest, i) => {
      const r = stack[i]!;
      for (let k = 0; k < r.frame.length; k++) r.frame[k] = loadValue(r.frame[k], t);
      r.vars = q.vars.map((v) => loadValue(v, t));
    });
    this.stack = stack;
    this.loadTarget = t;
    loadCards(s, this.cardStore(), t);
    this.turn = s.turn;
    this.active = this.players[s.active]!;
    this.steps = s.steps;
    this.decisions = s.decisions;
    this.hash = s.hash;
    this.rng.a = s.rng[0]!;
    this.rng.b = s.rng[1]!;
    this.rng.c = s.rng[2]!;
    this.rng.d = s.rng[3]!;
    this.nextRequestId = s.nextRequestId;
    this.result = s.result;
    let k = 0;
    for (const p of this.players) for (let i = 0; i < p.vars.length; i++) p.vars[i] = loadValue(s.playerVars[k++], t);
    this.loadOutPlaces(s.outPlaces);
    this.direction = s.direction;
    for (let i = 0; i < this.globals.length; i++) this.globals[i] = loadValue(s.globals[i], t);
    this.usesThisTurn.clear();
    for (let i = 0; i < s.uses.length; i += 2) this.usesThisTurn.set(s.uses[i]!, s.uses[i + 1]!);
  }

  /** The players out of the game, as a saved state has them (GameSnapshot.outPlaces; none: all in). */
  protected loadOutPlaces(places: readonly number[]): void {
    this.playersIn = 0;
    this.players.forEach((p, i) => {
      const place = places[i] ?? 0;
      p.out = place > 0;
      p.place = place;
      if (!p.out) this.playersIn++;
    });
    this.playerOrders = [];
  }

  /** Where the rooms above find this engine's objects for the values they load (set by loadRoom). */
  protected loadTarget: LoadTarget | null = null;

  private cardStore(): CardStore {
    const store = (this.store ??= { cards: this.cards, players: this.players, sharedZones: this.sharedZones, zoneDefs: this.ir.zones.length, stateFields: Int32Array.from(this.ir.cardFields.flatMap((f, i) => (f.kind === 'state' ? [i] : []))) });
    // This game's lists (a reset makes new ones).
    store.cards = this.cards;
    store.players = this.players;
    store.sharedZones = this.sharedZones;
    return store;
  }

  private store: CardStore | null = null;

  /** The card objects of a saved state's ids, each with its identity (definition, owner); every card listed by definition. */
  private loadCardObjects(s: GameSnapshot): void {
    const n = s.cardCount;
    // The same cards as this engine's now (a search loading state after state of one game): nothing to do.
    let same = this.cards.length === n;
    for (let i = 0; i < n; i++) {
      const def = s.def[i]!;
      const owner = this.players[s.owner[i]!]!;
      const card = this.cards[i];
      if (card && card.def === def && card.owner === owner && card.id === i + 1) continue;
      same = false;
      const d = this.ir.cards[def]!;
      const reused = card ?? this.cardPool[i];
      if (reused) reused.renew(i + 1, def, d.name, d.type, owner, this.fieldsOf(def));
      this.cards[i] = reused ?? new Card(i + 1, def, d.name, d.type, owner, this.fieldsOf(def).slice());
    }
    if (same) return;
    this.cards.length = n;
    while (this.cardsByDef.length < this.ir.cards.length) this.cardsByDef.push(null);
    for (let d = 0; d < this.cardsByDef.length; d++) {
      const list = this.cardsByDef[d];
      if (list) list.length = 0;
    }
    for (let i = 0; i < n; i++) {
      const c = this.cards[i]!;
      const list = this.cardsByDef[c.def];
      if (list) list.push(c);
      else this.cardsByDef[c.def] = [c];
    }
  }
}
