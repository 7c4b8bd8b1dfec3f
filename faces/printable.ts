/**
 * Which cards a sheet prints: the cards the game's rules can make — every card named by a
 * `create N of <card>` and every card of a type named by `create every <CardType>`, in setup, the
 * deck procedures, actions and triggers — in the order the game lists them. A card no rule creates
 * (a fixture for the rulings casebook, a test card) is in no deck and is not printed; `grimoire
 * cards --card NAME` still draws it. A game that creates no card at all prints every card.
 */
import type { GameIR, Stmt } from '../compiler/ir.ts';

export function printableCards(ir: GameIR): number[] {
  const cards = new Set<number>();
  const types = new Set<number>();
  const walk = (body: Stmt[]): void => {
    for (const s of body) {
      switch (s.kind) {
        case 'createCount':
          cards.add(s.card);
          break;
        case 'createEvery':
          types.add(s.cardType);
          break;
        case 'if':
          walk(s.then);
          walk(s.else);
          break;
        case 'forEach':
        case 'repeat':
        case 'while':
        case 'cite':
          walk(s.body);
          break;
        case 'chooseMode':
          for (const o of s.options) walk(o.body);
          break;
        default:
          break;
      }
    }
  };
  walk(ir.setup.body);
  walk(ir.turn.body);
  for (const p of ir.procedures) walk(p.body);
  for (const a of ir.actions) {
    walk(a.effect);
    for (const step of a.steps) if (step.kind === 'cost') walk(step.body);
  }
  for (const c of ir.checks) walk(c.body);
  const all = ir.cards.map((_, i) => i);
  if (cards.size === 0 && types.size === 0) return all;
  return all.filter((i) => cards.has(i) || types.has(ir.cards[i]!.type));
}
