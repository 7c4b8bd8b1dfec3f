/**
 * A game's final state as `grimoire play --final-state` writes it: every zone with every card in
 * it, at any depth of attachment, each attached card saying which card it lies under.
 * The shape is documented in docs/performance.md ("Final states").
 */
import type { Engine } from './engine.ts';
import type { Card } from './model.ts';

/** One card of a zone: lying in the zone itself, or attached under a card there (at any depth). */
export interface FinalStateCard {
  /** The card's name. */
  card: string;
  /** The card's number in this game (1 … the game's card count): tells copies apart. */
  id: number;
  /** For an attached card: the card it lies directly under, as `name#id`. */
  under?: string;
  /** For an attached card: 1 under a card lying in the zone, 2 under a card that is itself attached, … */
  depth?: number;
}

export interface FinalState {
  /** Every card the game made (decks, side decks, tokens…): each is listed exactly once in `zones`. */
  cards: number;
  /** Zone label (`p1.hand`, `shared.<zone>`) → its cards, each followed by what is attached under it. */
  zones: Record<string, FinalStateCard[]>;
}

export function finalState(engine: Engine): FinalState {
  const zones: Record<string, FinalStateCard[]> = {};
  const list = (cards: readonly Card[]): FinalStateCard[] => {
    const out: FinalStateCard[] = [];
    const under = (host: Card, depth: number) => {
      for (const a of host.attached) {
        out.push({ card: a.name, id: a.id, under: `${host.name}#${host.id}`, depth });
        under(a, depth + 1);
      }
    };
    for (const c of cards) {
      out.push({ card: c.name, id: c.id });
      under(c, 1);
    }
    return out;
  };
  for (const p of engine.players) for (const z of p.zones) if (z) zones[z.label] = list(z.cards);
  for (const z of engine.sharedZones) if (z) zones[`shared.${z.name}`] = list(z.cards);
  return { cards: engine.allCards().length, zones };
}
