/**
 * The first-step shortcut (runtime/first-step.ts): an action whose first choice (`from <zone>
 * where <test>`) failed is not tried again while the zone holds the same cards — sound only while
 * the test reads attributes nothing changes. The runtime decides which those are from the IR it
 * is given (the printed attributes no statement sets), not from what the compiler happens to
 * allow: the compiler refuses `set` on an attr, but an IR is a program's input too (its schema,
 * compiler/ir.schema.json, lets a statement set any card field), and an action whose test reads
 * an attribute such an IR sets must be tried again once it has changed.
 */
import { describe, expect, it } from 'vitest';
import { compileGame } from '../compiler/compile.ts';
import type { GameIR } from '../compiler/ir.ts';
import { validateIR } from '../compiler/validate-ir.ts';
import { Engine } from '../runtime/engine.ts';
import { firstStep } from '../runtime/first-step.ts';

const game = (train: string) => `
game f "First step" { players 2 max turns 2 }
zone hand per player private ordered
zone pile per player public
card type C { attr power: number  state boost: number = 0 }
card Weak: C { power = 1 }
card Mid: C { power = 2 }
setup { for each p in players { create every C in p.hand } }
turn { window main passable }
// Its first step needs a card of power 5 in hand: none at first, so it fails there.
action Strike "Play a card of power 5 or more" {
  speed immediate
  when me == active
  target x: 1 from me.hand where it.power >= 5
  effect { move x to me.pile }
}
action Train "Train the cards in hand" {
  speed immediate
  when me == active
  limit 1 per turn
  effect { for each c in me.hand { ${train} } }
}
`;

describe('the first-step shortcut', () => {
  it('tries an action again once a statement has changed the attribute its first choice reads (the same cards in the zone)', () => {
    // The compiler refuses to set a printed attribute…
    const refused = compileGame({ sources: [{ path: 'f.grim', text: game('set c.power = 5') }] });
    expect(refused.diagnostics.map((d) => d.code)).toContain('type/not-assignable');
    // …so the IR is written by hand, as another front end could: Train's `set c.boost = 5` made
    // to set `power`, an IR the schema accepts.
    const r = compileGame({ sources: [{ path: 'f.grim', text: game('set c.boost = 5') }] });
    if (!r.ir) throw new Error(r.diagnostics.map((d) => d.message).join('\n'));
    const ir = structuredClone(r.ir) as GameIR;
    const power = ir.cardFields.findIndex((f) => f.name === 'power');
    const boost = ir.cardFields.findIndex((f) => f.name === 'boost');
    expect(ir.cardFields[power]!.kind).toBe('attr');
    let patched = 0;
    const patch = (x: unknown): void => {
      if (x === null || typeof x !== 'object') return;
      if (Array.isArray(x)) return x.forEach(patch);
      const o = x as { kind?: string; field?: number };
      if (o.kind === 'setCard' && o.field === boost) {
        o.field = power;
        patched++;
      }
      Object.values(o).forEach(patch);
    };
    patch(ir.actions.find((a) => a.name === 'Train')!.effect);
    expect(patched).toBe(1);
    expect(validateIR(ir)).toEqual({ ok: true });

    const e = new Engine(ir, { seed: 1 });
    const asked: string[][] = [];
    e.run((d) => {
      const labels = d.options.map((o) => o.label);
      asked.push(labels);
      if (asked.length === 1) return labels.indexOf('Train');
      if (asked.length === 2) {
        // Train set the power of both cards in hand to 5: Strike's target has candidates now.
        const hand = d.player.zones.find((z) => z?.name === 'hand')!.cards;
        expect(hand.map((c) => c.f[power])).toEqual([5, 5]);
        return labels.indexOf('pass');
      }
      return labels.indexOf('pass');
    });
    // Before Train: Strike is not offered (no card of power 5). After it, with the same two
    // cards in hand, it is.
    expect(asked[0]).toEqual(['Train', 'pass']);
    expect(asked[1]).toEqual(['Strike', 'pass']);
  });

  it('applies to a first choice whose test reads a printed attribute no statement sets, not to one reading a state a statement sets', () => {
    // Strike's `where it.power >= 5` reads `power`, an attr nothing sets in this game (Train sets
    // `boost`): its failure depends on the hand's cards alone — the module's contract. The same
    // test over `boost`, which Train sets, may pass later with the same cards: no shortcut.
    const compiled = (test: string) => {
      const r = compileGame({ sources: [{ path: 'f.grim', text: game('set c.boost = 5').replace('where it.power >= 5', `where ${test}`) }] });
      if (!r.ir) throw new Error(r.diagnostics.map((d) => d.message).join('\n'));
      return r.ir;
    };
    const onPower = compiled('it.power >= 5');
    const hand = onPower.zones.findIndex((z) => z.name === 'hand');
    expect(firstStep(onPower.actions.find((a) => a.name === 'Strike')!, onPower)).toEqual({ zone: hand, bare: false });
    const onBoost = compiled('it.boost >= 5');
    expect(firstStep(onBoost.actions.find((a) => a.name === 'Strike')!, onBoost)).toBeNull();
  });
});
