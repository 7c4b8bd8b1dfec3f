/**
 * The runtime's mutable game state: players, zones, cards, requests.
 * Every mutation goes through `Journal`, so a trial (checking whether an action can be taken)
 * or a scenario's step backward can be undone exactly.
 */

export class Journal {
  private undo: (() => void)[] = [];
  /** Undo entries are recorded only while a mark is open (trials, scenario stepping). */
  depth = 0;

  mark(): number {
    this.depth++;
    return this.undo.length;
  }

  record(fn: () => void): void {
    if (this.depth > 0) this.undo.push(fn);
  }

  rollback(mark: number): void {
    while (this.undo.length > mark) this.undo.pop()!();
    this.depth--;
  }

  release(mark: number): void {
    this.depth--;
    // A new list rather than `length = 0`, a call into the runtime (and most lists are empty).
    if (this.depth === 0) {
      if (this.undo.length) this.undo = [];
    } else void mark;
  }
}

export class Player {
  /** Per-player zones, indexed by zone definition (shared zones are left undefined). */
  zones: Zone[] = [];
  vars: unknown[] = [];
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

export interface Modifier {
  field: number;
  /** add: `by` is added; mul/div: the total is multiplied / divided (rounded down) by `by`. */
  op: 'add' | 'mul' | 'div';
  by: number;
  untilEndOfTurn: boolean;
}

export class Card {
  zone: Zone | null = null;
  host: Card | null = null;
  attached: Card[] = [];
  facedown = false;
  /** Players (bit i = player i) a `reveal` has shown this card to, until it next moves. */
  revealedTo = 0;
  entered = 0;
  mods: Modifier[] | null = null;
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
   * than allocating them again): every property as a new card has it, the fields from `fields`.
   */
  renew(id: number, def: number, name: string, type: number, owner: Player, fields: readonly unknown[]): void {
    this.id = id;
    this.def = def;
    this.name = name;
    this.type = type;
    this.owner = owner;
    const f = this.f;
    if (f.length === fields.length) for (let i = 0; i < f.length; i++) f[i] = fields[i];
    else this.f = fields.slice();
    this.zone = null;
    this.host = null;
    // Lists of attached cards are replaced, never changed in place: an empty one can stay.
    if (this.attached.length) this.attached = [];
    this.facedown = false;
    this.revealedTo = 0;
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
