/**
 * The Grimoire IR: plain JSON, the compiler's output and the runtime's input.
 * Described for machines by compiler/ir.schema.json (kept in sync by test/ir-schema.test.ts).
 *
 * References between definitions are indices into the top-level tables. Local variables are
 * slots in a frame (`slots` on each body says how many). Every node that runs carries `loc`
 * ([file index, line, column]) so the runtime can point at the source.
 */

export const IR_VERSION = 1;

export type SrcLoc = [file: number, line: number, col: number];

export type IRType = string; // 'number' | 'bool' | 'text' | 'player' | 'card' | 'cards' | … | 'enum:Suit'

/** The most players a game may have (the runtime's player sets are bit masks of a byte). */
export const MAX_PLAYERS = 8;

/** The number of players of a game under these parameter values (`players param …`), else its fixed number. */
export function playerCount(ir: Pick<GameIR, 'game' | 'params'>, params?: Readonly<Record<string, number | boolean | string>>): number {
  const i = ir.game.playersParam;
  if (i === undefined) return ir.game.players;
  const v = params?.[ir.params[i]!.name];
  return typeof v === 'number' ? v : ir.game.players;
}

/** The most players the game can have under any reading of its parameters (scenario names p1…pN are checked against it). */
export function maxPlayerCount(ir: Pick<GameIR, 'game' | 'params'>): number {
  const i = ir.game.playersParam;
  if (i === undefined) return ir.game.players;
  const p = ir.params[i]!;
  return Math.max(ir.game.players, ...p.alternatives.filter((a): a is number => typeof a === 'number'));
}

export interface GameIR {
  irVersion: number;
  files: string[];
  game: {
    name: string;
    title: string;
    version: string;
    revisionOf: string | null;
    /** The number of players (with `playersParam`: its parameter's default). */
    players: number;
    /** `players param <name>`: the parameter (its index) whose value is the number of players; absent when fixed. */
    playersParam?: number;
    formats: { name: string; title: string; level: number }[];
    defaultFormat: string;
    stackZone: number; // -1 when the game has no stack
    /** Where a resolved request's cards go if its effect left them on the stack (each to its owner's zone); -1 = stay. */
    leftoverZone: number;
    firstResponder: 'opponent' | 'controller' | 'active';
    /** A text parameter that chooses the first responder instead (its values are the three words), or -1. */
    firstResponderParam: number;
    maxTurns: number;
    cite: string;
    /**
     * The agents the game names (`agent strong "mcts:60,pass=0"` in its header): an agent name
     * as the CLI writes it, under the game's own name for it (runtime/agents/spec.ts resolves
     * `strong` here); absent when the game names none.
     */
    agents?: { name: string; spec: string }[];
  };
  params: ParamIR[];
  enums: { name: string; values: { name: string; title: string }[] }[];
  labels: LabelIR[];
  zones: ZoneIR[];
  cardFields: CardFieldIR[];
  cardTypes: CardTypeIR[];
  cards: CardIR[];
  playerStates: VarIR[];
  globalStates: VarIR[];
  /** States each request carries, initialised when it is made (`request state answered: bool = false`). */
  requestStates: VarIR[];
  /** Cards' continuous effects (`aura`), in declaration order. */
  auras: AuraIR[];
  /** Game-defined events (`event destroyed`), raised by `signal`. */
  events: EventDeclIR[];
  functions: FunctionIR[];
  procedures: ProcedureIR[];
  actions: ActionIR[];
  /** Limits shared by a class of actions (`limit … on card triggers`), each action listing those that cover it (ActionIR.sharedLimits). */
  limits: LimitIR[];
  checks: BodyIR[];
  setup: BodyIR;
  turn: BodyIR;
  /** The game's heuristic score of a state for a player (`evaluate = …`), for agents; null when it declares none. */
  evaluate: EvaluateIR | null;
  /** What a legal deck is (`deck check { … }`); absent when the game declares none. */
  deckCheck?: DeckCheckIR;
  /** How the game is played as a match of games (`match { … }`); absent when the game declares none. */
  match?: MatchIR;
  /** `teams { … }`: the seats of each team and the player states they share; absent: every player plays alone. */
  teams?: TeamsIR;
  /** How the cards of a card type look when printed (`face`, faces/ and `grimoire cards`); the runtime never reads it. */
  faces: FaceIR[];
}

export interface ParamIR {
  name: string;
  type: 'number' | 'bool' | 'text';
  value: number | boolean | string;
  alternatives: (number | boolean | string)[];
  cite: string;
  note: string;
}

export interface LabelIR {
  name: string;
  title: string;
  cite: string;
  /** A numbered label (`label 王 "king" value number = 1`, printed `王(3)`); absent when it carries no number. */
  value?: LabelValueIR;
}

/**
 * A numbered label's number on a card is two card fields the compiler adds (after the game's
 * own, to every card type): `printed`, an attr holding the number the card prints (absent when
 * it prints none), and `level`, a `value` named as the label whose formula is "the printed number,
 * else the default, while the card has the label; none otherwise". Being a value, `modify`,
 * `unmodify`, durations and auras change it as any other; being none on a card without the
 * label, nothing adds to it there (the runtime modifies numbers only), and a read in an
 * expression (`c.王`) gives 0.
 */
export interface LabelValueIR {
  /** The number of a card that has the label but prints none; null: a card that prints it must give one (one that gains it otherwise has 0). */
  default: number | null;
  /** The card field (a `value`, named as the label) that is the card's number. */
  level: number;
  /** The card field (an `attr`, named `<label> (printed)`) that holds the number the card prints. */
  printed: number;
}

export interface ZoneIR {
  name: string;
  title: string;
  shared: boolean;
  visibility: 'public' | 'private' | 'hidden';
  ordered: boolean;
  attachments: boolean;
  capacity: number; // -1 = unlimited
  /** `capacity N overflow <zone>`: the zone a card goes to instead of entering this one when it is full; -1 = none (such a move is an error). */
  overflow: number;
  /** `capacity N displaced <zone>`: when a card enters the full zone, the card there longest goes to this zone (its owner's, if per player); -1 = none. */
  displaced: number;
  /** `for match`: the zone keeps its cards from one game of a match to the next; absent otherwise. */
  keptForMatch?: boolean;
  cite: string;
}

/** Card fields share one table across card types, so a field has one slot in every card. */
export interface CardFieldIR {
  name: string;
  kind: 'attr' | 'state' | 'value';
  type: IRType;
  keep: boolean;
}

export interface CardTypeIR {
  name: string;
  fields: number[]; // indices into cardFields
  /** Initial value of each `state` field (index → expression); `value` formulas. */
  stateInits: { field: number; init: Expr }[];
  values: { field: number; expr: Expr; slots: number }[];
  cite: string;
}

export interface CardIR {
  name: string;
  title: string;
  type: number;
  attrs: { field: number; value: Literal | Literal[] }[];
  cite: string;
  loc: SrcLoc;
  /** The printed text (`text "…"`), when the card has one: what the face prints; the rules never read it. */
  text?: string;
}

/**
 * A card type's face (`face <CardType> { … }`): regions placed on the 63 × 88 mm card, each
 * showing printed values (docs/cards.md). Declarative: the only expressions are `when`
 * conditions that compare the card's attrs with printed values (`this.<attr>`, literals,
 * `== != < <= > >=`, `in`, `and`, `or`, `not`).
 */
export interface FaceIR {
  cardType: number;
  /** `bordered`: a frame in the card's colour around a tinted panel; `plain`: a white card, the colour is the ink. */
  frame: 'bordered' | 'plain';
  /** `colour by <field>`: the attr whose value picks the colour, or -1. */
  colourField: number;
  colours: { value: Literal; colour: string }[];
  /** `colour "#hex"`: the colour when no value picks one ('' = the default palette). */
  colour: string;
  /** `show <field> as { … }`: how values of a field are written on this face. */
  shows: { field: number; values: { value: Literal; text: string }[] }[];
  regions: FaceRegionIR[];
  cite: string;
  loc: SrcLoc;
}

export const faceRegionKinds = ['title', 'cost', 'picture', 'type', 'labels', 'fields', 'text', 'stat', 'corner', 'pips', 'big', 'line'] as const;
export type FaceRegionKind = (typeof faceRegionKinds)[number];

export interface FaceRegionIR {
  kind: FaceRegionKind;
  /** A small label over the region ('' = none). */
  caption: string;
  /** What it shows, in order; empty = the region's default (the title for `title`, …). */
  parts: FacePartIR[];
  /** `pips = <count> of <symbol>`: the symbol drawn count times (a part), else null. */
  symbol: FacePartIR | null;
  /** `at x, y, w, h` in millimetres from the card's top left; null = placed by the layout. */
  at: [number, number, number, number] | null;
  when: Expr | null;
  loc: SrcLoc;
}

export type FacePartIR =
  | { kind: 'text'; text: string }
  | { kind: 'field'; field: number }
  /** The card's own: its title, name, card type, printed text, generated text, labels. */
  | { kind: 'card'; what: 'title' | 'name' | 'type' | 'printed' | 'generated' | 'labels' };

/**
 * A game-defined event: its parameters (the old form `event destroyed "破壊"`: one card), and what
 * it does when it happens (`body`, run with the parameters in its first slots after its triggers
 * fire; empty: nothing of its own). `signal` raises it; `instead` abilities may replace it first.
 */
export interface EventDeclIR {
  name: string;
  title: string;
  cite: string;
  params: { name: string; type: IRType }[];
  body: Stmt[];
  slots: number;
  loc: SrcLoc;
}

export interface VarIR {
  name: string;
  type: IRType;
  init: Expr;
  cite: string;
}

export interface FunctionIR {
  name: string;
  params: { name: string; type: IRType }[];
  returnType: IRType;
  slots: number;
  body: Expr;
  cite: string;
}

export interface ProcedureIR {
  name: string;
  params: { name: string; type: IRType }[];
  slots: number;
  body: Stmt[];
  cite: string;
  loc: SrcLoc;
}

/**
 * `match { … }`: a match is `best of N` games (won by the first to win more than half of them;
 * decided once no one can catch up) or `first to N wins`; `gamesParam` (≥ 0) is the number
 * parameter that gives N instead of `games` (its default). `betweenGames` runs before each game
 * after the first, before its setup; the cards of the zones `keptForMatch` are carried over.
 */
export interface MatchIR {
  length: 'bestOf' | 'firstTo';
  games: number;
  gamesParam: number;
  betweenGames: BodyIR | null;
  cite: string;
  loc: SrcLoc;
}

/**
 * `teams { north: p1, p3  south: p2, p4  shared life }`: each team's name and seats (player
 * indices; a seat beyond the game's number of players is not played), and the player states
 * kept once per team — read and written on the team's first seat in the game (`teamSeat`).
 */
export interface TeamsIR {
  names: string[];
  seats: number[][];
  shared: number[];
  cite: string;
  loc: SrcLoc;
}

export interface BodyIR {
  name: string;
  slots: number;
  body: Stmt[];
  cite: string;
  loc: SrcLoc;
}

/**
 * `evaluate`: a pure number expression scoring the state for the player `me` (higher is better
 * for `me`). Only hosts read it (Engine.evaluate); the rules never run it, so it changes no game.
 */
/**
 * `deck check`: the zones a deck list fills (`main`, `side`: player zones, -1 for no side), the
 * procedure that builds the rules' own decks for a player (`build`, -1 for none: a host giving
 * deck lists creates them in its place), and the requirements in order. Each is evaluated with
 * `me` = the player whose deck is checked; with `each`, for each card of that list, bound in
 * frame slot `slot`. The first that fails gives the verdict: its `reason` (a text expression,
 * read with the same bindings) and `cite`. The rules read it with `deck_problem(p)`.
 */
export interface DeckCheckIR {
  main: number;
  side: number;
  build: number;
  slots: number;
  requirements: { each: { slot: number; list: Expr } | null; cond: Expr; reason: Expr; cite: string; loc: SrcLoc }[];
  cite: string;
  loc: SrcLoc;
}

export interface EvaluateIR {
  expr: Expr;
  slots: number;
  cite: string;
  loc: SrcLoc;
}

export type EventIR =
  | { kind: 'resolved' | 'declared'; action: number }
  | { kind: 'signal'; event: number; cardSlot: number; argSlots: number[] } // a game-defined event: cardSlot binds its first argument (-1 = the ability's own card), argSlots the others
  | { kind: 'moved'; from: number; to: number; cardSlot: number } // zone -1 = any; cardSlot -1 = the ability's own card (`on moved this …`)
  | { kind: 'turnStart' | 'turnEnd' };

/** A choice made while an action is declared: key cards (`using`) or targets (`target`). */
export interface PickIR {
  kind: 'using' | 'target';
  slot: number;
  name: string;
  min: Expr;
  max: Expr;
  single: boolean;
  from: Expr;
  suchThat: Expr | null;
  loc: SrcLoc;
}

export type DeclareStepIR = PickIR | { kind: 'cost'; body: Stmt[]; loc: SrcLoc };

/**
 * How a value of a card is changed (by `modify` or an aura), applied in this order whenever the
 * value is read: `set` (the value becomes `by`; the latest wins), then `add`, then `gain`/`lose`
 * (a label into or out of a list of labels), then `mul`/`div` (the total scaled, rounded down) —
 * auras before modifiers within each kind, modifiers in the order they were made.
 */
export type ChangeOpIR = 'add' | 'mul' | 'div' | 'set' | 'gain' | 'lose';

/**
 * How long a `modify` lasts; without one (null), until the card changes zone (which ends every
 * modifier on it). `endOfTurn`: the end of this turn; `endOfNextTurn`: the end of the player's
 * next turn; `untilNextTurn`: the start of the player's next turn; `duringNextTurn`: it applies from the start of the player's next turn to its end;
 * `turns`: the end of the count-th turn counting this one; `leaves`: until the card leaves the
 * zone (it does not take hold if the card is not there).
 */
export type DurationIR =
  | { kind: 'endOfTurn' }
  | { kind: 'endOfNextTurn' | 'duringNextTurn' | 'untilNextTurn'; player: Expr }
  | { kind: 'turns'; count: Expr }
  | { kind: 'leaves'; card: Expr; zone: number };

/**
 * A card's continuous effect: while a card of definition `source` is where it works
 * (`sourceZone` as for abilities), every card in `targets` (evaluated with `this` = that card)
 * has its value `field` changed by `op` with `by` (`it` = the affected card). One aura of the
 * language with several changes is several of these, of the same name.
 */
export interface AuraIR {
  name: string;
  title: string;
  source: number;
  sourceZone: number;
  /** With sourceZone -3 (`while in a, b`): the zones where the card works; else empty. */
  sourceZones: number[];
  targets: Expr;
  field: number;
  op: ChangeOpIR;
  by: Expr;
  slots: number;
  cite: string;
  loc: SrcLoc;
}

/** A limit shared by every action it covers: `count` uses a turn, per player or per card (a rules action: per player). */
export interface LimitIR {
  name: string;
  title: string;
  count: number;
  per: 'player' | 'card';
  cite: string;
  loc: SrcLoc;
}

export interface ActionIR {
  name: string;
  title: string;
  isTrigger: boolean;
  event: EventIR | null;
  condition: Expr | null; // trigger `if`
  controller: Expr | null; // trigger `controller`
  level: number; // the lowest format level where it exists (0 = every format)
  speed: 'normal' | 'immediate' | 'instant';
  tags: number[];
  when: Expr[];
  limit: number; // per player per turn, -1 = none
  /** The shared limits (ir.limits) that also cover it. */
  sharedLimits: number[];
  steps: DeclareStepIR[];
  effect: Stmt[];
  slots: number;
  /** A trigger its controller may decline (asked before it is declared). */
  optional: boolean;
  /** `last`: waits until every other trigger waiting at the same moment has run (a rules step that follows the cards' effects). */
  last: boolean;
  /** Triggers of one group waiting at the same moment for the same controller: `one` runs just one (the controller picks), `ordered` all in the order the controller picks. */
  group: { name: string; mode: 'one' | 'ordered' } | null;
  /** `instead`: a replacement — when its card would move as the event says, the effect runs instead (never a request). */
  replaces: boolean;
  /** A card's own ability: the card definition it belongs to (its instances are `this`), or -1. */
  source: number;
  /** Where the card must be for the ability to work (`while in <zone>`); -1 anywhere but attached; -2 while attached under another card; -3 in one of `sourceZones` (`while in a, b`). */
  sourceZone: number;
  /** With sourceZone -3: the zones where the card works; else empty. */
  sourceZones: number[];
  cite: string;
  loc: SrcLoc;
}

// ------------------------------------------------------------------ expressions

export type Literal = number | boolean | string | null;

/**
 * A `{name}` in a log text or a prompt — or a path of members, `{this.growth}`, `{t.owner}` — : the
 * value when the text is shown. The compiler lowers each placeholder, in order, to an expression
 * (`args`, `promptArgs`); the runtime fills them in with the same pattern.
 */
export const placeholderPattern = /\{([\p{L}\p{So}_][\p{L}\p{N}\p{So}\p{M}_・ー]*(?:\.[\p{L}\p{So}_][\p{L}\p{N}\p{So}\p{M}_・ー]*)*)\}/gu;

export type Expr =
  | { kind: 'lit'; value: Literal }
  | { kind: 'param'; index: number }
  | { kind: 'local'; slot: number }
  | { kind: 'zones'; zone: number; players: Expr } // a per-player zone of each player of a list, its cards in one list (`opponents.field`)
  | { kind: 'builtin'; name: 'me' | 'opponent' | 'opponents' | 'teammates' | 'active' | 'players' | 'stack' | 'turn' | 'this' | 'it' | 'request' | 'match_game' | 'last_winner' | 'last_loser' }
  | { kind: 'label'; index: number }
  | { kind: 'actionRef'; index: number }
  | { kind: 'zone'; zone: number; player: Expr | null }
  | { kind: 'cardField'; card: Expr; field: number }
  | { kind: 'cardBuiltin'; card: Expr; field: 'name' | 'owner' | 'facedown' | 'entered' | 'title' }
  | { kind: 'playerField'; player: Expr; field: number }
  | { kind: 'globalField'; field: number }
  | { kind: 'requestField'; request: Expr; field: 'cards' | 'targets' | 'controller' | 'action' | 'source' } // source: the card whose ability made it, or none
  | { kind: 'requestState'; request: Expr; field: number }
  | { kind: 'call'; fn: number; args: Expr[] }
  | { kind: 'builtinCall'; fn: BuiltinFn; args: Expr[] }
  | { kind: 'list'; items: Expr[] }
  | { kind: 'cond'; test: Expr; then: Expr; else: Expr }
  | { kind: 'not'; operand: Expr }
  | { kind: 'neg'; operand: Expr }
  | { kind: 'binary'; op: '+' | '-' | '*' | '/' | '%' | '<' | '<=' | '>' | '>=' | '==' | '!=' | 'and' | 'or'; left: Expr; right: Expr }
  | { kind: 'inRange'; item: Expr; low: Expr; high: Expr }
  | { kind: 'inList'; item: Expr; list: Expr }
  | { kind: 'has'; subject: Expr; label: Expr }
  | { kind: 'where'; list: Expr; predicate: Expr };

export const builtinFns = [
  'count', 'sum', 'max', 'min', 'any', 'all', 'all_same',
  'sorted', 'distinct', 'is_empty', 'first', 'top', 'bottom',
  'units', 'all_units', 'host', 'zone_of', 'owner', 'other', 'random', 'entered_this_turn', 'targets', 'cards',
  'controller', 'labels', 'zone_owner', 'abilities', 'deck_problem', 'match_wins',
] as const;
export type BuiltinFn = (typeof builtinFns)[number];

// ------------------------------------------------------------------ statements

export type Stmt = StmtBody & { loc: SrcLoc };

export type StmtBody =
  | { kind: 'let'; slot: number; value: Expr }
  | { kind: 'setCard'; card: Expr; field: number; value: Expr }
  | { kind: 'setFacedown'; card: Expr; value: Expr }
  | { kind: 'setPlayer'; player: Expr; field: number; value: Expr }
  | { kind: 'setGlobal'; field: number; value: Expr }
  | { kind: 'setRequest'; request: Expr; field: number; value: Expr }
  | { kind: 'setActive'; value: Expr }
  | { kind: 'move'; cards: Expr; to: Expr; position: 'top' | 'bottom' | 'default'; face: 'facedown' | 'faceup' | 'default' }
  | { kind: 'attach'; cards: Expr; to: Expr; position: 'top' | 'bottom'; facedown: boolean }
  | { kind: 'detach'; cards: Expr }
  | { kind: 'createEvery'; cardType: number; zone: Expr; filter: Expr | null } // filter: `it` is the new card
  | { kind: 'createCount'; count: Expr; card: number; zone: Expr }
  | { kind: 'shuffle'; zone: Expr }
  | { kind: 'reveal'; cards: Expr; to: Expr | null }
  | { kind: 'chooseOrder'; slot: number; name: string; from: Expr; by: Expr | null; prompt: string; promptArgs: Expr[] } // binds the list in the chosen order
  | { kind: 'choose'; slot: number; name: string; min: Expr; max: Expr; single: boolean; from: Expr; suchThat: Expr | null; by: Expr | null; prompt: string; promptArgs: Expr[] }
  | { kind: 'chooseMode'; by: Expr | null; prompt: string; promptArgs: Expr[]; options: { label: string; when: Expr | null; body: Stmt[] }[] }
  | { kind: 'if'; cond: Expr; then: Stmt[]; else: Stmt[] }
  | { kind: 'forEach'; slot: number; list: Expr; body: Stmt[] }
  | { kind: 'repeat'; count: Expr; body: Stmt[] }
  | { kind: 'while'; cond: Expr; body: Stmt[] }
  | { kind: 'callProc'; proc: number; args: Expr[] }
  | { kind: 'perform'; action: number; ability: Expr | null; as: Expr | null; by: Expr | null } // a declared action (`action`), or with `action` -1 the ability an expression holds (`ability`: its name, from abilities(c)); `as`: the card that is its `this`
  | { kind: 'window'; name: string; passable: boolean; open: boolean } // open: every player may act, in turn, until all pass in a row
  | { kind: 'modify'; card: Expr; field: number; op: ChangeOpIR; by: Expr; duration: DurationIR | null } // see ChangeOpIR for the order of application
  | { kind: 'unmodify'; card: Expr; field: number } // field -1: every value
  | { kind: 'gainAbilities'; card: Expr; from: Expr; duration: DurationIR | null } // `card` has the abilities of `from`'s card as its own, `this` being `card`
  | { kind: 'cancel'; request: Expr }
  | { kind: 'retarget'; request: Expr; by: Expr | null }
  | { kind: 'endTurn' }
  | { kind: 'reverseTurnOrder' } // turns (and every list of players in turn order) go the other way round
  | { kind: 'win' | 'lose'; player: Expr; reason: string; reasonExpr: Expr | null } // reasonExpr: a computed text, when not a literal
  | { kind: 'drawGame'; reason: string; reasonExpr: Expr | null }
  | { kind: 'log'; text: string; args: Expr[] }
  | { kind: 'signal'; event: number; card: Expr; args: Expr[] } // raises a game-defined event: `card` is its first argument (raised only when it is not none), `args` the others
  | { kind: 'proceed' } // in an `instead`'s effect: the replaced event happens after all
  | { kind: 'cite'; text: string; body: Stmt[] };
