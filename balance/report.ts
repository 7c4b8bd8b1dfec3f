/**
 * The shapes of a balance report (`grimoire balance --json`, the playground's Simulate panel,
 * the HTML report): documented field by field in docs/balance.md. One place defines them; the
 * fold (fold.ts) and the comparison (compare.ts) make them, the CLI and the charts read them.
 */
import type { Difference, Distribution, Rate } from './statistics.ts';

export type { Difference, Distribution, Rate } from './statistics.ts';

/** The shape's version: bumped when a field changes meaning or goes away. */
export const balanceVersion = 1;

/** What was played: the same settings give the same report, hash included. */
export interface BalanceSettings {
  game: string;
  /** The game's title and version, as its rules say. */
  title: string;
  format: string;
  /** Every rule parameter's value, defaults included. */
  params: Record<string, number | boolean | string>;
  /** Each seat's agent (runtime/agents/spec.ts names). */
  agents: { p1: string; p2: string };
  seed: number;
  games: number;
  /** A fingerprint of the compiled rules and cards (16 hex digits). */
  rules: string;
}

export interface SeatResult {
  seat: string;
  agent: string;
  wins: Rate;
}

export interface EndReason {
  reason: string;
  /** Games that ended so, of the games counted. */
  games: Rate;
  /** Of those, won by each seat (by seat name), and drawn. */
  won: Record<string, number>;
  draws: number;
}

/**
 * One card (by name), over every (game, player) pair in which a copy was in the player's deck:
 * how often it was drawn and played, and its owner's win rate when it was and was not.
 */
export interface CardMetric {
  card: string;
  title: string;
  /** (game, player) pairs where at least one copy was in the player's deck (runtime/tally.ts: it lay in a hidden zone of theirs). */
  inDeck: number;
  /** Pairs where the player drew it (runtime/tally.ts: it came from a hidden zone into their private zone — a hand). */
  drawn: Rate;
  /** Pairs where the player played it (left their private zone for a public one by their own action). */
  played: Rate;
  /** The owner's win rate over all pairs. */
  ownerWin: Rate;
  winWhenDrawn: Rate;
  winWhenNotDrawn: Rate;
  winWhenPlayed: Rate;
  winWhenNotPlayed: Rate;
  /**
   * winWhenDrawn − winWhenNotDrawn (17lands' "improvement when drawn"), tested; q over every card
   * test of the report. Null when the card was drawn in every pair or in none (nothing to compare).
   */
  drawnEffect: Difference | null;
  /** winWhenPlayed − winWhenNotPlayed, tested likewise; null likewise. */
  playedEffect: Difference | null;
  /** winWhenDrawn − ownerWin: the difference from the owner's overall win rate. */
  vsOwner: number;
  /**
   * Does the card stand out from the game's other cards? Its drawnEffect (playedEffect) minus the
   * inverse-variance weighted mean effect of all the other cards, tested (statistics.ts
   * againstTheOthers); q over every card of the report; null where the effect is. In many games
   * every card's raw effect leans one way — drawing more cards goes with longer games, or one
   * deck is stronger — so a card is judged against the others, not against zero. `significant`
   * here is what the text and the charts flag.
   */
  standout: { drawn: Difference | null; played: Difference | null };
}

/** One action or trigger, over every (game, player) pair. */
export interface ActionMetric {
  action: string;
  title: string;
  kind: 'action' | 'trigger';
  /** The card whose ability it is, or null for a rule of the game. */
  card: string | null;
  /** Mean uses per game, both players together, and by seat. */
  perGame: number;
  perGameBySeat: Record<string, number>;
  /** Pairs where the player used it at least once. */
  usedBy: Rate;
  winWhenUsed: Rate;
  winWhenNotUsed: Rate;
  /** winWhenUsed − winWhenNotUsed, tested; q over every action of the report; null when every player or none used it. */
  effect: Difference | null;
}

export interface BalanceReport {
  grimoireBalance: number;
  kind: 'report';
  settings: BalanceSettings;
  /** Both seats played by random agents: the numbers describe random play, not skilled play. */
  randomPlay: boolean;
  /** Games played; `counted` excludes the games that ended in an error. */
  games: number;
  counted: number;
  errors: number;
  /** The fold of every game's log hash in seed order: equal to `grimoire play`'s for the same games. */
  hash: string;
  /**
   * Each seat's wins; draws; games the engine stopped at a limit (counted as draws in `draws`);
   * and the win rate of the player who took the first turn (whichever seat it was).
   */
  seats: { players: SeatResult[]; draws: Rate; stopped: number; firstPlayer: Rate };
  endReasons: EndReason[];
  length: { turns: Distribution; decisions: Distribution };
  cards: CardMetric[];
  /** The average card's drawnEffect and playedEffect: the inverse-variance weighted mean over the measured cards. */
  averageCardEffect: { drawn: number; played: number };
  actions: ActionMetric[];
}

/** One metric under the base rules and under the other, with their difference. */
export interface MetricChange {
  /** A stable key: `seats.p1.wins`, `length.turns`, `cards.<name>.winWhenDrawn`, `actions.<name>.perGame`… */
  metric: string;
  /** In words, for people. */
  label: string;
  group: 'seats' | 'end' | 'length' | 'cards' | 'actions';
  base: number;
  other: number;
  /** other − base, tested; q over every change of the comparison. */
  change: Difference;
  /** How the difference was tested: on the same seeds (`mcnemar`, `paired-t`) or as two samples (`two-proportion`). */
  test: 'mcnemar' | 'paired-t' | 'two-proportion';
}

export interface BalanceComparison {
  grimoireBalance: number;
  kind: 'comparison';
  /** What the other side is, in words: `trump-8.2 (a revision)`, `--vs-param life=5`. */
  otherLabel: string;
  base: BalanceReport;
  other: BalanceReport;
  /** The two sides played the same seeds with the same agents: per-game metrics are compared pair by pair. */
  paired: boolean;
  /** Every metric compared: significant ones first, then by group (seats, ends, length, actions, cards), then by p. */
  changes: MetricChange[];
}
