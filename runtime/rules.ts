/**
 * IR → compiled rules: every action, trigger, check, value and initial state of a game turned
 * into functions once per engine (compile.ts and the code generators do the turning), and the
 * triggers sorted by the event they wait for. The engine's rooms run these; nothing here runs
 * a game.
 */
import type { ActionIR, AuraIR, Expr, GameIR, PickIR, SrcLoc } from '../compiler/ir.ts';
import type { EngineCalls } from './calls.ts';
import { Compiler } from './compile.ts';
import type { CodeTables } from './codegen-functions.ts';
import type { BodyFn } from './codegen-statements.ts';
import type { Ev, Ex } from './context.ts';
import { whenEmptyStack, whenPlayer, whenZones } from './when-zones.ts';
import { firstStep, firstStepTest, onlyCounts } from './first-step.ts';
import { phrase, type LogPhrase } from './log-entry.ts';

export interface CompiledPick {
  kind: 'pick';
  ir: PickIR;
  from: Ev;
  min: Ev;
  max: Ev;
  /** `min`/`max` when they are written as a number (no call to read them), else null. */
  minK: number | null;
  maxK: number | null;
  such: Ev | null;
  /** `ir.slot`, `ir.single`, `ir.kind === 'using'`: read at every trial, kept here (see CompiledAction.source). */
  slot: number;
  single: boolean;
  using: boolean;
  body: null;
  /** What the player is asked ("target k for プレイ"), made once rather than at every declaration; `promptWords`: the same for the log, as a phrase. */
  prompt: string;
  promptWords: LogPhrase | null;
}

/** A declaration's cost: the same fields as a pick (one shape for the steps V8 reads at every trial). */
export interface CompiledCost {
  kind: 'cost';
  body: Ex;
  ir: null;
  from: null;
  min: null;
  max: null;
  minK: null;
  maxK: null;
  such: null;
  slot: number;
  single: boolean;
  using: boolean;
  prompt: string;
  promptWords: null;
}

export interface CompiledAction {
  ir: ActionIR;
  index: number;
  /**
   * `ir.source`, `ir.sourceZone`, `ir.limit`, `ir.slots`, `ir.cite`, read for every action at
   * every decision: kept here, in objects of one shape (IR objects have many).
   */
  source: number;
  sourceZone: number;
  /** `ir.sourceZones`: with sourceZone -3, the zones where the card works. */
  sourceZones: number[];
  limit: number;
  /** The shared limits that cover it (ir.limits, with their counts), or null: the common case, one check. */
  shared: { index: number; count: number; perCard: boolean }[] | null;
  slots: number;
  cite: string;
  when: Ev[];
  /** For a card's ability: the zones of its player where the card must lie for `when` to hold (null: anywhere). See when-zones.ts. */
  whenZones: readonly number[] | null;
  /** The player `when` can hold for (whenPlayer): 'active', 'other' (not the active player), 'never', or null (anyone). */
  whenPlayer: 'active' | 'other' | 'never' | null;
  /** Whether `when` can hold only while the stack is empty (whenEmptyStack). */
  whenEmptyStack: boolean;
  /** The zone whose cards alone decide whether the first step can be made (first-step.ts), or -1. */
  firstZone: number;
  /** Whether `firstZone` is a shared zone (else the player's own). */
  firstZoneShared: boolean;
  /** Whether the first-step cache holds only while no card of `firstZone` has a card attached (first-step.ts). */
  firstBare: boolean;
  /** With a `firstZone`: its first step's `where` test of a card (`it`), else null. */
  firstTest: Ev | null;
  /** Its one step, where a trial would only count that step's candidates (first-step.ts onlyCounts), else null. */
  onlyPick: CompiledPick | null;
  condition: Ev | null;
  controller: Ev | null;
  steps: (CompiledPick | CompiledCost)[];
  effect: Ex;
  /** Its `target` steps (resolve checks their targets are still legal): a table, not a filter per request. */
  targetSteps: CompiledPick[];
}

export interface CompiledAura {
  ir: AuraIR;
  targets: Ev;
  by: Ev;
}

export interface CompiledRules {
  compiler: Compiler;
  /** The game's functions and procedures, as generated code calls them (`FN[i](c, arg…)`). */
  tables: CodeTables;
  actions: CompiledAction[];
  /** The actions a player may be offered in this format (not triggers), in order. */
  offerable: CompiledAction[];
  checks: { body: Ex; slots: number; cite: string }[];
  setupBody: Ex;
  /** The match's `between games` (before each game of a match after the first); null without one. */
  betweenGamesBody: Ex | null;
  turnBody: Ex;
  /** By card type, by field: the expression of a computed value (null for other fields). */
  valueFns: (Ev | null)[][];
  /**
   * By card type and field: for a value whose formula reads one of the card's own printed
   * attributes or states and nothing else (`value AP: number = this.ap`), that field's index
   * (readValue reads it without running the formula); -2 for a value whose formula is a constant
   * (`value blocked: bool = false`: valueConsts holds it); else -1.
   */
  valueFields: Int32Array[];
  /** By card type and field: a constant value's constant (valueFields -2). */
  valueConsts: unknown[][];
  /** Auras by the value field they change. */
  aurasByField: (CompiledAura[] | undefined)[];
  /** By game-defined event: what it does when it happens (its body, called with its arguments), or null. */
  eventBodies: (BodyFn | null)[];
  /** Every aura, in the IR's order. */
  auras: CompiledAura[];
  /** By card field: 1 when every aura on it only adds (readValue's short path), else 0. */
  auraAddOnly: Uint8Array;
  playerInits: Ev[];
  requestInits: Ev[];
  globalInits: Ev[];
  /** By card type: its states' initial values, as expressions (evaluated once per engine). */
  stateInitExprs: { field: number; init: Ev }[][];
  triggers: TriggerTables;
  /** The game's evaluation of a state for `me` (`evaluate = …`), for agents; null when it declares none. */
  evaluate: { expr: Ev; slots: number; cite: string } | null;
  /** The game's deck check (`deck check { … }`): each requirement compiled; null when it declares none. */
  deckCheck: { slots: number; cite: string; requirements: { each: { slot: number; list: Ev } | null; cond: Ev; reason: Ev; cite: string; loc: SrcLoc }[] } | null;
}

/** The triggers of this format, by the event they wait for. */
export interface TriggerTables {
  moved: CompiledAction[];
  /** On game-defined events (`on signal <event> …`), by event. */
  signal: Map<number, CompiledAction[]>;
  /** `instead` abilities: replacements of their card's moves. */
  replacements: CompiledAction[];
  resolved: Map<number, CompiledAction[]>;
  declared: Map<number, CompiledAction[]>;
  turnStart: CompiledAction[];
  turnEnd: CompiledAction[];
}

/** Compiles a game's rules for the engine `g` (generated code calls it) in a format of this level. */
/**
 * Whether a card's ability works for a card in zone `zone` (-1: in none) or attached under
 * another card: `while attached` only there, `while in …` only in those zones, else in any zone
 * but under another card (an attached card is a part of its host, not a card of the zone).
 */
export function worksAt(a: { sourceZone: number; sourceZones: number[] }, zone: number, attached: boolean): boolean {
  if (a.sourceZone === -2) return attached;
  if (attached || zone < 0) return false;
  if (a.sourceZone === -3) return a.sourceZones.includes(zone);
  return a.sourceZone < 0 || zone === a.sourceZone;
}

export function compileRules(ir: GameIR, g: EngineCalls, formatLevel: number, closures = false): CompiledRules {
  const tables: CodeTables = { FN: [], PR: [] };
  const c = new Compiler(g, tables, closures);
  // Filled in place: generated code holds these arrays, and may call a function or procedure
  // defined after it.
  for (const f of ir.functions) tables.FN.push(c.fn(f));
  for (const p of ir.procedures) tables.PR.push(c.procedure(p));
  const actions: CompiledAction[] = ir.actions.map((a, index) => ({
    ir: a,
    index,
    source: a.source,
    sourceZone: a.sourceZone,
    sourceZones: a.sourceZones,
    limit: a.limit,
    shared: a.sharedLimits.length ? a.sharedLimits.map((i) => ({ index: i, count: ir.limits[i]!.count, perCard: ir.limits[i]!.per === 'card' })) : null,
    slots: a.slots,
    cite: a.cite,
    when: a.when.map((w) => c.expr(w)),
    whenZones: a.source >= 0 ? whenZones(a.when, ir) : null,
    whenPlayer: whenPlayer(a.when, ir),
    whenEmptyStack: whenEmptyStack(a.when, ir, g.params),
    firstZone: -1,
    firstZoneShared: false,
    firstBare: false,
    firstTest: null,
    onlyPick: null,
    condition: a.condition ? c.expr(a.condition) : null,
    controller: a.controller ? c.expr(a.controller) : null,
    steps: a.steps.map((s): CompiledPick | CompiledCost =>
      s.kind === 'cost'
        ? { kind: 'cost', body: c.body(s.body, 'frame', a.slots), ir: null, from: null, min: null, max: null, minK: null, maxK: null, such: null, slot: -1, single: false, using: false, prompt: '', promptWords: null }
        : { kind: 'pick', body: null, ir: s, from: c.expr(s.from), min: c.expr(s.min), max: c.expr(s.max), minK: literalNumber(s.min), maxK: literalNumber(s.max), such: s.suchThat ? c.expr(s.suchThat) : null, slot: s.slot, single: s.single, using: s.kind === 'using', prompt: `${s.kind} ${s.name} for ${a.name}`, promptWords: phrase('prompt-pick', { kind: s.kind, name: s.name, action: a.name }) }),
    effect: c.body(a.effect, 'frame', a.slots),
    targetSteps: [],
  }));
  for (const a of actions) if (onlyCounts(a.ir, ir)) a.onlyPick = a.steps[0] as CompiledPick;
  for (const a of actions) {
    const first = a.ir.isTrigger ? null : firstStep(a.ir, ir);
    if (first === null) continue;
    a.firstZone = first.zone;
    a.firstBare = first.bare;
    a.firstZoneShared = ir.zones[a.firstZone]!.shared;
    const test = firstStepTest(a.ir);
    a.firstTest = test ? c.expr(test) : null;
  }
  for (const a of actions) a.targetSteps = a.steps.filter((s): s is CompiledPick => s.kind === 'pick' && s.ir.kind === 'target');
  const triggers: TriggerTables = { moved: [], signal: new Map(), replacements: [], resolved: new Map(), declared: new Map(), turnStart: [], turnEnd: [] };
  for (const a of actions) {
    if (!a.ir.isTrigger || !a.ir.event || a.ir.level > formatLevel) continue;
    const ev = a.ir.event;
    if (a.ir.replaces) triggers.replacements.push(a);
    else if (ev.kind === 'signal') pushTo(triggers.signal, ev.event, a);
    else if (ev.kind === 'moved') triggers.moved.push(a);
    else if (ev.kind === 'resolved') pushTo(triggers.resolved, ev.action, a);
    else if (ev.kind === 'declared') pushTo(triggers.declared, ev.action, a);
    else if (ev.kind === 'turnStart') triggers.turnStart.push(a);
    else triggers.turnEnd.push(a);
  }
  const aurasByField: (CompiledAura[] | undefined)[] = [];
  const auras: CompiledAura[] = [];
  const auraAddOnly = new Uint8Array(ir.cardFields.length).fill(1);
  for (const a of ir.auras ?? []) {
    const compiled = { ir: a, targets: c.expr(a.targets), by: c.expr(a.by) };
    auras.push(compiled);
    (aurasByField[a.field] ??= []).push(compiled);
    if (a.op !== 'add') auraAddOnly[a.field] = 0;
  }
  return {
    compiler: c,
    tables,
    actions,
    offerable: actions.filter((a) => !a.ir.isTrigger && a.ir.level <= formatLevel),
    checks: ir.checks.map((k) => ({ body: c.body(k.body, 'vars', k.slots), slots: k.slots, cite: k.cite })),
    setupBody: c.body(ir.setup.body, 'vars', ir.setup.slots, true),
    betweenGamesBody: ir.match?.betweenGames ? c.body(ir.match.betweenGames.body, 'vars', ir.match.betweenGames.slots, true) : null,
    turnBody: c.body(ir.turn.body, 'vars', ir.turn.slots, true),
    valueFields: ir.cardTypes.map((t) => {
      const row = new Int32Array(ir.cardFields.length).fill(-1);
      for (const v of t.values) {
        const e = v.expr;
        if (e.kind === 'cardField' && e.card.kind === 'builtin' && e.card.name === 'this' && ir.cardFields[e.field]!.kind !== 'value') row[v.field] = e.field;
        else if (e.kind === 'lit') row[v.field] = -2;
      }
      return row;
    }),
    valueConsts: ir.cardTypes.map((t) => {
      const row: unknown[] = new Array(ir.cardFields.length).fill(null);
      for (const v of t.values) if (v.expr.kind === 'lit') row[v.field] = v.expr.value;
      return row;
    }),
    valueFns: ir.cardTypes.map((t) => {
      const row: (Ev | null)[] = new Array(ir.cardFields.length).fill(null);
      for (const v of t.values) row[v.field] = c.expr(v.expr);
      return row;
    }),
    aurasByField,
    eventBodies: ir.events.map((e) => (e.body.length ? c.procedure({ name: e.name, params: e.params, slots: e.slots, body: e.body, cite: e.cite, loc: e.loc }) : null)),
    auras,
    auraAddOnly,
    playerInits: ir.playerStates.map((v) => c.expr(v.init)),
    requestInits: (ir.requestStates ?? []).map((v) => c.expr(v.init)),
    globalInits: ir.globalStates.map((v) => c.expr(v.init)),
    stateInitExprs: ir.cardTypes.map((t) => t.stateInits.map((s) => ({ field: s.field, init: c.expr(s.init) }))),
    triggers,
    evaluate: ir.evaluate ? { expr: c.expr(ir.evaluate.expr), slots: ir.evaluate.slots, cite: ir.evaluate.cite } : null,
    deckCheck: ir.deckCheck
      ? {
          slots: ir.deckCheck.slots,
          cite: ir.deckCheck.cite,
          requirements: ir.deckCheck.requirements.map((r) => ({ each: r.each ? { slot: r.each.slot, list: c.expr(r.each.list) } : null, cond: c.expr(r.cond), reason: c.expr(r.reason), cite: r.cite, loc: r.loc })),
        }
      : null,
  };
}

/** The number an expression is written as (a literal), else null. */
function literalNumber(e: Expr): number | null {
  return e.kind === 'lit' && typeof e.value === 'number' ? e.value : null;
}

function pushTo<K, V>(m: Map<K, V[]>, k: K, v: V): void {
  const l = m.get(k);
  if (l) l.push(v);
  else m.set(k, [v]);
}
