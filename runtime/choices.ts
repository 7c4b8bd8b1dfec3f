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
import { Card, Player, Request, Zone } from './model.ts';
import { MovesRoom } from './moves.ts';
import { canSee, cardLabel, cardWords } from './view.ts';
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
  /**
   * In a search's sampled playouts: its preference among the options of the choices inside an
   * action — a pick of one value, a mode (ActionPreference.inside; Engine.answerByCount) — or
   * null: those draws uniform.
   */
  protected playoutChoicePreference: ActionPreference | null = null;

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
   * askByCount in a search's playout that prefers some options (playoutChoicePreference): with the
   * preference's chance it takes the option whose key (`keyAt`) it values most, ties drawn
   * uniformly by `byCount`, else one drawn uniformly; the preference is told what was taken. The
   * same rule for a single option, the same decision count and hash as askByCount.
   */
  private preferredAnswer(byCount: CountDecider, pref: ActionPreference, player: Player, count: number, keyAt: (i: number) => number): number {
    if (count === 1 && !this.askForced) return 0;
    if (this.trial > 0) return 0;
    this.decisions++;
    const who = player.index;
    let pick: number;
    let key: number;
    if (pref.greedy(who)) {
      const keys = this.optionKeys;
      let best = -Infinity;
      let ties = 0;
      pick = 0;
      for (let k = 0; k < count; k++) {
        const kk = keyAt(k);
        keys[k] = kk;
        const v = pref.value(who, kk);
        if (v > best) {
          best = v;
          pick = k;
          ties = 1;
        } else if (v === best && byCount(player, ++ties) === 0) pick = k;
      }
      key = keys[pick]!;
    } else {
      pick = byCount(player, count);
      key = keyAt(pick);
    }
    const i = this.answered(pick, count);
    pref.taken(who, key);
    return i;
  }

  /** preferredAnswer's keys of the options (a choice's keys are read before any other choice is made: one array serves). */
  private optionKeys: number[] = [];

  /** chooseMode by preference: a mode's option keyed by its label (each label a number, in the order first met). */
  private modeByPreference(byCount: CountDecider, pref: ActionPreference, player: Player, labels: readonly string[], loc: SrcLoc | null): number {
    const site = choiceSite(loc);
    const ids = this.modeLabelIds;
    return this.preferredAnswer(byCount, pref, player, labels.length, (k) => {
      const label = labels[k]!;
      let id = ids.get(label);
      if (id === undefined) ids.set(label, (id = ids.size));
      return optionKey(site, this.ir.cards.length, this.ir.zones.length, Math.min(id, MAX_MODE_LABELS - 1), true);
    });
  }

  /** modeByPreference's numbers of labels: a number only names a label (no order is read from it). */
  private readonly modeLabelIds = new Map<string, number>();

  /**
   * A pick's option as a preference's key, of IR indices alone and of what the chooser sees: none;
   * a player (the chooser, or another); a small whole number; a card the chooser can see — its
   * definition, and whether the chooser controls it; a card hidden from the chooser — only its
   * zone's definition and whether the chooser controls it; anything else one key. Never the card
   * itself (its id, its place): the same option in another world has the same key.
   */
  private optionKey(site: number, chooser: Player, v: unknown): number {
    const cards = this.ir.cards.length;
    const zones = this.ir.zones.length;
    let code: number;
    if (v === null || (Array.isArray(v) && v.length === 0)) code = 0;
    else if (Array.isArray(v) && v.length === 1) return this.optionKey(site, chooser, v[0]);
    else if (v instanceof Card) {
      const mine = this.controllerOf(v) === chooser ? 0 : 1;
      // What the chooser sees, as cardLabel names it: a card they may see, or one of their own zone's.
      if (canSee(this, chooser, v) || (v.zone !== null && v.zone.player === chooser)) code = CARD_CODE + 2 * v.def + mine;
      else code = CARD_CODE + 2 * cards + 2 * (v.zone !== null ? v.zone.def : zones) + mine;
    } else if (v instanceof Player) code = v === chooser ? 1 : 2;
    else if (typeof v === 'number' && Number.isInteger(v) && v >= 0 && v < SMALL_NUMBERS) code = 4 + v;
    else code = 3;
    return optionKey(site, cards, zones, code);
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
      const pref = this.playoutChoicePreference;
      if (pref !== null) {
        const vs = values;
        const site = choiceSite(loc);
        i = this.preferredAnswer(byCount, pref, player, count, (k) => this.optionKey(site, player, none !== null && k === 0 ? null : vs[none !== null ? k - 1 : k]));
      } else i = this.askByCount(byCount, player, count);
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
    const pref = this.playoutChoicePreference;
    const i = byCount === null ? this.ask(new ModeDecision(player, prompt || 'choose one', ctx.cite, loc, labels, ctx))
      : pref !== null ? this.modeByPreference(byCount, pref, player, labels, loc)
      : this.askByCount(byCount, player, labels.length);
    if (this.logging && this.trial === 0) this.emitLog('choice', phrase(prompt ? 'choice-mode' : 'choice-mode-bare', { player: player.name, label: labelWords?.[i] ?? labels[i]!, prompt: words ?? prompt }), player, ctx.cite, loc);
    return i;
  }
}

/** optionKey's codes: 0 none, 1 the chooser, 2 another player, 3 any other value, 4… a small whole number, then cards, then modes. */
const SMALL_NUMBERS = 64;
const CARD_CODE = 4 + SMALL_NUMBERS;
/** Modes' labels told apart at one place (a later label shares the last key). */
const MAX_MODE_LABELS = 4096;

/**
 * A choice's place in the rules as a number: its file, line and column in the game's sources (0
 * for a choice the engine makes, with no place) — below 2^31 for files below 64, lines below 65,536
 * and columns below 512 (a later column counts as 511: two choices on one long line may share).
 */
function choiceSite(loc: SrcLoc | null): number {
  if (loc === null) return 0;
  return ((loc[0] + 1) * 65536 + (loc[1] & 0xffff)) * 512 + Math.min(loc[2], 511);
}

/**
 * A preference's key of an option (`code`) at a choice's place (`site`): negative, so never an
 * action's (OffersRoom.actionKey, ≥ 0); one key per place and code. A mode's code is offset past
 * every pick's. Below 2^53 in magnitude for sites below 2^31 and games below ~500,000 cards.
 */
function optionKey(site: number, cards: number, zones: number, code: number, mode = false): number {
  const picks = CARD_CODE + 2 * cards + 2 * (zones + 1);
  const span = picks + MAX_MODE_LABELS;
  return -(1 + site * span + (mode ? picks + code : code));
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
