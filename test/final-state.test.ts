// `play --final-state` lists every card of the game at any depth of attachment, each attached
// card saying which card it lies under (issue 11 §1: cards two deep were missing).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { playBatch, type GameSummary } from '../runtime/batch.ts';
import type { FinalStateCard } from '../runtime/final-state.ts';
import { compiledGame, root } from './helpers.ts';

/**
 * What is wrong with a final state, in words: a card missing or listed twice, an entry whose
 * `under` is not the entry above it at the depth above, a depth that skips a level.
 */
function finalStateProblems(cards: number | undefined, zones: Record<string, FinalStateCard[]>): string[] {
  const problems: string[] = [];
  if (typeof cards !== 'number' || cards < 1) return [`the final state does not say how many cards the game has (cards: ${cards})`];
  const listed = new Map<number, string>();
  for (const [zone, entries] of Object.entries(zones)) {
    // The chain of hosts above the current entry: hosts[d] is the card at depth d.
    const hosts: FinalStateCard[] = [];
    for (const e of entries) {
      if (listed.has(e.id)) problems.push(`${e.card}#${e.id} is listed in ${listed.get(e.id)} and in ${zone}`);
      listed.set(e.id, zone);
      const depth = e.depth ?? 0;
      if ((e.under === undefined) !== (depth === 0)) problems.push(`${zone}: ${e.card}#${e.id} has under ${e.under} at depth ${depth}`);
      if (depth > hosts.length) problems.push(`${zone}: ${e.card}#${e.id} is at depth ${depth} below no card at depth ${depth - 1}`);
      else if (depth > 0) {
        const host = hosts[depth - 1]!;
        if (e.under !== `${host.card}#${host.id}`) problems.push(`${zone}: ${e.card}#${e.id} says it is under ${e.under}, but the card above it at depth ${depth - 1} is ${host.card}#${host.id}`);
      }
      hosts.length = depth;
      hosts.push(e);
    }
  }
  for (let id = 1; id <= cards; id++) if (!listed.has(id)) problems.push(`card #${id} of ${cards} is not listed`);
  for (const id of listed.keys()) if (id < 1 || id > cards) problems.push(`card #${id} is listed, but the game has ${cards} cards`);
  return problems;
}

const deepest = (g: GameSummary) => Math.max(0, ...Object.values(g.zones!).flatMap((z) => z.map((e) => e.depth ?? 0)));

describe('--final-state lists every card at any depth', () => {
  // The seeds of the issue: a card under a card that is itself under another card at the end.
  const twoDeep: Record<string, number[]> = { 'summon-magic': [375, 738, 739], 't-magic': [2578, 4460, 5631] };
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
    const r = spawnSync(process.execPath, [join(root, 'cli/bin.js'), 'play', 'summon-magic', '--games', '1', '--seed', '375', '--workers', '1', '--json', '--final-state', file], { cwd: root, encoding: 'utf8', timeout: 120_000 });
    expect(r.status, r.stderr).toBe(0);
    const lines = readFileSync(file, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    expect(lines).toHaveLength(1);
    const [line] = lines;
    expect(line).toMatchObject({ seed: 375, cards: 150 });
    expect(Object.values(line.zones as Record<string, FinalStateCard[]>).flat()).toHaveLength(150);
    expect(finalStateProblems(line.cards, line.zones)).toEqual([]);
    const two = Object.values(line.zones as Record<string, FinalStateCard[]>).flat().find((e) => e.depth === 2)!;
    expect(two).toMatchObject({ card: expect.any(String), id: expect.any(Number), under: expect.stringMatching(/#\d+$/), depth: 2 });
  });
});
