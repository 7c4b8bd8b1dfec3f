/**
 * The runtime's structure (runtime/README.md): no import cycles inside runtime/, the code
 * generators depend on the engine's interface (calls.ts) and never on the engine's rooms, and
 * no file grows past about 600 lines.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cyclesOf, root } from './helpers.ts';

const runtimeDir = join(root, 'runtime');

/** Every .ts file under runtime/, as paths relative to it. */
function runtimeFiles(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.ts')) out.push(relative(runtimeDir, p));
    }
  };
  walk(runtimeDir);
  return out.sort();
}

/** The runtime files a source imports (type-only imports included: they tie files together too). */
export function importsOf(source: string, file: string): string[] {
  const out: string[] = [];
  const re = /^\s*(?:import|export)\b[^'";]*?(?:from\s*)?['"](\.{1,2}\/[^'"]+)['"]/gm;
  for (const m of source.matchAll(re)) {
    const target = join(join(file, '..'), m[1]!);
    if (!target.startsWith('..')) out.push(target);
  }
  return out;
}

function runtimeGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const f of runtimeFiles()) graph.set(f, importsOf(readFileSync(join(runtimeDir, f), 'utf8'), f));
  return graph;
}

/** Every file `from` reaches through imports. */
function reachable(graph: Map<string, string[]>, from: string): Set<string> {
  const seen = new Set<string>();
  const todo = [from];
  while (todo.length) {
    for (const m of graph.get(todo.pop()!) ?? []) {
      if (!seen.has(m)) {
        seen.add(m);
        todo.push(m);
      }
    }
  }
  return seen;
}

describe('the runtime in rooms', () => {
  it('finds import cycles when there are some (the check itself works)', () => {
    const g = new Map([
      ['a.ts', importsOf("import { b } from './b.ts';", 'a.ts')],
      ['b.ts', importsOf("import type { C } from './c.ts';\nexport { a } from './a.ts';", 'b.ts')],
      ['c.ts', []],
    ]);
    expect(cyclesOf(g)).toEqual([['a.ts', 'b.ts', 'a.ts']]);
  });

  it('has no import cycle inside runtime/', () => {
    const graph = runtimeGraph();
    expect(graph.size).toBeGreaterThan(10);
    expect(graph.get('engine.ts')).toContain('flow.ts');
    expect(cyclesOf(graph).map((c) => c.join(' → '))).toEqual([]);
  });

  it('the code generators depend on the engine interface, not on the engine or its rooms', () => {
    const graph = runtimeGraph();
    const rooms = ['engine.ts', 'state.ts', 'state-copies.ts', 'values.ts', 'moves.ts', 'choices.ts', 'triggers.ts', 'actions.ts', 'flow.ts', 'rules.ts'];
    for (const generator of ['codegen.ts', 'codegen-helpers.ts', 'codegen-functions.ts', 'codegen-statements.ts', 'compile.ts']) {
      const deps = reachable(graph, generator);
      expect(rooms.filter((r) => deps.has(r)), `${generator} reaches a room of the engine`).toEqual([]);
    }
    // The compiler, which holds the engine its code is bound to, knows it by its interface.
    expect(reachable(graph, 'compile.ts').has('calls.ts')).toBe(true);
  });

  it('agents reach no engine: only decisions, views and forward models (runtime/agents/agent.ts)', () => {
    // What an agent can call is what it can see: value imports (not type-only ones) of the
    // agents' files stay among the agents and the random generator. The engine, the state and
    // the determinizing search reach an agent only as the interfaces of agent.ts.
    const agents = runtimeFiles().filter((f) => f.startsWith('agents/'));
    expect(agents.length).toBeGreaterThan(3);
    for (const f of agents) {
      const source = readFileSync(join(runtimeDir, f), 'utf8').replace(/^\s*import type\b.*$/gm, '');
      for (const dep of importsOf(source, f)) expect([f, dep]).toSatisfy(([, d]: string[]) => d!.startsWith('agents/') || d === 'rng.ts');
    }
  });

  it('keeps each runtime file to about 600 lines', () => {
    const long = runtimeFiles()
      .map((f) => ({ f, lines: readFileSync(join(runtimeDir, f), 'utf8').split('\n').length }))
      .filter((x) => x.lines > 620);
    expect(long).toEqual([]);
  });
});
