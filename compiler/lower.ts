/**
 * Phase 3 — check and lower: resolved declarations → IR, with type checking on the way.
 *
 * Every expression is checked and lowered in one walk (`expr()` returns the IR node and its
 * type), so names are resolved exactly once. Diagnostics attach to the AST node's `loc`.
 * Nothing here runs game logic; the output is plain JSON (compiler/ir.ts).
 */
import type * as A from '../grammar/ast.ts';
import { expandTemplate } from './templates.ts';
import { diag, didYouMeanNote, suggest, type Diagnostic, type DiagnosticCode, type DiagnosticText } from './diagnostics.ts';
import { msg, type MessageKey } from '../i18n/format.ts';
import { declsOf, type Declarations } from './resolve.ts';
import { labelDefault, levelFormula, printedFieldName, takePrinted, type NumberedLabel, type PrintedNumber } from './label-values.ts';
import { builtinFns, placeholderPattern, IR_VERSION, MAX_PLAYERS, maxPlayerCount, type ActionIR, type AuraIR, type BuiltinFn, type DeclareStepIR, type DeckCheckIR, type DurationIR, type MatchIR, type TeamsIR, type Expr, type LimitIR, type GameIR, type IRType, type Literal, type SrcLoc, type Stmt } from './ir.ts';

const baseTypes = new Set(['number', 'bool', 'text', 'player', 'card', 'cards', 'zone', 'request', 'requests', 'players', 'label', 'labels', 'action']);

interface Typed {
  ir: Expr;
  type: IRType;
}

interface Binding {
  slot: number;
  type: IRType;
}

/** Where an expression is being checked: which implicit names exist. */
interface Scope {
  vars: Map<string, Binding>[];
  frame: { slots: number };
  hasThis: boolean;
  /** Inside a card's abilities and auras: the card's own states (`state x` in the card), by name → card field. */
  ownStates?: Map<string, number>;
  /** Inside an `instead`'s effect (where `proceed` may be written). */
  replacing?: boolean;
  itType: IRType | null;
  inEffect: boolean;
}

const builtinSignatures: Record<BuiltinFn, { args: ('list' | 'lambda' | 'number' | 'card' | 'player' | 'request' | 'any' | 'zone')[]; result: (argTypes: IRType[]) => IRType }> = {
  count: { args: ['list'], result: () => 'number' },
  sum: { args: ['list', 'lambda'], result: () => 'number' },
  max: { args: ['list', 'lambda'], result: () => 'number' },
  min: { args: ['list', 'lambda'], result: () => 'number' },
  any: { args: ['list', 'lambda'], result: () => 'bool' },
  all: { args: ['list', 'lambda'], result: () => 'bool' },
  all_same: { args: ['list', 'lambda'], result: () => 'bool' },
  sorted: { args: ['list', 'lambda'], result: (t) => listOf(elementOf(t[0]!)) },
  distinct: { args: ['list', 'lambda'], result: (t) => listOf(elementOf(t[0]!)) },
  is_empty: { args: ['list'], result: () => 'bool' },
  first: { args: ['list'], result: (t) => elementOf(t[0]!) },
  top: { args: ['list', 'number'], result: (t) => listOf(elementOf(t[0]!)) },
  bottom: { args: ['list', 'number'], result: (t) => listOf(elementOf(t[0]!)) },
  units: { args: ['card'], result: () => 'cards' },
  all_units: { args: ['list'], result: () => 'cards' },
  host: { args: ['card'], result: () => 'card' },
  zone_of: { args: ['card'], result: () => 'zone' },
  owner: { args: ['card'], result: () => 'player' },
  other: { args: ['player'], result: () => 'player' },
  random: { args: ['list'], result: (t) => elementOf(t[0]!) },
  entered_this_turn: { args: ['card'], result: () => 'bool' },
  targets: { args: ['request'], result: () => 'list:any' },
  cards: { args: ['request'], result: () => 'cards' },
  controller: { args: ['request'], result: () => 'player' },
  labels: { args: ['any'], result: () => 'labels' },
  zone_owner: { args: ['zone'], result: () => 'player' },
  abilities: { args: ['card'], result: () => 'list:action' },
  deck_problem: { args: ['player'], result: () => 'text' },
  match_wins: { args: ['player'], result: () => 'number' },
};

/** `sourceZone` of an ability that works while its card is attached under another (`while attached`). */
const ATTACHED = -2;
/** `sourceZone` of an ability that works in one of several zones (`while in a, b`): they are in `sourceZones`. */
const IN_ZONES = -3;

/** Literals that a definition may not take as its name. */
const reservedWords = new Set(['none', 'true', 'false']);
/** Candidate names compared by "did you mean" in one compile (see Lowerer.didYouMean): about a second's work. */
const SUGGESTION_BUDGET = 1_000_000;

export function elementOf(t: IRType): IRType {
  switch (t) {
    case 'cards':
    case 'zone':
      return 'card';
    case 'players':
      return 'player';
    case 'requests':
      return 'request';
    case 'labels':
      return 'label';
    case 'any':
      return 'any';
    case 'error':
      return 'error';
    default:
      return t.startsWith('list:') ? t.slice(5) : 'any';
  }
}

export function listOf(t: IRType): IRType {
  switch (t) {
    // A list of something already reported is itself already reported: no follow-on mismatch.
    case 'error':
      return 'error';
    case 'card':
      return 'cards';
    case 'player':
      return 'players';
    case 'request':
      return 'requests';
    case 'label':
      return 'labels';
    default:
      return `list:${t}`;
  }
}

function isList(t: IRType): boolean {
  return t === 'cards' || t === 'zone' || t === 'players' || t === 'requests' || t === 'labels' || t.startsWith('list:') || t === 'any' || t === 'error';
}

function assignable(from: IRType, to: IRType): boolean {
  if (from === to || from === 'any' || to === 'any' || from === 'none' || from === 'error' || to === 'error') return true;
  if (to === 'cards' && (from === 'zone' || from === 'list:any')) return true;
  if (to.startsWith('list:') && isList(from)) return elementOf(to) === 'any' || elementOf(from) === 'any' || elementOf(to) === elementOf(from);
  if (isList(to) && from.startsWith('list:') && elementOf(from) === 'any') return true;
  return false;
}

/** A type in words ("a number", 「数値」), worded where the diagnostic is shown. */
function describeType(t: IRType): DiagnosticText {
  if (t.startsWith('enum:')) return msg('type.enum', { name: t.slice(5) });
  if (t.startsWith('list:')) return msg('type.list', { name: t.slice(5) });
  const names: Record<string, MessageKey> = {
    number: 'type.number', bool: 'type.bool', text: 'type.text', player: 'type.player', card: 'type.card', cards: 'type.cards',
    zone: 'type.zone', request: 'type.request', requests: 'type.requests', players: 'type.players', label: 'type.label',
    labels: 'type.labels', action: 'type.action', none: 'type.none', any: 'type.any',
  };
  return names[t] ? msg(names[t]) : t;
}

export function lowerGame(decls: Declarations, fileList: string[]): { ir?: GameIR; diagnostics: Diagnostic[] } {
  return new Lowerer(decls, fileList).run();
}

class Lowerer {
  private diagnostics: Diagnostic[] = [];
  private fileIndex = new Map<string, number>();
  private params: A.ParamDecl[];
  private enums: A.EnumDecl[];
  private labels: A.LabelDecl[];
  private zones: A.ZoneDecl[];
  private cardTypes: A.CardTypeDecl[];
  private cards: A.CardDecl[];
  private playerStates: A.StateDecl[];
  private globalStates: A.StateDecl[];
  /** States every request carries (e.g. who has answered it), reset when it is made. */
  private requestStates: A.StateDecl[];
  /** Game-defined events (`event destroyed`). */
  private events: A.EventDecl[];
  private functions: A.FunctionDecl[];
  /** A function's index by name: a game with thousands of functions looks one up at every call. */
  private functionIndex = new Map<string, number>();
  private procedures: A.ProcedureDecl[];
  private actions: A.ActionDecl[];
  /** An action's index by name (a pool of thousands of cards has thousands of abilities). */
  private actionIndex = new Map<string, number>();
  /** The card each ability belongs to. */
  private abilityOf = new Map<A.ActionDecl, A.CardDecl>();
  /** Card fields that `modify` or an aura changes, with the first place that does (warnUnreadChanges). */
  private changedFields = new Map<number, A.Loc>();
  /** Card fields some expression reads (`c.x`; `labels` by `has` and labels()). */
  private fieldReads = new Set<number>();
  /** Each card's own states (`state x` inside the card): name → card field. */
  private ownStates = new Map<A.CardDecl, Map<string, number>>();
  /** The own states' slots and initial values, by the card type whose cards carry them. */
  private ownStateInits = new Map<string, { field: number; init: A.Expr | undefined }[]>();
  private checks: A.CheckDecl[];
  private enumValueIndex = new Map<string, { enumName: string; many: boolean }>();
  /** The game's card fields, then two for each numbered label (`printed`: an attr no name written in the language reaches). */
  private cardFields: { name: string; kind: 'attr' | 'state' | 'value'; type: IRType; keep: boolean; printed?: true }[] = [];
  private cardFieldIndex = new Map<string, number>();
  /** Numbered labels by name (`label 王 "king" value number = 1`; label-values.ts). */
  private numbered = new Map<string, NumberedLabel>();
  private formatLevels = new Map<string, number>();
  private fnCalls = new Map<string, Set<string>>();
  private procCalls = new Map<string, Set<string>>();
  private currentCallable: { kind: 'fn' | 'proc'; name: string } | null = null;

  constructor(
    private decls: Declarations,
    private fileList: string[],
  ) {
    fileList.forEach((f, i) => this.fileIndex.set(f, i));
    this.params = declsOf(decls, 'param');
    this.enums = declsOf(decls, 'enum');
    this.labels = declsOf(decls, 'label');
    this.zones = declsOf(decls, 'zone');
    this.cardTypes = declsOf(decls, 'cardType');
    this.cards = declsOf(decls, 'card');
    this.playerStates = declsOf(decls, 'playerState');
    this.globalStates = declsOf(decls, 'globalState');
    this.requestStates = declsOf(decls, 'requestState');
    this.events = declsOf(decls, 'event');
    this.functions = declsOf(decls, 'function');
    this.functions.forEach((f, i) => {
      if (!this.functionIndex.has(f.name.text)) this.functionIndex.set(f.name.text, i);
    });
    this.procedures = declsOf(decls, 'procedure');
    // (`instead` outside a card is kept so that its error is reported.)
    this.actions = [...declsOf(decls, 'action'), ...declsOf(decls, 'trigger'), ...declsOf(decls, 'instead')];
    // A card's abilities are actions and triggers named `<card>.<ability>`, whose `this` is the card;
    // an ability written with a template (`攻 短槍 …`) is one of them once expanded (templates.ts).
    const templates = new Map(declsOf(decls, 'abilityTemplate').map((t) => [t.name.text, t]));
    for (const card of declsOf(decls, 'card')) {
      const expanded = (card.uses ?? []).flatMap((u) => expandTemplate(u, templates, this.diagnostics) ?? []);
      // In the order the card writes them (an ability's index decides the order of offers).
      const all = expanded.length ? [...(card.abilities ?? []), ...expanded].sort((x, y) => x.name.loc.offset - y.name.loc.offset) : (card.abilities ?? []);
      for (const ability of all) {
        const named: A.ActionDecl = { ...ability, name: { text: `${card.name.text}.${ability.name.text}`, loc: ability.name.loc } };
        this.abilityOf.set(named, card);
        this.actions.push(named);
      }
    }
    this.actions.forEach((a, i) => {
      if (!this.actionIndex.has(a.name.text)) this.actionIndex.set(a.name.text, i);
    });
    this.checks = declsOf(decls, 'check');
  }

  private error(code: DiagnosticCode, loc: A.Loc, message: DiagnosticText, notes?: DiagnosticText[]): void {
    this.diagnostics.push(diag(code, loc, message, notes));
  }

  /** `has` and labels() read the card value named `labels` (and every numbered label, through it). */
  private readLabels(): void {
    const f = this.cardFieldIndex.get('labels');
    if (f !== undefined) this.fieldReads.add(f);
  }

  private warning(code: DiagnosticCode, loc: A.Loc, message: DiagnosticText, notes?: DiagnosticText[]): void {
    this.diagnostics.push(diag(code, loc, message, notes, 'warning'));
  }

  private src(loc: A.Loc): SrcLoc {
    return [this.fileIndex.get(loc.file) ?? 0, loc.line, loc.col];
  }

  run(): { ir?: GameIR; diagnostics: Diagnostic[] } {
    const game = this.decls.game;
    if (!game) {
      const first = this.fileList[0] ?? 'rules';
      this.error('game/missing', { file: first, line: 1, col: 1, offset: 0, endLine: 1, endCol: 1, endOffset: 1 }, msg('game/missing.no-game-declaration-found-add'));
      return { diagnostics: this.diagnostics };
    }
    for (const e of this.enums) for (const v of e.values) {
      if (reservedWords.has(v.name.text)) {
        this.error('name/reserved', v.name.loc, msg('name/reserved.cannot-name-an-enum-value', { name: v.name.text }), [msg('name/reserved.note.rename-it-e-g', { p: v.name.text === 'none' ? 'unassigned' : `is_${v.name.text}` })]);
        continue;
      }
      const prev = this.enumValueIndex.get(v.name.text);
      this.enumValueIndex.set(v.name.text, { enumName: e.name.text, many: !!prev && prev.enumName !== e.name.text });
    }
    for (const f of game.formats) this.formatLevels.set(f.name.text, f.level);
    this.collectCardFields();

    const stackZone = game.stack ? this.zoneIndex(game.stack) : -1;
    const ir: GameIR = {
      irVersion: IR_VERSION,
      files: this.fileList,
      game: {
        name: game.name.text,
        title: game.title ?? game.name.text,
        version: this.decls.revision?.version ?? game.version ?? '',
        revisionOf: this.decls.revision ? this.decls.revision.base.text : null,
        players: this.playerCount(game),
        ...(game.playersParam ? { playersParam: this.playersParam(game) } : {}),
        formats: [...game.formats].sort((a, b) => a.level - b.level).map((f) => ({ name: f.name.text, title: f.title ?? f.name.text, level: f.level })),
        defaultFormat: game.defaultFormat?.text ?? game.formats[game.formats.length - 1]?.name.text ?? '',
        stackZone,
        leftoverZone: game.leftover ? this.zoneIndex(game.leftover) : -1,
        firstResponder: this.firstResponder(game),
        firstResponderParam: this.firstResponderParam(game),
        maxTurns: game.maxTurns ?? 500,
        cite: this.decls.revision?.cite ?? game.cite ?? '',
      },
      params: this.params.map((p) => this.lowerParam(p)),
      enums: this.enums.map((e) => ({ name: e.name.text, values: e.values.map((v) => ({ name: v.name.text, title: v.title ?? v.name.text })) })),
      labels: this.labels.map((l) => {
        const n = this.numbered.get(l.name.text);
        const label: GameIR['labels'][number] = { name: l.name.text, title: l.title ?? l.name.text, cite: l.cite ?? '' };
        if (n) label.value = { default: n.default, level: n.level, printed: n.printed };
        return label;
      }),
      zones: this.zones.map((z) => ({ name: z.name.text, title: z.title ?? z.name.text, shared: z.shared, visibility: z.visibility, ordered: z.ordered, attachments: z.attachments, capacity: z.capacity ?? -1, overflow: this.overflowZone(z), displaced: this.displacedZone(z), ...(z.keptForMatch ? { keptForMatch: true } : {}), cite: z.cite ?? '' })),
      cardFields: this.cardFields.map((f) => ({ name: f.name, kind: f.kind, type: f.type, keep: f.keep })),
      cardTypes: [],
      cards: [],
      playerStates: this.playerStates.map((s) => ({ name: s.name.text, type: this.typeName(s.type), init: this.constExpr(s.init, this.typeName(s.type)), cite: s.cite ?? '' })),
      globalStates: this.globalStates.map((s) => ({ name: s.name.text, type: this.typeName(s.type), init: this.constExpr(s.init, this.typeName(s.type)), cite: s.cite ?? '' })),
      auras: [],
      events: this.events.map((e) => ({ name: e.name.text, title: e.title ?? e.name.text, cite: e.cite ?? '', params: this.eventParams(e).map((x) => ({ name: x.name, type: x.type })), body: [], slots: 0, loc: this.src(e.name.loc) })),
      requestStates: this.requestStates.map((s) => ({ name: s.name.text, type: this.typeName(s.type), init: this.constExpr(s.init, this.typeName(s.type)), cite: s.cite ?? '' })),
      functions: [],
      procedures: [],
      actions: [],
      limits: [],
      checks: [],
      setup: { name: 'setup', slots: 0, body: [], cite: '', loc: [0, 1, 1] },
      turn: { name: 'turn', slots: 0, body: [], cite: '', loc: [0, 1, 1] },
      evaluate: null,
      faces: [],
    };
    if (game.formats.length === 0) ir.game.formats = [{ name: 'standard', title: 'standard', level: 1 }];
    if (!ir.game.defaultFormat) ir.game.defaultFormat = ir.game.formats[0]!.name;
    if (game.defaultFormat && !this.formatLevels.has(game.defaultFormat.text) && game.formats.length > 0) {
      this.error('format/unknown', game.defaultFormat.loc, msg('format/unknown.unknown-format', { defaultFormat: game.defaultFormat.text }), this.didYouMean(game.defaultFormat.text, this.formatLevels.keys()));
    }

    ir.cardTypes = this.cardTypes.map((t) => this.lowerCardType(t));
    ir.cards = this.cards.map((c) => this.lowerCard(c));
    ir.functions = this.functions.map((f) => this.lowerFunction(f));
    ir.procedures = this.procedures.map((p) => this.lowerProcedure(p));
    ir.actions = this.actions.map((a) => this.lowerAction(a, stackZone));
    ir.auras = this.cards.flatMap((c, i) => (c.auras ?? []).flatMap((a) => this.lowerAura(a, c, i)));
    ir.limits = declsOf(this.decls, 'limit').map((l, i) => this.lowerLimit(l, i, ir));
    ir.checks = this.checks.map((c) => this.lowerBody(c.name.text, c.body, c.cite, c.loc));
    this.events.forEach((e, i) => {
      if (!e.body) return;
      // What the event does: a body whose locals start with its parameters (as a procedure's).
      const scope = this.newScope({ inEffect: true });
      for (const p of e.params ?? []) this.bind(scope, p.name, this.typeName(p.type));
      ir.events[i]!.body = this.block(e.body, scope);
      ir.events[i]!.slots = scope.frame.slots;
    });
    if (this.decls.setup) ir.setup = this.lowerBody('setup', this.decls.setup.body, this.decls.setup.cite, this.decls.setup.loc);
    if (this.decls.turn) ir.turn = this.lowerBody('turn', this.decls.turn.body, this.decls.turn.cite, this.decls.turn.loc);
    else this.error('game/no-turn', game.name.loc, msg('game/no-turn.the-game-has-no-turn'));
    if (this.decls.evaluate) ir.evaluate = this.lowerEvaluate(this.decls.evaluate, ir);
    if (this.decls.deckCheck) {
      const dc = this.lowerDeckCheck(this.decls.deckCheck);
      if (dc) ir.deckCheck = dc;
    }
    if (this.decls.match) ir.match = this.lowerMatch(this.decls.match);
    if (this.decls.teams) ir.teams = this.lowerTeams(this.decls.teams, ir);
    this.checkRecursion();
    this.warnUnreadChanges();
    const hasError = this.diagnostics.some((d) => d.severity === 'error');
    return { ir: hasError ? undefined : ir, diagnostics: this.diagnostics };
  }

  /** The number of players: `players N`, or the default of `players param <name>`'s parameter. */
  private playerCount(game: A.GameDecl): number {
    if (!game.playersParam) return game.players ?? 2;
    const p = this.params.find((x) => x.name.text === game.playersParam!.text);
    return p?.value.kind === 'number' ? p.value.value : 2;
  }

  /**
   * `players param <name>`: the parameter's index. Its default and alternatives are the numbers
   * of players the rules are written for: whole numbers from 1 to MAX_PLAYERS.
   */
  private playersParam(game: A.GameDecl): number {
    const n = game.playersParam!;
    const word = game.playersParamWord;
    if (word && word.text !== 'param') {
      this.error('syntax/unexpected-token', word.loc, msg('syntax/unexpected-token.players-takes-a-number-players', { word: word.text }));
      return -1;
    }
    return this.settingParam(n, (e) => e.kind === 'number' && Number.isInteger(e.value) && e.value >= 1 && e.value <= MAX_PLAYERS, `is the number of players, so its values must be whole numbers from 1 to ${MAX_PLAYERS}`);
  }

  /**
   * A game setting left to a parameter (`players param n`, `first responder param r`): its index,
   * each of its values checked (`fits`, else `why` is said of it); -1 when no parameter has that name.
   */
  private settingParam(n: A.Name, fits: (e: A.Expr) => boolean, why: string): number {
    const i = this.params.findIndex((p) => p.name.text === n.text);
    if (i < 0) {
      this.error('name/unknown', n.loc, msg('name/unknown.unknown-parameter', { n: n.text }), this.didYouMean(n.text, this.params.map((p) => p.name.text)));
      return -1;
    }
    const p = this.params[i]!;
    for (const e of [p.value, ...p.alternatives]) if (!fits(e)) this.error('type/mismatch', e.loc, msg('type/mismatch.the-parameter', { n: n.text, why }));
    return i;
  }

  private firstResponderParam(game: A.GameDecl): number {
    const n = game.firstResponderParam;
    if (!n) return -1;
    return this.settingParam(n, (e) => e.kind === 'string' && ['opponent', 'controller', 'active'].includes(e.value), 'chooses the first responder, so its values must be "opponent", "controller" or "active"');
  }

  private firstResponder(game: A.GameDecl): 'opponent' | 'controller' | 'active' {
    if (game.firstResponderParam) {
      const p = this.params.find((x) => x.name.text === game.firstResponderParam!.text);
      const v = p?.value.kind === 'string' ? p.value.value : 'opponent';
      return v === 'controller' || v === 'active' ? v : 'opponent';
    }
    const v = game.firstResponder?.text ?? 'opponent';
    if (v === 'opponent' || v === 'controller' || v === 'active') return v;
    this.error('type/mismatch', game.firstResponder!.loc, msg('type/mismatch.first-responder-is-one-of', { v }));
    return 'opponent';
  }

  /**
   * Names compared in "did you mean" searches so far. Each search compares the unknown name with
   * every candidate, so thousands of unknown names in a game of thousands of names would make the
   * search most of the check; past the budget, errors come without suggestions.
   */
  private suggestionWork = 0;

  private didYouMean(name: string, candidates: Iterable<string> | (() => Iterable<string>)): DiagnosticText[] | undefined {
    if (this.suggestionWork > SUGGESTION_BUDGET) return undefined;
    const list = [...(typeof candidates === 'function' ? candidates() : candidates)];
    this.suggestionWork += list.length;
    const s = suggest(name, list);
    return s.length ? [didYouMeanNote(s)] : undefined;
  }

  // ------------------------------------------------------------ types and tables

  private typeName(n: A.Name): IRType {
    // `actions`: a list of abilities (what abilities(c) gives, `perform … as` takes one).
    if (n.text === 'actions') return 'list:action';
    if (baseTypes.has(n.text)) return n.text;
    if (this.enums.some((e) => e.name.text === n.text)) return `enum:${n.text}`;
    this.error('name/unknown', n.loc, msg('name/unknown.unknown-type', { n: n.text }), this.didYouMean(n.text, [...baseTypes, ...this.enums.map((e) => e.name.text)]));
    return 'any';
  }

  private collectCardFields(): void {
    for (const t of this.cardTypes) {
      for (const f of t.fields) {
        const type = this.typeName(f.type);
        const existing = this.cardFieldIndex.get(f.name.text);
        if (existing !== undefined) {
          const e = this.cardFields[existing]!;
          if (e.type !== type || e.kind !== f.kind) {
            this.error('type/mismatch', f.name.loc, msg('type/mismatch.card-field-is-a-of', { name: f.name.text, kind: f.kind, type, kind2: e.kind, type2: e.type }));
          }
          continue;
        }
        if (['name', 'owner', 'facedown', 'entered', 'title'].includes(f.name.text)) {
          this.error('name/duplicate', f.name.loc, msg('name/duplicate.is-built-into-every-card', { name: f.name.text }));
          continue;
        }
        this.cardFieldIndex.set(f.name.text, this.cardFields.length);
        this.cardFields.push({ name: f.name.text, kind: f.kind, type, keep: f.keep });
      }
    }
    this.collectNumberedLabels();
    this.collectOwnStates();
  }

  /**
   * A card's own states (`state x: T = v` inside the card): a card field of its own, named
   * `<card>.<state>` (so no other card's rules can name it), in the card type's fields; only the
   * card's abilities and auras read and set it, as `this.x` (Scope.ownStates).
   */
  private collectOwnStates(): void {
    for (const c of this.cards) {
      for (const f of c.states ?? []) {
        if (f.kind !== 'state') {
          this.error('card/own-field', f.name.loc, msg('card/own-field.a-card-declares-only-states', { name: f.name.text, kind: f.kind }));
          continue;
        }
        const own = (this.ownStates.get(c) ?? this.ownStates.set(c, new Map()).get(c))!;
        if (own.has(f.name.text)) {
          this.error('name/duplicate', f.name.loc, msg('name/duplicate.declares-the-state-twice', { name: c.name.text, name2: f.name.text }));
          continue;
        }
        if (this.cardFieldIndex.has(f.name.text) || ['name', 'owner', 'facedown', 'entered', 'title'].includes(f.name.text)) {
          this.error('name/duplicate', f.name.loc, msg('name/duplicate.is-already-a-field-of', { name: f.name.text, name2: c.name.text }));
          continue;
        }
        const index = this.cardFields.length;
        this.cardFields.push({ name: `${c.name.text}.${f.name.text}`, kind: 'state', type: this.typeName(f.type), keep: f.keep });
        own.set(f.name.text, index);
        const list = this.ownStateInits.get(c.type.text) ?? this.ownStateInits.set(c.type.text, []).get(c.type.text)!;
        list.push({ field: index, init: f.init });
      }
    }
  }

  /**
   * Each numbered label's card fields, after the game's own (so a game without numbered labels
   * keeps its field numbers): the card's number, a value named as the label, and the number the
   * card prints (label-values.ts).
   */
  private collectNumberedLabels(): void {
    this.labels.forEach((l, i) => {
      if (!l.value) return;
      const name = l.name.text;
      const dflt = labelDefault(l, (code, loc, message, notes) => this.error(code, loc, message, notes));
      if (this.cardFieldIndex.has(name) || ['name', 'owner', 'facedown', 'entered', 'title'].includes(name)) {
        this.error('label/name-clash', l.name.loc, msg('label/name-clash.label-carries-a-number-read', { name }));
        return;
      }
      const level = this.cardFields.length;
      this.cardFieldIndex.set(name, level);
      this.cardFields.push({ name, kind: 'value', type: 'number', keep: false });
      this.cardFields.push({ name: printedFieldName(name), kind: 'attr', type: 'number', keep: false, printed: true });
      this.numbered.set(name, { label: i, default: dflt, level, printed: level + 1 });
    });
  }

  private labelIndex: Map<string, A.LabelDecl> | null = null;

  /** A label's declaration by name (a pool of thousands of cards asks for every label it prints). */
  private labelDecl(name: string): A.LabelDecl | undefined {
    if (!this.labelIndex) {
      this.labelIndex = new Map();
      for (const l of this.labels) if (!this.labelIndex.has(l.name.text)) this.labelIndex.set(l.name.text, l);
    }
    return this.labelIndex.get(name);
  }

  /** Reports a label that carries no number used where a card's number is (`c.飛行`); true if it did. */
  private labelWithoutNumber(name: A.Name): boolean {
    const l = this.labelDecl(name.text);
    if (!l || l.value) return false;
    this.error('label/no-value', name.loc, msg('label/no-value.label-carries-no-number-test', { name: name.text }));
    return true;
  }

  /** The names of the card fields a rule can write (suggestions). */
  private fieldNames(kind?: 'state' | 'value'): string[] {
    return this.cardFields.filter((f) => !f.printed && (!kind || f.kind === kind)).map((f) => f.name);
  }

  /** `capacity N overflow <zone>`: a zone of the same kind (per player or shared), not the zone itself. */
  private overflowZone(z: A.ZoneDecl): number {
    if (!z.overflow) return -1;
    if (z.capacity === undefined) this.error('zone/overflow-without-capacity', z.overflow.loc, msg('zone/overflow-without-capacity.overflow-says-where-a-card', { name: z.name.text, overflow: z.overflow.text }));
    const i = this.zoneIndex(z.overflow);
    if (i < 0) return -1;
    const o = this.zones[i]!;
    if (o === z) this.error('zone/overflow-without-capacity', z.overflow.loc, msg('zone/overflow-without-capacity.a-full-zone-cannot-overflow'));
    else if (!o.shared && z.shared) this.error('zone/overflow-without-capacity', z.overflow.loc, msg('zone/overflow-without-capacity.is-shared-so-its-overflow', { name: z.name.text, name2: o.name.text }));
    return i;
  }

  /** `capacity N displaced <zone>`: another zone (per player: the displaced card's owner's); not with `overflow`. */
  private displacedZone(z: A.ZoneDecl): number {
    if (!z.displaced) return -1;
    if (z.capacity === undefined) this.error('zone/overflow-without-capacity', z.displaced.loc, msg('zone/overflow-without-capacity.displaced-says-where-the-card', { name: z.name.text, displaced: z.displaced.text }));
    if (z.overflow) this.error('zone/overflow-without-capacity', z.displaced.loc, msg('zone/overflow-without-capacity.has-both-overflow-the-new', { name: z.name.text }));
    const i = this.zoneIndex(z.displaced);
    if (i < 0) return -1;
    if (this.zones[i] === z) this.error('zone/overflow-without-capacity', z.displaced.loc, msg('zone/overflow-without-capacity.a-card-displaced-from-a'));
    return i;
  }

  private zoneIndex(n: A.Name): number {
    const i = this.zones.findIndex((z) => z.name.text === n.text);
    if (i < 0) this.error('name/unknown', n.loc, msg('name/unknown.unknown-zone', { n: n.text }), this.didYouMean(n.text, this.zones.map((z) => z.name.text)));
    return i;
  }

  private lowerParam(p: A.ParamDecl): GameIR['params'][number] {
    const type = p.type.text;
    if (type !== 'number' && type !== 'bool' && type !== 'text') {
      this.error('param/bad-default', p.type.loc, msg('param/bad-default.a-parameter-is-a-number', { type }));
    }
    const lit = (e: A.Expr): Literal => {
      if (e.kind === 'number') return e.value;
      if (e.kind === 'unary' && e.op === '-' && e.operand.kind === 'number') return -e.operand.value;
      if (e.kind === 'string') return e.value;
      if (e.kind === 'bool') return e.value;
      this.error('param/bad-default', e.loc, msg('param/bad-default.a-parameter-value-must-be'));
      return null;
    };
    const check = (v: Literal, e: A.Expr) => {
      const t = typeof v === 'number' ? 'number' : typeof v === 'boolean' ? 'bool' : typeof v === 'string' ? 'text' : null;
      if (t && t !== type) this.error('param/bad-default', e.loc, msg('param/bad-default.parameter-is-but-this-value', { name: p.name.text, p: describeType(type), p2: describeType(t) }));
    };
    const value = lit(p.value);
    check(value, p.value);
    const alternatives = p.alternatives.map((e) => {
      const v = lit(e);
      check(v, e);
      return v;
    });
    return { name: p.name.text, type: type as 'number', value: value ?? 0, alternatives: alternatives.filter((v): v is number => v !== null), cite: p.cite ?? '', note: p.note ?? '' };
  }

  private lowerCardType(t: A.CardTypeDecl): GameIR['cardTypes'][number] {
    const fields = t.fields.map((f) => this.cardFieldIndex.get(f.name.text)).filter((i): i is number => i !== undefined);
    const stateInits: GameIR['cardTypes'][number]['stateInits'] = [];
    const values: GameIR['cardTypes'][number]['values'] = [];
    for (const f of t.fields) {
      const index = this.cardFieldIndex.get(f.name.text);
      if (index === undefined) continue;
      const type = this.cardFields[index]!.type;
      if (f.kind === 'state') {
        stateInits.push({ field: index, init: f.init ? this.constExpr(f.init, type) : { kind: 'lit', value: defaultOf(type) } });
      } else if (f.kind === 'value') {
        if (!f.init) {
          this.error('type/mismatch', f.name.loc, msg('type/mismatch.value-needs-a-formula-value', { name: f.name.text, type: f.type.text }));
          continue;
        }
        const scope = this.newScope({ hasThis: true });
        const e = this.expect(f.init, type, scope);
        values.push({ field: index, expr: e, slots: scope.frame.slots });
      }
      // An attr's `= …` is the default for cards that do not give it (checked on each card).
    }
    // Every card type has each numbered label's number (0 on a card that never has the label).
    for (const n of this.numbered.values()) {
      fields.push(n.level, n.printed);
      values.push({ field: n.level, expr: levelFormula(n), slots: 0 });
    }
    // Its cards' own states: a slot in every card of the type, named so only that card reads it.
    for (const s of this.ownStateInits.get(t.name.text) ?? []) {
      const type = this.cardFields[s.field]!.type;
      fields.push(s.field);
      stateInits.push({ field: s.field, init: s.init ? this.constExpr(s.init, type) : { kind: 'lit', value: defaultOf(type) } });
    }
    return { name: t.name.text, fields, stateInits, values, cite: t.cite ?? '' };
  }

  private lowerCard(c: A.CardDecl): GameIR['cards'][number] {
    const typeIndex = this.cardTypes.findIndex((t) => t.name.text === c.type.text);
    const attrs: GameIR['cards'][number]['attrs'] = [];
    if (typeIndex < 0) {
      this.error('name/unknown', c.type.loc, msg('name/unknown.unknown-card-type', { type: c.type.text }), this.didYouMean(c.type.text, this.cardTypes.map((t) => t.name.text)));
      return { name: c.name.text, title: c.title ?? c.name.text, type: 0, attrs, cite: c.cite ?? '', loc: this.src(c.name.loc) };
    }
    const type = this.cardTypes[typeIndex]!;
    // Attrs a revision removed or made derived: the cards' printed values of them are no longer read.
    const unread = c.unread;
    if (unread) c = { ...c, values: c.values.filter((v) => !unread.includes(v.name.text)) };
    const given = new Map(c.values.map((v) => [v.name.text, v]));
    // Numbered labels printed with their numbers (`passives = [王(3)]`), and those printed bare.
    const numbers: PrintedNumber[] = [];
    const bare: { label: string; loc: A.Loc }[] = [];
    for (const v of c.values) {
      const f = type.fields.find((x) => x.name.text === v.name.text);
      if (!f || f.kind !== 'attr') {
        this.error('card/unknown-attr', v.name.loc, msg('card/unknown-attr.card-type-has-no-attr', { name: type.name.text, name2: v.name.text }), this.didYouMean(v.name.text, type.fields.filter((x) => x.kind === 'attr').map((x) => x.name.text)));
      }
    }
    for (const f of type.fields) {
      if (f.kind !== 'attr') continue;
      const index = this.cardFieldIndex.get(f.name.text)!;
      const v = given.get(f.name.text);
      // An attr the card does not give takes the card type's default (`attr cost: number = 0`).
      let written = v?.value ?? f.init;
      if (!written) {
        this.error('card/missing-attr', c.name.loc, msg('card/missing-attr.card-does-not-say-its', { name: c.name.text, name2: f.name.text, name3: type.name.text }));
        continue;
      }
      if (this.labels.length) {
        const p = takePrinted(written, (name) => this.labelDecl(name), (code, loc, message, notes) => this.error(code, loc, message, notes));
        written = p.expr;
        numbers.push(...p.numbers);
        bare.push(...p.bare);
      }
      const e = this.constExpr(written, this.cardFields[index]!.type);
      const value = this.foldConstant(e);
      if (value === undefined) {
        this.error('card/non-constant-attr', written.loc, msg('card/non-constant-attr.the-of-card-must-be', { name: f.name.text, name2: c.name.text }));
        continue;
      }
      attrs.push({ field: index, value });
    }
    this.printedNumbers(c, numbers, bare, attrs);
    return { name: c.name.text, title: c.title ?? c.name.text, type: typeIndex, attrs, cite: c.cite ?? '', loc: this.src(c.name.loc) };
  }

  /** The numbers a card prints, as its `printed` attrs: one per label; a bare label needs a default. */
  private printedNumbers(c: A.CardDecl, numbers: PrintedNumber[], bare: { label: string; loc: A.Loc }[], attrs: GameIR['cards'][number]['attrs']): void {
    const seen = new Map<string, number>();
    for (const p of numbers) {
      const n = this.numbered.get(p.label);
      if (!n) continue;
      const before = seen.get(p.label);
      if (before !== undefined) {
        this.error('label/value-repeated', p.loc, msg('label/value-repeated.card-prints-twice-and-a', { name: c.name.text, label: p.label, before, value: p.value }));
        continue;
      }
      seen.set(p.label, p.value);
      attrs.push({ field: n.printed, value: p.value });
    }
    for (const b of bare) {
      if (seen.has(b.label) || this.numbered.get(b.label)?.default !== null) continue;
      this.error('label/value-missing', b.loc, msg('label/value-missing.label-carries-a-number-and', { label: b.label, name: c.name.text }));
    }
  }

  /** The `{name}` placeholders of a log text or a prompt, in order, as expressions in this scope. */
  private placeholders(text: string | undefined, scope: Scope, loc: A.Loc): Expr[] {
    if (!text) return [];
    const out: Expr[] = [];
    for (const m of text.matchAll(placeholderPattern)) {
      // `{t.owner.life}`: a name, then its members, each read as in an expression.
      const [first, ...rest] = m[1]!.split('.');
      let e: A.Expr = { kind: 'name', name: first!, loc };
      for (const member of rest) e = { kind: 'member', object: e, name: { text: member, loc }, loc };
      out.push(this.expr(e, scope).ir);
    }
    return out;
  }

  /** An event's parameters (name, type, where declared): as written, or the old form's one card. */
  private eventParams(e: A.EventDecl): { name: string; type: IRType; loc: A.Loc }[] {
    if (!e.params) return [{ name: 'card', type: 'card', loc: e.name.loc }];
    return e.params.map((p) => ({ name: p.name.text, type: this.typeName(p.type), loc: p.name.loc }));
  }

  private eventIndex(n: A.Name): number {
    const i = this.events.findIndex((e) => e.name.text === n.text);
    if (i < 0) this.error('name/unknown', n.loc, msg('name/unknown.unknown-event-declare-it-event', { n: n.text }), this.didYouMean(n.text, this.events.map((e) => e.name.text)));
    return Math.max(0, i);
  }

  /** A result's reason: a literal text, or a text computed when the game ends (`reason why`). */
  private reason(e: A.Expr | undefined, scope: Scope): { reason: string; reasonExpr: Expr | null } {
    if (!e) return { reason: '', reasonExpr: null };
    if (e.kind === 'string') return { reason: e.value, reasonExpr: null };
    return { reason: '', reasonExpr: this.expect(e, 'text', scope) };
  }

  /** The value of a constant expression (lists included), or undefined when it is not constant. */
  private foldConstant(e: Expr): Literal | Literal[] | undefined {
    if (e.kind === 'lit') return e.value;
    if (e.kind === 'neg') {
      const v = this.foldConstant(e.operand);
      return typeof v === 'number' ? -v : undefined;
    }
    if (e.kind === 'label') return this.labels[e.index]!.name.text;
    if (e.kind === 'list') {
      const items = e.items.map((x) => this.foldConstant(x));
      return items.every((x): x is Literal => x !== undefined && !Array.isArray(x)) ? items : undefined;
    }
    return undefined;
  }

  /** A constant: a literal, an enum value, a label or a parameter — folded to a literal where possible. */
  private constExpr(e: A.Expr, type: IRType): Expr {
    const scope = this.newScope({});
    const typed = this.expect(e, type, scope);
    return typed;
  }

  private lowerFunction(f: A.FunctionDecl): GameIR['functions'][number] {
    this.currentCallable = { kind: 'fn', name: f.name.text };
    const scope = this.newScope({});
    const params = f.params.map((p) => {
      const type = this.typeName(p.type);
      this.bind(scope, p.name, type);
      return { name: p.name.text, type };
    });
    const returnType = this.typeName(f.returnType);
    const body = this.expect(f.body, returnType, scope);
    this.currentCallable = null;
    return { name: f.name.text, params, returnType, slots: scope.frame.slots, body, cite: f.cite ?? '' };
  }

  /**
   * `evaluate = <number>`: checked as a function body with no parameters (`me` is the player
   * evaluated, `opponent` the other); it must be a number and pure — no statements, no draw at
   * random, here or in a function it calls (functions are lowered before it).
   */
  private lowerEvaluate(d: A.EvaluateDecl, ir: GameIR): GameIR['evaluate'] {
    if (!d.body) {
      this.error('evaluate/impure', d.blockLoc ?? d.keyword, msg('evaluate/impure.an-evaluation-is-one-expression'), [
        msg('evaluate/impure.note.write-evaluate-a-number-e'),
      ]);
      return null;
    }
    const scope = this.newScope({});
    const typed = this.expr(d.body, scope);
    if (typed.type !== 'number' && typed.type !== 'any' && typed.type !== 'error') {
      this.error('evaluate/not-a-number', d.body.loc, msg('evaluate/not-a-number.an-evaluation-is-a-number', { p: describeType(typed.type) }), [
        typed.type === 'bool' ? msg('evaluate/not-a-number.note.turn-it-into-a-number') : msg('evaluate/not-a-number.note.count-it-e-g-count'),
      ]);
    }
    this.checkPure(d.body, ir);
    return { expr: typed.ir, slots: scope.frame.slots, cite: d.cite ?? '', loc: this.src(d.keyword) };
  }

  /**
   * `match { best of N | first to N wins  between games { … } }`: the match's length (a number,
   * or a number parameter whose every reading is 1 or more) and the statements before each game
   * after the first.
   */
  private lowerMatch(d: A.MatchDecl): MatchIR {
    const length = d.length;
    if (!length) this.error('match/length', d.keyword, msg('match/length.a-match-says-how-many'));
    if (d.extraLength) this.error('match/length', d.extraLength.loc, msg('match/length.a-second-length-in-the'), [msg('match/length.note.the-first-is-at', { file: length!.loc.file, line: length!.loc.line, col: length!.loc.col })]);
    if (d.extraBetween) this.error('match/between', d.extraBetween.loc, msg('match/between.a-second-between-games-in'), [msg('match/between.note.the-first-is-at', { file: d.between!.loc.file, line: d.between!.loc.line, col: d.between!.loc.col })]);
    let games = 1;
    let gamesParam = -1;
    if (length?.param) {
      gamesParam = this.params.findIndex((p) => p.name.text === length.param!.text);
      const p = this.params[gamesParam];
      if (!p) this.error('match/length', length.param.loc, msg('match/length.the-game-has-no-parameter', { name: length.param.text }), this.didYouMean(length.param.text, this.params.map((x) => x.name.text)));
      else {
        const readings = [p.value, ...p.alternatives].map((e) => (e.kind === 'number' ? e.value : NaN));
        if (p.type.text !== 'number' || readings.some((n) => !Number.isInteger(n) || n < 1)) {
          this.error('match/length', length.param.loc, msg('match/length.gives-the-match-s-number', { name: length.param.text }), [msg('match/length.note.e-g-param-match-games')]);
        } else games = readings[0]!;
      }
    } else if (length) {
      games = length.games ?? 0;
      if (!Number.isInteger(games) || games < 1) this.error('match/length', length.loc, msg('match/length.a-match-of-games', { games }));
    }
    const between = d.between ? this.lowerBody('between games', d.between.body, d.between.cite ?? d.cite, d.between.loc) : null;
    return { length: length?.kind ?? 'bestOf', games, gamesParam, betweenGames: between, cite: d.cite ?? '', loc: this.src(d.keyword) };
  }

  /**
   * `deck check { main … side … build … require … }`: the zones (of each player), the building
   * procedure (one player parameter), and each requirement — a truth value and a text reason,
   * with `me` the player whose deck is checked and, after `for each c in <list>`, `c` each card
   * of the list.
   */
  private lowerDeckCheck(d: A.DeckCheckDecl): DeckCheckIR | undefined {
    const zone = (n: A.Name | undefined, what: 'main' | 'side'): number => {
      if (!n) {
        if (what === 'main') this.error('deck/zone', d.keyword, msg('deck/zone.a-deck-check-says-which'));
        return -1;
      }
      const i = this.zones.findIndex((z) => z.name.text === n.text);
      if (i < 0) this.error('deck/zone', n.loc, msg('deck/zone.the-game-has-no-zone', { what, n: n.text }), this.didYouMean(n.text, this.zones.map((z) => z.name.text)));
      else if (this.zones[i]!.shared) this.error('deck/zone', n.loc, msg('deck/zone.is-a-shared-zone-and', { what, n: n.text }));
      return i;
    };
    const main = zone(d.main, 'main');
    const side = zone(d.side, 'side');
    let build = -1;
    if (d.build) {
      build = this.procedures.findIndex((p) => p.name.text === d.build!.text);
      if (build < 0) this.error('deck/build', d.build.loc, msg('deck/build.build-the-game-has-no', { build: d.build.text }), this.didYouMean(d.build.text, this.procedures.map((p) => p.name.text)));
      else {
        const params = this.procedures[build]!.params;
        if (params.length !== 1 || this.typeName(params[0]!.type) !== 'player') {
          this.error('deck/build', d.build.loc, msg('deck/build.build-the-procedure-that-builds', { build: d.build.text, p: params.map((p) => `${p.name.text}: ${p.type.text}`).join(', ') }));
        }
      }
    }
    const scope = this.newScope({});
    const requirements = d.requirements.map((r) => {
      scope.vars.push(new Map());
      let each: { slot: number; list: Expr } | null = null;
      if (r.each) {
        const list = this.expr(r.each.list, scope);
        if (!isList(list.type) && list.type !== 'error') this.error('type/bad-arguments', r.each.list.loc, msg('type/bad-arguments.for-each-in-needs-a', { name: r.each.name.text, p: describeType(list.type) }));
        each = { slot: this.bind(scope, r.each.name, elementOf(list.type)), list: list.ir };
      }
      const cond = this.expect(r.cond, 'bool', scope);
      const reason = this.expect(r.reason, 'text', scope);
      scope.vars.pop();
      return { each, cond, reason, cite: r.cite ?? '', loc: this.src(r.loc) };
    });
    if (d.main && main < 0) return undefined;
    return { main, side, build, slots: scope.frame.slots, requirements, cite: d.cite ?? '', loc: this.src(d.keyword) };
  }

  /** Reports every draw at random in an evaluation: `random(…)`, or a call of a function that draws (at any depth). */
  private checkPure(body: A.Expr, ir: GameIR): void {
    const draws = new Map<number, boolean>();
    const fnDraws = (i: number): boolean => {
      const known = draws.get(i);
      if (known !== undefined) return known;
      draws.set(i, false); // a recursive function is reported elsewhere; here it does not loop
      const found = irDraws(ir.functions[i]?.body, fnDraws);
      draws.set(i, found);
      return found;
    };
    const visit = (n: unknown): void => {
      if (!n || typeof n !== 'object') return;
      if (Array.isArray(n)) {
        for (const x of n) visit(x);
        return;
      }
      const node = n as Record<string, unknown>;
      if (node['kind'] === 'call') {
        const call = node as unknown as Extract<A.Expr, { kind: 'call' }>;
        const fn = this.functionIndex.get(call.callee.text);
        if (fn !== undefined && fnDraws(fn)) {
          this.error('evaluate/impure', call.callee.loc, msg('evaluate/impure.an-evaluation-may-not-draw', { callee: call.callee.text }), [msg('evaluate/impure.note.an-evaluation-scores-the-state')]);
        } else if (fn === undefined && call.callee.text === 'random') {
          this.error('evaluate/impure', call.callee.loc, msg('evaluate/impure.an-evaluation-may-not-draw-2'), [msg('evaluate/impure.note.an-evaluation-scores-the-state')]);
        }
      }
      for (const [k, v] of Object.entries(node)) if (k !== 'loc') visit(v);
    };
    visit(body);
  }

  private lowerProcedure(p: A.ProcedureDecl): GameIR['procedures'][number] {
    this.currentCallable = { kind: 'proc', name: p.name.text };
    const scope = this.newScope({ inEffect: true });
    const params = p.params.map((x) => {
      const type = this.typeName(x.type);
      this.bind(scope, x.name, type);
      return { name: x.name.text, type };
    });
    const body = this.block(p.body, scope);
    this.currentCallable = null;
    return { name: p.name.text, params, slots: scope.frame.slots, body, cite: p.cite ?? '', loc: this.src(p.name.loc) };
  }

  private lowerBody(name: string, body: A.Stmt[], cite: string | undefined, loc: A.Loc): GameIR['setup'] {
    const scope = this.newScope({ inEffect: true });
    const stmts = this.block(body, scope);
    return { name, slots: scope.frame.slots, body: stmts, cite: cite ?? '', loc: this.src(loc) };
  }

  /** `while in a[, b…]` or `while attached` (zone null): the IR's sourceZone and sourceZones. */
  private whereItWorks(zone: A.Name | null, more: A.Name[] | undefined): { sourceZone: number; sourceZones: number[] } {
    if (zone === null) return { sourceZone: ATTACHED, sourceZones: [] };
    const zones = [...new Set([zone, ...(more ?? [])].map((z) => this.zoneIndex(z)))];
    return zones.length === 1 ? { sourceZone: zones[0]!, sourceZones: [] } : { sourceZone: IN_ZONES, sourceZones: zones };
  }

  /** An aura: one AuraIR per change it makes (`atk by 1  def by 1`), each with the aura's name, list and place. */
  private lowerAura(a: A.AuraDecl, card: A.CardDecl, cardIndex: number): AuraIR[] {
    const scope = this.newScope({ hasThis: true });
    scope.ownStates = this.ownStates.get(card);
    const targets = this.expectCards(a.to, scope);
    const where = a.zone === undefined ? { sourceZone: -1, sourceZones: [] } : this.whereItWorks(a.zone, a.moreZones);
    return a.changes.flatMap((ch) => {
      const change = this.lowerChange(ch.field, ch.op, ch.value, { ...scope, itType: 'card' }, 'an aura', ch.field.loc);
      if (!change) return [];
      return [{
        name: `${card.name.text}.${a.name.text}`,
        title: a.title ?? a.name.text,
        source: cardIndex,
        ...where,
        targets,
        field: change.field,
        op: ch.op,
        by: change.by,
        slots: scope.frame.slots,
        cite: a.cite ?? '',
        loc: this.src(a.name.loc),
      }];
    });
  }

  /**
   * One change of a card's value (`modify`, an aura): the field must be a `value` of cards, and
   * the change fit its type — numbers add and scale, any value but a card or player can become
   * another, a list of labels gains and loses labels. A value changed here is a status the rules
   * should read (see warnUnreadChanges).
   */
  private lowerChange(name: A.Name, op: A.ChangeOp, value: A.Expr, scope: Scope, what: string, at: A.Loc): { field: number; by: Expr } | undefined {
    const index = this.cardFieldIndex.get(name.text);
    const f = index === undefined ? undefined : this.cardFields[index]!;
    if (f === undefined || f.kind !== 'value') {
      if (this.labelWithoutNumber(name)) return undefined;
      const why = f === undefined ? `'${name.text}' is not a value of cards` : f.kind === 'attr' ? `'${name.text}' is an attr (printed: it never changes)` : `'${name.text}' is a state (change it with set; it does not end by itself)`;
      this.error(
        'type/not-assignable',
        at,
        msg('type/not-assignable.changes-a-value-of-cards', { what, why, name: name.text }),
        this.didYouMean(name.text, this.fieldNames('value')),
      );
      return undefined;
    }
    const type = f.type;
    const word = { add: 'by', mul: 'times', div: 'divided by', set: 'becomes', gain: 'gains', lose: 'loses' }[op];
    if (op === 'add' || op === 'mul' || op === 'div') {
      if (type !== 'number') {
        this.error('type/mismatch', at, msg(type === 'labels' ? 'type/mismatch.changes-a-number-but-is-labels' : 'type/mismatch.changes-a-number-but-is', { word, name: name.text, p: describeType(type) }));
        return undefined;
      }
      this.changedFields.set(index!, this.changedFields.get(index!) ?? at);
      return { field: index!, by: this.expect(value, 'number', scope) };
    }
    if (op === 'gain' || op === 'lose') {
      if (type !== 'labels') {
        this.error('type/mismatch', at, msg('type/mismatch.puts-a-label-into-or', { word, name: name.text, p: describeType(type) }));
        return undefined;
      }
      this.changedFields.set(index!, this.changedFields.get(index!) ?? at);
      return { field: index!, by: this.expect(value, 'label', scope) };
    }
    if (type === 'card' || type === 'player' || type === 'cards' || type === 'players') {
      this.error('type/mismatch', at, msg('type/mismatch.becomes-sets-a-number-a', { name: name.text, p: describeType(type) }));
      return undefined;
    }
    this.changedFields.set(index!, this.changedFields.get(index!) ?? at);
    return { field: index!, by: this.expect(value, type, scope) };
  }

  /**
   * A shared limit: its IR, and its index in the `sharedLimits` of every action it covers — by
   * kind (actions, triggers, or both; `card`: cards' own only), card type and tags.
   */
  private lowerLimit(l: A.LimitDecl, index: number, ir: GameIR): LimitIR {
    const kinds = ['actions', 'triggers', 'abilities'];
    if (!kinds.includes(l.what.text)) {
      this.error('limit/unknown-kind', l.what.loc, msg('limit/unknown-kind.a-limit-covers-actions-triggers', { what: l.what.text, name: l.name.text, count: l.count }), this.didYouMean(l.what.text, kinds));
    }
    const type = l.cardType ? this.cardTypes.findIndex((t) => t.name.text === l.cardType!.text) : -1;
    if (l.cardType && type < 0) this.error('name/unknown', l.cardType.loc, msg('name/unknown.unknown-card-type-2', { cardType: l.cardType.text }), this.didYouMean(l.cardType.text, this.cardTypes.map((t) => t.name.text)));
    const tags = l.tags.map((t) => {
      const i = this.labels.findIndex((x) => x.name.text === t.text);
      if (i < 0) this.error('name/unknown', t.loc, msg('name/unknown.unknown-label', { t: t.text }), this.didYouMean(t.text, this.labels.map((x) => x.name.text)));
      return i;
    });
    let covered = 0;
    ir.actions.forEach((a) => {
      if (a.replaces) return;
      if (l.what.text === 'actions' && a.isTrigger) return;
      if (l.what.text === 'triggers' && !a.isTrigger) return;
      if ((l.cardsOnly || type >= 0) && a.source < 0) return;
      if (type >= 0 && ir.cards[a.source]!.type !== type) return;
      if (tags.length && !a.tags.some((t) => tags.includes(t))) return;
      a.sharedLimits.push(index);
      covered++;
    });
    if (covered === 0) this.warning('limit/covers-nothing', l.name.loc, msg('limit/covers-nothing.limit-covers-no-action-of', { name: l.name.text, p: l.cardsOnly ? 'card ' : '', what: l.what.text, p2: l.cardType ? ` of ${l.cardType.text}` : '', p3: l.tags.length ? ` tagged ${l.tags.map((t) => t.text).join(', ')}` : '' }));
    return { name: l.name.text, title: l.title ?? l.name.text, count: l.count, per: l.per, cite: l.cite ?? '', loc: this.src(l.name.loc) };
  }

  /** How long a `modify` lasts (A.Duration → DurationIR). */
  private lowerDuration(d: A.Duration | undefined, scope: Scope): DurationIR | null {
    if (!d) return null;
    switch (d.kind) {
      case 'endOfTurn':
        return { kind: 'endOfTurn' };
      case 'endOfNextTurn':
      case 'duringNextTurn':
      case 'untilNextTurn':
        return { kind: d.kind, player: this.expect(d.player, 'player', scope) };
      case 'turns': {
        const count = this.expect(d.count, 'number', scope);
        if (count.kind === 'lit' && typeof count.value === 'number' && count.value < 1) this.error('type/mismatch', d.count.loc, msg('type/mismatch.for-turns-would-end-before', { value: count.value }));
        return { kind: 'turns', count };
      }
      case 'leaves':
        return { kind: 'leaves', card: this.expect(d.card, 'card', scope), zone: this.zoneIndex(d.zone) };
    }
  }

  /**
   * A value that effects change (a status: `cannot_attack becomes true`) but no rule reads does
   * nothing: the rules decide what a status means. Warned at the first change.
   */
  private warnUnreadChanges(): void {
    for (const [field, loc] of this.changedFields) {
      if (this.fieldReads.has(field)) continue;
      const name = this.cardFields[field]!.name;
      this.warning('value/never-read', loc, msg('value/never-read.is-changed-here-but-no', { name }));
    }
  }

  private lowerAction(a: A.ActionDecl, stackZone: number): ActionIR {
    const isTrigger = a.kind === 'trigger' || a.kind === 'instead';
    const owner = this.abilityOf.get(a);
    const scope = this.newScope({ inEffect: false, hasThis: !!owner });
    if (owner) scope.ownStates = this.ownStates.get(owner);
    const ir: ActionIR = {
      name: a.name.text,
      title: a.title ?? a.name.text,
      isTrigger,
      event: null,
      condition: null,
      controller: null,
      level: 0,
      speed: 'normal',
      tags: [],
      when: [],
      limit: -1,
      sharedLimits: [],
      steps: [],
      effect: [],
      slots: 0,
      optional: false,
      last: false,
      group: null,
      replaces: a.kind === 'instead',
      source: owner ? this.cards.indexOf(owner) : -1,
      sourceZone: -1,
      sourceZones: [],
      cite: a.cite ?? '',
      loc: this.src(a.name.loc),
    };
    if (a.since) {
      // A format a revision removed keeps its level here: what it gated stays gated as before (revise.ts).
      const level = this.formatLevels.get(a.since.text) ?? this.decls.game?.removedFormats?.find((f) => f.name.text === a.since!.text)?.level;
      if (level === undefined) this.error('format/unknown', a.since.loc, msg('format/unknown.unknown-format-2', { since: a.since.text }), this.didYouMean(a.since.text, this.formatLevels.keys()));
      else ir.level = level;
    }
    const seen = new Set<string>();
    const once = (c: A.Clause) => {
      if (['speed', 'limit', 'effect', 'on', 'controller'].includes(c.kind)) {
        if (seen.has(c.kind)) this.error('action/clause-repeated', c.loc, msg('action/clause-repeated.appears-twice-in', { kind: c.kind, kind2: a.kind, name: a.name.text }));
        seen.add(c.kind);
      }
    };
    // The event comes first: it binds the card of a `moved` event for the other clauses.
    for (const c of a.clauses) {
      if (c.kind !== 'on') continue;
      once(c);
      if (!isTrigger) {
        this.error('action/event-in-action', c.loc, msg('action/event-in-action.an-action-is-chosen-by', { name: a.name.text }));
        continue;
      }
      ir.event = this.lowerEvent(c.event, scope, !!owner);
    }
    if (a.kind === 'instead' && ir.event !== null && ir.event.kind !== 'moved' && ir.event.kind !== 'signal') {
      this.error('action/instead-needs-move', a.name.loc, msg('action/instead-needs-move.instead-replaces-a-move-on', { kind: ir.event.kind }));
    }
    if (a.kind === 'instead' && !owner && ir.event?.kind === 'moved' && ir.event.cardSlot === -1) {
      this.error('action/instead-needs-move', a.name.loc, msg('action/instead-needs-move.on-moved-this-is-about'));
    }
    if (isTrigger && !ir.event) this.error('action/trigger-needs-event', a.name.loc, msg('action/trigger-needs-event.trigger-needs-on-event-e', { name: a.name.text }));
    if (isTrigger) ir.speed = 'immediate';
    let effect: A.Stmt[] | undefined;
    for (const c of a.clauses) {
      if (c.kind === 'on') continue;
      once(c);
      switch (c.kind) {
        case 'speed':
          ir.speed = c.value;
          break;
        case 'tags':
          for (const l of c.labels) {
            const i = this.labels.findIndex((x) => x.name.text === l.text);
            if (i < 0) this.error('name/unknown', l.loc, msg('name/unknown.unknown-label-2', { l: l.text }), this.didYouMean(l.text, this.labels.map((x) => x.name.text)));
            else ir.tags.push(i);
          }
          break;
        case 'when':
          ir.when.push(this.expect(c.expr, 'bool', scope));
          break;
        case 'limit':
          ir.limit = c.count;
          break;
        case 'group':
          if (!isTrigger) this.error('action/optional-action', c.loc, msg('action/optional-action.group-is-for-triggers-which'));
          else ir.group = { name: c.name.text, mode: c.mode };
          break;
        case 'last':
          if (!isTrigger) this.error('action/optional-action', c.loc, msg('action/optional-action.last-is-for-triggers-which'));
          else ir.last = true;
          break;
        case 'optional':
          if (!isTrigger) this.error('action/optional-action', c.loc, msg('action/optional-action.optional-is-for-triggers-the'));
          else ir.optional = true;
          break;
        case 'whileIn':
          if (!owner) this.error('action/while-in-outside-card', c.loc, msg('action/while-in-outside-card.while-in-says-where-a', { name: a.name.text }));
          else Object.assign(ir, this.whereItWorks(c.zone, c.more));
          break;
        case 'if':
          ir.condition = this.expect(c.expr, 'bool', scope);
          break;
        case 'controller':
          ir.controller = this.expect(c.expr, 'player', scope);
          break;
        case 'using':
        case 'target': {
          const from = this.expr(c.from, scope);
          if (!isList(from.type)) this.error('type/mismatch', c.from.loc, msg('type/mismatch.from-needs-a-list-to', { kind: c.kind, p: describeType(from.type) }));
          const single = c.count.max === undefined && c.count.min.kind === 'number' && c.count.min.value === 1;
          const elem = elementOf(from.type);
          if (c.kind === 'using' && elem !== 'card' && elem !== 'any' && elem !== 'error') this.error('type/mismatch', c.from.loc, msg('type/mismatch.using-chooses-cards-but-this', { p: describeType(from.type) }));
          const min = this.expect(c.count.min, 'number', scope);
          const max = c.count.max ? this.expect(c.count.max, 'number', scope) : min;
          const slot = this.bind(scope, c.name, single ? elem : listOf(elem));
          const suchThat = c.suchThat ? this.expect(c.suchThat, 'bool', scope) : null;
          ir.steps.push({ kind: c.kind, slot, name: c.name.text, min, max, single, from: from.ir, suchThat, loc: this.src(c.loc) });
          break;
        }
        case 'cost':
          ir.steps.push({ kind: 'cost', body: this.block(c.body, { ...scope, inEffect: true }), loc: this.src(c.loc) } as DeclareStepIR);
          break;
        case 'effect':
          effect = c.body;
          break;
      }
    }
    if (effect) ir.effect = this.block(effect, { ...scope, inEffect: true, replacing: a.kind === 'instead' });
    if (ir.speed === 'normal' && stackZone < 0) {
      this.error('stack/missing', a.name.loc, msg('stack/missing.has-normal-speed-it-waits', { name: a.name.text }));
    }
    ir.slots = scope.frame.slots;
    return ir;
  }

  private lowerEvent(e: A.EventSpec, scope: Scope, isAbility: boolean): ActionIR['event'] {
    switch (e.kind) {
      case 'resolved':
      case 'declared': {
        const i = this.actionIndex.get(e.action.text) ?? -1;
        if (i < 0) this.error('name/unknown', e.action.loc, msg('name/unknown.unknown-action', { action: e.action.text }), this.didYouMean(e.action.text, () => this.actions.map((x) => x.name.text)));
        return { kind: e.kind, action: i };
      }
      case 'signal': {
        const ev = this.eventIndex(e.event);
        const params = this.events[ev] ? this.eventParams(this.events[ev]!) : [];
        const names = [e.card, ...(e.more ?? [])];
        if (this.events[ev] && names.length !== params.length) {
          this.error('type/bad-arguments', e.loc, msg('type/bad-arguments.event-has-parameter-name-each', { event: e.event.text, paramsCount: params.length, p2: params.map((p) => `${p.name}: ${p.type}`).join(', '), p3: params.map((p) => p.name).join(', ') }));
        }
        const typeOf = (i: number) => params[i]?.type ?? 'card';
        // The first name may be `this` inside a card: the event is about the card itself.
        const cardSlot = isAbility && e.card.text === 'this' && typeOf(0) === 'card' ? -1 : this.bind(scope, e.card, typeOf(0));
        const argSlots = (e.more ?? []).map((n, i) => this.bind(scope, n, typeOf(i + 1)));
        return { kind: 'signal', event: ev, cardSlot, argSlots };
      }
      case 'moved': {
        const zone = (n: A.Name) => (n.text === 'any' ? -1 : this.zoneIndex(n));
        const from = zone(e.from);
        const to = zone(e.to);
        // `on moved this …` inside a card: the card itself moved (no new name to bind).
        if (isAbility && e.card.text === 'this') return { kind: 'moved', from, to, cardSlot: -1 };
        const cardSlot = this.bind(scope, e.card, 'card');
        return { kind: 'moved', from, to, cardSlot };
      }
      default:
        return { kind: e.kind };
    }
  }

  // ------------------------------------------------------------ scopes

  private newScope(opts: { hasThis?: boolean; inEffect?: boolean }): Scope {
    return { vars: [new Map()], frame: { slots: 0 }, hasThis: !!opts.hasThis, itType: null, inEffect: !!opts.inEffect };
  }

  private bind(scope: Scope, name: A.Name, type: IRType): number {
    const slot = scope.frame.slots++;
    scope.vars[scope.vars.length - 1]!.set(name.text, { slot, type });
    return slot;
  }

  private lookup(scope: Scope, name: string): Binding | undefined {
    for (let i = scope.vars.length - 1; i >= 0; i--) {
      const b = scope.vars[i]!.get(name);
      if (b) return b;
    }
    return undefined;
  }

  private nested(scope: Scope): Scope {
    return { ...scope, vars: [...scope.vars, new Map()] };
  }

  // ------------------------------------------------------------ statements

  private block(stmts: A.Stmt[], scope: Scope): Stmt[] {
    const inner = this.nested(scope);
    const out: Stmt[] = [];
    for (const s of stmts) {
      const ir = this.stmt(s, inner);
      if (ir) out.push(ir);
    }
    return out;
  }

  private stmt(s: A.Stmt, scope: Scope): Stmt | undefined {
    const loc = this.src(s.loc);
    switch (s.kind) {
      case 'let': {
        const value = this.expr(s.value, scope);
        const existing = this.lookup(scope, s.name.text);
        if (existing && scope.vars[scope.vars.length - 1]!.has(s.name.text) && assignable(value.type, existing.type)) {
          return { kind: 'let', slot: existing.slot, value: value.ir, loc };
        }
        const slot = this.bind(scope, s.name, value.type);
        return { kind: 'let', slot, value: value.ir, loc };
      }
      case 'set':
        return this.setStmt(s.target, s.value, scope, loc);
      case 'move': {
        const cards = this.expectCards(s.cards, scope);
        const to = this.expect(s.to, 'zone', scope);
        return { kind: 'move', cards, to, position: s.position ?? 'default', face: s.face ?? 'default', loc };
      }
      case 'attach':
        return { kind: 'attach', cards: this.expectCards(s.cards, scope), to: this.expect(s.to, 'card', scope), position: s.position ?? 'top', facedown: s.face === 'facedown', loc };
      case 'detach':
        return { kind: 'detach', cards: this.expectCards(s.cards, scope), loc };
      case 'create': {
        const zone = this.expect(s.zone, 'zone', scope);
        if (s.every) {
          const t = this.cardTypes.findIndex((x) => x.name.text === s.every!.text);
          if (t < 0) this.error('name/unknown', s.every.loc, msg('name/unknown.unknown-card-type-3', { every: s.every.text }), this.didYouMean(s.every.text, this.cardTypes.map((x) => x.name.text)));
          const filter = s.filter ? this.expect(s.filter, 'bool', { ...scope, itType: 'card' }) : null;
          return { kind: 'createEvery', cardType: t, zone, filter, loc };
        }
        const c = this.cards.findIndex((x) => x.name.text === s.card!.text);
        if (c < 0) this.error('name/unknown', s.card!.loc, msg('name/unknown.unknown-card', { card: s.card!.text }), this.didYouMean(s.card!.text, this.cards.map((x) => x.name.text)));
        return { kind: 'createCount', count: this.expect(s.count!, 'number', scope), card: c, zone, loc };
      }
      case 'shuffle':
        return { kind: 'shuffle', zone: this.expect(s.zone, 'zone', scope), loc };
      case 'reveal':
        return { kind: 'reveal', cards: this.expectCards(s.cards, scope), to: s.to ? this.expect(s.to, 'player', scope) : null, loc };
      case 'chooseOrder': {
        const from = this.expr(s.from, scope);
        if (!isList(from.type)) this.error('type/mismatch', s.from.loc, msg('type/mismatch.choose-order-from-needs-a', { p: describeType(from.type) }));
        const by = s.by ? this.expect(s.by, 'player', scope) : null;
        const slot = this.bind(scope, s.name, listOf(elementOf(from.type)));
        return { kind: 'chooseOrder', slot, name: s.name.text, from: from.ir, by, prompt: s.prompt ?? '', promptArgs: this.placeholders(s.prompt, scope, s.loc), loc };
      }
      case 'choose': {
        const from = this.expr(s.from, scope);
        if (!isList(from.type)) this.error('type/mismatch', s.from.loc, msg('type/mismatch.choose-from-needs-a-list', { p: describeType(from.type) }));
        const single = s.count.max === undefined && s.count.min.kind === 'number' && s.count.min.value === 1;
        const min = this.expect(s.count.min, 'number', scope);
        const max = s.count.max ? this.expect(s.count.max, 'number', scope) : min;
        const by = s.by ? this.expect(s.by, 'player', scope) : null;
        const elem = elementOf(from.type);
        const slot = this.bind(scope, s.name, single ? elem : listOf(elem));
        const suchThat = s.suchThat ? this.expect(s.suchThat, 'bool', scope) : null;
        return { kind: 'choose', slot, name: s.name.text, min, max, single, from: from.ir, suchThat, by, prompt: s.prompt ?? '', promptArgs: this.placeholders(s.prompt, scope, s.loc), loc };
      }
      case 'chooseMode':
        return {
          kind: 'chooseMode',
          by: s.by ? this.expect(s.by, 'player', scope) : null,
          prompt: s.prompt ?? '',
          promptArgs: this.placeholders(s.prompt, scope, s.loc),
          options: s.options.map((o) => ({ label: o.label, when: o.when ? this.expect(o.when, 'bool', scope) : null, body: this.block(o.body, scope) })),
          loc,
        };
      case 'if':
        return { kind: 'if', cond: this.expect(s.cond, 'bool', scope), then: this.block(s.then, scope), else: s.else ? this.block(s.else, scope) : [], loc };
      case 'forEach': {
        const list = this.expr(s.list, scope);
        if (!isList(list.type)) this.error('type/mismatch', s.list.loc, msg('type/mismatch.for-each-needs-a-list', { p: describeType(list.type) }));
        const inner = this.nested(scope);
        const slot = this.bind(inner, s.name, elementOf(list.type));
        return { kind: 'forEach', slot, list: list.ir, body: this.block(s.body, inner), loc };
      }
      case 'repeat':
        return { kind: 'repeat', count: this.expect(s.count, 'number', scope), body: this.block(s.body, scope), loc };
      case 'while':
        return { kind: 'while', cond: this.expect(s.cond, 'bool', scope), body: this.block(s.body, scope), loc };
      case 'do': {
        const index = this.procedures.findIndex((p) => p.name.text === s.proc.text);
        if (index < 0) {
          this.error('name/unknown', s.proc.loc, msg('name/unknown.unknown-procedure', { proc: s.proc.text }), this.didYouMean(s.proc.text, this.procedures.map((p) => p.name.text)));
          return undefined;
        }
        const proc = this.procedures[index]!;
        if (this.currentCallable?.kind === 'proc') this.recordCall(this.procCalls, this.currentCallable.name, proc.name.text);
        if (proc.params.length !== s.args.length) {
          this.error('type/bad-arguments', s.loc, msg('type/bad-arguments.procedure-takes-argument-s-not', { name: proc.name.text, paramsCount: proc.params.length, p: proc.params.map((p) => `${p.name.text}: ${p.type.text}`).join(', '), argsCount: s.args.length }));
        }
        const args = s.args.map((a, i) => (proc.params[i] ? this.expect(a, this.typeName(proc.params[i]!.type), scope) : this.expr(a, scope).ir));
        return { kind: 'callProc', proc: index, args, loc };
      }
      case 'perform': {
        const as = s.as ? this.expect(s.as, 'card', scope) : null;
        const by = s.by ? this.expect(s.by, 'player', scope) : null;
        // A local holding an ability (chosen from abilities(c)): performed by its name when it runs.
        const local = this.lookup(scope, s.action.text);
        if (local) {
          if (local.type !== 'action' && local.type !== 'any') this.error('type/mismatch', s.action.loc, msg('type/mismatch.perform-takes-an-action-or', { action: s.action.text, p: describeType(local.type) }));
          return { kind: 'perform', action: -1, ability: { kind: 'local', slot: local.slot }, as, by, loc };
        }
        const index = this.actionIndex.get(s.action.text) ?? -1;
        if (index < 0) this.error('name/unknown', s.action.loc, msg('name/unknown.unknown-action', { action: s.action.text }), this.didYouMean(s.action.text, () => this.actions.map((x) => x.name.text)));
        return { kind: 'perform', action: index, ability: null, as, by, loc };
      }
      case 'window':
        return { kind: 'window', name: s.name.text, passable: s.passable, open: s.open, loc };
      case 'modify': {
        const card = this.expect(s.target, 'card', scope);
        if (!s.field.text) {
          this.error('type/not-assignable', s.loc, msg('type/not-assignable.modify-changes-a-value-of'));
          return undefined;
        }
        const change = this.lowerChange(s.field, s.op, s.by, scope, "'modify'", s.field.loc);
        if (!change) return undefined;
        return { kind: 'modify', card, field: change.field, op: s.op, by: change.by, duration: this.lowerDuration(s.duration, scope), loc };
      }
      case 'gainAbilities': {
        // `modify c gains abilities of x`: c has x's abilities (its card's) as its own, for the duration.
        const card = this.expect(s.target, 'card', scope);
        const from = this.expect(s.from, 'card', scope);
        if (s.op !== 'gain') this.error('type/not-assignable', s.loc, msg('type/not-assignable.a-card-gains-another-card'));
        return { kind: 'gainAbilities', card, from, duration: this.lowerDuration(s.duration, scope), loc };
      }
      case 'unmodify': {
        const card = this.expect(s.target, 'card', scope);
        if (!s.field) return { kind: 'unmodify', card, field: -1, loc };
        const index = this.cardFieldIndex.get(s.field.text);
        if (index === undefined || this.cardFields[index]!.kind !== 'value') {
          if (!this.labelWithoutNumber(s.field)) this.error('type/not-assignable', s.field.loc, msg('type/not-assignable.unmodify-removes-the-modifiers-of', { field: s.field.text }), this.didYouMean(s.field.text, this.fieldNames('value')));
          return undefined;
        }
        return { kind: 'unmodify', card, field: index, loc };
      }
      case 'cancel':
        return { kind: 'cancel', request: this.expect(s.request, 'request', scope), loc };
      case 'retarget':
        return { kind: 'retarget', request: this.expect(s.request, 'request', scope), by: s.by ? this.expect(s.by, 'player', scope) : null, loc };
      case 'endTurn':
        return { kind: 'endTurn', loc };
      case 'reverseTurnOrder':
        return { kind: 'reverseTurnOrder', loc };
      case 'win':
      case 'lose':
        return { kind: s.kind, player: this.expect(s.player, 'player', scope), ...this.reason(s.reason, scope), loc };
      case 'draw':
        return { kind: 'drawGame', ...this.reason(s.reason, scope), loc };
      case 'log':
        return { kind: 'log', text: s.text, args: this.placeholders(s.text, scope, s.loc), loc };
      case 'signal': {
        const ev = this.eventIndex(s.event);
        const params = this.events[ev] ? this.eventParams(this.events[ev]!) : [];
        const given = [s.card, ...(s.more ?? [])];
        if (this.events[ev] && given.length !== params.length) {
          this.error('type/bad-arguments', s.loc, msg('type/bad-arguments.event-takes-argument-not', { event: s.event.text, paramsCount: params.length, p2: params.map((p) => `${p.name}: ${p.type}`).join(', '), givenCount: given.length }));
        }
        const args = given.map((x, i) => this.expect(x, params[i]?.type ?? 'card', scope));
        return { kind: 'signal', event: ev, card: args[0]!, args: args.slice(1), loc };
      }
      case 'proceed':
        if (!scope.replacing) {
          this.error('action/proceed-outside-instead', s.loc, msg('action/proceed-outside-instead.proceed-lets-a-replaced-event'));
          return undefined;
        }
        return { kind: 'proceed', loc };
      case 'cite':
        return { kind: 'cite', text: s.text, body: this.block(s.body, scope), loc };
    }
  }

  private setStmt(target: A.Expr, valueExpr: A.Expr, scope: Scope, loc: SrcLoc): Stmt | undefined {
    if (target.kind === 'name') {
      const local = this.lookup(scope, target.name);
      if (local) return { kind: 'let', slot: local.slot, value: this.expect(valueExpr, local.type, scope), loc };
      if (target.name === 'active') return { kind: 'setActive', value: this.expect(valueExpr, 'player', scope), loc };
      const g = this.globalStates.findIndex((x) => x.name.text === target.name);
      if (g >= 0) return { kind: 'setGlobal', field: g, value: this.expect(valueExpr, this.typeName(this.globalStates[g]!.type), scope), loc };
      this.error('type/not-assignable', target.loc, msg('type/not-assignable.cannot-be-set-only-card', { name: target.name }));
      return undefined;
    }
    if (target.kind === 'member') {
      const obj = this.expr(target.object, scope);
      const name = target.name.text;
      if (obj.type === 'card') {
        if (name === 'facedown') return { kind: 'setFacedown', card: obj.ir, value: this.expect(valueExpr, 'bool', scope), loc };
        const index = scope.ownStates?.get(name) ?? this.cardFieldIndex.get(name);
        if (index !== undefined && this.cardFields[index]!.kind === 'state') {
          return { kind: 'setCard', card: obj.ir, field: index, value: this.expect(valueExpr, this.cardFields[index]!.type, scope), loc };
        }
        const what = index === undefined ? 'not a field of cards' : `a${this.cardFields[index]!.kind === 'attr' ? 'n attr (printed, never changes)' : ' value (derived; use modify)'}`;
        this.error('type/not-assignable', target.name.loc, msg('type/not-assignable.cannot-be-set-it-is', { name, what }), this.didYouMean(name, this.fieldNames('state')));
        return undefined;
      }
      if (obj.type === 'player') {
        const index = this.playerStates.findIndex((x) => x.name.text === name);
        if (index >= 0) return { kind: 'setPlayer', player: obj.ir, field: index, value: this.expect(valueExpr, this.typeName(this.playerStates[index]!.type), scope), loc };
        this.error('type/not-assignable', target.name.loc, msg('type/not-assignable.is-not-a-player-state', { name }), this.didYouMean(name, this.playerStates.map((x) => x.name.text)));
        return undefined;
      }
      if (obj.type === 'request') {
        const index = this.requestStates.findIndex((x) => x.name.text === name);
        if (index >= 0) return { kind: 'setRequest', request: obj.ir, field: index, value: this.expect(valueExpr, this.typeName(this.requestStates[index]!.type), scope), loc };
        this.error('type/not-assignable', target.name.loc, msg('type/not-assignable.is-not-a-request-state', { name }), this.didYouMean(name, this.requestStates.map((x) => x.name.text)));
        return undefined;
      }
      if (obj.type !== 'error') this.error('type/not-assignable', target.loc, msg('type/not-assignable.only-a-card-s-a', { p: describeType(obj.type) }));
      return undefined;
    }
    this.error('type/not-assignable', target.loc, msg('type/not-assignable.this-cannot-be-set-write'));
    return undefined;
  }

  // ------------------------------------------------------------ expressions

  private expect(e: A.Expr, type: IRType, scope: Scope): Expr {
    const t = this.expr(e, scope);
    if (!assignable(t.type, type)) {
      this.error('type/mismatch', e.loc, msg('type/mismatch.expected-here-but-this-is', { p: describeType(type), p2: describeType(t.type) }));
    }
    return t.ir;
  }

  private expectCards(e: A.Expr, scope: Scope): Expr {
    const t = this.expr(e, scope);
    if (t.type === 'card') return { kind: 'list', items: [t.ir] };
    if (!assignable(t.type, 'cards')) this.error('type/mismatch', e.loc, msg('type/mismatch.expected-a-card-or-a', { p: describeType(t.type) }));
    return t.ir;
  }

  private expr(e: A.Expr, scope: Scope): Typed {
    switch (e.kind) {
      case 'number':
        return { ir: { kind: 'lit', value: e.value }, type: 'number' };
      case 'string':
        return { ir: { kind: 'lit', value: e.value }, type: 'text' };
      case 'bool':
        return { ir: { kind: 'lit', value: e.value }, type: 'bool' };
      case 'none':
        return { ir: { kind: 'lit', value: null }, type: 'none' };
      case 'name':
        return this.nameExpr(e.name, e.loc, scope);
      case 'member':
        return this.memberExpr(e, scope);
      case 'call':
        return this.callExpr(e, scope);
      case 'list': {
        const items = e.items.map((i) => this.expr(i, scope));
        const elem = items.length ? items[0]!.type : 'any';
        for (let i = 1; i < items.length; i++) {
          if (!assignable(items[i]!.type, elem)) this.error('type/mismatch', e.items[i]!.loc, msg('type/mismatch.a-list-holds-one-kind', { p: describeType(elem), p2: describeType(items[i]!.type) }));
        }
        return { ir: { kind: 'list', items: items.map((i) => i.ir) }, type: listOf(elem) };
      }
      case 'cond': {
        const test = this.expect(e.test, 'bool', scope);
        const a = this.expr(e.then, scope);
        const b = this.expr(e.else, scope);
        if (!assignable(b.type, a.type) && !assignable(a.type, b.type)) this.error('type/mismatch', e.else.loc, msg('type/mismatch.both-branches-must-be-of', { p: describeType(a.type), p2: describeType(b.type) }));
        return { ir: { kind: 'cond', test, then: a.ir, else: b.ir }, type: a.type === 'none' ? b.type : a.type };
      }
      case 'unary':
        if (e.op === 'not') return { ir: { kind: 'not', operand: this.expect(e.operand, 'bool', scope) }, type: 'bool' };
        return { ir: { kind: 'neg', operand: this.expect(e.operand, 'number', scope) }, type: 'number' };
      case 'binary':
        return this.binaryExpr(e, scope);
      case 'in': {
        const item = this.expr(e.item, scope);
        if (e.list) {
          const list = this.expr(e.list, scope);
          if (!isList(list.type)) this.error('type/mismatch', e.list.loc, msg('type/mismatch.in-needs-a-list-or', { p: describeType(list.type) }));
          return { ir: { kind: 'inList', item: item.ir, list: list.ir }, type: 'bool' };
        }
        if (!assignable(item.type, 'number')) this.error('type/mismatch', e.item.loc, msg('type/mismatch.a-range-a-b-holds', { p: describeType(item.type) }));
        return { ir: { kind: 'inRange', item: item.ir, low: this.expect(e.low!, 'number', scope), high: this.expect(e.high!, 'number', scope) }, type: 'bool' };
      }
      case 'has': {
        const subject = this.expr(e.subject, scope);
        if (!['card', 'request', 'any'].includes(subject.type)) this.error('type/mismatch', e.subject.loc, msg('type/mismatch.has-asks-a-card-or', { p: describeType(subject.type) }));
        this.readLabels();
        return { ir: { kind: 'has', subject: subject.ir, label: this.expect(e.label, 'label', scope) }, type: 'bool' };
      }
      case 'where': {
        const list = this.expr(e.list, scope);
        if (!isList(list.type)) this.error('type/mismatch', e.list.loc, msg('type/mismatch.where-filters-a-list-but', { p: describeType(list.type) }));
        const predicate = this.expect(e.predicate, 'bool', { ...scope, itType: elementOf(list.type) });
        return { ir: { kind: 'where', list: list.ir, predicate }, type: list.type === 'zone' ? 'cards' : list.type };
      }
    }
  }

  private binaryExpr(e: Extract<A.Expr, { kind: 'binary' }>, scope: Scope): Typed {
    const op = e.op;
    if (op === 'and' || op === 'or') {
      return { ir: { kind: 'binary', op, left: this.expect(e.left, 'bool', scope), right: this.expect(e.right, 'bool', scope) }, type: 'bool' };
    }
    if (op === '==' || op === '!=') {
      const l = this.expr(e.left, scope);
      const r = this.expr(e.right, scope);
      if (!assignable(l.type, r.type) && !assignable(r.type, l.type)) {
        this.error('type/mismatch', e.loc, msg('type/mismatch.comparing-with-is-always', { p: describeType(l.type), p2: describeType(r.type), p3: op === '==' ? 'false' : 'true' }));
      } else {
        this.checkReading(l.ir, r.ir, e.right.loc, op);
        this.checkReading(r.ir, l.ir, e.left.loc, op);
      }
      return { ir: { kind: 'binary', op, left: l.ir, right: r.ir }, type: 'bool' };
    }
    if (op === '+' || op === '-') {
      const l = this.expr(e.left, scope);
      const r = this.expr(e.right, scope);
      if (isList(l.type) && op === '+') {
        // list concatenation: cards + cards
        if (!assignable(r.type, l.type === 'zone' ? 'cards' : l.type)) this.error('type/mismatch', e.right.loc, msg('type/mismatch.cannot-add-to', { p: describeType(r.type), p2: describeType(l.type) }));
        return { ir: { kind: 'binary', op, left: l.ir, right: r.ir }, type: l.type === 'zone' ? 'cards' : l.type };
      }
      if (l.type === 'text' && op === '+') return { ir: { kind: 'binary', op, left: l.ir, right: r.ir }, type: 'text' };
      if (!assignable(l.type, 'number')) this.error('type/mismatch', e.left.loc, msg('type/mismatch.needs-numbers-but-this-is', { op, p: describeType(l.type) }));
      if (!assignable(r.type, 'number')) this.error('type/mismatch', e.right.loc, msg('type/mismatch.needs-numbers-but-this-is', { op, p: describeType(r.type) }));
      return { ir: { kind: 'binary', op, left: l.ir, right: r.ir }, type: 'number' };
    }
    const left = this.expect(e.left, 'number', scope);
    const right = this.expect(e.right, 'number', scope);
    const isCompare = op === '<' || op === '<=' || op === '>' || op === '>=';
    return { ir: { kind: 'binary', op, left, right }, type: isCompare ? 'bool' : 'number' };
  }

  /**
   * A text parameter with alternatives is an enum of its readings: comparing it with a text that
   * is none of them (`fog_clear == "bothh"`) is a mistake, caught here with "did you mean".
   */
  private checkReading(param: Expr, other: Expr, loc: A.Loc, op: string): void {
    if (param.kind !== 'param' || other.kind !== 'lit' || typeof other.value !== 'string') return;
    const p = this.params[param.index];
    if (!p || p.alternatives.length === 0 || p.type.text !== 'text') return;
    const readings = [p.value, ...p.alternatives].flatMap((e) => (e.kind === 'string' ? [e.value] : []));
    if (readings.includes(other.value)) return;
    this.error(
      'param/unknown-reading',
      loc,
      msg('param/unknown-reading.is-not-a-reading-of', { value: other.value, name: p.name.text, p: readings.map((r) => `"${r}"`).join(', '), p2: op === '==' ? 'false' : 'true' }),
      this.didYouMean(other.value, readings) ?? [`add "${other.value}" to the parameter's alternatives, or compare with one of its readings`],
    );
  }

  private nameExpr(name: string, loc: A.Loc, scope: Scope): Typed {
    const local = this.lookup(scope, name);
    if (local) return { ir: { kind: 'local', slot: local.slot }, type: local.type };
    switch (name) {
      case 'me':
      case 'opponent':
      case 'active':
        return { ir: { kind: 'builtin', name }, type: 'player' };
      case 'players':
      case 'opponents':
      case 'teammates':
        return { ir: { kind: 'builtin', name }, type: 'players' };
      case 'stack':
        return { ir: { kind: 'builtin', name }, type: 'requests' };
      case 'turn':
      case 'match_game':
        return { ir: { kind: 'builtin', name }, type: 'number' };
      case 'last_winner':
      case 'last_loser':
        return { ir: { kind: 'builtin', name }, type: 'player' };
      case 'this':
        if (scope.hasThis) return { ir: { kind: 'builtin', name }, type: 'card' };
        break;
      case 'it':
        if (scope.itType) return { ir: { kind: 'builtin', name }, type: scope.itType };
        this.error('name/unknown', loc, msg('name/unknown.it-only-exists-inside-where'));
        return { ir: { kind: 'lit', value: null }, type: 'error' };
      case 'request':
        if (scope.inEffect) return { ir: { kind: 'builtin', name }, type: 'request' };
        break;
    }
    const p = this.params.findIndex((x) => x.name.text === name);
    if (p >= 0) return { ir: { kind: 'param', index: p }, type: this.params[p]!.type.text };
    const g = this.globalStates.findIndex((x) => x.name.text === name);
    if (g >= 0) return { ir: { kind: 'globalField', field: g }, type: this.typeName(this.globalStates[g]!.type) };
    const z = this.zones.findIndex((x) => x.name.text === name);
    if (z >= 0) {
      if (!this.zones[z]!.shared) {
        this.error('zone/not-shared', loc, msg('zone/not-shared.is-a-zone-of-each', { name }));
      }
      return { ir: { kind: 'zone', zone: z, player: null }, type: 'zone' };
    }
    const ev = this.enumValueIndex.get(name);
    if (ev) {
      if (ev.many) this.error('name/ambiguous', loc, msg('name/ambiguous.is-a-value-of-more', { name }));
      return { ir: { kind: 'lit', value: name }, type: `enum:${ev.enumName}` };
    }
    const l = this.labels.findIndex((x) => x.name.text === name);
    if (l >= 0) return { ir: { kind: 'label', index: l }, type: 'label' };
    const a = this.actionIndex.get(name) ?? -1;
    if (a >= 0) return { ir: { kind: 'actionRef', index: a }, type: 'action' };
    const candidates = () => [
      ...scope.vars.flatMap((m) => [...m.keys()]),
      'me', 'opponent', 'opponents', 'teammates', 'active', 'players', 'stack', 'turn', 'match_game', 'last_winner', 'last_loser',
      // The literal words: a misspelt `false` reads as a name.
      'true', 'false', 'none',
      ...this.params.map((x) => x.name.text), ...this.globalStates.map((x) => x.name.text), ...this.zones.map((x) => x.name.text),
      ...this.enumValueIndex.keys(), ...this.labels.map((x) => x.name.text), ...this.actions.map((x) => x.name.text),
    ];
    this.error('name/unknown', loc, msg('name/unknown.unknown-name', { name }), this.didYouMean(name, candidates));
    return { ir: { kind: 'lit', value: null }, type: 'error' };
  }

  private memberExpr(e: Extract<A.Expr, { kind: 'member' }>, scope: Scope): Typed {
    // A card's ability by its full name, as a value: `it == 竜.ブレス`, `perform` of one held in a name.
    if (e.object.kind === 'name' && !this.lookup(scope, e.object.name)) {
      const ability = this.actionIndex.get(`${e.object.name}.${e.name.text}`);
      if (ability !== undefined && this.cards.some((c) => c.name.text === (e.object as { name: string }).name)) return { ir: { kind: 'actionRef', index: ability }, type: 'action' };
    }
    const obj = this.expr(e.object, scope);
    const name = e.name.text;
    const unknown = (candidates: string[]) => {
      this.error('type/not-a-member', e.name.loc, msg('type/not-a-member.has-no', { p: describeType(obj.type), name }), this.didYouMean(name, candidates));
      return { ir: { kind: 'lit', value: null }, type: 'error' } as Typed;
    };
    switch (obj.type) {
      case 'player': {
        const z = this.zones.findIndex((x) => x.name.text === name);
        if (z >= 0) return { ir: { kind: 'zone', zone: z, player: obj.ir }, type: 'zone' };
        const s = this.playerStates.findIndex((x) => x.name.text === name);
        if (s >= 0) return { ir: { kind: 'playerField', player: obj.ir, field: s }, type: this.typeName(this.playerStates[s]!.type) };
        return unknown([...this.zones.filter((z) => !z.shared).map((z) => z.name.text), ...this.playerStates.map((x) => x.name.text)]);
      }
      case 'card': {
        if (name === 'name' || name === 'title') return { ir: { kind: 'cardBuiltin', card: obj.ir, field: name }, type: 'text' };
        if (name === 'owner') return { ir: { kind: 'cardBuiltin', card: obj.ir, field: name }, type: 'player' };
        if (name === 'facedown') return { ir: { kind: 'cardBuiltin', card: obj.ir, field: name }, type: 'bool' };
        if (name === 'entered') return { ir: { kind: 'cardBuiltin', card: obj.ir, field: name }, type: 'number' };
        const own = scope.ownStates?.get(name);
        if (own !== undefined) return { ir: { kind: 'cardField', card: obj.ir, field: own }, type: this.cardFields[own]!.type };
        const f = this.cardFieldIndex.get(name);
        if (f !== undefined) {
          this.fieldReads.add(f);
          return { ir: { kind: 'cardField', card: obj.ir, field: f }, type: this.cardFields[f]!.type };
        }
        if (this.labelWithoutNumber(e.name)) return { ir: { kind: 'lit', value: null }, type: 'error' };
        return unknown(['name', 'owner', 'facedown', 'entered', ...this.fieldNames()]);
      }
      case 'players': {
        // `opponents.field`: the cards of that zone of each player of the list, in the list's order.
        const z = this.zones.findIndex((x) => x.name.text === name && !x.shared);
        if (z >= 0) return { ir: { kind: 'zones', zone: z, players: obj.ir }, type: 'cards' };
        return unknown(this.zones.filter((x) => !x.shared).map((x) => x.name.text));
      }
      case 'request':
        if (name === 'cards') return { ir: { kind: 'requestField', request: obj.ir, field: name }, type: 'cards' };
        if (name === 'targets') return { ir: { kind: 'requestField', request: obj.ir, field: name }, type: 'list:any' };
        if (name === 'controller') return { ir: { kind: 'requestField', request: obj.ir, field: name }, type: 'player' };
        if (name === 'action') return { ir: { kind: 'requestField', request: obj.ir, field: name }, type: 'action' };
        if (name === 'source') return { ir: { kind: 'requestField', request: obj.ir, field: name }, type: 'card' };
        {
          const rs = this.requestStates.findIndex((x) => x.name.text === name);
          if (rs >= 0) return { ir: { kind: 'requestState', request: obj.ir, field: rs }, type: this.typeName(this.requestStates[rs]!.type) };
        }
        return unknown(['cards', 'targets', 'controller', 'action', 'source', ...this.requestStates.map((x) => x.name.text)]);
      case 'any':
        this.error('type/not-a-member', e.name.loc, msg('type/not-a-member.cannot-tell-what-is-on', { name }));
        return { ir: { kind: 'lit', value: null }, type: 'error' };
      case 'error':
        return { ir: { kind: 'lit', value: null }, type: 'error' };
      default:
        return unknown([]);
    }
  }

  private callExpr(e: Extract<A.Expr, { kind: 'call' }>, scope: Scope): Typed {
    const name = e.callee.text;
    const fnIndex = this.functionIndex.get(name) ?? -1;
    if (fnIndex >= 0) {
      const fn = this.functions[fnIndex]!;
      if (this.currentCallable?.kind === 'fn') this.recordCall(this.fnCalls, this.currentCallable.name, name);
      if (fn.params.length !== e.args.length) {
        this.error('type/bad-arguments', e.loc, msg('type/bad-arguments.function-takes-argument-s-not', { name, paramsCount: fn.params.length, p: fn.params.map((p) => `${p.name.text}: ${p.type.text}`).join(', '), argsCount: e.args.length }));
      }
      const args = e.args.map((a, i) => (fn.params[i] ? this.expect(a, this.typeName(fn.params[i]!.type), scope) : this.expr(a, scope).ir));
      return { ir: { kind: 'call', fn: fnIndex, args }, type: this.typeName(fn.returnType) };
    }
    if ((builtinFns as readonly string[]).includes(name)) {
      const fn = name as BuiltinFn;
      const sig = builtinSignatures[fn];
      if (sig.args.length !== e.args.length) {
        this.error('type/bad-arguments', e.loc, msg('type/bad-arguments.takes-argument-s-not', { name, argsCount: sig.args.length, argsCount2: e.args.length }));
        return { ir: { kind: 'lit', value: null }, type: 'error' };
      }
      const args: Expr[] = [];
      const types: IRType[] = [];
      let listType: IRType = 'any';
      sig.args.forEach((kind, i) => {
        const a = e.args[i]!;
        if (kind === 'lambda') {
          const t = this.expr(a, { ...scope, itType: elementOf(listType) });
          args.push(t.ir);
          types.push(t.type);
          return;
        }
        const t = this.expr(a, scope);
        args.push(t.ir);
        types.push(t.type);
        if (kind === 'list') {
          listType = t.type;
          if (!isList(t.type)) this.error('type/bad-arguments', a.loc, msg('type/bad-arguments.needs-a-list-here-but', { name, p: describeType(t.type) }));
        } else if (kind !== 'any' && !assignable(t.type, kind)) {
          this.error('type/bad-arguments', a.loc, msg('type/bad-arguments.needs-here-but-this-is', { name, p: describeType(kind), p2: describeType(t.type) }));
        }
      });
      if (fn === 'labels') this.readLabels();
      if (fn === 'deck_problem' && !this.decls.deckCheck) this.error('deck/no-check', e.callee.loc, msg('deck/no-check.deck-problem-p-asks-the'));
      return { ir: { kind: 'builtinCall', fn, args }, type: sig.result(types) };
    }
    if (this.procedures.some((p) => p.name.text === name)) {
      this.error('name/unknown', e.callee.loc, msg('name/unknown.is-a-procedure-call-it', { name }));
    } else if (this.labelDecl(name)) {
      this.error('label/value-outside-card', e.loc, msg('label/value-outside-card.a-label-s-number-is', { name }));
    } else {
      this.error('name/unknown', e.callee.loc, msg('name/unknown.unknown-function', { name }), this.didYouMean(name, () => [...this.functions.map((f) => f.name.text), ...builtinFns]));
    }
    for (const a of e.args) this.expr(a, scope);
    return { ir: { kind: 'lit', value: null }, type: 'error' };
  }

  private recordCall(map: Map<string, Set<string>>, from: string, to: string): void {
    let s = map.get(from);
    if (!s) map.set(from, (s = new Set()));
    s.add(to);
  }

  private checkRecursion(): void {
    const report = (map: Map<string, Set<string>>, kind: 'function' | 'procedure', decls: { name: A.Name }[]) => {
      const state = new Map<string, 0 | 1 | 2>();
      const visit = (n: string, path: string[]): void => {
        if (state.get(n) === 2) return;
        if (state.get(n) === 1) {
          const d = decls.find((x) => x.name.text === n);
          const cycle = [...path.slice(path.indexOf(n)), n].join(' → ');
          if (d) this.error(kind === 'function' ? 'function/recursive' : 'procedure/recursive', d.name.loc, msg(kind === 'function' ? 'function/recursive.calls-itself' : 'procedure/recursive.calls-itself', { n, cycle }));
          return;
        }
        state.set(n, 1);
        for (const m of map.get(n) ?? []) visit(m, [...path, n]);
        state.set(n, 2);
      };
      for (const n of map.keys()) visit(n, []);
    };
    report(this.fnCalls, 'function', this.functions);
    report(this.procCalls, 'procedure', this.procedures);
  }

  /**
   * `teams { north: p1, p3  south: p2, p4  shared life }`: each seat (p1 … pN, N the most players
   * of any reading) in exactly one team, two teams or more, and `shared` naming player states.
   */
  private lowerTeams(d: A.TeamsDecl, ir: GameIR): TeamsIR {
    const max = maxPlayerCount(ir);
    const teamOf = new Map<number, string>();
    const seats = d.teams.map((t) =>
      t.seats.flatMap((n) => {
        const m = /^p([1-9][0-9]*)$/.exec(n.text);
        const i = m ? Number(m[1]) - 1 : -1;
        if (i < 0 || i >= max) {
          this.error('teams/seat', n.loc, msg('teams/seat.unknown-seat', { seat: n.text, max }));
          return [];
        }
        const first = teamOf.get(i);
        if (first !== undefined) {
          this.error('teams/seat', n.loc, msg('teams/seat.in-two-teams', { seat: n.text, first, second: t.name.text }));
          return [];
        }
        teamOf.set(i, t.name.text);
        return [i];
      }),
    );
    if (d.teams.length < 2) this.error('teams/seat', d.keyword, msg('teams/seat.one-team'));
    else for (let i = 0; i < max; i++) if (!teamOf.has(i)) this.error('teams/seat', d.keyword, msg('teams/seat.in-no-team', { seat: `p${i + 1}`, max }));
    const shared = d.shared.flatMap((n) => {
      const s = this.playerStates.findIndex((x) => x.name.text === n.text);
      if (s < 0) this.error('teams/shared', n.loc, msg('teams/shared.not-a-player-state', { name: n.text }), this.didYouMean(n.text, this.playerStates.map((x) => x.name.text)));
      return s < 0 ? [] : [s];
    });
    return { names: d.teams.map((t) => t.name.text), seats, shared, cite: d.cite ?? '', loc: this.src(d.keyword) };
  }
}

/** Whether an IR expression draws at random: `random(…)`, or a call of a function for which `fnDraws` says so. */
function irDraws(e: unknown, fnDraws: (fn: number) => boolean): boolean {
  if (!e || typeof e !== 'object') return false;
  if (Array.isArray(e)) return e.some((x) => irDraws(x, fnDraws));
  const node = e as Record<string, unknown>;
  if (node['kind'] === 'builtinCall' && node['fn'] === 'random') return true;
  if (node['kind'] === 'call' && typeof node['fn'] === 'number' && fnDraws(node['fn'])) return true;
  return Object.values(node).some((v) => irDraws(v, fnDraws));
}

function defaultOf(type: IRType): Literal {
  if (type === 'number') return 0;
  if (type === 'bool') return false;
  if (type === 'text') return '';
  return null;
}
