/**
 * Facts about IR expressions that the generators use to write simpler code (codegen.ts): what
 * an expression reads, what a list's elements always are. Fixed code, no generated source.
 */
import type { Expr } from '../compiler/ir.ts';

/** Whether an expression reads `it` anywhere, inside inner list functions too. */
export function readsIt(e: Expr): boolean {
  let found = false;
  const walk = (x: unknown): void => {
    if (found || x === null || typeof x !== 'object') return;
    if (Array.isArray(x)) {
      for (const y of x) walk(y);
      return;
    }
    const o = x as Expr;
    if (o.kind === 'builtin' && o.name === 'it') {
      found = true;
      return;
    }
    for (const k in x) walk((x as Record<string, unknown>)[k]);
  };
  walk(e);
  return found;
}

/** Whether every element of the list is a card: a zone's list, or one filtered or sorted from it. */
export function cardsOnly(e: Expr): boolean {
  if (e.kind === 'zone') return true;
  if (e.kind === 'where') return cardsOnly(e.list);
  if (e.kind === 'builtinCall' && (e.fn === 'sorted' || e.fn === 'distinct')) return cardsOnly(e.args[0]!);
  return false;
}
