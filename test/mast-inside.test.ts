/**
 * MAST inside actions (`mcts:N,mast=E,mastin=1`; runtime/choices.ts preferredAnswer, optionKey):
 * in a search's playout, a pick of one value and a mode follow the preference's values — keyed by
 * the choice's place in the rules and, for a card the chooser sees, its definition and whether the
 * chooser controls it; never the card itself, never a hidden card's definition. Whole games and
 * the no-peeking check are in agents.test.ts and no-peeking.test.ts.
 */
import { describe, expect, it } from 'vitest';
import type { SrcLoc } from '../compiler/ir.ts';
import { MastPreference } from '../runtime/agents/mast.ts';
import { newCtx } from '../runtime/context.ts';
import { StopRun, type Engine } from '../runtime/engine.ts';
import type { ActionPreference } from '../runtime/engine-types.ts';
import type { Card, Player } from '../runtime/model.ts';
import { newEngine } from '../runtime/play.ts';
import { Rng } from '../runtime/rng.ts';
import { compiledGame } from './helpers.ts';

/** Spimate at its first decision (seed 3): p1's EX zone (public) holds two copies of one card and one card p2's holds too. */
function position(): { e: Engine; p1: Player; p2: Player; ex1: Card[]; ex2: Card[]; deck1: Card[]; deck2: Card[] } {
  const ir = compiledGame('spimate');
  const e = newEngine(ir, 3);
  e.run(() => {
    throw new StopRun(null);
  });
  const zone = (p: Player, name: string) => p.zones.find((z) => ir.zones[z.def]!.name === name)!.cards.slice();
  const [p1, p2] = e.players as [Player, Player];
  return { e, p1, p2, ex1: zone(p1, 'EX'), ex2: zone(p2, 'EX'), deck1: zone(p1, 'deck'), deck2: zone(p2, 'deck') };
}

const LOC: SrcLoc = [0, 10, 5];

/** A playout's answers by count from a generator of its own, with `pref` among the choices. */
function playout(e: Engine, pref: ActionPreference, seed = 1): void {
  const rng = new Rng(seed);
  e.answerByCount((_p, count) => rng.below(count), true, 1, pref);
}

/** A preference that records the keys it is asked about (every draw greedy, every option valued alike). */
function recorder(inside = true): ActionPreference & { keys: number[] } {
  const keys: number[] = [];
  return { inside, keys, greedy: () => true, value: (_p, k) => (keys.push(k), 0), taken: () => {} };
}

describe('MAST inside actions: the keys of a choice’s options', () => {
  it('a card the chooser sees by its definition and control, a hidden one by its zone; never the card itself; per place', () => {
    const { e, p1, p2, ex1, ex2, deck1, deck2 } = position();
    const ctx = newCtx([], p1, '');
    const keysOf = (cards: Card[], by: Player = p1, loc: SrcLoc = LOC): number[] => {
      const r = recorder();
      playout(e, r);
      e.choose(by, cards, 1, 1, true, null, ctx, 'pick', loc);
      return r.keys;
    };
    const copies = ex1.filter((c) => ex1.filter((d) => d.def === c.def).length === 2);
    expect(copies).toHaveLength(2);
    // Two copies of a card: one key (what one copy earned, the other has).
    const [a, b] = keysOf(copies);
    expect(a).toBe(b);
    expect(a).toBeLessThan(0); // never an action's key (≥ 0)
    // The same definition, one the chooser's and one the other player's: two keys.
    const shared = ex1.find((c) => ex2.some((d) => d.def === c.def))!;
    const theirs = ex2.find((d) => d.def === shared.def)!;
    const [mine, other] = keysOf([shared, theirs]);
    expect(mine).not.toBe(other);
    // Other definitions: other keys.
    const defs = new Set(ex1.map((c) => c.def));
    expect(new Set(keysOf(ex1)).size).toBe(defs.size);
    // The other player's deck, hidden from the chooser: one key whatever the cards are.
    expect(new Set(deck2.map((c) => c.def)).size).toBeGreaterThan(3);
    expect(new Set(keysOf(deck2)).size).toBe(1);
    // The chooser's own deck, whose cards a pick shows them (as its labels do): by definition.
    expect(new Set(keysOf(deck1)).size).toBe(new Set(deck1.map((c) => c.def)).size);
    // Another choice of the rules: other keys for the same cards.
    expect(keysOf(copies, p1, [0, 11, 5])[0]).not.toBe(a);
    // Another chooser: the mine/theirs side flips.
    expect(keysOf([shared, theirs], p2)).toEqual([other, mine]);
  });

  it('is off unless the preference says so: without `inside` a pick is drawn uniformly, its options never valued', () => {
    const { e, p1, ex1 } = position();
    const r = recorder(false);
    playout(e, r);
    e.choose(p1, ex1, 1, 1, true, null, newCtx([], p1, ''), 'pick', LOC);
    expect(r.keys).toEqual([]);
  });
});

describe('MAST inside actions: a draw follows the values', () => {
  /** `rounds` picks among p1's EX cards, each crediting 1 to p1 when the card of `target`'s definition was taken; the definitions taken. */
  function rounds(epsilon: number, n: number): { taken: number[]; target: number; decisions: number } {
    const { e, p1, ex1 } = position();
    const target = ex1[ex1.length - 1]!.def;
    const m = new MastPreference(epsilon, 5, true);
    playout(e, m, 2);
    const ctx = newCtx([], p1, '');
    const taken: number[] = [];
    const before = e.decisions;
    for (let i = 0; i < n; i++) {
      const c = e.choose(p1, ex1, 1, 1, true, null, ctx, 'pick', LOC) as Card;
      taken.push(c.def);
      m.credit(c.def === target ? [1, 0] : [0, 1]);
    }
    return { taken, target, decisions: e.decisions - before };
  }

  it('ε = 0: every untried option first, then always the best-valued one', () => {
    const { taken, target, decisions } = rounds(0, 40);
    expect(decisions).toBe(40); // one decision a pick, as a uniform draw counts it
    expect(taken.slice(10).every((d) => d === target)).toBe(true);
  });

  it('ε = 1: uniform, whatever the values', () => {
    const { taken, target } = rounds(1, 500);
    const { ex1 } = position();
    // Each card as likely as the others: a definition with k copies about k/5 of the draws.
    for (const def of new Set(ex1.map((c) => c.def))) {
      const expected = (500 * ex1.filter((c) => c.def === def).length) / ex1.length;
      const n = taken.filter((d) => d === def).length;
      expect(n, `definition ${def}`).toBeGreaterThan(expected * 0.6);
      expect(n, `definition ${def}`).toBeLessThan(expected * 1.4);
    }
    expect(taken.filter((d) => d === target).length).toBeLessThan(200);
  });

  it('a mode: ε = 0 settles on the label that earns', () => {
    const { e, p1 } = position();
    const m = new MastPreference(0, 5, true);
    playout(e, m, 3);
    const ctx = newCtx([], p1, '');
    const labels = ['attack', 'defend', 'wait', 'draw'];
    const taken: number[] = [];
    for (let i = 0; i < 30; i++) {
      const k = e.chooseMode(p1, labels, ctx, 'mode', LOC);
      taken.push(k);
      m.credit(k === 2 ? [1, 0] : [0, 1]);
    }
    // An untried label is valued as the best (1), so each is tried; then only the one that earns.
    expect(new Set(taken).size).toBe(4);
    expect(taken.slice(10).every((k) => k === 2)).toBe(true);
    // Keyed by label: the same label elsewhere in the list is the same option.
    expect(e.chooseMode(p1, ['wait', 'attack'], ctx, 'mode', LOC)).toBe(0);
  });
});
