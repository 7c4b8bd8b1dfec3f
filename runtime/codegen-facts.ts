/**
 * Facts about IR expressions that the generators use to write simpler code (codegen.ts): what
 * an expression reads, what a list's elements always are. Fixed code, no generated source.
 */
import type { Expr, GameIR, Stmt } from '../compiler/ir.ts';

/** Whether any node of an IR tree (an expression, its lists and nested objects) passes `test`. */
export function someNode(x: unknown, test: (node: { kind?: unknown; name?: unknown; fn?: unknown }) => boolean): boolean {
  if (x === null || typeof x !== 'object') return false;
  if (Array.isArray(x)) return x.some((y) => someNode(y, test));
  if (test(x as { kind?: unknown })) return true;
  for (const k in x) if (someNode((x as Record<string, unknown>)[k], test)) return true;
  return false;
}

/** Whether an expression reads `it` anywhere, inside inner list functions too. */
export function readsIt(e: Expr): boolean {
  return someNode(e, (o) => o.kind === 'builtin' && o.name === 'it');
}

/** Whether every element of the list is a card: a zone's list, or one filtered or sorted from it. */
export function cardsOnly(e: Expr): boolean {
  if (e.kind === 'zone' || e.kind === 'zones') return true;
  if (e.kind === 'where') return cardsOnly(e.list);
  if (e.kind === 'builtinCall' && (e.fn === 'sorted' || e.fn === 'distinct')) return cardsOnly(e.args[0]!);
  return false;
}

/**
 * A call of a game function whose body is `L where P`, as that expression with the call's
 * arguments in place of the parameters — when every argument is a value read without effect
 * (a literal, a parameter, a local, `me`, `active`, `this`…, never `it`, which the body would
 * rebind) and the list `L` does not read `it` (a function's own `it` is none). Else null.
 */
export function inlinedWhere(call: Extract<Expr, { kind: 'call' }>, ir: GameIR): Expr | null {
  const body = ir.functions[call.fn]!.body;
  if (body.kind !== 'where') return null;
  for (const a of call.args) {
    if (!(a.kind === 'lit' || a.kind === 'param' || a.kind === 'local' || (a.kind === 'builtin' && a.name !== 'it'))) return null;
  }
  if (readsIt(body.list)) return null;
  let ok = true;
  const put = (x: unknown): unknown => {
    if (x === null || typeof x !== 'object') return x;
    if (Array.isArray(x)) return x.map(put);
    const o = x as { kind?: unknown; slot?: unknown };
    if (o.kind === 'local' && typeof o.slot === 'number') {
      if (o.slot >= call.args.length) ok = false;
      return call.args[o.slot] ?? x;
    }
    const copy: Record<string, unknown> = {};
    for (const k in o) copy[k] = put((o as Record<string, unknown>)[k]);
    return copy;
  };
  const w = put(body) as Expr;
  return ok ? w : null;
}

/**
 * Whether evaluating `e` only reads plain values: no random number (which consumes state), no
 * value field (a card's computed value runs other expressions), no labels (they may be
 * computed). A game function is as pure as its body (functions cannot recurse; the depth is a
 * guard). Two pure expressions give the same values in whichever order they are evaluated.
 */
export function pure(e: Expr, ir: GameIR, depth = 0): boolean {
  let ok = true;
  const walk = (x: unknown): void => {
    if (!ok || x === null || typeof x !== 'object') return;
    if (Array.isArray(x)) {
      for (const y of x) walk(y);
      return;
    }
    const o = x as Expr;
    switch (o.kind) {
      case 'builtinCall':
        if (o.fn === 'random' || o.fn === 'labels') ok = false;
        break;
      case 'has':
        ok = false;
        break;
      case 'cardField':
        if (ir.cardFields[o.field]!.kind === 'value') ok = false;
        break;
      case 'call':
        if (depth >= 8 || !pure(ir.functions[o.fn]!.body, ir, depth + 1)) ok = false;
        break;
    }
    if (ok) for (const k in o) walk((o as Record<string, unknown>)[k]);
  };
  walk(e);
  return ok;
}

/**
 * Whether evaluating `e` may draw from the random generator (which moves the game's random
 * state, so it must happen whether or not anyone reads the result): `random`, or a game function
 * whose body may, or a read of a card's values or labels when some value formula or aura may (a
 * read runs them; whether any may is worked out once per IR). Functions cannot recurse; the
 * depth is a guard.
 */
export function mayDrawRandom(e: unknown, ir: GameIR, depth = 0): boolean {
  return someNode(e, (o) => {
    if (o.kind === 'builtinCall') return o.fn === 'random' || (o.fn === 'labels' && cardReadsMayDraw(ir));
    if (o.kind === 'call') return depth >= 8 || mayDrawRandom(ir.functions[o.fn as number]!.body, ir, depth + 1);
    return (o.kind === 'cardField' || o.kind === 'has') && cardReadsMayDraw(ir);
  });
}

const cardReadsDraw = new WeakMap<GameIR, boolean>();

/** Whether reading a card's field may draw a random number: some value formula or aura may. */
function cardReadsMayDraw(ir: GameIR): boolean {
  let v = cardReadsDraw.get(ir);
  if (v === undefined) {
    // While the formulas are looked at, a card read inside one stands for this same set: no
    // draw of its own (any draw is found in the formula that makes it).
    cardReadsDraw.set(ir, false);
    v = ir.cardTypes.some((t) => t.values.some((x) => mayDrawRandom(x.expr, ir))) || ir.auras.some((a) => mayDrawRandom([a.targets, a.by], ir));
    cardReadsDraw.set(ir, v);
  }
  return v;
}

const labelNumbers = new WeakMap<GameIR, Set<number>>();

/** Whether a card field is a numbered label's number (`c.王`; compiler/ir.ts LabelValueIR). */
export function isLabelNumber(ir: GameIR, field: number): boolean {
  let fields = labelNumbers.get(ir);
  if (!fields) labelNumbers.set(ir, (fields = new Set(ir.labels.flatMap((l) => (l.value ? [l.value.level] : [])))));
  return fields.has(field);
}

/**
 * Whether a statement does nothing but write the log: a `log`, or a `cite`, `if` or `for each`
 * whose conditions and lists draw no random number and whose bodies only log. Rules write these
 * so that the log cites each rule where it acts (a ruling then proves the rule: grimoire
 * coverage); with no log kept they need not run at all. (A `let` never counts: `set x = …` of a
 * local is a `let` too, and the local may be read anywhere after, a loop's condition included.)
 */
export function logsOnly(s: Stmt, ir: GameIR): boolean {
  switch (s.kind) {
    case 'log':
      return !s.args.some((a) => mayDrawRandom(a, ir));
    case 'cite':
      return blockLogsOnly(s.body, ir);
    case 'if':
      return !mayDrawRandom(s.cond, ir) && blockLogsOnly(s.then, ir) && blockLogsOnly(s.else, ir);
    case 'forEach':
      return !mayDrawRandom(s.list, ir) && blockLogsOnly(s.body, ir);
    default:
      return false;
  }
}

function blockLogsOnly(stmts: readonly Stmt[], ir: GameIR): boolean {
  return stmts.every((s) => logsOnly(s, ir));
}
