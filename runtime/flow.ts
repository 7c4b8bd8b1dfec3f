/**
 * The flow — the engine's eighth room. Setup, then turns: a turn's triggers, its body (the
 * rules' `turn`), the end of the turn. Windows, where players act until the window closes, and
 * priority rounds, where players respond to the top of the stack until all pass and it resolves.
 * A scenario may start the flow at the start of a turn or inside one of its windows.
 */
/* room-allowances of FlowRoom (checked by test/room-allowances.test.ts; docs/architecture.md)
 * below: GameState ValuesRoom ChoicesRoom TriggersRoom ActionsRoom OffersRoom
 * above: none
 * fields: GameState (active cards decisions formatLevel interventions ir journal logging onTurn
 *   params playerCount players playersIn result rules stack tally trackKnowledge trial turn
 *   turnChanges usesThisTurn varChanges zoneVisibility) ValuesRoom (turnsTaken) ChoicesRoom
 *   (actionDraws decideByCount playoutPassWeight playoutPreference) TriggersRoom (triggerChain) OffersRoom
 *   (offerOptions offersFound)
 */
import type { GameIR, SrcLoc, Stmt } from '../compiler/ir.ts';
import { Impossible, newCtx, type Ctx, type Ex } from './context.ts';
import { GameCourse } from './course.ts';
import { ActionDecision } from './decisions.ts';
import { GameOver, MAX_PERFORM_NESTING, type EngineOptions } from './engine-types.ts';
import { Card, type Player, type Request } from './model.ts';
import { NO_OFFER, OffersRoom, PASS, type Offer } from './offers.ts';
import type { GameSnapshot } from './snapshot.ts';
import { firstGame, type MatchFacts } from './match-facts.ts';
import { phrase } from './log-entry.ts';

/** The value of the "pass" option of an action decision. */

export abstract class FlowRoom extends OffersRoom {
  /** An `end turn` was done: the window in progress closes. */
  private endTurnRequested = false;
  /** `perform`s running inside one another (abilities used through abilities): bounded by MAX_PERFORM_NESTING. */
  private performDepth = 0;
  /** Actions by name, made on first use (actionNamed). */
  private actionsByName: Map<string, number> | null = null;
  /** EngineOptions.course: the leader at each turn's end, the actions offered at each decision to act (course.ts); null when not asked. */
  protected readonly course: GameCourse | null;

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see GameState
  constructor(ir: GameIR, opts: EngineOptions<any>) {
    super(ir, opts);
    this.course = opts.course ? new GameCourse(ir.actions.length, ir.evaluate != null) : null;
  }

  protected override resetGame(seed: number): void {
    super.resetGame(seed);
    this.endTurnRequested = false;
    this.course?.reset();
  }

  protected override saveRoom(s: GameSnapshot): void {
    super.saveRoom(s);
    s.endTurnRequested = this.endTurnRequested;
  }

  protected override loadRoom(s: GameSnapshot): void {
    super.loadRoom(s);
    this.endTurnRequested = s.endTurnRequested;
  }

  /**
   * The match this game is part of (match-facts.ts): game 1 of none unless the match runner
   * (match.ts) or a scenario set it. A reset keeps it: Engine.reset and Engine.nextGameOfMatch say which.
   */
  match: MatchFacts = firstGame(this.playerCount);

  /** Setup, then turns until the game ends; in a match's later games, `between games` first. */
  protected runGame(): void {
    try {
      const between = this.ir.match?.betweenGames;
      if (between && this.match.game > 1 && this.rules.betweenGamesBody) {
        const bctx = newCtx(new Array(between.slots), this.active, between.cite);
        this.emitLog('setup', phrase('setup-between', { game: this.match.game }), null, bctx.cite, between.loc);
        this.rules.betweenGamesBody(bctx);
        if (this.result !== null) return;
      }
      const ctx = newCtx(new Array(this.ir.setup.slots), this.active, this.ir.setup.cite);
      this.emitLog('setup', phrase('setup'), null, ctx.cite, this.ir.setup.loc);
      this.rules.setupBody(ctx);
      // (The setup's and the turn's bodies return when they end the game: see `end`.)
      if (this.result !== null) return;
      this.placeOpeningCards(ctx);
      this.turnLoop(false);
    } catch (e) {
      if (!(e instanceof GameOver)) throw e;
    }
  }

  /**
   * EngineOptions.opening (the balance lab): each asked copy changes places with a card of its
   * player's hand. Here, between the setup and turn 1 — not at turn 1's start, which a search's
   * replay from that turn's saved state runs again — so it happens once a game.
   */
  private placeOpeningCards(ctx: Ctx): void {
    if (this.interventions === null) return;
    for (const [copy, held] of this.interventions.openingExchanges(this.cards, this.zoneVisibility)) {
      const pile = copy.zone!;
      const hand = held.zone!;
      const at = pile.cards.indexOf(copy);
      const faces = [copy.facedown, held.facedown];
      this.removeFromZone(hand, held);
      this.removeFromZone(pile, copy);
      this.placeCard(copy, hand, null);
      this.placeCard(held, pile, null);
      this.addToZone(hand, copy, false);
      pile.cards.splice(at, 0, held);
      [held.facedown, copy.facedown] = faces as [boolean, boolean];
      if (this.trackKnowledge) for (const c of [copy, held]) this.learn(c);
      // Counted as drawn (it is in the opening hand); the other card is back in the pile.
      this.tally?.moved(copy, pile, hand, ctx, this.journal);
      this.tally?.moved(held, hand, pile, ctx, this.journal);
    }
  }

  /** From the start of the active player's turn (a scenario's `turn` start). */
  protected runFromTurn(): void {
    try {
      this.turn = Math.max(0, this.turn - 1);
      this.turnChanges++;
      this.turnLoop(false);
    } catch (e) {
      if (!(e instanceof GameOver)) throw e;
    }
  }

  /** From inside the turn's window of that name (a scenario's start), then on. */
  protected runFromWindow(name: string): void {
    try {
      if (this.turn === 0) this.turn = 1;
      this.turnChanges++;
      const flags = this.windowFlags(name);
      this.window(name, flags.passable, flags.open);
      // The rest of the turn after that window (an end phase written after it) runs too.
      const rest = this.afterWindow(name);
      if (rest) rest(newCtx(new Array(this.ir.turn.slots), this.active, this.ir.turn.cite));
      this.endOfTurn();
      this.turnLoop(true);
    } catch (e) {
      if (!(e instanceof GameOver)) throw e;
    }
  }

  /**
   * The statements of the turn that follow its window of that name (found at the top level, in
   * `cite` groups, or in a branch of an `if` — the run is already inside that branch, so the rest
   * of the branch runs, then what follows the `if`), preceded by the turn's top-level `let`s so
   * the names they bind still exist.
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
        if (st.kind === 'if') {
          const inner = rest(st.then) ?? rest(st.else);
          if (inner) return [...inner, ...stmts.slice(i + 1)];
        }
      }
      return null;
    };
    const body = this.ir.turn.body;
    const after = rest(body);
    if (!after || after.length === 0) return null;
    const holder = body.findIndex((st) => rest([st]) !== null);
    const lets = body.slice(0, holder).filter((st) => st.kind === 'let');
    return this.rules.compiler.body([...lets, ...after], 'vars', this.ir.turn.slots);
  }

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
    this.turnChanges++;
    for (;;) {
      // The game ends before a turn past the limit starts: `turn` stays at the limit.
      if (this.turn >= this.ir.game.maxTurns) {
        if (this.course !== null) this.course.capped = true;
        this.finish('draw', null, `the game reached ${this.ir.game.maxTurns} turns`, null, null, undefined, phrase('reason-max-turns', { n: this.ir.game.maxTurns }));
      }
      this.turn++;
      this.turnsTaken[this.active.index]!++;
      this.expireAtTurnStart();
      this.turnChanges++;
      // (Map.clear allocates a new table even when the map is empty.)
      if (this.usesThisTurn.size) this.usesThisTurn.clear();
      this.endTurnRequested = false;
      this.triggerChain = 0;
      if (this.onTurn !== null) this.onTurn(this);
      if (this.tally !== null && this.turn === 1) {
        this.tally.first = this.active.index;
        this.tally.openingHands(this.cards, this.journal);
      }
      if (this.logging) this.emitLog('turn', phrase('turn', { turn: this.turn, player: this.active.name }), this.active, this.ir.turn.cite, this.ir.turn.loc);
      this.fireSimple(this.rules.triggers.turnStart);
      this.settle();
      const ctx = newCtx(new Array(this.ir.turn.slots), this.active, this.ir.turn.cite);
      this.rules.turnBody(ctx);
      if (this.result !== null) return;
      this.endOfTurn();
      if (this.course !== null) this.course.turnEnded(this.players.length, (p) => this.evaluate(this.players[p]!));
      this.active = this.nextPlayer(this.active);
      this.turnChanges++;
    }
  }

  private endOfTurn(): void {
    this.fireSimple(this.rules.triggers.turnEnd);
    this.settle();
    this.expireModifiers();
  }

  endTurn(ctx: Ctx, loc: SrcLoc | null): void {
    // (Counted as a change: a run of the checks that ends the turn is never one to skip.)
    this.varChanges++;
    this.endTurnRequested = true;
    if (this.logging) this.emitLog('end-turn', phrase('end-turn', { player: ctx.me.name }), ctx.me, ctx.cite, loc);
  }

  /** `perform`: declare for a player, then let the stack settle back to where it was. */
  perform(ai: number, player: Player, loc: SrcLoc | null, as?: Card | null): void {
    // Counted as a change whatever it does (check-reads.ts does not follow actions).
    this.varChanges++;
    const a = this.rules.actions[ai];
    if (!a || a.ir.level > this.formatLevel) return;
    // An ability used through another (`perform <ability> as <card>`) may use one that uses
    // another…: bounded, and a loop of them ends the game with a cited reason (as trigger loops do).
    if (this.performDepth >= MAX_PERFORM_NESTING) {
      if (this.trial > 0) throw new Impossible(phrase('limit-perform-nesting'));
      this.finish('draw', null, `stopped after ${MAX_PERFORM_NESTING} abilities used through one another (a loop? the last one: ${a.ir.name})`, newCtx([], player, a.ir.cite), loc, 'trigger-chain', phrase('reason-nesting', { n: MAX_PERFORM_NESTING, action: a.ir.name }));
    }
    const depth = this.stack.length;
    this.performDepth++;
    try {
      this.declare(a, player, undefined, as ?? null);
    } finally {
      this.performDepth--;
    }
    this.settle();
    while (this.stack.length > depth) this.priorityRound('response');
  }

  /** An action's index by its name (an ability held as a value: `abilities(c)`), or -1. */
  actionNamed(name: unknown): number {
    if (typeof name !== 'string') return -1;
    return (this.actionsByName ??= new Map(this.ir.actions.map((a, i) => [a.name, i] as const))).get(name) ?? -1;
  }

  /** The abilities of a card (its definition's, then those it gained) that exist in this format (not its replacements), by name. */
  abilitiesOf(card: unknown): string[] {
    if (!(card instanceof Card)) return [];
    const has = (def: number) => def === card.def || (card.mods !== null && card.mods.some((m) => m.op === 'abilities' && m.by === def) && this.abilityHolders(def).includes(card));
    return this.ir.actions.filter((a) => a.source >= 0 && has(a.source) && !a.replaces && a.level <= this.formatLevel).map((a) => a.name);
  }

  /**
   * A window: players act until it closes. Normally only the active player acts (the stack aside),
   * and passing closes a `passable` window. In an `open` window every player may act: starting
   * with the active player, each in turn may act or pass; after an action the active player is
   * asked again; when every player has passed in a row, the window closes.
   */
  window(name: string, passable: boolean, open = false): void {
    // Counted as a change whatever it does (check-reads.ts does not follow what players may do).
    this.varChanges++;
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
      if (open && passes >= this.playersIn) break;
      if (p.out) {
        // A player out of the game is never asked: as if they passed.
        if (!open) break;
        passes++;
        p = this.nextPlayer(p);
        continue;
      }
      this.tick(null);
      // (A window that may not be passed closes when nothing is offered; a passable one asks, with "pass" alone.)
      const v = this.chooseAction(p, open || passable, !open && passable, null, name);
      if (v === PASS || v === NO_OFFER) {
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

  /**
   * `p` chooses an action now, or to pass (when `canPass`): the offers listed (availableActions)
   * and the player asked — with a decision, or by count for a random player. NO_OFFER: nothing
   * was offered and no one was asked (unless `askWhenNone`: then "pass" alone is asked).
   * `respondTo`: the request answered (a priority round), for the decision's prompt.
   *
   * A random player (Engine.run's `draws: 'sampled'`) and a search's playouts by count with
   * sampling (Engine.answerByCount) draw one offer or the pass without listing every offer
   * (OffersRoom.sampleOffer): the same distribution, other draws. The random player's draw keeps
   * the decision count and the chain of triggers as the listing does; the playouts' count only
   * the actions taken.
   */
  private chooseAction(p: Player, canPass: boolean, askWhenNone: boolean, respondTo: Request | null, windowName: string): Offer | typeof PASS | typeof NO_OFFER {
    if (this.course === null || this.trial > 0) return this.chooseActionNow(p, canPass, askWhenNone, respondTo, windowName);
    // The course (EngineOptions.course): when the player was asked (the engine counted a
    // decision), the actions offered — the listing's, or where a random player's draw listed
    // none, found now, unobserved (the game plays on as it would have; nothing is declared yet).
    const before = this.decisions;
    this.listedOffers = null;
    const v = this.chooseActionNow(p, canPass, askWhenNone, respondTo, windowName);
    if (this.decisions > before) {
      const listed = this.listedOffers as readonly Offer[] | null;
      this.course.decision(listed !== null ? listed.map((o) => o.action.index) : this.unobserved(() => this.offeredActions(p)));
      this.course.answered(v === PASS || v === NO_OFFER ? -1 : v.action.index);
    }
    return v;
  }

  /** With a course: the offers chooseActionNow listed for the decision in progress (null: it drew without listing). */
  private listedOffers: readonly Offer[] | null = null;

  private chooseActionNow(p: Player, canPass: boolean, askWhenNone: boolean, respondTo: Request | null, windowName: string): Offer | typeof PASS | typeof NO_OFFER {
    const byCount = this.decideByCount;
    if (byCount !== null && this.actionDraws === 'sampled' && this.trial === 0) {
      // A random player's draw, its decision counted and the chain of triggers ended as the
      // listing below would: it counts the offers, so as many are found as that needs — a second
      // one where one alone is not asked, one after "pass" where none would not be asked or
      // would end the chain of triggers.
      const needIfOffer = this.asksAction(1, canPass) ? 1 : 2;
      const needIfPass = !askWhenNone || this.triggerChain > 0 ? 1 : 0;
      const v = this.sampleOffer(p, canPass, byCount, needIfOffer, needIfPass);
      const offers = this.offersFound;
      if (offers > 0) this.triggerChain = 0;
      else if (!askWhenNone) return NO_OFFER;
      if (this.asksAction(offers + (canPass ? 1 : 0), canPass)) {
        this.decisions++;
        // The decision in the game's hash, as a listing's answer is (the action taken is mixed when declared).
        this.mix(v === PASS || v === NO_OFFER ? 1 : 2);
      }
      return v;
    }
    if (byCount !== null && this.actionDraws === 'playout' && this.trial === 0) {
      const v = this.sampleOffer(p, canPass, byCount, 0, 0, this.playoutPassWeight, this.playoutPreference);
      if (v !== PASS && v !== NO_OFFER) {
        this.triggerChain = 0;
        this.decisions++;
      }
      return v;
    }
    const offers = this.availableActions(p, windowName);
    if (this.course !== null && this.trial === 0) this.listedOffers = offers;
    if (offers.length) this.triggerChain = 0;
    else if (!askWhenNone) return NO_OFFER;
    if (byCount !== null) {
      const i = this.askActionByCount(byCount, p, offers.length + (canPass ? 1 : 0), canPass);
      return i < offers.length ? offers[i]! : PASS;
    }
    const d =
      respondTo === null
        ? new ActionDecision(p, `${p.name}: choose an action (${windowName})`, this.ir.turn.cite, offers, canPass, this.offerOptions, PASS, windowName)
        : new ActionDecision(p, `${p.name}: respond to ${this.ir.actions[respondTo.action]!.name}, or pass`, this.ir.actions[respondTo.action]!.cite, offers, canPass, this.offerOptions, PASS);
    return d.valueAt(this.ask(d)) as Offer | typeof PASS;
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
    while (passes < this.playersIn) {
      if (p.out) {
        p = this.nextPlayer(p);
        continue;
      }
      this.tick(null);
      const v = this.chooseAction(p, true, false, top, windowName);
      if (v === PASS || v === NO_OFFER) {
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
    const r = this.popRequest();
    this.varChanges++;
    this.resolve(r);
    this.settle();
  }
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
