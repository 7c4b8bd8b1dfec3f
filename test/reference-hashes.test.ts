/**
 * Every game plays the same games: a fixed batch of random games of each game and format gives
 * the hash recorded in test/fixtures/reference-hashes.json (the same hash `grimoire play … --json`
 * prints), with the random players' actions drawn as by default (sampled) and listed (`--draws
 * listed`: the games as they were before sampled draws). A speed change to the runtime must leave
 * every hash as it is; a rule change that changes a game's games updates the file and says why.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { foldBatch, playBatch } from '../runtime/batch.ts';
import { compiledGame, root } from './helpers.ts';

interface Reference {
  seed: number;
  batches: { game: string; format?: string; games: number; hash: string; listed: string }[];
}

const reference = JSON.parse(readFileSync(join(root, 'test', 'fixtures', 'reference-hashes.json'), 'utf8')) as Reference;

describe('reference hashes', () => {
  for (const b of reference.batches) {
    it(`${b.game}${b.format ? ` (${b.format})` : ''}: ${b.games} games from seed ${reference.seed} hash to ${b.hash}`, () => {
      const games = playBatch(compiledGame(b.game), reference.seed, b.games, { format: b.format });
      expect(games.filter((g) => g.error)).toEqual([]);
      expect(foldBatch(games).hash).toBe(b.hash);
    });
    it(`${b.game}${b.format ? ` (${b.format})` : ''}, actions listed: ${b.games} games from seed ${reference.seed} hash to ${b.listed}`, () => {
      const games = playBatch(compiledGame(b.game), reference.seed, b.games, { format: b.format, draws: 'listed' });
      expect(games.filter((g) => g.error)).toEqual([]);
      expect(foldBatch(games).hash).toBe(b.listed);
    });
  }
});
