/**
 * The balance lab's interventions on the cards a game makes (EngineOptions.substitutes, printed
 * and opening): one card definition made as another in one player's zones (a card's replacement
 * value), or made with another printed value (`grimoire tune`), or one copy of it put in the
 * player's opening hand (a replacement value in the opening hand). Everything else about the game —
 * rules, seeds, agents — is untouched: the same seed plays the same game until the changed card
 * matters. Tables by player × card definition, built once per engine.
 */
import type { GameIR } from '../compiler/ir.ts';
import type { CardSubstitute, OpeningCard, PrintedValue } from './engine-types.ts';
import { VISIBILITY } from './knowledge.ts';
import type { Card, Zone } from './model.ts';

export class Interventions {
  private constructor(
    private readonly cards: number,
    /** By player × definition: the definition made instead, or -1. */
    private readonly substitutes: Int32Array | null,
    /** By player × definition: the printed values written into each copy made. */
    private readonly printed: ({ field: number; value: unknown }[] | undefined)[] | null,
    /** By player × definition: 1 where a copy goes in the player's opening hand (EngineOptions.opening). */
    private readonly opening: Uint8Array | null,
  ) {}

  /**
   * The ids of the copies made as an opening card (before any substitute): card id → player. By
   * id, because a search's re-deal moves a card's identity, id included, to another card object.
   * Written at every card made (an id of an earlier game is overwritten when made again).
   */
  private readonly openingCopies = new Map<number, number>();

  /** The tables for these options, or null when they ask for none (the common case: nothing to check). */
  static of(ir: GameIR, substitutes: readonly CardSubstitute[] = [], printed: readonly PrintedValue[] = [], opening: readonly OpeningCard[] = []): Interventions | null {
    if (!substitutes.length && !printed.length && !opening.length) return null;
    const n = ir.cards.length;
    let bySubstitute: Int32Array | null = null;
    if (substitutes.length) {
      bySubstitute = new Int32Array(ir.game.players * n).fill(-1);
      for (const s of substitutes) {
        if (!ir.cards[s.card] || !ir.cards[s.by] || s.player < 0 || s.player >= ir.game.players) throw new Error(`a substitute names no card or player of this game: ${JSON.stringify(s)}`);
        bySubstitute[s.player * n + s.card] = s.by;
      }
    }
    let byPrinted: ({ field: number; value: unknown }[] | undefined)[] | null = null;
    if (printed.length) {
      byPrinted = [];
      for (const v of printed) {
        if (!ir.cards[v.card] || v.player < 0 || v.player >= ir.game.players || ir.cardFields[v.field]?.kind !== 'attr') throw new Error(`a printed value names no card, player or attr of this game: ${JSON.stringify(v)}`);
        (byPrinted[v.player * n + v.card] ??= []).push({ field: v.field, value: v.value });
      }
    }
    let byOpening: Uint8Array | null = null;
    if (opening.length) {
      byOpening = new Uint8Array(ir.game.players * n);
      for (const o of opening) {
        if (!ir.cards[o.card] || o.player < 0 || o.player >= ir.game.players) throw new Error(`an opening card names no card or player of this game: ${JSON.stringify(o)}`);
        byOpening[o.player * n + o.card] = 1;
      }
    }
    return new Interventions(n, bySubstitute, byPrinted, byOpening);
  }

  /** The definition to make when the rules make `def` in a zone of player `player` (-1: a shared zone), as card `id`. */
  made(def: number, player: number, id: number): number {
    if (this.opening !== null) {
      if (player >= 0 && this.opening[player * this.cards + def] === 1) this.openingCopies.set(id, player);
      else this.openingCopies.delete(id);
    }
    if (player < 0) return def;
    const by = this.substitutes === null ? -1 : this.substitutes[player * this.cards + def]!;
    return by >= 0 ? by : def;
  }

  /**
   * After the setup: for each player with an opening card, the copy to bring into their opening
   * hand and the card of their hand it changes places with — none where a copy already lies in a
   * private zone of theirs, or no copy lies in a hidden zone of theirs, or their private zones hold
   * no card drawn from a pile. `visibility`: by zone definition (knowledge.ts VISIBILITY).
   */
  openingExchanges(cards: readonly Card[], visibility: Uint8Array): [copy: Card, held: Card][] {
    if (this.opening === null) return [];
    const out: [Card, Card][] = [];
    const players = new Set(this.openingCopies.values());
    for (const p of players) {
      const mine = (c: Card, v: number) => c.zone !== null && c.zone.player?.index === p && visibility[c.zone.def] === v;
      const copies = cards.filter((c) => this.openingCopies.get(c.id) === p);
      if (copies.some((c) => mine(c, VISIBILITY.private))) continue;
      const copy = copies.find((c) => mine(c, VISIBILITY.hidden));
      // The last card drawn into the hand: the last, in zone order, of a private zone of theirs that came from a hidden one.
      let held: Card | undefined;
      for (const c of cards) if (mine(c, VISIBILITY.private) && visibility[c.origin] === VISIBILITY.hidden && (held === undefined || later(c, held))) held = c;
      if (copy !== undefined && held !== undefined) out.push([copy, held]);
    }
    return out;
  }

  /** Writes the printed values a copy made for `player` has under the intervention. */
  print(card: Card, player: number): void {
    if (this.printed === null) return;
    for (const v of this.printed[player * this.cards + card.def] ?? []) card.f[v.field] = v.value;
  }
}

/** Does `a` lie after `b` (a later zone, or later in the same zone)? */
function later(a: Card, b: Card): boolean {
  const za = a.zone as Zone;
  const zb = b.zone as Zone;
  return za === zb ? za.cards.indexOf(a) > za.cards.indexOf(b) : za.def > zb.def;
}
