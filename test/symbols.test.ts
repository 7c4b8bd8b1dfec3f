// Editor services over the AST: hover (with the rule citation), go to definition, completion.
import { describe, expect, it } from 'vitest';
import { parseSources } from '../compiler/compile.ts';
import { gameSources } from '../compiler/project.ts';
import { completions, definitionsAt, hoverAt, indexSymbols, wordAt } from '../compiler/symbols.ts';
import { root } from './helpers.ts';

const sources = gameSources(root, 'trump')!;
const index = indexSymbols(parseSources(sources).files);

/** Line and column of the first occurrence of `needle` in a file (1-based), plus an offset. */
function positionOf(path: string, needle: string, shift = 0) {
  const text = sources.find((s) => s.path === path)!.text;
  const at = text.indexOf(needle) + shift;
  const before = text.slice(0, at).split('\n');
  return { text, line: before.length, col: before[before.length - 1]!.length + 1 };
}

describe('symbol index (hover, go to definition, completion)', () => {
  it('indexes every kind of definition of the trump rules', () => {
    const kinds = new Set(index.all.map((s) => s.kind));
    for (const k of ['game', 'format', 'param', 'enum', 'enum value', 'label', 'zone', 'card type', 'card field', 'card', 'function', 'procedure', 'action', 'trigger', 'player state', 'global state']) {
      expect(kinds, k).toContain(k);
    }
    expect(index.byName.get('♠A')![0]!.kind).toBe('card');
  });

  it('goes from a use to its definition, in another file', () => {
    // A use of the procedure `damage` inside the action 兵士召喚 (summons.grim).
    const { text, line, col } = positionOf('rules/trump/summons.grim', 'do damage(me, 1)', 3);
    expect(wordAt(text, line, col)!.word).toBe('damage');
    const defs = definitionsAt(index, text, line, col);
    expect(defs.map((d) => [d.kind, d.loc.file])).toEqual([['procedure', 'rules/trump/functions.grim']]);
  });

  it('hovers with the definition, its citation and where it is', () => {
    const { text, line, col } = positionOf('rules/trump/summons.grim', 'charged_barriers(me)', 2);
    const md = hoverAt(index, text, line, col)!;
    expect(md).toMatch(/\*\*function\*\* `function charged_barriers\(p: player\): cards`/);
    expect(md).toMatch(/rules\/trump\/functions\.grim:\d+:\d+/);
    const param = positionOf('rules/trump/functions.grim', 'l_cost_empty_life', 1);
    const pmd = hoverAt(index, param.text, param.line, param.col)!;
    expect(pmd).toMatch(/\*\*param\*\*/);
    expect(pmd).toMatch(/TR-7\.b/);
    expect(pmd).toMatch(/forbid: an action costing L/);
  });

  it('completes keywords and the names the game defines', () => {
    const labels = completions(index, 'cha').map((c) => `${c.kind}:${c.label}`);
    expect(labels).toContain('function:charged_barriers');
    expect(labels).toContain('card field:charged');
    expect(completions(index, 'cho').some((c) => c.kind === 'keyword' && c.label === 'choose')).toBe(true);
    expect(completions(index, '防壁').map((c) => c.label)).toContain('防壁設置');
  });
});
