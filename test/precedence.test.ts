/**
 * The binary operators' precedence, pinned as the table docs/language.md states it (low to
 * high): `or`; `and`; `== != < <= > >=`; `+ -`; `* / %` — every pair of operators of different
 * levels in both orders, and every pair of one level (left-associative). A table, not examples:
 * an operator moved to another level (`%` binding like `+`) fails here whatever the games do.
 */
import { describe, expect, it } from 'vitest';
import { parseFile } from '../grammar/parse.ts';
import type { Expr } from '../grammar/ast.ts';

/** The documented levels, lowest first. */
const LEVELS: string[][] = [['or'], ['and'], ['==', '!=', '<', '<=', '>', '>='], ['+', '-'], ['*', '/', '%']];
const level = (op: string) => LEVELS.findIndex((l) => l.includes(op));
const COMPARISONS = LEVELS[2]!;

/** An expression written back with every binary node in parentheses. */
function grouped(e: Expr): string {
  if (e.kind === 'binary') return `(${grouped(e.left)} ${e.op} ${grouped(e.right)})`;
  if (e.kind === 'name') return e.name;
  return `<${e.kind}>`;
}

function parseExpr(text: string): string {
  const r = parseFile('p.grim', `function f(): number = ${text}`);
  expect(r.diagnostics).toEqual([]);
  const d = r.ast.decls[0]!;
  if (d.kind !== 'function') throw new Error('not a function');
  return grouped(d.body);
}

describe('binary operators bind as the documented table says', () => {
  const ops = LEVELS.flat();
  it('each pair of operators of different levels, in both orders', () => {
    let pairs = 0;
    for (const a of ops)
      for (const b of ops) {
        if (level(a) === level(b)) continue;
        // Two comparisons never meet (a comparison is not associative): other pairs only.
        const want = level(a) > level(b) ? `((x ${a} y) ${b} z)` : `(x ${a} (y ${b} z))`;
        expect(parseExpr(`x ${a} y ${b} z`), `x ${a} y ${b} z`).toBe(want);
        pairs++;
      }
    expect(pairs).toBe(ops.length * ops.length - LEVELS.reduce((n, l) => n + l.length * l.length, 0));
  });

  it('operators of one level group from the left', () => {
    for (const l of LEVELS) {
      if (l === COMPARISONS) continue;
      for (const a of l) for (const b of l) expect(parseExpr(`x ${a} y ${b} z`), `x ${a} y ${b} z`).toBe(`((x ${a} y) ${b} z)`);
    }
  });

  it('a comparison does not chain: `x < y < z` is a mistake with its place', () => {
    const r = parseFile('p.grim', 'function f(): bool = x < y < z');
    expect(r.diagnostics.length).toBeGreaterThan(0);
    expect(r.diagnostics[0]!.loc.line).toBe(1);
  });
});
