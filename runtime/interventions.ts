/**
 * The balance lab's interventions on the cards a game makes (EngineOptions.substitutes and
 * printed): one card definition made as another in one player's zones (a card's replacement
 * value), or made with another printed value (`grimoire tune`). Everything else about the game —
 * rules, seeds, agents — is untouched: the same seed plays the same game until the changed card
 * matters. Tables by player × card definition, built once per engine.
 */
import type { GameIR } from '../compiler/ir.ts';
import type { CardSubstitute, PrintedValue } from './engine-types.ts';
import type { Card } from './model.ts';

export class Interventions {
  private constructor(
    private readonly cards: number,
    /** By player × definition: the definition made instead, or -1. */
    private readonly substitutes: Int32Array | null,
    /** By player × definition: the printed values written into each copy made. */
    private readonly printed: ({ field: number; value: unknown }[] | undefined)[] | null,
  ) {}

  /** The tables for these options, or null when they ask for none (the common case: nothing to check). */
  static of(ir: GameIR, substitutes: readonly CardSubstitute[] = [], printed: readonly PrintedValue[] = []): Interventions | null {
    if (!substitutes.length && !printed.length) return null;
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
    return new Interventions(n, bySubstitute, byPrinted);
  }

  /** The definition to make when the rules make `def` in a zone of player `player`. */
  made(def: number, player: number): number {
    const by = this.substitutes === null ? -1 : this.substitutes[player * this.cards + def]!;
    return by >= 0 ? by : def;
  }

  /** Writes the printed values a copy made for `player` has under the intervention. */
  print(card: Card, player: number): void {
    if (this.printed === null) return;
    for (const v of this.printed[player * this.cards + card.def] ?? []) card.f[v.field] = v.value;
  }
}
