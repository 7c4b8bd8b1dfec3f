// runtime/ir-memo.ts: an answer read from a game's IR is worked out once per game and node, and
// a node asked under another game gets that game's own answer (never the first game's).
import { describe, expect, it } from 'vitest';
import type { GameIR } from '../compiler/ir.ts';
import { memoPerGame } from '../runtime/ir-memo.ts';
import { compiledGame } from './helpers.ts';

describe('memoPerGame', () => {
  it('computes once per game and node, apart for each game; an answer that is null or false is kept too', () => {
    const calls: string[] = [];
    const gameOf = memoPerGame((node: { name: string }, ir: GameIR) => {
      calls.push(`${ir.game.name}:${node.name}`);
      return node.name === 'none' ? null : ir.game.name;
    });
    const trump = compiledGame('trump');
    const spimate = compiledGame('spimate');
    const a = { name: 'a' };
    const none = { name: 'none' };
    expect(gameOf(a, trump)).toBe('trump');
    expect(gameOf(a, trump)).toBe('trump');
    expect(gameOf(a, spimate)).toBe('spimate');
    expect(gameOf(none, trump)).toBeNull();
    expect(gameOf(none, trump)).toBeNull();
    expect(calls).toEqual(['trump:a', 'spimate:a', 'trump:none']);
  });
});
