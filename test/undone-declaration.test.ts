/**
 * Settle skips the rules' checks while nothing they read has changed (runtime/state.ts
 * `changes`). A declaration that fails after its cost has settled the state (a `perform` inside
 * the cost) is rolled back: the checks must then see the state it returns to, not skip it.
 * Found by review: a trigger moves the discarded card back to hand in its cost, performs an
 * action, then has nothing to target and is undone — the card is in the pile again, and the
 * check "a card in your pile: you win" must end the game on that same turn. And a card a cost
 * makes is unmade with the trial or declaration that made it; and a request a trial puts on the
 * stack (a `perform` in a cost) and cancels there is gone with the trial (found while writing a
 * test for a mutation survivor, issue 31: the stack's push and pop were not journaled, its
 * cancel was, so the undo put back the cancelled request).
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

  it('a request a trial puts on the stack and cancels there is not left on the stack when the trial is undone', () => {
    // Echo's cost performs Ping (a request on the stack); in the trial (is Echo possible?) the
    // opponent answers with Counter, which cancels Ping; Echo's target then finds nothing, and the
    // trial is undone. Nothing was declared: the stack must be as empty as before.
    const r = compileGame({
      sources: [{
        path: 'echo.grim',
        text: `
game g "G" { players 2 max turns 2 stack stage leftover pile }
zone deck per player hidden ordered
zone pile per player public
zone stage shared public ordered
card type C { attr rank: number }
card A: C { rank = 1 }
card B: C { rank = 2 }
setup { for each p in players { create every C in p.deck } }
turn { window main passable }
action Ping "Put the top card of the deck on the pile" {
  when false
  effect { move top(me.deck, 1) to me.pile }
}
action Counter "Cancel a Ping" {
  when me != active and not any(stack, it.action == Counter)
  target r: 1 from stack where it.action == Ping
  effect { cancel r }
}
action Echo "Ping, then take the card it put on the pile" {
  speed immediate
  when me == active and is_empty(stack)
  cost { perform Ping }
  target t: 1 from me.pile
  effect { move t to me.deck }
}
`,
      }],
    });
    expect(r.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const e = new Engine(r.ir!, { seed: 1 });
    const asked: { labels: string[]; stack: number }[] = [];
    e.run((d) => {
      asked.push({ labels: d.options.map((o) => o.label), stack: e.view(null).stack.length });
      return d.options.findIndex((o) => o.label === 'pass');
    });
    // Each player's window: Echo not offered (the trial failed), and nothing on the stack.
    expect(asked).toEqual([{ labels: ['pass'], stack: 0 }, { labels: ['pass'], stack: 0 }]);
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
