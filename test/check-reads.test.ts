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

  it('a check reading a rule parameter can still be skipped: a parameter is fixed for the whole game', () => {
    const source = (floor: string) => `
game c "Checks" { players 2 max turns 2 }
param floor: number = 0 alternatives 1
zone board per player public
player state life: number = 3
check low { for each p in players { if p.life <= ${floor} { lose p reason "low" } } }
turn { window main passable }
`;
    const of = (floor: string) => {
      const r = compileGame({ sources: [{ path: 'c.grim', text: source(floor) }] });
      if (!r.ir) throw new Error(r.diagnostics.map((d) => d.message).join('\n'));
      return checkReads(r.ir);
    };
    // The same reads with the literal and with the parameter: the players' states, never `never`.
    expect(of('0')).toMatchObject({ never: false, vars: true });
    expect(of('floor')).toEqual(of('0'));
  });
});
