/**
 * What a balance run counts in each game (`grimoire balance`, balance/): for every player, the
 * cards in their deck, the cards they drew, the cards they played, and the actions and triggers they used. Kept only when
 * asked (EngineOptions.tally): a game played without it pays one null check per move.
 *
 * The words come from the language's constructs, never from a game:
 * - in deck: the card lay in a `hidden` zone of its owner at some moment (made there, or moved
 *   there): the cards a player draws from. A side deck (a private zone) or a token made on the
 *   field is not in the deck.
 * - drawn: the card came from a `hidden` zone into its owner's `private` zone (a draw into the
 *   hand, the opening hand, a search of the deck). A card made straight into a private zone is
 *   not drawn.
 * - played: the card left its owner's `private` zone for a `public` zone, or was attached under a
 *   card, by an action or trigger of its owner — while it was declared (choices, costs, `using`)
 *   or while it resolved. A card discarded by the opponent's effect, or by the turn's own rules,
 *   is not played.
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
  /** The card definitions (IR indices, ascending) of which at least one copy was in the player's deck. */
  deck: number[][];
  /** … of which the player drew at least one copy. */
  drawn: number[][];
  /** … played at least one copy. */
  played: number[][];
  /** [action index, uses] for each action or trigger the player used, by action index. */
  used: [number, number][][];
  /** The player who took the game's first turn (-1: the game ended before one started). */
  first: number;
}

const DRAWN = 1;
const PLAYED = 2;
const DECK = 4;

export class GameTally {
  /** By card id: DECK | DRAWN | PLAYED. */
  private marks = new Uint8Array(128);
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
    this.uses = new Int32Array(players * actions);
  }

  reset(): void {
    this.first = -1;
    this.marks.fill(0);
    this.uses.fill(0);
  }

  /** A card made in a zone (a deck, a side deck, a token on the field). */
  made(card: Card, zone: Zone, journal: Journal): void {
    if (this.isOwners(card, zone, VISIBILITY.hidden)) this.mark(card, DECK, journal);
  }

  /** A card moved from `from` (where it or its host lay; null: nowhere) into `to`, by the rule running with `ctx`. */
  moved(card: Card, from: Zone | null, to: Zone, ctx: Ctx, journal: Journal): void {
    const visibility = this.visibility[to.def];
    if (visibility === VISIBILITY.hidden) {
      if (this.isOwners(card, to, VISIBILITY.hidden)) this.mark(card, DECK, journal);
    } else if (visibility === VISIBILITY.private) {
      if (from !== null && this.visibility[from.def] === VISIBILITY.hidden && this.isOwners(card, to, VISIBILITY.private)) this.mark(card, DRAWN, journal);
    } else if (from !== null && this.isOwners(card, from, VISIBILITY.private) && byOwner(card, ctx)) this.mark(card, PLAYED, journal);
  }

  /** A card attached under a host (it lay in `from` before). */
  attached(card: Card, from: Zone | null, ctx: Ctx, journal: Journal): void {
    if (from !== null && this.isOwners(card, from, VISIBILITY.private) && byOwner(card, ctx)) this.mark(card, PLAYED, journal);
  }

  /** A declaration that stood: one use of the action by the player. */
  used(action: number, player: number, journal: Journal): void {
    const i = player * this.actions + action;
    this.uses[i]!++;
    if (journal.depth > 0) journal.record(() => this.uses[i]!--);
  }

  /** The game's counts, read once it is over; `cards` are all the game's cards. */
  counts(cards: readonly Card[]): GameCounts {
    const deck: Set<number>[] = [];
    const drawn: Set<number>[] = [];
    const played: Set<number>[] = [];
    for (let p = 0; p < this.players; p++) {
      deck.push(new Set());
      drawn.push(new Set());
      played.push(new Set());
    }
    for (const c of cards) {
      const p = c.owner.index;
      const m = this.marks[c.id] ?? 0;
      if (m & DECK) deck[p]!.add(c.def);
      if (m & DRAWN) drawn[p]!.add(c.def);
      if (m & PLAYED) played[p]!.add(c.def);
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
    return { deck: deck.map(sorted), drawn: drawn.map(sorted), played: played.map(sorted), used, first: this.first };
  }

  /** Is `zone` a zone of this visibility that holds the card for its owner (the owner's own, or a shared one)? */
  private isOwners(card: Card, zone: Zone, visibility: number): boolean {
    return this.visibility[zone.def] === visibility && (zone.player === null || zone.player === card.owner);
  }

  private mark(card: Card, bit: number, journal: Journal): void {
    const id = card.id;
    if (id >= this.marks.length) {
      const grown = new Uint8Array(Math.max(id + 1, this.marks.length * 2));
      grown.set(this.marks);
      this.marks = grown;
    }
    const old = this.marks[id]!;
    if (old & bit) return;
    this.marks[id] = old | bit;
    if (journal.depth > 0) journal.record(() => (this.marks[id] = old));
  }
}

/** Is the rule running an action or trigger of the card's owner (being declared or resolving)? */
function byOwner(card: Card, ctx: Ctx): boolean {
  return ctx.me === card.owner && (ctx.declaring || ctx.request !== null);
}
