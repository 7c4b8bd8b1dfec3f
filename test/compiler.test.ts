import { describe, expect, it } from 'vitest';
import { compileGame } from '../compiler/compile.ts';
import { gameSources } from '../compiler/project.ts';
import { compiledGame, root } from './helpers.ts';

const base = `
game g "G" { players 2 format light level 1 format master level 4 stack stage leftover grave }
enum Suit { spade, heart }
zone hand per player private
zone grave per player public
zone stage shared public ordered
card type C { attr suit: Suit attr rank: number state ready: bool = true value size: number = this.rank }
card A1: C { suit = spade rank = 1 }
turn { window main }
`;

function diagnostics(extra: string) {
  return compileGame({ sources: [{ path: 'g.grim', text: base + extra }] }).diagnostics;
}

describe('compiler', () => {
  it('compiles the trump rules without diagnostics', () => {
    const r = compileGame({ sources: gameSources(root, 'trump')! });
    expect(r.diagnostics.map((d) => `${d.loc.file}:${d.loc.line} ${d.message}`)).toEqual([]);
    expect(r.ir!.actions.length).toBeGreaterThan(35);
  });

  it('suggests the closest name for a misspelling', () => {
    const d = diagnostics('action X { using k: 1 from me.hnad effect { } }');
    expect(d[0]!.code).toBe('type/not-a-member');
    expect(d[0]!.notes?.join(' ')).toContain("'hand'");
    expect(d[0]!.loc.line).toBe(10);
  });

  it('one mistake, one message: a misspelt zone in `top(…)` gives no follow-on mismatch; a misspelt false suggests false', () => {
    const d = diagnostics('procedure p() { move top(me.hnd, 1) to me.grave }');
    expect(d.map((x) => x.code)).toEqual(['type/not-a-member']);
    const f = diagnostics('card type D { state ok: bool = flase }');
    expect(f[0]!.notes?.join(' ')).toContain("'false'");
  });

  it('checks kinds and types: a number is not a zone, a card list is not a player', () => {
    const d1 = diagnostics('action X { effect { move 3 to me.hand } }');
    expect(d1.map((d) => d.code)).toContain('type/mismatch');
    const d2 = diagnostics('action X { effect { lose me.hand } }');
    expect(d2[0]!.message).toMatch(/expected a player/);
    const d3 = diagnostics('action X { effect { set A1.rank = 2 } }');
    expect(d3[0]!.code).toBe('name/unknown');
  });

  it('refuses recursion, which could never end', () => {
    const d = diagnostics('procedure p(n: number) { do p(n) }');
    expect(d.map((x) => x.code)).toContain('procedure/recursive');
  });

  it('is deterministic, and line endings or a BOM do not change the IR', () => {
    const sources = gameSources(root, 'trump')!;
    const a = JSON.stringify(compiledGame('trump'));
    const b = JSON.stringify(compileGame({ sources }).ir);
    const crlf = JSON.stringify(compileGame({ sources: sources.map((s) => ({ ...s, text: s.text.replace(/\n/g, '\r\n') })) }).ir);
    expect(b).toBe(a);
    expect(crlf).toBe(a);
  });

  it('applies a revision: override and remove', () => {
    const revision = `
      revision g2 "variant" revises g { version "2" }
      override card A1: C { suit = heart rank = 5 }
    `;
    const r = compileGame({ sources: [{ path: 'r.grim', text: revision }], loadBase: (n) => (n === 'g' ? [{ path: 'g.grim', text: base }] : undefined) });
    expect(r.diagnostics).toEqual([]);
    expect(r.ir!.game.revisionOf).toBe('g');
    expect(r.ir!.cards[0]!.attrs.map((a) => a.value)).toEqual(['heart', 5]);
    const bad = compileGame({ sources: [{ path: 'r.grim', text: 'revision g2 revises g { }\nremove action Nope' }], loadBase: () => [{ path: 'g.grim', text: base }] });
    expect(bad.diagnostics[0]!.code).toBe('revision/nothing-to-remove');
  });
});
