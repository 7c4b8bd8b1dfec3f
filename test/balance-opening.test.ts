/**
 * The opening-hand intervention (runtime EngineOptions.opening, issue 26): one copy of a card —
 * or the baseline made in its place — is put in a seat's opening hand by changing places with the
 * last card drawn there, and nothing else changes; a search's replay sees the same game. The
 * balance lab measures search agents' suspects so (balance/runs.ts): their paired games part from
 * the first decision, so the card must be there in every pair for the pairs to tell.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileGame } from '../compiler/compile.ts';
import type { GameIR } from '../compiler/ir.ts';
import type { Engine } from '../runtime/engine.ts';
import type { BatchOptions } from '../runtime/batch.ts';
import { playBatch, seatAgents } from '../runtime/batch.ts';
import { playGame } from '../runtime/play.ts';
import { root } from './helpers.ts';
import type { CardMetric, ReplacementValue } from '../balance/report.ts';
import { rankedCards } from '../balance/verdicts.ts';

function planted(): GameIR {
  const r = compileGame({ sources: [{ path: 'planted.grim', text: readFileSync(join(root, 'test/fixtures/balance/planted.grim'), 'utf8') }] });
  expect(r.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return r.ir!;
}

const ir = planted();
const def = (name: string) => ir.cards.findIndex((c) => c.name === name);
const DRAGON = def('Dragon');
const TORCH = def('Torch');

/** p1's hand and deck (names, in order) as turn 1 begins. */
function atTurnOne(seed: number, opts: Pick<BatchOptions, 'substitutes' | 'opening'>): { hand: string[]; deck: string[] } {
  let seen: { hand: string[]; deck: string[] } | null = null;
  playGame(ir, seed, {
    ...opts,
    onStart: (e: Engine) => {
      e.onTurn = (x) => {
        if (x.turn !== 1 || seen) return;
        const ordered = (z: string) => x.allCards().find((c) => c.zone?.name === z && c.zone.player?.index === 0)?.zone!.cards.map((c) => c.name) ?? [];
        seen = { hand: ordered('hand'), deck: ordered('deck') };
      };
    },
  });
  expect(seen, `seed ${seed}: turn 1 began`).not.toBeNull();
  return seen!;
}

describe('EngineOptions.opening: a copy in the opening hand', () => {
  it('puts a copy of the card in the seat’s opening hand in every game, and the baseline made in its place with a substitute', () => {
    const games = 200;
    const plain = playBatch(ir, 1, games, { tally: true });
    const withCard = playBatch(ir, 1, games, { tally: true, opening: [{ card: DRAGON, player: 0 }] });
    const withBaseline = playBatch(ir, 1, games, { tally: true, substitutes: [{ card: DRAGON, by: TORCH, player: 0 }], opening: [{ card: DRAGON, player: 0 }] });
    const inOpening = (g: (typeof plain)[number], card: number, seat = 0) => g.counts!.opening![seat]!.includes(card);
    // Without the intervention Dragon (3 of 21 cards, 4 in the hand) opens some games; with it, all.
    const natural = plain.filter((g) => inOpening(g, DRAGON)).length;
    expect(natural).toBeGreaterThan(0);
    expect(natural).toBeLessThan(games);
    expect(withCard.every((g) => inOpening(g, DRAGON))).toBe(true);
    expect(withBaseline.every((g) => !g.counts!.pile[0]!.includes(DRAGON) && inOpening(g, TORCH))).toBe(true);
    // The other seat is untouched: its opening hands are those of the plain games.
    expect(withCard.map((g) => g.counts!.opening![1])).toEqual(plain.map((g) => g.counts!.opening![1]));
    // Where Dragon opened the game anyway, nothing is exchanged: the very same game.
    plain.forEach((g, i) => {
      if (inOpening(g, DRAGON)) expect(withCard[i]!.hash, `seed ${g.seed}`).toBe(g.hash);
    });
  });

  it('changes places with the last card drawn: the two sides of a seed differ in that one card only', () => {
    for (let seed = 1; seed <= 30; seed++) {
      const plain = atTurnOne(seed, {});
      const a = atTurnOne(seed, { opening: [{ card: DRAGON, player: 0 }] });
      const b = atTurnOne(seed, { substitutes: [{ card: DRAGON, by: TORCH, player: 0 }], opening: [{ card: DRAGON, player: 0 }] });
      expect(a.hand).toContain('Dragon');
      // Side B is side A with the Dragons made as Torches, card for card, in the same places.
      const asTorch = (names: string[]) => names.map((n) => (n === 'Dragon' ? 'Torch' : n));
      expect(b).toEqual({ hand: asTorch(a.hand), deck: asTorch(a.deck) });
      if (plain.hand.includes('Dragon')) {
        expect(a).toEqual(plain);
        continue;
      }
      // A Dragon of the deck (the first made) and the last card of the hand changed places: one place of the deck differs.
      expect(a.hand).toEqual([...plain.hand.slice(0, -1), 'Dragon']);
      const changed = plain.deck.flatMap((n, i) => (n === a.deck[i] ? [] : [i]));
      expect(changed).toHaveLength(1);
      expect([plain.deck[changed[0]!], a.deck[changed[0]!]]).toEqual(['Dragon', plain.hand.at(-1)]);
    }
  });

  it('plays with search agents: their replays from the setup and from a turn see the game as it is (no error, the same game twice)', () => {
    const agents = seatAgents({ p1: 'mcts:20', p2: 'mcts:20' }, 2);
    const opts = { agents, tally: true, opening: [{ card: DRAGON, player: 0 }] };
    const one = playGame(ir, 7, opts);
    const two = playGame(ir, 7, opts);
    expect(one.result.winner).not.toBeNull();
    expect(two.hash).toBe(one.hash);
    expect(one.engine.counts()!.opening![0]).toContain(DRAGON);
  });
});

describe('ranking with the suspects measured', () => {
  const diff = (x: number, significant: boolean) => ({ diff: x, ci95: [x - 0.1, x + 0.1] as [number, number], p: significant ? 0.001 : 0.5, q: significant ? 0.01 : 0.9, significant });
  const card = (name: string, observed: number, significant = false) => ({ card: name, standout: { opening: diff(observed, significant), drawn: null, played: null } }) as unknown as CardMetric;
  const value = (name: string, x: number) => ({ card: name, standout: null, value: diff(x, true) }) as unknown as ReplacementValue;

  it('ranks a card not replaced as an ordinary one unless its observed standout is significant: noise from a few search games does not outrank a measured value', () => {
    const cards = [card('Noisy', 0.4), card('Planted', 0.05), card('Weak', -0.3), card('Real', 0.5, true)];
    expect(rankedCards(cards, [value('Planted', 0.2)]).map((c) => c.card)).toEqual(['Real', 'Planted', 'Noisy', 'Weak']);
    // Without any replacement value, the observed standouts rank as before.
    expect(rankedCards(cards).map((c) => c.card)).toEqual(['Real', 'Noisy', 'Planted', 'Weak']);
  });
});
