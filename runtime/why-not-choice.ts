/**
 * Why not, inside a choice: at a pick or a mode asked while a rule runs (a card chosen in a
 * trigger's effect, a target in a procedure), why a card is not among the options — the filter
 * that excluded it, followed into the game functions it calls, with the values each failed
 * comparison read — and, for a mode, why each closed option is closed.
 *
 * It reads the decision's context (Decision.ctx): the locals the choice's expressions read live
 * in its frame when the engine compiled its rules as closures (EngineOptions.inspectable). Each
 * part of a filter is evaluated alone by the rules' own expression compiler; a part that cannot
 * be (it throws) is named without values. Nothing here changes the game.
 */
import type { Expr, GameIR, SrcLoc, Stmt } from '../compiler/ir.ts';
import type { Compiler } from './compile.ts';
import { asList, type Ctx } from './context.ts';
import type { Decision } from './decisions.ts';
import { Card } from './model.ts';
import { COMPARISONS, compiledExpr, conjuncts, disjuncts, show, valueText } from './why-not.ts';
import { optional, phrase, type LogArg, type LogPhrase } from './log-entry.ts';

/** What the explanation reads of the engine. */
export interface ChoiceHost {
  ir: GameIR;
  compiler: Compiler;
  /** Every card of the game named `name` (a card definition's name), wherever it lies. */
  cardsNamed(name: string): readonly Card[];
  /** A card as a judge names it: its name and where it lies. */
  describe(card: Card): LogArg;
}

/** A closed option of a mode, and why. */
export interface ClosedOption {
  label: string;
  reason: LogPhrase;
}

/** One card asked about: offered, or the reasons it is not (outermost first). */
export interface ChoiceCardVerdict {
  /** The card and where it lies; the reasons, outermost first — phrases (log-entry.ts), the rules' expressions in them as written. */
  card: LogArg;
  offered: boolean;
  reasons: LogArg[];
  /** The citations of the game functions the reasons went into, each once. */
  cites: { name: string; cite: string }[];
}

export interface ChoiceWhyNot {
  kind: 'pick' | 'mode';
  /** The choice as the rules write it, the locals it reads shown by their values. */
  statement: LogPhrase;
  loc: SrcLoc | null;
  /** The citation in force where the choice is asked. */
  cite: string;
  /** A mode's options that are not offered. */
  closed: ClosedOption[];
  cards: ChoiceCardVerdict[];
}

/** How deep the explanation follows calls of game functions. */
const MAX_DEPTH = 4;

/** A place expressions are evaluated in: the locals (a frame) and how they are shown. */
interface Scope {
  frame: unknown[];
  names: ReadonlyMap<number, string>;
  /** The context the rules' compiled expressions read `me`, `this` and the request from. */
  ctx: Ctx;
  /** The game functions an explanation went into (name → citation), shared by nested scopes. */
  cites: Map<string, string>;
}

/** The choice statement (or declaration step) the decision was asked at, or null. */
type ChoiceIR = Extract<Stmt, { kind: 'choose' }> | Extract<Stmt, { kind: 'chooseMode' }> | { kind: 'using' | 'target'; slot: number; name: string; from: Expr; suchThat: Expr | null };

/**
 * Why the cards named `names` are (or are not) among the options of `d` — with no names, the
 * cards its filter rejected — and, for a mode, why each closed option is closed. Null when the
 * decision is not a choice asked inside a rule (an action decision), or its context is unknown.
 */
export function whyNotInChoice(h: ChoiceHost, d: Decision, names: readonly string[]): ChoiceWhyNot | null {
  if ((d.kind !== 'pick' && d.kind !== 'mode') || !d.ctx || !d.loc) return null;
  const st = choiceAt(h.ir, d.loc, d.kind);
  if (!st) return null;
  const ctx = d.ctx;
  const names0 = new Map<number, string>();
  ctx.frame.forEach((v, slot) => {
    if (v !== undefined) names0.set(slot, valueText(v));
  });
  const sc: Scope = { frame: ctx.frame, names: names0, ctx, cites: new Map() };
  const cited = () => {
    const out = [...sc.cites].map(([name, cite]) => ({ name, cite }));
    sc.cites.clear();
    return out;
  };
  const out: ChoiceWhyNot = { kind: d.kind, statement: statementText(h, st, sc), loc: d.loc, cite: ctx.cite, closed: [], cards: [] };
  const offered = new Set<unknown>();
  for (const o of d.options) for (const v of asList(o.value)) offered.add(v);
  if (st.kind === 'chooseMode') {
    const open = new Set(d.options.map((o) => o.label));
    for (const o of st.options) {
      if (open.has(o.label) || !o.when) continue;
      out.closed.push({ label: o.label, reason: phrase('wc-closed', { expr: show(o.when, h.ir, 0, sc.names), because: because(h, o.when, sc, 0) }) });
    }
    sc.cites.clear();
    // A card is chosen in a mode's option: each pick its options make, and why the card is not among them.
    for (const name of names) {
      if (h.cardsNamed(name).length === 0) out.cards.push(absent(name));
      for (const card of h.cardsNamed(name)) {
        const reasons: LogArg[] = [];
        for (const o of st.options) {
          const picks = picksIn(o.body);
          const state = phrase(open.has(o.label) ? 'wc-option' : 'wc-option-closed', { label: o.label });
          for (const p of picks) {
            const why = notAmong(h, card, p.from, p.suchThat, p.slot, sc);
            reasons.push(why.length ? phrase('wc-option-pick', { state, pick: pickText(h, p, sc), why: { series: why } }) : phrase('wc-option-would', { state, pick: pickText(h, p, sc), card: h.describe(card) }));
          }
        }
        if (reasons.length === 0) reasons.push(phrase('wc-no-option-card', { options: st.options.map((o) => phrase('wc-quoted', { label: o.label })) }));
        out.cards.push({ card: h.describe(card), offered: false, reasons, cites: cited() });
      }
    }
    return out;
  }
  for (const n of names) if (h.cardsNamed(n).length === 0) out.cards.push(absent(n));
  const cards = names.length ? names.flatMap((n) => h.cardsNamed(n)) : rejectedCandidates(h, st.from, sc, offered);
  for (const card of cards) {
    if (offered.has(card)) {
      out.cards.push({ card: h.describe(card), offered: true, reasons: [], cites: [] });
      continue;
    }
    const why = notAmong(h, card, st.from, st.suchThat, st.slot, sc);
    out.cards.push({ card: h.describe(card), offered: false, reasons: why.length ? why : [phrase('wc-passes')], cites: cited() });
  }
  return out;
}

/** A card of the rules that this game never made (not in any deck, zone or token made so far). */
function absent(name: string): ChoiceCardVerdict {
  return { card: name, offered: false, reasons: [phrase('wc-absent', { card: name })], cites: [] };
}

/** The choice written at `loc`: a `choose` (pick), a mode, or a declaration's pick. */
function choiceAt(ir: GameIR, loc: SrcLoc, kind: 'pick' | 'mode'): ChoiceIR | null {
  const kinds = kind === 'mode' ? ['chooseMode'] : ['choose', 'using', 'target'];
  let found: ChoiceIR | null = null;
  const walk = (x: unknown): void => {
    if (found || !x || typeof x !== 'object') return;
    if (Array.isArray(x)) {
      for (const y of x) walk(y);
      return;
    }
    const n = x as { kind?: string; loc?: SrcLoc };
    if (typeof n.kind === 'string' && kinds.includes(n.kind) && n.loc && n.loc[0] === loc[0] && n.loc[1] === loc[1] && n.loc[2] === loc[2]) {
      found = n as ChoiceIR;
      return;
    }
    for (const v of Object.values(n)) if (v && typeof v === 'object') walk(v);
  };
  walk([ir.actions, ir.procedures, ir.events, ir.setup, ir.turn, ir.checks]);
  return found;
}

/** The picks (`choose`) inside a body, nested ones included, in order. */
function picksIn(body: Stmt[]): Extract<Stmt, { kind: 'choose' }>[] {
  const out: Extract<Stmt, { kind: 'choose' }>[] = [];
  const walk = (x: unknown): void => {
    if (!x || typeof x !== 'object') return;
    if (Array.isArray(x)) return x.forEach(walk);
    const n = x as { kind?: string };
    if (n.kind === 'choose') out.push(n as Extract<Stmt, { kind: 'choose' }>);
    for (const v of Object.values(n)) if (v && typeof v === 'object') walk(v);
  };
  walk(body);
  return out;
}

function statementText(h: ChoiceHost, st: ChoiceIR, sc: Scope): LogPhrase {
  if (st.kind === 'chooseMode') return phrase('wc-mode', { options: st.options.map((o) => phrase('wc-mode-option', { label: o.label, when: o.when ? phrase('wc-when', { expr: show(o.when, h.ir, 0, sc.names) }) : '' })) });
  return pickText(h, st, sc);
}

function pickText(h: ChoiceHost, st: { name: string; from: Expr; suchThat: Expr | null; slot: number }, sc: Scope): LogPhrase {
  const names = new Map(sc.names);
  names.set(st.slot, st.name);
  return phrase('wc-pick', { name: st.name, from: show(st.from, h.ir, 0, names), such: st.suchThat ? phrase('why-such-that', { expr: show(st.suchThat, h.ir, 0, names) }) : '' });
}

/** The cards the top filter of `from` rejected (its list's cards that fail its `where`), at most six. */
function rejectedCandidates(h: ChoiceHost, from: Expr, sc: Scope, offered: Set<unknown>): Card[] {
  if (from.kind !== 'where') return [];
  const list = evaluate(h, from.list, sc, null);
  return asList(list as never)
    .filter((c): c is Card => c instanceof Card && !offered.has(c))
    .slice(0, 6);
}

/** Why `card` is not among the values of `from` (then of its `such that`): each reason, outermost first; empty if it is. */
function notAmong(h: ChoiceHost, card: Card, from: Expr, suchThat: Expr | null, slot: number, sc: Scope): LogArg[] {
  const inFrom = notIn(h, card, from, sc, 0);
  if (inFrom.length || !suchThat) return inFrom;
  const saved = sc.frame[slot];
  try {
    sc.frame[slot] = card;
    if (truth(evaluate(h, suchThat, sc, null))) return [];
    return [phrase('wc-such-false', { expr: show(suchThat, h.ir, 0, sc.names), card: card.name, because: because(h, suchThat, sc, 0) })];
  } finally {
    sc.frame[slot] = saved;
  }
}

/** Why `card` is not in the list `e` (in scope `sc`): empty when it is. */
function notIn(h: ChoiceHost, card: Card, e: Expr, sc: Scope, depth: number): LogArg[] {
  let value: unknown;
  try {
    value = evaluate(h, e, sc, null);
  } catch {
    return [phrase('wc-unreadable', { expr: show(e, h.ir, 0, sc.names) })];
  }
  if (asList(value as never).includes(card)) return [];
  const shown = show(e, h.ir, 0, sc.names);
  switch (e.kind) {
    case 'where': {
      const inner = notIn(h, card, e.list, sc, depth);
      if (inner.length) return inner;
      // The parts read as false (a part that cannot be read alone is not said to be false); the
      // whole predicate when none can be told apart — the list was read, so it was false.
      const failed = conjuncts(e.predicate).filter((q) => fails(h, q, sc, card));
      const each = failed.length ? failed : [e.predicate];
      return each.map((q) => phrase('wc-where', { card: card.name, list: show(e.list, h.ir, 0, sc.names), expr: show(q, h.ir, 0, sc.names), because: because(h, q, sc, depth, card) }));
    }
    case 'call': {
      const f = h.ir.functions[e.fn]!;
      const notThere = phrase('wc-not-in', { card: card.name, list: shown });
      if (depth >= MAX_DEPTH) return [notThere];
      const inner = callScope(h, e, sc, null);
      if (!inner) return [notThere];
      if (f.cite) sc.cites.set(f.name, f.cite);
      const why = notIn(h, card, f.body, inner, depth + 1);
      return [notThere, ...why.map((w) => phrase('wc-in-fn', { fn: f.name, why: w }))];
    }
    case 'zone': {
      const where = card.zone ? card.zone.label : card.host ? phrase('why-under', { card: card.host.name }) : phrase('wc-no-zone');
      return [phrase('wc-not-in-zone', { card: card.name, list: shown, where })];
    }
    case 'cond': {
      const test = truth(tryEvaluate(h, e.test, sc, null));
      return [phrase('wc-cond', { expr: show(e.test, h.ir, 0, sc.names), value: String(test) }), ...notIn(h, card, test ? e.then : e.else, sc, depth)];
    }
    default:
      return [phrase('wc-not-in-value', { card: card.name, list: shown, value: valueText(value) })];
  }
}

/**
 * Why the condition `e` is false (for `it` = `card`, if given), in words after a dash: the
 * values a comparison read, the parts of an `and` that fail, the alternatives of an `or`, the
 * body of a game function called, the items of an `any` (or of an `all`: those that fail its
 * test), the items for which a `not any` holds — followed to MAX_DEPTH. Empty when nothing more
 * can be said.
 */
function because(h: ChoiceHost, e: Expr, sc: Scope, depth: number, card: Card | null = null): LogArg {
  if (depth >= MAX_DEPTH) return '';
  if (e.kind === 'binary' && COMPARISONS.has(e.op)) {
    try {
      return phrase('wc-read', { values: `${valueText(evaluate(h, e.left, sc, card))} ${e.op} ${valueText(evaluate(h, e.right, sc, card))}` });
    } catch {
      return '';
    }
  }
  if (e.kind === 'binary' && e.op === 'and') {
    // The parts that are false, each with why, and those that cannot be read alone (a part the
    // engine never reached, `and` having stopped before it): said so, never said to be false.
    const parts = conjuncts(e).flatMap((q): LogArg[] => {
      let value: unknown;
      try {
        value = evaluate(h, q, sc, card);
      } catch {
        return [phrase('wc-unreadable', { expr: show(q, h.ir, 0, sc.names) })];
      }
      return truth(value) ? [] : [phrase('wc-false', { expr: show(q, h.ir, 0, sc.names), because: because(h, q, sc, depth + 1, card) })];
    });
    return parts.length ? phrase('wc-and', { parts: { series: parts } }) : '';
  }
  if (e.kind === 'binary' && e.op === 'or') return phrase('wc-or', { alts: { series: disjuncts(e).map((q) => phrase('wc-alt', { expr: show(q, h.ir, 2, sc.names), because: because(h, q, sc, depth + 1, card) })) } });
  if (e.kind === 'call') {
    const f = h.ir.functions[e.fn]!;
    const inner = callScope(h, e, sc, card);
    if (!inner) return '';
    if (f.cite) sc.cites.set(f.name, f.cite);
    const why = because(h, f.body, inner, depth + 1, null);
    return phrase('wc-call', { fn: f.name, body: show(f.body, h.ir, 0, inner.names), why });
  }
  if (e.kind === 'not' && e.operand.kind === 'builtinCall' && e.operand.fn === 'any' && e.operand.args.length === 2) {
    // not any(list, test): the cards for which the test holds.
    const [list, test] = e.operand.args as [Expr, Expr];
    const holding = asList(tryEvaluate(h, list, sc, card) as never).filter((x) => truth(tryEvaluate(h, test, sc, x)));
    return holding.length ? phrase('wc-holds', { values: holding.slice(0, 4).map(valueText), more: optional(holding.length > 4, 'wc-and-more', { count: holding.length - 4 }) }) : '';
  }
  if (e.kind === 'builtinCall' && (e.fn === 'any' || e.fn === 'all') && e.args.length === 2) {
    // any(list, test) or all(list, test): the list's items that fail the test (for a false
    // `any`, every item), at most four, each with why. A list that cannot be read alone is named
    // without values (nothing said here), not said to be empty; nor is an item whose test cannot
    // be read said to fail it.
    const [listExpr, test] = e.args as [Expr, Expr];
    let items: unknown[];
    try {
      items = asList(evaluate(h, listExpr, sc, card) as never);
    } catch {
      return '';
    }
    if (items.length === 0) return phrase('wc-empty', { list: show(listExpr, h.ir, 0, sc.names) });
    const failing = items.filter((x) => fails(h, test, sc, x));
    const parts = failing.slice(0, 4).map((x) => phrase('wc-item', { value: valueText(x), expr: show(test, h.ir, 0, sc.names), because: x instanceof Card ? because(h, test, sc, depth + 1, x) : '' }));
    return failing.length ? phrase('wc-items', { parts: { series: parts }, more: optional(failing.length > 4, 'why-more', { count: failing.length - 4 }) }) : '';
  }
  return '';
}

/** The scope of a game function's body for the call `e`: its parameters bound to the arguments' values. */
function callScope(h: ChoiceHost, e: Extract<Expr, { kind: 'call' }>, sc: Scope, card: Card | null): Scope | null {
  const f = h.ir.functions[e.fn]!;
  try {
    const args = e.args.map((a) => evaluate(h, a, sc, card));
    const names = new Map(f.params.map((p, i) => [i, valueText(args[i])] as const));
    return { frame: args, names, ctx: sc.ctx, cites: sc.cites };
  } catch {
    return null;
  }
}

/** `e`'s value in scope `sc`, `it` being `it` — by the rules' own expression compiler. */
function evaluate(h: ChoiceHost, e: Expr, sc: Scope, it: unknown): unknown {
  const ev = compiledExpr(h, e);
  const c = sc.ctx;
  const saved = [c.frame, c.it] as const;
  c.frame = sc.frame;
  c.it = it;
  try {
    return ev(c);
  } finally {
    c.frame = saved[0];
    c.it = saved[1];
  }
}

/** `evaluate`, with undefined for a part that cannot be read alone. */
function tryEvaluate(h: ChoiceHost, e: Expr, sc: Scope, it: unknown): unknown {
  try {
    return evaluate(h, e, sc, it);
  } catch {
    return undefined;
  }
}

/** Whether the condition `e` is read, `it` being `it`, and is false (not when it cannot be read alone). */
function fails(h: ChoiceHost, e: Expr, sc: Scope, it: unknown): boolean {
  try {
    return !truth(evaluate(h, e, sc, it));
  } catch {
    return false;
  }
}

function truth(v: unknown): boolean {
  return !!v;
}
