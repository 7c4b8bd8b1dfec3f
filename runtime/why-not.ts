/**
 * Why not? For every action of the game (and every card ability, once per card that has it), a
 * verdict for one player at the present state: available, or the preconditions that fail, each
 * with the action's citation and a source place.
 *
 * The verdict `available` is the engine's own: `offered` is availableActions' test (the per-turn
 * limit, then canDeclare: the `when` conditions and a trial declaration). The reasons are then
 * found by asking the same compiled rules one precondition at a time: the format (`since`), where
 * the card must be, the limit, each `when` line (and, for a line that fails, each of its `and`s,
 * compiled by the rules' own expression compiler), and the trial declaration once more, which
 * tells which step failed — the pick with nothing to choose, or the cost that was impossible and
 * why. Nothing here changes the game: trials are undone as the engine undoes its own.
 */
import type { Expr, GameIR, PickIR, SrcLoc } from '../compiler/ir.ts';
import type { Compiler } from './compile.ts';
import { asList, Impossible, newCtx, type Ev } from './context.ts';
import type { Card, Player } from './model.ts';
import { worksAt, type CompiledAction } from './rules.ts';
import { optional, phrase, type LogArg, type LogPhrase } from './log-entry.ts';

export type WhyNotKind = 'format' | 'source' | 'limit' | 'when' | 'choice' | 'cost' | 'refused';

export interface WhyNotReason {
  kind: WhyNotKind;
  /** The failed precondition, as a phrase (log-entry.ts: hosts word it, scenario/log-words.ts); the rules' expressions in it as written. */
  words: LogPhrase;
  /** The citation of the action; for a `when` that calls game functions, theirs follow it (`cites`). */
  cite: string;
  /** The citations of the game functions a failed condition calls (with their names), if any. */
  cites?: { name: string; cite: string }[];
  /** Where it is written: the action's line, or the step's (pick, cost); a host with the source refines a `when` or `limit` to its own line. */
  loc: SrcLoc | null;
  /** For `when`: the line (0-based among the action's `when`s) and the part of it that failed (0-based among its `and`s; -1: the whole line). */
  when?: { line: number; part: number; parts: number };
}

export interface WhyNotVerdict {
  /** The action's name (a card ability: `Card.ability`). */
  action: string;
  title: string;
  /** For a card ability: the card that has it, or null. */
  card: Card | null;
  available: boolean;
  reasons: WhyNotReason[];
  cite: string;
  loc: SrcLoc;
}

/** What the explanation reads of the engine (Engine.whyNot hands it over). */
export interface WhyNotHost {
  ir: GameIR;
  formatLevel: number;
  actions: readonly CompiledAction[];
  compiler: Compiler;
  cardsOf(def: number): readonly Card[];
  controllerOf(card: Card): Player;
  uses(a: CompiledAction, player: Player, card: Card | null): number;
  /** The uses this turn that count against one of the shared limits covering the action (its index in ir.limits). */
  sharedUses(limit: { index: number; perCard: boolean }, player: Player, card: Card | null): number;
  offered(a: CompiledAction, player: Player, card: Card | null): boolean;
  trialFailure(a: CompiledAction, player: Player, card: Card | null): PickIR | Impossible | null;
}

/** Compiled parts of conditions, by engine (its compiler: compiled code is bound to one engine), by expression. */
const compiledBy = new WeakMap<Compiler, WeakMap<Expr, Ev>>();
const fnPartsBy = new WeakMap<Compiler, WeakMap<Expr, (c: Parameters<Ev>[0], ...args: unknown[]) => unknown>>();

/** `e` compiled by the rules' own expression compiler, once per engine (why-not-choice.ts shares it). */
export function compiledExpr(h: { compiler: Compiler }, e: Expr): Ev {
  let m = compiledBy.get(h.compiler);
  if (!m) compiledBy.set(h.compiler, (m = new WeakMap()));
  let ev = m.get(e);
  if (!ev) m.set(e, (ev = h.compiler.expr(e)));
  return ev;
}

/** A part of a game function's body, compiled as a function of the same parameters. */
function compiledPart(h: WhyNotHost, fn: number, e: Expr): (c: Parameters<Ev>[0], ...args: unknown[]) => unknown {
  let m = fnPartsBy.get(h.compiler);
  if (!m) fnPartsBy.set(h.compiler, (m = new WeakMap()));
  let f = m.get(e);
  if (!f) m.set(e, (f = h.compiler.fn({ ...h.ir.functions[fn]!, body: e })));
  return f;
}

/** The verdicts for `player`, for every action (not triggers), in the rules' order; `only`: those of that name. */
export function whyNot(h: WhyNotHost, player: Player, only?: string): WhyNotVerdict[] {
  const out: WhyNotVerdict[] = [];
  for (const a of h.actions) {
    if (a.ir.isTrigger) continue;
    if (only !== undefined && a.ir.name !== only) continue;
    const base = { action: a.ir.name, title: a.ir.title, cite: a.ir.cite, loc: a.ir.loc };
    if (a.ir.level > h.formatLevel) {
      const fmt = (l: number): LogArg => h.ir.game.formats.find((f) => f.level === l)?.name ?? phrase('why-level', { level: l });
      const words = phrase('why-format', { since: fmt(a.ir.level), current: fmt(h.formatLevel) });
      out.push({ ...base, card: null, available: false, reasons: [{ kind: 'format', words, cite: a.ir.cite, loc: a.ir.loc }] });
      continue;
    }
    if (a.source < 0) {
      out.push({ ...base, card: null, ...explain(h, a, player, null) });
      continue;
    }
    const all = h.cardsOf(a.source);
    const here = all.filter((c) => placed(a, c) && h.controllerOf(c) === player);
    if (here.length === 0) {
      const def = h.ir.cards[a.source]!.name;
      const where = a.sourceZone >= 0 ? phrase('why-in', { zones: { or: [h.ir.zones[a.sourceZone]!.name] } }) : a.sourceZone === -2 ? phrase('why-attached') : a.sourceZone === -3 ? phrase('why-in', { zones: { or: a.sourceZones.map((z) => h.ir.zones[z]!.name) } }) : phrase('why-anywhere');
      const mine = all.filter((c) => h.controllerOf(c) === player && (c.zone !== null || c.host !== null));
      const elsewhere = optional(mine.length > 0, 'why-elsewhere', { player: player.name, card: def, places: mine.map((c) => (c.zone ? c.zone.label : phrase('why-under', { card: c.host!.name }))) });
      const words = phrase('why-source', { card: def, player: player.name, where, elsewhere });
      out.push({ ...base, card: null, available: false, reasons: [{ kind: 'source', words, cite: a.ir.cite, loc: a.ir.loc }] });
      continue;
    }
    for (const c of here) out.push({ ...base, card: c, ...explain(h, a, player, c) });
  }
  return out;
}

/** Whether a card lies where its ability works (as availableActions walks them). */
function placed(a: CompiledAction, c: Card): boolean {
  return worksAt(a, c.zone === null ? -1 : c.zone.def, c.host !== null);
}

function explain(h: WhyNotHost, a: CompiledAction, player: Player, card: Card | null): { available: boolean; reasons: WhyNotReason[] } {
  const available = h.offered(a, player, card);
  const reasons: WhyNotReason[] = [];
  if (available) return { available, reasons };
  const cite = a.ir.cite;
  if (a.limit >= 0) {
    const used = h.uses(a, player, card);
    if (used >= a.limit) reasons.push({ kind: 'limit', words: phrase('why-limit', { limit: a.limit, used }), cite, loc: a.ir.loc });
  }
  for (const l of a.shared ?? []) {
    const used = h.sharedUses(l, player, card);
    const ir = h.ir.limits[l.index]!;
    if (used >= l.count) reasons.push({ kind: 'limit', words: phrase('why-shared-limit', { name: ir.name, count: l.count, perCard: optional(l.perCard, 'per-card'), used }), cite: ir.cite || cite, loc: ir.loc });
  }
  const ctx = newCtx([], player, cite);
  ctx.thisCard = card;
  let whenHolds = true;
  a.ir.when.forEach((w, line) => {
    if (holds(a.when[line]!, ctx) !== false) return;
    whenHolds = false;
    const parts = conjuncts(w);
    const failed = parts.length > 1 ? parts.map((p, i) => ({ p, i })).filter(({ p }) => holds(compiledExpr(h, p), ctx) === false) : [];
    // (A line whose parts all hold alone, or throw alone: the line as a whole.)
    const each = failed.length ? failed : [{ p: w, i: -1 }];
    if (w.kind === 'lit' && w.value === false) {
      reasons.push({ kind: 'when', words: phrase('why-performed'), cite, loc: a.ir.loc, when: { line, part: -1, parts: 1 } });
      return;
    }
    for (const { p, i } of each) {
      const fns = calledFunctions(p, h.ir);
      const words = phrase('why-when', { line: show(w, h.ir), part: optional(i >= 0, 'why-part', { expr: show(p, h.ir) }), compared: compared(h, p, ctx), inside: inside(h, p, ctx) });
      // (compared: ` — 2 >= 3`, the values the failed comparison read.)
      reasons.push({ kind: 'when', words, cite, ...(fns.length ? { cites: fns } : {}), loc: a.ir.loc, when: { line, part: i, parts: parts.length } });
    }
  });
  if (reasons.length === 0 && whenHolds && a.steps.length) {
    const f = h.trialFailure(a, player, card);
    if (f instanceof Impossible) {
      const step = a.ir.steps[f.step];
      reasons.push({ kind: 'cost', words: phrase('why-cost', { why: f.why }), cite, loc: step ? step.loc : a.ir.loc });
    } else if (f !== null) {
      const n = show(f.min, h.ir) === show(f.max, h.ir) ? show(f.min, h.ir) : `${show(f.min, h.ir)}..${show(f.max, h.ir)}`;
      const names = new Map(a.ir.steps.flatMap((st) => (st.kind === 'cost' ? [] : [[st.slot, st.name] as const])));
      const such = optional(!!f.suchThat, 'why-such-that', { expr: f.suchThat ? show(f.suchThat, h.ir, 0, names) : '' });
      const fns = calledFunctions([f.from, f.suchThat], h.ir);
      const words = phrase(f.kind === 'target' ? 'why-no-target' : 'why-no-cards', { kind: f.kind, name: f.name, n, from: show(f.from, h.ir), such, rejected: rejected(h, f.from, ctx) });
      reasons.push({ kind: 'choice', words, cite, ...(fns.length ? { cites: fns } : {}), loc: f.loc });
    }
  }
  if (reasons.length === 0) reasons.push({ kind: 'refused', words: phrase('why-refused'), cite, loc: a.ir.loc });
  return { available, reasons };
}

/**
 * For a failed call of a game function whose body joins conditions with `and`: which of them
 * fail for these arguments (each part compiled as a function of the same parameters), in words.
 */
function inside(h: WhyNotHost, e: Expr, ctx: Parameters<Ev>[0]): LogArg {
  if (e.kind !== 'call') return '';
  const f = h.ir.functions[e.fn]!;
  const parts = conjuncts(f.body);
  if (parts.length < 2) {
    // A body of alternatives (`or`), none of which holds: each in words.
    const alts = disjuncts(f.body);
    if (alts.length < 2) return '';
    const names = new Map(f.params.map((p, i) => [i, p.name] as const));
    return phrase('why-inside-none', { fn: f.name, alts: alts.map((q) => show(q, h.ir, 2, names)).join('; ') });
  }
  try {
    const args = e.args.map((x) => compiledExpr(h, x)(ctx));
    const names = new Map(f.params.map((p, i) => [i, p.name] as const));
    const failed = parts.filter((q) => !compiledPart(h, e.fn, q)(ctx, ...args));
    // A failed comparison with the values it compared, the function's parameters bound: `p.ap >= 1 (0 >= 1)`.
    const values = (q: Expr) => {
      if (q.kind !== 'binary' || !COMPARISONS.has(q.op)) return [];
      try {
        return [`${valueText(compiledPart(h, e.fn, q.left)(ctx, ...args))} ${q.op} ${valueText(compiledPart(h, e.fn, q.right)(ctx, ...args))}`];
      } catch {
        return [];
      }
    };
    const read = failed.flatMap(values);
    return failed.length ? phrase('why-inside', { fn: f.name, parts: failed.map((q) => show(q, h.ir, 3, names)).join(', '), count: failed.length, read: optional(read.length > 0, 'why-read', { values: read.join('; ') }) }) : '';
  } catch {
    return '';
  }
}

export const COMPARISONS = new Set(['<', '<=', '>', '>=', '==', '!=']);

/** A value as the log writes it: a card or player by name, a list in brackets. */
export function valueText(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(valueText).join(', ')}]`;
  if (v === null || v === undefined) return 'none';
  if (typeof v === 'object' && 'name' in (v as object)) return String((v as { name: unknown }).name);
  return typeof v === 'string' ? JSON.stringify(v) : String(v);
}

/** A failed comparison with the values it compared: ` — 2 >= 3`; empty for anything else, or when a side cannot be read alone. */
function compared(h: WhyNotHost, e: Expr, ctx: Parameters<Ev>[0]): LogArg {
  const values = comparedValues(h, e, ctx);
  return values === null ? '' : phrase('why-read', { values });
}

/** The values a failed comparison read, `2 >= 3`; null for anything else, or when a side cannot be read alone. */
function comparedValues(h: WhyNotHost, e: Expr, ctx: Parameters<Ev>[0]): string | null {
  if (e.kind !== 'binary' || !COMPARISONS.has(e.op)) return null;
  try {
    return `${valueText(compiledExpr(h, e.left)(ctx))} ${e.op} ${valueText(compiledExpr(h, e.right)(ctx))}`;
  } catch {
    return null;
  }
}

/**
 * For a pick from `list where test`: each card of the list the test rejected, with the part of
 * the test that failed and the values it compared — `Dud: it.cost <= me.energy (3 <= 2)` — at
 * most six, then how many more. Empty when the list is no `where` or cannot be read alone.
 */
function rejected(h: WhyNotHost, from: Expr, ctx: Parameters<Ev>[0]): LogArg {
  if (from.kind !== 'where') return '';
  const saved = ctx.it;
  try {
    const all = compiledExpr(h, from.list)(ctx);
    const items = asList(all as Parameters<typeof asList>[0]);
    if (items.length === 0) return phrase('why-empty', { list: show(from.list, h.ir) });
    const parts = conjuncts(from.predicate);
    const out: LogPhrase[] = [];
    const kept: unknown[] = [];
    for (const item of items) {
      ctx.it = item;
      const failed = parts.filter((q) => holds(compiledExpr(h, q), ctx) === false);
      if (failed.length) out.push(phrase('why-rejected-card', { value: valueText(item), failed: failed.map((q) => { const read = comparedValues(h, q, ctx); return read === null ? show(q, h.ir) : phrase('why-failed-read', { expr: show(q, h.ir), read }); }) }));
      else kept.push(item);
    }
    // Too few passed the test (a pick of 2 with one card that fits): say which.
    const fit = optional(kept.length > 0, 'why-fit', { count: kept.length, values: kept.slice(0, 6).map(valueText) });
    return phrase('why-rejected', { fit, rejected: optional(out.length > 0, 'why-rejected-list', { cards: { series: out.slice(0, 6) }, more: optional(out.length > 6, 'why-more', { count: out.length - 6 }) }) });
  } catch {
    return '';
  } finally {
    ctx.it = saved;
  }
}

/** An expression's value as a condition; undefined when it cannot be evaluated alone (it throws). */
function holds(ev: Ev, ctx: Parameters<Ev>[0]): boolean | undefined {
  try {
    return !!ev(ctx);
  } catch {
    return undefined;
  }
}

/** The parts of a condition joined by `and` (nested ones flattened), in order. */
export function conjuncts(e: Expr): Expr[] {
  return e.kind === 'binary' && e.op === 'and' ? [...conjuncts(e.left), ...conjuncts(e.right)] : [e];
}

export function disjuncts(e: Expr): Expr[] {
  return e.kind === 'binary' && e.op === 'or' ? [...disjuncts(e.left), ...disjuncts(e.right)] : [e];
}

/** The game functions an expression calls (directly), with their citations. */
function calledFunctions(e: Expr | (Expr | null)[], ir: GameIR): { name: string; cite: string }[] {
  const out: { name: string; cite: string }[] = [];
  const walk = (x: unknown): void => {
    if (Array.isArray(x)) return x.forEach(walk);
    if (!x || typeof x !== 'object') return;
    const n = x as Expr;
    if (n.kind === 'call') {
      const f = ir.functions[n.fn]!;
      if (f.cite && !out.some((o) => o.name === f.name)) out.push({ name: f.name, cite: f.cite });
    }
    for (const v of Object.values(n)) if (v && typeof v === 'object') walk(v);
  };
  walk(e);
  return out;
}

const precedence: Record<string, number> = { or: 1, and: 2, '==': 3, '!=': 3, '<': 3, '<=': 3, '>': 3, '>=': 3, '+': 4, '-': 4, '*': 5, '/': 5, '%': 5 };

/** An expression as rules text (close to how it is written). */
export function show(e: Expr, ir: GameIR, outer = 0, locals?: ReadonlyMap<number, string>): string {
  const s = (x: Expr, p = 0) => show(x, ir, p, locals);
  switch (e.kind) {
    case 'lit':
      return e.value === null ? 'none' : typeof e.value === 'string' ? JSON.stringify(e.value) : String(e.value);
    case 'param':
      return ir.params[e.index]?.name ?? `param ${e.index}`;
    case 'local':
      return locals?.get(e.slot) ?? `local ${e.slot}`;
    case 'builtin':
      return e.name;
    case 'label':
      return ir.labels[e.index]!.name;
    case 'actionRef':
      return ir.actions[e.index]!.name;
    case 'zone':
      return e.player ? `${s(e.player, 9)}.${ir.zones[e.zone]!.name}` : ir.zones[e.zone]!.name;
    case 'zones':
      return `${s(e.players, 9)}.${ir.zones[e.zone]!.name}`;
    case 'cardField':
      return `${s(e.card, 9)}.${ir.cardFields[e.field]!.name}`;
    case 'cardBuiltin':
      return `${s(e.card, 9)}.${e.field}`;
    case 'playerField':
      return `${s(e.player, 9)}.${ir.playerStates[e.field]?.name ?? e.field}`;
    case 'globalField':
      return ir.globalStates[e.field]?.name ?? `global ${e.field}`;
    case 'requestField':
      return `${s(e.request, 9)}.${e.field}`;
    case 'requestState':
      return `${s(e.request, 9)}.${ir.requestStates[e.field]?.name ?? e.field}`;
    case 'call':
      return `${ir.functions[e.fn]!.name}(${e.args.map((x) => s(x)).join(', ')})`;
    case 'builtinCall':
      return `${e.fn}(${e.args.map((x) => s(x)).join(', ')})`;
    case 'list':
      return `[${e.items.map((x) => s(x)).join(', ')}]`;
    case 'cond':
      return wrap(`if ${s(e.test)} then ${s(e.then)} else ${s(e.else)}`, outer > 0);
    case 'not':
      return wrap(`not ${s(e.operand, 6)}`, outer > 6);
    case 'neg':
      return `-${s(e.operand, 9)}`;
    case 'binary': {
      const p = precedence[e.op]!;
      return wrap(`${s(e.left, p)} ${e.op} ${s(e.right, p + 1)}`, outer > p);
    }
    case 'inRange':
      return wrap(`${s(e.item, 4)} in ${s(e.low, 4)}..${s(e.high, 4)}`, outer > 3);
    case 'inList':
      return wrap(`${s(e.item, 4)} in ${s(e.list, 4)}`, outer > 3);
    case 'has':
      return wrap(`${s(e.subject, 4)} has ${s(e.label, 4)}`, outer > 3);
    case 'where':
      return wrap(`${s(e.list, 4)} where ${s(e.predicate, 1)}`, outer > 0);
  }
}

function wrap(text: string, paren: boolean): string {
  return paren ? `(${text})` : text;
}
