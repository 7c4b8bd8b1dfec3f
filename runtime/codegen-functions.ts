/**
 * Generated source turned into functions bound to an engine: expressions (codegen.ts), game
 * functions, and the stores that write a card's fields. `new Function` runs once per source per
 * process (factories are cached by their IR node); each engine binds its own. The same safety
 * rules as codegen.ts: the source comes from validated IR only, every value through `K`.
 */
import type { Expr, GameIR } from '../compiler/ir.ts';
import type { EngineCalls } from './calls.ts';
import { ExprGen } from './codegen.ts';
import { H } from './codegen-helpers.ts';
import { asList, type Ctx, type Ev } from './context.ts';

/** The tables generated code calls into, filled by the engine once everything is compiled. */
export interface CodeTables {
  /** The game's functions: `(c, arg…) => value`. */
  FN: ((c: Ctx, ...args: unknown[]) => unknown)[];
  /** The game's procedures: `(c, arg…) => void`. */
  PR: ((c: Ctx, ...args: unknown[]) => void)[];
}

type Factory = (g: EngineCalls, K: unknown[], h: typeof H, asListFn: typeof asList, FN: CodeTables['FN'], PR: CodeTables['PR']) => unknown;

/**
 * Turns generated source into a function bound to an engine. `new Function` runs once per
 * source per process (factories are cached by their IR node); each engine binds its own.
 */
export class Factories<Key extends object> {
  private cache = new WeakMap<Key, { factory: Factory; consts: unknown[] }>();

  bind<F>(key: Key, g: EngineCalls, tables: CodeTables, make: () => { source: string; consts: unknown[] }, where: string | null = null): F {
    let hit = this.cache.get(key);
    if (!hit) {
      const { source, consts } = make();
      // eslint-disable-next-line no-new-func -- generated from validated IR only (see the file header)
      const factory = new Function('g', 'K', 'H', 'asList', 'FN', 'PR', `"use strict";\nreturn ${source};${sourceName(where)}`) as Factory;
      hit = { factory, consts };
      this.cache.set(key, hit);
    }
    return hit.factory(g, hit.consts, H, asList, tables.FN, tables.PR) as F;
  }
}

/**
 * Generated functions are named by where their rules are (`//# sourceURL=grimoire-generated/f2-l47.js`,
 * numbers only: nothing from the rules' text enters the source) only when the environment asks
 * for it (GRIMOIRE_GENERATED_NAMES=1, for a profile that says which rule costs what): a name
 * makes each source unique, and V8 then compiles and warms up again every body or expression
 * whose text another one shares (measured: Summon & Magic −20% with every expression named).
 */
const NAMED = typeof process !== 'undefined' && process.env?.GRIMOIRE_GENERATED_NAMES === '1';

function sourceName(where: string | null): string {
  if (where === null || !NAMED) return '';
  if (!/^[a-z0-9-]+$/.test(where)) throw new Error(`codegen: bad source name ${where}`);
  return `\n//# sourceURL=grimoire-generated/${where}.js`;
}

/** `f<file>-l<line>` for a place in the rules (SrcLoc), or null. */
export function placeName(loc: readonly number[] | undefined | null): string | null {
  if (!loc || !loc.every((n) => Number.isInteger(n) && n >= 0)) return null;
  return `f${loc[0]}-l${loc[1]}`;
}

const exprFactories = new Factories<Expr>();

/** Locals read from the context's frame (expressions outside generated bodies). */
const frameLocals = (slot: number) => `c.frame[${slot}]`;

/** The expression as a function of a context: `it` and the locals are read from the context. */
export function generatedExpr(e: Expr, g: EngineCalls, tables: CodeTables): Ev {
  return exprFactories.bind<Ev>(e, g, tables, () => exprSource(e, g.ir));
}

/** The source of generatedExpr's function and its constants (tests read it). */
export function exprSource(e: Expr, ir: GameIR): { source: string; consts: unknown[] } {
  const gen = new ExprGen(ir);
  const out: string[] = [];
  const v = gen.expr(e, { local: frameLocals, it: 'c.it' }, out);
  const source = out.length === 0 ? `(c) => ${v}` : `(c) => {\n${out.join('\n')}\nreturn ${v};\n}`;
  return { source, consts: gen.consts };
}

const storeFactories = new WeakMap<object, Map<string, (K: unknown[]) => (f: unknown[]) => void>>();

/**
 * A value written into generated code as a literal: none, a truth value or a finite number
 * (not -0, which would read back as 0); null for anything else (a text, a list…), which stays
 * in the constants table.
 */
function literal(v: unknown): string | null {
  if (v === null) return 'null';
  if (v === true) return 'true';
  if (v === false) return 'false';
  if (typeof v === 'number' && Number.isFinite(v) && !Object.is(v, -0)) return `(${v})`;
  return null;
}

/**
 * Stores of fixed values into fixed fields of a card's field list, one statement per field: a
 * card type's states reset when the card changes zone (several times faster than a loop over
 * the fields). `key` is the IR object the fields come from; the values are this engine's. None,
 * truth values and numbers are written as literals — V8 then stores them without its check for
 * a pointer into a younger generation — the others read from the constants table; one source
 * per key and literals.
 */
export function generatedStores(key: object, fields: number[], values: unknown[]): (f: unknown[]) => void {
  const body = fields.map((field, i) => {
    if (!Number.isInteger(field)) throw new Error(`codegen: ${field} is not a whole number`);
    return `f[${field}] = ${literal(values[i]) ?? `K[${i}]`};`;
  });
  const source = `"use strict";\nreturn (f) => {\n${body.join('\n')}\n};`;
  let byKey = storeFactories.get(key);
  if (!byKey) storeFactories.set(key, (byKey = new Map()));
  let make = byKey.get(source);
  if (!make) {
    // eslint-disable-next-line no-new-func -- field indices from validated IR only; values literals (checked above) or by index into K
    make = new Function('K', source) as (K: unknown[]) => (f: unknown[]) => void;
    byKey.set(source, make);
  }
  return make(values);
}

const functionFactories = new Factories<Expr>();

/**
 * A game function: `(c, arg…) => value`, its parameters ordinary JavaScript parameters. It
 * reads `me`, `this` and `request` from the caller's context; `it` is none in its body.
 */
export function generatedFunction(body: Expr, params: number, g: EngineCalls, tables: CodeTables, name: string | null = null): (c: Ctx, ...args: unknown[]) => unknown {
  return functionFactories.bind(body, g, tables, () => functionSource(body, params, g.ir), name);
}

/** The source of generatedFunction's function and its constants (tests read it). */
export function functionSource(body: Expr, params: number, ir: GameIR): { source: string; consts: unknown[] } {
  const gen = new ExprGen(ir);
  const out: string[] = [];
  const names = Array.from({ length: params }, (_, i) => `v${i}`);
  const v = gen.expr(body, { local: (slot) => (slot < params ? `v${slot}` : 'undefined'), it: 'null' }, out);
  const source = `(c${names.map((n) => `, ${n}`).join('')}) => {\n${out.join('\n')}\nreturn ${v};\n}`;
  return { source, consts: gen.consts };
}
