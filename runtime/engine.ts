/**
 * The generic engine: runs a compiled game (IR), asking the host's decider whenever a player
 * must choose, and finishes with a `GameResult`. Synchronous: no generators, no suspension; a
 * host that wants to step through a game replays it (the seed plus the answers).
 *
 * It knows zones, cards, players, a response stack, triggers, windows, modifiers and
 * decisions — and no game. Every rule comes from the IR.
 *
 * The engine is one object built in rooms, each a file and a class extending the one below
 * (runtime/README.md draws the plan):
 *
 *   state.ts    the state store: players, zones, cards, globals, the stack, the undo journal, log, hash
 *               (state-copies.ts: the whole state saved and loaded)
 *   seats.ts    more than two players: a player out of the game, places
 *   values.ts   computed values, modifiers and their durations, auras, labels
 *   replacements.ts  `instead`: an event (a move, a signal) replaced before it happens
 *   moves.ts    cards change place: move, attach, detach, shuffle, reveal
 *   choices.ts  a player decides: choose, choose order, choose a mode
 *   triggers.ts events fire triggers; settling runs them and the checks
 *   actions.ts  whether an action can be declared now (trials), declaring, the stack, resolving
 *   offers.ts   which actions a player is offered at a decision (or, in a search's playout, drawn)
 *   flow.ts     setup, turns, windows, priority rounds
 *   engine.ts   this file: the rules compiled (rules.ts), a new game per seed, running it
 */
/* room-allowances of Engine (checked by test/room-allowances.test.ts; docs/architecture.md)
 * below: GameState ValuesRoom TriggersRoom ActionsRoom OffersRoom FlowRoom
 * above: none
 * fields: GameState (cards cardsByDef changes formatLevel ir log players result rules sharedZones
 *   tally usesThisTurn) ValuesRoom (grantsEver) ChoicesRoom (actionDraws decide decideByCount
 *   playoutChoicePreference playoutPassWeight playoutPreference) FlowRoom (course match)
 */
import type { GameIR } from '../compiler/ir.ts';
import type { EngineCalls } from './calls.ts';
import type { EngineOptions as Options } from './engine-types.ts';
import { StopRun, type ActionDraws, type ActionPreference, type CountDecider, type Decider, type DeckList, type DeckVerdict, type GameResult } from './engine-types.ts';
import { asList, newCtx, type Ctx } from './context.ts';
import type { Card, Player, Zone } from './model.ts';
import { firstGame, type MatchFacts } from './match-facts.ts';

import type { Decision } from './decisions.ts';
import { FlowRoom } from './flow.ts';
import { compileRules } from './rules.ts';
import { viewFor, type PlayerView, type ViewSource } from './view.ts';
import type { GameCounts } from './tally.ts';
import type { CourseData } from './course.ts';
import { whyNot, type WhyNotHost, type WhyNotVerdict } from './why-not.ts';
import { whyNotInChoice, type ChoiceWhyNot } from './why-not-choice.ts';
import { optional, phrase } from './log-entry.ts';

export type { Decision, DecisionOption } from './decisions.ts';
export { StopRun, DEFAULT_MAX_TRIGGER_CHAIN, MAX_TRIGGER_NESTING } from './engine-types.ts';
export type { ActionDraws, CountDecider, Decider, DeckList, DeckVerdict, GameResult, LogEvent } from './engine-types.ts';

export type EngineOptions = Options<Engine>;
export type { WhyNotReason, WhyNotVerdict, WhyNotKind } from './why-not.ts';
export type { ChoiceWhyNot, ChoiceCardVerdict, ClosedOption } from './why-not-choice.ts';

export class Engine extends FlowRoom implements ViewSource, EngineCalls {
  constructor(ir: GameIR, opts: EngineOptions) {
    super(ir, opts);
    this.rules = compileRules(ir, this, this.formatLevel, opts.inspectable ?? false);
    this.newPlayers();
    this.initCardStates();
    const decks = opts.decks;
    const dc = ir.deckCheck;
    if (decks && dc && dc.build >= 0) {
      // The deck check's `build` makes a listed player's deck list instead of the rules' decks.
      const own = this.rules.tables.PR[dc.build]!;
      this.rules.tables.PR[dc.build] = (c: Ctx, p: unknown) => {
        const list = decks[(p as Player | null)?.name ?? ''];
        if (list) this.makeDeckList(p as Player, list);
        else own(c, p);
      };
    }
  }

  /**
   * Makes a player's deck list (EngineOptions.decks) in the zones of the game's deck check: the
   * main list in `main`, the side list in `side`, in order, top first. Logged with the check's cite.
   */
  makeDeckList(p: Player, list: DeckList): void {
    const dc = this.ir.deckCheck;
    if (!dc) throw new Error('the game has no deck check: a deck list has no zone to fill');
    for (const def of list.main) this.createCard(def, p.zones[dc.main]!);
    if (list.side.length) {
      if (dc.side < 0) throw new Error("the game's deck check has no side zone: a deck list has no side");
      for (const def of list.side) this.createCard(def, p.zones[dc.side]!);
    }
    const side = optional(list.side.length > 0, 'deck-list-side', { count: list.side.length, zone: `${p.name}.${this.ir.zones[dc.side]?.name}` });
    this.emitLog('note', phrase('deck-list', { player: p.name, count: list.main.length, zone: `${p.name}.${this.ir.zones[dc.main]!.name}`, side }), p, dc.cite, dc.loc);
  }

  /**
   * The game's deck check on `player`'s decks as they are now (its `deck check` requirements, in
   * order, with `me` = the player): legal, or the first requirement that fails — its reason, cite
   * and place. Null when the game declares no deck check. Changes nothing.
   */
  deckVerdict(player: Player): DeckVerdict | null {
    const dc = this.rules.deckCheck;
    if (!dc) return null;
    const ctx = newCtx(new Array(Math.max(1, dc.slots)), player, dc.cite);
    for (const r of dc.requirements) {
      ctx.it = null;
      if (r.each) {
        for (const card of [...asList(r.each.list(ctx))]) {
          ctx.frame[r.each.slot] = card;
          ctx.it = null;
          if (!r.cond(ctx)) return { legal: false, reason: String(r.reason(ctx)), cite: r.cite, loc: r.loc };
        }
      } else if (!r.cond(ctx)) return { legal: false, reason: String(r.reason(ctx)), cite: r.cite, loc: r.loc };
    }
    return { legal: true };
  }

  /** `deck_problem(p)`: the deck check's reason for rejecting p's decks, or "" when they are legal. */
  deckProblem(p: Player | null): string {
    if (!p) return '';
    const v = this.deckVerdict(p);
    if (!v || v.legal) return '';
    // The broken requirement, cited in the log (once, however often the rules ask in a row).
    const last = this.log[this.log.length - 1];
    if (last?.code !== 'deck-breaks' || last.player !== p.name || last.args.reason !== v.reason) this.emitLog('note', phrase('deck-breaks', { player: p.name, reason: v.reason }), p, v.cite, v.loc);
    return v.reason;
  }

  /**
   * A new game with another seed, keeping the compiled rules: a batch of games reuses one
   * engine instead of compiling the rules into closures again for each game.
   */
  reset(seed: number): void {
    this.resetGame(seed);
    // A game played alone is a first game (a match runner sets the facts of later ones).
    if (this.match.game !== 1) this.match = firstGame(this.players.length);
  }

  /**
   * The next game of a match (match.ts): a new game with another seed, as `reset`, whose match
   * facts are `facts`, and whose zones kept for the match (`zone … for match`) hold the cards
   * they held at the end of the last game — the same cards by definition and owner, in the same
   * order, their states made afresh (cards attached under them are not carried).
   */
  nextGameOfMatch(seed: number, facts: MatchFacts): void {
    this.startGameOfMatch(seed, facts, this.keptForMatch());
  }

  /** The cards the zones kept for the match hold now, by definition and owner (what the next game of the match begins with). */
  keptForMatch(): KeptCards {
    const kept: KeptCards = [];
    const keep = (z: Zone | undefined, player: number) => {
      if (z && z.cards.length) kept.push({ player, zone: z.def, defs: z.cards.map((c) => c.def), owners: z.cards.map((c) => c.owner.index) });
    };
    this.ir.zones.forEach((zd, zi) => {
      if (!zd.keptForMatch) return;
      if (zd.shared) keep(this.sharedZones[zi], -1);
      else for (const p of this.players) keep(p.zones[zi], p.index);
    });
    return kept;
  }

  /**
   * A game of a match begun afresh with `seed`, its match facts and the kept cards given: the next
   * game (nextGameOfMatch), or the same game again in a search's own engine (search.ts replays a
   * later game of a match from its beginning).
   */
  startGameOfMatch(seed: number, facts: MatchFacts, kept: KeptCards): void {
    this.resetGame(seed);
    this.match = { game: facts.game, wins: [...facts.wins], lastWinner: facts.lastWinner, lastLoser: facts.lastLoser };
    for (const k of kept) {
      const zone = k.player < 0 ? this.sharedZones[k.zone]! : this.players[k.player]!.zones[k.zone]!;
      k.defs.forEach((def, i) => {
        const card = this.createCard(def, zone);
        card.owner = this.players[k.owners[i]!]!;
      });
    }
  }

  /** `last_winner`: the last game's winner in the match; none in its first game or after a draw. */
  lastWinner(): Player | null {
    return this.players[this.match.lastWinner] ?? null;
  }

  /** `last_loser`: the last game's loser in the match; none in its first game or after a draw. */
  lastLoser(): Player | null {
    return this.players[this.match.lastLoser] ?? null;
  }

  /** `match_wins(p)`: the games p has won so far in the match (0 for none). */
  matchWins(p: Player | null): number {
    return p ? (this.match.wins[p.index] ?? 0) : 0;
  }

  /**
   * Why not? (why-not.ts): for every action of the game — each card ability once per card of
   * `player`'s where it works — whether the engine offers it to `player` now, and if not, each
   * precondition that fails. Changes nothing in the game. `action`: only the actions of that name.
   */
  whyNot(player: Player, action?: string): WhyNotVerdict[] {
    const host: WhyNotHost = {
      ir: this.ir,
      formatLevel: this.formatLevel,
      actions: this.rules.actions,
      compiler: this.rules.compiler,
      cardsOf: (def) => (this.grantsEver ? [...(this.cardsByDef[def] ?? []), ...this.abilityHolders(def)] : (this.cardsByDef[def] ?? [])),
      controllerOf: (c) => this.controllerOf(c),
      uses: (a, p, c) => this.usesThisTurn.get(this.useKey(a, p, c)) ?? 0,
      sharedUses: (l, p, c) => this.usesThisTurn.get(this.sharedKey(l, p, c)) ?? 0,
      offered: (a, p, c) => this.offered(a, p, c),
      trialFailure: (a, p, c) => this.trialFailure(a, p, c),
    };
    return this.unobserved(() => whyNot(host, player, action));
  }

  /**
   * Why not, inside a choice (why-not-choice.ts): while `d` — a pick or a mode asked inside a
   * rule — is being asked, why the cards named `names` are not among its options (with none,
   * the cards its filter rejected), and why a mode's closed options are closed. Null for other
   * decisions. Needs EngineOptions.inspectable for the locals of generated bodies. Changes nothing.
   */
  whyNotInChoice(d: Decision, names: readonly string[]): ChoiceWhyNot | null {
    const byName = new Map<string, number[]>();
    this.ir.cards.forEach((c, i) => byName.set(c.name, [...(byName.get(c.name) ?? []), i]));
    const host = {
      ir: this.ir,
      compiler: this.rules.compiler,
      cardsNamed: (name: string) => (byName.get(name) ?? []).flatMap((def) => this.cardsByDef[def] ?? []),
      describe: (c: Card) => phrase('wc-card', { card: c.name, where: c.zone ? c.zone.label : c.host ? phrase('why-under', { card: c.host.name }) : phrase('wc-no-zone') }),
    };
    return this.unobserved(() => whyNotInChoice(host, d, names));
  }

  /** What each player drew, played and used in this game (tally.ts), with EngineOptions.tally; else null. */
  counts(): GameCounts | null {
    return this.tally === null ? null : this.tally.counts(this.cards);
  }

  /** The course of this game (course.ts), with EngineOptions.course; else null. */
  courseData(): CourseData | null {
    return this.course === null ? null : this.course.data();
  }

  /**
   * Plays a whole game — setup, then turns — asking `decide` at every decision, and returns the
   * result; or null when `decide` threw `StopRun` (the state then stays as it was at that
   * decision). Runs synchronously: a replay is the seed plus the answers. `byCount`, for a
   * decider that reads only the number of options, answers choices without decision objects;
   * `draws`, how it chooses an action (ActionDraws: 'sampled' in play.ts's random games).
   */
  run(decide: Decider, byCount: CountDecider | null = null, draws: ActionDraws = 'listed'): GameResult | null {
    return this.drive(decide, () => this.runGame(), byCount, draws);
  }

  /**
   * Plays on from a point of the game (scenarios; the caller has set up the position): `setup`
   * (the whole game), `turn` (the start of the active player's turn), or the name of a window of
   * the turn.
   */
  runFrom(start: string, decide: Decider): GameResult | null {
    if (start === 'setup') return this.run(decide);
    if (start === 'turn') return this.drive(decide, () => this.runFromTurn());
    return this.drive(decide, () => this.runFromWindow(start));
  }

  private drive(decide: Decider, body: () => void, byCount: CountDecider | null = null, draws: ActionDraws = 'listed'): GameResult | null {
    this.decide = decide;
    this.decideByCount = byCount;
    this.actionDraws = byCount !== null ? draws : 'listed';
    // A scenario writes its position straight into the state: whatever was known of the state is forgotten.
    this.changes++;
    try {
      body();
    } catch (e) {
      if (e instanceof StopRun) return null;
      throw e;
    }
    if (!this.result) this.result = { winner: null, loser: null, reason: 'the game flow ended', cite: '' };
    return this.result;
  }

  /**
   * From the next choice on, answers choices with `byCount` (null: with the decider again),
   * in the middle of a run: a search's simulation, once below its tree, plays on by count.
   * `sample`: a choice of action draws one offer at a time (`byCount` called for each draw, the
   * pass among them) and tries only what it draws, instead of listing every offer — the same
   * chances for each option, other draws; the decision counter and the chain of triggers then
   * see only the actions taken (OffersRoom.sampleOffer). `passWeight`: how many candidates the
   * pass counts as in those draws (1: uniform; 0: pass only when no action can be declared).
   * `prefer`: with `sample`, the search's preference among the actions (ActionPreference; null:
   * every draw uniform) — and, when it says so (`inside`), among the options of a pick of one
   * value and of a mode (ChoicesRoom.preferredAnswer).
   */
  answerByCount(byCount: CountDecider | null, sample = false, passWeight = 1, prefer: ActionPreference | null = null): void {
    this.decideByCount = byCount;
    this.actionDraws = byCount !== null && sample ? 'playout' : 'listed';
    this.playoutPassWeight = passWeight;
    this.playoutPreference = byCount !== null && sample ? prefer : null;
    this.playoutChoicePreference = byCount !== null && sample && prefer !== null && prefer.inside === true ? prefer : null;
  }

  /** What `player` may see of the state (null: the judge, who sees everything). See view.ts. */
  view(player: Player | null): PlayerView {
    return viewFor(this, player);
  }
}

/** The cards of the zones kept for a match (`zone … for match`), zone by zone (player -1: a shared zone). */
export type KeptCards = { player: number; zone: number; defs: number[]; owners: number[] }[];

