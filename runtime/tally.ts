/**
 * What a balance run counts in each game (`grimoire balance`, balance/): for every player, the
 * cards in their draw piles, the cards they drew, the cards they played, and the actions and triggers they used. Kept only when
 * asked (EngineOptions.tally): a game played without it pays one null check per move.
 *
 * The words come from the language's constructs, never from a game. A zone's holder is its
 * player; a shared zone's holder is the card's owner, except as said.
 * - in a pile: the card lay in a `hidden` zone of the player's at some moment (made there, or
 *   moved there): the cards they draw from. A shared hidden zone is every player's pile. A card
 *   kept in a private zone from the start, or made in a public zone, is in no pile.
 * - drawn: the card came from a `hidden` zone into the player's `private` zone (a draw into the
 *   private zone at the start, a search of a hidden zone). A card made straight into a private
 *   zone is not drawn.
 * - played: the card left the player's `private` zone for a `public` zone, or was attached under
 *   a card, by an action or trigger of that player — while it was declared (choices, costs,
 *   `using`) or while it resolved. A card discarded by the opponent's effect, or by the turn's
 *   own rules, is not played.
 * - Drawn and played count only for a player whose pile the card was in (`counts`): a card's
 *   numbers are over the (game, player) pairs where it was in the pile.
 * - in the opening hand: the card lay in the player's `private` zone, drawn from their pile, when
 *   the first turn began (after every mulligan the setup allows). The shuffle decides it, so a
 *   card's win rate in the opening hand or not is a randomized comparison (balance/fold.ts).
 * - used: an action or trigger declared (a declaration undone as impossible is not a use).
 * - first: the player who took the first turn (a seat is not the first player where the rules
 *   choose who starts).
 * Marks made inside a declaration that is then undone are undone with it (the journal).
 */
import type { Ctx } from './context.ts';
import { VISIBILITY } from './knowledge.ts';
import type { Card, Journal, Zone } from './model.ts';

/** One game's counts, by player index (GameSummary.counts). */
export interface GameCounts {
  /** The card definitions (IR indices, ascending) of which at least one copy was in the player's pile (a hidden zone of theirs). */
  pile: number[][];
  /** … of which the player drew at least one copy. */
  drawn: number[][];
  /** … played at least one copy. */
  played: number[][];
  /** … had at least one copy in their opening hand (in their private zone as the first turn began). Absent in summaries written before 2026-11-28. */
  opening?: number[][];
  /** [action index, uses] for each action or trigger the player used, by action index. */
  used: [number, number][][];
  /** The player who took the game's first turn (-1: the game ended before one started). */
  first: number;
}

/** A card's marks: four bits per player (in a pile, drawn, played, in the opening hand) — up to seven players. */
const PILE = 1;
const DRAWN = 2;
const PLAYED = 4;
const OPENING = 8;
const BITS = 4;

export class GameTally {
  /** By card id: for player p, (PILE | DRAWN | PLAYED) << (BITS · p). */
  private marks = new Uint32Array(128);
  /** By player × action: uses in this game. */
  private readonly uses: Int32Array;
  /** The player who took turn 1 (set by the flow as the turn starts). */
  first = -1;

  constructor(
    private readonly players: number,
    private readonly actions: number,
    /** By zone definition: its visibility (knowledge.ts VISIBILITY). */
    private readonly visibility: Uint8Array,
  ) {
    if (players * BITS > 30) throw new Error(`the tally counts for up to ${Math.floor(30 / BITS)} players`);
    this.uses = new Int32Array(players * actions);
  }

  reset(): void {
    this.first = -1;
    this.marks.fill(0);
    this.uses.fill(0);
  }

  /** A card made in a zone. */
  made(card: Card, zone: Zone, journal: Journal): void {
    if (this.visibility[zone.def] === VISIBILITY.hidden) this.markPile(card, zone, journal);
  }

  /** A card moved from `from` (where it or its host lay; null: nowhere) into `to`, by the rule running with `ctx`. */
  moved(card: Card, from: Zone | null, to: Zone, ctx: Ctx, journal: Journal): void {
    const visibility = this.visibility[to.def];
    if (visibility === VISIBILITY.hidden) this.markPile(card, to, journal);
    else if (visibility === VISIBILITY.private) {
      if (from !== null && this.visibility[from.def] === VISIBILITY.hidden) this.mark(card, holder(card, to), DRAWN, journal);
    } else if (from !== null && this.visibility[from.def] === VISIBILITY.private && byHolder(card, from, ctx)) this.mark(card, holder(card, from), PLAYED, journal);
  }

  /**
   * The first turn begins: every card in a private zone that was drawn there from its holder's
   * pile is in that player's opening hand.
   */
  openingHands(cards: readonly Card[], journal: Journal): void {
    for (const c of cards) {
      const zone = c.zone;
      if (zone === null || this.visibility[zone.def] !== VISIBILITY.private) continue;
      const p = holder(c, zone);
      const m = this.marks[c.id] ?? 0;
      if ((m >>> (BITS * p)) & DRAWN) this.mark(c, p, OPENING, journal);
    }
  }

  /** A card attached under a host (it lay in `from` before). */
  attached(card: Card, from: Zone | null, ctx: Ctx, journal: Journal): void {
    if (from !== null && this.visibility[from.def] === VISIBILITY.private && byHolder(card, from, ctx)) this.mark(card, holder(card, from), PLAYED, journal);
  }

  /** A declaration that stood: one use of the action by the player. */
  used(action: number, player: number, journal: Journal): void {
    const i = player * this.actions + action;
    this.uses[i]!++;
    if (journal.depth > 0) journal.record(() => this.uses[i]!--);
  }

  /** The game's counts, read once it is over; `cards` are all the game's cards. */
  counts(cards: readonly Card[]): GameCounts {
    const pile: Set<number>[] = [];
    const drawn: Set<number>[] = [];
    const played: Set<number>[] = [];
    const opening: Set<number>[] = [];
    for (let p = 0; p < this.players; p++) {
      pile.push(new Set());
      drawn.push(new Set());
      played.push(new Set());
      opening.push(new Set());
    }
    for (const c of cards) {
      const m = this.marks[c.id] ?? 0;
      if (m === 0) continue;
      for (let p = 0; p < this.players; p++) {
        const bits = (m >>> (BITS * p)) & 15;
        // Drawn and played count only where the card was in the player's pile.
        if (!(bits & PILE)) continue;
        pile[p]!.add(c.def);
        if (bits & DRAWN) drawn[p]!.add(c.def);
        if (bits & PLAYED) played[p]!.add(c.def);
        if (bits & OPENING) opening[p]!.add(c.def);
      }
    }
    const sorted = (s: Set<number>) => [...s].sort((a, b) => a - b);
    const used: [number, number][][] = [];
    for (let p = 0; p < this.players; p++) {
      const list: [number, number][] = [];
      for (let a = 0; a < this.actions; a++) {
        const n = this.uses[p * this.actions + a]!;
        if (n > 0) list.push([a, n]);
      }
      used.push(list);
    }
    return { pile: pile.map(sorted), drawn: drawn.map(sorted), played: played.map(sorted), opening: opening.map(sorted), used, first: this.first };
  }

  /** The card lies in a hidden zone: in its player's pile, or in every player's for a shared zone. */
  private markPile(card: Card, zone: Zone, journal: Journal): void {
    if (zone.player !== null) this.mark(card, zone.player.index, PILE, journal);
    else for (let p = 0; p < this.players; p++) this.mark(card, p, PILE, journal);
  }

  private mark(card: Card, player: number, bit: number, journal: Journal): void {
    const id = card.id;
    if (id >= this.marks.length) {
      const grown = new Uint32Array(Math.max(id + 1, this.marks.length * 2));
      grown.set(this.marks);
      this.marks = grown;
    }
    const old = this.marks[id]!;
    const set = bit << (BITS * player);
    if (old & set) return;
    this.marks[id] = old | set;
    if (journal.depth > 0) journal.record(() => (this.marks[id] = old));
  }
}

/** The player a private zone holds the card for: its player, or for a shared zone the card's owner. */
function holder(card: Card, zone: Zone): number {
  return (zone.player ?? card.owner).index;
}

/** Is the rule running an action or trigger of the player who held the card in `from` (being declared or resolving)? */
function byHolder(card: Card, from: Zone, ctx: Ctx): boolean {
  return ctx.me === (from.player ?? card.owner) && (ctx.declaring || ctx.request !== null);
}
