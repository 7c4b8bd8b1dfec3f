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
  /** How many cards the game made (every card it created, at setup or later): each is listed exactly once in `zones`. */
  cards: number;
  /** Zone label (`p1.<zone>`, `shared.<zone>`) → its cards, each followed by what is attached under it. */
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

/**
 * What is wrong with a final state (as read back from a --final-state line), in words: a card
 * of the game missing or listed twice, an entry whose `under` is not the card above it at the
 * depth above, a depth that skips a level. Empty: every card is listed once, in its place.
 */
export function finalStateProblems(cards: number | undefined, zones: Record<string, FinalStateCard[]>): string[] {
  const problems: string[] = [];
  if (typeof cards !== 'number' || cards < 1) return [`the final state does not say how many cards the game has (cards: ${cards})`];
  const listed = new Map<number, string>();
  for (const [zone, entries] of Object.entries(zones)) {
    // The chain of hosts above the current entry: hosts[d] is the card at depth d.
    const hosts: FinalStateCard[] = [];
    for (const e of entries) {
      if (listed.has(e.id)) problems.push(`${e.card}#${e.id} is listed in ${listed.get(e.id)} and in ${zone}`);
      listed.set(e.id, zone);
      const depth = e.depth ?? 0;
      if ((e.under === undefined) !== (depth === 0)) problems.push(`${zone}: ${e.card}#${e.id} has under ${e.under} at depth ${depth}`);
      if (depth > hosts.length) problems.push(`${zone}: ${e.card}#${e.id} is at depth ${depth} below no card at depth ${depth - 1}`);
      else if (depth > 0) {
        const host = hosts[depth - 1]!;
        if (e.under !== `${host.card}#${host.id}`) problems.push(`${zone}: ${e.card}#${e.id} says it is under ${e.under}, but the card above it at depth ${depth - 1} is ${host.card}#${host.id}`);
      }
      hosts.length = depth;
      hosts.push(e);
    }
  }
  for (let id = 1; id <= cards; id++) if (!listed.has(id)) problems.push(`card #${id} of ${cards} is not listed`);
  for (const id of listed.keys()) if (id < 1 || id > cards) problems.push(`card #${id} is listed, but the game has ${cards} cards`);
  return problems;
}
