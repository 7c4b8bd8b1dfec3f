/**
 * Offers — the engine's seventh room. Which actions a player may take now, at a decision: the
 * candidates (every offerable action and card ability that passes the checks made before any
 * trial — the player its `when` requires, an empty stack, its limit, a card where the ability
 * works), then each tried by the room below (ActionsRoom.canDeclare). A random player, and a
 * search's random playouts, instead draw one candidate at a time and try only what they draw
 * (sampleOffer).
 */
/* room-allowances of OffersRoom (checked by test/room-allowances.test.ts; docs/architecture.md)
 * below: GameState ValuesRoom TriggersRoom ActionsRoom
 * above: none
 * fields: GameState (active cardsByDef ir rules stack) ValuesRoom (grantsEver)
 */
import type { DecisionOption } from './decisions.ts';
import { PASS_KEY, type ActionPreference, type CountDecider } from './engine-types.ts';
import type { Card, Player } from './model.ts';
import type { CompiledAction } from './rules.ts';
import { ActionsRoom } from './actions.ts';

/** A player's choice of action: to pass. */
export const PASS = Symbol('pass');
/** sampleOffer: no offer, and passing is not allowed. */
export const NO_OFFER = Symbol('no offer');

/** An action a player may take now; for a card's ability, with the card that has it. */
export interface Offer {
  action: CompiledAction;
  source: Card | null;
}

export abstract class OffersRoom extends ActionsRoom {
  /** The actions `player` may take now (checked by a trial declaration that is then undone). */
  availableActions(player: Player, windowName: string): Offer[] {
    void windowName;
    const level = this.listingDepth++;
    try {
      const n = this.collectCandidates(player, level);
      const actions = this.candidateActions[level]!;
      const sources = this.candidateSources[level]!;
      const out: Offer[] = [];
      for (let i = 0; i < n; i++) {
        const a = actions[i]!;
        const source = sources[i]!;
        if (this.canDeclare(a, player, source)) out.push({ action: a, source });
      }
      return out;
    } finally {
      this.listingDepth--;
    }
  }

  /**
   * The actions `player` may take now, each once (by action index): availableActions' answer
   * without its repeats — an action's other cards are not tried once one holds. For the course
   * of a game (course.ts), where a random player's draw listed nothing.
   */
  offeredActions(player: Player): number[] {
    const level = this.listingDepth++;
    try {
      const n = this.collectCandidates(player, level);
      const actions = this.candidateActions[level]!;
      const sources = this.candidateSources[level]!;
      const out: number[] = [];
      for (let i = 0; i < n; i++) {
        const a = actions[i]!;
        if (!out.includes(a.index) && this.canDeclare(a, player, sources[i]!)) out.push(a.index);
      }
      return out;
    } finally {
      this.listingDepth--;
    }
  }

  /**
   * One of the offers `player` may take now, or PASS (when `canPass`), each as likely as the
   * others, found without trying every candidate: a candidate drawn at random (by `byCount`, a
   * uniform draw among `count`) is tried, and dropped if it fails, until one holds or "pass" is
   * drawn — the first that holds is uniform among those that do. NO_OFFER: no offer, and no pass.
   * The same chances as a random player's choice over the listed offers, drawn differently.
   *
   * What a listing would also have told — how many offers there are — is found only as far as
   * asked: `needIfOffer` / `needIfPass` (0, 1 or 2), the offers to find when an offer / the pass
   * was drawn, the drawn one counted, by trying the candidates not yet tried until that many
   * hold. `offersFound` is then the number found, at most the need (FlowRoom.chooseAction keeps
   * a random player's decision count and the chain of triggers with it as a listing would).
   * `passWeight`: how many candidates the pass counts as (1: one more option, as a listing
   * offers it; 0: drawn only once every candidate has failed — a search's playout policy).
   * `prefer` (a search's playouts): when it says so, the candidate it values most is tried first
   * instead of a random one (preferredOffer), and it is told what was taken.
   */
  protected sampleOffer(player: Player, canPass: boolean, byCount: CountDecider, needIfOffer = 0, needIfPass = 0, passWeight = 1, prefer: ActionPreference | null = null): Offer | typeof PASS | typeof NO_OFFER {
    const level = this.listingDepth++;
    try {
      let n = this.collectCandidates(player, level);
      const actions = this.candidateActions[level]!;
      const sources = this.candidateSources[level]!;
      let drawn: Offer | typeof PASS | typeof NO_OFFER;
      if (prefer !== null && prefer.greedy(player.index)) drawn = this.preferredOffer(player, canPass, byCount, n, actions, sources, passWeight > 0, prefer);
      else for (;;) {
        const m = n + (canPass ? passWeight : 0);
        if (m === 0) {
          drawn = canPass ? PASS : NO_OFFER;
          break;
        }
        const j = m === 1 ? 0 : byCount(player, m);
        if (!(j >= 0 && j < m && Number.isInteger(j))) throw new Error(`answer ${j} is not an option (0..${m - 1})`);
        if (j >= n) {
          drawn = PASS;
          break;
        }
        const a = actions[j]!;
        const source = sources[j]!;
        // Tried, it leaves the candidates not yet tried.
        n--;
        actions[j] = actions[n]!;
        sources[j] = sources[n]!;
        if (this.canDeclare(a, player, source)) {
          drawn = { action: a, source };
          break;
        }
      }
      if (prefer !== null && drawn !== NO_OFFER) prefer.taken(player.index, drawn === PASS ? PASS_KEY : this.actionKey(drawn.action, drawn.source));
      let found = drawn === PASS || drawn === NO_OFFER ? 0 : 1;
      const need = found ? needIfOffer : needIfPass;
      for (let i = 0; i < n && found < need; i++) if (this.canDeclare(actions[i]!, player, sources[i]!)) found++;
      this.offersFound = found;
      return drawn;
    } finally {
      this.listingDepth--;
    }
  }

  /**
   * sampleOffer's draw by a preference: the untried candidate `prefer` values most (ties drawn
   * uniformly by `byCount`), or the pass when `passable` and it is valued more, tried until one
   * holds — the greedy part of an epsilon-greedy playout (MctsOptions.mast).
   */
  private preferredOffer(player: Player, canPass: boolean, byCount: CountDecider, n: number, actions: CompiledAction[], sources: (Card | null)[], passable: boolean, prefer: ActionPreference): Offer | typeof PASS | typeof NO_OFFER {
    const who = player.index;
    const passValue = canPass && passable ? prefer.value(who, PASS_KEY) : -Infinity;
    // Each candidate's value, read once (a failed try leaves the others to compare again).
    const values = this.candidateValues;
    for (let i = 0; i < n; i++) values[i] = prefer.value(who, this.actionKey(actions[i]!, sources[i]!));
    for (;;) {
      let best = passValue;
      let pick = n;
      let ties = 1;
      for (let i = 0; i < n; i++) {
        const v = values[i]!;
        if (v > best) {
          best = v;
          pick = i;
          ties = 1;
        } else if (v === best && byCount(player, ++ties) === 0) pick = i;
      }
      if (pick === n) return canPass ? PASS : NO_OFFER;
      const a = actions[pick]!;
      const source = sources[pick]!;
      n--;
      actions[pick] = actions[n]!;
      sources[pick] = sources[n]!;
      values[pick] = values[n]!;
      if (this.canDeclare(a, player, source)) return { action: a, source };
    }
  }

  /** preferredOffer's values of the candidates (a trial inside canDeclare draws no playout action: one array serves). */
  private candidateValues: number[] = [];

  /**
   * An action's key for a search's preference (ActionPreference): indices of the IR only — the
   * action's, and for a card's ability the card definition's — never above 2^53.
   */
  protected actionKey(a: CompiledAction, source: Card | null): number {
    return (a.index + 1) * (this.ir.cards.length + 1) + (source !== null ? source.def + 1 : 0);
  }

  /** sampleOffer: the offers it found (at most what it was asked to find). */
  protected offersFound = 0;

  /** Listings in progress (a trial may list actions inside a listing): each level has its own candidates. */
  private listingDepth = 0;
  private candidateActions: CompiledAction[][] = [];
  private candidateSources: (Card | null)[][] = [];

  /**
   * What availableActions tries, in its order, into the candidate lists of `level`: every
   * offerable action and card ability (once per card that has it where it works) that passes the
   * checks made before any trial — the player its `when` requires, an empty stack, its limit.
   * Returns how many.
   */
  private collectCandidates(player: Player, level: number): number {
    while (this.candidateActions.length <= level) {
      this.candidateActions.push([]);
      this.candidateSources.push([]);
    }
    const actions = this.candidateActions[level]!;
    const sources = this.candidateSources[level]!;
    let n = 0;
    const offerable = this.rules.offerable;
    const index = (this.abilityIndex ??= this.indexAbilities(offerable));
    // The offerable actions in order: those always tried (`rest`), merged with the abilities the
    // zones have cards for (`touched`, from abilitiesInZones); the other indexed abilities have
    // no card where they can be declared.
    const scratch = index.zones.length ? this.abilitiesInZones(player, index, offerable.length) : null;
    const found = scratch !== null ? scratch.found : null;
    const touched = scratch !== null ? scratch.touched : NO_INDICES;
    // (The actions always tried whose `when` can hold for this player: for the active player, or another.)
    const rest = player === this.active ? index.restActive : index.restOther;
    let r = 0;
    let t = 0;
    while (r < rest.length || t < touched.length) {
      const fromRest = t >= touched.length || (r < rest.length && rest[r]! < touched[t]!);
      const i = fromRest ? rest[r++]! : touched[t++]!;
      const a = offerable[i]!;
      if (!fromRest) {
        // Whose `when` cannot hold for this player (it requires the active player, or another): not
        // tried (`rest` lists none of them).
        const wp = a.whenPlayer;
        if (wp !== null && (wp === 'never' || (wp === 'active') !== (player === this.active))) continue;
      }
      // Whose `when` requires an empty stack, while it is not: not tried.
      if (a.whenEmptyStack && this.stack.length > 0) continue;
      if (a.source < 0) {
        if ((a.limit >= 0 || a.shared !== null) && this.limitReached(a, player, null)) continue;
        actions[n] = a;
        sources[n++] = null;
        continue;
      }
      if (found !== null && index.indexed[i]) {
        // Found through the zones where it can be declared (abilitiesInZones).
        const cards = found[i]!;
        for (let j = 0; j < cards.length; j++) {
          const card = cards[j]!;
          if ((a.limit >= 0 || a.shared !== null) && this.limitReached(a, player, card)) continue;
          actions[n] = a;
          sources[n++] = card;
        }
        continue;
      }
      // A card's ability: once for each of the player's cards that has it and is where it works
      // (the cards abilityCards lists, walked without making the list).
      const all = this.cardsByDef[a.source];
      if (!all) continue;
      // candidateFor's checks, written out: this loop is the hottest of a listing.
      const zone = a.sourceZone;
      for (let j = 0; j < all.length; j++) {
        const card = all[j]!;
        if (zone === -2 ? !card.host : !card.zone) continue;
        if (zone >= 0 ? card.zone!.def !== zone : zone === -3 && !a.sourceZones.includes(card.zone!.def)) continue;
        if (this.controllerOf(card) !== player) continue;
        if (a.whenZones !== null && !(card.zone !== null && card.zone.player === player && a.whenZones.includes(card.zone.def))) continue;
        if ((a.limit >= 0 || a.shared !== null) && this.limitReached(a, player, card)) continue;
        actions[n] = a;
        sources[n++] = card;
      }
    }
    // Cards that gained another card's abilities (`modify c gains abilities of x`), after the rest.
    if (this.grantsEver) n = this.grantedCandidates(player, actions, sources, n);
    if (scratch !== null) {
      // Emptied by pop: setting `length` is a call into the runtime.
      while (touched.length) {
        const list = scratch.found[touched.pop()!]!;
        while (list.length) list.pop();
      }
      this.abilityScratch = scratch;
    }
    return n;
  }

  /**
   * The card abilities that cards have by `modify … gains abilities of …` (not their own card's):
   * each such card of `player`'s where the ability works, with the same checks as the others.
   */
  private grantedCandidates(player: Player, actions: CompiledAction[], sources: (Card | null)[], n: number): number {
    for (const a of this.rules.offerable) {
      if (a.source < 0) continue;
      const wp = a.whenPlayer;
      if (wp !== null && (wp === 'never' || (wp === 'active') !== (player === this.active))) continue;
      if (a.whenEmptyStack && this.stack.length > 0) continue;
      const holders = this.abilityHolders(a.source);
      for (let j = 0; j < holders.length; j++) {
        const card = holders[j]!;
        if (!this.candidateFor(a, card, player)) continue;
        actions[n] = a;
        sources[n++] = card;
      }
    }
    return n;
  }

  /**
   * May `player` be offered card ability `a` for `card` (before any trial)? The card lies where
   * the ability works, the player controls it, its `when` can hold there, its limits are not reached.
   * (collectCandidates writes the same checks out in its loop.)
   */
  private candidateFor(a: CompiledAction, card: Card, player: Player): boolean {
    const zone = a.sourceZone;
    if (zone === -2 ? !card.host : !card.zone) return false;
    if (zone >= 0 ? card.zone!.def !== zone : zone === -3 && !a.sourceZones.includes(card.zone!.def)) return false;
    if (this.controllerOf(card) !== player) return false;
    // Where its `when` cannot hold, no need to evaluate it.
    if (a.whenZones !== null && !(card.zone !== null && card.zone.player === player && a.whenZones.includes(card.zone.def))) return false;
    return !((a.limit >= 0 || a.shared !== null) && this.limitReached(a, player, card));
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
      let where: readonly number[] | null = null;
      const sz = a.ir.sourceZone;
      if (a.ir.source >= 0) {
        if (sz >= 0 && !this.ir.zones[sz]!.shared) where = a.whenZones === null || a.whenZones.includes(sz) ? [sz] : [];
        else if (sz === -3 && a.ir.sourceZones.every((z) => !this.ir.zones[z]!.shared)) where = a.ir.sourceZones.filter((z) => a.whenZones === null || a.whenZones.includes(z));
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
    if (rest.length > offerable.length - MIN_INDEXED_ABILITIES) return withRoles({ zones: [], byZoneDef: [], indexed: offerable.map(() => false), rest: offerable.map((_, k) => k) }, offerable);
    return withRoles({ zones, byZoneDef, indexed, rest }, offerable);
  }

  /** Options for offers; a card ability offered for two copies of the card is told apart by place. */
  protected offerOptions = (offers: readonly Offer[]): DecisionOption[] => {
    const seen = new Map<CompiledAction, number>();
    return offers.map((o) => {
      const n = (seen.get(o.action) ?? 0) + 1;
      seen.set(o.action, n);
      return { label: n === 1 ? o.action.ir.name : `${o.action.ir.name} (${n})`, value: o };
    });
  };

  /** Whether availableActions offers `a` (for the card `source`) to `player` now: its limit, then canDeclare (why-not.ts). */
  offered(a: CompiledAction, player: Player, source: Card | null): boolean {
    return !((a.limit >= 0 || a.shared !== null) && this.limitReached(a, player, source)) && this.canDeclare(a, player, source);
  }
}

/** See Engine.abilityIndex. */
interface AbilityIndex {
  zones: number[];
  byZoneDef: (number[] | undefined)[][];
  indexed: boolean[];
  rest: number[];
  /** `rest` without the actions whose `when` cannot hold for the active player (whenPlayer), and for another. */
  restActive: number[];
  restOther: number[];
}

/** An index with its lists of `rest` for the active player and another (see availableActions). */
function withRoles(index: Omit<AbilityIndex, 'restActive' | 'restOther'>, offerable: CompiledAction[]): AbilityIndex {
  const can = (k: number, active: boolean): boolean => {
    const wp = offerable[k]!.whenPlayer;
    return !(wp !== null && (wp === 'never' || (wp === 'active') !== active));
  };
  return { ...index, restActive: index.rest.filter((k) => can(k, true)), restOther: index.rest.filter((k) => can(k, false)) };
}

/** See Engine.abilitiesInZones: the cards found for each offerable ability, and which have any. */
interface AbilityScratch {
  found: Card[][];
  touched: number[];
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
