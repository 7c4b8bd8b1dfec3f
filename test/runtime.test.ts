import { describe, expect, it } from 'vitest';
import { playGame, playOn, newEngine, conservationProblems } from '../runtime/play.ts';
import { compiledGame, root } from './helpers.ts';
import { listGames } from '../compiler/project.ts';
import { logText } from '../scenario/log-words.ts';

/**
 * Random playouts a game and format, each checked to end with a result and to conserve every
 * card: 100 by default (seeds 1-100), RUNTIME_PLAYOUTS=300 for the longer sweep
 * (npm run bench:final-states audits 100,000 games' final states).
 */
const PLAYOUTS = Number(process.env.RUNTIME_PLAYOUTS ?? 100);

describe('runtime on trump', () => {
  const ir = compiledGame('trump');

  it('is deterministic: the same seed and answers give the same log', () => {
    const a = playGame(ir, 42, { log: true });
    const b = playGame(ir, 42, { log: true });
    expect(b.hash).toBe(a.hash);
    expect(b.engine.log.map((e) => logText(e))).toEqual(a.engine.log.map((e) => logText(e)));
    const c = playGame(ir, 43, { log: true });
    expect(c.engine.log.map((e) => logText(e))).not.toEqual(a.engine.log.map((e) => logText(e)));
  });

  for (const format of ['light', 'standard', 'pro', 'master']) {
    it(`${PLAYOUTS} random playouts in ${format}: every game ends with a result, no card lost or duplicated`, () => {
      for (let seed = 1; seed <= PLAYOUTS; seed++) {
        const g = playGame(ir, seed, { format });
        expect(g.result.reason.length).toBeGreaterThan(0);
        expect(conservationProblems(g.engine)).toEqual([]);
      }
    });
  }

  it('an engine reset for a new seed plays exactly the game a new engine plays', () => {
    const engine = newEngine(ir, 1, { format: 'pro', log: true });
    for (const seed of [11, 12, 13]) {
      const reused = playOn(engine, seed, { format: 'pro', log: true });
      const fresh = playGame(ir, seed, { format: 'pro', log: true });
      expect(reused.hash).toBe(fresh.hash);
      expect(reused.engine.log.map((e) => logText(e))).toEqual(fresh.engine.log.map((e) => logText(e)));
      expect(conservationProblems(reused.engine)).toEqual([]);
    }
  });

  it('refuses a format the game does not have, naming the formats it has', () => {
    const names = ir.game.formats.map((f) => f.name);
    expect(() => newEngine(ir, 1, { format: 'nope' })).toThrow(`unknown format 'nope'; the formats are ${names.join(', ')}`);
  });

  it('ends a game that cannot end as a draw with the reason', () => {
    const g = playGame(ir, 5, { maxSteps: 50 });
    expect(g.result.winner).toBeNull();
    expect(g.result.reason).toMatch(/stopped after 50 steps/);
  });
});

describe('runtime on every game', () => {
  for (const game of listGames(root).filter((g) => g !== 'trump')) {
    const ir = compiledGame(game);
    for (const format of ir.game.formats.map((f) => f.name)) {
      it(`${game}: ${PLAYOUTS} random playouts in ${format} end with a result, no card lost or duplicated`, () => {
        for (let seed = 1; seed <= PLAYOUTS; seed++) {
          const g = playGame(ir, seed, { format });
          expect(g.result.reason.length).toBeGreaterThan(0);
          expect(conservationProblems(g.engine)).toEqual([]);
        }
      });
    }
  }
});
