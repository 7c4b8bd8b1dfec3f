/**
 * What each player knows of where the cards are — for search agents, which must re-deal only
 * the cards their player does not know (determinize.ts). Knowledge comes from the language's
 * own constructs, never from a game's words: a zone's `visibility`, a card's face-down flag,
 * `reveal`, a player choosing among the cards of their own zone, and `shuffle`.
 *
 * A card's `known` bits (bit i = player i) are set when the card comes to lie where the player
 * sees it (or is revealed to them, or is shown to them as an option), and stay set while it moves
 * on — a player who watched a card go into a hidden place knows it is there — until a zone they
 * cannot see is shuffled. The engine tracks them only when asked (`trackKnowledge`): random
 * games pay nothing.
 */
import type { Card } from './model.ts';

/** A zone's visibility as a small number (the IR's words, in this order). */
export const VISIBILITY = { public: 0, private: 1, hidden: 2 } as const;

/**
 * The players (bits) who see which card lies in a zone of this visibility: everyone in a public
 * zone, only its holder (the zone's player, or the card's owner in a shared zone) when the card
 * is face down or the zone private, nobody in a hidden zone.
 */
export function seenBy(visibility: number, holder: number, facedown: boolean, everyone: number): number {
  if (visibility === VISIBILITY.public) return facedown ? 1 << holder : everyone;
  if (visibility === VISIBILITY.private) return 1 << holder;
  return 0;
}

/** Does player `index` see or know which card this is? (The judge's `canSee`, plus what the player learnt.) */
export function knows(card: Card, index: number, sees: boolean): boolean {
  return sees || (card.known & (1 << index)) !== 0;
}
