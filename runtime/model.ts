/**
 * The runtime's mutable game state: players, zones, cards, requests.
 * Every mutation goes through `Journal`, so a trial (checking whether an action can be taken)
 * or a declaration that turns out impossible can be undone exactly.
 */

export class Journal {
  /**
   * Undo entries, last on top: each is its operands followed by its kind (an `Undo`). The
   * commonest changes are entries of plain values rather than closures, so recording one
   * allocates nothing. The list is kept from one open journal to the next, with `top` entries in
   * use: emptying it (a new list, or `length = 0`, which drops V8's backing store) would make
   * every declaration grow a new one. Entries above `top` are stale until written over (a new
   * game makes a new journal).
   */
  private undo: unknown[] = [];
  private top = 0;
  /** Undo entries are recorded only while a mark is open (trials, scenario stepping). */
  depth = 0;

  mark(): number {
    this.depth++;
    return this.top;
  }

  /** Pushes one entry's values (operands then kind). */
  private put1(a: unknown): void {
    this.undo[this.top++] = a;
  }

  record(fn: () => void): void {
    if (this.depth > 0) {
      const u = this.undo;
      u[this.top++] = fn;
      u[this.top++] = Undo.Closure;
    }
  }

  /** `card.f[field]` was `old`. */
  cardField(card: Card, field: number, old: unknown): void {
    if (this.depth > 0) {
      const u = this.undo;
      u[this.top++] = card;
      u[this.top++] = field;
      u[this.top++] = old;
      u[this.top++] = Undo.CardField;
    }
  }

  /** `holder.vars[field]` (a player's or a request's states) was `old`. */
  vars(holder: { vars: unknown[] }, field: number, old: unknown): void {
    if (this.depth > 0) {
      const u = this.undo;
      u[this.top++] = holder;
      u[this.top++] = field;
      u[this.top++] = old;
      u[this.top++] = Undo.Vars;
    }
  }

  /** `card` was taken from index `i` of the zone's list. */
  removed(zone: Zone, i: number, card: Card): void {
    if (this.depth > 0) {
      const u = this.undo;
      u[this.top++] = zone;
      u[this.top++] = i;
      u[this.top++] = card;
      u[this.top++] = Undo.Removed;
    }
  }

  /** A card was put on top (`top`) or at the bottom of the zone's list. */
  added(zone: Zone, top: boolean): void {
    if (this.depth > 0) {
      this.put1(zone);
      this.put1(top ? Undo.AddedTop : Undo.AddedBottom);
    }
  }

  /** A card's place and the states a move resets, as they were before it moved. */
  placed(card: Card, zone: Zone | null, host: Card | null, entered: number, f: unknown[], mods: Modifier[] | null, facedown: boolean, revealedTo: number, known: number): void {
    if (this.depth > 0) {
      const u = this.undo;
      let t = this.top;
      u[t++] = card;
      u[t++] = zone;
      u[t++] = host;
      u[t++] = entered;
      u[t++] = f;
      u[t++] = mods;
      u[t++] = facedown;
      u[t++] = revealedTo;
      u[t++] = known;
      u[t++] = Undo.Placed;
      this.top = t;
    }
  }

  /**
   * Calls `fn` with the card and the saved fields of each place entry (a re-deal, made while a
   * declaration's journal is open, gives the saved printed attributes the card's new identity:
   * determinize.ts).
   */
  forEachPlaced(fn: (card: Card, savedFields: unknown[]) => void): void {
    const u = this.undo;
    for (let i = this.top - 1; i >= 0; ) {
      const kind = u[i] as Undo;
      if (kind === Undo.Placed) fn(u[i - 9] as Card, u[i - 5] as unknown[]);
      i -= OPERANDS[kind] + 1;
    }
  }

  rollback(mark: number): void {
    const u = this.undo;
    let t = this.top;
    while (t > mark) {
      switch (u[--t] as Undo) {
        case Undo.Closure: {
          const fn = u[--t] as () => void;
          this.top = t;
          fn();
          break;
        }
        case Undo.CardField: {
          const old = u[--t];
          const field = u[--t] as number;
          (u[--t] as Card).f[field] = old;
          break;
        }
        case Undo.Vars: {
          const old = u[--t];
          const field = u[--t] as number;
          (u[--t] as { vars: unknown[] }).vars[field] = old;
          break;
        }
        case Undo.Removed: {
          const card = u[--t] as Card;
          const i = u[--t] as number;
          insertAt((u[--t] as Zone).cards, i, card);
          break;
        }
        case Undo.AddedTop:
          (u[--t] as Zone).cards.shift();
          break;
        case Undo.AddedBottom:
          (u[--t] as Zone).cards.pop();
          break;
        case Undo.Placed: {
          const known = u[--t] as number;
          const revealedTo = u[--t] as number;
          const facedown = u[--t] as boolean;
          const mods = u[--t] as Modifier[] | null;
          const f = u[--t] as unknown[];
          const entered = u[--t] as number;
          const host = u[--t] as Card | null;
          const zone = u[--t] as Zone | null;
          const card = u[--t] as Card;
          card.revealedTo = revealedTo;
          card.known = known;
          card.zone = zone;
          card.host = host;
          card.entered = entered;
          card.f = f;
          card.mods = mods;
          card.facedown = facedown;
          break;
        }
      }
      // (A closure undone above may record nothing: the journal's depth is still open.)
      this.top = t;
    }
    this.depth--;
  }

  release(mark: number): void {
    this.depth--;
    // Closed: nothing to undo any more. The entries stay in the list, to be written over.
    if (this.depth === 0) this.top = 0;
    else void mark;
  }
}

/** The kinds of undo entries (Journal). */
const enum Undo {
  Closure,
  CardField,
  Vars,
  Removed,
  AddedTop,
  AddedBottom,
  Placed,
}

/** How many operands each kind of undo entry has (in the order of `Undo`). */
const OPERANDS = [1, 3, 3, 3, 1, 1, 9];

/** Puts `x` back at index `i` of `a` (the inverse of removing it from there). */
function insertAt<T>(a: T[], i: number, x: T): void {
  if (i === 0) {
    a.unshift(x);
    return;
  }
  a.push(x);
  for (let j = a.length - 1; j > i; j--) a[j] = a[j - 1]!;
  a[i] = x;
}

export class Player {
  /** Per-player zones, indexed by zone definition (shared zones are left undefined). */
  zones: Zone[] = [];
  vars: unknown[] = [];
  /** Out of the game (`lose` with more than two players in it): never asked, skipped in turn order. */
  out = false;
  /** The place the player finished in once out (or at the end): 1 the winner; 0 while playing. */
  place = 0;
  constructor(
    readonly index: number,
    readonly name: string,
  ) {}
  toString(): string {
    return this.name;
  }
}

export class Zone {
  cards: Card[] = [];
  constructor(
    readonly def: number,
    readonly name: string,
    readonly player: Player | null,
  ) {}
  get label(): string {
    return this.player ? `${this.player.name}.${this.name}` : this.name;
  }
}

/**
 * A change of one value of a card (`modify`), kept on the card until it changes zone or its
 * duration ends. Plain data only (numbers and texts), so a modifier is copied between engines as
 * it is. The order in which changes apply: compiler/ir.ts ChangeOpIR.
 */
export interface Modifier {
  field: number;
  /** abilities (field -1): the card has the abilities of the card definition `by` (its index) as its own; add: `by` is added; mul/div: the total is multiplied / divided (rounded down) by `by`; set: the value becomes `by`; gain/lose: the label `by` (its name) is put into / taken out of a list of labels. */
  op: 'add' | 'mul' | 'div' | 'set' | 'gain' | 'lose' | 'abilities';
  by: unknown;
  /** When it applies and ends; null: as long as the card stays in its zone. */
  until: Until | null;
}

/** A modifier's duration, in numbers (ValuesRoom.untilOf makes them from compiler/ir.ts DurationIR). */
export interface Until {
  /**
   * It ends at the end of a turn when `endPlayer` is -1 and the turn's number is ≥ `endCount`,
   * or when `endPlayer` is the active player and they have begun ≥ `endCount` turns; -2: never by
   * turns (a `leaves` duration).
   */
  endPlayer: number;
  endCount: number;
  /** It applies only once player `startPlayer` has begun `startCount` turns; -1: at once. */
  startPlayer: number;
  startCount: number;
  /** It ends as player `beginPlayer` begins their `beginCount`-th turn ("until your next turn"); -1: not so. */
  beginPlayer: number;
  beginCount: number;
  /** `until <card> leaves <zone>`: that card's id and the zone definition; -1 otherwise. */
  source: number;
  sourceZone: number;
}

export class Card {
  zone: Zone | null = null;
  host: Card | null = null;
  attached: Card[] = [];
  facedown = false;
  /** Players (bit i = player i) a `reveal` has shown this card to, until it next moves. */
  revealedTo = 0;
  /**
   * Players (bit i = player i) who know which card this is where it lies — they saw it go there,
   * or it lies where they see it — tracked only for search agents (knowledge.ts); cleared for
   * those who cannot see a zone when it is shuffled.
   */
  known = 0;
  entered = 0;
  mods: Modifier[] | null = null;
  /** The zone definition the card was made in (its draw pile): a determinization re-deals cards only among cards of the same origin and owner. */
  origin = -1;
  // Identity: changed only by `renew`, when an engine reuses the card in a new game.
  constructor(
    public id: number,
    public def: number,
    public name: string,
    public type: number,
    public owner: Player,
    /** Field values by the game's card-field index (attrs, states; values are computed). */
    public f: unknown[],
  ) {}

  /**
   * The card made anew for another game (an engine reset for a new seed reuses its cards rather
   * than allocating them again): every property as a new card has it, the fields from `fields`
   * (written by `init` when given).
   */
  renew(id: number, def: number, name: string, type: number, owner: Player, fields: readonly unknown[], init?: (f: unknown[]) => void): void {
    this.id = id;
    this.def = def;
    this.name = name;
    this.type = type;
    this.owner = owner;
    const f = this.f;
    // `init`, when given, writes `fields` (generated stores, faster than a loop).
    if (f.length === fields.length) {
      if (init) init(f);
      else for (let i = 0; i < f.length; i++) f[i] = fields[i];
    }
    else this.f = fields.slice();
    this.zone = null;
    this.host = null;
    // Lists of attached cards are replaced, never changed in place: an empty one can stay.
    if (this.attached.length) this.attached = [];
    this.facedown = false;
    this.revealedTo = 0;
    this.known = 0;
    this.entered = 0;
    this.mods = null;
  }

  toString(): string {
    return this.name;
  }
}

export class Request {
  cancelled = false;
  /** For a card's ability: the card it came from (its `this`). */
  source: Card | null = null;
  /** The game's request states (`request state …`), by index. */
  vars: unknown[] = [];
  /** Values chosen by each `target` step: [slot, single] pairs are read from the frame. */
  constructor(
    readonly id: number,
    readonly action: number,
    readonly controller: Player,
    readonly frame: unknown[],
    public cards: Card[],
  ) {}
}

/** Each player's place at the end: the winner first, the players still in next (sharing a place), then those out, by the place they went out in. */
export function finalPlaces(players: readonly Player[], winner: string | null): { player: string; place: number }[] {
  const still = players.filter((q) => !q.out && q.name !== winner);
  const out = players.filter((q) => q.out);
  const places: { player: string; place: number }[] = [];
  if (winner !== null) places.push({ player: winner, place: 1 });
  const shared = winner !== null ? 2 : 1;
  for (const q of still) places.push({ player: q.name, place: shared });
  for (const q of out.sort((a, b) => a.place - b.place)) places.push({ player: q.name, place: q.place });
  return places;
}
