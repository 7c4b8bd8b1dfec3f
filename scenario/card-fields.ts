/**
 * A card's field by the name a scenario writes: a state of the card's own (`state 蓄積` inside the
 * card, a card field named `<card>.<state>`) first, then a field of its card type. -1 when none.
 */
import type { GameIR } from '../compiler/ir.ts';

export function fieldOfCard(ir: GameIR, cardName: string | undefined, key: string): number {
  if (cardName !== undefined) {
    const own = ir.cardFields.findIndex((f) => f.name === `${cardName}.${key}`);
    if (own >= 0) return own;
  }
  return ir.cardFields.findIndex((f) => f.name === key);
}
