// `play --check-invariants`: card conservation checked at every step of every game, not only at
// the end (issue 11 §1) — a breach names the step, the card and the places.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { foldBatch, playBatch } from '../runtime/batch.ts';
import { ConservationBroken } from '../runtime/conservation.ts';
import type { Engine } from '../runtime/engine.ts';
import { playGame } from '../runtime/play.ts';
import { compiledGame, root } from './helpers.ts';

/**
 * Games a seed game with the check at every step: 500 by default (seeds 1-500), a sample of the
 * sweep of 2,000 each that INVARIANT_GAMES=2000 runs (npm run bench:final-states audits 100,000
 * games' final states). Why 500: of two planted breaches (runtime/moves.ts), the rarer — a card
 * of the other player carried along under its host, dropped — breaks 2 of summon-magic's 2,000
 * games (seeds 217 and 1,076) and no other seed game's; the other — the first of three or more
 * carried cards dropped — breaks 248 of t-magic's (from seed 3) and 2 of trump's (851, 983).
 */
const GAMES = Number(process.env.INVARIANT_GAMES ?? 500);

describe('conservation at every step (--check-invariants)', () => {
  for (const game of ['trump', 'summon-magic', 't-magic', 'spimate']) {
    it(`${game}: ${GAMES.toLocaleString('en')} games with the check at every step, none breaks conservation`, () => {
      const ir = compiledGame(game);
      const games = playBatch(ir, 1, GAMES, { checkInvariants: true });
      expect(games.filter((g) => g.error).map((g) => `seed ${g.seed}: ${g.error}`)).toEqual([]);
      // The same games as without the check: it only watches.
      const plain = playBatch(ir, 1, 50, {});
      expect(foldBatch(games.slice(0, 50)).hash).toBe(foldBatch(plain).hash);
    });
  }

  it('a card in two places, or nowhere, stops the game at that step with the card and the places', () => {
    const ir = compiledGame('summon-magic');
    // The rules cannot break conservation, so the test breaks it at the first step that finds cards dealt.
    const breaking = (breakIt: (engine: Engine) => void) => {
      let error: unknown = null;
      let done = false;
      try {
        playGame(ir, 3, {
          checkInvariants: true,
          onStep: (engine) => {
            if (done || !engine.players[1]!.zones.some((z) => z && z.cards.length)) return;
            done = true;
            breakIt(engine);
          },
        });
      } catch (e) {
        error = e;
      }
      return error;
    };
    // A card of p2's also put in one of p1's zones.
    const twice = breaking((engine) => {
      const from = engine.players[1]!.zones.find((z) => z && z.cards.length)!;
      engine.players[0]!.zones.find((z) => z)!.cards.push(from.cards[0]!);
    });
    expect(twice).toBeInstanceOf(ConservationBroken);
    expect((twice as Error).message).toMatch(/^conservation broken at step \d+ \(turn \d+(, [^)]+)?\): .+#\d+ is both in p1\.\S+ and in p2\.\S+/);
    // A card of p2's taken out of its zone: nowhere.
    const lost = breaking((engine) => void engine.players[1]!.zones.find((z) => z && z.cards.length)!.cards.pop());
    expect(lost).toBeInstanceOf(ConservationBroken);
    expect((lost as Error).message).toMatch(/#\d+ is nowhere \(lost\)/);
  });

  it('checks every step, not only the first and the last: a breach made mid-game is found at that step', () => {
    const ir = compiledGame('t-magic');
    const total = playGame(ir, 5, {}).engine.steps;
    for (const at of [Math.floor(total / 3), Math.floor((2 * total) / 3)]) {
      let brokenAt = 0;
      let error: unknown = null;
      try {
        playGame(ir, 5, {
          checkInvariants: true,
          onStep: (engine) => {
            if (brokenAt || engine.steps < at) return;
            brokenAt = engine.steps;
            // A card lying in a zone now also hangs under another card: in two places.
            const cards = engine.players.flatMap((p) => p.zones.flatMap((z) => (z ? z.cards : [])));
            cards[0]!.attached = [...cards[0]!.attached, cards[1]!];
          },
        });
      } catch (e) {
        error = e;
      }
      const message = (error as Error | null)?.message;
      expect(message).toMatch(new RegExp(`^conservation broken at step ${brokenAt} \\(turn \\d+`));
      expect(message).toMatch(/#\d+ is both in .+ and in /);
      expect(message).toMatch(/\(under .+#\d+\)/);
    }
  });
});
