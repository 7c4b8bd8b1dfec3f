/**
 * The pipeline's folder rules (docs/architecture.md): data flows one way, text → tokens → AST →
 * checked model → IR → runtime, so
 * - i18n/ (the message catalogs every stage words its messages with) imports nothing of ours;
 * - grammar/ imports nothing of ours outside grammar/ but the catalogs;
 * - compiler/ imports grammar/, the catalogs and itself only (never the runtime or anything after it);
 * - runtime/ imports, from outside runtime/, only the IR's types (compiler/ir.ts);
 * - and no folder of ours has an import circle (playground/src included).
 * Imports are read from the sources (type-only imports too: they tie files together as well).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cyclesOf, root } from './helpers.ts';

const FOLDERS = ['i18n', 'grammar', 'compiler', 'runtime', 'balance', 'scenario', 'cli', 'services', 'lsp', 'faces', 'bench', 'server', 'playground/src'];

/** Every .ts source under `dir` (repo-relative), tests and node_modules aside. */
function sources(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(join(root, d), { withFileTypes: true })) {
      const p = `${d}/${e.name}`;
      if (e.isDirectory()) {
        if (e.name !== 'node_modules' && e.name !== 'results') walk(p);
      } else if (e.name.endsWith('.ts') && !e.name.endsWith('.d.ts')) out.push(p);
    }
  };
  if (existsSync(join(root, dir))) walk(dir);
  return out;
}

/** The repo-relative files a source imports by relative path. */
function importsOf(file: string): string[] {
  const text = readFileSync(join(root, file), 'utf8');
  const re = /^\s*(?:import|export)\b[^'";]*?(?:from\s*)?['"](\.{1,2}\/[^'"]+)['"]/gm;
  return [...text.matchAll(re)].map((m) => normalize(join(file, '..', m[1]!)));
}

const graph = new Map(FOLDERS.flatMap(sources).map((f) => [f, importsOf(f)] as const));
const outside = (folder: string, allowed: (target: string) => boolean) =>
  [...graph].filter(([f]) => f.startsWith(folder + '/')).flatMap(([f, targets]) => targets.filter((t) => !t.startsWith(folder + '/') && !allowed(t)).map((t) => `${f} → ${t}`));

describe('folder rules', () => {
  it('reads imports (the check itself works)', () => {
    expect(graph.get('runtime/engine.ts')).toContain('compiler/ir.ts');
    expect(graph.size).toBeGreaterThan(200);
  });

  it('i18n/ imports nothing of ours; grammar/ nothing but the catalogs', () => {
    expect(outside('i18n', () => false)).toEqual([]);
    expect(outside('grammar', (t) => t.startsWith('i18n/'))).toEqual([]);
  });

  it('compiler/ imports only grammar/ and the catalogs (never the runtime, scenarios, the CLI …)', () => {
    expect(outside('compiler', (t) => t.startsWith('grammar/') || t.startsWith('i18n/'))).toEqual([]);
  });

  it('runtime/ imports, from outside, only the IR (compiler/ir.ts)', () => {
    expect(outside('runtime', (t) => t === 'compiler/ir.ts')).toEqual([]);
  });

  it('server/ (grimoire serve) is imported only by the CLI and the benches — and its protocol by the playground, its client: the runtime stays generic', () => {
    // The playground's "Play online" reads the wire format the server speaks (types only), from the one file that defines it.
    const allowed = (f: string, t: string) => f.startsWith('cli/') || f.startsWith('bench/') || (f.startsWith('playground/') && t === 'server/protocol.ts');
    const users = [...graph].filter(([f, targets]) => !f.startsWith('server/') && targets.some((t) => t.startsWith('server/') && !allowed(f, t))).map(([f]) => f);
    expect(users).toEqual([]);
  });

  it('has no import circle in any folder', () => {
    expect(cyclesOf(graph).map((c) => c.join(' → '))).toEqual([]);
  });
});
