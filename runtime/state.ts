/**
 * The state store — the engine's first room. Everything a game is made of at one moment:
 * players with their zones and states, shared zones, global states, cards, the response stack,
 * the turn, the random generator, the log and the game's hash; every change to it, journaled so
 * a trial (can this action be declared?) or a declaration that turns out impossible can be
 * undone exactly;
 * and the few reads compiled rules make of it.
 *
 * The engine is one object built in rooms, one file each, each a class extending the room below
 * it (docs/architecture.md, "The engine's rooms"). Each room file says at its top, in a
 * room-allowances block, the rooms and the fields of other rooms its code may use.
 */
/* room-allowances of GameState (checked by test/room-allowances.test.ts; docs/architecture.md): below: none; above: none; fields: none */
import { playerCount, type GameIR, type SrcLoc } from '../compiler/ir.ts';
import { asList, Impossible, newCtx, type Ctx } from './context.ts';
import { generatedStores } from './codegen-functions.ts';
import { GameOver, TrialEndsGame, type EngineOptions, type GameResult, type LogEvent } from './engine-types.ts';
import { Card, finalPlaces, Journal, Player, Request, Zone } from './model.ts';
import { Rng } from './rng.ts';
import { NO_ARGS, optional, phrase, type LogArg, type LogPhrase } from './log-entry.ts';
import type { CompiledRules } from './rules.ts';
import { seenBy, VISIBILITY } from './knowledge.ts';
import { GameTally } from './tally.ts';
import { Interventions } from './interventions.ts';

export abstract class GameState {
  readonly params: unknown[];
  readonly formatLevel: number;
  readonly format: string;
  // The game's state: made anew by resetGame() for each new game, the compiled rules kept.
  players: Player[] = [];
  sharedZones: Zone[] = [];
  globals: unknown[] = [];
  rng: Rng;
  journal = new Journal();
  log: LogEvent[] = [];
  active!: Player;
  turn = 0;
  result: GameResult | null = null;
  steps = 0;
  decisions = 0;
  hash = 0x811c9dc5;
  /**
   * Bumped by every change of the cards and zones (turnChanges and varChanges count the rest of
   * the state): equal counts mean the same state (settle's checks rely on it: triggers.ts
   * `quiet`). The engine's setters bump them, and so do generated code's in-place stores
   * (codegen-statements.ts `set`). They go back only when a trial declaration is undone exactly
   * (actions.ts canDeclare), to the counts of the state it returns to. A reset, a loaded state
   * and a scenario's start bump `changes` (whatever was known of the state is forgotten).
   */
  changes = 0;
  /** The same for the turn and the active player (see `changes`). */
  turnChanges = 0;
  /** The same for players' and global states, requests' states, the stack and waiting triggers (see `changes`). */
  varChanges = 0;
  /** The same for cards in zones the checks do not read (watchedZones): counted apart from `changes`. */
  looseChanges = 0;
  /** By zone: 1 if settle's checks can read its cards (all, unless triggers.ts finds fewer). */
  protected watchedZones: Uint8Array;
  /** By card field: 1 if settle's checks can read it (all, unless triggers.ts finds fewer). */
  protected watchedFields: Uint8Array;
  /**
   * Whether cards' `known` bits are kept (knowledge.ts): on for a game a search agent plays,
   * and in the agent's own engine while it replays the game to the decision.
   */
  trackKnowledge = false;
  /** EngineOptions.tally: what each player drew, played and used in this game (tally.ts); null when not asked. */
  protected readonly tally: GameTally | null;
  /** By zone definition: its visibility (knowledge.ts VISIBILITY). */
  protected readonly zoneVisibility: Uint8Array;
  /** EngineOptions.substitutes, printed and opening (the balance lab's interventions); null without any. */
  protected readonly interventions: Interventions | null;

  /** The compiled rules (rules.ts): set by the engine's constructor, kept across games. */
  protected rules!: CompiledRules;
  protected stack: Request[] = [];
  protected cards: Card[] = [];
  /** The cards of each definition (card abilities look their cards up here, not in every card). */
  protected cardsByDef: (Card[] | null)[] = [];
  /** Uses this turn of actions and triggers with a `limit … per turn` (see useKey). */
  protected usesThisTurn = new Map<number, number>();
  /** Above 0 while a trial declaration runs: no one is asked, nothing is logged or fired. */
  protected trial = 0;
  protected nextRequestId = 1;
  protected readonly logging: boolean;
  protected readonly maxSteps: number;
  /** EngineOptions.onLog and onStep: they receive the engine itself. */
  protected readonly onLog: ((event: LogEvent, engine: this) => void) | null;
  protected readonly onStep: ((engine: this, loc: SrcLoc | null) => void) | null;
  /** EngineOptions.onTurn; a host may set it between games (a search agent's recorder, runtime/search.ts). */
  onTurn: ((engine: this) => void) | null;
  /** By card type: its states' initial values (set once the rules are compiled). */
  protected stateInits: { field: number; value: unknown }[][] = [];
  /** By card type: its states back to their initial values, `keep` states excepted (what a zone change resets), as generated stores. */
  protected resetStates: ((f: unknown[]) => void)[] = [];

  constructor(
    readonly ir: GameIR,
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the engine type is the subclass's
    opts: EngineOptions<any>,
  ) {
    this.rng = new Rng(opts.seed);
    this.watchedZones = new Uint8Array(ir.zones.length).fill(1);
    this.watchedFields = new Uint8Array(ir.cardFields.length).fill(1);
    this.zoneVisibility = Uint8Array.from(ir.zones, (z) => VISIBILITY[z.visibility]);
    this.logging = opts.log ?? false;
    this.maxSteps = opts.maxSteps ?? 1_000_000;
    this.onLog = opts.onLog ?? null;
    this.onStep = opts.onStep ?? null;
    this.onTurn = opts.onTurn ?? null;
    this.params = ir.params.map((p) => (opts.params && p.name in opts.params ? opts.params[p.name] : p.value));
    this.playerCount = playerCount(ir, opts.params);
    this.tally = opts.tally ? new GameTally(this.playerCount, ir.actions.length, this.zoneVisibility) : null;
    const format = ir.game.formats.find((f) => f.name === (opts.format ?? ir.game.defaultFormat));
    if (!format) throw new Error(`unknown format '${opts.format}'; the formats are ${ir.game.formats.map((f) => f.name).join(', ')}`);
    this.format = format.name;
    this.formatLevel = format.level;
    this.interventions = Interventions.of(ir, opts.substitutes, opts.printed, opts.opening);
  }

  /** Each card type's initial states, worked out once the rules are compiled and the players exist. */
  protected initCardStates(): void {
    const ir = this.ir;
    const constCtx = newCtx([], this.active, '');
    this.stateInits = this.rules.stateInitExprs.map((list) => list.map((s) => ({ field: s.field, value: s.init(constCtx) })));
    this.stateInits.forEach((list, t) => {
      const reset = list.filter((s) => !ir.cardFields[s.field]!.keep);
      this.resetStates.push(generatedStores(ir.cardTypes[t]!, reset.map((s) => s.field), reset.map((s) => s.value)));
    });
  }

  /**
   * Players with their zones and initial states, shared zones, global states. An engine reset
   * for another game keeps its players and zones, their lists emptied: no objects to make per
   * game, and long-lived cards then point at long-lived zones and players (V8 records every
   * pointer from an old object to a new one, at each `card.zone = …`).
   */
  protected newPlayers(): void {
    const ir = this.ir;
    this.playersIn = this.playerCount;
    this.direction = 1;
    this.playerOrders = [];
    if (this.players.length === this.playerCount) {
      for (const p of this.players) {
        for (const z of p.zones) if (z) z.cards = [];
        p.out = false;
        p.place = 0;
      }
      for (const z of this.sharedZones) if (z) z.cards = [];
    } else {
      this.players = [];
      this.sharedZones = [];
      for (let i = 0; i < this.playerCount; i++) {
        const p = new Player(i, `p${i + 1}`);
        ir.zones.forEach((z, zi) => {
          if (!z.shared) p.zones[zi] = new Zone(zi, z.name, p);
        });
        this.players.push(p);
      }
      ir.zones.forEach((z, zi) => {
        if (z.shared) this.sharedZones[zi] = new Zone(zi, z.name, null);
      });
    }
    this.active = this.players[0]!;
    for (const p of this.players) {
      const ctx = newCtx([], p, '');
      p.vars = this.rules.playerInits.map((init) => init(ctx));
    }
    const ctx = newCtx([], this.active, '');
    this.globals = this.rules.globalInits.map((init) => init(ctx));
  }

  /**
   * This room's part of a new game with another seed (each room resets its own state and calls
   * the room below). The compiled rules are kept: a batch of games reuses one engine.
   */
  protected resetGame(seed: number): void {
    this.rng = new Rng(seed);
    this.journal = new Journal();
    this.log = [];
    this.turn = 0;
    this.result = null;
    this.steps = 0;
    this.decisions = 0;
    this.hash = 0x811c9dc5;
    this.changes++;
    this.stack = [];
    // The last game's cards are made anew for this one (createCard): no allocation per card
    // and game, and no cards for the garbage collector. (A host keeps nothing across a reset:
    // the engine's whole state is the new game's.)
    if (this.cards.length >= this.cardPool.length) this.cardPool = this.cards;
    this.cards = [];
    // Dense, one entry per definition: assigned out of order, a sparse array becomes a slow dictionary.
    this.cardsByDef = [];
    for (let i = 0; i < this.ir.cards.length; i++) this.cardsByDef.push(null);
    // (Map.clear and Set.clear allocate a new table even when empty.)
    if (this.usesThisTurn.size) this.usesThisTurn.clear();
    this.trial = 0;
    this.nextRequestId = 1;
    this.tally?.reset();
    this.newPlayers();
  }

  /**
   * The card now lies where some players see it: they know it (knowledge.ts). Called after a
   * move has set its place and face; not journaled here — placeCard journals `known`.
   */
  protected learn(card: Card): void {
    let at: Card = card;
    while (at.zone === null && at.host !== null) at = at.host;
    const z = at.zone;
    if (z === null) return;
    card.known |= seenBy(this.zoneVisibility[z.def]!, (z.player ?? card.owner).index, card.facedown, (1 << this.players.length) - 1);
  }

  // ------------------------------------------------------------ reads

  /** The next player in turn order still in the game (`p` itself when no other is). */
  nextPlayer(p: Player): Player {
    const n = this.players.length;
    const step = this.direction === 1 ? 1 : n - 1;
    let i = (p.index + step) % n;
    if (this.playersIn < n) while (this.players[i]!.out && i !== p.index) i = (i + step) % n;
    return this.players[i]!;
  }

  /** The players still in the game in turn order from `p` (`p` first, unless out): one list per player, made again only when a player goes out (no one changes it: see H.stable). */
  playersFrom(p: Player): Player[] {
    let out = this.playerOrders[p.index];
    if (!out || (out[0] !== p && !p.out)) {
      out = p.out ? [] : [p];
      const n = this.players.length;
      for (let i = 1; i < n; i++) {
        const q = this.players[(p.index + (this.direction === 1 ? i : n - i)) % n]!;
        if (!q.out) out.push(q);
      }
      this.playerOrders[p.index] = out;
    }
    return out;
  }

  protected playerOrders: Player[][] = [];
  /** The number of players (`players N`, or its parameter's value); how many are still in the game (not out). */
  readonly playerCount: number;
  playersIn = 0;
  /** Turn order: 1 from each seat to the next (p1, p2, p3…), -1 the other way round (`reverse turn order`). */
  direction: 1 | -1 = 1;

  stackTopFirst(): Request[] {
    const s = this.stack;
    const out: Request[] = [];
    for (let i = s.length - 1; i >= 0; i--) out.push(s[i]!);
    return out;
  }

  stackRequests(): readonly Request[] {
    return this.stack;
  }

  allCards(): readonly Card[] {
    return this.cards;
  }

  actionName(index: number): string {
    return this.ir.actions[index]!.name;
  }

  cardTitle(k: Card | null): string | null {
    return k ? this.ir.cards[k.def]!.title : null;
  }

  actionOf(r: Request | null): string | null {
    return r ? this.ir.actions[r.action]!.name : null;
  }

  randomOf(l: unknown): unknown {
    const xs = asList(l);
    return xs.length ? xs[this.rng.below(xs.length)] : null;
  }

  enteredThisTurn(k: Card | null): boolean {
    return !!k && k.entered === this.turn;
  }

  /** The values a request's `target` steps chose, in step order. */
  targetsOf(r: Request): unknown[] {
    const out: unknown[] = [];
    for (const s of this.rules.actions[r.action]!.steps) {
      if (s.kind === 'pick' && s.ir.kind === 'target') {
        const v = r.frame[s.ir.slot];
        if (s.ir.single) {
          if (v !== null && v !== undefined) out.push(v);
        } else out.push(...asList(v));
      }
    }
    return out;
  }

  targetsOfOrNone(r: Request | null): unknown[] {
    return r ? this.targetsOf(r) : [];
  }

  /** Who controls a card: the player whose zone holds it (its owner in a shared zone). */
  controllerOf(card: Card): Player {
    let c = card;
    while (!c.zone && c.host) c = c.host;
    return c.zone?.player ?? card.owner;
  }

  // ------------------------------------------------------------ state changes (journaled)

  /**
   * Counts a change to this card: in `changes`, or in looseChanges when it lies in a zone whose
   * cards the checks cannot reach (a card attached, or in no zone, counts in `changes`).
   */
  touch(card: Card): void {
    const z = card.zone;
    if (z === null || this.watchedZones[z.def] === 1) this.changes++;
    else this.looseChanges++;
  }

  /** Counts a change to a card's field: with the changes no check reads when no check reads that field (see touch). */
  touchField(card: Card, f: number): void {
    if (this.watchedFields[f] === 1) this.touch(card);
    else this.looseChanges++;
  }

  /** Counts a change to a zone's list (see touch). */
  protected touchZone(z: Zone): void {
    if (this.watchedZones[z.def] === 1) this.changes++;
    else this.looseChanges++;
  }

  setCardField(card: Card, f: number, v: unknown): void {
    const old = card.f[f];
    if (old !== v || v === 0) this.touchField(card, f);
    // The same value (not -0 for 0): nothing changes, nothing to undo.
    if (old === v && (v !== 0 || Object.is(old, v))) return;
    card.f[f] = v;
    if (this.journal.depth > 0) this.journal.cardField(card, f, old);
  }

  setFacedown(card: Card, v: boolean): void {
    this.touch(card);
    const old = card.facedown;
    const knew = card.known;
    card.facedown = v;
    // Turned face up where others see it: they know it from now on.
    if (this.trackKnowledge) this.learn(card);
    if (this.journal.depth > 0)
      this.journal.record(() => {
        card.facedown = old;
        card.known = knew;
      });
  }

  setPlayerVar(p: Player, f: number, v: unknown): void {
    const old = p.vars[f];
    if (old !== v || v === 0) this.varChanges++;
    p.vars[f] = v;
    if (this.journal.depth > 0) this.journal.vars(p, f, old);
  }

  setRequestVar(r: Request, f: number, v: unknown): void {
    this.varChanges++;
    const old = r.vars[f];
    r.vars[f] = v;
    if (this.journal.depth > 0) this.journal.vars(r, f, old);
  }

  setGlobal(f: number, v: unknown): void {
    const old = this.globals[f];
    if (old !== v || v === 0) this.varChanges++;
    this.globals[f] = v;
    if (this.journal.depth > 0) this.journal.record(() => (this.globals[f] = old));
  }

  setActive(p: Player): void {
    this.turnChanges++;
    const old = this.active;
    this.active = p;
    if (this.journal.depth > 0) this.journal.record(() => (this.active = old));
  }

  /**
   * Zone lists change in place; inside a trial (or a declaration), the change is journaled as
   * its inverse (put the card back at its place; take it off again), undone in reverse order, so
   * the list is as it was. (Readers that keep a list across changes take a copy: `for each`,
   * `move`, `choose order`.)
   */
  protected removeFromZone(z: Zone, card: Card): void {
    this.touchZone(z);
    // In place, by hand: `splice` allocates the list of what it removes. The first card (the
    // top, as when drawing) by `shift`, which V8 does without moving the others.
    const a = z.cards;
    const i = a.indexOf(card);
    if (i < 0) return;
    if (i === 0) a.shift();
    else {
      for (let j = i + 1; j < a.length; j++) a[j - 1] = a[j]!;
      a.pop();
    }
    if (this.journal.depth > 0) this.journal.removed(z, i, card);
  }

  protected addToZone(z: Zone, card: Card, top: boolean): void {
    this.touchZone(z);
    if (top) z.cards.unshift(card);
    else z.cards.push(card);
    if (this.journal.depth > 0) this.journal.added(z, top);
  }

  protected setZoneCards(z: Zone, cards: Card[]): void {
    this.touchZone(z);
    const old = z.cards;
    z.cards = cards;
    if (this.journal.depth > 0) this.journal.record(() => (z.cards = old));
  }

  /** Puts a card in a zone or under a host; inside a trial the whole card is restored on undo. */
  protected placeCard(card: Card, zone: Zone | null, host: Card | null): void {
    // Where it was and where it goes.
    if (zone === null || this.watchedZones[zone.def] === 1) this.changes++;
    else this.touch(card);
    // Journaled inside a trial: the place, and what a move resets (its states by a copy of the fields).
    if (this.journal.depth > 0) this.journal.placed(card, card.zone, card.host, card.entered, card.f.slice(), card.mods, card.facedown, card.revealedTo, card.known);
    card.zone = zone;
    card.host = host;
    card.revealedTo = 0;
  }

  createCard(def: number, zone: Zone): Card {
    // EngineOptions.substitutes: the card made instead in this player's zones.
    if (this.interventions !== null) def = this.interventions.made(def, zone.player?.index ?? -1, this.cards.length + 1);
    this.touchZone(zone);
    const d = this.ir.cards[def]!;
    const owner = zone.player ?? this.active;
    const id = this.cards.length + 1;
    // The card with this id in an earlier game of this engine, made anew; or a new card.
    const reused = this.cardPool[id - 1];
    let card: Card;
    if (reused !== undefined && reused.f.length === this.ir.cardFields.length) {
      // Card.renew, written out here (a call per card otherwise): every property as a new card has it.
      card = reused;
      card.id = id;
      card.def = def;
      card.name = d.name;
      card.type = d.type;
      card.owner = owner;
      (this.cardInits[def] ?? this.cardInit(def))(card.f);
      card.host = null;
      if (card.attached.length) card.attached = [];
      card.facedown = false;
      card.revealedTo = 0;
      card.known = 0;
      card.mods = null;
    } else if (reused !== undefined) {
      card = reused;
      card.renew(id, def, d.name, d.type, owner, this.fieldsOf(def), this.cardInits[def] ?? this.cardInit(def));
    } else card = new Card(id, def, d.name, d.type, owner, this.fieldsOf(def).slice());
    // EngineOptions.printed: this player's copies printed otherwise.
    if (this.interventions !== null && zone.player !== null) this.interventions.print(card, zone.player.index);
    card.zone = zone;
    card.entered = 0;
    card.origin = zone.def;
    if (this.trackKnowledge) this.learn(card);
    if (this.tally !== null && this.trial === 0) this.tally.made(card, zone, this.journal);
    this.cards.push(card);
    (this.cardsByDef[def] ??= []).push(card);
    zone.cards.push(card);
    // Inside a trial or a declaration, undone with it: a card a cost made does not stay.
    if (this.journal.depth > 0) this.journal.record(() => this.unmake(card));
    return card;
  }

  /** The last card made, taken out of the game (a trial or declaration undone). */
  private unmake(card: Card): void {
    this.cards.pop();
    this.cardsByDef[card.def]!.pop();
    const z = card.zone;
    if (z) {
      const i = z.cards.lastIndexOf(card);
      if (i >= 0) z.cards.splice(i, 1);
    }
    card.zone = null;
  }

  /** By definition: its fields as a new card has them, written by generated stores (see cardInit). */
  private cardInits: (((f: unknown[]) => void) | undefined)[] = [];

  /** Writes a definition's new-card fields (fieldsOf) into a reused card's field list. */
  private cardInit(def: number): (f: unknown[]) => void {
    const fields = this.fieldsOf(def);
    const init = generatedStores(this.ir.cards[def]!, fields.map((_, i) => i), fields);
    this.cardInits[def] = init;
    return init;
  }

  /** Cards of earlier games, reused by createCard (see resetGame). */
  protected cardPool: Card[] = [];

  /** Each card definition's fields as a new card has them: built once, copied for each card. */
  private cardTemplates: unknown[][] = [];

  protected fieldsOf(def: number): unknown[] {
    let f = this.cardTemplates[def];
    if (!f) {
      const d = this.ir.cards[def]!;
      // Pushed one by one, not `new Array(n)`: a packed array, which V8 copies and reads faster.
      f = [];
      for (let i = 0; i < this.ir.cardFields.length; i++) f.push(null);
      for (const a of d.attrs) f[a.field] = a.value;
      // A new card starts with every state at its initial value, `keep` states included.
      for (const s of this.stateInits[d.type]!) f[s.field] = s.value;
      this.cardTemplates[def] = f;
    }
    return f;
  }

  /** Undoes the last `createCard` (a `create every … where` filter refused the card). */
  uncreateCard(card: Card): void {
    this.touch(card);
    if (this.cards[this.cards.length - 1] !== card) throw new Error('only the card created last can be unmade');
    this.cards.pop();
    this.cardsByDef[card.def]!.pop();
    const z = card.zone!;
    z.cards.splice(z.cards.indexOf(card), 1);
    card.zone = null;
  }

  /** Card states back to their initial values (those marked `keep` excepted), modifiers gone. */
  protected resetState(card: Card): void {
    this.touch(card);
    this.resetStates[card.type]!(card.f);
    card.mods = null;
  }

  // ------------------------------------------------------------ steps, the end, log and hash

  tick(loc: SrcLoc | null): void {
    if (++this.steps > this.maxSteps) {
      if (this.trial > 0) throw new Impossible(phrase('limit-steps'));
      this.finish('draw', null, `stopped after ${this.maxSteps} steps (a loop that never ends?)`, null, loc, 'steps', phrase('reason-steps', { n: this.maxSteps }));
    }
    if (this.onStep !== null && this.trial === 0) this.onStep(this, loc);
  }

  finish(kind: 'win' | 'lose' | 'draw', p: Player | null, reason: string, ctx: Ctx | null, loc: SrcLoc | null, stopped?: GameResult['stopped'], because?: LogPhrase): never {
    this.end(kind, p, reason, ctx, loc, stopped, because);
    throw new GameOver(this.result!);
  }

  /**
   * The game's end — its result, hashed and logged — without unwinding: `finish` then throws;
   * the turn's and setup's generated bodies return instead (a throw costs V8 about a
   * microsecond), and the turn loop stops when it sees the result.
   */
  end(kind: 'win' | 'lose' | 'draw', p: Player | null, reason: string, ctx: Ctx | null, loc: SrcLoc | null, stopped?: GameResult['stopped'], because?: LogPhrase): void {
    // In a trial, a declaration that would end the game can be completed: it is legal, and the
    // rules (a `when`) decide whether a player may make it. The trial stops here.
    if (this.trial > 0) throw new TrialEndsGame();
    let winner: string | null = null;
    let loser: string | null = null;
    // With two players in the game, one's loss is the other's win (and one's win the other's loss).
    const other = p && kind !== 'draw' && this.playersIn === 2 ? this.nextPlayer(p).name : null;
    if (kind === 'win' && p) [winner, loser] = [p.name, other];
    else if (kind === 'lose' && p) [winner, loser] = [other, p.name];
    const cite = ctx?.cite ?? '';
    const why: LogArg = because ?? reason; // (the log's words: the rules' reason, or the engine's as a phrase)
    const entry = kind === 'draw' ? phrase('result-draw', { reason: why }) : phrase(kind === 'lose' ? 'result-loses' : loser ? 'result-beaten' : 'result-others', { winner: winner ?? '?', loser: loser ?? '', reason: optional(!!reason, 'paren', { text: why }) });
    this.result = { winner, loser, reason: reason || kind, ...(because ? { because } : {}), cite, ...(stopped ? { stopped } : {}) };
    if (this.playerCount > 2) this.result.places = finalPlaces(this.players, winner);
    this.mix(kind === 'draw' ? 7 : (p?.index ?? 0) + 11);
    this.emitLog('result', entry, p, cite, loc, true);
  }

  /** Whether `log` statements are kept (generated code works out their texts only then). */
  narrating(): boolean {
    return this.logging;
  }

  narrate(text: string, ctx: Ctx, loc: SrcLoc | null): void {
    if (this.logging) this.emitLog('note', phrase('text', { text }), ctx.me, ctx.cite, loc);
  }

  /** A line the host adds to the log (a scenario's agent saying what it chose). */
  note(entry: LogPhrase, player: Player | null): void {
    this.emitLog('note', entry, player, '', null);
  }

  /** Folds a number into the game's hash (the moves, choices and end that make the game what it is). */
  protected mix(n: number): void {
    let h = this.hash ^ (n & 0xffff);
    h = Math.imul(h, 0x01000193);
    h ^= n >>> 16;
    this.hash = Math.imul(h, 0x01000193) >>> 0;
  }

  protected emitLog(kind: string, entry: LogPhrase, player: Player | null, cite: string, loc: SrcLoc | null, always = false, cards: readonly unknown[] | null = null): void {
    if (!this.logging && !always) return;
    if (this.trial > 0) return;
    const event: LogEvent = { seq: this.log.length, turn: this.turn, kind, code: entry.code, args: entry.args ?? NO_ARGS, player: player?.name ?? null, cite, loc };
    if (cards !== null) {
      const ids: number[] = [];
      const add = (c: unknown) => {
        if (Array.isArray(c)) for (const x of c) add(x);
        else if (c instanceof Card) ids.push(c.id);
      };
      add(cards);
      if (ids.length) event.cards = ids;
    }
    this.log.push(event);
    if (this.onLog !== null) this.onLog(event, this);
  }
}

/** An empty list of cards, shared (never changed: see H.stable). */
export const NO_CARDS: Card[] = [];

