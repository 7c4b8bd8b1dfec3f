/**
 * The Grimoire AST: what the parser produces and the compiler reads.
 * Every node carries `loc`, its source range. Nodes built during error recovery may have
 * missing children; the compiler only runs on files that parsed without errors.
 */
import type { ChangeOp, CountSpec, Duration, Expr, Loc, Name, Stmt } from './ast-code.ts';

export * from './ast-code.ts';

export interface SourceFile {
  file: string;
  decls: Decl[];
}

// ---------------------------------------------------------------- declarations

export type Decl =
  | AbilityTemplateDecl
  | LimitDecl
  | GameDecl
  | RevisionDecl
  | ParamDecl
  | EnumDecl
  | LabelDecl
  | ZoneDecl
  | CardTypeDecl
  | CardDecl
  | StateDecl
  | FunctionDecl
  | ProcedureDecl
  | ActionDecl
  | EventDecl
  | CheckDecl
  | EvaluateDecl
  | DeckCheckDecl
  | MatchDecl
  | TeamsDecl
  | FlowDecl
  | RemoveDecl
  | AmendDecl
  | FaceDecl;

interface DeclBase {
  loc: Loc;
  /** `override` written before the declaration (revisions only). */
  override?: boolean;
  /** Set by the compiler on a definition an `amend` changed (its place is the amend's). */
  amended?: boolean;
  cite?: string;
}

export interface FormatItem {
  name: Name;
  title?: string;
  level: number;
  loc: Loc;
}

export interface GameDecl extends DeclBase {
  kind: 'game';
  name: Name;
  title?: string;
  version?: string;
  players?: number;
  /** Set with `players param <name>`: the number of players is that parameter's value. */
  playersParam?: Name;
  /** The word before the parameter's name (`param`; anything else is an error). */
  playersParamWord?: Name;
  formats: FormatItem[];
  /** Set by the compiler: formats a revision removed (a `since` naming one keeps its level). */
  removedFormats?: FormatItem[];
  defaultFormat?: Name;
  stack?: Name;
  leftover?: Name;
  firstResponder?: Name;
  /** Set with `first responder param <name>` (then `firstResponder` is the word `param`). */
  firstResponderParam?: Name;
  maxTurns?: number;
  /**
   * `agent <name> "<agent>"`: an agent the game names — `strong` is the one `--p1 strong` plays
   * (docs/agents.md); the text is an agent as the CLI writes it (`mcts:60,pass=0`).
   */
  agents?: { name: Name; spec: string; loc: Loc }[];
}

export interface RevisionDecl extends DeclBase {
  kind: 'revision';
  name: Name;
  title?: string;
  base: Name;
  version?: string;
  /** `format NAME ["title"] level N` inside the revision: formats added to the base game's. */
  formats?: FormatItem[];
  /** `default format NAME` inside the revision: the base game's default format replaced. */
  defaultFormat?: Name;
}

export interface ParamDecl extends DeclBase {
  kind: 'param';
  name: Name;
  type: Name;
  value: Expr;
  alternatives: Expr[];
  note?: string;
}

export interface EnumDecl extends DeclBase {
  kind: 'enum';
  name: Name;
  values: { name: Name; title?: string }[];
}

export interface LabelDecl extends DeclBase {
  kind: 'label';
  name: Name;
  title?: string;
  /** `value number [= 1]`: the label carries a number on a card (`王(3)`), with its default. */
  value?: LabelValue;
}

export interface LabelValue {
  type: Name;
  default?: Expr;
  loc: Loc;
}

export interface ZoneDecl extends DeclBase {
  kind: 'zone';
  name: Name;
  shared: boolean;
  visibility: 'public' | 'private' | 'hidden';
  ordered: boolean;
  attachments: boolean;
  capacity?: number;
  /** `capacity N overflow <zone>`: a card moved into the full zone goes to this zone instead. */
  overflow?: Name;
  /** `capacity N displaced <zone>`: a card moved into the full zone enters it, and the card there longest goes to this zone (its owner's). */
  displaced?: Name;
  /** `for match`: the zone keeps its cards from one game of a match to the next (docs/language.md "Matches"). */
  keptForMatch?: boolean;
  title?: string;
}

export interface CardField {
  kind: 'attr' | 'state' | 'value';
  name: Name;
  type: Name;
  init?: Expr;
  keep: boolean;
  loc: Loc;
}

export interface CardTypeDecl extends DeclBase {
  kind: 'cardType';
  name: Name;
  fields: CardField[];
}

export interface CardDecl extends DeclBase {
  kind: 'card';
  name: Name;
  title?: string;
  type: Name;
  values: { name: Name; value: Expr }[];
  /** The card's own abilities: actions and triggers whose `this` is the card. */
  abilities: ActionDecl[];
  /** The card's continuous effects. */
  auras: AuraDecl[];
  /** `state x: T = v [keep]` inside the card: states of this card alone, read by its own abilities (`this.x`). */
  states?: CardField[];
  /** Abilities written with a template (`攻 短槍 "Short spear" (ap = 2)`). */
  uses?: TemplateUse[];
  /** `text "…"`: the card's printed text (rules text as printed), never read by the rules. One per card. */
  printed?: PrintedText[];
  /** Set by the compiler: printed values no longer read, their attr removed or made a state or value by a revision. */
  unread?: string[];
}

/** A card's printed text, `text "…"` (its range is the string's, so a drift warning can point into it). */
export interface PrintedText {
  text: string;
  loc: Loc;
}

/** One change an aura makes to each card of its list: `atk by -200`, `cannot_attack becomes true`. */
export interface ValueChange {
  field: Name;
  op: ChangeOp;
  value: Expr;
}

/** A continuous effect of a card: while it is where it works, each change on every card of `to`. */
export interface AuraDecl {
  name: Name;
  title?: string;
  cite?: string;
  /** `while in <zone>`; null: `while attached`; undefined: anywhere. */
  zone?: Name | null;
  /** `while in a, b`: the zones after the first. */
  moreZones?: Name[];
  to: Expr;
  /** The changes, in the order written (at least one). */
  changes: ValueChange[];
  /** `override aura …` inside an `amend card`: replaces the card's aura of that name. */
  override?: boolean;
  /** Set by the compiler on an aura an `amend aura` changed. */
  amended?: boolean;
  loc: Loc;
}

export interface StateDecl extends DeclBase {
  kind: 'playerState' | 'globalState' | 'requestState';
  name: Name;
  type: Name;
  init: Expr;
}

export interface ParamDef {
  name: Name;
  type: Name;
}

export interface FunctionDecl extends DeclBase {
  kind: 'function';
  name: Name;
  params: ParamDef[];
  returnType: Name;
  body: Expr;
}

export interface ProcedureDecl extends DeclBase {
  kind: 'procedure';
  name: Name;
  params: ParamDef[];
  body: Stmt[];
}

export type EventSpec =
  | { kind: 'resolved' | 'declared'; action: Name; loc: Loc }
  /** `on signal <event> <name>`: a game-defined event raised by `signal <event> <card>`. */
  /** `on signal <event> <name>[, <name>…]`: a game-defined event raised by `signal`; one name per parameter of the event. */
  | { kind: 'signal'; event: Name; card: Name; more?: Name[]; loc: Loc }
  | { kind: 'moved'; card: Name; from: Name; to: Name; loc: Loc }
  | { kind: 'turnStart' | 'turnEnd'; loc: Loc };

export type Clause =
  | { kind: 'speed'; value: 'normal' | 'immediate' | 'instant'; loc: Loc }
  | { kind: 'tags'; labels: Name[]; loc: Loc }
  | { kind: 'when'; expr: Expr; loc: Loc }
  | { kind: 'limit'; count: number; loc: Loc }
  /** Triggers waiting together in a group: only one runs (chosen), or all in a chosen order. */
  | { kind: 'group'; name: Name; mode: 'one' | 'ordered'; loc: Loc }
  /** Triggers: the controller may decline it (「〜できる」), asked before it is declared. */
  | { kind: 'optional'; loc: Loc }
  | { kind: 'last'; loc: Loc }
  /** Card abilities only: the ability works while its card is in this zone (null: while attached). */
  /** `while in a, b`: `zone` is the first, `more` the others; `while attached`: zone null. */
  | { kind: 'whileIn'; zone: Name | null; more?: Name[]; loc: Loc }
  | { kind: 'using' | 'target'; name: Name; count: CountSpec; from: Expr; suchThat?: Expr; loc: Loc }
  | { kind: 'cost' | 'effect'; body: Stmt[]; loc: Loc }
  | { kind: 'on'; event: EventSpec; loc: Loc }
  | { kind: 'if'; expr: Expr; loc: Loc }
  | { kind: 'controller'; expr: Expr; loc: Loc };

/**
 * Actions and triggers share one shape; a trigger has an `on` clause. `instead` (inside a card) is
 * a replacement: when the card would move as its `on moved this …` says, the effect runs instead.
 */
export interface ActionDecl extends DeclBase {
  kind: 'action' | 'trigger' | 'instead';
  name: Name;
  title?: string;
  since?: Name;
  clauses: Clause[];
  /**
   * Only in a parse for the compiler alone (compile.ts compileGame, whose tree no tool reads): this
   * ability is a copy of one met earlier in the file, word for word and in the same column
   * (grammar/repeats.ts), and shares its clauses, which stand `line` lines and `offset` characters
   * earlier. Read clauses with `clausesOf`, which moves them. Copies sharing one `clauses` array
   * differ only in where they stand, so the compiler lowers them once (compiler/repeated-abilities.ts).
   */
  moved?: { line: number; offset: number };
}

/**
 * An ability written once with parameters, used on cards in one line (`ability action 攻 (ap:
 * number = 1) { … }`, on a card `攻 短槍 "Short spear" (ap = 2)`): each use becomes an ordinary
 * ability of the card, its parameters replaced by the values the use gives (compiler/templates.ts).
 */
export interface AbilityTemplateDecl extends DeclBase {
  kind: 'abilityTemplate';
  /** What each use becomes: an action, a trigger or a replacement. */
  as: 'action' | 'trigger' | 'instead';
  name: Name;
  title?: string;
  params: { name: Name; type: Name; default?: Expr }[];
  /** The clauses (and `since`, `cite`) every use gets. */
  body: ActionDecl;
}

/** A use of an ability template on a card: `攻 短槍 "Short spear" (ap = 2) cite "…"`. */
export interface TemplateUse {
  template: Name;
  name: Name;
  title?: string;
  /** In order: positional first, then by name. */
  args: { name?: Name; value: Expr }[];
  cite?: string;
  loc: Loc;
}

/**
 * A limit shared by a class of actions, said once in the rules: `limit サポート "Supporter" 1 per
 * turn on card actions tagged サポート`, `limit 効果 1 per turn per card on card triggers`.
 */
export interface LimitDecl extends DeclBase {
  kind: 'limit';
  name: Name;
  title?: string;
  count: number;
  /** What counts separately: each player (default), or each card (a card's abilities together). */
  per: 'player' | 'card';
  /** `on card …`: cards' own abilities only. */
  cardsOnly: boolean;
  /** `actions`, `triggers` or `abilities` (both). */
  what: Name;
  /** `of <CardType>`: the abilities of cards of that type. */
  cardType?: Name;
  /** `tagged L, …`: actions carrying one of these tags. */
  tags: Name[];
}

/**
 * A game-defined event (「破壊された時」): `event destroyed "破壊"` (about one card), or with
 * parameters and what it does — `event damaged "ダメージ" (p: player, n: number) { set p.life = p.life - n }`
 * — so that a replacement (`instead … on signal damaged p, n`) can change or prevent it.
 */
export interface EventDecl extends DeclBase {
  kind: 'event';
  name: Name;
  title?: string;
  /** The parameters, when written; absent: one card (the old form). */
  params?: ParamDef[];
  /** What the event does when it happens (after its triggers fire); absent: nothing of its own. */
  body?: Stmt[];
}

export interface CheckDecl extends DeclBase {
  kind: 'check';
  name: Name;
  body: Stmt[];
}

/**
 * `deck check [cite "…"] { main <zone>  side <zone>  build <procedure>  [for each c in <list>]
 * require <bool> [cite "…"] reason <text> … }`: what a legal deck is — the zones a deck list
 * fills, the procedure that builds the rules' own decks, and the requirements in order, each
 * with its citation and the reason given when it fails. `me` is the player whose deck is checked.
 * At most one per game; the rules read its verdict with `deck_problem(p)`.
 */
export interface DeckCheckDecl extends DeclBase {
  kind: 'deckCheck';
  /** The range of the words `deck check`. */
  keyword: Loc;
  main?: Name;
  side?: Name;
  build?: Name;
  requirements: DeckRequirement[];
}

/**
 * `match [cite "…"] { best of N | first to N wins   between games [cite "…"] { … } }`: a match of
 * games (N a number or `param NAME`), and the statements run before each game after the first,
 * where `match_game`, `match_wins(p)`, `last_winner` and `last_loser` read the match so far. At
 * most one per game (a revision replaces it with `override match`).
 */
export interface MatchDecl extends DeclBase {
  kind: 'match';
  /** The range of the word `match`. */
  keyword: Loc;
  length?: MatchLength;
  between?: { body: Stmt[]; cite?: string; loc: Loc };
  /** A second length or `between games` written in the same match (the compiler reports it). */
  extraLength?: MatchLength;
  extraBetween?: { body: Stmt[]; cite?: string; loc: Loc };
}

export interface MatchLength {
  kind: 'bestOf' | 'firstTo';
  games?: number;
  param?: Name;
  loc: Loc;
}

export interface DeckRequirement {
  /** `for each c in <list>`: the requirement holds for each card of the list (`c` names it). */
  each?: { name: Name; list: Expr };
  cond: Expr;
  cite?: string;
  reason: Expr;
  loc: Loc;
}

/**
 * `evaluate [cite "…"] = <number>`: a heuristic score of a state for the player `me`, for
 * game-playing agents (higher is better for `me`). At most one per game; never run by the rules.
 */
export interface EvaluateDecl extends DeclBase {
  kind: 'evaluate';
  /** The range of the word `evaluate` (diagnostics about the declaration as a whole point here). */
  keyword: Loc;
  /** The expression; absent when statements were written instead (`evaluate { … }`, reported). */
  body?: Expr;
  /** Statements written in place of the expression: an evaluation may not have any (reported). */
  block?: Stmt[];
  /** The range of the block, when there is one. */
  blockLoc?: Loc;
}

export interface FlowDecl extends DeclBase {
  kind: 'setup' | 'turn';
  body: Stmt[];
}

/**
 * `amend <what> NAME … { … }` (revisions only): part of a base game's definition changed without
 * copying the whole of it (compiler/resolve.ts applies it; docs/language.md "Revisions"):
 * - `amend action|trigger NAME [since F] [cite "…"] { clauses }`: these clauses in place of its
 *   clauses of the same kinds — a cost, a condition, an effect changed;
 * - `amend procedure NAME [(params)] [cite "…"] { statements }`, `amend check NAME [cite "…"] { … }`,
 *   `amend setup|turn [cite "…"] { … }`: the body replaced; the parameters and the citation kept
 *   unless restated; `amend function NAME [(params): T] [cite "…"] = expr`: the same for a function;
 * - `amend card NAME [cite "…"] { field = value … }`: printed values changed, and the card's own
 *   abilities and auras: `action|trigger|instead …` and `aura …` added (`override …` replaces the
 *   one of that name), `amend ability NAME { clauses }`, `amend aura NAME { … }`, `remove ability|aura NAME`, `text "…"`;
 * - `amend card type NAME [cite "…"] { attr x: T = default … remove state y }`: fields in place of the
 *   type's fields of the same names (an attr may become a derived `value`), fields removed;
 * - `amend face T [cite "…"] { items }`: each item in place of the face's items of the same key
 *   (a region by its word, `colour`, `show <field>`, `frame`).
 */
export interface AmendDecl extends DeclBase {
  kind: 'amend';
  what: 'action' | 'trigger' | 'card' | 'cardType' | 'procedure' | 'function' | 'check' | 'setup' | 'turn' | 'face';
  /** The definition amended (for `setup` and `turn`: the word itself). */
  name: Name;
  since?: Name;
  clauses: Clause[];
  /** `amend card NAME { field = value … }`: printed values in place of the card's values of the same names. */
  values: { name: Name; value: Expr }[];
  /** `amend card type NAME { attr x: T = default … }`: fields in place of the type's fields of the same names. */
  fields: CardField[];
  /** A procedure's, function's restated parameters (absent: kept). */
  params?: ParamDef[];
  /** A function's restated return type (absent: kept). */
  returnType?: Name;
  /** The new body of a procedure, check, setup or turn. */
  body?: Stmt[];
  /** The new expression of a function. */
  expr?: Expr;
  /** `amend card`: whole abilities added (or, written `override`, replacing the card's ability of that name). */
  abilities?: ActionDecl[];
  /** `amend card`: `amend ability NAME [since F] [cite "…"] { clauses }`, as `amend action` on one of the card's abilities. */
  amendAbilities?: AmendDecl[];
  /** `amend card`: auras added (or, written `override`, replacing the card's aura of that name). */
  auras?: AuraDecl[];
  /** `amend card`: `amend aura NAME { [while …] [to <cards>] [changes] }`, parts of one of the card's auras. */
  amendAuras?: AuraAmend[];
  /** `amend card`: its printed text replaced (`text "…"`). */
  printed?: PrintedText[];
  /** `remove ability|aura NAME` (in `amend card`), `remove attr|state|value NAME` (in `amend card type`). */
  removes?: { what: 'ability' | 'aura' | 'attr' | 'state' | 'value'; name: Name; loc: Loc }[];
  /** `amend face`: items in place of the face's items of the same key. */
  items?: FaceItem[];
}

/**
 * `amend aura NAME ["title"] [cite "…"] { [while in <zone> | while attached] [to <cards>] [<value> by|… <expr>]… }`
 * inside an `amend card`: what it writes replaces the aura's — where it works, the cards it
 * changes, and each change of a value in place of the aura's changes of that value (others kept).
 */
export interface AuraAmend {
  name: Name;
  title?: string;
  cite?: string;
  /** Written `while …`: `zone` (and `moreZones`) replace the aura's (null: while attached). */
  where?: { zone: Name | null; moreZones?: Name[] };
  to?: Expr;
  changes: ValueChange[];
  loc: Loc;
}

export interface RemoveDecl extends DeclBase {
  kind: 'remove';
  what: string;
  name: Name;
}

/**
 * `face <CardType> [cite "…"] { item … }`: how the cards of a type look when printed (faces/,
 * `grimoire cards`): named regions placed on the card, colours by an attribute. Declarative only:
 * regions show fields, literal text and the card's built-ins; `when` compares printed values.
 */
export interface FaceDecl extends DeclBase {
  kind: 'face';
  /** The card type whose cards this face draws. */
  name: Name;
  items: FaceItem[];
}

/** `1 "A"`, `spade "#111"`: a printed value and the text or colour it gets. */
export interface FaceMapEntry {
  key: Expr;
  text: string;
  textLoc: Loc;
  loc: Loc;
}

export type FaceItem =
  /** `colour by <field> { value "#hex", … }` or `colour "#hex"`. */
  | { kind: 'colour'; field?: Name; colour?: { text: string; loc: Loc }; map: FaceMapEntry[]; loc: Loc }
  /** `show <field> as { value "text", … }`: how the field's values are written on this face. */
  | { kind: 'show'; field: Name; map: FaceMapEntry[]; loc: Loc }
  /** `frame bordered | plain`. */
  | { kind: 'frame'; style: FaceWord; loc: Loc }
  | FaceRegion;

/**
 * A word of the face's own vocabulary (a region, a frame style): not a name of the game, so
 * find-references and rename never take it for one (it is not shaped like a Name).
 */
export interface FaceWord {
  word: string;
  loc: Loc;
}

/** `<region> ["caption"] [= part, …] [of <part>] [at x, y, w, h] [when <condition>]`. */
export interface FaceRegion {
  kind: 'region';
  region: FaceWord;
  caption?: string;
  parts: FacePart[];
  /** `pips = <count> of <symbol>`: the symbol part. */
  of?: FacePart;
  /** `at x, y, w, h` in millimetres from the card's top left. */
  at?: { values: number[]; loc: Loc };
  when?: Expr;
  loc: Loc;
}

export type FacePart = { kind: 'string'; value: string; loc: Loc } | { kind: 'name'; name: Name };

/**
 * `teams [cite "…"] { north: p1, p3   south: p2, p4   shared life }`: the seats of each team, and
 * the player states that are one value per team (a teammate's write is read by the whole team).
 * At most one per game (a revision replaces it with `override teams`).
 */
export interface TeamsDecl extends DeclBase {
  kind: 'teams';
  /** The range of the word `teams`. */
  keyword: Loc;
  teams: { name: Name; seats: Name[] }[];
  shared: Name[];
}
