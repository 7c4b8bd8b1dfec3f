/**
 * Values and continuous effects — the engine's second room. A card's computed values (`value`
 * fields of its type), what modifiers (`modify … by`, doubled, halved, until end of turn) and
 * auras (continuous effects of other cards) make of them, and labels. Nothing here moves a card.
 */
import type { GameIR, SrcLoc } from '../compiler/ir.ts';
import type { EngineOptions } from './engine-types.ts';
import { asList, newCtx, type Ctx, type Ev } from './context.ts';
import { Card, Request, type Player } from './model.ts';
import type { CompiledAura } from './rules.ts';
import type { GameSnapshot } from './snapshot.ts';
import { CopiableState } from './state-copies.ts';

export abstract class ValuesRoom extends CopiableState {
  /** The index of the card field `labels`, or -1. */
  private readonly labelsField: number;
  /** Cards with a modifier that ends with the turn. */
  private modifiedCards = new Set<Card>();
  /** One context serves every value read (nested reads save and restore it). */
  private valueCtx: Ctx | null = null;
  /** True while an aura's own lists and amounts are evaluated (auras then do not apply). */
  private inAura = false;
  private auraCtx: Ctx | null = null;
  /** The context of the game's evaluation (evaluate). */
  private evaluateCtx: Ctx | null = null;

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see GameState
  constructor(ir: GameIR, opts: EngineOptions<any>) {
    super(ir, opts);
    this.labelsField = ir.cardFields.findIndex((f) => f.name === 'labels');
  }

  protected override resetGame(seed: number): void {
    super.resetGame(seed);
    if (this.modifiedCards.size) this.modifiedCards.clear();
  }

  protected override saveRoom(s: GameSnapshot): void {
    super.saveRoom(s);
    s.modified.length = 0;
    for (const c of this.modifiedCards) s.modified.push(c.id);
  }

  protected override loadRoom(s: GameSnapshot): void {
    super.loadRoom(s);
    this.modifiedCards.clear();
    for (const id of s.modified) this.modifiedCards.add(this.cards[id - 1]!);
  }

  readValue(card: Card | null, field: number): unknown {
    if (!card) return null;
    const direct = this.rules.valueFields[card.type]![field]!;
    let v: unknown;
    if (direct >= 0) v = card.f[direct];
    else {
      const fn = this.rules.valueFns[card.type]![field];
      v = fn ? this.formula(fn, card) : null;
    }
    let scaled = false;
    if (card.mods && typeof v === 'number') {
      for (const m of card.mods) {
        if (m.field !== field) continue;
        if (m.op === 'add') v = (v as number) + m.by;
        else scaled = true;
      }
    }
    const auras = this.rules.aurasByField[field];
    if (auras && typeof v === 'number' && !this.inAura) v = (v as number) + this.auraBonus(card, auras);
    // Doubling and halving apply to the total, after every addition (SM-10.4's reading).
    if (scaled) {
      for (const m of card.mods!) {
        if (m.field !== field || m.op === 'add') continue;
        v = m.op === 'mul' ? (v as number) * m.by : m.by === 0 ? v : Math.floor((v as number) / m.by);
      }
    }
    return v;
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
   * What the cards' continuous effects add to this card's value. While an aura's own lists and
   * amounts are evaluated, auras do not apply (an aura reading values cannot loop into itself).
   */
  private auraBonus(card: Card, auras: CompiledAura[]): number {
    let total = 0;
    this.inAura = true;
    try {
      // One context for every source: auras never nest (see inAura), and nothing keeps it.
      const ctx = (this.auraCtx ??= newCtx([], this.active, ''));
      for (const a of auras) {
        const sources = this.cardsWhere(a.ir.source, a.ir.sourceZone, null);
        for (let i = 0; i < sources.length; i++) {
          const src = sources[i]!;
          ctx.frame = a.ir.slots > 0 ? new Array(a.ir.slots) : NO_SLOTS;
          ctx.me = this.controllerOf(src);
          ctx.cite = a.ir.cite;
          ctx.thisCard = src;
          ctx.it = null;
          if (!asList(a.targets(ctx)).includes(card)) continue;
          ctx.it = card;
          total += Number(a.by(ctx)) || 0;
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

  modify(card: Card, field: number, by: number, untilEndOfTurn: boolean, ctx: Ctx, loc: SrcLoc | null, op: 'add' | 'mul' | 'div' = 'add'): void {
    const old = card.mods;
    this.touch(card);
    card.mods = [...(old ?? []), { field, op, by, untilEndOfTurn }];
    if (this.journal.depth > 0) this.journal.record(() => (card.mods = old));
    if (untilEndOfTurn) this.modifiedCards.add(card);
    if (this.logging) this.emitLog('modify', `${card.name}.${this.ir.cardFields[field]!.name} ${op === 'mul' ? '×' : op === 'div' ? '÷' : by >= 0 ? '+' : ''}${by}${untilEndOfTurn ? ' until end of turn' : ''}`, ctx.me, ctx.cite, loc, false, [card]);
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
    if (this.logging) this.emitLog('modify', `${card.name}: ${field < 0 ? 'every modifier' : `the modifiers of ${this.ir.cardFields[field]!.name}`} removed`, ctx.me, ctx.cite, loc, false, [card]);
  }

  /** At the end of a turn: modifiers `until end of turn` end. */
  protected expireModifiers(): void {
    if (this.modifiedCards.size === 0) return;
    this.changes++;
    for (const card of this.modifiedCards) {
      if (card.mods) card.mods = card.mods.filter((m) => !m.untilEndOfTurn);
      if (card.mods && card.mods.length === 0) card.mods = null;
    }
    this.modifiedCards.clear();
  }
}

/** The frame of a context whose expressions have no locals (never written). */
const NO_SLOTS: unknown[] = [];
