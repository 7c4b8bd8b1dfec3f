/**
 * Choices — the engine's fourth room. A player decides: a `choose` of values or lists, an
 * order, a mode. The decision goes to the host's decider (a person, an agent, a scenario's
 * script) as one of the classes of decisions.ts; in a trial the first option is taken without
 * asking. Every answer is folded into the game's hash.
 */
/* room-allowances of ChoicesRoom (checked by test/room-allowances.test.ts; docs/architecture.md)
 * below: GameState
 * above: none
 * fields: GameState (decisions ir journal logging trackKnowledge trial)
 */
import type { GameIR, SrcLoc } from '../compiler/ir.ts';
import { Impossible, asList, type Ctx } from './context.ts';
import { ModeDecision, PickDecision, optionValue, type Decision } from './decisions.ts';
import type { ActionDraws, ActionPreference, CountDecider, Decider, EngineOptions } from './engine-types.ts';
import { Card, Request, Zone, type Player } from './model.ts';
import { MovesRoom } from './moves.ts';
import { cardLabel, cardWords } from './view.ts';
import { phrase, type LogArg, type LogPhrase } from './log-entry.ts';

/** What `pick` returns when a declaration's choice has nothing to choose from. */
export const NO_OPTION = Symbol('no option');

export abstract class ChoicesRoom extends MovesRoom {
  /** EngineOptions.askSingleActions. */
  protected readonly askSingleActions: boolean;
  /** EngineOptions.askForced. */
  protected readonly askForced: boolean;

  /** The host's decider, for the run in progress (set by the engine's driver). */
  protected decide: Decider = () => {
    throw new Error('no decider: call run() or runFrom()');
  };
  /**
   * The host's decider when it answers from the count of options alone (a random player): the
   * choices of `choose` and of a mode then make no decision object (see CountDecider).
   */
  protected decideByCount: CountDecider | null = null;
  /**
   * With `decideByCount`, how a choice of action is drawn (FlowRoom.chooseAction): 'listed', among
   * every offer; 'sampled' (a random player, Engine.run's `draws`), without listing every offer
   * (OffersRoom.sampleOffer), its decision counted and the chain of triggers ended as a listing
   * would; 'playout' (a search's random playouts, Engine.answerByCount), drawn the same way,
   * counting only the actions taken.
   */
  protected actionDraws: ActionDraws | 'playout' = 'listed';
  /**
   * In a search's sampled playouts ('playout'): how many candidates the pass counts as in each
   * draw (Engine.answerByCount). 1: as likely as any action (uniform); 0: the pass only when no
   * action can be declared — a playout policy a game's strong agent may name (agents/spec.ts).
   */
  protected playoutPassWeight = 1;
  /** In a search's sampled playouts: its preference among the actions (Engine.answerByCount), or null: uniform draws. */
  protected playoutPreference: ActionPreference | null = null;

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see GameState
  constructor(ir: GameIR, opts: EngineOptions<any>) {
    super(ir, opts);
    this.askSingleActions = opts.askSingleActions ?? false;
    this.askForced = opts.askForced ?? false;
  }

  /** An option as the deciding player may see it: a hidden card is named by where it lies. */
  optionLabel(player: Player, c: unknown): string {
    if (Array.isArray(c)) return c.map((x) => this.optionLabel(player, x)).join(' + ');
    if (c instanceof Request) return this.ir.actions[c.action]!.name;
    if (c instanceof Card) return cardLabel(this, player, c);
    return String(c);
  }

  /** optionLabel, for the log: a hidden card as a phrase its host words in the reader's language. */
  private optionWords(player: Player, c: unknown): LogArg {
    if (Array.isArray(c)) return { joined: c.map((x) => this.optionWords(player, x)), by: ' + ' };
    return c instanceof Card ? cardWords(this, player, c) : this.optionLabel(player, c);
  }

  /**
   * A player asked to choose among cards of their own zones looks at the cards offered (cardLabel
   * names them): they know those cards from now on (knowledge.ts). Only the options offered, and
   * only when the player is asked.
   */
  private showOwnCards(player: Player, d: Decision): void {
    const bit = 1 << player.index;
    const show = (c: unknown) => {
      if (!(c instanceof Card) || c.zone?.player !== player || c.known & bit) return;
      const knew = c.known;
      c.known |= bit;
      if (this.journal.depth > 0) this.journal.record(() => (c.known = knew));
    };
    for (const o of d.options) {
      if (Array.isArray(o.value)) for (const c of o.value) show(c);
      else show(o.value);
    }
  }

  /** Asks `player` to choose; in a trial the first option is taken without asking. */
  protected ask(d: Decision): number {
    if (d.count === 1 && !d.canPass && !this.askForced && !(d.kind === 'action' && this.askSingleActions)) return 0;
    if (this.trial > 0) return 0;
    if (this.trackKnowledge && d.kind === 'pick') this.showOwnCards(d.player, d);
    this.decisions++;
    const index = this.decide(d);
    return this.answered(index, d.count);
  }

  /** `ask` of a pick or a mode (never passable) by a decider that answers from the count alone. */
  private askByCount(byCount: CountDecider, player: Player, count: number): number {
    if (count === 1 && !this.askForced) return 0;
    if (this.trial > 0) return 0;
    this.decisions++;
    return this.answered(byCount(player, count), count);
  }

  /**
   * `ask` of a choice of action (`count` options, the last one "pass" when `canPass`) by a
   * decider that answers from the count alone: the same rule for when a single option is asked.
   */
  protected askActionByCount(byCount: CountDecider, player: Player, count: number, canPass: boolean): number {
    if (!this.asksAction(count, canPass)) return 0;
    if (this.trial > 0) return 0;
    this.decisions++;
    return this.answered(byCount(player, count), count);
  }

  /** Whether a choice of action among `count` options (the pass among them when `canPass`) is asked: not a single one that must be taken, unless the options say so. */
  protected asksAction(count: number, canPass: boolean): boolean {
    return !(count === 1 && !canPass && !this.askForced && !this.askSingleActions);
  }

  /** An answer checked and folded into the hash. */
  private answered(index: number, count: number): number {
    if (!(Number.isInteger(index) && index >= 0 && index < count)) throw new Error(`answer ${index} is not an option (0..${count - 1})`);
    this.mix(index + 1);
    return index;
  }

  /**
   * `choose`: asks `player` for `min..max` of the candidates (one value when `single`). `test`,
   * for a `such that`, binds a candidate (or a combination) and tells whether it may be chosen.
   */
  choose(player: Player, from: unknown, min: number, max: number, single: boolean, test: ((v: unknown) => unknown) | null, ctx: Ctx, prompt: string, loc: SrcLoc | null, words: LogPhrase | null = null): unknown {
    const v = this.pick(player, from, min, max, single, test, ctx, prompt, loc, words);
    if (v === NO_OPTION) throw new Impossible(phrase('nothing-to-choose', { prompt: words ?? prompt }));
    return v;
  }

  /** `choose`, but returning NO_OPTION where a declaration would be impossible (see declareSteps). */
  /** `words`: an engine-made prompt as a phrase, for the log (the decision asks with `prompt`, in English). */
  protected pick(player: Player, from: unknown, min: number, max: number, single: boolean, test: ((v: unknown) => unknown) | null, ctx: Ctx, prompt: string, loc: SrcLoc | null, words: LogPhrase | null = null): unknown {
    const candidates = asList(from);
    if (!ctx.declaring) {
      min = Math.min(min, candidates.length);
      max = Math.min(max, candidates.length);
    }
    // A trial only needs the first option (the one it would take): find it without listing all.
    if (this.trial > 0) {
      const first = firstOption(candidates, min, max, single && max <= 1 && min <= 1, test);
      if (first !== NO_OPTION || ctx.declaring) return first;
      return single ? null : [];
    }
    // One value, or a list of at most one: the values on offer, "none" first when it may be none.
    let values: readonly unknown[];
    let none: 'value' | 'list' | null;
    let wrap = false;
    if (single && max <= 1 && min <= 1) {
      // One value: "none" first when it may be none, then each candidate that passes the test.
      values = candidates;
      if (test) {
        const passed: unknown[] = [];
        for (const c of candidates) if (test(c)) passed.push(c);
        values = passed;
      }
      none = min === 0 ? 'value' : null;
    } else if ((min === 0 || min === 1) && (max === 0 || max === 1) && min <= max && candidates.length < 4096) {
      // A list of at most one: the same options as `combinations` lists — the empty list (when
      // min is 0), then each candidate alone (when max is 1) — without making the lists nobody
      // chooses.
      let noneOk = min === 0;
      values = max === 1 ? candidates : [];
      if (test) {
        noneOk = noneOk && !!test([]);
        const passed: unknown[] = [];
        for (const c of values) if (test([c])) passed.push(c);
        values = passed;
      }
      none = noneOk ? 'list' : null;
      wrap = true;
    } else if (test === null && this.decideByCount !== null) {
      // A decider by count, and no test: the options are `combinations`' lists, counted without
      // making them; only the one chosen is made (unrankCombination), in the same order.
      const count = countCombinations(candidates.length, min, max, 4096);
      if (count === 0) return ctx.declaring ? NO_OPTION : single ? null : [];
      const i = this.askByCount(this.decideByCount, player, count);
      const v = unrankCombination(candidates, min, i);
      if (this.logging && this.trial === 0) this.emitLog('choice', phrase('choice', { player: player.name, choice: v.length === 0 ? phrase('none') : this.optionWords(player, v), prompt: words ?? prompt }), player, ctx.cite, loc, false, [v]);
      return v;
    } else {
      const combos = combinations(candidates, min, max, 4096).filter((combo) => !test || test(combo));
      // Sizes come in increasing order: an empty list can only be the first, "none".
      const hasNone = combos.length > 0 && combos[0]!.length === 0;
      values = hasNone ? combos.slice(1) : combos;
      none = hasNone ? 'list' : null;
    }
    const count = values.length + (none ? 1 : 0);
    if (count === 0) return ctx.declaring ? NO_OPTION : single ? null : [];
    let i: number;
    let v: unknown;
    const byCount = this.decideByCount;
    if (byCount !== null) {
      // A decider that reads the count alone: no decision, and the candidates need no copy.
      i = this.askByCount(byCount, player, count);
      v = optionValue(values, none, wrap, i);
    } else {
      // The decision keeps its candidates: not a zone's list, which changes in place.
      if (values === candidates && !Array.isArray(from) && from instanceof Zone) values = candidates.slice();
      const d = new PickDecision(this, player, prompt, ctx.cite, loc, values, none, wrap, ctx);
      i = this.ask(d);
      v = d.valueAt(i);
    }
    if (this.logging && this.trial === 0) this.emitLog('choice', phrase('choice', { player: player.name, choice: none !== null && i === 0 ? phrase('none') : this.optionWords(player, v), prompt: words ?? prompt }), player, ctx.cite, loc, false, [v]);
    return v;
  }

  /** `choose order`: one pick per place, first to last; the last card takes the last place. */
  chooseOrder(player: Player, rest: unknown[], ctx: Ctx, prompt: string, loc: SrcLoc | null): unknown[] {
    const ordered: unknown[] = [];
    while (rest.length > 1) {
      const place = ordered.length + 1;
      const v = this.choose(player, rest.slice(), 1, 1, true, null, ctx, `${prompt}: place ${place} of ${place + rest.length - 1}`, loc, phrase('prompt-place', { prompt, place, count: place + rest.length - 1 }));
      ordered.push(v);
      rest.splice(rest.indexOf(v), 1);
    }
    ordered.push(...rest);
    return ordered;
  }

  /** Several replacements apply to one event: the affected player picks which applies first (replacements.ts). */
  protected chooseReplacement(player: Player, labels: string[], ctx: Ctx): number {
    return this.chooseMode(player, labels, ctx, 'which replacement applies first?', null, phrase('prompt-replacement'));
  }

  /** `words`, `labelWords`: an engine-made prompt and labels as phrases, for the log (the decision asks in English). */
  chooseMode(player: Player, labels: string[], ctx: Ctx, prompt: string, loc: SrcLoc | null, words: LogPhrase | null = null, labelWords: readonly LogPhrase[] | null = null): number {
    const byCount = this.decideByCount;
    const i = byCount !== null ? this.askByCount(byCount, player, labels.length) : this.ask(new ModeDecision(player, prompt || 'choose one', ctx.cite, loc, labels, ctx));
    if (this.logging && this.trial === 0) this.emitLog('choice', phrase(prompt ? 'choice-mode' : 'choice-mode-bare', { player: player.name, label: labelWords?.[i] ?? labels[i]!, prompt: words ?? prompt }), player, ctx.cite, loc);
    return i;
  }
}

/** The option `choose` would list first, or NO_OPTION: the same order as the full listing. */
export function firstOption(candidates: unknown[], min: number, max: number, single: boolean, test: ((v: unknown) => unknown) | null): unknown {
  if (single) {
    if (min === 0) return null;
    for (const c of candidates) {
      if (test && !test(c)) continue;
      return c;
    }
    return NO_OPTION;
  }
  const hi = Math.min(max, candidates.length);
  // Without a test the first combination is the first candidates, as many as the smallest size allows.
  if (!test) {
    const lo = Math.max(0, min);
    return lo <= hi ? candidates.slice(0, lo) : NO_OPTION;
  }
  const pick: unknown[] = [];
  let seen = 0;
  let found: unknown = NO_OPTION;
  const rec = (start: number, size: number): boolean => {
    if (seen >= 4096) return true;
    if (pick.length === size) {
      seen++;
      // The combination tested in place, copied only once it passes (a test cannot keep it:
      // `such that` is an expression, and a local is never a list sorted in place).
      if (test && !test(pick)) return false;
      found = pick.slice();
      return true;
    }
    for (let i = start; i <= candidates.length - (size - pick.length); i++) {
      pick.push(candidates[i]);
      const done = rec(i + 1, size);
      pick.pop();
      if (done) return true;
    }
    return false;
  };
  for (let size = Math.max(0, min); size <= hi; size++) if (rec(0, size)) break;
  return found;
}

/** n choose k, or `cap` + 1 when it is above `cap`. */
function binomial(n: number, k: number, cap: number): number {
  if (k < 0 || k > n) return 0;
  k = Math.min(k, n - k);
  let c = 1;
  for (let i = 1; i <= k; i++) {
    c = (c * (n - k + i)) / i;
    if (c > cap) return cap + 1;
  }
  return Math.round(c);
}

/** How many lists `combinations(items of length n, min, max, cap)` makes. */
export function countCombinations(n: number, min: number, max: number, cap: number): number {
  let total = 0;
  for (let size = Math.max(0, min); size <= Math.min(max, n); size++) {
    total += binomial(n, size, cap);
    if (total >= cap) return cap;
  }
  return total;
}

/**
 * The list `combinations(items, min, …)` makes at index `i` (below countCombinations): sizes
 * in increasing order from `min`, each size's lists in lexicographic order of positions.
 */
export function unrankCombination<T>(items: readonly T[], min: number, i: number): T[] {
  const n = items.length;
  let size = Math.max(0, min);
  for (;;) {
    const c = binomial(n, size, Number.MAX_SAFE_INTEGER);
    if (i < c) break;
    i -= c;
    size++;
  }
  const out: T[] = [];
  let next = 0;
  for (let left = size; left > 0; left--) {
    // The first position whose lists, with the rest after it, reach index i.
    for (;;) {
      const c = binomial(n - next - 1, left - 1, Number.MAX_SAFE_INTEGER);
      if (i < c) break;
      i -= c;
      next++;
    }
    out.push(items[next]!);
    next++;
  }
  return out;
}

/** All sub-lists of sizes min..max, in candidate order, at most `cap` of them. */
export function combinations<T>(items: T[], min: number, max: number, cap: number): T[][] {
  const out: T[][] = [];
  const hi = Math.min(max, items.length);
  const pick: T[] = [];
  const rec = (start: number, size: number) => {
    if (out.length >= cap) return;
    if (pick.length === size) {
      out.push(pick.slice());
      return;
    }
    for (let i = start; i <= items.length - (size - pick.length); i++) {
      pick.push(items[i]!);
      rec(i + 1, size);
      pick.pop();
      if (out.length >= cap) return;
    }
  };
  for (let size = Math.max(0, min); size <= hi; size++) rec(0, size);
  return out;
}
