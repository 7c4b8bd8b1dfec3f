/**
 * A search's random playouts draw a choice of action without listing every offer
 * (ActionsRoom.sampleOffer, Engine.answerByCount with sampling): a drawn candidate is tried and
 * dropped if it fails, until one holds or the pass is drawn. It must only ever take an action the
 * engine would offer, and give every option — each offer and the pass — the chance a random
 * player's choice over the listed offers gives it.
 */
import { describe, expect, it } from 'vitest';
import { Engine, StopRun, type Decision } from '../runtime/engine.ts';
import { Rng } from '../runtime/rng.ts';
import { compiledGame } from './helpers.ts';
import type { CountDecider } from '../runtime/engine-types.ts';
import type { Player } from '../runtime/model.ts';

interface Sampling {
  availableActions(p: Player, window: string): { action: { ir: { name: string } }; source: { id: number } | null }[];
  sampleOffer(p: Player, canPass: boolean, byCount: CountDecider): unknown;
}

/** The engine stopped at the first choice of action with at least `min` offers, from the seeds 1, 2, …. */
function atActionChoice(game: string, format: string | undefined, min: number): { engine: Engine; player: Player; labels: string[] } {
  for (let seed = 1; seed < 50; seed++) {
    const engine = new Engine(compiledGame(game), { seed, format });
    let found: Player | null = null;
    const rng = new Rng(seed);
    engine.run((d: Decision) => {
      if (d.kind === 'action' && d.count - 1 >= min && d.canPass) {
        found = d.player;
        throw new StopRun(d);
      }
      return rng.below(d.count);
    });
    if (found) {
      const offers = (engine as unknown as Sampling).availableActions(found, '');
      return { engine, player: found, labels: offers.map(label) };
    }
  }
  throw new Error(`no choice of ${min} actions in ${game}`);
}

const label = (o: { action: { ir: { name: string } }; source: { id: number } | null }) => `${o.action.ir.name}#${o.source?.id ?? ''}`;

describe('actions drawn without listing them (search playouts)', () => {
  for (const [game, format, min] of [
    ['trump', 'master', 3],
    ['summon-magic', undefined, 2],
    ['t-magic', undefined, 2],
    ['spimate', undefined, 2],
  ] as const) {
    it(`${game}: only offered actions are drawn, each option about as often as the others`, () => {
      const { engine, player, labels } = atActionChoice(game, format, min);
      const sampling = engine as unknown as Sampling;
      const rng = new Rng(7);
      const byCount: CountDecider = (_p, count) => rng.below(count);
      const counts = new Map<string, number>();
      const draws = 3000;
      for (let i = 0; i < draws; i++) {
        const v = sampling.sampleOffer(player, true, byCount);
        const key = typeof v === 'symbol' ? 'pass' : label(v as Parameters<typeof label>[0]);
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
      // Nothing but the offers and the pass, and every one of them drawn.
      expect([...counts.keys()].sort()).toEqual([...labels, 'pass'].sort());
      // Uniform: each of k options expected draws/k times; a binomial's 5 standard deviations.
      const k = labels.length + 1;
      const expected = draws / k;
      const sd = Math.sqrt(draws * (1 / k) * (1 - 1 / k));
      for (const [, n] of counts) expect(Math.abs(n - expected)).toBeLessThan(5 * sd);
      // Sampling leaves the state as it was: the same offers are listed after it.
      expect(sampling.availableActions(player, '').map(label)).toEqual(labels);
    });
  }

  it('with no pass allowed and nothing offered, says so; with nothing offered it may only pass', () => {
    const { engine, player } = atActionChoice('trump', 'master', 3);
    const sampling = engine as unknown as Sampling;
    // The opponent of the player choosing may answer nothing here (trump's actions are the active player's or answers to a request).
    const other = engine.players.find((p) => p !== player)!;
    const offers = sampling.availableActions(other, '');
    const rng = new Rng(3);
    for (let i = 0; i < 50; i++) {
      const v = sampling.sampleOffer(other, offers.length === 0, (_p, count) => rng.below(count));
      if (offers.length === 0) expect(typeof v).toBe('symbol');
      else expect(offers.map(label)).toContain(label(v as Parameters<typeof label>[0]));
    }
    if (offers.length === 0) expect(String(sampling.sampleOffer(other, false, (_p, count) => rng.below(count)))).toBe('Symbol(no offer)');
  });
});
