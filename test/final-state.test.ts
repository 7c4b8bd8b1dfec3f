// `play --final-state` lists every card of the game at any depth of attachment, each attached
// card saying which card it lies under (issue 11 §1: cards two deep were missing).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { playBatch, type GameSummary } from '../runtime/batch.ts';
import { finalStateProblems, type FinalStateCard } from '../runtime/final-state.ts';
import { compiledGame, root } from './helpers.ts';

const deepest = (g: GameSummary) => Math.max(0, ...Object.values(g.zones!).flatMap((z) => z.map((e) => e.depth ?? 0)));

describe('--final-state lists every card at any depth', () => {
  // Seeds whose game ends with a card under a card that is itself under another card (the
  // issue's were 375, 738, 739 and 2578, 4460, 5631 with actions listed: --draws listed).
  const twoDeep: Record<string, number[]> = { 'summon-magic': [441, 688, 837], 't-magic': [7455, 13384, 22070] };
  for (const [game, seeds] of Object.entries(twoDeep)) {
    it(`${game} seeds ${seeds.join(', ')}: cards attached two deep are listed, under their host`, () => {
      const ir = compiledGame(game);
      for (const seed of seeds) {
        const [g] = playBatch(ir, seed, 1, { finalState: true });
        expect(g!.error).toBeNull();
        expect(deepest(g!), `seed ${seed} ends with a card two deep`).toBeGreaterThanOrEqual(2);
        expect(finalStateProblems(g!.cards, g!.zones!), `seed ${seed}`).toEqual([]);
        expect(Object.values(g!.zones!).flat().length).toBe(g!.cards);
      }
    });
  }

  // Every seed game: the final state's cards are the game's cards, one entry each.
  const counts: Record<string, number> = { trump: 108, 'summon-magic': 150, 't-magic': 46, spimate: 60 };
  for (const game of Object.keys(counts)) {
    it(`${game}: 300 games, each final state lists each of the game's cards once`, () => {
      const ir = compiledGame(game);
      const games = playBatch(ir, 1, 300, { finalState: true });
      for (const g of games) {
        expect(g.error, `seed ${g.seed}`).toBeNull();
        expect(finalStateProblems(g.cards, g.zones!), `seed ${g.seed}`).toEqual([]);
        // The game's own count (decks, side decks, avatars: the same in every game), not the engine's.
        expect(g.cards, `seed ${g.seed}`).toBe(counts[game]);
      }
    });
  }

  it('grimoire play --final-state writes the documented shape: one line per game with cards and zones', () => {
    const dir = mkdtempSync(join(tmpdir(), 'grim-final-'));
    const file = join(dir, 'f.jsonl');
    const r = spawnSync(process.execPath, [join(root, 'cli/bin.js'), 'play', 'summon-magic', '--games', '1', '--seed', '441', '--workers', '1', '--json', '--final-state', file], { cwd: root, encoding: 'utf8', timeout: 120_000 });
    expect(r.status, r.stderr).toBe(0);
    const lines = readFileSync(file, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    expect(lines).toHaveLength(1);
    const [line] = lines;
    expect(line).toMatchObject({ seed: 441, cards: 150 });
    expect(Object.values(line.zones as Record<string, FinalStateCard[]>).flat()).toHaveLength(150);
    expect(finalStateProblems(line.cards, line.zones)).toEqual([]);
    const two = Object.values(line.zones as Record<string, FinalStateCard[]>).flat().find((e) => e.depth === 2)!;
    expect(two).toMatchObject({ card: expect.any(String), id: expect.any(Number), under: expect.stringMatching(/#\d+$/), depth: 2 });
  });
});
