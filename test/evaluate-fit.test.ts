/**
 * bench/evaluate-fit.ts: the fit that names a game's `grade=S`, and the twin playouts it scores
 * a cut against. Both must hold for its figures to mean anything (docs/performance.md).
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fitScale, fitScaleAndSure, fitTerms, gradedReward, playout, sampleCuts, termAgainstOpponent, termFitLines } from '../bench/evaluate-fit.ts';
import { fitLogistic, logisticBrier, sigmoid } from '../bench/logistic.ts';
import { Rng } from '../runtime/rng.ts';
import type { Agent } from '../runtime/agents/agent.ts';
import { randomAgent } from '../runtime/agents/basic.ts';
import { newEngine, playOn } from '../runtime/play.ts';
import { compiledGame, root } from './helpers.ts';

describe('evaluate-fit', () => {
  it('finds the scale of a logistic the ends were drawn from', () => {
    for (const S of [12, 120]) {
      const rng = new Rng(S);
      const pairs = Array.from({ length: 4000 }, () => {
        const margin = (rng.below(2001) - 1000) * (S / 250);
        const result = rng.below(1_000_000) / 1_000_000 < 1 / (1 + Math.exp(-margin / S)) ? 1 : 0;
        return { margin, result };
      });
      const fitted = fitScale(pairs);
      expect(fitted).toBeGreaterThan(S * 0.85);
      expect(fitted).toBeLessThan(S * 1.15);
    }
  });

  it('finds P where the ends were drawn from a squeezed logistic, and P = 1 where they were not', () => {
    const draw = (S: number, P: number, seed: number) => {
      const rng = new Rng(seed);
      return Array.from({ length: 3000 }, () => {
        const margin = (rng.below(2001) - 1000) * (S / 100);
        const result = rng.below(1_000_000) / 1_000_000 < gradedReward(margin, S, P) ? 1 : 0;
        return { margin, result };
      });
    };
    const squeezed = fitScaleAndSure(draw(40, 0.8, 3));
    expect(squeezed.sure).toBeGreaterThan(0.75);
    expect(squeezed.sure).toBeLessThan(0.85);
    expect(fitScaleAndSure(draw(40, 1, 4)).sure).toBeGreaterThan(0.95);
  });

  it('A/A: ends that do not depend on the margin fit a flat reward — no lead is worth anything', () => {
    const rng = new Rng(9);
    const pairs = Array.from({ length: 2000 }, () => ({ margin: rng.below(2001) - 1000, result: rng.below(2) }));
    // A scale far beyond every margin (the reward stays near ½ for all of them).
    expect(fitScale(pairs)).toBeGreaterThan(5000);
    const both = fitScaleAndSure(pairs);
    expect(Math.abs(gradedReward(1000, both.scale, both.sure) - 0.5)).toBeLessThan(0.05);
  });

  it('a cut playout and its full twin are one playout until the cut: with no cut reached, the same end', () => {
    const engine = newEngine(compiledGame('spimate'), 1, {});
    let checked = 0;
    let cutShorter = 0;
    const probing: Agent = {
      searches: true,
      choose(d, view, model) {
        if (model && d.count > 1 && checked < 6) {
          const seed = 100 + checked;
          const full = playout(model, seed, null);
          const uncut = playout(model, seed, 10_000);
          expect(uncut).toEqual(full);
          const cut = playout(model, seed, 1);
          expect(cut.decisions).toBeLessThanOrEqual(full.decisions);
          if (!cut.ended) cutShorter++;
          checked++;
        }
        return randomAgent(5).choose(d, view, model);
      },
    };
    playOn(engine, 5, { agents: () => [probing, randomAgent(6)] });
    expect(checked).toBe(6);
    // The cut is read at all: some playouts stop at the next turn, scored by the evaluation.
    expect(cutShorter).toBeGreaterThan(0);
  });

  it('fits the weights terms were planted with, and none where the ends do not depend on them', () => {
    const rng = new Rng(21);
    const unit = () => rng.below(2001) / 1000 - 1;
    const planted = [1.5, -2, 0];
    const x = Array.from({ length: 4000 }, () => [3 * unit(), 2 * unit(), 5 * unit()]);
    const y = x.map((xi) => (rng.below(1_000_000) / 1_000_000 < sigmoid(planted[0]! * xi[0]! + planted[1]! * xi[1]!) ? 1 : 0));
    const w = fitLogistic(x, y);
    expect(w[0]).toBeGreaterThan(1.5 * 0.85);
    expect(w[0]).toBeLessThan(1.5 * 1.15);
    expect(w[1]).toBeLessThan(-2 * 0.85);
    expect(w[1]).toBeGreaterThan(-2 * 1.15);
    expect(Math.abs(w[2]!)).toBeLessThan(0.1);
    expect(logisticBrier(w, x, y)).toBeLessThan(logisticBrier([0, 0, 0], x, y));
    // A/A: outcomes drawn regardless of the terms.
    const coin = x.map(() => rng.below(2));
    for (const wi of fitLogistic(x, coin)) expect(Math.abs(wi)).toBeLessThan(0.1);
  });

  it('--terms: weighs a game\'s terms on the playouts fitGame measures, and names a term that does not compile', () => {
    const o = { agent: 'mcts:10', games: 2, every: 6, playouts: 2, turns: [1], seed: 3 };
    const f = fitTerms('spimate', undefined, o, ['count(me.hand)', '0']);
    expect(f.cuts).toBeGreaterThan(10);
    expect(f.terms.map((t) => t.term)).toEqual(['count(me.hand)', '0']);
    // A term that never differs between the players gets no weight, and no place in the suggestion.
    expect(f.terms[1]!.weight).toBe(0);
    expect(f.suggestion).toMatch(/^evaluate = -?[\d.]+ \* \(count\(me\.hand\) - count\(opponent\.hand\)\)$/);
    for (const b of [f.brierFitted, f.brierHeldOut, f.brierOwn, f.brierOwnHeldOut]) {
      expect(b).toBeGreaterThan(0);
      expect(b).toBeLessThan(0.5);
    }
    expect(() => fitTerms('spimate', undefined, o, ['count(me.nowhere)'])).toThrow(/term 1 "count\(me\.nowhere\)" does not compile for spimate: .*nowhere/);
    // Positions from an agent that reads the evaluation would differ from term to term: refused, saying why.
    for (const agent of ['greedy', 'mcts:10,turns=1']) expect(() => fitTerms('spimate', undefined, { ...o, agent }, ['count(me.hand)'])).toThrow(/does not read the evaluation/);
  });

  it('--terms plays the games once: a replay of their answers gives the same cuts, with no search and no full twin', () => {
    const ir = compiledGame('spimate');
    const o = { agent: 'mcts:10', games: 2, every: 6, playouts: 2, turns: [1, 2], seed: 5 };
    const first = sampleCuts(ir, undefined, o);
    const again = sampleCuts(ir, undefined, o, first.answers);
    expect(first.answers.every((a) => a.length > 5)).toBe(true);
    for (const t of o.turns) {
      const a = first.cuts.get(t)!;
      const b = again.cuts.get(t)!;
      expect(a.length).toBeGreaterThan(5);
      expect(b.map(({ game, me, ended, scores }) => ({ game, me, ended, scores }))).toEqual(a.map(({ game, me, ended, scores }) => ({ game, me, ended, scores })));
      expect(b.every((c) => Number.isNaN(c.result))).toBe(true);
    }
    expect(first.fullDraws).toBeGreaterThan(0);
    expect(again.fullDraws).toBe(0);
    // A replay that does not fit the game (an answer too many) is refused, not silently cut short.
    const longer = first.answers.map((a, g) => (g === 0 ? [...a, 0] : a));
    expect(() => sampleCuts(ir, undefined, o, longer)).toThrow(/game 1: the replay took \d+ answers of \d+/);
    const shorter = first.answers.map((a, g) => (g === 1 ? a.slice(0, -1) : a));
    expect(() => sampleCuts(ir, undefined, o, shorter)).toThrow(/game 2: the replay does not fit at answer \d+ \(no answer left\)/);
  });

  it('--terms on a game without an evaluate: each term is its evaluate (not an override of one), and there is no own evaluate to score', () => {
    // Every game of rules/ has an evaluate: a project of its own holds skirmish without it.
    const project = mkdtempSync(join(tmpdir(), 'grimoire-fit-'));
    const before = process.env.GRIMOIRE_ROOT;
    try {
      for (const dir of ['rules', 'cards']) cpSync(join(root, dir, 'skirmish'), join(project, dir, 'skirmish'), { recursive: true });
      const rules = join(project, 'rules/skirmish/game.grim');
      const text = readFileSync(rules, 'utf8');
      expect(text).toMatch(/^evaluate\b/m);
      writeFileSync(rules, text.replace(/^evaluate\b.*$/m, ''));
      process.env.GRIMOIRE_ROOT = project;
      const o = { agent: 'mcts:10', games: 2, every: 6, playouts: 2, turns: [1], seed: 3 };
      const f = fitTerms('skirmish', undefined, o, ['count(me.hand)', 'me.life']);
      expect(f.cuts).toBeGreaterThan(5);
      expect(f.terms.map((t) => t.term)).toEqual(['count(me.hand)', 'me.life']);
      for (const t of f.terms) expect(Number.isFinite(t.weight)).toBe(true);
      expect(f.brierFitted).toBeGreaterThan(0);
      expect(f.brierFitted).toBeLessThan(0.5);
      expect(f.brierOwn).toBeNaN();
      expect(f.brierOwnHeldOut).toBeNaN();
      expect(termFitLines(f).join('\n')).toContain('the game has no evaluate of its own');
    } finally {
      if (before === undefined) delete process.env.GRIMOIRE_ROOT;
      else process.env.GRIMOIRE_ROOT = before;
      rmSync(project, { recursive: true, force: true });
    }
  });

  it('writes a term for the opponent by swapping me and opponent, bracketing a term of several parts', () => {
    expect(termAgainstOpponent('count(me.hand)')).toBe('count(me.hand) - count(opponent.hand)');
    expect(termAgainstOpponent('sum(me.field, it.HP)')).toBe('sum(me.field, it.HP) - sum(opponent.field, it.HP)');
    expect(termAgainstOpponent('if is_empty(me.deck) then 1 else 0')).toBe('(if is_empty(me.deck) then 1 else 0) - (if is_empty(opponent.deck) then 1 else 0)');
    expect(termAgainstOpponent('count(meadow)')).toBe('count(meadow) - count(meadow)');
    // Several parts at the top level are bracketed whatever the spacing; `opponent` becomes `me`.
    expect(termAgainstOpponent('count(me.hand)+count(me.deck)')).toBe('(count(me.hand)+count(me.deck)) - (count(opponent.hand)+count(opponent.deck))');
    expect(termAgainstOpponent('count(opponent.field)')).toBe('count(opponent.field) - count(me.field)');
  });
});
