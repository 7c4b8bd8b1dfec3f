import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compileGame } from '../compiler/compile.ts';
import { builtinFns, type GameIR } from '../compiler/ir.ts';
import { gameSources, listGames } from '../compiler/project.ts';
import { validateIR } from '../compiler/validate-ir.ts';
import schema from '../compiler/ir.schema.json' with { type: 'json' };

const root = fileURLToPath(new URL('..', import.meta.url));

/** A small game touching most constructs: params, enums, labels, zones, values, triggers, costs, choices. */
const SOURCE = `
game g "G" { players 2 format light level 1 format master level 4 default format master stack stage }
param opening_hand: number = 5 alternatives 7, 4 cite "TR" note "n"
enum Suit { spade "♠", heart "♡" }
enum Role { soldier, barrier }
label アタッカー "attacker"
zone life per player hidden ordered
zone hand per player private
zone field per player public attachments
zone graveyard per player public
zone stage shared public ordered
card type PlayingCard { attr suit: Suit attr rank: number state role: Role = none value size: number = sum(units(this), it.rank) value labels: labels = [アタッカー] }
card ♠A "x": PlayingCard { suit = spade rank = 1 }
card ♡2: PlayingCard { suit = heart rank = 2 }
function rank_size(c: card): number = if c.rank == 0 then 0 else c.rank
procedure damage(p: player, n: number) cite "d" { repeat n { if is_empty(p.life) { lose p reason "x" } else { move top(p.life, 1) to p.graveyard } } }
action 兵士召喚 "Soldier" since light cite "c" { speed normal when me == active and is_empty(stack) limit 1 per turn using k: 1 from me.hand where it.rank in 2..10 cost { do damage(me, 1) } effect { move k to me.field set k.role = soldier } }
trigger 世代交代 { on moved c from field to graveyard if c.rank == 0 controller c.owner speed immediate effect { choose x: 1 from me.hand by opponent "pick" choose by me { option "a" when true { end turn } option "b" { modify x.size by 3 until end of turn } } } }
setup { for each p in players { create every PlayingCard in p.life shuffle p.life } }
turn { window main }
`;

function compileSmall(): GameIR {
  const r = compileGame({ sources: [{ path: 'small.grim', text: SOURCE }] });
  const errors = r.diagnostics.filter((d) => d.severity === 'error');
  expect(errors.map((d) => `${d.loc.line}:${d.loc.col} ${d.code} ${d.message}`)).toEqual([]);
  expect(r.ir).toBeDefined();
  return r.ir!;
}

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

/** Depth-first search for the first object node matching `pred`; returns its JSON-pointer path. */
function find(value: Json, pred: (o: { [k: string]: Json }) => boolean, path = ''): { path: string; node: { [k: string]: Json } } | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  if (!Array.isArray(value) && pred(value)) return { path, node: value };
  const entries: [string, Json][] = Array.isArray(value) ? value.map((v, i) => [String(i), v]) : Object.entries(value);
  for (const [k, v] of entries) {
    const hit = find(v, pred, `${path}/${k}`);
    if (hit) return hit;
  }
  return undefined;
}

function mutated(mutate: (ir: Json) => string): { path: string; result: ReturnType<typeof validateIR> } {
  const ir = JSON.parse(JSON.stringify(compileSmall())) as Json;
  const path = mutate(ir);
  return { path, result: validateIR(ir) };
}

function expectFailureAt(r: ReturnType<typeof validateIR>, path: string, fragment: string): void {
  expect(r.ok).toBe(false);
  if (r.ok) return;
  expect(r.errors.length).toBeGreaterThan(0);
  expect(r.errors[0]).toContain(`${path}: `);
  expect(r.errors[0]).toContain(fragment);
}

describe('IR schema: valid IR', () => {
  it('accepts the IR of a small game compiled from DSL text', () => {
    const ir = compileSmall();
    expect(validateIR(ir)).toEqual({ ok: true });
    // and after a round trip through JSON text, which is how the runtime receives it
    expect(validateIR(JSON.parse(JSON.stringify(ir)))).toEqual({ ok: true });
  });

  it.each(listGames(root))('accepts the IR of rules/%s', (game) => {
    const sources = gameSources(root, game)!;
    const r = compileGame({ sources, loadBase: (name) => gameSources(root, name) });
    const errors = r.diagnostics.filter((d) => d.severity === 'error');
    expect(errors.map((d) => `${d.loc.file}:${d.loc.line}:${d.loc.col} ${d.code} ${d.message}`)).toEqual([]);
    expect(r.ir).toBeDefined();
    expect(validateIR(r.ir)).toEqual({ ok: true });
  });
});

describe('IR schema: invalid IR', () => {
  it('rejects an expression node with an unknown kind, naming its path', () => {
    const { path, result } = mutated((ir) => {
      const hit = find(ir, (o) => o.kind === 'builtin' && o.name === 'players')!;
      hit.node.kind = 'bogus';
      return hit.path;
    });
    expect(path).toMatch(/^\/setup\/body\/0\//);
    expectFailureAt(result, path, 'must be in oneOf (got "bogus")');
  });

  it('rejects a statement missing a required field', () => {
    const { path, result } = mutated((ir) => {
      const hit = find(ir, (o) => o.kind === 'window')!;
      delete hit.node.passable;
      return hit.path;
    });
    expect(path).toBe('/turn/body/0');
    expectFailureAt(result, path, "must have required property 'passable'");
  });

  it('rejects a statement without loc', () => {
    const { path, result } = mutated((ir) => {
      const hit = find(ir, (o) => o.kind === 'shuffle')!;
      delete hit.node.loc;
      return hit.path;
    });
    expectFailureAt(result, path, "must have required property 'loc'");
  });

  it('rejects an extra property on an expression node', () => {
    const { path, result } = mutated((ir) => {
      const hit = find(ir, (o) => o.kind === 'binary')!;
      hit.node.extra = 1;
      return hit.path;
    });
    expectFailureAt(result, path, "must NOT have additional properties ('extra')");
  });

  it('rejects an extra property on a table entry', () => {
    const { result } = mutated((ir) => {
      ((ir as { zones: Json[] }).zones[0] as { [k: string]: Json }).colour = 'red';
      return '/zones/0';
    });
    expectFailureAt(result, '/zones/0', "must NOT have additional properties ('colour')");
  });

  it('rejects a wrongly typed field deep inside a statement', () => {
    const { path, result } = mutated((ir) => {
      const hit = find(ir, (o) => o.kind === 'lit' && typeof o.value === 'number')!;
      hit.node.value = { n: 1 };
      return hit.path;
    });
    expectFailureAt(result, `${path}/value`, 'must be');
  });

  it('rejects an unknown builtin function and a malformed loc', () => {
    const a = mutated((ir) => {
      const hit = find(ir, (o) => o.kind === 'builtinCall')!;
      hit.node.fn = 'no_such_fn';
      return hit.path;
    });
    expectFailureAt(a.result, `${a.path}/fn`, 'must be equal to one of the allowed values');
    const b = mutated((ir) => {
      const hit = find(ir, (o) => o.kind === 'window')!;
      hit.node.loc = [0, 1];
      return hit.path;
    });
    expectFailureAt(b.result, `${b.path}/loc`, 'must NOT have fewer than 3 items');
  });

  it('rejects things that are not IR at all', () => {
    expectFailureAt(validateIR(null), '/', 'must be object');
    expectFailureAt(validateIR({}), '/', "must have required property 'irVersion'");
  });
});

describe('IR schema: in step with compiler/ir.ts', () => {
  const irSource = readFileSync(new URL('../compiler/ir.ts', import.meta.url), 'utf8');

  /** The `kind: '…'` literals of one `export type X =` union in ir.ts (the block of `|` lines after it). */
  function kindsInUnion(typeName: string): string[] {
    const lines = irSource.split('\n');
    const start = lines.findIndex((l) => l.startsWith(`export type ${typeName} =`));
    expect(start, `export type ${typeName} = not found in ir.ts`).toBeGreaterThanOrEqual(0);
    const block: string[] = [];
    for (const line of lines.slice(start + 1)) {
      if (!/^\s*\|/.test(line)) break;
      block.push(line);
    }
    const kinds: string[] = [];
    for (const m of block.join('\n').matchAll(/\bkind:\s*((?:'[^']*'\s*\|?\s*)+)/g)) {
      for (const q of m[1].matchAll(/'([^']*)'/g)) kinds.push(q[1]);
    }
    expect(kinds.length).toBeGreaterThan(0);
    return kinds;
  }

  type SchemaObject = { [k: string]: unknown };
  const definitions = (schema as unknown as { definitions: { [name: string]: SchemaObject } }).definitions;

  /** The `kind` constants of the definitions a discriminated union refers to. */
  function kindsInSchema(unionName: string): { kind: string; def: SchemaObject }[] {
    const union = definitions[unionName];
    expect(union.discriminator).toEqual({ propertyName: 'kind' });
    return (union.oneOf as { $ref: string }[]).map(({ $ref }) => {
      const def = definitions[$ref.replace('#/definitions/', '')];
      expect(def, `${$ref} is not defined`).toBeDefined();
      const kind = (def.properties as { kind: { const: string } }).kind.const;
      expect(typeof kind).toBe('string');
      return { kind, def };
    });
  }

  it.each([
    ['Expr', 'Expr'],
    ['StmtBody', 'Stmt'],
  ])('every kind of %s has its own definition in the schema, and no more', (typeName, unionName) => {
    const fromTypes = kindsInUnion(typeName);
    const fromSchema = kindsInSchema(unionName).map((k) => k.kind);
    expect(new Set(fromTypes).size).toBe(fromTypes.length);
    expect([...fromSchema].sort()).toEqual([...fromTypes].sort());
  });

  it('every statement definition requires loc and forbids extra properties', () => {
    for (const { kind, def } of kindsInSchema('Stmt')) {
      expect(def.required, kind).toContain('loc');
      expect(def.additionalProperties, kind).toBe(false);
    }
    for (const { kind, def } of kindsInSchema('Expr')) expect(def.additionalProperties, kind).toBe(false);
  });

  it('the BuiltinFn enum matches builtinFns', () => {
    expect(definitions.BuiltinFn.enum).toEqual([...builtinFns]);
  });
});
