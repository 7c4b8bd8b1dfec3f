/**
 * The engine's public types — its options, a game's result, a log event, the host's decider —
 * and the exceptions that unwind a game. Hosts (the CLI, scenarios, the playground, tests)
 * import them through engine.ts.
 */
import type { SrcLoc } from '../compiler/ir.ts';
import type { Decision } from './decisions.ts';
import type { LogArgs, LogCode, LogPhrase } from './log-entry.ts';
import type { Player } from './model.ts';

export interface LogEvent {
  seq: number;
  turn: number;
  kind: string;
  /** What happened, as a code and its arguments (log-entry.ts): hosts word it in their reader's language (scenario/log-words.ts). */
  code: LogCode;
  args: LogArgs;
  player: string | null;
  cite: string;
  loc: SrcLoc | null;
  /**
   * The ids of the cards the entry names (moved, chosen, attached, revealed, declared with or
   * at, modified), when it names some: a reader's log hides each by whether that reader may see
   * that very card, not a card of the same name (playground/src/worker/player-log.ts).
   */
  cards?: number[];
}

export interface GameResult {
  winner: string | null; // player name, or null for a draw
  loser: string | null;
  reason: string;
  /** When the engine, not the rules, gave the reason (a limit it stopped at): the reason as a phrase, for hosts that word it in another language; `reason` is its English. */
  because?: LogPhrase;
  cite: string;
  /**
   * Set when the engine stopped the game at one of its limits rather than the rules ending it
   * (a draw in `winner`/`loser`, but not a real one): `steps` (EngineOptions.maxSteps) or
   * `trigger-chain` (EngineOptions.maxTriggerChain).
   */
  stopped?: 'steps' | 'trigger-chain';
  /**
   * With more than two players: each player's place, best first — the winner 1, the players
   * still in at the end sharing the next place (all of them in a draw), then those out of the
   * game in the order they went out (the last one out placed highest).
   */
  places?: { player: string; place: number }[];
  /** With `teams`: each team's seats and place, best first (a seat's place above is its team's). */
  teams?: { team: string; seats: string[]; place: number }[];
  /** With `teams`: the winning team's name; null for a draw. */
  team?: string | null;
}

/** The engine as option callbacks see it (engine.ts's Engine). */
export interface WatchedEngine {
  readonly turn: number;
  readonly steps: number;
}

export interface EngineOptions<E = WatchedEngine> {
  seed: number;
  format?: string;
  params?: Record<string, number | boolean | string>;
  log?: boolean;
  maxSteps?: number;
  /**
   * How many triggers may run one after another before a player is next offered an action (in
   * a window or a priority round; not only a pass) or a turn starts: past it the chain is a loop (two triggers
   * that keep firing each other) and the game is stopped. Default 1,000 (docs/language.md).
   */
  maxTriggerChain?: number;
  /** Ask even when the only option is an action (scenarios stop at the next free action). */
  askSingleActions?: boolean;
  /** Ask every decision, even one with a single option (benchmarks that count every decision). */
  askForced?: boolean;
  /**
   * Called with each event as it enters the log (every event with `log` on, else only the
   * result; never inside a trial): for tools that watch a game, e.g. to capture the state at a
   * step. It must not change the state. Unset, it costs nothing.
   */
  onLog?: (event: LogEvent, engine: E) => void;
  /**
   * Called at every step outside trials (a loop's turn, a player offered actions, a trigger),
   * before the step runs, with the rule text it runs: for checks of the state between steps
   * (`play --check-invariants`). It must not change the state; it may throw to stop the game.
   * Unset, it costs nothing.
   */
  onStep?: (engine: E, loc: SrcLoc | null) => void;
  /**
   * Called as each turn starts, before anything of the turn runs: the point from which a saved
   * state plays on (`Engine.runFrom('turn')`), where a search agent's recorder saves the state
   * (runtime/search/). It must not change the state. Unset, it costs nothing.
   */
  onTurn?: (engine: E) => void;
  /**
   * Count what a balance run reads (tally.ts): the cards each player drew and played, the
   * actions and triggers they used; read with `Engine.counts()` once the game is over.
   */
  tally?: boolean;
  /**
   * Record the course of each game (course.ts), for the balance lab's game-quality metrics: the
   * leader by the game's evaluation at each turn's end, the actions offered at each decision to
   * act; read with `Engine.course()` once the game is over. It changes no game.
   */
  course?: boolean;
  /**
   * An intervention (the balance lab's replacement value, docs/balance.md): whenever the rules
   * make a card of definition `card` in a zone of player `player` (a deck at setup), they make
   * one of definition `by` instead. Everything else — seeds, rules, agents — is unchanged.
   */
  substitutes?: readonly CardSubstitute[];
  /**
   * Another intervention (`grimoire tune`): the cards of definition `card` that the rules make in
   * player `player`'s zones are made with printed field `field` (an `attr`) set to `value`.
   */
  printed?: readonly PrintedValue[];
  /**
   * A third (the balance lab's replacement value in the opening hand): one copy the rules make as
   * `card` in player `player`'s zones — or, with a substitute, the copy made in its place — lies in
   * that player's opening hand. After the setup, where no such copy lies in a private zone of the
   * player, the first made of those in a hidden zone of theirs (their pile) changes places with the last card of
   * their private zones drawn from a pile: an exchange of places, not a move (no trigger sees it),
   * so everything else about the game stays as the seed dealt it.
   */
  opening?: readonly OpeningCard[];
  /**
   * Compile rule bodies as closures over the IR instead of generated JavaScript, so that every
   * local lives in the context's frame: a decision inside an effect or a procedure then carries
   * the context its choice was made in (Decision.ctx), where a host can read the locals its
   * filter reads (`grimoire why-not --card`). The same games, somewhat slower (test/codegen.test.ts).
   */
  inspectable?: boolean;
  /**
   * Deck lists (scenarios, docs/scenarios.md): for the players named (`p1`…), the cards of their
   * decks by definition, in order, top first — `main` in the zone of the game's `deck check`
   * `main`, `side` in its `side`. Where the rules call the deck check's `build` procedure for such
   * a player, these cards are made instead; the other players get the rules' own decks.
   */
  decks?: Readonly<Record<string, DeckList>>;
}

/** EngineOptions.decks: one player's deck list, as card definitions (indexes into `ir.cards`), top first. */
export interface DeckList {
  main: readonly number[];
  side: readonly number[];
}

/** The deck check's verdict on a player's decks (Engine.deckVerdict): legal, or the first requirement that fails. */
export type DeckVerdict = { legal: true } | { legal: false; reason: string; cite: string; loc: SrcLoc };

/** EngineOptions.printed: a printed value (an attr's field index) of a card definition, for one player's copies. */
export interface PrintedValue {
  card: number;
  player: number;
  field: number;
  value: unknown;
}

/** EngineOptions.opening: a copy of card definition `card` (as the rules make it) in player `player`'s opening hand. */
export interface OpeningCard {
  card: number;
  player: number;
}

/** EngineOptions.substitutes: card definition `card` made as `by` in the zones of player `player` (0-based seat). */
export interface CardSubstitute {
  card: number;
  by: number;
  player: number;
}

/** Answers a decision with the index of one of its options. */
export type Decider = (d: Decision) => number;

/**
 * A decider that answers from the number of options alone (a random player): given to
 * `Engine.run` beside the decider, it answers the choices of `choose`, of a mode and of an
 * action (or a pass: the last option) without a decision object being made. It must answer as
 * the decider would for a decision of `player` with `count` options (the decider still answers
 * the others: optional triggers, the order of triggers).
 */
export type CountDecider = (player: Player, count: number) => number;

/**
 * A search's preference among the actions a player may take in its playouts (Engine.answerByCount,
 * OffersRoom.sampleOffer): the Move-Average Sampling Technique of general game playing, which
 * knows no game. An action is named by a key made of indices of the IR alone — the action's, and
 * for a card's ability the card definition's (OffersRoom.actionKey; the pass is PASS_KEY) — so a
 * preference learnt in one playout applies in the next.
 */
export interface ActionPreference {
  /** Whether `player`'s next draw follows the values (else it is drawn uniformly, as without a preference). */
  greedy(player: number): boolean;
  /** How much `player` prefers the action `key` (the highest is tried first; ties drawn uniformly). */
  value(player: number, key: number): number;
  /** `player` took the action `key` (PASS_KEY: passed), however it was drawn. */
  taken(player: number, key: number): void;
  /**
   * Whether the choices inside an action follow the preference too (ChoicesRoom.preferredAnswer):
   * a pick of one value and a mode, each option keyed by IR indices alone — the choice's place in
   * the rules and, for a card the chooser can see, its definition and whether the chooser controls
   * it — with negative keys, apart from the actions'. Unset: those choices stay uniform.
   */
  readonly inside?: boolean;
}

/** ActionPreference's key of the pass. */
export const PASS_KEY = 0;

/**
 * How a random player (a CountDecider) chooses an action: 'listed', every offer tried and one
 * drawn among them and the pass; 'sampled', a candidate drawn and tried until one holds or the
 * pass is drawn (OffersRoom.sampleOffer) — the same chances for every option and the same
 * decision count, drawn differently (other games from the same seed), and cheaper: most
 * candidates are never tried.
 */
export type ActionDraws = 'listed' | 'sampled';

/** Thrown by a host's decider to stop a run at that decision, leaving the state as it is (null: a decision answered by count). */
export class StopRun {
  constructor(readonly decision: Decision | null) {}
}

/** Thrown when the game ends: unwinds the turn to the engine's driver. */
export class GameOver {
  constructor(readonly result: GameResult) {}
}

/** Thrown when a trial declaration reaches a `win`/`lose`/`draw`: the declaration is possible. */
export class TrialEndsGame {}

/**
 * EngineOptions.maxTriggerChain's default: far above any chain of the seed games (at most six
 * triggers between two actions, over 1,000 games of each), and low enough that a loop ends in
 * well under a second with a log a person can still read.
 */
export const DEFAULT_MAX_TRIGGER_CHAIN = 1_000;

/**
 * How deep triggers may run inside one another (an instant trigger runs inside the effect that
 * fired it, one call deeper): a loop of instant triggers would run out of call stack at about a
 * thousand; the seed games nest at most two.
 */
export const MAX_TRIGGER_NESTING = 100;

/** How many `perform`s may run inside one another (an ability used through another, which uses another…) before the game is stopped as a loop. */
export const MAX_PERFORM_NESTING = 50;
