/**
 * The shapes of a balance report (`grimoire balance --json`, the playground's Simulate panel,
 * the HTML report): documented field by field in docs/balance.md. One place defines them; the
 * fold (fold.ts) and the comparison (compare.ts) make them, the CLI and the charts read them.
 */
import type { Difference, Distribution, Mean, Rate } from './statistics.ts';

export type { Difference, Distribution, Mean, Rate } from './statistics.ts';

/** The shape's version: bumped when a field changes meaning or goes away. */
export const balanceVersion = 4;

/** What was played: the same settings give the same report, hash included. */
export interface BalanceSettings {
  game: string;
  /** The game's title and version, as its rules say. */
  title: string;
  format: string;
  /** Every rule parameter's value, defaults included. */
  params: Record<string, number | boolean | string>;
  /** Each seat's agent (runtime/agents/spec.ts names). */
  agents: { p1: string; p2: string; /** Seats p3, p4, … in a game of more players (unset: random). */ more?: string[] };
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

/** In a game of teams (`teams { … }`): a team, its seats in these games, and its wins. */
export interface TeamResult {
  team: string;
  seats: string[];
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
 * A deck: a list of card definitions that (game, player) pairs drew from (balance/fold.ts
 * findDecks). Cards are judged against the other cards of their own deck.
 */
export interface DeckMetric {
  /** For people: "the deck", "p1's deck", "deck 2", "other decks". */
  deck: string;
  /** The lists too rare to be decks of their own, pooled (decks built at random, test decks). */
  pooled: boolean;
  /** (game, player) pairs that drew from it, and by seat. */
  pairs: number;
  bySeat: Record<string, number>;
  ownerWin: Rate;
  /** Its cards, by name. */
  cards: string[];
  /** Its median card's effect of each kind — the baseline its cards are compared with — or null when too few cards were measured. */
  median: { opening: number | null; drawn: number | null; played: number | null };
}

/**
 * One card (by name), over every (game, player) pair in which a copy was in the player's deck:
 * how often it was in the opening hand, drawn and played, and its owner's win rate when it was
 * and was not.
 */
export interface CardMetric {
  card: string;
  title: string;
  /** The decks (DeckMetric.deck) it was in. */
  decks: string[];
  /** (game, player) pairs where at least one copy was in the player's deck (runtime/tally.ts: it lay in a hidden zone of theirs). */
  inDeck: number;
  /** Pairs where a copy was in the player's opening hand (runtime/tally.ts); null for summaries that did not keep opening hands. */
  opening: Rate | null;
  /** Pairs where the player drew it (runtime/tally.ts: it came from a hidden zone into their private zone — a hand). */
  drawn: Rate;
  /** Pairs where the player played it (left their private zone for a public one by their own action). */
  played: Rate;
  /** The owner's win rate over all pairs. */
  ownerWin: Rate;
  winWhenOpening: Rate | null;
  winWhenNotOpening: Rate | null;
  winWhenDrawn: Rate;
  winWhenNotDrawn: Rate;
  winWhenPlayed: Rate;
  winWhenNotPlayed: Rate;
  /**
   * winWhenOpening − winWhenNotOpening over all its decks: the shuffle decides the opening hand,
   * so unlike drawn and played this is not tied to the game's length or the players' choices.
   * Null when one group is empty. Its q is over the raw effects of the report; raw effects are
   * not the flags (`standout` is).
   */
  openingEffect: Difference | null;
  /** winWhenDrawn − winWhenNotDrawn (17lands' "improvement when drawn"); null when one group is empty. */
  drawnEffect: Difference | null;
  /** winWhenPlayed − winWhenNotPlayed; null likewise. */
  playedEffect: Difference | null;
  /** winWhenDrawn − ownerWin: the difference from the owner's overall win rate. */
  vsOwner: number;
  /**
   * The flags. Each effect measured inside each deck the card was in, minus that deck's median
   * other card (balance/card-strength.ts), combined over its decks, tested; q over every standout
   * of the report (Benjamini–Hochberg); null where no deck measured it against at least three
   * other cards. A card is judged against its own deck, never across decks, and against a
   * median, which one broken card cannot move. `significant` here is what the text, the charts
   * and the verdicts flag.
   */
  standout: { opening: Difference | null; drawn: Difference | null; played: Difference | null };
}

/**
 * A card's replacement value (balance/replacement.ts): the same seeds played with every copy of
 * the card in one seat's deck and with a baseline card in its place; the seat's win rate with the
 * card minus with the baseline, game by game.
 */
export interface ReplacementValue {
  card: string;
  /** The card it was replaced by: the deck's median card unless the designer named one. */
  baseline: string;
  /** The deck (DeckMetric.deck) and the seat that played it. */
  deck: string;
  seat: string;
  /** every card: each card of the deck replaced in turn by one reference; suspect: the observational measures pointed at it, tested on fresh seeds; asked: `--replace`. */
  why: 'every card' | 'suspect' | 'asked'; // i18n-ok: a value of ReplacementValue.why
  /** The seeds both sides played. */
  seeds: { from: number; games: number };
  withCard: Rate;
  withBaseline: Rate;
  /** withCard − withBaseline on the same seeds (McNemar, Bonett–Price interval); its q set where it is what is flagged. */
  value: Difference;
  /**
   * Every card: the value minus the median value of the deck's other cards, beyond their own
   * spread (balance/replacement.ts everyCardStandouts) — what is flagged; q over the report's
   * flagged numbers. Null for the other uses, or a deck of too few cards.
   */
  standout: Difference | null;
  /**
   * Whether its flag is a test. Every card: a first look at each card (the first `--value-games`
   * seeds) picks the few that may stand out, and only those are tested, on the report's remaining
   * seeds (independent of the look); the others are shown from the look, never flagged. The other
   * uses: always true.
   */
  tested: boolean;
  /**
   * True when both sides of every seed had a copy of the card (or of the baseline in its place) in
   * the seat's opening hand (runtime EngineOptions.opening): the suspects of a run between search
   * agents, whose paired games part from the first decision, so that every pair is about the card.
   * Absent otherwise (the card where the shuffle put it).
   */
  opening?: true;
  /** Games whose result for the seat differed between the two sides. */
  discordant: number;
  /** While not significant: about how many games in all would tell a value this large from none (80% power, 5% two-sided); else null. */
  gamesToTell: number | null;
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
  seats: { players: SeatResult[]; draws: Rate; stopped: number; firstPlayer: Rate; teams?: TeamResult[] };
  endReasons: EndReason[];
  length: { turns: Distribution; decisions: Distribution };
  /** The decks players drew from (the cards' standouts are measured within each). */
  decks: DeckMetric[];
  cards: CardMetric[];
  /** Cards of the game in no player's deck in any game: not measured. */
  notMeasured: string[];
  /**
   * Replacement values (balance/replacement.ts), strongest first: the suspects confirmed on fresh
   * seeds, or the cards `--replace` asked for. Where a card has one, it — not the observational
   * standout — decides its flag. Empty when none was played.
   */
  replacements: ReplacementValue[];
  actions: ActionMetric[];
  /** With `--quality`: the game-quality metrics (balance/quality.ts); absent otherwise. */
  quality?: QualityReport;
  /**
   * A sequential run's stopping (`--until`, `--precision`; balance/sequential.ts): the question,
   * the games at each planned look, the level every look's interval had (1 − 0.05/K), the looks
   * made, whether the question was answered, and why (or what was still open at --max-games).
   */
  stopping?: { question: string; looks: number[]; level: number; at: number[]; answered: boolean; why: string };
}

/** One value tried by `grimoire tune` (balance/tune.ts): the card printed so, in one seat's deck. */
export interface TunePoint {
  /** The attr's value tried. */
  value: number;
  /** The card's own printed value. */
  printed: boolean;
  /** The seat's win rate with the card printed so. */
  withCard: Rate;
  /** Against the baseline card in its place, on the same seeds (paired): its replacement value at this value. */
  worth: Difference;
}

/** `grimoire tune`'s answer for one deck the card is in. */
export interface TuneCurve {
  deck: string;
  seat: string;
  /** The card its worth is measured against (the deck's ordinary card unless named). */
  baseline: string;
  withBaseline: Rate;
  points: TunePoint[];
  /**
   * The fair value: where the card is worth what the baseline is. `closest`: the value tried
   * whose worth is nearest 0; `crossing`: where the worth crosses 0 between two values tried
   * (linear between them), null if it does not; `range`: the values tried whose interval holds 0.
   */
  fair: { closest: number; crossing: number | null; range: number[] };
}

export interface TuneResult {
  grimoireBalance: number;
  kind: 'tune';
  settings: BalanceSettings;
  card: string;
  attr: string;
  /** The card's printed value. */
  printed: number;
  curves: TuneCurve[];
}

/** One metric under the base rules and under the other, with their difference. */
export interface MetricChange {
  /** A stable key: `seats.p1.wins`, `length.turns`, `quality.decisiveness`, `cards.<name>.winWhenDrawn`, `actions.<name>.perGame`… */
  metric: string;
  /** In words, for people. */
  label: string;
  group: 'seats' | 'end' | 'length' | 'quality' | 'cards' | 'actions';
  base: number;
  other: number;
  /** other − base, tested; q within its family: the game as a whole (seats, end, length), its quality (with --quality), or its parts (actions, cards). */
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
  /** Every metric compared: significant ones first, then by group (seats, ends, length, quality, actions, cards), then by p. */
  changes: MetricChange[];
}

/** One of the actions players took most at decisions to act (runtime/course.ts), and how often it was on offer. */
export interface QualityAction {
  action: string;
  title: string;
  /** Whose ability, or null for a rule's action. */
  card: string | null;
  /** Mean times per game a player took it at a decision to act (both players; not the times the rules performed it). */
  perGame: number;
  /** Decisions to act where it was offered, of all decisions to act (k, n pooled over games; the interval clustered by game). */
  offered: Rate;
  /** Of the decisions where it was offered, those where it was taken (clustered by game). */
  takenWhenOffered: Rate;
}

/**
 * Game-quality metrics (`--quality`, balance/quality.ts; docs/balance.md "Game quality"): how the
 * games went by the game's own evaluation, how they ended, how long they lasted, and whether one
 * action was always there to take.
 */
export interface QualityReport {
  /** The game's `evaluate` (its citation), which decides the leader; without one the lead metrics are null. */
  evaluation: { declared: boolean; cite: string | null };
  /** Of the games counted: decided (a winner), drawn by the rules, ended at the turn limit, stopped by the engine's limits. */
  outcomes: { decided: Rate; drawn: Rate; capped: Rate; stopped: Rate };
  /** Turns per game: mean with its interval, quartiles, interquartile range, standard deviation, extremes. */
  length: { mean: Mean; median: number; q1: number; q3: number; iqr: number; sd: number; min: number; max: number };
  /** Over decided games with a turn end: the share of the game's turn ends before the winner led for good (0: from the first). */
  decisiveness: Mean | null;
  /** Changes of the sole leader: per game (games with a turn end), per turn (changes over turns, clustered by game), and the games with any. */
  leadChanges: { perGame: Mean; perTurn: Rate; games: Rate } | null;
  /** Decided games with a sole leader at the midpoint won by a player who was not that leader; the decided games tied there or too short to have one. */
  comeback: { rate: Rate; tiedAtMidpoint: number; noMidpoint: number } | null;
  /** Decisions to act per game. */
  decisionsToAct: Mean;
  /** The action players took most at decisions to act (actions[0]), or null when none was taken. */
  mostUsed: QualityAction | null;
  /** The actions players took most, most taken first (up to 5). */
  actions: QualityAction[];
}
