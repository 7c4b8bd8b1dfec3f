/**
 * Decisions as the host's decider receives them, with their option lists built only when read.
 *
 * A decider answers with an index below `count`. Random agents only need the count, so the
 * engine does not build an object per option for them: each kind of decision keeps what it was
 * made from (the candidates, the labels, the offers) and lists the options — labels and values,
 * exactly as a full listing would have them — on the first read of `options`. What a decision
 * keeps is never changed afterwards (the engine hands it a copy of a zone's live list), so a
 * host that keeps a decision and reads it later sees the options as they were.
 */
import type { SrcLoc } from '../compiler/ir.ts';
import type { Ctx } from './context.ts';
import type { Player } from './model.ts';

export interface DecisionOption {
  label: string;
  value: unknown;
}

export interface Decision {
  player: Player;
  kind: 'action' | 'pick' | 'mode';
  prompt: string;
  /** The options, built on first read. */
  readonly options: DecisionOption[];
  /** How many options there are (without building them). */
  readonly count: number;
  canPass: boolean;
  cite: string;
  loc: SrcLoc | null;
  /**
   * A choice of action in a window with nothing on the stack — the player's own free action, as
   * opposed to a response — names that window; every other decision has none. The scenario
   * runner stops at the active player's first such decision after its script.
   */
  readonly window?: string;
  /**
   * A pick's or a mode's: the context of the rule that asks, its frame holding the locals the
   * choice reads (all of them under EngineOptions.inspectable) — for a host explaining the
   * choice while it is asked (runtime/why-not-choice.ts); read it only then.
   */
  readonly ctx?: Ctx | null;
}

/** What the decisions need from the engine to label their options. */
export interface OptionLabels {
  optionLabel(player: Player, value: unknown): string;
}

/** An option of a choice, labelled only when someone reads the label. */
export class ChoiceOption implements DecisionOption {
  constructor(
    private readonly labels: OptionLabels,
    private readonly player: Player,
    readonly value: unknown,
  ) {}
  get label(): string {
    return this.labels.optionLabel(this.player, this.value);
  }
}

/**
 * `choose`: options are "none" first when `none` says so (its value null for a single value,
 * an empty list otherwise), then one per value; with `wrap`, each value is offered as a
 * one-element list (a `0..1` choice of a list lists its candidates that way).
 */
export class PickDecision implements Decision {
  readonly kind = 'pick' as const;
  readonly canPass = false;
  readonly count: number;
  private built: DecisionOption[] | null = null;

  constructor(
    private readonly labels: OptionLabels,
    readonly player: Player,
    readonly prompt: string,
    readonly cite: string,
    readonly loc: SrcLoc | null,
    private readonly values: readonly unknown[],
    private readonly none: 'value' | 'list' | null,
    private readonly wrap: boolean,
    readonly ctx: Ctx | null = null,
  ) {
    this.count = values.length + (none ? 1 : 0);
  }

  /** The value of option `i` (a new list for a wrapped or empty one, unless the options were read). */
  valueAt(i: number): unknown {
    if (this.built) return this.built[i]!.value;
    return optionValue(this.values, this.none, this.wrap, i);
  }

  /** Whether option `i` is "none". */
  isNone(i: number): boolean {
    return this.none !== null && i === 0;
  }

  get options(): DecisionOption[] {
    if (!this.built) {
      const out: DecisionOption[] = [];
      // (`built` is still null here: valueAt works each value out.)
      for (let i = 0; i < this.count; i++) {
        const v = this.valueAt(i);
        out.push(this.isNone(i) ? { label: 'none', value: v } : new ChoiceOption(this.labels, this.player, v));
      }
      this.built = out;
    }
    return this.built;
  }
}

/** The value of option `i` of a PickDecision made of these (a new list for a wrapped or empty one). */
export function optionValue(values: readonly unknown[], none: 'value' | 'list' | null, wrap: boolean, i: number): unknown {
  if (none) {
    if (i === 0) return none === 'value' ? null : [];
    i--;
  }
  return wrap ? [values[i]] : values[i];
}

/** `choose … { option "a" … }`: one option per label, its value the label. */
export class ModeDecision implements Decision {
  readonly kind = 'mode' as const;
  readonly canPass = false;
  readonly count: number;
  private built: DecisionOption[] | null = null;

  constructor(
    readonly player: Player,
    readonly prompt: string,
    readonly cite: string,
    readonly loc: SrcLoc | null,
    private readonly labels: readonly string[],
    readonly ctx: Ctx | null = null,
  ) {
    this.count = labels.length;
  }

  get options(): DecisionOption[] {
    return (this.built ??= this.labels.map((l) => ({ label: l, value: l })));
  }
}

/** A window's or a priority round's decision: the actions on offer, then "pass" if allowed. */
export class ActionDecision<O> implements Decision {
  readonly kind = 'action' as const;
  readonly count: number;
  private built: DecisionOption[] | null = null;

  constructor(
    readonly player: Player,
    readonly prompt: string,
    readonly cite: string,
    private readonly offers: readonly O[],
    readonly canPass: boolean,
    /** The offers as options (labels told apart when an action is offered twice). */
    private readonly list: (offers: readonly O[]) => DecisionOption[],
    private readonly pass: unknown,
    /** The window, for a free action (Decision.window); undefined for a response. */
    readonly window?: string,
  ) {
    this.count = offers.length + (canPass ? 1 : 0);
  }

  readonly loc = null;

  /** The value of option `i`: an offer, or the pass value. */
  valueAt(i: number): O | unknown {
    return i < this.offers.length ? this.offers[i] : this.pass;
  }

  get options(): DecisionOption[] {
    if (!this.built) {
      this.built = this.list(this.offers);
      if (this.canPass) this.built.push({ label: 'pass', value: this.pass });
    }
    return this.built;
  }
}
