/**
 * What compiled rules call on the engine: the interface between the code generators
 * (codegen.ts, codegen-statements.ts) and the closures (compile.ts) on one side, and the
 * engine's rooms on the other. Generated code names the engine `g` and calls exactly these.
 *
 * The generators depend on this interface, never on the engine itself: the engine imports the
 * generators (it compiles its rules with them), and they import nothing of it back.
 */
import type { GameIR, SrcLoc } from '../compiler/ir.ts';
import type { Ctx, Ev } from './context.ts';
import type { MatchFacts } from './match-facts.ts';
import type { Card, Journal, Modifier, Player, Request, Until, Zone } from './model.ts';

export type Position = 'top' | 'bottom' | 'default';
export type Face = 'facedown' | 'faceup' | 'default';

export interface EngineCalls {
  readonly ir: GameIR;
  /** The rule parameters' values, by parameter index. */
  readonly params: unknown[];
  readonly journal: Journal;
  readonly active: Player;
  readonly turn: number;
  readonly sharedZones: Zone[];
  readonly globals: unknown[];
  /** Counts of changes (state.ts `changes`): generated in-place stores bump them too. */
  changes: number;
  varChanges: number;
  /** Changes no check reads (state.ts `looseChanges`): a generated store of a field no check reads bumps it. */
  looseChanges: number;
  /** Counts a change to a card (state.ts `changes`). */
  touch(card: Card): void;
  /** Counts a change to a card's field (state.ts `touchField`). */
  touchField(card: Card, f: number): void;

  // Reads.
  nextPlayer(p: Player): Player;
  playersFrom(p: Player): Player[];
  stackTopFirst(): Request[];
  /** The stack, bottom first, as it is (generated code only reads its length). */
  stackRequests(): readonly Request[];
  readValue(card: Card | null, field: number): unknown;
  cardTitle(k: Card | null): string | null;
  labelsOf(x: unknown): string[];
  targetsOfOrNone(r: Request | null): unknown[];
  actionOf(r: Request | null): string | null;
  actionName(index: number): string;
  randomOf(l: unknown): unknown;
  enteredThisTurn(k: Card | null): boolean;
  /** `deck_problem(p)`: the reason the game's deck check rejects p's decks, or "" (Engine.deckVerdict). */
  deckProblem(p: Player | null): string;
  /** The match this game is part of (match-facts.ts): `match_game` reads `match.game`. */
  readonly match: MatchFacts;
  /** `last_winner`, `last_loser`: the last game's winner or loser in the match, or none. */
  lastWinner(): Player | null;
  lastLoser(): Player | null;
  /** `match_wins(p)`: the games p has won so far in the match. */
  matchWins(p: Player | null): number;
  optionLabel(player: Player, c: unknown): string;
  narrating(): boolean;

  // State changes.
  setCardField(card: Card, f: number, v: unknown): void;
  setFacedown(card: Card, v: boolean): void;
  setPlayerVar(p: Player, f: number, v: unknown): void;
  setRequestVar(r: Request, f: number, v: unknown): void;
  setGlobal(f: number, v: unknown): void;
  setActive(p: Player): void;
  createCard(def: number, zone: Zone): Card;
  uncreateCard(card: Card): void;
  moveCards(cards: Card[], to: Zone, position: Position, face: Face, ctx: Ctx, loc: SrcLoc | null): void;
  attach(cards: Card[], host: Card, position: 'top' | 'bottom', facedown: boolean, ctx: Ctx, loc: SrcLoc | null): void;
  detach(cards: Card[]): void;
  shuffle(z: Zone): void;
  reveal(cards: Card[], to: Player | null, ctx: Ctx, loc: SrcLoc | null): void;
  modify(card: Card, field: number, by: unknown, until: Until | null, ctx: Ctx, loc: SrcLoc | null, op: Modifier['op']): void;
  /** A `modify`'s duration (DurationIR's kind, its player, count or card, and zone) as a modifier keeps it. */
  untilOf(kind: string, arg: unknown, zone: number): Until | null;
  unmodify(card: Card, field: number, ctx: Ctx, loc: SrcLoc | null): void;
  /** `modify card gains abilities of from`: card has from's card's abilities as its own (ValuesRoom). */
  gainAbilities(card: Card, from: Card, until: Until | null, ctx: Ctx, loc: SrcLoc | null): void;
  /** Raises a game-defined event: `first` its first argument, `rest` the others. */
  signal(event: number, first: unknown, rest: unknown[], ctx: Ctx, loc: SrcLoc | null): void;
  /** In a replacement's effect: the replaced event happens after all. */
  proceed(): void;

  // Decisions.
  choose(player: Player, from: unknown, min: number, max: number, single: boolean, test: ((v: unknown) => unknown) | null, ctx: Ctx, prompt: string, loc: SrcLoc | null): unknown;
  chooseOrder(player: Player, rest: unknown[], ctx: Ctx, prompt: string, loc: SrcLoc | null): unknown[];
  chooseMode(player: Player, labels: string[], ctx: Ctx, prompt: string, loc: SrcLoc | null): number;

  // The flow: actions, the stack, windows, the end of the game.
  callProcedure(p: number, args: Ev[], caller: Ctx): void;
  /** Declares an action for a player as if they chose it; `as`: the card that is its `this` (another card's ability used as this card's); action -1: nothing. */
  perform(action: number, player: Player, loc: SrcLoc | null, as?: Card | null): void;
  /** An action's index by its name (an ability a rule holds as a value), or -1. */
  actionNamed(name: unknown): number;
  /** The abilities of a card's definition, by name (`abilities(c)`). */
  abilitiesOf(card: unknown): string[];
  cancel(r: Request, ctx: Ctx, loc: SrcLoc | null): void;
  retarget(r: Request, by: Player, ctx: Ctx, loc: SrcLoc | null): void;
  window(name: string, passable: boolean, open?: boolean): void;
  endTurn(ctx: Ctx, loc: SrcLoc | null): void;
  finish(kind: 'win' | 'lose' | 'draw', p: Player | null, reason: string, ctx: Ctx | null, loc: SrcLoc | null): never;
  /** `lose p`: out of the game with more than two players in (false), else the game's end (true). */
  defeat(p: Player, reason: string, ctx: Ctx | null, loc: SrcLoc | null, returns: boolean): boolean;
  /** `reverse turn order`. */
  reverseTurnOrder(ctx: Ctx, loc: SrcLoc | null): void;
  /** The players still in the game other than `p`, in turn order after it. */
  opponentsOf(p: Player): Player[];
  /** `teammates`: the players still in of `p`'s team other than `p` (teams.ts). */
  teammatesOf(p: Player): Player[];
  /** `opponent`, `other(p)` in a game of teams: the next player still in of another team. */
  nextOpponentOf(p: Player): Player;
  /** The seat holding `p`'s team's shared player states (`p` itself without teams). */
  teamSeatOf(p: Player | null): Player | null;
  /** The end without unwinding (the setup's and the turn's generated bodies then return). */
  end(kind: 'win' | 'lose' | 'draw', p: Player | null, reason: string, ctx: Ctx | null, loc: SrcLoc | null): void;
  tick(loc: SrcLoc | null): void;
  narrate(text: string, ctx: Ctx, loc: SrcLoc | null): void;
}
