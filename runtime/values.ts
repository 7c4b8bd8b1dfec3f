/**
 * Values and continuous effects — the engine's second room. A card's computed values (`value`
 * fields of its type), what modifiers (`modify … by`, doubled, halved, until end of turn) and
 * auras (continuous effects of other cards) make of them, and labels; the abilities a card has
 * gained from another (`modify c gains abilities of x`), and so which cards have an ability
 * where it works (cardsWhere), which the rooms above ask. Nothing here moves a card.
 */
/* room-allowances of ValuesRoom (checked by test/room-allowances.test.ts; docs/architecture.md)
 * below: GameState
 * above: none
 * fields: GameState (active cards cardsByDef changes ir journal logging players rules turn)
 */
import type { GameIR, SrcLoc } from '../compiler/ir.ts';
import type { EngineOptions } from './engine-types.ts';
import { asList, newCtx, type Ctx, type Ev } from './context.ts';
import { Card, Request, type Modifier, type Player, type Until, type Zone } from './model.ts';
import type { CompiledAura } from './rules.ts';
import type { GameSnapshot } from './snapshot.ts';
import { TeamsRoom } from './teams.ts';
import { NO_CARDS } from './state.ts';
import { optional, phrase, type LogArg } from './log-entry.ts';

export abstract class ValuesRoom extends TeamsRoom {
  /** The index of the card field `labels`, or -1. */
  private readonly labelsField: number;
  /** By card field: the numbered label whose number it is (a `becomes` on it grants the label), or undefined. */
  private readonly levelLabel: (string | undefined)[] = [];
  /** Auras that set a numbered label's number (they grant the label too), by index in ir.auras; null when the game has none. */
  private readonly levelSetAuraIndices: number[] | null;
  private levelSetAurasCompiled: CompiledAura[] | null = null;
  /** Cards with a modifier that has a duration (a superset: expireModifiers drops the others). */
  private modifiedCards = new Set<Card>();
  /** Cards that gained another card's abilities this game (a superset: abilityHolders checks their modifiers). */
  private gainedAbilities = new Set<Card>();
  /** Cards some modifier lasts "until it leaves" a zone (ids; a superset, kept for the game). */
  protected leaveWatch = new Set<number>();
  /** By player: the turns they have begun this game (durations count them). */
  protected turnsTaken: number[] = [];
  /** One context serves every value read (nested reads save and restore it). */
  private valueCtx: Ctx | null = null;
  /** True while an aura's own lists and amounts are evaluated (auras then do not apply). */
  private inAura = false;
  private auraCtx: Ctx | null = null;
  /** The context of the game's evaluation (evaluate). */
  private evaluateCtx: Ctx | null = null;
  /**
   * By card field: its auras, when one of them is the rules' own or of a definition with a card
   * in this game (or a card has gained abilities: all), else undefined — a pool's auras mostly
   * belong to cards not in this game, and change nothing. Null until worked out again (liveAurasNow):
   * after a reset or a load, a definition's first card, a gain of abilities.
   */
  private liveAuras: (CompiledAura[] | undefined)[] | null = null;
  private liveAurasTable: (CompiledAura[] | undefined)[] | null = null;

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see GameState
  constructor(ir: GameIR, opts: EngineOptions<any>) {
    super(ir, opts);
    this.labelsField = ir.cardFields.findIndex((f) => f.name === 'labels');
    for (const l of ir.labels) if (l.value) this.levelLabel[l.value.level] = l.name;
    const levelSets = ir.auras.flatMap((a, i) => (a.op === 'set' && this.levelLabel[a.field] !== undefined ? [i] : []));
    this.levelSetAuraIndices = levelSets.length ? levelSets : null;
  }

  protected override resetGame(seed: number): void {
    super.resetGame(seed);
    if (this.modifiedCards.size) this.modifiedCards.clear();
    if (this.leaveWatch.size) this.leaveWatch.clear();
    if (this.gainedAbilities.size) this.gainedAbilities.clear();
    this.grantsEver = false;
    this.liveAuras = null;
  }

  /** New players for a game: no turns begun (the engine's first game does not pass through resetGame). */
  protected override newPlayers(): void {
    super.newPlayers();
    this.turnsTaken = this.players.map(() => 0);
  }

  protected override saveRoom(s: GameSnapshot): void {
    super.saveRoom(s);
    s.modified.length = 0;
    for (const c of this.modifiedCards) s.modified.push(c.id);
    s.leaveWatch.length = 0;
    for (const id of this.leaveWatch) s.leaveWatch.push(id);
    s.turnsTaken = this.turnsTaken.slice();
  }

  protected override loadRoom(s: GameSnapshot): void {
    super.loadRoom(s);
    this.modifiedCards.clear();
    for (const id of s.modified) this.modifiedCards.add(this.cards[id - 1]!);
    this.leaveWatch.clear();
    for (const id of s.leaveWatch) this.leaveWatch.add(id);
    this.turnsTaken = s.turnsTaken.length ? s.turnsTaken.slice() : this.players.map(() => 0);
    // Gained abilities are modifiers of the cards loaded: found again from them.
    this.gainedAbilities.clear();
    for (const c of this.cards) if (c.mods !== null && c.mods.some((m) => m.op === 'abilities')) this.gainedAbilities.add(c);
    this.grantsEver = this.gainedAbilities.size > 0;
    this.liveAuras = null;
  }

  override createCard(def: number, zone: Zone): Card {
    const card = super.createCard(def, zone);
    // The first card of its definition in this game, if it has auras: they may now change values.
    if (this.liveAuras !== null && this.cardsByDef[card.def]!.length === 1 && (this.auraSources ??= this.auraSourcesNow())[card.def] === 1) this.liveAuras = null;
    return card;
  }

  /** By card definition: 1 if it has an aura (createCard). */
  private auraSources: Uint8Array | null = null;

  private auraSourcesNow(): Uint8Array {
    const out = new Uint8Array(this.ir.cards.length);
    for (const a of this.rules.auras) if (a.ir.source >= 0) out[a.ir.source] = 1;
    return out;
  }

  private liveAurasNow(): (CompiledAura[] | undefined)[] {
    const all = this.rules.aurasByField;
    const n = this.ir.cardFields.length;
    // One table, filled anew (once a game at least: no list to make each time). Dense, one entry
    // per field: the table of all has holes.
    const live = (this.liveAurasTable ??= new Array<CompiledAura[] | undefined>(n).fill(undefined));
    for (let f = 0; f < n; f++) {
      const auras = all[f];
      live[f] = auras !== undefined && (this.grantsEver || this.anyAuraCard(auras)) ? auras : undefined;
    }
    return (this.liveAuras = live);
  }

  readValue(card: Card | null, field: number): unknown {
    if (!card) return null;
    const direct = this.rules.valueFields[card.type]![field]!;
    let v: unknown;
    if (direct >= 0) v = card.f[direct];
    else if (direct === -2) v = this.rules.valueConsts[card.type]![field];
    else {
      const fn = this.rules.valueFns[card.type]![field];
      v = fn ? this.formula(fn, card) : null;
    }
    // Most reads: no modifier on the card, no aura at work on the field, not labels an aura may
    // grant. Kept this short so that V8 inlines it where the rules read a value; the rest in changedValue.
    if (card.mods === null && (this.liveAuras ?? this.liveAurasNow())[field] === undefined && (field !== this.labelsField || this.levelSetAuraIndices === null)) return v;
    return this.changedValue(card, field, v);
  }

  /** A value read whose card has modifiers, or whose field has auras or is the labels (readValue). */
  private changedValue(card: Card, field: number, v: unknown): unknown {
    const mods = card.mods;
    const auras = (this.liveAuras ?? this.liveAurasNow())[field];
    if (mods === null && (auras === undefined || this.inAura)) {
      if (field === this.labelsField && this.levelSetAuraIndices !== null && !this.inAura) return this.withGrants(card, v, null);
      return v;
    }
    // The common case kept short: additions only (and doublings), as most games' modifiers are.
    if (typeof v === 'number' && this.rules.auraAddOnly[field] === 1 && (mods === null || addsOnly(mods, field))) {
      let scaled = false;
      if (mods !== null) {
        for (const m of mods) {
          if (m.field !== field || !this.inForce(m)) continue;
          if (m.op === 'add') v = (v as number) + (m.by as number);
          else scaled = true;
        }
      }
      if (auras !== undefined && !this.inAura) v = (v as number) + this.auraBonus(card, auras);
      // Doubling and halving apply to the total, after every addition (SM-10.4's reading).
      if (scaled) v = scale(v as number, mods!, field, (m) => this.inForce(m));
      return v;
    }
    return this.changed(card, field, v, mods, auras !== undefined && !this.inAura ? auras : undefined);
  }

  /** Whether some aura of the list is the rules' own or has a card of its definition in the game. */
  private anyAuraCard(auras: CompiledAura[]): boolean {
    for (let i = 0; i < auras.length; i++) {
      const s = auras[i]!.ir.source;
      if (s < 0 || this.cardsByDef[s]) return true;
    }
    return false;
  }

  /**
   * A value with every change on it, in the order of compiler/ir.ts ChangeOpIR: what it becomes
   * (auras', then modifiers' in the order made: the latest wins), what is added, the labels
   * gained and lost, then the scaling. A numbered label's number that something sets grants the
   * label too (withGrants).
   */
  private changed(card: Card, field: number, v: unknown, mods: Modifier[] | null, auras: CompiledAura[] | undefined): unknown {
    const fromAuras = auras !== undefined ? this.auraChanges(card, auras) : NO_CHANGES;
    const each = (op: Modifier['op'], f: (by: unknown) => void) => {
      for (const a of fromAuras) if (a.op === op) f(a.by);
      if (mods !== null) for (const m of mods) if (m.field === field && m.op === op && this.inForce(m)) f(m.by);
    };
    each('set', (by) => (v = by));
    if (typeof v === 'number') each('add', (by) => (v = (v as number) + (Number(by) || 0)));
    if (Array.isArray(v)) {
      let list: unknown[] | null = null;
      each('gain', (by) => {
        if ((list ?? (v as unknown[])).includes(by)) return;
        (list ??= (v as unknown[]).slice()).push(by);
      });
      each('lose', (by) => {
        const from = list ?? (v as unknown[]);
        if (from.includes(by)) list = from.filter((x) => x !== by);
      });
      if (list !== null) v = list;
    }
    if (typeof v === 'number') {
      each('mul', (by) => (v = (v as number) * (Number(by) || 0)));
      each('div', (by) => (v = Number(by) ? Math.floor((v as number) / Number(by)) : v));
    }
    if (field === this.labelsField) v = this.withGrants(card, v, mods);
    return v;
  }

  /**
   * A list of labels with the numbered labels a change grants: a card whose number of 先制 is set
   * (`modify c.先制 becomes 2`, an aura `先制 becomes 2`) has 先制, printed or not.
   */
  private withGrants(card: Card, v: unknown, mods: Modifier[] | null): unknown {
    if (!Array.isArray(v)) return v;
    let list: unknown[] | null = null;
    const grant = (name: string | undefined) => {
      if (name === undefined || (list ?? v).includes(name)) return;
      (list ??= v.slice()).push(name);
    };
    if (mods !== null) for (const m of mods) if (m.op === 'set' && this.inForce(m)) grant(this.levelLabel[m.field]);
    if (this.levelSetAuraIndices !== null && !this.inAura) {
      this.levelSetAurasCompiled ??= this.levelSetAuraIndices.map((i) => this.rules.auras[i]!);
      for (const a of this.levelSetAurasCompiled) if (this.auraChanges(card, [a]).length) grant(this.levelLabel[a.ir.field]);
    }
    return list ?? v;
  }

  /** Has a modifier's duration begun (a `during next turn of p` waits for that turn)? */
  private inForce(m: Modifier): boolean {
    const u = m.until;
    return u === null || u.startPlayer < 0 || this.turnsTaken[u.startPlayer]! >= u.startCount;
  }

  /** A computed value's formula for a card (a function of its own: readValue's common path stays small). */
  private formula(fn: Ev, card: Card): unknown {
    const ctx = (this.valueCtx ??= newCtx([], card.owner, ''));
    const savedThis = ctx.thisCard;
    const savedMe = ctx.me;
    const savedIt = ctx.it;
    ctx.thisCard = card;
    ctx.me = card.owner;
    ctx.it = null;
    try {
      return fn(ctx);
    } finally {
      ctx.thisCard = savedThis;
      ctx.me = savedMe;
      ctx.it = savedIt;
    }
  }

  cardValue(card: Card, field: number): unknown {
    return this.readValue(card, field);
  }

  /**
   * What the cards' continuous effects do to this card's value, in the auras' order: each change
   * (op and amount) of an aura whose card works and whose list holds this card. While an aura's
   * own lists and amounts are evaluated, auras do not apply (an aura reading values cannot loop
   * into itself).
   */
  private auraChanges(card: Card, auras: CompiledAura[]): { op: Modifier['op']; by: unknown }[] {
    let out: { op: Modifier['op']; by: unknown }[] | null = null;
    this.inAura = true;
    try {
      const ctx = (this.auraCtx ??= newCtx([], this.active, ''));
      for (const a of auras) {
        const sources = this.cardsWhere(a.ir.source, a.ir.sourceZone, null, a.ir.sourceZones);
        for (let i = 0; i < sources.length; i++) {
          if (this.auraReaches(a, sources[i]!, card, ctx)) (out ??= []).push({ op: a.ir.op, by: a.by(ctx) });
        }
      }
    } finally {
      this.inAura = false;
    }
    return out ?? NO_CHANGES;
  }

  /**
   * Does aura `a` of card `src` reach `card` (its list holds it)? The context is left set for its
   * amount: `this` the aura's card, `me` its controller, `it` the card.
   */
  private auraReaches(a: CompiledAura, src: Card, card: Card, ctx: Ctx): boolean {
    ctx.frame = a.ir.slots > 0 ? new Array(a.ir.slots) : NO_SLOTS;
    ctx.me = this.controllerOf(src);
    ctx.cite = a.ir.cite;
    ctx.thisCard = src;
    ctx.it = null;
    if (!asList(a.targets(ctx)).includes(card)) return false;
    ctx.it = card;
    return true;
  }

  /**
   * What the cards' continuous effects add to this card's value (auras that only add: the
   * common case). While an aura's own lists and amounts are evaluated, auras do not apply (an aura
   * reading values cannot loop into itself).
   */
  private auraBonus(card: Card, auras: CompiledAura[]): number {
    let total = 0;
    this.inAura = true;
    try {
      // One context for every source: auras never nest (see inAura), and nothing keeps it.
      const ctx = (this.auraCtx ??= newCtx([], this.active, ''));
      for (const a of auras) {
        const sources = this.cardsWhere(a.ir.source, a.ir.sourceZone, null, a.ir.sourceZones);
        for (let i = 0; i < sources.length; i++) {
          if (this.auraReaches(a, sources[i]!, card, ctx)) total += Number(a.by(ctx)) || 0;
        }
      }
    } finally {
      this.inAura = false;
    }
    return total;
  }

  /**
   * The game's evaluation of the state for `player` (its `evaluate = …`, with `me` = the player):
   * a score for agents, higher is better for that player; null when the game declares none. A
   * computed value like the others: it reads the state (auras and modifiers included) and changes
   * nothing — no log, no hash, no random draw (the compiler allows none).
   */
  evaluate(player: Player): number | null {
    const ev = this.rules.evaluate;
    if (!ev) return null;
    // One context for every call (a search asks thousands of times); nothing keeps it.
    const ctx = (this.evaluateCtx ??= newCtx(NO_SLOTS, player, ev.cite));
    ctx.frame = ev.slots > 0 ? new Array(ev.slots) : NO_SLOTS;
    ctx.me = player;
    ctx.it = null;
    const v: unknown = ev.expr(ctx);
    return typeof v === 'number' ? v : Number(v) || 0;
  }

  labelsOf(x: unknown): string[] {
    if (x instanceof Card) return this.labelsField >= 0 ? (asList(this.readValue(x, this.labelsField)) as string[]) : [];
    if (x instanceof Request) return this.ir.actions[x.action]!.tags.map((t) => this.ir.labels[t]!.name);
    return [];
  }

  modify(card: Card, field: number, by: unknown, until: Until | null, ctx: Ctx, loc: SrcLoc | null, op: Modifier['op'] = 'add'): void {
    // `until <card> leaves <zone>` with that card elsewhere: the change never takes hold.
    if (until !== null && until.source >= 0) {
      const src = this.cards[until.source - 1];
      if (!src || src.zone === null || src.zone.def !== until.sourceZone) {
        if (this.logging) this.emitLog('modify', phrase('modify-no-change', { card: card.name, field: this.ir.cardFields[field]!.name, source: src ? src.name : phrase('its-card'), zone: this.ir.zones[until.sourceZone]!.name }), ctx.me, ctx.cite, loc, false, [card]);
        return;
      }
      this.leaveWatch.add(until.source);
    }
    const old = card.mods;
    this.touch(card);
    card.mods = [...(old ?? []), { field, op, by, until }];
    if (this.journal.depth > 0) this.journal.record(() => (card.mods = old));
    if (until !== null) this.modifiedCards.add(card);
    if (this.logging) {
      const name = this.ir.cardFields[field]!.name;
      const what = phrase(op === 'mul' ? 'op-mul' : op === 'div' ? 'op-div' : op === 'set' ? 'op-set' : op === 'gain' ? 'op-gain' : op === 'lose' ? 'op-lose' : 'op-add', { by: op === 'add' ? `${(by as number) >= 0 ? '+' : ''}${by}` : String(by) });
      // A number of a label the card lacks stays none: said, not silent.
      const lacking = optional((op === 'add' || op === 'mul' || op === 'div') && this.readValue(card, field) === null, 'no-effect', { card: card.name, field: name });
      this.emitLog('modify', phrase('modify', { card: card.name, field: name, what, until: this.untilText(until), lacking }), ctx.me, ctx.cite, loc, false, [card]);
    }
  }

  /**
   * A `modify`'s duration as a modifier keeps it, from compiler/ir.ts DurationIR's kind and its
   * argument (a player, a count, a card) worked out now: the turn counts it ends at (and begins).
   */
  untilOf(kind: string, arg: unknown, zone: number): Until | null {
    const u: Until = { endPlayer: -1, endCount: this.turn, startPlayer: -1, startCount: 0, beginPlayer: -1, beginCount: 0, source: -1, sourceZone: -1 };
    switch (kind) {
      case 'endOfTurn':
        return u;
      case 'turns':
        u.endCount = this.turn + Math.max(1, Math.floor(Number(arg) || 1)) - 1;
        return u;
      case 'untilNextTurn': {
        const p = arg as Player | null;
        if (!p) return null;
        u.endPlayer = -2;
        u.beginPlayer = p.index;
        u.beginCount = this.turnsTaken[p.index]! + 1;
        return u;
      }
      case 'endOfNextTurn':
      case 'duringNextTurn': {
        const p = arg as Player | null;
        if (!p) return null;
        u.endPlayer = p.index;
        u.endCount = this.turnsTaken[p.index]! + 1;
        if (kind === 'duringNextTurn') {
          u.startPlayer = p.index;
          u.startCount = u.endCount;
        }
        return u;
      }
      case 'leaves': {
        const c = arg as Card | null;
        u.endPlayer = -2;
        u.source = c ? c.id : 0;
        u.sourceZone = zone;
        return u;
      }
    }
    return null;
  }

  /** A duration, for the log. */
  private untilText(u: Until | null): LogArg {
    if (u === null) return '';
    if (u.source >= 0) return phrase('until-leaves', { card: this.cards[u.source - 1]?.name ?? phrase('its-card'), zone: this.ir.zones[u.sourceZone]!.name });
    if (u.beginPlayer >= 0) return phrase('until-next-turn', { player: this.players[u.beginPlayer]!.name });
    if (u.endPlayer === -1) return u.endCount === this.turn ? phrase('until-end-of-turn') : phrase('until-end-of-turn-n', { turn: u.endCount });
    const who = this.players[u.endPlayer]!.name;
    return phrase(u.startPlayer >= 0 ? 'during-next-turn' : 'until-end-of-next-turn', { player: who });
  }

  /**
   * A card left a zone: the modifiers that last "until it leaves" that zone end now (on every
   * card that has one), journaled like any change of modifiers.
   */
  protected leaving(card: Card, zone: number): void {
    if (!this.leaveWatch.has(card.id)) return;
    for (const c of this.modifiedCards) {
      const old = c.mods;
      if (old === null) continue;
      const kept = old.filter((m) => m.until === null || m.until.source !== card.id || m.until.sourceZone !== zone);
      if (kept.length === old.length) continue;
      this.touch(c);
      c.mods = kept.length ? kept : null;
      if (this.journal.depth > 0) this.journal.record(() => (c.mods = old));
    }
  }

  /**
   * Cards of definition `def` in zone `zone` (-1 any zone, -2 attached), controlled by `player`
   * (null: anyone) — and, once a card has gained another's abilities this game, the cards that
   * have the abilities of `def` (abilityHolders): the cards whose abilities of `def` work there.
   */
  protected cardsWhere(def: number, zone: number, player: Player | null, zones: readonly number[] = NO_ZONES): Card[] {
    if (this.grantsEver) return this.cardsWhereGained(def, zone, player, zones);
    const all = this.cardsByDef[def];
    // Most definitions of a pool have no card in a given game: no list to make for them.
    if (!all) return NO_CARDS;
    let out: Card[] | null = null;
    for (let i = 0; i < all.length; i++) {
      const c = all[i]!;
      if (!this.liesWhere(c, zone, zones)) continue;
      if (player && this.controllerOf(c) !== player) continue;
      (out ??= []).push(c);
    }
    return out ?? NO_CARDS;
  }

  /** cardsWhere once a card has gained another's abilities: the cards of `def`, then the others that have its abilities. */
  private cardsWhereGained(def: number, zone: number, player: Player | null, zones: readonly number[]): Card[] {
    const all = this.cardsByDef[def] ?? NO_CARDS;
    const holders = this.abilityHolders(def);
    let out: Card[] | null = null;
    for (let i = 0; i < all.length + holders.length; i++) {
      const c = i < all.length ? all[i]! : holders[i - all.length]!;
      if (!this.liesWhere(c, zone, zones)) continue;
      if (player && this.controllerOf(c) !== player) continue;
      (out ??= []).push(c);
    }
    return out ?? NO_CARDS;
  }

  /** Does the card lie where an ability of `zone` works (-1 any zone, -2 attached, -3 one of `zones`)? */
  private liesWhere(c: Card, zone: number, zones: readonly number[]): boolean {
    if (zone === -2) return c.host !== null;
    if (c.zone === null) return false;
    return zone >= 0 ? c.zone.def === zone : zone !== -3 || zones.includes(c.zone.def);
  }

  /**
   * True once a card has gained another card's abilities in this game (`modify c gains abilities
   * of x`): only then do the offers, triggers and auras look for such cards (abilityHolders).
   */
  protected grantsEver = false;

  /** Does the card have the abilities of definition `def`: its own, or gained? */
  hasAbilitiesOf(card: Card, def: number): boolean {
    return card.def === def || (this.grantsEver && this.abilityHolders(def).includes(card));
  }

  /**
   * `modify card gains abilities of from`: the card has every ability of `from`'s card (its
   * definition's: actions, triggers, replacements, auras) as its own — `this` is the card, its
   * `while in` and limits are the card's — for the duration, or as long as it stays in its zone
   * (a modifier: it ends when the card changes zone, and `unmodify card` removes it).
   */
  gainAbilities(card: Card, from: Card, until: Until | null, ctx: Ctx, loc: SrcLoc | null): void {
    if (card.def === from.def) {
      if (this.logging) this.emitLog('modify', phrase('gains-abilities-own', { card: card.name, from: from.name }), ctx.me, ctx.cite, loc, false, [card, from]);
      return;
    }
    if (until !== null && until.source >= 0) {
      const src = this.cards[until.source - 1];
      if (!src || src.zone === null || src.zone.def !== until.sourceZone) {
        if (this.logging) this.emitLog('modify', phrase('gains-abilities-no-change', { card: card.name, from: from.name, source: src ? src.name : phrase('its-card'), zone: this.ir.zones[until.sourceZone]!.name }), ctx.me, ctx.cite, loc, false, [card, from]);
        return;
      }
      this.leaveWatch.add(until.source);
    }
    const old = card.mods;
    // What is offered and what triggers changes: always a change.
    this.changes++;
    card.mods = [...(old ?? []), { field: -1, op: 'abilities', by: from.def, until }];
    if (this.journal.depth > 0) this.journal.record(() => (card.mods = old));
    if (until !== null) this.modifiedCards.add(card);
    this.gainedAbilities.add(card);
    this.grantsEver = true;
    this.liveAuras = null;
    if (this.logging) this.emitLog('modify', phrase('gains-abilities', { card: card.name, from: from.name, until: this.untilText(until) }), ctx.me, ctx.cite, loc, false, [card, from]);
  }

  /** The cards (not of `def`) that have the abilities of `def` now, in the order of their ids. */
  protected abilityHolders(def: number): readonly Card[] {
    let out: Card[] | null = null;
    for (const c of this.gainedAbilities) {
      const mods = c.mods;
      if (mods === null || c.def === def || (c.zone === null && c.host === null)) continue;
      for (const m of mods) {
        if (m.op === 'abilities' && m.by === def && this.inForce(m)) {
          (out ??= []).push(c);
          break;
        }
      }
    }
    if (out === null) return NO_HOLDERS;
    if (out.length > 1) out.sort((a, b) => a.id - b.id);
    return out;
  }

  /** Removes the modifiers on one value of a card (field -1: on all its values). */
  unmodify(card: Card, field: number, ctx: Ctx, loc: SrcLoc | null): void {
    const old = card.mods;
    if (!old) return;
    const kept = field < 0 ? [] : old.filter((m) => m.field !== field);
    if (kept.length === old.length) return;
    this.touch(card);
    card.mods = kept.length ? kept : null;
    if (this.journal.depth > 0) this.journal.record(() => (card.mods = old));
    if (this.logging) this.emitLog('modify', field < 0 ? phrase('modifiers-removed-all', { card: card.name }) : phrase('modifiers-removed', { card: card.name, field: this.ir.cardFields[field]!.name }), ctx.me, ctx.cite, loc, false, [card]);
  }

  /** At the end of a turn: the modifiers whose duration ends with it end (expireModifiers). */
  protected expireModifiers(): void {
    if (this.modifiedCards.size === 0) return;
    this.changes++;
    for (const card of this.modifiedCards) {
      const mods = card.mods;
      if (mods !== null) {
        const kept = mods.filter((m) => !this.endsNow(m));
        if (kept.length !== mods.length) card.mods = kept.length ? kept : null;
      }
      if (card.mods === null || !card.mods.some((m) => m.until !== null)) this.modifiedCards.delete(card);
    }
  }

  /** A turn begins: the modifiers that last until this player's next turn end ("until your next turn"). */
  protected expireAtTurnStart(): void {
    if (this.modifiedCards.size === 0) return;
    const p = this.active.index;
    for (const card of this.modifiedCards) {
      const mods = card.mods;
      if (mods === null || !mods.some((m) => m.until !== null && m.until.beginPlayer === p)) continue;
      const kept = mods.filter((m) => !(m.until !== null && m.until.beginPlayer === p && this.turnsTaken[p]! >= m.until.beginCount));
      if (kept.length === mods.length) continue;
      this.changes++;
      card.mods = kept.length ? kept : null;
    }
  }

  /** Does a modifier's duration end with the turn that is ending? */
  private endsNow(m: Modifier): boolean {
    const u = m.until;
    if (u === null) return false;
    if (u.endPlayer === -1) return this.turn >= u.endCount;
    return u.endPlayer === this.active.index && this.turnsTaken[u.endPlayer]! >= u.endCount;
  }
}

/** No zones (cardsWhere's list for an ability that works in one zone or anywhere). */
const NO_ZONES: readonly number[] = [];
/** No card has gained these abilities (never written). */
const NO_HOLDERS: readonly Card[] = [];
/** The frame of a context whose expressions have no locals (never written). */
const NO_SLOTS: unknown[] = [];
/** No changes from auras (never written). */
const NO_CHANGES: { op: Modifier['op']; by: unknown }[] = [];

/** Are the modifiers of this field additions and scalings only (readValue's short path)? */
function addsOnly(mods: Modifier[], field: number): boolean {
  for (const m of mods) if (m.field === field && m.op !== 'add' && m.op !== 'mul' && m.op !== 'div') return false;
  return true;
}

/** The total scaled by the field's doublings and halvings, in the order made (rounded down). */
function scale(v: number, mods: Modifier[], field: number, inForce: (m: Modifier) => boolean): number {
  for (const m of mods) {
    if (m.field !== field || !inForce(m)) continue;
    if (m.op === 'mul') v *= m.by as number;
    else if (m.op === 'div') v = m.by === 0 ? v : Math.floor(v / (m.by as number));
  }
  return v;
}
