/**
 * Triggers and checks — the engine's fifth room. Events (a card moved, an action declared or
 * resolved, a turn starting or ending, a game-defined signal) fire the triggers waiting for
 * them; instant ones run at once inside the effect that fired them, the others wait until the
 * state settles (immediate before normal; the active player's first; `last` ones last; a
 * group's controller picks the order). Settling also runs the rules' checks. The engine stops a
 * trigger loop at its limits (EngineOptions.maxTriggerChain, MAX_TRIGGER_NESTING).
 */
/* room-allowances of TriggersRoom (checked by test/room-allowances.test.ts; docs/architecture.md)
 * below: GameState ValuesRoom ReplacementsRoom ChoicesRoom
 * above: ActionsRoom (declare)
 * fields: GameState (active cards cardsByDef changes hash ir journal log logging looseChanges
 *   players rng rules steps trial turnChanges usesThisTurn varChanges watchedFields watchedZones)
 *   CopiableState (loadTarget) ValuesRoom (grantsEver)
 */
import type { ActionIR, GameIR, SrcLoc } from '../compiler/ir.ts';
import { Impossible, newCtx, type Ctx } from './context.ts';
import { ChoicesRoom } from './choices.ts';
import { DEFAULT_MAX_TRIGGER_CHAIN, MAX_TRIGGER_NESTING, type EngineOptions } from './engine-types.ts';
import { Card, Player } from './model.ts';
import { worksAt, type CompiledAction } from './rules.ts';
import { loadValue, type GameSnapshot, type SavedTrigger } from './snapshot.ts';
import { checkReads, type CheckReads } from './check-reads.ts';
import { optional, phrase, type LogPhrase } from './log-entry.ts';
import { nextWaitingTrigger } from './trigger-order.ts';

/** A trigger that fired and waits to run. */
export interface PendingTrigger {
  action: CompiledAction;
  controller: Player;
  frame: unknown[];
  /** For a card's ability: the card (its `this`). */
  source: Card | null;
}

export abstract class TriggersRoom extends ChoicesRoom {
  private pendingImmediate: PendingTrigger[] = [];
  private pendingNormal: PendingTrigger[] = [];
  private instantQueue: PendingTrigger[] = [];
  /** EngineOptions.maxTriggerChain. */
  private readonly maxTriggerChain: number;
  /** Triggers run since a player was last offered an action (not only a pass) or a turn started (see maxTriggerChain). */
  protected triggerChain = 0;
  /** Triggers running inside one another now (an instant trigger runs inside the effect that fired it). */
  private triggerDepth = 0;

  /** Declares an action for a player (actions room): a trigger that runs is declared. */
  protected abstract declare(a: CompiledAction, player: Player, frame?: unknown[], source?: Card | null): boolean;

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see GameState
  constructor(ir: GameIR, opts: EngineOptions<any>) {
    super(ir, opts);
    this.maxTriggerChain = opts.maxTriggerChain ?? DEFAULT_MAX_TRIGGER_CHAIN;
    this.checkReads = checkReads(ir);
    const zones = this.checkReads.zones;
    if (zones !== null) {
      this.watchedZones.fill(0);
      for (const z of zones) this.watchedZones[z] = 1;
    }
    const fields = this.checkReads.fields;
    if (fields !== null) {
      this.watchedFields.fill(0);
      for (const f of fields) this.watchedFields[f] = 1;
    }
  }

  protected override resetGame(seed: number): void {
    super.resetGame(seed);
    this.triggerChain = 0;
    this.triggerDepth = 0;
    this.quiet.changes = -1;
    this.pendingImmediate = [];
    this.pendingNormal = [];
    this.instantQueue = [];
  }

  protected override saveRoom(s: GameSnapshot): void {
    super.saveRoom(s);
    const save = (q: PendingTrigger[]) => q.map((t) => ({ action: t.action.index, controller: t.controller.index, frame: t.frame.slice(), source: t.source ? t.source.id : 0 }));
    s.pendingImmediate = save(this.pendingImmediate);
    s.pendingNormal = save(this.pendingNormal);
    s.instant = save(this.instantQueue);
    s.triggerChain = this.triggerChain;
  }

  protected override loadRoom(s: GameSnapshot): void {
    super.loadRoom(s);
    const t = this.loadTarget!;
    const load = (q: SavedTrigger[]): PendingTrigger[] =>
      q.map((p) => ({ action: this.rules.actions[p.action]!, controller: this.players[p.controller]!, frame: p.frame.map((v) => loadValue(v, t)), source: p.source ? this.cards[p.source - 1]! : null }));
    this.pendingImmediate = load(s.pendingImmediate);
    this.pendingNormal = load(s.pendingNormal);
    this.instantQueue = load(s.instant);
    this.triggerChain = s.triggerChain;
    this.triggerDepth = 0;
    this.quiet.changes = -1;
  }

  /**
   * Has the player (or the card, for its ability) used this action as often this turn as its
   * `limit N per turn`, or as a shared limit that covers it allows?
   */
  protected limitReached(a: CompiledAction, player: Player, source: Card | null): boolean {
    if (a.limit >= 0 && (this.usesThisTurn.get(this.useKey(a, player, source)) ?? 0) >= a.limit) return true;
    if (a.shared !== null) for (const l of a.shared) if ((this.usesThisTurn.get(this.sharedKey(l, player, source)) ?? 0) >= l.count) return true;
    return false;
  }

  /** A use of the action this turn: its own limit's count and every shared limit's that covers it. */
  protected countUse(a: CompiledAction, player: Player, source: Card | null): void {
    if (a.limit >= 0) {
      const key = this.useKey(a, player, source);
      this.usesThisTurn.set(key, (this.usesThisTurn.get(key) ?? 0) + 1);
    }
    if (a.shared !== null)
      for (const l of a.shared) {
        const key = this.sharedKey(l, player, source);
        this.usesThisTurn.set(key, (this.usesThisTurn.get(key) ?? 0) + 1);
      }
  }

  /** A shared limit's count, per player or per card (a rules action: per player); keys apart from useKey's (above 2^40). */
  protected sharedKey(l: { index: number; perCard: boolean }, player: Player, source: Card | null): number {
    return 2 ** 40 + l.index * 2 ** 24 + (l.perCard && source ? source.id : 2 ** 23 + player.index);
  }

  /** `limit … per turn` counts per player, and for a card's ability per card. */
  protected useKey(a: CompiledAction, player: Player, source: Card | null): number {
    // A number, not a string: no text to build at every check. Cards from 0 up, players below 0.
    const n = this.rules.actions.length;
    return source ? source.id * n + a.index : -1 - (player.index * n + a.index);
  }

  /** The cards with this ability that `player` controls (or, with null, anyone), where it works. */
  protected abilityCards(a: CompiledAction, player: Player | null): Card[] {
    return this.cardsWhere(a.ir.source, a.ir.sourceZone, player, a.ir.sourceZones);
  }

  /**
   * `signal <event> <args>`: a game-defined event. First its replacements (replacements.ts): a
   * replaced event does not happen and fires nothing; one let through goes on with its arguments
   * as they left them. Then it happens: its triggers fire (its own card's `on signal … this`
   * abilities, and every other trigger on the event; instant ones run now), and then what the
   * event itself does (its body, with the arguments as its parameters).
   */
  signal(event: number, first: unknown, rest: unknown[], ctx: Ctx, loc: SrcLoc | null): void {
    const args = rest.length === 0 ? [first] : [first, ...rest];
    const replacements = this.replacementsOfSignal(event);
    // (The event is made only when a replacement may apply: most of a pool's belong to cards not in this game.)
    if (replacements.length !== 0 && this.maySignalBeReplaced(replacements, first)) {
      const affected = first instanceof Card ? this.controllerOf(first) : first instanceof Player ? first : this.active;
      if (!this.replaceEvent({ kind: 'signal', event, from: -1, to: -1, args, affected, words: () => phrase('signal', { event: this.ir.events[event]!.name, args: shown(args) }) }, ctx, replacements)) return;
    }
    if (this.logging) this.emitLog('signal', phrase('signal', { event: this.ir.events[event]!.name, args: shown(args) }), ctx.me, ctx.cite, loc, false, args.filter((a): a is Card => a instanceof Card));
    if (this.trial === 0) {
      // Counted as a change whatever fires (check-reads.ts does not follow triggers' conditions).
      this.varChanges++;
      const triggers = this.rules.triggers.signal.get(event);
      if (triggers !== undefined) for (const t of triggers) this.fireSignal(t, args);
      this.runInstantTriggers();
    }
    const body = this.rules.eventBodies[event];
    if (body) body(ctx, ...args);
  }

  /** A trigger on a signal: its own card's (`on signal … this`), or any card's with the ability, or the rules'. */
  private fireSignal(t: CompiledAction, args: unknown[]): void {
    const ev = t.ir.event as Extract<ActionIR['event'], { kind: 'signal' }>;
    const bind = ev.argSlots.length ? (frame: unknown[]) => ev.argSlots.forEach((slot, i) => (frame[slot] = args[i + 1])) : null;
    if (ev.cardSlot >= 0) return this.fireFor(t, ev.cardSlot, args[0], bind);
    if (args[0] instanceof Card && this.hasAbilitiesOf(args[0], t.ir.source)) {
      const frame = new Array(t.ir.slots);
      bind?.(frame);
      this.queueTrigger(t, frame, args[0]);
    }
  }

  protected runInstantTriggers(): void {
    while (this.instantQueue.length) this.runTrigger(this.instantQueue.shift()!);
  }

  /** triggersMoved by the zone moved to (see fireMoved). */
  private triggersMovedTo: (CompiledAction[] | undefined)[] = [];

  /** The triggers watching moves to this zone (or to any), in order: a table by zone. */
  private movedTriggersTo(to: number): CompiledAction[] {
    return (this.triggersMovedTo[to] ??= this.rules.triggers.moved.filter((t) => {
      const ev = t.ir.event as Extract<ActionIR['event'], { kind: 'moved' }>;
      return ev.to === -1 || ev.to === to;
    }));
  }

  /**
   * Could a move to this zone fire a trigger (so moveCardsNow must keep who moved)? Not when no
   * trigger watches the zone; nor when every one that does belongs to a card with no copy in
   * this game (a pool's cards are mostly not in this game) — unless a move's replacement could make
   * such a copy while the moves are made, or a card has gained another's abilities.
   */
  protected movesWatched(to: number, replaceable: boolean): boolean {
    const list = this.movedTriggersTo(to);
    if (list.length === 0) return false;
    if (replaceable || this.grantsEver) return true;
    for (let i = 0; i < list.length; i++) {
      const s = list[i]!.ir.source;
      if (s < 0 || this.cardsByDef[s]) return true;
    }
    return false;
  }

  protected fireMoved(card: Card, from: number, to: number, attached: boolean): void {
    const list = this.movedTriggersTo(to);
    for (let i = 0; i < list.length; i++) {
      const t = list[i]!;
      const ev = t.ir.event as Extract<ActionIR['event'], { kind: 'moved' }>;
      if (ev.from !== -1 && ev.from !== from) continue;
      if (ev.cardSlot < 0) {
        // `on moved this …`: the ability's own card moved. (Abilities it had gained ended as it
        // changed zone: only its own card's fire here.) It must work where the card was, when the
        // trigger names the zone left (`from Z`: a card attached under another card in Z was no
        // card of Z), else where it is now (`from any to Z`).
        // (Whether the card has the ability first: most moves are of other cards.)
        const src = t.ir.source;
        if (card.def !== src && !(this.grantsEver && this.hasAbilitiesOf(card, src))) continue;
        if (ev.from !== -1 ? worksAt(t, from, attached) : worksAt(t, to, false)) this.queueTrigger(t, new Array(t.ir.slots), card);
        continue;
      }
      this.fireFor(t, ev.cardSlot, card, null);
    }
  }

  /** Fires the triggers on an action (declared or resolved) from one of the trigger tables. */
  protected fireAction(map: Map<number, CompiledAction[]>, action: number): void {
    if (this.trial > 0) return;
    const list = map.get(action);
    if (list) for (const t of list) this.fireFor(t, -1, null, null);
  }

  protected fireSimple(list: CompiledAction[]): void {
    for (const t of list) this.fireFor(t, -1, null, null);
  }

  /**
   * Queues a trigger once — or, for a card's ability, once for each card that has it where it
   * works — with `value` in its frame's `slot` (-1: none) and what `bind` puts there. (A slot and
   * a value rather than a function for the commonest case: no closure made at every move.)
   */
  private fireFor(t: CompiledAction, slot: number, value: unknown, bind: ((frame: unknown[]) => void) | null): void {
    if (t.ir.source < 0) {
      const frame = new Array(t.ir.slots);
      if (slot >= 0) frame[slot] = value;
      bind?.(frame);
      this.queueTrigger(t, frame, null);
      return;
    }
    const cards = this.abilityCards(t, null);
    for (let i = 0; i < cards.length; i++) {
      const frame = new Array(t.ir.slots);
      if (slot >= 0) frame[slot] = value;
      bind?.(frame);
      this.queueTrigger(t, frame, cards[i]!);
    }
  }

  private queueTrigger(t: CompiledAction, frame: unknown[], source: Card | null): void {
    // A card's ability belongs to the card's controller unless it says otherwise.
    const fallback = source ? this.controllerOf(source) : this.active;
    const ctx = newCtx(frame, fallback, t.ir.cite);
    ctx.thisCard = source;
    const controller = t.controller ? (t.controller(ctx) as Player | null) ?? fallback : fallback;
    ctx.me = controller;
    if (t.condition && !t.condition(ctx)) return;
    if (this.overLimit(t, controller, source)) return;
    const p: PendingTrigger = { action: t, controller, frame, source };
    this.varChanges++;
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
    if ((t.limit < 0 && t.shared === null) || !this.limitReached(t, controller, source)) return false;
    if (this.logging) {
      const own = t.limit >= 0 && (this.usesThisTurn.get(this.useKey(t, controller, source)) ?? 0) >= t.limit;
      const shared = own ? undefined : t.shared?.find((l) => (this.usesThisTurn.get(this.sharedKey(l, controller, source)) ?? 0) >= l.count);
      const which = own ? phrase('limit-per-turn', { count: t.limit }) : phrase('shared-limit', { name: this.ir.limits[shared!.index]!.name, count: shared!.count, perCard: optional(shared!.perCard, 'per-card') });
      this.emitLog('trigger', phrase('trigger-limit', { action: t.ir.name, player: controller.name, which }), controller, shared ? this.ir.limits[shared.index]!.cite || t.ir.cite : t.ir.cite, t.ir.loc);
    }
    return true;
  }

  private runTrigger(t: PendingTrigger): void {
    this.varChanges++;
    if (this.overLimit(t.action, t.controller, t.source)) return;
    // A trigger is a step (the step limit stops a loop however it runs), and one link of the
    // chain that runs before a player next acts: two triggers that keep firing each other
    // never return to a player, and instant ones nest deeper at each link (see maxTriggerChain).
    this.tick(t.action.ir.loc);
    if (++this.triggerChain > this.maxTriggerChain) this.stopTriggerChain(t, `${this.maxTriggerChain} triggers in a row with no player acting`, phrase('reason-trigger-chain', { n: this.maxTriggerChain, action: t.action.ir.name }));
    if (this.triggerDepth >= MAX_TRIGGER_NESTING) this.stopTriggerChain(t, `${MAX_TRIGGER_NESTING} triggers nested in one another`, phrase('reason-trigger-nesting', { n: MAX_TRIGGER_NESTING, action: t.action.ir.name }));
    this.triggerDepth++;
    try {
      this.runTriggerNow(t);
    } finally {
      this.triggerDepth--;
    }
  }

  private runTriggerNow(t: PendingTrigger): void {
    if (this.logging) this.emitLog('trigger', phrase('trigger', { action: t.action.ir.name, player: t.controller.name }), t.controller, t.action.ir.cite, t.action.ir.loc);
    if (t.action.ir.optional) {
      // 「〜できる」: the controller may decline, before anything is declared.
      const ctx = newCtx(t.frame, t.controller, t.action.ir.cite);
      ctx.thisCard = t.source;
      if (this.chooseMode(t.controller, ['activate', 'decline'], ctx, `${t.action.ir.name}: activate it?`, t.action.ir.loc, phrase('prompt-activate', { action: t.action.ir.name }), ACTIVATE_WORDS) === 1) return;
    }
    this.declare(t.action, t.controller, t.frame, t.source);
  }

  private stopTriggerChain(t: PendingTrigger, what: string, because: LogPhrase): never {
    if (this.trial > 0) throw new Impossible(phrase('limit-trigger-chain'));
    const reason = `stopped after ${what} (a trigger loop? the last one: ${t.action.ir.name})`;
    this.finish('draw', null, reason, newCtx(t.frame, t.controller, t.action.ir.cite), t.action.ir.loc, 'trigger-chain', because);
  }

  private takeNext(queue: PendingTrigger[]): PendingTrigger {
    // The language's order (trigger-order.ts): `last` ones after all others, the active player's first.
    const next = queue[nextWaitingTrigger(queue, this.active)]!;
    const group = next.action.ir.group;
    if (group) {
      // A group waiting together: its controller picks which runs (now, or the only one).
      const members = queue.filter((t) => t.controller === next.controller && t.action.ir.group?.name === group.name);
      if (members.length > 1) {
        const ctx = newCtx([], next.controller, next.action.ir.cite);
        const labels = members.map((t) => (t.source ? `${t.action.ir.name} (${this.optionLabel(next.controller, t.source)})` : t.action.ir.name));
        const pick = members[this.chooseMode(next.controller, labels, ctx, group.mode === 'one' ? `${group.name}: choose the one that takes effect` : `${group.name}: choose the next to take effect`, next.action.ir.loc, phrase(group.mode === 'one' ? 'prompt-group-one' : 'prompt-group-next', { group: group.name }))]!;
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

  /** What the checks read of the state (check-reads.ts). */
  private readonly checkReads: CheckReads;

  /**
   * The state after a run of the checks that changed nothing (no change counted, no step, no
   * random draw, no hash or log): its counts of changes (state.ts `changes`). While the parts of
   * the state the checks read are still as they were, the checks would run the same way and
   * change nothing again: settle skips them. (A run that drew no random number and took no step
   * did not read the generator or the steps: they may differ.) Recorded only while the journal
   * is closed, so no rollback can return to a state other than the one recorded.
   */
  private quiet = { changes: -1, turn: -1, vars: -1 };

  /**
   * The checks, unless nothing they read has changed since a quiet run (see `quiet`): that test
   * alone here, where most calls stop, a small function; the run in runChecksNow.
   */
  private runChecks(): void {
    if (this.rules.checks.length === 0) return;
    const q = this.quiet;
    const reads = this.checkReads;
    if (
      this.trial === 0 &&
      !reads.never &&
      this.changes === q.changes &&
      (!reads.turn || this.turnChanges === q.turn) &&
      (!reads.vars || this.varChanges === q.vars)
    )
      return;
    this.runChecksNow();
  }

  private runChecksNow(): void {
    const checks = this.rules.checks;
    const q = this.quiet;
    const reads = this.checkReads;
    const rng = this.rng;
    const changes = this.changes;
    const turnChanges = this.turnChanges;
    const varChanges = this.varChanges;
    const looseChanges = this.looseChanges;
    const steps = this.steps;
    const outside = this.trial === 0 && !reads.never;
    const a = rng.a;
    const b = rng.b;
    const c = rng.c;
    const d = rng.d;
    const hash = this.hash;
    const logged = this.log.length;
    for (let i = 0; i < checks.length; i++) {
      const k = checks[i]!;
      const ctx = newCtx(new Array(k.slots), this.active, k.cite);
      k.body(ctx);
    }
    // Recorded only where nothing can undo the state (no trial, no declaration in progress: a
    // declaration that turns out impossible is rolled back, and the checks must then run again).
    if (
      outside &&
      this.journal.depth === 0 &&
      this.changes === changes &&
      this.turnChanges === turnChanges &&
      this.varChanges === varChanges &&
      this.looseChanges === looseChanges &&
      this.steps === steps &&
      rng === this.rng &&
      rng.a === a &&
      rng.b === b &&
      rng.c === c &&
      rng.d === d &&
      this.hash === hash &&
      this.log.length === logged
    ) {
      q.changes = changes;
      q.turn = turnChanges;
      q.vars = varChanges;
    }
  }
}

/** An optional trigger's two answers, for the log. */
const ACTIVATE_WORDS = [phrase('label-activate'), phrase('label-decline')];

/** A signal's arguments for the log: cards and players by name. */
function shown(args: unknown[]): string[] {
  return args.map((a) => (a instanceof Card || a instanceof Player ? a.name : String(a)));
}
