// The speed comparison in `npm run bench` is only meaningful if the three Vanilla implementations
// play the same game: the hand-written and boardgame.io versions agree game by game (they share
// the random stream), and the DSL version agrees on the means.
import { describe, expect, it } from 'vitest';
import { compiledGame } from './helpers.ts';
import { newEngine, playGame, playOn } from '../runtime/play.ts';
import { playColumns } from '../bench/ceiling/vanilla-columns.ts';
import { playHandWritten } from '../bench/baselines/vanilla-hand.ts';
import { playBoardgameIO } from '../bench/baselines/vanilla-bgio.ts';

describe('Vanilla: three implementations, one game', () => {
  it('hand-written and boardgame.io give the same game for every seed', () => {
    for (let seed = 1; seed <= 15; seed++) expect(playBoardgameIO(seed)).toEqual(playHandWritten(seed));
  });

  it('the DSL lowered by hand onto typed columns (bench/ceiling) plays the engine\'s very games: the same hash, turns and decisions for every seed', () => {
    const ir = compiledGame('vanilla');
    const engine = newEngine(ir, 1, { askForced: true });
    for (let seed = 1; seed <= 300; seed++) {
      const g = playOn(engine, seed, { askForced: true });
      const c = playColumns(seed);
      expect({ seed, hash: c.hash, turns: c.turns, decisions: c.decisions, winner: c.winner === null ? null : engine.players[c.winner]!.name }).toEqual({ seed, hash: g.hash, turns: g.turns, decisions: g.decisions, winner: g.result.winner });
    }
  });

  it('the DSL version agrees with the hand-written one on mean turns and decisions (within 3%)', () => {
    const ir = compiledGame('vanilla');
    let turns = 0;
    let decisions = 0;
    const n = 1500;
    for (let seed = 1; seed <= n; seed++) {
      const g = playGame(ir, seed, { askForced: true });
      turns += g.turns;
      decisions += g.decisions;
    }
    let hTurns = 0;
    let hDecisions = 0;
    const m = 20000;
    for (let seed = 1; seed <= m; seed++) {
      const g = playHandWritten(seed);
      hTurns += g.turns;
      hDecisions += g.decisions;
    }
    expect(Math.abs(turns / n / (hTurns / m) - 1)).toBeLessThan(0.03);
    expect(Math.abs(decisions / n / (hDecisions / m) - 1)).toBeLessThan(0.03);
  });
});
