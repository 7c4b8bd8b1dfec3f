/**
 * Replacements — the room between values and moves. An `instead` ability replaces an event before
 * it happens: a move of a card (its own, or any card its `on moved c …` names) or a game-defined
 * event raised by `signal` (with its arguments: a card, a player, an amount). The rules (written
 * down in docs/language.md, "Replacements"; after the Magic Comprehensive Rules 614 and 616,
 * simplified):
 *
 * - Every replacement whose card works where it is (or written in the rules), whose event matches
 *   and whose `if` holds applies — each at most once to one event.
 * - When several apply, the affected player (the moving card's or the event's first card's
 *   controller, the event's first player, else the active player) chooses which applies first; the
 *   others are then looked at again for what is left of the event.
 * - A replacement's effect runs in place of the event, which then does not happen: nothing of it
 *   fires a trigger. With `proceed`, its effect runs and the event happens after all, with the
 *   values of its names as the effect left them (an amount reduced, a player changed…).
 * - A replacement never applies to an event made while its own effect runs: replacements cannot
 *   loop.
 */
/* room-allowances of ReplacementsRoom (checked by test/room-allowances.test.ts; docs/architecture.md)
 * below: GameState ValuesRoom
 * above: ChoicesRoom (chooseReplacement)
 * fields: GameState (cardsByDef formatLevel logging rules) ValuesRoom (grantsEver)
 */
import type { ActionIR } from '../compiler/ir.ts';
import { newCtx, type Ctx } from './context.ts';
import { Card, type Player } from './model.ts';
import { worksAt, type CompiledAction } from './rules.ts';
import type { GameSnapshot } from './snapshot.ts';
import { ValuesRoom } from './values.ts';
import { phrase, type LogPhrase } from './log-entry.ts';

/** An event a replacement may apply to: a card's move, or a signal with its arguments. */
export interface ReplaceableEvent {
  kind: 'moved' | 'signal';
  /** A signal's event index (-1 for a move). */
  event: number;
  /** A move's zones (definitions; -1: nowhere). */
  from: number;
  to: number;
  /** A move: [the card]; a signal: its arguments, changed in place by `proceed`. */
  args: unknown[];
  /** Who orders several replacements of this event. */
  affected: Player;
  /** The event in a few words, for the log (made when a line is written: after a `proceed`, with its new values). */
  words: () => LogPhrase;
}

/**
 * The replacements by what they may replace, so that an event looks only at its own: a card's
 * `on moved this` by its card definition, every other move replacement together, a signal's by
 * its event. Each list keeps the rules' order (the order of the choice among several).
 */
interface ReplacementIndex {
  ownMove: Map<number, CompiledAction[]>;
  anyMove: CompiledAction[];
  signal: Map<number, CompiledAction[]>;
  /** Every move replacement: a card that gained another's abilities may have any of them. */
  allMoves: CompiledAction[];
  /** By card definition: its own move replacements and the others together, in the rules' order (made on first use). */
  ownAndAny: Map<number, CompiledAction[]>;
}

function indexReplacements(all: readonly CompiledAction[]): ReplacementIndex {
  const ix: ReplacementIndex = { ownMove: new Map(), anyMove: [], signal: new Map(), allMoves: [], ownAndAny: new Map() };
  for (const r of all) {
    const ev = r.ir.event!;
    if (ev.kind === 'moved') {
      ix.allMoves.push(r);
      if (ev.cardSlot < 0 && r.ir.source >= 0) {
        const list = ix.ownMove.get(r.ir.source);
        if (list) list.push(r);
        else ix.ownMove.set(r.ir.source, [r]);
      } else ix.anyMove.push(r);
    } else if (ev.kind === 'signal') {
      const list = ix.signal.get(ev.event);
      if (list) list.push(r);
      else ix.signal.set(ev.event, [r]);
    }
  }
  return ix;
}

const NO_REPLACEMENTS: CompiledAction[] = [];

interface Candidate {
  r: CompiledAction;
  source: Card | null;
  key: number;
  ctx: Ctx;
}

export abstract class ReplacementsRoom extends ValuesRoom {
  /** Replacements whose effect is running now (by key: action and source card), which no event they make can meet. */
  private running = new Set<number>();
  /** Set by `proceed` in the effect that runs now. */
  private proceeded = false;
  /** The rules' replacements by what they replace (made on the first event that looks). */
  private replacementIndex: ReplacementIndex | null = null;
  private indexedFor: readonly CompiledAction[] | null = null;

  private replacementsIndexed(): ReplacementIndex {
    const all = this.rules.triggers.replacements;
    if (this.indexedFor !== all) {
      this.replacementIndex = indexReplacements(all);
      this.indexedFor = all;
    }
    return this.replacementIndex!;
  }

  /**
   * The replacements that may apply to a move of `card` (their zones not yet compared) or to a
   * signal, in the rules' order: an event with none is not built at all (most moves).
   */
  protected replacementsOfMove(card: Card): readonly CompiledAction[] {
    const ix = this.replacementsIndexed();
    if (this.grantsEver) return ix.allMoves;
    const own = ix.ownMove.get(card.def);
    if (!own) return ix.anyMove;
    if (!ix.anyMove.length) return own;
    let both = ix.ownAndAny.get(card.def);
    if (both === undefined) ix.ownAndAny.set(card.def, (both = [...own, ...ix.anyMove].sort((a, b) => a.index - b.index)));
    return both;
  }

  /** Whether the rules have a replacement of a move at all (else no move looks for one). */
  protected movesReplaceable(): boolean {
    return this.rules.triggers.replacements.length !== 0 && this.replacementsIndexed().allMoves.length !== 0;
  }

  protected replacementsOfSignal(event: number): readonly CompiledAction[] {
    return this.replacementsIndexed().signal.get(event) ?? NO_REPLACEMENTS;
  }

  /**
   * Whether some replacement of a signal's `list` may apply to it (so the event must be looked
   * at): one of the rules, or of a card with the ability — the event's first card for an `on
   * signal … this`, else any card of its definition in the game (replacementSources' cards).
   */
  protected maySignalBeReplaced(list: readonly CompiledAction[], first: unknown): boolean {
    if (this.grantsEver) return true;
    for (let i = 0; i < list.length; i++) {
      const r = list[i]!;
      if (r.ir.level > this.formatLevel) continue;
      const src = r.ir.source;
      if (src < 0) return true;
      const ev = r.ir.event as Extract<ActionIR['event'], { kind: 'signal' }>;
      if (ev.cardSlot < 0 ? first instanceof Card && first.def === src : this.cardsByDef[src]) return true;
    }
    return false;
  }

  /** Whether some replacement of `list` is of a move from `from` to `to` (so the move must be looked at). */
  protected mayReplaceMove(list: readonly CompiledAction[], from: number, to: number): boolean {
    for (let i = 0; i < list.length; i++) {
      const ev = list[i]!.ir.event as Extract<ActionIR['event'], { kind: 'moved' }>;
      if ((ev.from === -1 || ev.from === from) && (ev.to === -1 || ev.to === to)) return true;
    }
    return false;
  }

  /** The affected player picks which of several replacements applies first (choices room). */
  protected abstract chooseReplacement(player: Player, labels: string[], ctx: Ctx): number;

  protected override resetGame(seed: number): void {
    super.resetGame(seed);
    if (this.running.size) this.running.clear();
    this.proceeded = false;
  }

  protected override loadRoom(s: GameSnapshot): void {
    super.loadRoom(s);
    this.running.clear();
    this.proceeded = false;
  }

  /** `proceed`, in a replacement's effect: the event happens after all. */
  proceed(): void {
    this.proceeded = true;
  }

  /**
   * The replacements of an event, applied as the rules above say: false when the event is
   * replaced (it must not happen), true when it happens — with its arguments as the
   * replacements that let it proceed left them.
   */
  protected replaceEvent(e: ReplaceableEvent, ctx: Ctx, all: readonly CompiledAction[]): boolean {
    let applied: Set<number> | null = null;
    for (;;) {
      const found: Candidate[] = [];
      for (const r of all) {
        if (r.ir.level > this.formatLevel) continue;
        const ev = r.ir.event!;
        if (ev.kind !== e.kind) continue;
        if (ev.kind === 'moved' ? (ev.from !== -1 && ev.from !== e.from) || (ev.to !== -1 && ev.to !== e.to) : ev.kind === 'signal' && ev.event !== e.event) continue;
        for (const source of this.replacementSources(r, e)) {
          const key = r.index * 1_000_003 + (source ? source.id : 0);
          if (this.running.has(key) || applied?.has(key)) continue;
          const c = newCtx(new Array(r.ir.slots), source ? this.controllerOf(source) : e.affected, r.ir.cite);
          c.thisCard = source;
          bindEvent(ev, e, c.frame);
          if (r.condition && !r.condition(c)) continue;
          found.push({ r, source, key, ctx: c });
        }
      }
      if (found.length === 0) return true;
      const labels = found.map((f) => (f.source && !f.r.ir.name.startsWith(`${f.source.name}.`) ? `${f.r.ir.name} (${f.source.name})` : f.r.ir.name));
      const pick = found.length === 1 ? 0 : this.chooseReplacement(e.affected, labels, ctx);
      const chosen = found[pick]!;
      (applied ??= new Set()).add(chosen.key);
      if (this.logging) this.emitLog('replace', phrase('replace', { label: labels[pick]!, event: e.words() }), chosen.ctx.me, chosen.r.ir.cite, chosen.r.ir.loc);
      const outer = this.proceeded;
      this.proceeded = false;
      this.running.add(chosen.key);
      let proceeded: boolean;
      try {
        chosen.r.effect(chosen.ctx);
      } finally {
        this.running.delete(chosen.key);
        proceeded = this.proceeded;
        this.proceeded = outer;
      }
      if (!proceeded) return false;
      // The event goes on, with what the effect made of its names.
      readBack(chosen.r.ir.event!, e, chosen.ctx.frame);
      if (this.logging) this.emitLog('replace', phrase(e.kind === 'moved' ? 'replace-move-after-all' : 'replace-event-after-all', { label: labels[pick]! }), chosen.ctx.me, chosen.r.ir.cite, chosen.r.ir.loc);
    }
  }

  /**
   * The cards whose replacement `r` may apply to this event: for `on moved this` / `on signal …
   * this`, the card the event is about, when it has the ability and lies where it works; else
   * every card with the ability where it works (or none: a replacement of the rules).
   */
  private replacementSources(r: CompiledAction, e: ReplaceableEvent): (Card | null)[] {
    if (r.ir.source < 0) return [null];
    const ev = r.ir.event!;
    if ((ev.kind === 'moved' || ev.kind === 'signal') && ev.cardSlot < 0) {
      const card = e.args[0] as Card | null;
      return card && this.hasAbilitiesOf(card, r.ir.source) && this.worksHere(r, card) ? [card] : [];
    }
    return this.cardsWhere(r.ir.source, r.ir.sourceZone, null, r.ir.sourceZones);
  }

  /** Does this card lie where its ability works? (as cardsWhere finds them) */
  private worksHere(r: CompiledAction, c: Card): boolean {
    return worksAt(r, c.zone === null ? -1 : c.zone.def, c.host !== null);
  }
}

/** The event's names into a replacement's frame: the moving card, or a signal's arguments. */
function bindEvent(ev: NonNullable<ActionIR['event']>, e: ReplaceableEvent, frame: unknown[]): void {
  if (ev.kind === 'moved') {
    if (ev.cardSlot >= 0) frame[ev.cardSlot] = e.args[0];
  } else if (ev.kind === 'signal') {
    if (ev.cardSlot >= 0) frame[ev.cardSlot] = e.args[0];
    ev.argSlots.forEach((slot, i) => (frame[slot] = e.args[i + 1]));
  }
}

/** After `proceed`: a signal's arguments as the replacement's effect left its names (a move's card stays the card). */
function readBack(ev: NonNullable<ActionIR['event']>, e: ReplaceableEvent, frame: unknown[]): void {
  if (ev.kind !== 'signal') return;
  if (ev.cardSlot >= 0) e.args[0] = frame[ev.cardSlot];
  ev.argSlots.forEach((slot, i) => (e.args[i + 1] = frame[slot]));
}
