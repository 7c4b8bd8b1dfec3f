/**
 * `reveal` (docs/language.md): a card revealed to a player is seen by them — in their view and
 * in decision labels — until it next moves; revealing one card of a hidden zone shows that card
 * only, not the rest of the zone. The oracle is the player's view itself: which card names it
 * holds, zone by zone.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileGame } from '../compiler/compile.ts';
import { Engine, StopRun, type Decision } from '../runtime/engine.ts';
import type { PlayerView } from '../runtime/view.ts';
import { root } from './helpers.ts';

const path = join(root, 'test/fixtures/reveal/game.grim');

function game() {
  const r = compileGame({ sources: [{ path, text: readFileSync(path, 'utf8') }] });
  if (!r.ir) throw new Error(r.diagnostics.map((d) => `${d.code}: ${d.message}`).join('\n'));
  return r.ir;
}

/** The card names a view shows in one of its player's zones (of the viewer's own seat). */
function named(view: PlayerView, player: string, zone: string): string[] {
  const z = view.players.find((p) => p.name === player)!.zones.find((x) => x.zone === zone)!;
  return (z.cards ?? []).flatMap((c) => ('name' in c && typeof c.name === 'string' ? [c.name] : []));
}

describe('reveal', () => {
  it("shows the one card revealed, to that player only, and not once it has moved", () => {
    for (const seed of [1, 2, 3, 4]) {
      const e = new Engine(game(), { seed });
      const seen: { decision: Decision; mine: string[]; pile: string[]; theirs: string[]; top: string; other: string[] }[] = [];
      let n = 0;
      e.run((d) => {
        const me = d.player;
        const other = e.players.find((p) => p !== me)!;
        const view = e.view(me);
        seen.push({
          decision: d,
          mine: named(view, me.name, 'deck'),
          pile: named(view, me.name, 'pile'),
          theirs: named(e.view(other), me.name, 'deck'),
          top: me.zones.find((z) => z?.name === 'deck')!.cards[0]?.name ?? '',
          other: named(view, other.name, 'deck'),
        });
        if (++n === 2) throw new StopRun(d);
        // First: bury the revealed card (the action, not the pass).
        return d.options.findIndex((o) => o.label === 'Bury');
      });
      const [first, second] = seen;
      // The second decision is the same player's, in the same turn (after Bury).
      expect(second!.decision.player).toBe(first!.decision.player);
      expect(first!.decision.options.map((o) => o.label)).toContain('Bury');
      // The top card, revealed to the active player: named in their view, alone of the five.
      expect(first!.mine).toEqual([first!.top]);
      // Not to the other player, and the other player's deck shows nothing.
      expect(first!.theirs).toEqual([]);
      expect(first!.other).toEqual([]);
      // Moved to the pile (another hidden zone): no longer seen, there or in the deck.
      expect(second!.pile).toEqual([]);
      expect(second!.mine).toEqual([]);
    }
  });
});
