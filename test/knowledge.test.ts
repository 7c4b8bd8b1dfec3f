/**
 * What each player knows of where the cards are (runtime/knowledge.ts, a card's `known` bits),
 * which a search reads to re-deal only the cards its player does not know: a card revealed to a
 * player is known to them; a shuffle of a zone they cannot see makes them forget it — but only a
 * shuffle that happens. A legality trial (is this action possible now?) that shuffles and is then
 * undone must give back who knew which card.
 */
import { describe, expect, it } from 'vitest';
import { compileGame } from '../compiler/compile.ts';
import { Engine } from '../runtime/engine.ts';
import type { Card } from '../runtime/model.ts';

const game = `
game k "Knowledge" { players 2 max turns 2 }
zone deck per player hidden ordered
zone pile per player public
card type C { attr rank: number }
card A: C { rank = 1 }
card B: C { rank = 2 }
card D: C { rank = 3 }
card E: C { rank = 4 }
setup { for each p in players { create every C in p.deck  shuffle p.deck } }
turn {
  reveal top(active.deck, 1) to active
  window main passable
}
// Its cost shuffles the deck; its target then finds the pile empty: never possible here, so every
// listing of the offers tries it (a trial) and undoes it.
action Churn "Shuffle the deck, then take a card of the pile" {
  speed immediate
  when me == active
  cost { shuffle me.deck }
  target t: 1 from me.pile
  effect { move t to me.deck }
}
action Mix "Shuffle the deck" {
  speed immediate
  when me == active
  limit 1 per turn
  effect { shuffle me.deck }
}
`;

describe('who knows which card', () => {
  it('a shuffle tried in a trial and undone leaves the revealed card known; a shuffle that happens forgets it', () => {
    const r = compileGame({ sources: [{ path: 'k.grim', text: game }] });
    if (!r.ir) throw new Error(r.diagnostics.map((d) => d.message).join('\n'));
    const e = new Engine(r.ir, { seed: 3 });
    e.trackKnowledge = true;
    const knows = (c: Card, p: number) => (c.known & (1 << p)) !== 0;
    const seen: string[][] = [];
    e.run((d) => {
      const me = d.player.index;
      const deck = d.player.zones.find((z) => z?.name === 'deck')!.cards;
      const labels = d.options.map((o) => o.label);
      seen.push(labels);
      if (seen.length === 1) {
        // Churn was tried (its shuffle ran) and refused: the listing undid it.
        expect(labels).toEqual(['Mix', 'pass']);
        // The top card, revealed to the active player: still known to them, to them alone.
        expect(knows(deck[0]!, me)).toBe(true);
        expect(knows(deck[0]!, 1 - me)).toBe(false);
        expect(deck.slice(1).some((c) => knows(c, me))).toBe(false);
        return labels.indexOf('Mix');
      }
      if (seen.length === 2) {
        // Mix shuffled the deck for real: nobody knows where any of its cards lies now.
        expect(labels).toEqual(['pass']);
        expect(deck.filter((c) => knows(c, me))).toEqual([]);
      }
      return labels.indexOf('pass');
    });
    expect(seen.length).toBeGreaterThanOrEqual(2);
  });
});
