/**
 * The generic engine: runs a compiled game (IR), asking the host's decider whenever a player
 * must choose, and finishes with a `GameResult`. Synchronous: no generators, no suspension; a
 * host that wants to step through a game replays it (the seed plus the answers).
 *
 * It knows zones, cards, players, a response stack, triggers, windows, modifiers and
 * decisions — and no game. Every rule comes from the IR.
 */
import type { ActionIR, AuraIR, Expr, GameIR, PickIR, SrcLoc, Stmt } from '../compiler/ir.ts';
import { Compiler, Impossible, asList, type Ctx, type Ev, type Ex } from './compile.ts';
import { generatedStores, type CodeTables } from './codegen.ts';
import { ActionDecision, ModeDecision, PickDecision, type Decision, type DecisionOption } from './decisions.ts';
import { Card, Journal, Player, Request, Zone } from './model.ts';
import { Rng } from './rng.ts';
import { cardLabel, viewFor, type PlayerView, type ViewSource } from './view.ts';
import { whenPlayer, whenZones } from './when-zones.ts';

export type { Decision, DecisionOption } from './decisions.ts';

export interface LogEvent {
  seq: number;
  turn: number;
  kind: string;
  text: string;
  player: string | null;
  cite: string;
  loc: SrcLoc | null;
}

export interface GameResult {
  winner: string | null; // player name, or null for a draw
  loser: string | null;
  reason: string;
  cite: string;
  /**
   * Set when the engine stopped the game at one of its limits rather than the rules ending it
   * (a draw in `winner`/`loser`, but not a real one): `steps` (EngineOptions.maxSteps) or
   * `trigger-chain` (EngineOptions.maxTriggerChain).
   */
  stopped?: 'steps' | 'trigger-chain';
}

export interface EngineOptions {
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
  onLog?: (event: LogEvent, engine: Engine) => void;
  /**
   * Called at every step outside trials (a loop's turn, a player offered actions, a trigger),
   * before the step runs, with the rule text it runs: for checks of the state between steps
   * (`play --check-invariants`). It must not change the state; it may throw to stop the game.
   * Unset, it costs nothing.
   */
  onStep?: (engine: Engine, loc: SrcLoc | null) => void;
}

/** Answers a decision with the index of one of its options. */
export type Decider = (d: Decision) => number;

/** Thrown by a host's decider to stop a run at that decision, leaving the state as it is. */
export class StopRun {
  constructor(readonly decision: Decision) {}
}

class GameOver {
  constructor(readonly result: GameResult) {}
}

/** The statement lists nested in a statement (if/else, loops, cite groups, modes). */
function childBlocks(st: Stmt): Stmt[][] {
  switch (st.kind) {
    case 'if':
      return [st.then, st.else];
    case 'forEach':
    case 'repeat':
    case 'while':
    case 'cite':
      return [st.body];
    case 'chooseMode':
      return st.options.map((o) => o.body);
    default:
      return [];
  }
}

/** Thrown when a trial declaration reaches a `win`/`lose`/`draw`: the declaration is possible. */
class TrialEndsGame {}

const PASS = Symbol('pass');

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

interface CompiledAction {
  ir: ActionIR;
  index: number;
  when: Ev[];
  /** For a card's ability: the zones of its player where the card must lie for `when` to hold (null: anywhere). See when-zones.ts. */
  whenZones: number[] | null;
  /** The player `when` can hold for (whenPlayer): 'active', 'other' (not the active player), 'never', or null (anyone). */
  whenPlayer: 'active' | 'other' | 'never' | null;
  condition: Ev | null;
  controller: Ev | null;
  /** minK/maxK: `min`/`max` when they are written as a number (no call to read them). */
  steps: ({ kind: 'pick'; ir: PickIR; from: Ev; min: Ev; max: Ev; minK: number | null; maxK: number | null; such: Ev | null } | { kind: 'cost'; body: Ex })[];
  effect: Ex;
  /** Its `target` steps (resolve checks their targets are still legal): a table, not a filter per request. */
  targetSteps: PickStep[];
}

type PickStep = Extract<CompiledAction['steps'][number], { kind: 'pick' }>;

interface CompiledAura {
  ir: AuraIR;
  targets: Ev;
  by: Ev;
}

interface PendingTrigger {
  action: CompiledAction;
  controller: Player;
  frame: unknown[];
  /** For a card's ability: the card (its `this`). */
  source: Card | null;
}

/** See Engine.abilityIndex. */
interface AbilityIndex {
  zones: number[];
  byZoneDef: (number[] | undefined)[][];
  indexed: boolean[];
  rest: number[];
}

/** See Engine.abilitiesInZones: the cards found for each offerable ability, and which have any. */
interface AbilityScratch {
  found: Card[][];
  touched: number[];
}

/** An action a player may take now; for a card's ability, with the card that has it. */
interface Offer {
  action: CompiledAction;
  source: Card | null;
}

export class Engine implements ViewSource {
  readonly params: unknown[];
  // The game's state: rebuilt by reset() for each new game, the compiled rules kept.
  players: Player[] = [];
  sharedZones: Zone[] = [];
  globals: unknown[] = [];
  rng: Rng;
  journal = new Journal();
  log: LogEvent[] = [];
  readonly formatLevel: number;
  readonly format: string;
  active!: Player;
  turn = 0;
  result: GameResult | null = null;
  steps = 0;
  decisions = 0;
  hash = 0x811c9dc5;

  private compiler: Compiler;
  private actions: CompiledAction[];
  /** The game's functions and procedures, as generated code calls them (`FN[i](c, arg…)`). */
  private tables: CodeTables = { FN: [], PR: [] };
  private valueCtx!: Ctx;
  private checks: { body: Ex; slots: number; cite: string }[];
  private setupBody: Ex;
  private turnBody: Ex;
  private valueFns: (Ev | null)[][];
  private stateInits: { field: number; value: unknown }[][];
  /** By card type: its states back to their initial values, `keep` states excepted (what a zone change resets), as generated stores. */
  private resetStates: ((f: unknown[]) => void)[] = [];
  private stack: Request[] = [];
  private cards: Card[] = [];
  /** The cards of each definition (card abilities look their cards up here, not in every card). */
  private cardsByDef: (Card[] | null)[] = [];
  private pendingImmediate: PendingTrigger[] = [];
  private pendingNormal: PendingTrigger[] = [];
  private usesThisTurn = new Map<number, number>();
  private endTurnRequested = false;
  private modifiedCards = new Set<Card>();
  private trial = 0;
  private nextRequestId = 1;
  private labelsField: number;
  private logging: boolean;
  private maxSteps: number;
  private maxTriggerChain: number;
  /** Triggers run since a player was last offered an action (not only a pass) or a turn started (see maxTriggerChain). */
  private triggerChain = 0;
  /** Triggers running inside one another now (an instant trigger runs inside the effect that fired it). */
  private triggerDepth = 0;
  private askSingleActions: boolean;
  private askForced: boolean;
  private onLog: ((event: LogEvent, engine: Engine) => void) | null;
  private onStep: ((engine: Engine, loc: SrcLoc | null) => void) | null;
  private triggersMoved: CompiledAction[] = [];
  /** Triggers on game-defined events (`on signal <event> …`), by event. */
  private triggersSignal = new Map<number, CompiledAction[]>();
  /** `instead` abilities: replacements of their card's moves. */
  private replacements: CompiledAction[] = [];
  /** `replacements` by the card definition they belong to (see replaceMove). */
  private replacementsByDef = new Map<number, CompiledAction[]>();
  /** Cards whose move is being replaced now: a replacement never replaces its own move. */
  private replacing = new Set<Card>();
  private triggersResolved = new Map<number, CompiledAction[]>();
  private triggersDeclared = new Map<number, CompiledAction[]>();
  private triggersTurnStart: CompiledAction[] = [];
  private triggersTurnEnd: CompiledAction[] = [];

  constructor(
    readonly ir: GameIR,
    opts: EngineOptions,
  ) {
    this.rng = new Rng(opts.seed);
    this.logging = opts.log ?? false;
    this.maxSteps = opts.maxSteps ?? 1_000_000;
    this.maxTriggerChain = opts.maxTriggerChain ?? DEFAULT_MAX_TRIGGER_CHAIN;
    this.askSingleActions = opts.askSingleActions ?? false;
    this.askForced = opts.askForced ?? false;
    this.onLog = opts.onLog ?? null;
    this.onStep = opts.onStep ?? null;
    const format = ir.game.formats.find((f) => f.name === (opts.format ?? ir.game.defaultFormat));
    if (!format) throw new Error(`unknown format '${opts.format}'; the formats are ${ir.game.formats.map((f) => f.name).join(', ')}`);
    this.format = format.name;
    this.formatLevel = format.level;
    this.params = ir.params.map((p) => (opts.params && p.name in opts.params ? opts.params[p.name] : p.value));
    this.labelsField = ir.cardFields.findIndex((f) => f.name === 'labels');
    this.compiler = new Compiler(this, this.tables);
    const c = this.compiler;
    // Filled in place: generated code holds these arrays, and may call a function or procedure
    // defined after it.
    for (const f of ir.functions) this.tables.FN.push(c.fn(f));
    for (const p of ir.procedures) this.tables.PR.push(c.procedure(p));
    this.actions = ir.actions.map((a, index) => ({
      ir: a,
      index,
      when: a.when.map((w) => c.expr(w)),
      whenZones: a.source >= 0 ? whenZones(a.when, ir) : null,
      whenPlayer: whenPlayer(a.when, ir),
      condition: a.condition ? c.expr(a.condition) : null,
      controller: a.controller ? c.expr(a.controller) : null,
      steps: a.steps.map((s) => (s.kind === 'cost' ? { kind: 'cost' as const, body: c.body(s.body, 'frame', a.slots) } : { kind: 'pick' as const, ir: s, from: c.expr(s.from), min: c.expr(s.min), max: c.expr(s.max), minK: literalNumber(s.min), maxK: literalNumber(s.max), such: s.suchThat ? c.expr(s.suchThat) : null })),
      effect: c.body(a.effect, 'frame', a.slots),
      targetSteps: [],
    }));
    for (const a of this.actions) a.targetSteps = a.steps.filter((s): s is PickStep => s.kind === 'pick' && s.ir.kind === 'target');
    for (const a of this.actions) {
      if (!a.ir.isTrigger || !a.ir.event || a.ir.level > this.formatLevel) continue;
      const ev = a.ir.event;
      if (a.ir.replaces) this.replacements.push(a);
      else if (ev.kind === 'signal') pushTo(this.triggersSignal, ev.event, a);
      else if (ev.kind === 'moved') this.triggersMoved.push(a);
      else if (ev.kind === 'resolved') pushTo(this.triggersResolved, ev.action, a);
      else if (ev.kind === 'declared') pushTo(this.triggersDeclared, ev.action, a);
      else if (ev.kind === 'turnStart') this.triggersTurnStart.push(a);
      else this.triggersTurnEnd.push(a);
    }
    this.checks = ir.checks.map((k) => ({ body: c.body(k.body, 'vars', k.slots), slots: k.slots, cite: k.cite }));
    this.setupBody = c.body(ir.setup.body, 'vars', ir.setup.slots);
    this.turnBody = c.body(ir.turn.body, 'vars', ir.turn.slots);
    this.valueFns = ir.cardTypes.map((t) => {
      const row: (Ev | null)[] = new Array(ir.cardFields.length).fill(null);
      for (const v of t.values) row[v.field] = c.expr(v.expr);
      return row;
    });
    for (const a of ir.auras ?? []) {
      (this.aurasByField[a.field] ??= []).push({ ir: a, targets: c.expr(a.targets), by: c.expr(a.by) });
    }
    this.playerInits = ir.playerStates.map((v) => c.expr(v.init));
    this.requestInits = (ir.requestStates ?? []).map((v) => c.expr(v.init));
    this.globalInits = ir.globalStates.map((v) => c.expr(v.init));
    this.newPlayers();
    const constCtx = this.newCtx([], this.active, '');
    this.stateInits = ir.cardTypes.map((t) => t.stateInits.map((s) => ({ field: s.field, value: c.expr(s.init)(constCtx) })));
    this.stateInits.forEach((list, t) => {
      const reset = list.filter((s) => !ir.cardFields[s.field]!.keep);
      this.resetStates.push(generatedStores(ir.cardTypes[t]!, reset.map((s) => s.field), reset.map((s) => s.value)));
    });
  }

  private playerInits: Ev[];
  /** Auras by the value field they change. */
  private aurasByField: (CompiledAura[] | undefined)[] = [];
  private requestInits: Ev[] = [];
  private globalInits: Ev[];

  /** Players with their zones and initial states, shared zones, global states. */
  private newPlayers(): void {
    const ir = this.ir;
    this.players = [];
    this.sharedZones = [];
    for (let i = 0; i < ir.game.players; i++) {
      const p = new Player(i, `p${i + 1}`);
      ir.zones.forEach((z, zi) => {
        if (!z.shared) p.zones[zi] = new Zone(zi, z.name, p);
      });
      this.players.push(p);
    }
    ir.zones.forEach((z, zi) => {
      if (z.shared) this.sharedZones[zi] = new Zone(zi, z.name, null);
    });
    this.active = this.players[0]!;
    for (const p of this.players) {
      const ctx = this.newCtx([], p, '');
      p.vars = this.playerInits.map((init) => init(ctx));
    }
    const ctx = this.newCtx([], this.active, '');
    this.globals = this.globalInits.map((init) => init(ctx));
  }

  /**
   * A new game with another seed, keeping the compiled rules: a batch of games reuses one
   * engine instead of compiling the rules into closures again for each game.
   */
  reset(seed: number): void {
    this.rng = new Rng(seed);
    this.journal = new Journal();
    this.log = [];
    this.turn = 0;
    this.result = null;
    this.steps = 0;
    this.triggerChain = 0;
    this.triggerDepth = 0;
    this.decisions = 0;
    this.hash = 0x811c9dc5;
    this.stack = [];
    // The last game's cards are made anew for this one (createCard): no allocation per card
    // and game, and no cards for the garbage collector. (A host keeps nothing across a reset:
    // the engine's whole state is the new game's.)
    if (this.cards.length >= this.cardPool.length) this.cardPool = this.cards;
    this.cards = [];
    // Dense, one entry per definition: assigned out of order, a sparse array becomes a slow dictionary.
    this.cardsByDef = [];
    for (let i = 0; i < this.ir.cards.length; i++) this.cardsByDef.push(null);
    this.pendingImmediate = [];
    this.pendingNormal = [];
    this.instantQueue = [];
    this.usesThisTurn.clear();
    this.endTurnRequested = false;
    this.modifiedCards.clear();
    this.replacing.clear();
    this.trial = 0;
    this.nextRequestId = 1;
    this.newPlayers();
  }

  // ------------------------------------------------------------ driving

  /**
   * Plays a whole game — setup, then turns — asking `decide` at every decision, and returns the
   * result; or null when `decide` threw `StopRun` (the state then stays as it was at that
   * decision). Runs synchronously: a replay is the seed plus the answers.
   */
  run(decide: Decider): GameResult | null {
    return this.drive(decide, () => this.runGame());
  }

  /**
   * Plays on from a point of the game (scenarios; the caller has set up the position): `setup`
   * (the whole game), `turn` (the start of the active player's turn), or the name of a window of
   * the turn.
   */
  runFrom(start: string, decide: Decider): GameResult | null {
    if (start === 'setup') return this.run(decide);
    if (start === 'turn') {
      return this.drive(decide, () => {
        try {
          this.turn = Math.max(0, this.turn - 1);
          this.turnLoop(false);
        } catch (e) {
          if (!(e instanceof GameOver)) throw e;
        }
      });
    }
    return this.drive(decide, () => this.runFromWindow(start));
  }

  private drive(decide: Decider, body: () => void): GameResult | null {
    this.decide = decide;
    try {
      body();
    } catch (e) {
      if (e instanceof StopRun) return null;
      throw e;
    }
    if (!this.result) this.result = { winner: null, loser: null, reason: 'the game flow ended', cite: '' };
    return this.result;
  }

  private decide: Decider = () => {
    throw new Error('no decider: call run() or runFrom()');
  };

  private runGame(): void {
    try {
      const ctx = this.newCtx(new Array(this.ir.setup.slots), this.active, this.ir.setup.cite);
      this.emitLog('setup', 'setup', null, ctx.cite, this.ir.setup.loc);
      this.setupBody(ctx);
      this.turnLoop(false);
    } catch (e) {
      if (!(e instanceof GameOver)) throw e;
    }
  }

  private runFromWindow(name: string): void {
    try {
      if (this.turn === 0) this.turn = 1;
      const flags = this.windowFlags(name);
      this.window(name, flags.passable, flags.open);
      // The rest of the turn after that window (an end phase written after it) runs too.
      const rest = this.afterWindow(name);
      if (rest) rest(this.newCtx(new Array(this.ir.turn.slots), this.active, this.ir.turn.cite));
      this.endOfTurn();
      this.turnLoop(true);
    } catch (e) {
      if (!(e instanceof GameOver)) throw e;
    }
  }

  /**
   * The statements of the turn that follow its window of that name (found at the top level or in
   * `cite` groups), preceded by the turn's top-level `let`s so the names they bind still exist.
   */
  private afterWindow(name: string): Ex | null {
    const rest = (stmts: Stmt[]): Stmt[] | null => {
      for (let i = 0; i < stmts.length; i++) {
        const st = stmts[i]!;
        if (st.kind === 'window' && st.name === name) return stmts.slice(i + 1);
        if (st.kind === 'cite') {
          const inner = rest(st.body);
          if (inner) return [{ ...st, body: inner }, ...stmts.slice(i + 1)];
        }
      }
      return null;
    };
    const body = this.ir.turn.body;
    const after = rest(body);
    if (!after || after.length === 0) return null;
    const holder = body.findIndex((st) => (st.kind === 'window' && st.name === name) || (st.kind === 'cite' && rest(st.body) !== null));
    const lets = body.slice(0, holder).filter((st) => st.kind === 'let');
    return this.compiler.body([...lets, ...after], 'vars', this.ir.turn.slots);
  }

  /** Whether the turn's window of that name is `passable` and `open` (a scenario starts in it). */
  private windowFlags(name: string): { passable: boolean; open: boolean } {
    const find = (stmts: Stmt[]): { passable: boolean; open: boolean } | undefined => {
      for (const st of stmts) {
        if (st.kind === 'window' && st.name === name) return { passable: st.passable, open: st.open };
        for (const inner of childBlocks(st)) {
          const r = find(inner);
          if (r !== undefined) return r;
        }
      }
      return undefined;
    };
    return find(this.ir.turn.body) ?? { passable: false, open: false };
  }

  private turnLoop(passFirst: boolean): void {
    if (passFirst) this.active = this.nextPlayer(this.active);
    for (;;) {
      // The game ends before a turn past the limit starts: `turn` stays at the limit.
      if (this.turn >= this.ir.game.maxTurns) this.finish('draw', null, `the game reached ${this.ir.game.maxTurns} turns`, null, null);
      this.turn++;
      // (Map.clear allocates a new table even when the map is empty.)
      if (this.usesThisTurn.size) this.usesThisTurn.clear();
      this.endTurnRequested = false;
      this.triggerChain = 0;
      if (this.logging) this.emitLog('turn', `turn ${this.turn}: ${this.active.name}`, this.active, this.ir.turn.cite, this.ir.turn.loc);
      this.fireSimple(this.triggersTurnStart);
      this.settle();
      const ctx = this.newCtx(new Array(this.ir.turn.slots), this.active, this.ir.turn.cite);
      this.turnBody(ctx);
      this.endOfTurn();
      this.active = this.nextPlayer(this.active);
    }
  }

  private endOfTurn(): void {
    this.fireSimple(this.triggersTurnEnd);
    this.settle();
    if (this.modifiedCards.size === 0) return;
    for (const card of this.modifiedCards) {
      if (card.mods) card.mods = card.mods.filter((m) => !m.untilEndOfTurn);
      if (card.mods && card.mods.length === 0) card.mods = null;
    }
    this.modifiedCards.clear();
  }

  // ------------------------------------------------------------ contexts and values

  newCtx(frame: unknown[], me: Player, cite: string): Ctx {
    return { frame, me, it: null, thisCard: null, request: null, declaring: false, cite };
  }

  nextPlayer(p: Player): Player {
    return this.players[(p.index + 1) % this.players.length]!;
  }

  /** The players in turn order from `p`: one list per player, made once (no one changes it: see H.stable). */
  playersFrom(p: Player): Player[] {
    let out = this.playerOrders[p.index];
    if (!out || out[0] !== p) {
      out = [];
      for (let i = 0; i < this.players.length; i++) out.push(this.players[(p.index + i) % this.players.length]!);
      this.playerOrders[p.index] = out;
    }
    return out;
  }

  private playerOrders: Player[][] = [];

  stackTopFirst(): Request[] {
    const s = this.stack;
    const out: Request[] = [];
    for (let i = s.length - 1; i >= 0; i--) out.push(s[i]!);
    return out;
  }

  /** Calls a procedure (from a closure body; generated code calls `PR[p]` directly). */
  callProcedure(p: number, args: Ev[], caller: Ctx): void {
    // Arguments are read in the caller's frame, before the procedure runs.
    const values = args.map((a) => a(caller));
    this.tables.PR[p]!(caller, ...values);
  }

  readValue(card: Card | null, field: number): unknown {
    if (!card) return null;
    const fn = this.valueFns[card.type]![field];
    let v: unknown = null;
    if (fn) {
      // One context serves every value read; nested reads save and restore it.
      const ctx = (this.valueCtx ??= this.newCtx([], card.owner, ''));
      const savedThis = ctx.thisCard;
      const savedMe = ctx.me;
      const savedIt = ctx.it;
      ctx.thisCard = card;
      ctx.me = card.owner;
      ctx.it = null;
      try {
        v = fn(ctx);
      } finally {
        ctx.thisCard = savedThis;
        ctx.me = savedMe;
        ctx.it = savedIt;
      }
    }
    let scaled = false;
    if (card.mods && typeof v === 'number') {
      for (const m of card.mods) {
        if (m.field !== field) continue;
        if (m.op === 'add') v = (v as number) + m.by;
        else scaled = true;
      }
    }
    const auras = this.aurasByField[field];
    if (auras && typeof v === 'number' && !this.inAura) v = (v as number) + this.auraBonus(card, auras);
    // Doubling and halving apply to the total, after every addition (SM-10.4's reading).
    if (scaled) {
      for (const m of card.mods!) {
        if (m.field !== field || m.op === 'add') continue;
        v = m.op === 'mul' ? (v as number) * m.by : m.by === 0 ? v : Math.floor((v as number) / m.by);
      }
    }
    return v;
  }

  /**
   * What the cards' continuous effects add to this card's value. While an aura's own lists and
   * amounts are evaluated, auras do not apply (an aura reading values cannot loop into itself).
   */
  private auraBonus(card: Card, auras: CompiledAura[]): number {
    let total = 0;
    this.inAura = true;
    try {
      // One context for every source: auras never nest (see inAura), and nothing keeps it.
      const ctx = (this.auraCtx ??= this.newCtx([], this.active, ''));
      for (const a of auras) {
        const sources = this.cardsWhere(a.ir.source, a.ir.sourceZone, null);
        for (let i = 0; i < sources.length; i++) {
          const src = sources[i]!;
          ctx.frame = a.ir.slots > 0 ? new Array(a.ir.slots) : NO_SLOTS;
          ctx.me = this.controllerOf(src);
          ctx.cite = a.ir.cite;
          ctx.thisCard = src;
          ctx.it = null;
          if (!asList(a.targets(ctx)).includes(card)) continue;
          ctx.it = card;
          total += Number(a.by(ctx)) || 0;
        }
      }
    } finally {
      this.inAura = false;
    }
    return total;
  }

  private inAura = false;
  private auraCtx: Ctx | null = null;

  labelsOf(x: unknown): string[] {
    if (x instanceof Card) return this.labelsField >= 0 ? (asList(this.readValue(x, this.labelsField)) as string[]) : [];
    if (x instanceof Request) return this.ir.actions[x.action]!.tags.map((t) => this.ir.labels[t]!.name);
    return [];
  }

  targetsOf(r: Request): unknown[] {
    const out: unknown[] = [];
    for (const s of this.actions[r.action]!.steps) {
      if (s.kind === 'pick' && s.ir.kind === 'target') {
        const v = r.frame[s.ir.slot];
        if (s.ir.single) {
          if (v !== null && v !== undefined) out.push(v);
        } else out.push(...asList(v));
      }
    }
    return out;
  }

  // ------------------------------------------------------------ state changes (journaled)

  setCardField(card: Card, f: number, v: unknown): void {
    const old = card.f[f];
    card.f[f] = v;
    if (this.journal.depth > 0) this.journal.cardField(card, f, old);
  }

  setFacedown(card: Card, v: boolean): void {
    const old = card.facedown;
    card.facedown = v;
    if (this.journal.depth > 0) this.journal.record(() => (card.facedown = old));
  }

  setPlayerVar(p: Player, f: number, v: unknown): void {
    const old = p.vars[f];
    p.vars[f] = v;
    if (this.journal.depth > 0) this.journal.vars(p, f, old);
  }

  setRequestVar(r: Request, f: number, v: unknown): void {
    const old = r.vars[f];
    r.vars[f] = v;
    if (this.journal.depth > 0) this.journal.vars(r, f, old);
  }

  setGlobal(f: number, v: unknown): void {
    const old = this.globals[f];
    this.globals[f] = v;
    if (this.journal.depth > 0) this.journal.record(() => (this.globals[f] = old));
  }

  setActive(p: Player): void {
    const old = this.active;
    this.active = p;
    if (this.journal.depth > 0) this.journal.record(() => (this.active = old));
  }

  /**
   * Zone lists change in place; inside a trial (or a declaration), the change is journaled as
   * its inverse (put the card back at its place; take it off again), undone in reverse order, so
   * the list is as it was. (Readers that keep a list across changes take a copy: `for each`,
   * `move`, `choose order`.)
   */
  private removeFromZone(z: Zone, card: Card): void {
    // In place, by hand: `splice` allocates the list of what it removes. The first card (the
    // top, as when drawing) by `shift`, which V8 does without moving the others.
    const a = z.cards;
    const i = a.indexOf(card);
    if (i < 0) return;
    if (i === 0) a.shift();
    else {
      for (let j = i + 1; j < a.length; j++) a[j - 1] = a[j]!;
      a.pop();
    }
    if (this.journal.depth > 0) this.journal.removed(z, i, card);
  }

  private addToZone(z: Zone, card: Card, top: boolean): void {
    if (top) z.cards.unshift(card);
    else z.cards.push(card);
    if (this.journal.depth > 0) this.journal.added(z, top);
  }

  private setZoneCards(z: Zone, cards: Card[]): void {
    const old = z.cards;
    z.cards = cards;
    if (this.journal.depth > 0) this.journal.record(() => (z.cards = old));
  }

  private placeCard(card: Card, zone: Zone | null, host: Card | null): void {
    // Journaled inside a trial: the place, and what a move resets (its states by a copy of the fields).
    if (this.journal.depth > 0) this.journal.placed(card, card.zone, card.host, card.entered, card.f.slice(), card.mods, card.facedown, card.revealedTo);
    card.zone = zone;
    card.host = host;
    card.revealedTo = 0;
  }

  createCard(def: number, zone: Zone): Card {
    const d = this.ir.cards[def]!;
    const owner = zone.player ?? this.active;
    const id = this.cards.length + 1;
    // The card with this id in an earlier game of this engine, made anew; or a new card.
    const reused = this.cardPool[id - 1];
    let card: Card;
    if (reused) {
      card = reused;
      card.renew(id, def, d.name, d.type, owner, this.fieldsOf(def));
    } else card = new Card(id, def, d.name, d.type, owner, this.fieldsOf(def).slice());
    card.zone = zone;
    card.entered = 0;
    this.cards.push(card);
    (this.cardsByDef[def] ??= []).push(card);
    zone.cards.push(card);
    return card;
  }

  /** Cards of earlier games, reused by createCard (see reset). */
  private cardPool: Card[] = [];

  /** Each card definition's fields as a new card has them: built once, copied for each card. */
  private cardTemplates: unknown[][] = [];

  private fieldsOf(def: number): unknown[] {
    let f = this.cardTemplates[def];
    if (!f) {
      const d = this.ir.cards[def]!;
      // Pushed one by one, not `new Array(n)`: a packed array, which V8 copies and reads faster.
      f = [];
      for (let i = 0; i < this.ir.cardFields.length; i++) f.push(null);
      for (const a of d.attrs) f[a.field] = a.value;
      // A new card starts with every state at its initial value, `keep` states included.
      for (const s of this.stateInits[d.type]!) f[s.field] = s.value;
      this.cardTemplates[def] = f;
    }
    return f;
  }

  /** Undoes the last `createCard` (a `create every … where` filter refused the card). */
  uncreateCard(card: Card): void {
    if (this.cards[this.cards.length - 1] !== card) throw new Error('only the card created last can be unmade');
    this.cards.pop();
    this.cardsByDef[card.def]!.pop();
    const z = card.zone!;
    z.cards.splice(z.cards.indexOf(card), 1);
    card.zone = null;
  }

  // Small reads the generated expression code calls (runtime/codegen.ts).
  cardTitle(k: Card | null): string | null {
    return k ? this.ir.cards[k.def]!.title : null;
  }

  targetsOfOrNone(r: Request | null): unknown[] {
    return r ? this.targetsOf(r) : [];
  }

  actionOf(r: Request | null): string | null {
    return r ? this.ir.actions[r.action]!.name : null;
  }

  randomOf(l: unknown): unknown {
    const xs = asList(l);
    return xs.length ? xs[this.rng.below(xs.length)] : null;
  }

  enteredThisTurn(k: Card | null): boolean {
    return !!k && k.entered === this.turn;
  }

  /** What `player` may see of the state (null: the judge, who sees everything). See view.ts. */
  view(player: Player | null): PlayerView {
    return viewFor(this, player);
  }

  stackRequests(): readonly Request[] {
    return this.stack;
  }

  actionName(index: number): string {
    return this.ir.actions[index]!.name;
  }

  cardValue(card: Card, field: number): unknown {
    return this.readValue(card, field);
  }

  /** An option as the deciding player may see it: a hidden card is named by where it lies. */
  optionLabel(player: Player, c: unknown): string {
    if (Array.isArray(c)) return c.map((x) => this.optionLabel(player, x)).join(' + ');
    if (c instanceof Request) return this.ir.actions[c.action]!.name;
    if (c instanceof Card) return cardLabel(this, player, c);
    return String(c);
  }

  allCards(): readonly Card[] {
    return this.cards;
  }

  /** Card states back to their initial values (those marked `keep` excepted), modifiers gone. */
  private resetState(card: Card): void {
    this.resetStates[card.type]!(card.f);
    card.mods = null;
  }

  /** Removes a card from wherever it is (a zone, or attached to a host). */
  private lift(card: Card): void {
    if (card.host) {
      const h = card.host;
      const old = h.attached;
      h.attached = old.filter((x) => x !== card);
      if (this.journal.depth > 0) this.journal.record(() => (h.attached = old));
    } else if (card.zone) {
      this.removeFromZone(card.zone, card);
    }
  }

  /** Moves cards, then runs the instant triggers the moves fired (inside the causing effect). */
  moveCards(cards: Card[], to: Zone, position: 'top' | 'bottom' | 'default', face: 'facedown' | 'faceup' | 'default', ctx: Ctx, loc: SrcLoc | null): void {
    this.moveCardsNow(cards, to, position, face, ctx, loc);
    if (this.trial === 0) {
      // Instant triggers run now, inside the effect that caused them.
      while (this.instantQueue.length) {
        const t = this.instantQueue.shift()!;
        this.runTrigger(t);
      }
    }
  }

  /** Moves cards and fires the triggers that watch the moves (instant ones are queued). */
  moveCardsNow(cards: Card[], to: Zone, position: 'top' | 'bottom' | 'default', face: 'facedown' | 'faceup' | 'default', ctx: Ctx, loc: SrcLoc | null): void {
    const zoneIr = this.ir.zones[to.def]!;
    // Who moved from where — kept only when a log line or a trigger will read it.
    const moved: { card: Card; from: number }[] | null = this.logging || (this.trial === 0 && this.triggersMoved.length > 0) ? [] : null;
    for (let k = 0; k < cards.length; k++) {
      const card = cards[k]!;
      if (!card) continue;
      const fromZone = card.host ? card.host.zone : card.zone;
      const from = fromZone ? fromZone.def : -1;
      if (this.replacements.length && this.replaceMove(card, from, to.def)) continue;
      this.lift(card);
      // A card with attachments moving to a zone that has none: its attached cards go along separately.
      let carried: Card[] | null = null;
      if (card.attached.length && !zoneIr.attachments) {
        carried = card.attached;
        card.attached = [];
        if (this.journal.depth > 0) this.journal.record(() => (card.attached = carried!));
      }
      this.placeCard(card, to, null);
      if (fromZone !== to) {
        this.resetState(card);
        card.entered = this.turn;
      }
      if (face !== 'default') card.facedown = face === 'facedown';
      else if (fromZone !== to) card.facedown = false;
      this.addToZone(to, card, position === 'top');
      moved?.push({ card, from });
      this.mix(card.id * 31 + to.def);
      if (carried) {
        for (const c of carried) {
          this.placeCard(c, to, null);
          this.resetState(c);
          c.entered = this.turn;
          c.facedown = false;
          this.addToZone(to, c, position === 'top');
          moved?.push({ card: c, from });
        }
      }
    }
    if (!moved) return;
    if (this.logging && moved.length) {
      // The log is the judge's record: it names every card. Players see views (view.ts).
      const names = moved.map((m) => m.card.name).join(', ');
      this.emitLog('move', `${names} → ${to.label}`, ctx.me, ctx.cite, loc);
    }
    if (this.trial === 0) for (const m of moved) this.fireMoved(m.card, m.from, to.def);
  }

  private instantQueue: PendingTrigger[] = [];

  /**
   * `signal <event> <card>`: fires the triggers of a game-defined event about that card (its own
   * `on signal … this` abilities, and every other trigger on the event); instant ones run now.
   */
  signal(event: number, card: Card, ctx: Ctx, loc: SrcLoc | null): void {
    if (this.logging) this.emitLog('signal', `${this.ir.events[event]!.name}: ${card.name}`, ctx.me, ctx.cite, loc);
    if (this.trial > 0) return;
    for (const t of this.triggersSignal.get(event) ?? []) {
      const ev = t.ir.event as Extract<ActionIR['event'], { kind: 'signal' }>;
      if (ev.cardSlot < 0) {
        if (card.def === t.ir.source) this.queueTrigger(t, new Array(t.ir.slots), card);
      } else this.fireFor(t, (frame) => (frame[ev.cardSlot] = card));
    }
    while (this.instantQueue.length) this.runTrigger(this.instantQueue.shift()!);
  }

  /**
   * If an `instead` ability of this card replaces this move, runs its effect (now, not as a
   * request) and returns true: the card does not make the move.
   */
  private replaceMove(card: Card, from: number, to: number): boolean {
    // The card's own replacements, in order: a table by card definition.
    let mine = this.replacementsByDef.get(card.def);
    if (mine === undefined) {
      mine = this.replacements.filter((r) => r.ir.source === card.def);
      this.replacementsByDef.set(card.def, mine);
    }
    if (mine.length === 0) return false;
    if (this.replacing.has(card)) return false;
    for (const r of mine) {
      if (!this.levelOk(r)) continue;
      const ev = r.ir.event as Extract<ActionIR['event'], { kind: 'moved' }>;
      if ((ev.from !== -1 && ev.from !== from) || (ev.to !== -1 && ev.to !== to)) continue;
      const ctx = this.newCtx(new Array(r.ir.slots), this.controllerOf(card), r.ir.cite);
      ctx.thisCard = card;
      if (r.condition && !r.condition(ctx)) continue;
      if (this.logging) this.emitLog('replace', `${r.ir.name}: instead of that move`, ctx.me, r.ir.cite, r.ir.loc);
      this.replacing.add(card);
      try {
        r.effect(ctx);
      } finally {
        this.replacing.delete(card);
      }
      return true;
    }
    return false;
  }

  attach(cards: Card[], host: Card, position: 'top' | 'bottom', facedown: boolean, ctx: Ctx, loc: SrcLoc | null): void {
    for (const card of cards) {
      if (card === host) continue;
      this.lift(card);
      this.placeCard(card, null, host);
      const old = host.attached;
      host.attached = position === 'top' ? [...old, card] : [card, ...old];
      if (this.journal.depth > 0) this.journal.record(() => (host.attached = old));
      card.facedown = facedown;
    }
    if (this.logging) this.emitLog('attach', `${cards.join(', ')} attached to ${host.name}`, ctx.me, ctx.cite, loc);
  }

  detach(cards: Card[]): void {
    for (const card of cards) {
      const host = card.host;
      if (!host || !host.zone) continue;
      this.lift(card);
      this.placeCard(card, host.zone, null);
      this.addToZone(host.zone, card, false);
    }
  }

  shuffle(z: Zone): void {
    const list = z.cards.slice();
    for (let i = list.length - 1; i > 0; i--) {
      const j = this.rng.below(i + 1);
      const t = list[i]!;
      list[i] = list[j]!;
      list[j] = t;
    }
    this.setZoneCards(z, list);
  }

  reveal(cards: Card[], to: Player | null, ctx: Ctx, loc: SrcLoc | null): void {
    const bits = to ? 1 << to.index : -1;
    for (const card of cards) {
      const old = card.revealedTo;
      card.revealedTo |= bits;
      if (this.journal.depth > 0) this.journal.record(() => (card.revealedTo = old));
    }
    if (this.logging) this.emitLog('reveal', `${cards.join(', ')} revealed${to ? ` to ${to.name}` : ''}`, ctx.me, ctx.cite, loc);
  }

  modify(card: Card, field: number, by: number, untilEndOfTurn: boolean, ctx: Ctx, loc: SrcLoc | null, op: 'add' | 'mul' | 'div' = 'add'): void {
    const old = card.mods;
    card.mods = [...(old ?? []), { field, op, by, untilEndOfTurn }];
    if (this.journal.depth > 0) this.journal.record(() => (card.mods = old));
    if (untilEndOfTurn) this.modifiedCards.add(card);
    if (this.logging) this.emitLog('modify', `${card.name}.${this.ir.cardFields[field]!.name} ${op === 'mul' ? '×' : op === 'div' ? '÷' : by >= 0 ? '+' : ''}${by}${untilEndOfTurn ? ' until end of turn' : ''}`, ctx.me, ctx.cite, loc);
  }

  /** Removes the modifiers on one value of a card (field -1: on all its values). */
  unmodify(card: Card, field: number, ctx: Ctx, loc: SrcLoc | null): void {
    const old = card.mods;
    if (!old) return;
    const kept = field < 0 ? [] : old.filter((m) => m.field !== field);
    if (kept.length === old.length) return;
    card.mods = kept.length ? kept : null;
    if (this.journal.depth > 0) this.journal.record(() => (card.mods = old));
    if (this.logging) this.emitLog('modify', `${card.name}: ${field < 0 ? 'every modifier' : `the modifiers of ${this.ir.cardFields[field]!.name}`} removed`, ctx.me, ctx.cite, loc);
  }

  cancel(r: Request, ctx: Ctx, loc: SrcLoc | null): void {
    const i = this.stack.indexOf(r);
    if (i < 0) return;
    const old = this.stack;
    this.stack = old.filter((x) => x !== r);
    if (this.journal.depth > 0) this.journal.record(() => (this.stack = old));
    r.cancelled = true;
    if (this.logging) this.emitLog('cancel', `${this.ir.actions[r.action]!.name} (by ${r.controller.name}) is cancelled`, ctx.me, ctx.cite, loc);
  }

  retarget(r: Request, by: Player, ctx: Ctx, loc: SrcLoc | null): void {
    const a = this.actions[r.action]!;
    const rctx: Ctx = { ...this.newCtx(r.frame, r.controller, a.ir.cite), declaring: false, thisCard: r.source };
    // The request doing the redirecting is still a legal new target while it resolves (as if it
    // were still on the stack); a request can never be made to target itself.
    const resolving = ctx.request;
    for (const s of a.steps) {
      if (s.kind !== 'pick' || s.ir.kind !== 'target') continue;
      const saved = this.stack;
      if (resolving && !saved.includes(resolving)) this.stack = [resolving, ...saved];
      let candidates: unknown[];
      try {
        candidates = asList(s.from(rctx));
      } finally {
        this.stack = saved;
      }
      const current = r.frame[s.ir.slot];
      const others = candidates.filter((x) => x !== current && x !== r);
      if (others.length === 0) continue;
      const v = this.choose(by, others, Number(s.min(rctx)), Number(s.max(rctx)), s.ir.single, pickTest(s, rctx), rctx, `new target for ${a.ir.name}`, loc);
      r.frame[s.ir.slot] = v;
    }
    if (this.logging) this.emitLog('retarget', `${a.ir.name} now targets ${this.targetsOf(r).map((t) => (t instanceof Request ? `${this.ir.actions[t.action]!.name} (by ${t.controller.name})` : String(t))).join(', ')}`, ctx.me, ctx.cite, loc);
  }

  endTurn(ctx: Ctx, loc: SrcLoc | null): void {
    this.endTurnRequested = true;
    if (this.logging) this.emitLog('end-turn', `${ctx.me.name} ends the turn`, ctx.me, ctx.cite, loc);
  }

  finish(kind: 'win' | 'lose' | 'draw', p: Player | null, reason: string, ctx: Ctx | null, loc: SrcLoc | null, stopped?: GameResult['stopped']): never {
    // In a trial, a declaration that would end the game can be completed: it is legal, and the
    // rules (a `when`) decide whether a player may make it. The trial stops here.
    if (this.trial > 0) throw new TrialEndsGame();
    let winner: string | null = null;
    let loser: string | null = null;
    if (kind === 'win' && p) {
      winner = p.name;
      loser = this.players.length === 2 ? this.nextPlayer(p).name : null;
    } else if (kind === 'lose' && p) {
      loser = p.name;
      winner = this.players.length === 2 ? this.nextPlayer(p).name : null;
    }
    const cite = ctx?.cite ?? '';
    const text = kind === 'draw' ? `draw: ${reason}` : `${winner ?? '?'} wins: ${loser ?? ''} ${kind === 'lose' ? 'loses' : 'is beaten'}${reason ? ` (${reason})` : ''}`;
    this.result = stopped ? { winner, loser, reason: reason || kind, cite, stopped } : { winner, loser, reason: reason || kind, cite };
    this.mix(kind === 'draw' ? 7 : (p?.index ?? 0) + 11);
    this.emitLog('result', text, p, cite, loc, true);
    throw new GameOver(this.result);
  }

  /** Whether `log` statements are kept (generated code works out their texts only then). */
  narrating(): boolean {
    return this.logging;
  }

  narrate(text: string, ctx: Ctx, loc: SrcLoc | null): void {
    if (this.logging) this.emitLog('note', text, ctx.me, ctx.cite, loc);
  }

  tick(loc: SrcLoc | null): void {
    if (++this.steps > this.maxSteps) {
      if (this.trial > 0) throw new Impossible('step limit');
      this.finish('draw', null, `stopped after ${this.maxSteps} steps (a loop that never ends?)`, null, loc, 'steps');
    }
    if (this.onStep !== null && this.trial === 0) this.onStep(this, loc);
  }

  // ------------------------------------------------------------ decisions

  /** Asks `player` to choose; in a trial the first option is taken without asking. */
  private ask(d: Decision): number {
    if (d.count === 1 && !d.canPass && !this.askForced && !(d.kind === 'action' && this.askSingleActions)) return 0;
    if (this.trial > 0) return 0;
    this.decisions++;
    const index = this.decide(d);
    if (!(Number.isInteger(index) && index >= 0 && index < d.count)) throw new Error(`answer ${index} is not an option (0..${d.count - 1})`);
    this.mix(index + 1);
    return index;
  }

  /**
   * `choose`: asks `player` for `min..max` of the candidates (one value when `single`). `test`,
   * for a `such that`, binds a candidate (or a combination) and tells whether it may be chosen.
   */
  choose(player: Player, from: unknown, min: number, max: number, single: boolean, test: ((v: unknown) => unknown) | null, ctx: Ctx, prompt: string, loc: SrcLoc | null): unknown {
    const v = this.pick(player, from, min, max, single, test, ctx, prompt, loc);
    if (v === NO_OPTION) throw new Impossible(`nothing to choose for: ${prompt}`);
    return v;
  }

  /** `choose`, but returning NO_OPTION where a declaration would be impossible (see declareSteps). */
  private pick(player: Player, from: unknown, min: number, max: number, single: boolean, test: ((v: unknown) => unknown) | null, ctx: Ctx, prompt: string, loc: SrcLoc | null): unknown {
    let candidates = asList(from);
    if (!ctx.declaring) {
      min = Math.min(min, candidates.length);
      max = Math.min(max, candidates.length);
    }
    // A trial only needs the first option (the one it would take): find it without listing all.
    if (this.trial > 0) {
      const first = firstOption(candidates, min, max, single && max <= 1 && min <= 1, test);
      if (first !== NO_OPTION || ctx.declaring) return first;
      return single ? null : [];
    }
    // The decision keeps its candidates: not a zone's list, which changes in place.
    if (!Array.isArray(from) && from instanceof Zone) candidates = candidates.slice();
    let d: PickDecision;
    if (single && max <= 1 && min <= 1) {
      // One value: "none" first when it may be none, then each candidate that passes the test.
      let values = candidates;
      if (test) {
        values = [];
        for (const c of candidates) if (test(c)) values.push(c);
      }
      d = new PickDecision(this, player, prompt, ctx.cite, loc, values, min === 0 ? 'value' : null, false);
    } else if ((min === 0 || min === 1) && (max === 0 || max === 1) && min <= max && candidates.length < 4096) {
      // A list of at most one: the same options as `combinations` lists — the empty list (when
      // min is 0), then each candidate alone (when max is 1) — without making the lists nobody
      // chooses.
      let none = min === 0;
      let values = max === 1 ? candidates : [];
      if (test) {
        none = none && !!test([]);
        const passed: unknown[] = [];
        for (const c of values) if (test([c])) passed.push(c);
        values = passed;
      }
      d = new PickDecision(this, player, prompt, ctx.cite, loc, values, none ? 'list' : null, true);
    } else {
      const combos = combinations(candidates, min, max, 4096).filter((combo) => !test || test(combo));
      // Sizes come in increasing order: an empty list can only be the first, "none".
      const none = combos.length > 0 && combos[0]!.length === 0;
      d = new PickDecision(this, player, prompt, ctx.cite, loc, none ? combos.slice(1) : combos, none ? 'list' : null, false);
    }
    if (d.count === 0) return ctx.declaring ? NO_OPTION : single ? null : [];
    const i = this.ask(d);
    const v = d.valueAt(i);
    if (this.logging && this.trial === 0) this.emitLog('choice', `${player.name} chooses ${d.isNone(i) ? 'none' : this.optionLabel(player, v)} (${prompt})`, player, ctx.cite, loc);
    return v;
  }

  /** `choose order`: one pick per place, first to last; the last card takes the last place. */
  chooseOrder(player: Player, rest: unknown[], ctx: Ctx, prompt: string, loc: SrcLoc | null): unknown[] {
    const ordered: unknown[] = [];
    while (rest.length > 1) {
      const place = ordered.length + 1;
      const v = this.choose(player, rest.slice(), 1, 1, true, null, ctx, `${prompt}: place ${place} of ${place + rest.length - 1}`, loc);
      ordered.push(v);
      rest.splice(rest.indexOf(v), 1);
    }
    ordered.push(...rest);
    return ordered;
  }

  chooseMode(player: Player, labels: string[], ctx: Ctx, prompt: string, loc: SrcLoc | null): number {
    const i = this.ask(new ModeDecision(player, prompt || 'choose one', ctx.cite, loc, labels));
    if (this.logging && this.trial === 0) this.emitLog('choice', `${player.name} chooses "${labels[i]}"${prompt ? ` (${prompt})` : ''}`, player, ctx.cite, loc);
    return i;
  }

  // ------------------------------------------------------------ actions, the stack, windows

  private levelOk(a: CompiledAction): boolean {
    return a.ir.level <= this.formatLevel;
  }

  /** The actions `player` may take now (checked by a trial declaration that is then undone). */
  availableActions(player: Player, windowName: string): Offer[] {
    void windowName;
    const out: Offer[] = [];
    const offerable = (this.offerable ??= this.actions.filter((a) => !a.ir.isTrigger && this.levelOk(a)));
    const index = (this.abilityIndex ??= this.indexAbilities(offerable));
    // The offerable actions in order: those always tried (`rest`), merged with the abilities the
    // zones have cards for (`touched`, from abilitiesInZones); the other indexed abilities have
    // no card where they can be declared.
    const scratch = index.zones.length ? this.abilitiesInZones(player, index, offerable.length) : null;
    const found = scratch !== null ? scratch.found : null;
    const touched = scratch !== null ? scratch.touched : NO_INDICES;
    const rest = index.rest;
    let r = 0;
    let t = 0;
    while (r < rest.length || t < touched.length) {
      const i = t >= touched.length || (r < rest.length && rest[r]! < touched[t]!) ? rest[r++]! : touched[t++]!;
      const a = offerable[i]!;
      // Whose `when` cannot hold for this player (it requires the active player, or another): not tried.
      const wp = a.whenPlayer;
      if (wp !== null && (wp === 'never' || (wp === 'active') !== (player === this.active))) continue;
      if (a.ir.source < 0) {
        if (a.ir.limit >= 0 && (this.usesThisTurn.get(this.useKey(a, player, null)) ?? 0) >= a.ir.limit) continue;
        if (this.canDeclare(a, player, null)) out.push({ action: a, source: null });
        continue;
      }
      if (found !== null && index.indexed[i]) {
        // Found through the zones where it can be declared (abilitiesInZones).
        const cards = found[i]!;
        for (let j = 0; j < cards.length; j++) {
          const card = cards[j]!;
          if (a.ir.limit >= 0 && (this.usesThisTurn.get(this.useKey(a, player, card)) ?? 0) >= a.ir.limit) continue;
          if (this.canDeclare(a, player, card)) out.push({ action: a, source: card });
        }
        continue;
      }
      // A card's ability: once for each of the player's cards that has it and is where it works
      // (the cards abilityCards lists, walked without making the list; trials undo every move,
      // and a card made meanwhile comes after `n`).
      const all = this.cardsByDef[a.ir.source];
      if (!all) continue;
      const zone = a.ir.sourceZone;
      for (let j = 0, n = all.length; j < n; j++) {
        const card = all[j]!;
        if (zone === -2 ? !card.host : !card.zone) continue;
        if (zone >= 0 && card.zone!.def !== zone) continue;
        if (this.controllerOf(card) !== player) continue;
        // Where its `when` cannot hold, no need to evaluate it.
        if (a.whenZones !== null && !(card.zone !== null && card.zone.player === player && a.whenZones.includes(card.zone.def))) continue;
        if (a.ir.limit >= 0 && (this.usesThisTurn.get(this.useKey(a, player, card)) ?? 0) >= a.ir.limit) continue;
        if (this.canDeclare(a, player, card)) out.push({ action: a, source: card });
      }
    }
    if (scratch !== null) {
      // Emptied by pop: setting `length` is a call into the runtime.
      while (touched.length) {
        const list = scratch.found[touched.pop()!]!;
        while (list.length) list.pop();
      }
      this.abilityScratch = scratch;
    }
    return out;
  }

  /**
   * Card abilities that can only be declared for a card lying in some of its player's own zones
   * (`while in <zone>`, or a `when` that requires it: whenZones), by offerable index: those
   * zones, for each zone and card definition the abilities to try, and the offerable actions
   * that are not indexed (`rest`, in order: tried at every decision).
   */
  private abilityIndex: AbilityIndex | null = null;
  /** abilitiesInZones' lists, kept for the next call (null while a call uses them: a call inside another makes its own). */
  private abilityScratch: AbilityScratch | null = null;

  /**
   * For each offerable ability the index covers, the player's cards that have it and lie where
   * it can be declared, in the order abilityCards lists them (the order the cards were made);
   * `touched` lists the abilities with a card, in increasing order. The lists are the same as
   * walking every card of the definition and keeping those in one of the zones: a card lies in
   * the list of the zone it is in.
   */
  private abilitiesInZones(player: Player, index: AbilityIndex, n: number): AbilityScratch {
    let scratch = this.abilityScratch;
    this.abilityScratch = null;
    if (scratch === null) {
      scratch = { found: [], touched: [] };
      for (let i = 0; i < n; i++) scratch.found.push([]);
    }
    const { found, touched } = scratch;
    for (let zi = 0; zi < index.zones.length; zi++) {
      const z = index.zones[zi]!;
      const byDef = index.byZoneDef[z]!;
      const cards = player.zones[z]!.cards;
      for (let j = 0; j < cards.length; j++) {
        const card = cards[j]!;
        const ks = byDef[card.def];
        if (ks === undefined) continue;
        for (let q = 0; q < ks.length; q++) {
          const k = ks[q]!;
          const list = found[k]!;
          if (list.length === 0) insertSorted(touched, k);
          // In the order the cards were made (by id): a short insertion.
          let at = list.length;
          list.push(card);
          while (at > 0 && list[at - 1]!.id > card.id) {
            list[at] = list[at - 1]!;
            at--;
          }
          list[at] = card;
        }
      }
    }
    return scratch;
  }

  private indexAbilities(offerable: CompiledAction[]): AbilityIndex {
    const zones: number[] = [];
    const byZoneDef: (number[] | undefined)[][] = [];
    const indexed: boolean[] = [];
    const rest: number[] = [];
    offerable.forEach((a, k) => {
      let where: number[] | null = null;
      const sz = a.ir.sourceZone;
      if (a.ir.source >= 0) {
        if (sz >= 0 && !this.ir.zones[sz]!.shared) where = a.whenZones === null || a.whenZones.includes(sz) ? [sz] : [];
        else if (sz === -1) where = a.whenZones;
      }
      indexed.push(where !== null);
      if (where === null) rest.push(k);
      for (const z of where ?? []) {
        if (!zones.includes(z)) zones.push(z);
        const byDef = (byZoneDef[z] ??= this.ir.cards.map(() => undefined));
        (byDef[a.ir.source] ??= []).push(k);
      }
    });
    // With few such abilities, walking their cards costs less than walking the zones.
    if (rest.length > offerable.length - MIN_INDEXED_ABILITIES) return { zones: [], byZoneDef: [], indexed: offerable.map(() => false), rest: offerable.map((_, k) => k) };
    return { zones, byZoneDef, indexed, rest };
  }

  /** The actions a player may be offered in this format (not triggers), in order. */
  private offerable: CompiledAction[] | null = null;

  /** Options for offers; a card ability offered for two copies of the card is told apart by place. */
  private offerOptions = (offers: readonly Offer[]): DecisionOption[] => {
    const seen = new Map<CompiledAction, number>();
    return offers.map((o) => {
      const n = (seen.get(o.action) ?? 0) + 1;
      seen.set(o.action, n);
      return { label: n === 1 ? o.action.ir.name : `${o.action.ir.name} (${n})`, value: o };
    });
  };

  /** `limit … per turn` counts per player, and for a card's ability per card. */
  private useKey(a: CompiledAction, player: Player, source: Card | null): number {
    // A number, not a string: no text to build at every check. Cards from 0 up, players below 0.
    const n = this.actions.length;
    return source ? source.id * n + a.index : -1 - (player.index * n + a.index);
  }

  /** The cards with this ability that `player` controls (or, with null, anyone), where it works. */
  private abilityCards(a: CompiledAction, player: Player | null): Card[] {
    return this.cardsWhere(a.ir.source, a.ir.sourceZone, player);
  }

  /** Cards of definition `def` in zone `zone` (-1 any zone, -2 attached), controlled by `player` (null: anyone). */
  private cardsWhere(def: number, zone: number, player: Player | null): Card[] {
    const all = this.cardsByDef[def];
    // Most definitions of a pool have no card in a given game: no list to make for them.
    if (!all) return NO_CARDS;
    let out: Card[] | null = null;
    const whileAttached = zone === -2;
    for (let i = 0; i < all.length; i++) {
      const c = all[i]!;
      if (whileAttached ? !c.host : !c.zone) continue;
      if (zone >= 0 && c.zone!.def !== zone) continue;
      if (player && this.controllerOf(c) !== player) continue;
      (out ??= []).push(c);
    }
    return out ?? NO_CARDS;
  }

  /** Who controls a card: the player whose zone holds it (its owner in a shared zone). */
  controllerOf(card: Card): Player {
    let c = card;
    while (!c.zone && c.host) c = c.host;
    return c.zone?.player ?? card.owner;
  }

  private canDeclare(a: CompiledAction, player: Player, source: Card | null): boolean {
    if (a.when.length) {
      // `when` conditions are expressions: nothing they do can reach another trial, so one
      // context serves them all. They come before any choice: its frame is empty.
      const w = (this.whenCtx ??= this.newCtx([], player, ''));
      w.me = player;
      w.thisCard = source;
      w.cite = a.ir.cite;
      for (let i = 0; i < a.when.length; i++) if (!a.when[i]!(w)) return false;
    }
    if (a.steps.length === 0) return true;
    const ctx = this.newCtx(new Array(a.ir.slots), player, a.ir.cite);
    ctx.thisCard = source;
    ctx.declaring = true;
    const mark = this.journal.mark();
    // The generator's state, kept in locals rather than a new array for each trial.
    const rng = this.rng;
    const ra = rng.a;
    const rb = rng.b;
    const rc = rng.c;
    const rd = rng.d;
    this.trial++;
    try {
      // In a trial every choice takes its first option (see ask): no one is asked.
      return this.declareSteps(a, ctx, null) === null;
    } catch (e) {
      if (e instanceof Impossible) return false;
      if (e instanceof TrialEndsGame) return true;
      throw e;
    } finally {
      this.trial--;
      this.journal.rollback(mark);
      rng.a = ra;
      rng.b = rb;
      rng.c = rc;
      rng.d = rd;
    }
  }

  private whenCtx: Ctx | null = null;

  /**
   * The declaration's choices and costs, in order. Returns null, or the choice that had nothing
   * to choose from (the declaration is impossible): returned, not thrown, because trials try
   * every action at every decision and V8 throws slowly (~1 µs). A cost's own statements still
   * throw `Impossible`.
   */
  private declareSteps(a: CompiledAction, ctx: Ctx, using: Card[] | null): PickIR | null {
    const steps = a.steps;
    for (let i = 0; i < steps.length; i++) {
      const s = steps[i]!;
      if (s.kind === 'cost') {
        s.body(ctx);
        continue;
      }
      // The prompt is shown only when someone is asked, never in a trial.
      const prompt = this.trial > 0 ? '' : `${s.ir.kind} ${s.ir.name} for ${a.ir.name}`;
      const from = s.from(ctx);
      const min = s.minK ?? Number(s.min(ctx));
      const max = s.maxK ?? Number(s.max(ctx));
      const v = this.pick(ctx.me, from, min, max, s.ir.single, s.such ? pickTest(s, ctx) : null, ctx, prompt, s.ir.loc);
      if (v === NO_OPTION) return s.ir;
      ctx.frame[s.ir.slot] = v;
      if (s.ir.kind === 'using') {
        const chosen = asList(v) as Card[];
        // (A trial keeps no list of them: null.)
        if (using) using.push(...chosen);
        // `using` cards leave their zone at once, so a cost cannot spend them a second time.
        const sz = this.ir.game.stackZone;
        if (sz >= 0) this.moveCards(chosen, this.sharedZones[sz]!, 'default', 'faceup', ctx, s.ir.loc);
      }
    }
    return null;
  }

  /** Declares an action for a player: choices, costs, then onto the stack or resolved at once. */
  private declare(a: CompiledAction, player: Player, frame?: unknown[], source: Card | null = null): boolean {
    const ctx = this.newCtx(frame ?? new Array(a.ir.slots), player, a.ir.cite);
    ctx.thisCard = source;
    ctx.declaring = true;
    const using: Card[] = [];
    const mark = this.journal.mark();
    let why: string | null = null;
    try {
      const failed = this.declareSteps(a, ctx, using);
      if (failed) why = `nothing to choose for: ${failed.kind} ${failed.name} for ${a.ir.name}`;
    } catch (e) {
      if (!(e instanceof Impossible)) {
        this.journal.release(mark);
        throw e;
      }
      why = e.why;
    }
    if (why !== null) {
      this.journal.rollback(mark);
      if (this.logging) this.emitLog('impossible', `${player.name} cannot ${a.ir.name}: ${why}`, player, a.ir.cite, a.ir.loc);
      return false;
    }
    this.journal.release(mark);
    const key = this.useKey(a, player, source);
    this.usesThisTurn.set(key, (this.usesThisTurn.get(key) ?? 0) + 1);
    this.mix(a.index * 7 + player.index);
    const r = new Request(this.nextRequestId++, a.index, player, ctx.frame, using);
    r.source = source;
    if (this.requestInits.length) r.vars = this.requestInits.map((init) => init(ctx));
    const stackZone = this.ir.game.stackZone;
    if (a.ir.speed === 'normal' && stackZone >= 0) {
      if (this.logging) this.emitLog('declare', `${player.name}: ${a.ir.name}${using.length ? ` with ${using.join(', ')}` : ''}${this.describeTargets(r)}`, player, a.ir.cite, a.ir.loc);
      ctx.declaring = false;
      this.stack = [...this.stack, r];
      this.fireAction(this.triggersDeclared, a.index);
    } else {
      if (this.logging) this.emitLog('declare', `${player.name}: ${a.ir.name}${using.length ? ` with ${using.join(', ')}` : ''}${this.describeTargets(r)} (resolves at once)`, player, a.ir.cite, a.ir.loc);
      this.fireAction(this.triggersDeclared, a.index);
      this.resolve(r);
    }
    return true;
  }

  private describeTargets(r: Request): string {
    const t = this.targetsOf(r);
    return t.length ? ` → ${t.map((x) => (x instanceof Request ? this.ir.actions[x.action]!.name : String(x))).join(', ')}` : '';
  }

  private resolve(r: Request): void {
    const a = this.actions[r.action]!;
    const ctx = this.newCtx(r.frame, r.controller, a.ir.cite);
    ctx.request = r;
    ctx.thisCard = r.source;
    let fizzled = false;
    const targetSteps = a.targetSteps;
    if (targetSteps.length) {
      let anyLegal = false;
      let anyTarget = false;
      for (const s of targetSteps) {
        const legal = asList(s.from(ctx));
        for (const t of asList(r.frame[s.ir.slot])) {
          anyTarget = true;
          if (legal.includes(t) && (!(t instanceof Request) || this.stack.includes(t))) anyLegal = true;
        }
      }
      fizzled = anyTarget && !anyLegal;
    }
    this.steps++;
    if (fizzled) {
      if (this.logging) this.emitLog('fizzle', `${a.ir.name} (by ${r.controller.name}) fizzles: its target is no longer legal`, r.controller, a.ir.cite, a.ir.loc);
      this.mix(3);
    } else {
      if (this.logging) this.emitLog('resolve', `${a.ir.name} (by ${r.controller.name}) resolves`, r.controller, a.ir.cite, a.ir.loc);
      a.effect(ctx);
    }
    this.sweepStackZone(ctx);
    this.fireAction(this.triggersResolved, a.index);
  }

  /** Cards on the stack zone whose request is gone go to their owner's leftover zone. */
  private sweepStackZone(ctx: Ctx): void {
    const sz = this.ir.game.stackZone;
    const lz = this.ir.game.leftoverZone;
    if (sz < 0 || lz < 0) return;
    // Most of the time the stack zone is empty: nothing to sweep, no set to make.
    if (this.sharedZones[sz]!.cards.length === 0) return;
    const live = new Set<Card>();
    for (const q of this.stack) for (const c of q.cards) live.add(c);
    const stray = this.sharedZones[sz]!.cards.filter((c) => !live.has(c));
    for (const c of stray) {
      const dest = this.ir.zones[lz]!.shared ? this.sharedZones[lz]! : c.owner.zones[lz]!;
      this.moveCards([c], dest, 'default', 'default', ctx, null);
    }
  }

  /** `perform`: declare for a player, then let the stack settle back to where it was. */
  perform(ai: number, player: Player, loc: SrcLoc | null): void {
    const a = this.actions[ai]!;
    if (!this.levelOk(a)) return;
    void loc;
    const depth = this.stack.length;
    this.declare(a, player);
    this.settle();
    while (this.stack.length > depth) this.priorityRound('response');
  }

  /**
   * A window: players act until it closes. Normally only the active player acts (the stack aside),
   * and passing closes a `passable` window. In an `open` window every player may act: starting
   * with the active player, each in turn may act or pass; after an action the active player is
   * asked again; when every player has passed in a row, the window closes.
   */
  window(name: string, passable: boolean, open = false): void {
    this.endTurnRequested = false;
    let p = this.active;
    let passes = 0;
    for (;;) {
      this.settle();
      if (this.stack.length) {
        this.priorityRound(name);
        continue;
      }
      if (this.endTurnRequested) break;
      if (open && passes >= this.players.length) break;
      this.tick(null);
      const offers = this.availableActions(p, name);
      if (offers.length) this.triggerChain = 0;
      const mayPass = open || passable;
      if (offers.length === 0) {
        if (!open) {
          if (!passable) break;
        } else {
          passes++;
          p = this.nextPlayer(p);
          continue;
        }
      }
      const d = new ActionDecision(p, `${p.name}: choose an action (${name})`, this.ir.turn.cite, offers, mayPass, this.offerOptions, PASS);
      const v = d.valueAt(this.ask(d));
      if (v === PASS) {
        if (!open) break;
        passes++;
        p = this.nextPlayer(p);
        continue;
      }
      const o = v as Offer;
      this.declare(o.action, p, undefined, o.source);
      passes = 0;
      p = this.active;
    }
  }

  private firstResponder(top: Request): Player {
    const fromParam = this.ir.game.firstResponderParam;
    switch (fromParam >= 0 ? this.params[fromParam] : this.ir.game.firstResponder) {
      case 'controller': return top.controller;
      case 'active': return this.active;
      default: return this.nextPlayer(top.controller);
    }
  }

  /** Players get priority in turn; when all pass in a row, the top request resolves. */
  private priorityRound(windowName: string): void {
    let top = this.stack[this.stack.length - 1]!;
    let p = this.firstResponder(top);
    let passes = 0;
    while (passes < this.players.length) {
      this.tick(null);
      const offers = this.availableActions(p, windowName);
      if (offers.length) this.triggerChain = 0;
      if (offers.length === 0) {
        passes++;
        p = this.nextPlayer(p);
        continue;
      }
      const d = new ActionDecision(p, `${p.name}: respond to ${this.ir.actions[top.action]!.name}, or pass`, this.ir.actions[top.action]!.cite, offers, true, this.offerOptions, PASS);
      const v = d.valueAt(this.ask(d));
      if (v === PASS) {
        passes++;
        p = this.nextPlayer(p);
        continue;
      }
      const o = v as Offer;
      this.declare(o.action, p, undefined, o.source);
      this.settle();
      if (this.stack.length === 0) return;
      top = this.stack[this.stack.length - 1]!;
      p = this.firstResponder(top);
      passes = 0;
    }
    const r = this.stack[this.stack.length - 1]!;
    this.stack = this.stack.slice(0, -1);
    this.resolve(r);
    this.settle();
  }

  // ------------------------------------------------------------ triggers and checks

  private fireMoved(card: Card, from: number, to: number): void {
    // The triggers watching moves to this zone (or to any), in order: a table by zone.
    const list = (this.triggersMovedTo[to] ??= this.triggersMoved.filter((t) => {
      const ev = t.ir.event as Extract<ActionIR['event'], { kind: 'moved' }>;
      return ev.to === -1 || ev.to === to;
    }));
    for (let i = 0; i < list.length; i++) {
      const t = list[i]!;
      const ev = t.ir.event as Extract<ActionIR['event'], { kind: 'moved' }>;
      if (ev.from !== -1 && ev.from !== from) continue;
      if (ev.cardSlot < 0) {
        // `on moved this …`: the ability's own card moved.
        if (card.def === t.ir.source) this.queueTrigger(t, new Array(t.ir.slots), card);
        continue;
      }
      this.fireFor(t, (frame) => (frame[ev.cardSlot] = card));
    }
  }

  /** triggersMoved by the zone moved to (see fireMoved). */
  private triggersMovedTo: (CompiledAction[] | undefined)[] = [];

  private fireAction(map: Map<number, CompiledAction[]>, action: number): void {
    if (this.trial > 0) return;
    const list = map.get(action);
    if (list) for (const t of list) this.fireFor(t, null);
  }

  private fireSimple(list: CompiledAction[]): void {
    for (const t of list) this.fireFor(t, null);
  }

  /** Queues a trigger once — or, for a card's ability, once for each card that has it where it works. */
  private fireFor(t: CompiledAction, bind: ((frame: unknown[]) => void) | null): void {
    if (t.ir.source < 0) {
      const frame = new Array(t.ir.slots);
      bind?.(frame);
      this.queueTrigger(t, frame, null);
      return;
    }
    for (const card of this.abilityCards(t, null)) {
      const frame = new Array(t.ir.slots);
      bind?.(frame);
      this.queueTrigger(t, frame, card);
    }
  }

  private queueTrigger(t: CompiledAction, frame: unknown[], source: Card | null): void {
    // A card's ability belongs to the card's controller unless it says otherwise.
    const fallback = source ? this.controllerOf(source) : this.active;
    const ctx = this.newCtx(frame, fallback, t.ir.cite);
    ctx.thisCard = source;
    const controller = t.controller ? (t.controller(ctx) as Player | null) ?? fallback : fallback;
    ctx.me = controller;
    if (t.condition && !t.condition(ctx)) return;
    if (this.overLimit(t, controller, source)) return;
    const p: PendingTrigger = { action: t, controller, frame, source };
    if (t.ir.speed === 'instant') this.instantQueue.push(p);
    else if (t.ir.speed === 'immediate') this.pendingImmediate.push(p);
    else this.pendingNormal.push(p);
  }

  /**
   * `limit N per turn` on a trigger: it counts its uses like an action's (per controller, per card
   * for a card's ability). Checked when it fires and again when it runs, so triggers that fired
   * together cannot run past the limit between them.
   */
  private overLimit(t: CompiledAction, controller: Player, source: Card | null): boolean {
    if (t.ir.limit < 0 || (this.usesThisTurn.get(this.useKey(t, controller, source)) ?? 0) < t.ir.limit) return false;
    if (this.logging) this.emitLog('trigger', `${t.ir.name} does not take effect for ${controller.name}: limit ${t.ir.limit} per turn reached`, controller, t.ir.cite, t.ir.loc);
    return true;
  }

  private runTrigger(t: PendingTrigger): void {
    if (this.overLimit(t.action, t.controller, t.source)) return;
    // A trigger is a step (the step limit stops a loop however it runs), and one link of the
    // chain that runs before a player next acts: two triggers that keep firing each other
    // never return to a player, and instant ones nest deeper at each link (see maxTriggerChain).
    this.tick(t.action.ir.loc);
    if (++this.triggerChain > this.maxTriggerChain) this.stopTriggerChain(t, `${this.maxTriggerChain} triggers in a row with no player acting`);
    if (this.triggerDepth >= MAX_TRIGGER_NESTING) this.stopTriggerChain(t, `${MAX_TRIGGER_NESTING} triggers nested in one another`);
    this.triggerDepth++;
    try {
      this.runTriggerNow(t);
    } finally {
      this.triggerDepth--;
    }
  }

  private runTriggerNow(t: PendingTrigger): void {
    if (this.logging) this.emitLog('trigger', `${t.action.ir.name} triggers for ${t.controller.name}`, t.controller, t.action.ir.cite, t.action.ir.loc);
    if (t.action.ir.optional) {
      // 「〜できる」: the controller may decline, before anything is declared.
      const ctx = this.newCtx(t.frame, t.controller, t.action.ir.cite);
      ctx.thisCard = t.source;
      if (this.chooseMode(t.controller, ['activate', 'decline'], ctx, `${t.action.ir.name}: activate it?`, t.action.ir.loc) === 1) return;
    }
    this.declare(t.action, t.controller, t.frame, t.source);
  }

  private stopTriggerChain(t: PendingTrigger, what: string): never {
    if (this.trial > 0) throw new Impossible('trigger chain limit');
    const reason = `stopped after ${what} (a trigger loop? the last one: ${t.action.ir.name})`;
    this.finish('draw', null, reason, this.newCtx(t.frame, t.controller, t.action.ir.cite), t.action.ir.loc, 'trigger-chain');
  }

  private takeNext(queue: PendingTrigger[]): PendingTrigger {
    // Triggers marked `last` wait for all the others; then the active player's first, then in the
    // order they fired.
    let i = queue.findIndex((t) => t.controller === this.active && !t.action.ir.last);
    if (i < 0) i = queue.findIndex((t) => !t.action.ir.last);
    if (i < 0) i = queue.findIndex((t) => t.controller === this.active);
    const next = queue[i >= 0 ? i : 0]!;
    const group = next.action.ir.group;
    if (group) {
      // A group waiting together: its controller picks which runs (now, or the only one).
      const members = queue.filter((t) => t.controller === next.controller && t.action.ir.group?.name === group.name);
      if (members.length > 1) {
        const ctx = this.newCtx([], next.controller, next.action.ir.cite);
        const labels = members.map((t) => (t.source ? `${t.action.ir.name} (${this.optionLabel(next.controller, t.source)})` : t.action.ir.name));
        const pick = members[this.chooseMode(next.controller, labels, ctx, group.mode === 'one' ? `${group.name}: choose the one that takes effect` : `${group.name}: choose the next to take effect`, next.action.ir.loc)]!;
        const drop = group.mode === 'one' ? members : [pick];
        for (const t of drop) queue.splice(queue.indexOf(t), 1);
        return pick;
      }
    }
    return queue.splice(queue.indexOf(next), 1)[0]!;
  }

  /** Runs checks and waiting triggers until nothing is left to do. */
  settle(): void {
    for (;;) {
      this.runChecks();
      if (this.pendingImmediate.length) {
        this.runTrigger(this.takeNext(this.pendingImmediate));
        continue;
      }
      if (this.pendingNormal.length) {
        this.runTrigger(this.takeNext(this.pendingNormal));
        continue;
      }
      return;
    }
  }

  private runChecks(): void {
    for (const k of this.checks) {
      const ctx = this.newCtx(new Array(k.slots), this.active, k.cite);
      k.body(ctx);
    }
  }

  // ------------------------------------------------------------ log and hash

  private mix(n: number): void {
    let h = this.hash ^ (n & 0xffff);
    h = Math.imul(h, 0x01000193);
    h ^= n >>> 16;
    this.hash = Math.imul(h, 0x01000193) >>> 0;
  }

  private emitLog(kind: string, text: string, player: Player | null, cite: string, loc: SrcLoc | null, always = false): void {
    if (!this.logging && !always) return;
    if (this.trial > 0) return;
    const event: LogEvent = { seq: this.log.length, turn: this.turn, kind, text, player: player?.name ?? null, cite, loc };
    this.log.push(event);
    if (this.onLog !== null) this.onLog(event, this);
  }
}

/** A pick's `such that` as a test of one candidate: binds it in the frame, then evaluates. */
function pickTest(s: { ir: PickIR; such: Ev | null }, ctx: Ctx): ((v: unknown) => unknown) | null {
  const such = s.such;
  if (!such) return null;
  const slot = s.ir.slot;
  return (v) => {
    ctx.frame[slot] = v;
    return such(ctx);
  };
}

const NO_INDICES: number[] = [];

/** availableActions finds abilities through their zones when the game has at least this many (see indexAbilities). */
const MIN_INDEXED_ABILITIES = 8;

/** Inserts `k` into the increasing list `xs` (short lists). */
function insertSorted(xs: number[], k: number): void {
  let at = xs.length;
  xs.push(k);
  while (at > 0 && xs[at - 1]! > k) {
    xs[at] = xs[at - 1]!;
    at--;
  }
  xs[at] = k;
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

const NO_OPTION = Symbol('no option');

/** The frame of a context whose expressions have no locals (never written). */
const NO_SLOTS: unknown[] = [];

/** An empty list of cards, shared (never changed: see H.stable). */
const NO_CARDS: Card[] = [];

/** The option `choose` would list first, or NO_OPTION: the same order as the full listing. */
function firstOption(candidates: unknown[], min: number, max: number, single: boolean, test: ((v: unknown) => unknown) | null): unknown {
  if (single) {
    if (min === 0) return null;
    for (const c of candidates) {
      if (test && !test(c)) continue;
      return c;
    }
    return NO_OPTION;
  }
  const hi = Math.min(max, candidates.length);
  // Without a test the first combination is the first candidates, as many as the smallest size allows.
  if (!test) {
    const lo = Math.max(0, min);
    return lo <= hi ? candidates.slice(0, lo) : NO_OPTION;
  }
  const pick: unknown[] = [];
  let seen = 0;
  let found: unknown = NO_OPTION;
  const rec = (start: number, size: number): boolean => {
    if (seen >= 4096) return true;
    if (pick.length === size) {
      seen++;
      const combo = pick.slice();
      if (test && !test(combo)) return false;
      found = combo;
      return true;
    }
    for (let i = start; i <= candidates.length - (size - pick.length); i++) {
      pick.push(candidates[i]);
      const done = rec(i + 1, size);
      pick.pop();
      if (done) return true;
    }
    return false;
  };
  for (let size = Math.max(0, min); size <= hi; size++) if (rec(0, size)) break;
  return found;
}

/** All sub-lists of sizes min..max, in candidate order, at most `cap` of them. */
function combinations<T>(items: T[], min: number, max: number, cap: number): T[][] {
  const out: T[][] = [];
  const hi = Math.min(max, items.length);
  const pick: T[] = [];
  const rec = (start: number, size: number) => {
    if (out.length >= cap) return;
    if (pick.length === size) {
      out.push(pick.slice());
      return;
    }
    for (let i = start; i <= items.length - (size - pick.length); i++) {
      pick.push(items[i]!);
      rec(i + 1, size);
      pick.pop();
      if (out.length >= cap) return;
    }
  };
  for (let size = Math.max(0, min); size <= hi; size++) rec(0, size);
  return out;
}
