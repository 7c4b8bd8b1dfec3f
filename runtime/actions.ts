/**
 * Actions and the stack — the engine's sixth room. Whether a player can declare an action now
 * (a trial declaration that is then undone, after the checks that make most trials needless),
 * declaring one (its choices and costs), putting it on the response stack or resolving it at
 * once, resolving (a request whose targets are all gone fizzles), cancelling and redirecting
 * requests. Which actions are offered at a decision is the room above's (offers.ts).
 */
/* room-allowances of ActionsRoom (checked by test/room-allowances.test.ts; docs/architecture.md)
 * below: GameState MovesRoom ChoicesRoom TriggersRoom
 * above: none
 * fields: GameState (cards changes hash ir journal logging looseChanges nextRequestId players rng
 *   rules sharedZones stack steps tally trial turnChanges varChanges)
 */
import type { PickIR, SrcLoc } from '../compiler/ir.ts';
import { Impossible, asList, newCtx, type Ctx, type Ev } from './context.ts';
import { TrialEndsGame } from './engine-types.ts';
import { Request, type Card, type Player } from './model.ts';
import { NO_OPTION, firstOption } from './choices.ts';
import type { CompiledAction, CompiledPick } from './rules.ts';
import { TriggersRoom } from './triggers.ts';
import { bare, copyCards, fewerCards } from './first-step.ts';
import { NO_CARDS } from './state.ts';
import type { GameSnapshot } from './snapshot.ts';
import { optional, phrase, type LogPhrase } from './log-entry.ts';

export abstract class ActionsRoom extends TriggersRoom {
  /** The context of `when` conditions (they cannot reach another trial: one serves them all). */
  private whenCtx: Ctx | null = null;

  /**
   * By action and player (action × players + player): the cards of the action's `firstZone`
   * when its first step last failed for that player, or null. Reset with each game and state
   * loaded (a cache: the same cards decide the same failure).
   */
  private failedFirst: (Card[] | null | undefined)[] = [];

  protected override resetGame(seed: number): void {
    super.resetGame(seed);
    for (let i = 0; i < this.failedFirst.length; i++) this.failedFirst[i] = null;
  }

  protected override loadRoom(s: GameSnapshot): void {
    super.loadRoom(s);
    for (let i = 0; i < this.failedFirst.length; i++) this.failedFirst[i] = null;
  }

  /** A re-deal gave the card objects other identities: what failed for those objects may not fail now. */
  protected override identitiesChanged(): void {
    super.identitiesChanged();
    for (let i = 0; i < this.failedFirst.length; i++) this.failedFirst[i] = null;
  }

  /** By action: the context its trials reuse, with its picks' `such that` tests bound to it (see canDeclare). */
  private trialHolders: (TrialHolder | undefined)[] = [];


  /** Why-not (why-not.ts): canDeclare's trial, without its cache, and what failed — the pick, the `Impossible` (its `step`) — or null. */
  trialFailure(a: CompiledAction, player: Player, source: Card | null): PickIR | Impossible | null {
    this.failure = null;
    return this.trialDeclare(a, player, source, null) ? null : this.failure;
  }

  /** What the last trial that failed ran into (trialFailure reads it). */
  private failure: PickIR | Impossible | null = null;
  /** Runs `f` (why-not's trials) leaving no trace: trials fold moves into the hash, count steps and fill the first-step cache. */
  unobserved<T>(f: () => T): T {
    const [hash, steps, cache] = [this.hash, this.steps, this.failedFirst.map((x) => (x ? x.slice() : x))];
    try {
      return f();
    } finally {
      [this.hash, this.steps, this.failedFirst] = [hash, steps, cache];
    }
  }

  /** Whether `player` can declare `a` (for the card `source`) now: the checks before a trial, then a trial. */
  protected canDeclare(a: CompiledAction, player: Player, source: Card | null): boolean {
    // No card but those where the first step failed last time for this player: it fails again
    // (first-step.ts), whatever `when` says.
    const fz = a.firstZone;
    let failedAt: Card[] | null | undefined = null;
    if (fz >= 0) {
      const k = a.index * this.players.length + player.index;
      // (Dense, null where nothing failed: grown once to every action and player.)
      while (this.failedFirst.length <= k) this.failedFirst.push(null);
      failedAt = this.failedFirst[k];
      const now = failedAt != null ? (a.firstZoneShared ? this.sharedZones[fz]! : player.zones[fz]!).cards : NO_CARDS;
      // (A step that reads what lies under the cards: only while none has a card attached.)
      if (failedAt != null && a.firstBare && !bare(now)) failedAt = null;
      if (failedAt != null) {
        if (fewerCards(now, failedAt)) return false;
        // New cards, none of which passes the step's test: no new candidate, it fails again.
        // With a `such that`, only if the trial that failed tried every combination of its
        // candidates: at most 11 of them (2^11 combinations, below firstOption's 4096).
        if (a.firstTest !== null && (a.steps[0]!.such === null || failedAt.length <= 11) && this.noNewCandidate(a.firstTest, now, failedAt, player)) {
          copyCards(now, failedAt);
          return false;
        }
      }
    }
    if (a.when.length) {
      // `when` conditions are expressions: nothing they do can reach another trial, so one
      // context serves them all. They come before any choice: its frame is empty.
      const w = (this.whenCtx ??= newCtx([], player, ''));
      w.me = player;
      w.thisCard = source;
      w.cite = a.cite;
      for (let i = 0; i < a.when.length; i++) if (!a.when[i]!(w)) return false;
    }
    if (a.steps.length === 0) return true;
    if (a.onlyPick !== null) {
      // A trial would only count the step's candidates: counted here, in `when`'s context (no choice made yet).
      if (this.enoughFor(a.onlyPick, player, source, a.cite)) return true;
      if (fz >= 0) this.failedAtFirst(a, player, failedAt);
      return false;
    }
    return this.trialDeclare(a, player, source, failedAt);
  }

  /** Whether a pick has a first option (firstOption without `such that`): at least `min` candidates, and `min` ≤ `max`. */
  private enoughFor(s: CompiledPick, player: Player, source: Card | null, cite: string): boolean {
    const w = (this.whenCtx ??= newCtx([], player, ''));
    w.me = player;
    w.thisCard = source;
    w.cite = cite;
    const n = asList(s.from(w)).length;
    const min = s.minK ?? Number(s.min(w));
    const max = s.maxK ?? Number(s.max(w));
    if (s.single && max <= 1 && min <= 1) return min === 0 || n > 0;
    return Math.max(0, min) <= Math.min(max, n);
  }

  /** A trial of `a` failed at its first step (nothing was done yet): remembered with the zone's cards (first-step.ts). */
  private failedAtFirst(a: CompiledAction, player: Player, failedAt: Card[] | null | undefined): void {
    const cards = (a.firstZoneShared ? this.sharedZones[a.firstZone]! : player.zones[a.firstZone]!).cards;
    const keep = failedAt ?? [];
    copyCards(cards, keep);
    // (Only when the cards are bare, if the step reads what lies under them.)
    this.failedFirst[a.index * this.players.length + player.index] = !a.firstBare || bare(cards) ? keep : null;
  }

  /**
   * canDeclare's trial: `a` declared for `player`, every choice taking its first option, then
   * undone. Apart from the checks before it, where most calls stop: they make a small function,
   * without this one's frame and exception handlers (+4% in a game of many trials).
   */
  private trialDeclare(a: CompiledAction, player: Player, source: Card | null, failedAt: Card[] | null | undefined): boolean {
    const fz = a.firstZone;
    // One context per action serves its trials (nothing keeps a trial's context or frame once
    // it is undone): its frame emptied, as a new one would be. A trial inside a trial of the
    // same action (a cost that performs an action) makes its own.
    let holder = this.trialHolders[a.index];
    if (holder === undefined || holder.busy) {
      holder = { ctx: newCtx(new Array(a.slots), player, a.cite), tests: a.steps.map(() => null), busy: false };
      if (this.trialHolders[a.index] === undefined) this.trialHolders[a.index] = holder;
    } else {
      const f = holder.ctx.frame;
      for (let i = 0; i < f.length; i++) f[i] = undefined;
    }
    const ctx = holder.ctx;
    ctx.me = player;
    ctx.it = null;
    ctx.request = null;
    ctx.cite = a.cite;
    ctx.thisCard = source;
    ctx.declaring = true;
    holder.busy = true;
    const mark = this.journal.mark();
    // The generator's state, kept in locals rather than a new array for each trial.
    const rng = this.rng;
    const ra = rng.a;
    const rb = rng.b;
    const rc = rng.c;
    const rd = rng.d;
    const changes = this.changes;
    const turnChanges = this.turnChanges;
    const varChanges = this.varChanges;
    const looseChanges = this.looseChanges;
    const made = this.cards.length;
    this.trial++;
    try {
      // In a trial every choice takes its first option (see ask): no one is asked.
      const failed = this.declareSteps(a, ctx, null, holder.tests);
      if (failed !== null && fz >= 0 && failed === a.steps[0]!.ir) this.failedAtFirst(a, player, failedAt);
      if (failed !== null) this.failure = failed;
      return failed === null;
    } catch (e) {
      if (e instanceof Impossible) return !(this.failure = e);
      if (e instanceof TrialEndsGame) return true;
      throw e;
    } finally {
      holder.busy = false;
      this.trial--;
      this.journal.rollback(mark);
      rng.a = ra;
      rng.b = rb;
      rng.c = rc;
      rng.d = rd;
      // The state is as it was (no card made meanwhile stays): its count of changes too, so
      // settle still knows its checks have nothing to do (see `changes`: a trial records no
      // quiet state, and the counts it used are only ever reused for new changes).
      if (this.cards.length === made) {
        this.changes = changes;
        this.turnChanges = turnChanges;
        this.varChanges = varChanges;
        this.looseChanges = looseChanges;
      }
    }
  }

  /** Whether every card of `now` not in `then` fails `test` (a first step's `where`: it reads only `it`, see first-step.ts). */
  private noNewCandidate(test: Ev, now: Card[], then: Card[], player: Player): boolean {
    const w = (this.whenCtx ??= newCtx([], player, ''));
    try {
      for (let i = 0; i < now.length; i++) {
        const c = now[i]!;
        let j = 0;
        while (j < then.length && then[j] !== c) j++;
        if (j < then.length) continue;
        w.it = c;
        if (test(w)) return false;
      }
      return true;
    } finally {
      w.it = null;
    }
  }

  /**
   * The declaration's choices and costs, in order. Returns null, or the choice that had nothing
   * to choose from (the declaration is impossible): returned, not thrown, because trials try
   * every action at every decision and V8 throws slowly (~1 µs). A cost's own statements still
   * throw `Impossible`.
   */
  private declareSteps(a: CompiledAction, ctx: Ctx, using: Card[] | null, tests: (((v: unknown) => unknown) | null)[] | null = null): PickIR | null {
    const steps = a.steps;
    for (let i = 0; i < steps.length; i++) {
      const s = steps[i]!;
      if (s.kind === 'cost') {
        try {
          s.body(ctx);
        } catch (e) {
          // (The step it failed at, for why-not: the innermost declaration's.)
          if (e instanceof Impossible && e.step < 0) e.step = i;
          throw e;
        }
        continue;
      }
      const from = s.from(ctx);
      const min = s.minK ?? Number(s.min(ctx));
      const max = s.maxK ?? Number(s.max(ctx));
      const test = s.such ? (tests !== null ? (tests[i] ??= pickTest(s, ctx)) : pickTest(s, ctx)) : null;
      // In a trial, the first option (what pick takes there, while declaring), found directly.
      const v = this.trial > 0 ? firstOption(asList(from), min, max, s.single && max <= 1 && min <= 1, test) : this.pick(ctx.me, from, min, max, s.single, test, ctx, s.prompt, s.ir.loc, s.promptWords);
      if (v === NO_OPTION) return s.ir;
      ctx.frame[s.slot] = v;
      if (s.using) {
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
  protected declare(a: CompiledAction, player: Player, frame?: unknown[], source: Card | null = null): boolean {
    const ctx = newCtx(frame ?? new Array(a.ir.slots), player, a.ir.cite);
    ctx.thisCard = source;
    ctx.declaring = true;
    const using: Card[] = [];
    const mark = this.journal.mark();
    let why: LogPhrase | null = null;
    try {
      const failed = this.declareSteps(a, ctx, using);
      if (failed) why = phrase('nothing-to-choose-step', { kind: failed.kind, name: failed.name, action: a.ir.name });
    } catch (e) {
      if (!(e instanceof Impossible)) {
        this.journal.release(mark);
        throw e;
      }
      why = e.why;
    }
    if (why !== null) {
      this.journal.rollback(mark);
      if (this.logging) this.emitLog('impossible', phrase('impossible', { player: player.name, action: a.ir.name, why }), player, a.ir.cite, a.ir.loc);
      return false;
    }
    this.journal.release(mark);
    this.varChanges++;
    if (this.tally !== null && this.trial === 0) this.tally.used(a.index, player.index, this.journal);
    // Uses are counted for the actions with a `limit … per turn` or a shared limit (the only ones that read them).
    if (a.limit >= 0 || a.shared !== null) this.countUse(a, player, source);
    this.mix(a.index * 7 + player.index);
    const r = new Request(this.nextRequestId++, a.index, player, ctx.frame, using);
    r.source = source;
    const inits = this.rules.requestInits;
    if (inits.length) {
      const vars: unknown[] = [];
      for (let i = 0; i < inits.length; i++) vars.push(inits[i]!(ctx));
      r.vars = vars;
    }
    const stackZone = this.ir.game.stackZone;
    if (a.ir.speed === 'normal' && stackZone >= 0) {
      if (this.logging) this.emitLog('declare', this.declaration('declare', player, a, using, r), player, a.ir.cite, a.ir.loc, false, [using, this.targetsOf(r)]);
      ctx.declaring = false;
      this.pushRequest(r);
      this.fireAction(this.rules.triggers.declared, a.index);
    } else {
      if (this.logging) this.emitLog('declare', this.declaration('declare-at-once', player, a, using, r), player, a.ir.cite, a.ir.loc, false, [using, this.targetsOf(r)]);
      this.fireAction(this.rules.triggers.declared, a.index);
      this.resolve(r);
    }
    return true;
  }

  /** A declaration for the log: who, which action, with which cards, at which targets. */
  private declaration(code: 'declare' | 'declare-at-once', player: Player, a: CompiledAction, using: Card[], r: Request): LogPhrase {
    const t = this.targetsOf(r);
    const targets = optional(t.length > 0, 'targets', { targets: t.map((x) => (x instanceof Request ? this.ir.actions[x.action]!.name : String(x))) });
    return phrase(code, { player: player.name, action: a.ir.name, using: optional(using.length > 0, 'using', { cards: using.map(String) }), targets });
  }

  protected resolve(r: Request): void {
    this.varChanges++;
    const a = this.rules.actions[r.action]!;
    const ctx = newCtx(r.frame, r.controller, a.ir.cite);
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
      if (this.logging) this.emitLog('fizzle', phrase('fizzle', { action: a.ir.name, player: r.controller.name }), r.controller, a.ir.cite, a.ir.loc);
      this.mix(3);
    } else {
      if (this.logging) this.emitLog('resolve', phrase('resolve', { action: a.ir.name, player: r.controller.name }), r.controller, a.ir.cite, a.ir.loc);
      a.effect(ctx);
    }
    this.sweepStackZone(ctx);
    this.fireAction(this.rules.triggers.resolved, a.index);
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

  /**
   * Puts a request on top of the stack. Journaled like every change of the stack (cancel, the
   * resolution's pop): inside a trial that performs an action and then cancels the request, an
   * undo of the cancel alone would put back a request whose coming was never undone.
   */
  protected pushRequest(r: Request): void {
    this.replaceStack([...this.stack, r]);
  }

  /** Takes the top request off the stack (to resolve it), journaled as pushRequest is. */
  protected popRequest(): Request {
    const top = this.stack[this.stack.length - 1]!;
    this.replaceStack(this.stack.slice(0, -1));
    return top;
  }

  /** The one way the stack changes for good: a new list, the old one given back by an undo. */
  private replaceStack(next: Request[]): void {
    const old = this.stack;
    this.stack = next;
    if (this.journal.depth > 0) this.journal.record(() => (this.stack = old));
  }

  cancel(r: Request, ctx: Ctx, loc: SrcLoc | null): void {
    const i = this.stack.indexOf(r);
    if (i < 0) return;
    this.varChanges++;
    this.replaceStack(this.stack.filter((x) => x !== r));
    r.cancelled = true;
    if (this.logging) this.emitLog('cancel', phrase('cancel', { action: this.ir.actions[r.action]!.name, player: r.controller.name }), ctx.me, ctx.cite, loc);
  }

  retarget(r: Request, by: Player, ctx: Ctx, loc: SrcLoc | null): void {
    const a = this.rules.actions[r.action]!;
    const rctx: Ctx = { ...newCtx(r.frame, r.controller, a.ir.cite), declaring: false, thisCard: r.source };
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
      const v = this.choose(by, others, Number(s.min(rctx)), Number(s.max(rctx)), s.ir.single, pickTest(s, rctx), rctx, `new target for ${a.ir.name}`, loc, phrase('prompt-new-target', { action: a.ir.name }));
      r.frame[s.ir.slot] = v;
      this.varChanges++;
    }
    if (this.logging) this.emitLog('retarget', phrase('retarget', { action: a.ir.name, targets: this.targetsOf(r).map((t) => (t instanceof Request ? phrase('by', { action: this.ir.actions[t.action]!.name, player: t.controller.name }) : String(t))) }), ctx.me, ctx.cite, loc);
  }

  /** Calls a procedure (from a closure body; generated code calls `PR[p]` directly). */
  callProcedure(p: number, args: Ev[], caller: Ctx): void {
    // Arguments are read in the caller's frame, before the procedure runs.
    const values = args.map((a) => a(caller));
    this.rules.tables.PR[p]!(caller, ...values);
  }
}

/** An action's trial context, reused from trial to trial (see canDeclare). */
interface TrialHolder {
  ctx: Ctx;
  tests: (((v: unknown) => unknown) | null)[];
  busy: boolean;
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
