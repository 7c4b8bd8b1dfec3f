// Who is asked first when a request waits (`first responder`, docs/language.md): the runtime
// honours the game's choice, and where the rules let only one player answer, the choice changes
// no game — the reason Summon & Magic has no parameter for it (its README, SM-8.b: SM-8.2 lets only
// the opponent of a request's controller answer it).
import { describe, expect, it } from 'vitest';
import { playBatch } from '../runtime/batch.ts';
import type { GameIR } from '../compiler/ir.ts';
import { compiledGame } from './helpers.ts';

const hashes = (ir: GameIR, params?: Record<string, string>) =>
  playBatch(ir, 1, 40, { draws: 'listed', params }).map((g) => `${g.seed}:${g.hash}`);

function withFirstResponder(ir: GameIR, who: GameIR['game']['firstResponder']): GameIR {
  return { ...ir, game: { ...ir.game, firstResponder: who, firstResponderParam: -1 } };
}

describe('first responder', () => {
  it('the runtime asks whom the parameter names: trump games change with first_responder', () => {
    const ir = compiledGame('trump');
    expect(ir.game.firstResponderParam).toBeGreaterThanOrEqual(0);
    const base = hashes(ir);
    expect(hashes(ir, { first_responder: 'controller' })).not.toEqual(base);
    expect(hashes(ir, { first_responder: 'active' })).not.toEqual(base);
  });

  it('summon-magic: only the opponent of a request\'s controller can answer it, so whoever is asked first, the games are the same', () => {
    const ir = compiledGame('summon-magic');
    expect(ir.game.firstResponderParam).toBe(-1);
    expect(ir.game.firstResponder).toBe('opponent');
    const base = hashes(ir);
    expect(hashes(withFirstResponder(ir, 'controller'))).toEqual(base);
    expect(hashes(withFirstResponder(ir, 'active'))).toEqual(base);
  });
});
