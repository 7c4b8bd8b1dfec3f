/**
 * A useless card named as such (balance/duds.ts, issue 26): each deck's weakest card is asked
 * whether it is rarely played when available and whether its owner does worse when it is played;
 * the planted Dud (cost 3, power 0) is named, the other cards never are.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileGame } from '../compiler/compile.ts';
import { foldBalance } from '../balance/fold.ts';
import { duds, dudText, weakestPerDeck } from '../balance/duds.ts';
import { rate } from '../balance/statistics.ts';
import type { BalanceReport } from '../balance/report.ts';
import { weakestCards } from '../balance/verdicts.ts';
import { measureReplacements } from '../cli/balance-replacements.ts';
import { playBatch } from '../runtime/batch.ts';
import { root } from './helpers.ts';

const settings = { game: 'planted', title: '', format: 'standard', params: {}, agents: { p1: 'random', p2: 'random' }, seed: 1, games: 3000, rules: 'x' };

async function plantedReport(): Promise<BalanceReport> {
  const r0 = compileGame({ sources: [{ path: 'planted.grim', text: readFileSync(join(root, 'test/fixtures/balance/planted.grim'), 'utf8') }] });
  const ir = r0.ir!;
  const summaries = playBatch(ir, 1, 3000, { tally: true });
  const r = foldBalance(ir, { ...settings, format: ir.game.defaultFormat }, summaries);
  r.replacements = (await measureReplacements({ ir, report: r, summaries, seed: 1, games: 3000, opts: { format: ir.game.defaultFormat }, workers: 1, asked: undefined, mode: 'all', valueGames: 1000, showBar: false })).values;
  return r;
}

describe('a useless card (balance/duds.ts)', () => {
  it('asks nothing of the pooled lists (too rare to be decks): only a deck of its own has a weakest card', () => {
    // Four cards, each in the same lists; Weak clearly the weakest by what is observed, played half as often as the others.
    const diff = (d: number) => ({ diff: d, ci95: [d - 0.02, d + 0.02], p: 0.001, q: 0.001, significant: true });
    const card = (name: string, d: number, played: number) => ({ card: name, decks: ['lists'], drawn: rate(100, 100), played: rate(played, 100), standout: { opening: diff(d), drawn: null, played: diff(d) } });
    const cards = [card('Weak', -0.3, 40), card('B', 0.01, 80), card('C', 0.02, 80), card('D', 0.03, 80)];
    const own = { decks: [{ deck: 'lists', cards: cards.map((c) => c.card), pooled: false, bySeat: { p1: 100 } }], cards, replacements: [] } as unknown as BalanceReport;
    expect(weakestPerDeck(own).map((w) => [w.deck, w.card, w.weakestBy])).toEqual([['lists', 'Weak', 'observed']]);
    // The same lists pooled as "other decks": no deck of its own, so no weakest card is named in it.
    const pooled = { ...own, decks: [{ ...own.decks[0]!, pooled: true }] } as unknown as BalanceReport;
    expect(weakestPerDeck(pooled)).toEqual([]);
  });

  it('names the planted Dud — the weakest by replacement, its owner worse when it is played — and no other card', async () => {
    const r = await plantedReport();
    const found = duds(r);
    expect(found.map((d) => d.card)).toEqual(['Dud']);
    const [dud] = found;
    expect(dud!.weakestBy).toBe('replacement');
    expect(dud!.worseWhenPlayed).toBe(true);
    // Random players play whatever they may: Dud is played as often as Flame, its equal in cost — not "rarely".
    expect(dud!.rarelyPlayed).toBe(false);
    expect(dudText(dud!, 1)).toMatch(/^Dud: its owner does worse when it is played — played in \d+\.\d% \[.*\] of the [\d,]+ players' games it was drawn in \(the deck's median card: \d+\.\d%\); −\d+\.\d pts \[.*\] when played, against the deck's median card; the weakest card of the deck by replacement/);
    // Named as a dud, it is not also listed as the deck's weakest card.
    expect(weakestCards(r, new Set(found.map((d) => d.deck)))).toEqual([]);
  });

  it('says "rarely played" when players who drew it seldom played it, and "does worse" only below the deck', async () => {
    const r = await plantedReport();
    const dud = r.cards.find((c) => c.card === 'Dud')!;
    // Played in 5% of the games it was drawn in, where the deck's median card is played in about half.
    dud.played = rate(Math.round(dud.drawn.k * 0.05), dud.played.n);
    const [w] = weakestPerDeck(r);
    expect(w!.rarelyPlayed).toBe(true);
    expect(dudText(w!, 1)).toMatch(/^Dud: rarely played; its owner does worse when it is played — /);
    // A weakest card whose owner does better when it is played is not "worse".
    dud.standout.played = { ...dud.standout.played!, diff: 0.05, ci95: [0.01, 0.09], p: 0.01 };
    expect(weakestPerDeck(r)[0]!.worseWhenPlayed).toBe(false);
  });
});
