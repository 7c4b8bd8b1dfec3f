/**
 * The balance lab's flags as an instrument (issue 26): a planted broken card is the one flag; a
 * planted useless card ranks at the bottom; two identical cards are never told apart; a deck that
 * wins more does not make its cards "stand out"; and over many batches of games in which no card
 * differs, the share of batches with any flag stays near the 5% the correction promises.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileGame } from '../compiler/compile.ts';
import { playBatch, type GameSummary } from '../runtime/batch.ts';
import { foldBalance } from '../balance/fold.ts';
import type { BalanceReport } from '../balance/report.ts';
import { flagged, rankedCards, verdicts, verdictText } from '../balance/verdicts.ts';
import { balanceText } from '../cli/balance-text.ts';
import { compiledGame, root } from './helpers.ts';

const settings = (game: string, games: number) => ({ game, title: '', format: 'standard', params: {}, agents: { p1: 'random', p2: 'random' }, seed: 1, games, rules: 'x' });

function planted(): BalanceReport {
  const text = readFileSync(join(root, 'test/fixtures/balance/planted.grim'), 'utf8');
  const r = compileGame({ sources: [{ path: 'planted.grim', text }] });
  expect(r.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return foldBalance(r.ir!, settings('planted', 3000), playBatch(r.ir!, 1, 3000, { tally: true }));
}

describe('the flags of grimoire balance (balance/card-strength.ts)', () => {
  it('flags the planted broken card alone, ranks it first, and ranks the useless card at the bottom', () => {
    const r = planted();
    expect(r.decks.map((d) => d.deck)).toEqual(['the deck']);
    expect(r.cards.filter((c) => flagged(r, c)).map((c) => c.card)).toEqual(['Dragon']);
    const ranked = rankedCards(r.cards).map((c) => c.card);
    expect(ranked[0]).toBe('Dragon');
    expect(ranked.slice(-3)).toContain('Dud');
    // Played, Dud is the worst card of the deck by far: a wasted turn's energy.
    const byPlayed = [...r.cards].sort((x, y) => x.standout.played!.diff - y.standout.played!.diff).map((c) => c.card);
    expect(byPlayed[0]).toBe('Dud');
    // The A/A pair: the same card under two names, never flagged, its intervals overlapping.
    const spark = r.cards.find((c) => c.card === 'Spark')!.standout.opening!;
    const ember = r.cards.find((c) => c.card === 'Ember')!.standout.opening!;
    expect(spark.significant || ember.significant).toBe(false);
    expect(spark.ci95[0] < ember.ci95[1] && ember.ci95[0] < spark.ci95[1]).toBe(true);
    // The verdict names it, in words, with the number its flag tested.
    const [v] = verdicts(r);
    expect(verdictText(v!)).toMatch(/^Dragon: stronger than the rest of the deck — \+\d+\.\d pts \[\+\d+\.\d pts, \+\d+\.\d pts\] when in the opening hand/);
  });

  it('prints the star next to the very number it tests', () => {
    const text = balanceText(planted());
    const cardTable = text.slice(text.indexOf('\nCards —'), text.indexOf('\nActions and triggers'));
    const rows = cardTable.split('\n').filter((l) => l.includes(' * q='));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.trim().startsWith('Dragon')).toBe(true);
    // Each star follows a "vs deck" interval, never a raw effect: the same numbers as the JSON's standout.
    const dragon = planted().cards.find((c) => c.card === 'Dragon')!;
    const shown = (x: number) => `${x >= 0 ? '+' : '−'}${(100 * Math.abs(x)).toFixed(1)}`;
    const d = dragon.standout.opening!;
    expect(text).toContain(`${shown(d.diff)} [${shown(d.ci95[0])}, ${shown(d.ci95[1])}] * q=`);
    expect(text).toMatch(/Verdicts — cards that stand out from their deck: 1 of 7/);
  });

  it("judges a card against its own deck: a stronger deck's cards are not flagged for the deck (Spimate, decks A and B)", () => {
    const ir = compiledGame('spimate');
    const r = foldBalance(ir, settings('spimate', 1500), playBatch(ir, 1, 1500, { tally: true }));
    expect(r.decks.map((d) => d.deck)).toEqual(["p1's deck", "p2's deck"]);
    // Deck B wins more; before, almost every card of it was flagged "stronger" and deck A's "weaker".
    expect(r.decks[1]!.ownerWin.rate).toBeGreaterThan(r.decks[0]!.ownerWin.rate);
    expect(r.cards.filter((c) => flagged(r, c)).length).toBeLessThanOrEqual(2);
    // Cards in no draw pile (the EX's, the rulings' fixtures) are listed as not measured.
    expect(r.notMeasured).toContain('竜帝');
    expect(r.cards.map((c) => c.card)).not.toContain('竜帝');
  });

  it('over batches where no card matters, few batches flag anything (the correction holds, with two decks of unequal strength)', () => {
    // Synthetic games: two decks of 20 cards; a card is in the opening hand with chance 1/4 and
    // drawn with chance 3/4, independently of the result; deck B wins 58%. No card has any effect.
    const cards = 40;
    const ir = { game: { players: 2 }, cards: Array.from({ length: cards }, (_, i) => ({ name: `c${i}`, title: `c${i}` })), actions: [] } as unknown as Parameters<typeof foldBalance>[0];
    let state = 12345;
    const random = () => ((state = (Math.imul(state, 1103515245) + 12345) >>> 0) / 2 ** 32);
    const batches = 60;
    let withFlag = 0;
    for (let b = 0; b < batches; b++) {
      const games: GameSummary[] = [];
      for (let g = 0; g < 1500; g++) {
        const deck = (p: number) => Array.from({ length: 20 }, (_, i) => i + 20 * p);
        const pick = (p: number, chance: number) => deck(p).filter(() => random() < chance);
        const opening = [pick(0, 0.25), pick(1, 0.25)];
        const drawn = opening.map((o, p) => [...new Set([...o, ...pick(p, 2 / 3)])].sort((x, y) => x - y));
        const played = drawn.map((d) => d.filter(() => random() < 0.8));
        const winner = random() < 0.58 ? 'p2' : 'p1';
        games.push({ seed: g, winner, reason: 'r', turns: 10, decisions: 10, hash: 0, error: null, zones: null, counts: { pile: [deck(0), deck(1)], opening, drawn, played, used: [[], []], first: 0 } });
      }
      const r = foldBalance(ir, settings('synthetic', 1500), games);
      expect(r.decks.length).toBe(2);
      if (r.cards.some((c) => flagged(r, c))) withFlag++;
    }
    expect(withFlag / batches).toBeLessThanOrEqual(0.12);
  });
});
