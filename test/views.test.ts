// Hidden information: a player's view and the decisions an agent receives show only what that
// player may see (runtime/view.ts).
import { describe, expect, it } from 'vitest';
import { compiledGame, playScript } from './helpers.ts';
import { Engine } from '../runtime/engine.ts';
import { playGame } from '../runtime/play.ts';
import type { Agent } from '../runtime/agents/agent.ts';
import { randomAgent } from '../runtime/agents/basic.ts';
import type { Player } from '../runtime/model.ts';
import type { PlayerView } from '../runtime/view.ts';

const ir = compiledGame('trump');

function zone(view: PlayerView, label: string) {
  const z = [...view.players.flatMap((p) => p.zones), ...view.shared].find((x) => x.label === label);
  if (!z) throw new Error(`no zone ${label}`);
  return z;
}

describe('player views', () => {
  it('show one\'s own hand, only the count of the opponent\'s, and only counts of hidden piles', () => {
    const engine = new Engine(ir, { seed: 3 });
    const { stopped } = playScript(engine, []);
    expect(stopped).not.toBeNull();
    const [p1, p2] = engine.players as [Player, Player];
    const v1 = engine.view(p1);
    expect(v1.viewer).toBe('p1');
    const ownHand = zone(v1, 'p1.hand');
    expect(ownHand.cards?.map((c) => c.name)).toEqual(p1.zones.find((z) => z?.name === 'hand')!.cards.map((c) => c.name));
    const theirHand = zone(v1, 'p2.hand');
    expect(theirHand.cards).toBeNull();
    expect(theirHand.count).toBe(p2.zones.find((z) => z?.name === 'hand')!.cards.length);
    expect(theirHand.count).toBeGreaterThan(0);
    for (const label of ['p1.life', 'p2.life']) {
      expect(zone(v1, label).cards).toBeNull();
      expect(zone(v1, label).count).toBeGreaterThan(0);
    }
    const judge = engine.view(null);
    expect(judge.viewer).toBe('judge');
    expect(zone(judge, 'p2.hand').cards).toHaveLength(theirHand.count);
    expect(zone(judge, 'p1.life').cards).not.toBeNull();
    // A view is plain JSON.
    expect(JSON.parse(JSON.stringify(v1))).toEqual(v1);
  });

  it('hide a face-down card\'s name and id from the opponent but not from its holder', () => {
    const engine = new Engine(ir, { seed: 1 });
    playScript(engine, []);
    const p2 = engine.players[1]!;
    const field = p2.zones.find((z) => z?.name === 'field')!;
    const def = ir.cards.findIndex((c) => c.name === '◇7');
    const barrier = engine.createCard(def, field);
    barrier.facedown = true;
    const seenByP1 = zone(engine.view(engine.players[0]!), 'p2.field').cards!.at(-1)!;
    expect(seenByP1.facedown).toBe(true);
    expect(seenByP1.name).toBeUndefined();
    expect(seenByP1.id).toBeUndefined();
    expect(seenByP1.values).toBeUndefined();
    const seenByP2 = zone(engine.view(p2), 'p2.field').cards!.at(-1)!;
    expect(seenByP2.name).toBe('◇7');
    barrier.facedown = false;
    expect(zone(engine.view(engine.players[0]!), 'p2.field').cards!.at(-1)!.name).toBe('◇7');
  });

  it('agents never receive the name of a card hidden from them, in options or views', () => {
    let checked = 0;
    const spy = (seed: number, engineRef: { e?: Engine }): Agent[] =>
      [0, 1].map((i) => {
        const inner = randomAgent(seed * 31 + i);
        return {
          choose(d, view) {
            const e = engineRef.e!;
            const me = e.players[i]!;
            const v = view();
            expect(v.viewer).toBe(me.name);
            // Names the player may legitimately know: every card its view shows.
            const known = new Set<string>();
            const walk = (cs: { name?: string; attached: any[] }[] | null) => cs?.forEach((c) => { if (c.name) known.add(c.name); walk(c.attached); });
            for (const z of [...v.players.flatMap((p) => p.zones), ...v.shared]) walk(z.cards);
            for (const r of v.stack) walk(r.cards);
            const cardNames = new Set(e.allCards().map((c) => c.name));
            // A player choosing among cards of their own zones looks at them (searching their deck).
            const own = new Set(me.zones.flatMap((z) => (z ? z.cards.map((c) => c.name) : [])));
            for (const label of d.options) for (const part of label.split(' + ')) {
              if (cardNames.has(part)) expect(known.has(part) || own.has(part), `${me.name} was offered '${part}', which it cannot see`).toBe(true);
            }
            for (const z of v.players.flatMap((p) => p.zones)) {
              const vis = ir.zones.find((x) => x.name === z.zone)!.visibility;
              if (vis === 'hidden' || (vis === 'private' && !z.label.startsWith(`${me.name}.`))) {
                // Only cards revealed to this player show there, by name.
                for (const c of z.cards ?? []) {
                  if (c.id === undefined) continue;
                  const card = e.allCards().find((x) => x.id === c.id)!;
                  expect(card.revealedTo & (1 << i), `${card.name} in ${z.label} shown to ${me.name}`).not.toBe(0);
                }
              }
            }
            checked++;
            return inner.choose(d, view);
          },
        };
      });
    for (let seed = 1; seed <= 8; seed++) {
      const ref: { e?: Engine } = {};
      // playGame builds the engine; the spy reads it through `ref` only to compute the truth.
      const game = playGame(ir, seed, {
        agents: (s) => {
          const agents = spy(s, ref);
          return agents;
        },
        onStart: (e) => (ref.e = e),
      });
      expect(game.result).not.toBeNull();
    }
    expect(checked).toBeGreaterThan(100);
  });
});
