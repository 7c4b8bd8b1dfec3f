/**
 * What every part of lowering shares: the game's declarations by kind, the indexes built from them
 * (fields, labels, zones, events, functions, actions), the diagnostics and their "did you mean", type
 * names, the scopes of local names, and the IR type helpers (elementOf, assignable, describeType…).
 *
 * One part of lowering (see lower.ts for how the parts make one lowering).
 */
import type * as A from '../grammar/ast.ts';
import { expandTemplate } from './templates.ts';
import { diag, didYouMeanNote, suggest, type Diagnostic, type DiagnosticCode, type DiagnosticText } from './diagnostics.ts';
import { msg, type MessageKey } from '../i18n/format.ts';
import { declsOf, type Declarations } from './resolve.ts';
import { type NumberedLabel } from './label-values.ts';
import { type Expr, type IRType, type SrcLoc } from './ir.ts';

const baseTypes = new Set(['number', 'bool', 'text', 'player', 'card', 'cards', 'zone', 'request', 'requests', 'players', 'label', 'labels', 'action']);

export interface Typed {
  ir: Expr;
  type: IRType;
}

interface Binding {
  slot: number;
  type: IRType;
}

/** The card an ability is written on, and its index in the IR's cards (the ability's `source`). */
export interface Owner {
  card: A.CardDecl;
  index: number;
}

/** Where an expression is being checked: which implicit names exist. */
export interface Scope {
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

/** `sourceZone` of an ability that works while its card is attached under another (`while attached`). */
export const ATTACHED = -2;
/** `sourceZone` of an ability that works in one of several zones (`while in a, b`): they are in `sourceZones`. */
export const IN_ZONES = -3;

/** Literals that a definition may not take as its name. */
export const reservedWords = new Set(['none', 'true', 'false']);
/** Candidate names compared by "did you mean" in one compile (see LowerBase.didYouMean): about a second's work. */
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

export function isList(t: IRType): boolean {
  return t === 'cards' || t === 'zone' || t === 'players' || t === 'requests' || t === 'labels' || t.startsWith('list:') || t === 'any' || t === 'error';
}

export function assignable(from: IRType, to: IRType): boolean {
  if (from === to || from === 'any' || to === 'any' || from === 'none' || from === 'error' || to === 'error') return true;
  if (to === 'cards' && (from === 'zone' || from === 'list:any')) return true;
  if (to.startsWith('list:') && isList(from)) return elementOf(to) === 'any' || elementOf(from) === 'any' || elementOf(to) === elementOf(from);
  if (isList(to) && from.startsWith('list:') && elementOf(from) === 'any') return true;
  return false;
}

/** A type in words ("a number", 「数値」), worded where the diagnostic is shown. */
export function describeType(t: IRType): DiagnosticText {
  if (t.startsWith('enum:')) return msg('type.enum', { name: t.slice(5) });
  if (t.startsWith('list:')) return msg('type.list', { name: t.slice(5) });
  const names: Record<string, MessageKey> = {
    number: 'type.number', bool: 'type.bool', text: 'type.text', player: 'type.player', card: 'type.card', cards: 'type.cards',
    zone: 'type.zone', request: 'type.request', requests: 'type.requests', players: 'type.players', label: 'type.label',
    labels: 'type.labels', action: 'type.action', none: 'type.none', any: 'type.any',
  };
  return names[t] ? msg(names[t]) : t;
}

export abstract class LowerBase {
  protected diagnostics: Diagnostic[] = [];
  protected fileIndex = new Map<string, number>();
  protected params: A.ParamDecl[];
  protected enums: A.EnumDecl[];
  protected labels: A.LabelDecl[];
  protected zones: A.ZoneDecl[];
  protected cardTypes: A.CardTypeDecl[];
  protected cards: A.CardDecl[];
  protected playerStates: A.StateDecl[];
  protected globalStates: A.StateDecl[];
  /** States every request carries (e.g. who has answered it), reset when it is made. */
  protected requestStates: A.StateDecl[];
  /** Game-defined events (`event destroyed`). */
  protected events: A.EventDecl[];
  protected functions: A.FunctionDecl[];
  /** A function's index by name: a game with thousands of functions looks one up at every call. */
  protected functionIndex = new Map<string, number>();
  protected procedures: A.ProcedureDecl[];
  protected actions: A.ActionDecl[];
  /** An action's index by name (a pool of thousands of cards has thousands of abilities). */
  protected actionIndex = new Map<string, number>();
  /**
   * By index in `actions`: the card an ability belongs to and the card's index in `cards`;
   * undefined for an action or trigger of the rules. (Arrays, not maps keyed by node: a pool of
   * thousands of cards asks for the card of every ability.)
   */
  protected owners: (Owner | undefined)[] = [];
  /** Card fields that `modify` or an aura changes, with the first place that does (warnUnreadChanges). */
  protected changedFields = new Map<number, A.Loc>();
  /** Card fields some expression reads (`c.x`; `labels` by `has` and labels()). */
  protected fieldReads = new Set<number>();
  /** Each card's own states (`state x` inside the card): name → card field. */
  protected ownStates = new Map<A.CardDecl, Map<string, number>>();
  /** The own states' slots and initial values, by the card type whose cards carry them. */
  protected ownStateInits = new Map<string, { field: number; init: A.Expr | undefined }[]>();
  protected checks: A.CheckDecl[];
  protected enumValueIndex = new Map<string, { enumName: string; many: boolean }>();
  /** The game's card fields, then two for each numbered label (`printed`: an attr no name written in the language reaches). */
  protected cardFields: { name: string; kind: 'attr' | 'state' | 'value'; type: IRType; keep: boolean; printed?: true }[] = [];
  protected cardFieldIndex = new Map<string, number>();
  /** Numbered labels by name (`label 王 "king" value number = 1`; label-values.ts). */
  protected numbered = new Map<string, NumberedLabel>();
  protected formatLevels = new Map<string, number>();
  protected fnCalls = new Map<string, Set<string>>();
  protected procCalls = new Map<string, Set<string>>();
  protected currentCallable: { kind: 'fn' | 'proc'; name: string } | null = null;

  constructor(
    protected decls: Declarations,
    protected fileList: string[],
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
    this.owners = this.actions.map(() => undefined);
    this.cards.forEach((card, index) => {
      const expanded = card.uses?.length ? card.uses.flatMap((u) => expandTemplate(u, templates, this.diagnostics) ?? []) : undefined;
      // In the order the card writes them (an ability's index decides the order of offers).
      const all = expanded?.length ? [...(card.abilities ?? []), ...expanded].sort((x, y) => x.name.loc.offset - y.name.loc.offset) : (card.abilities ?? []);
      if (all.length === 0) return;
      const owner: Owner = { card, index };
      for (const ability of all) {
        const named: A.ActionDecl = { ...ability, name: { text: `${card.name.text}.${ability.name.text}`, loc: ability.name.loc } };
        this.owners.push(owner);
        this.actions.push(named);
      }
    });
    this.actions.forEach((a, i) => {
      if (!this.actionIndex.has(a.name.text)) this.actionIndex.set(a.name.text, i);
    });
    this.checks = declsOf(decls, 'check');
  }

  protected error(code: DiagnosticCode, loc: A.Loc, message: DiagnosticText, notes?: DiagnosticText[]): void {
    this.diagnostics.push(diag(code, loc, message, notes));
  }

  /** `has` and labels() read the card value named `labels` (and every numbered label, through it). */
  protected readLabels(): void {
    const f = this.cardFieldIndex.get('labels');
    if (f !== undefined) this.fieldReads.add(f);
  }

  protected warning(code: DiagnosticCode, loc: A.Loc, message: DiagnosticText, notes?: DiagnosticText[]): void {
    this.diagnostics.push(diag(code, loc, message, notes, 'warning'));
  }

  /** Per list of declarations: each name's first index (indexOfName). */
  private nameIndexes = new Map<readonly { name: A.Name }[], Map<string, number>>();

  /**
   * The index of the first declaration of `list` named `name`, or -1: a `findIndex` by name, from
   * a map made once per list (a pool's cards name zones, labels and enum values thousands of times).
   */
  protected indexOfName(list: readonly { name: A.Name }[], name: string): number {
    let byName = this.nameIndexes.get(list);
    if (!byName) {
      const m = new Map<string, number>();
      list.forEach((x, i) => m.has(x.name.text) || m.set(x.name.text, i));
      this.nameIndexes.set(list, (byName = m));
    }
    return byName.get(name) ?? -1;
  }

  protected src(loc: A.Loc): SrcLoc {
    return this.srcAt(loc.file, loc.line, loc.col);
  }

  /** The same from a place's parts (a packed name holds them without a `Loc`: grammar/packed-card.ts). */
  protected srcAt(file: string, line: number, col: number): SrcLoc {
    return [this.fileIndex.get(file) ?? 0, line, col];
  }

  /**
   * Names compared in "did you mean" searches so far. Each search compares the unknown name with
   * every candidate, so thousands of unknown names in a game of thousands of names would make the
   * search most of the check; past the budget, errors come without suggestions.
   */
  protected suggestionWork = 0;

  protected didYouMean(name: string, candidates: Iterable<string> | (() => Iterable<string>)): DiagnosticText[] | undefined {
    if (this.suggestionWork > SUGGESTION_BUDGET) return undefined;
    const list = [...(typeof candidates === 'function' ? candidates() : candidates)];
    this.suggestionWork += list.length;
    const s = suggest(name, list);
    return s.length ? [didYouMeanNote(s)] : undefined;
  }

  // ------------------------------------------------------------ types and tables

  protected typeName(n: A.Name): IRType {
    // `actions`: a list of abilities (what abilities(c) gives, `perform … as` takes one).
    if (n.text === 'actions') return 'list:action';
    if (baseTypes.has(n.text)) return n.text;
    if (this.enums.some((e) => e.name.text === n.text)) return `enum:${n.text}`;
    this.error('name/unknown', n.loc, msg('name/unknown.unknown-type', { n: n.text }), this.didYouMean(n.text, [...baseTypes, ...this.enums.map((e) => e.name.text)]));
    return 'any';
  }

  protected labelIndex: Map<string, A.LabelDecl> | null = null;

  /** A label's declaration by name (a pool of thousands of cards asks for every label it prints). */
  protected labelDecl(name: string): A.LabelDecl | undefined {
    if (!this.labelIndex) {
      this.labelIndex = new Map();
      for (const l of this.labels) if (!this.labelIndex.has(l.name.text)) this.labelIndex.set(l.name.text, l);
    }
    return this.labelIndex.get(name);
  }

  /** Reports a label that carries no number used where a card's number is (`c.飛行`); true if it did. */
  protected labelWithoutNumber(name: A.Name): boolean {
    const l = this.labelDecl(name.text);
    if (!l || l.value) return false;
    this.error('label/no-value', name.loc, msg('label/no-value.label-carries-no-number-test', { name: name.text }));
    return true;
  }

  /** The names of the card fields a rule can write (suggestions). */
  protected fieldNames(kind?: 'state' | 'value'): string[] {
    return this.cardFields.filter((f) => !f.printed && (!kind || f.kind === kind)).map((f) => f.name);
  }

  protected zoneIndex(n: A.Name): number {
    const i = this.indexOfName(this.zones, n.text);
    if (i < 0) this.error('name/unknown', n.loc, msg('name/unknown.unknown-zone', { n: n.text }), this.didYouMean(n.text, this.zones.map((z) => z.name.text)));
    return i;
  }

  /** An event's parameters (name, type, where declared): as written, or the old form's one card. */
  protected eventParams(e: A.EventDecl): { name: string; type: IRType; loc: A.Loc }[] {
    if (!e.params) return [{ name: 'card', type: 'card', loc: e.name.loc }];
    return e.params.map((p) => ({ name: p.name.text, type: this.typeName(p.type), loc: p.name.loc }));
  }

  protected eventIndex(n: A.Name): number {
    const i = this.indexOfName(this.events, n.text);
    if (i < 0) this.error('name/unknown', n.loc, msg('name/unknown.unknown-event-declare-it-event', { n: n.text }), this.didYouMean(n.text, this.events.map((e) => e.name.text)));
    return Math.max(0, i);
  }

  protected newScope(opts: { hasThis?: boolean; inEffect?: boolean }): Scope {
    return { vars: [new Map()], frame: { slots: 0 }, hasThis: !!opts.hasThis, itType: null, inEffect: !!opts.inEffect };
  }

  protected bind(scope: Scope, name: A.Name, type: IRType): number {
    const slot = scope.frame.slots++;
    scope.vars[scope.vars.length - 1]!.set(name.text, { slot, type });
    return slot;
  }

  protected lookup(scope: Scope, name: string): Binding | undefined {
    for (let i = scope.vars.length - 1; i >= 0; i--) {
      const b = scope.vars[i]!.get(name);
      if (b) return b;
    }
    return undefined;
  }

  protected nested(scope: Scope): Scope {
    return { ...scope, vars: [...scope.vars, new Map()] };
  }

  // ------------------------------------------------------------ statements

  protected recordCall(map: Map<string, Set<string>>, from: string, to: string): void {
    let s = map.get(from);
    if (!s) map.set(from, (s = new Set()));
    s.add(to);
  }
}
