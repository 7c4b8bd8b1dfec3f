import { describe, expect, it } from 'vitest';
import { compileGame } from '../compiler/compile.ts';
import { gameSources } from '../compiler/project.ts';
import { checkReads } from '../runtime/check-reads.ts';

const irOf = (game: string) => {
  const r = compileGame({ sources: gameSources('.', game)! });
  if (!r.ir) throw new Error(`${game} does not compile`);
  return r.ir;
};

describe('what the checks read (settle skips them while none of it changed)', () => {
  it('T-magic: the field (a destruction is an event now: no check reads the graveyard), the turn; no players\' or global states', () => {
    const ir = irOf('t-magic');
    const r = checkReads(ir);
    expect(r.never).toBe(false);
    expect(r.turn).toBe(true);
    expect(r.vars).toBe(false);
    expect(r.zones!.map((z) => ir.zones[z]!.name).sort()).toEqual(['field']);
    expect(r.fields).not.toBeNull();
  });

  it('Spimate: the field only', () => {
    const ir = irOf('spimate');
    const r = checkReads(ir);
    expect(r.never).toBe(false);
    expect(r.zones!.map((z) => ir.zones[z]!.name)).toEqual(['field']);
  });

  it('a check reading a player state reads vars', () => {
    const r = checkReads(irOf('summon-magic'));
    expect(r.vars).toBe(true);
  });
});
