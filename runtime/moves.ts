/**
 * Moves — the engine's third room. Cards change place: from zone to zone (`move`), under a host
 * and back (`attach`, `detach`), shuffled, revealed; a move an `instead` ability replaces does not
 * happen (the replacements room below decides). A move fires the triggers that watch it (the
 * triggers room runs them).
 */
/* room-allowances of MovesRoom (checked by test/room-allowances.test.ts; docs/architecture.md)
 * below: GameState CopiableState ValuesRoom ReplacementsRoom
 * above: TriggersRoom (fireMoved movesWatched runInstantTriggers)
 * fields: GameState (changes ir journal logging looseChanges resetStates rng rules sharedZones
 *   tally trackKnowledge trial turn watchedZones) ValuesRoom (leaveWatch)
 */
import type { SrcLoc } from '../compiler/ir.ts';
import type { Face, Position } from './calls.ts';
import type { Ctx } from './context.ts';
import type { Card, Player, Zone } from './model.ts';
import { ReplacementsRoom } from './replacements.ts';
import { phrase } from './log-entry.ts';

export abstract class MovesRoom extends ReplacementsRoom {
  /** Could a move to this zone fire a trigger (triggers room)? */
  protected abstract movesWatched(to: number, replaceable: boolean): boolean;
  /** Fires the triggers that watch a card's move (triggers room). */
  protected abstract fireMoved(card: Card, from: number, to: number, attached: boolean): void;
  /** Runs the instant triggers queued so far, in order (triggers room). */
  protected abstract runInstantTriggers(): void;

  /** Removes a card from wherever it is (a zone, or attached to a host). */
  protected lift(card: Card): void {
    if (card.host) {
      const h = card.host;
      this.changes++;
      const old = h.attached;
      h.attached = old.filter((x) => x !== card);
      if (this.journal.depth > 0) this.journal.record(() => (h.attached = old));
    } else if (card.zone) {
      this.removeFromZone(card.zone, card);
    }
  }

  /** Moves cards, then runs the instant triggers the moves fired (inside the causing effect). */
  moveCards(cards: Card[], to: Zone, position: Position, face: Face, ctx: Ctx, loc: SrcLoc | null): void {
    this.moveCardsNow(cards, to, position, face, ctx, loc);
    // Instant triggers run now, inside the effect that caused them.
    if (this.trial === 0) this.runInstantTriggers();
  }

  /** Moves cards and fires the triggers that watch the moves (instant ones are queued). */
  moveCardsNow(cards: Card[], to: Zone, position: Position, face: Face, ctx: Ctx, loc: SrcLoc | null): void {
    const zoneIr = this.ir.zones[to.def]!;
    const replaceable = this.movesReplaceable();
    // Who moved from where — kept only when a log line or a trigger will read it.
    const moved: { card: Card; from: number; attached: boolean; to?: Zone }[] | null = this.logging || (this.trial === 0 && this.rules.triggers.moved.length > 0 && this.movesWatched(to.def, replaceable)) ? [] : null;
    // Outside trials (nothing to journal), a card in a zone that carries nothing, whose move no
    // replacement looks at, moves in place: the general path below, without its calls. (Who
    // moved is still kept for the log and the triggers, if they read it.)
    const plain = this.journal.depth === 0;
    const capacity = zoneIr.capacity;
    for (let k = 0; k < cards.length; k++) {
      const card = cards[k]!;
      if (!card) continue;
      // A full zone (`capacity N`): the card there longest makes room (`displaced`), or the new
      // card goes to the zone's overflow instead, or the rules broke it.
      if (capacity >= 0 && card.zone !== to && to.cards.length >= capacity && !(card.host !== null && card.host.zone === to)) {
        if (zoneIr.displaced >= 0) this.displace(to, card, ctx, loc);
        // Not displaced (a replacement kept the old card there), or no `displaced`: overflow or error.
        if (to.cards.length >= capacity) {
          this.overflow(card, to, face, ctx, loc);
          continue;
        }
      }
      const fromZone = card.host ? card.host.zone : card.zone;
      const from = fromZone ? fromZone.def : -1;
      const wasAttached = card.host !== null;
      // A move a replacement looks at takes the general path, whatever the replacement does.
      let looked = false;
      if (replaceable) {
        const mine = this.replacementsOfMove(card);
        looked = mine.length !== 0 && this.mayReplaceMove(mine, from, to.def);
        if (looked && !this.replaceEvent({ kind: 'moved', event: -1, from, to: to.def, args: [card], affected: this.controllerOf(card), words: () => phrase('move', { cards: [card.name], to: to.label }) }, ctx, mine)) continue;
      }
      if (plain && !looked && !wasAttached && card.attached.length === 0) {
        // The changes the general path counts (removeFromZone, placeCard, resetState,
        // addToZone: see `changes` in state.ts), in its order.
        if (fromZone !== null) this.touchZone(fromZone);
        if (this.watchedZones[to.def] === 1) this.changes++;
        else this.touch(card);
        if (fromZone !== null) {
          // removeFromZone: the first card (the top, as when drawing) by `shift`.
          const a = fromZone.cards;
          if (a[0] === card) a.shift();
          else {
            const i = a.indexOf(card);
            if (i > 0) {
              for (let j = i + 1; j < a.length; j++) a[j - 1] = a[j]!;
              a.pop();
            }
          }
        }
        if (this.tally !== null && this.trial === 0) this.tally.moved(card, fromZone, to, ctx, this.journal);
        card.zone = to;
        card.revealedTo = 0;
        if (fromZone !== to) {
          this.touch(card);
          this.resetStates[card.type]!(card.f);
          card.mods = null;
          card.entered = this.turn;
          if (this.leaveWatch.size !== 0 && fromZone !== null) this.leaving(card, fromZone.def);
        }
        if (face !== 'default') card.facedown = face === 'facedown';
        else if (fromZone !== to) card.facedown = false;
        if (this.trackKnowledge) this.learn(card);
        this.touchZone(to);
        if (position === 'top') to.cards.unshift(card);
        else to.cards.push(card);
        moved?.push({ card, from, attached: false });
        this.mix(card.id * 31 + to.def);
        continue;
      }
      if (this.tally !== null && this.trial === 0) this.tally.moved(card, fromZone, to, ctx, this.journal);
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
        if (this.leaveWatch.size !== 0 && fromZone !== null) this.leaving(card, fromZone.def);
      }
      if (face !== 'default') card.facedown = face === 'facedown';
      else if (fromZone !== to) card.facedown = false;
      if (this.trackKnowledge) this.learn(card);
      this.addToZone(to, card, position === 'top');
      moved?.push({ card, from, attached: wasAttached });
      this.mix(card.id * 31 + to.def);
      if (carried) {
        for (const c of carried) {
          // To its owner's zone of that kind: p1's card attached under p2's card goes to p1's zone of `to`'s kind.
          const dest = to.player !== null && c.owner !== to.player ? c.owner.zones[to.def]! : to;
          if (this.tally !== null && this.trial === 0) this.tally.moved(c, fromZone, dest, ctx, this.journal);
          this.placeCard(c, dest, null);
          this.resetState(c);
          c.entered = this.turn;
          c.facedown = false;
          if (this.trackKnowledge) this.learn(c);
          this.addToZone(dest, c, position === 'top');
          moved?.push(dest === to ? { card: c, from, attached: true } : { card: c, from, attached: true, to: dest });
        }
      }
    }
    if (!moved) return;
    if (this.logging && moved.length) {
      // The log is the judge's record: it names every card. Players see views (view.ts).
      const here = moved.filter((m) => m.to === undefined);
      if (here.length) this.emitLog('move', phrase('move', { cards: here.map((m) => m.card.name), to: to.label }), ctx.me, ctx.cite, loc, false, here.map((m) => m.card));
      // Attached cards that went to their owner's zone instead, each on a line of its own.
      for (const m of moved) if (m.to !== undefined) this.emitLog('move', phrase('move', { cards: [m.card.name], to: m.to.label }), ctx.me, ctx.cite, loc, false, [m.card]);
    }
    if (this.trial === 0) for (const m of moved) this.fireMoved(m.card, m.from, to.def, m.attached);
  }

  /**
   * A card would enter a zone that is full (`capacity N`): with `overflow <zone>` it goes there
   * instead (the same player's zone, or the shared one), logged with the zone's cite; without one,
   * the rules let a move break the zone's capacity, which is an error of the rules, stopped here.
   */
  private overflow(card: Card, to: Zone, face: Face, ctx: Ctx, loc: SrcLoc | null): void {
    const z = this.ir.zones[to.def]!;
    const where = loc ? ` (${this.ir.files[loc[0]] ?? '?'}:${loc[1]}:${loc[2]})` : '';
    if (z.overflow < 0) {
      throw new Error(`${to.label} is full (capacity ${z.capacity}): ${card.name} cannot enter it${where}. The rules must not move a card into a full zone — check count(${to.label}) < ${z.capacity} first — or name where such a card goes: zone ${z.name} … capacity ${z.capacity} overflow <zone>`);
    }
    const o = this.ir.zones[z.overflow]!;
    const dest = o.shared ? this.sharedZones[z.overflow]! : (to.player ?? card.owner).zones[z.overflow]!;
    if (this.logging) this.emitLog('move', phrase('move-full-redirect', { to: to.label, capacity: z.capacity, card: card.name, dest: dest.label }), ctx.me, z.cite, loc, false, [card]);
    this.moveCardsNow([card], dest, 'default', face, ctx, loc);
  }

  /**
   * A card is about to enter a full zone that says `capacity N displaced <zone>` ("a new land
   * replaces the old one"): the card there longest — the earliest turn entered, then the first
   * listed — goes to that zone (its owner's, if per player) as a move of its own, which triggers
   * and replacements see, before the new card enters.
   */
  private displace(to: Zone, incoming: Card, ctx: Ctx, loc: SrcLoc | null): void {
    const z = this.ir.zones[to.def]!;
    let oldest: Card | null = null;
    for (const c of to.cards) if (oldest === null || c.entered < oldest.entered) oldest = c;
    if (oldest === null) return;
    const d = this.ir.zones[z.displaced]!;
    const dest = d.shared ? this.sharedZones[z.displaced]! : oldest.owner.zones[z.displaced]!;
    if (this.logging) this.emitLog('move', phrase('move-full-room', { to: to.label, capacity: z.capacity, oldest: oldest.name, incoming: incoming.name, dest: dest.label }), ctx.me, z.cite, loc, false, [oldest, incoming]);
    this.moveCardsNow([oldest], dest, 'default', 'default', ctx, loc);
  }

  attach(cards: Card[], host: Card, position: 'top' | 'bottom', facedown: boolean, ctx: Ctx, loc: SrcLoc | null): void {
    this.changes++;
    for (const card of cards) {
      if (card === host) continue;
      if (this.tally !== null && this.trial === 0) this.tally.attached(card, card.host ? card.host.zone : card.zone, ctx, this.journal);
      // Attached under a card, it has left its zone.
      if (this.leaveWatch.size !== 0 && card.zone !== null) this.leaving(card, card.zone.def);
      this.lift(card);
      this.placeCard(card, null, host);
      const old = host.attached;
      host.attached = position === 'top' ? [...old, card] : [card, ...old];
      if (this.journal.depth > 0) this.journal.record(() => (host.attached = old));
      card.facedown = facedown;
      if (this.trackKnowledge) this.learn(card);
    }
    if (this.logging) this.emitLog('attach', phrase('attach', { cards: cards.map(String), host: host.name }), ctx.me, ctx.cite, loc, false, [...cards, host]);
  }

  detach(cards: Card[]): void {
    this.changes++;
    for (const card of cards) {
      const host = card.host;
      if (!host || !host.zone) continue;
      this.lift(card);
      this.placeCard(card, host.zone, null);
      if (this.trackKnowledge) this.learn(card);
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
    if (this.trackKnowledge) this.forgetOrder(z);
  }

  reveal(cards: Card[], to: Player | null, ctx: Ctx, loc: SrcLoc | null): void {
    const bits = to ? 1 << to.index : -1;
    // (What a card was revealed to is no rule's to read: counted with the changes no check reads.)
    this.looseChanges++;
    for (const card of cards) {
      const old = card.revealedTo;
      const knew = card.known;
      card.revealedTo |= bits;
      card.known |= bits;
      if (this.journal.depth > 0)
        this.journal.record(() => {
          card.revealedTo = old;
          card.known = knew;
        });
    }
    if (this.logging) this.emitLog('reveal', to ? phrase('reveal-to', { cards: cards.map(String), player: to.name }) : phrase('reveal', { cards: cards.map(String) }), ctx.me, ctx.cite, loc, false, cards);
  }
}
