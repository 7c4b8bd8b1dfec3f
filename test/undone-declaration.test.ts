/**
 * Settle skips the rules' checks while nothing they read has changed (runtime/state.ts
 * `changes`). A declaration that fails after its cost has settled the state (a `perform` inside
 * the cost) is rolled back: the checks must then see the state it returns to, not skip it.
 * Found by review: a trigger moves the discarded card back to hand in its cost, performs an
 * action, then has nothing to target and is undone — the card is in the pile again, and the
 * check "a card in your pile: you win" must end the game on that same turn. And a card a cost
 * makes is unmade with the trial or declaration that made it.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileGame } from '../compiler/compile.ts';
import { gameSources } from '../compiler/project.ts';
import { Engine } from '../runtime/engine.ts';
import { root } from './helpers.ts';
import { logText } from '../scenario/log-words.ts';

const project = join(root, 'test', 'fixtures', 'undone-declaration');

describe('what an undone declaration or trial leaves (review findings)', () => {
  it('the checks run on the state the rollback returns to', () => {
    const r = compileGame({ sources: gameSources(project, 'undone')!, loadBase: (n) => gameSources(project, n) });
    expect(r.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const e = new Engine(r.ir!, { seed: 1, log: true });
    const p1 = e.players[0]!;
    e.active = p1;
    e.turn = 1;
    e.createCard(0, p1.zones[1]!);
    e.runFrom('main', (d) => {
      const labels = d.options.map((o) => o.label);
      const discard = labels.indexOf('Discard');
      return discard >= 0 ? discard : Math.max(0, labels.indexOf('pass'));
    });
    // The trigger was undone (nothing to target), its cost with it.
    expect(e.log.some((l) => l.kind === 'impossible' && logText(l).includes('Regret'))).toBe(true);
    expect(e.result?.winner).toBe('p1');
    expect(e.turn).toBe(1);
  });

  it('a card a cost makes in a trial (is this action legal?) does not stay when the trial is undone', () => {
    const r = compileGame({ sources: gameSources(project, 'made')!, loadBase: (n) => gameSources(project, n) });
    expect(r.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const e = new Engine(r.ir!, { seed: 1 });
    let offered = 0;
    // Every window offers `Make` (its trial makes a card); every answer is "pass".
    e.run((d) => {
      const labels = d.options.map((o) => o.label);
      if (labels.includes('Make')) offered++;
      return labels.indexOf('pass');
    });
    expect(offered).toBeGreaterThan(0);
    expect(e.players.map((p) => p.zones[1]!.cards.length)).toEqual([0, 0]);
    expect(e.allCards()).toHaveLength(0);
  });
});
