/**
 * `npm run bench:final-states`: plays 100,000 games — 25,000 of each seed game (trump,
 * Summon & Magic, T-magic, Spimate) — through `grimoire play --final-state`, as a user would,
 * and reads every final state back: each must list every card of its game exactly once, at any
 * depth of attachment, each attached card under the card above it (runtime/final-state.ts,
 * `finalStateProblems`). Prints the time per game and in all; exits 1 on the first problems.
 * Not part of `npm test` (a few minutes on two cores).
 *
 *   npm run bench:final-states                      # 25,000 games of each
 *   npm run bench:final-states -- --games 1000      # fewer, per game
 */
import { spawnSync } from 'node:child_process';
import { createReadStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { finalStateProblems, type FinalStateCard } from '../runtime/final-state.ts';

const root = join(import.meta.dirname, '..');
const { values } = parseArgs({ options: { games: { type: 'string', default: '25000' }, seed: { type: 'string', default: '1' }, chunk: { type: 'string', default: '5000' } } });
const perGame = Number(values.games);
const firstSeed = Number(values.seed);
// The CLI holds a chunk's final states in memory before writing them: chunks keep that small.
const chunk = Number(values.chunk);
const games = ['trump', 'summon-magic', 't-magic', 'spimate'];
const dir = mkdtempSync(join(tmpdir(), 'grimoire-final-states-'));

interface Line {
  seed: number;
  cards?: number;
  zones: Record<string, FinalStateCard[]>;
}

let failed = false;
const started = performance.now();
try {
  for (const game of games) {
    const t0 = performance.now();
    let read = 0;
    const cardCounts = new Map<number, number>();
    let deepest = 0;
    const failedBefore = failed;
    for (let from = firstSeed; from < firstSeed + perGame && !failed; from += chunk) {
      const count = Math.min(chunk, firstSeed + perGame - from);
      const file = join(dir, `${game}-${from}.jsonl`);
      const play = spawnSync(process.execPath, [join(root, 'cli/bin.js'), 'play', game, '--games', String(count), '--seed', String(from), '--json', '--final-state', file], { cwd: root, encoding: 'utf8', maxBuffer: 1 << 26 });
      if (play.status !== 0) {
        console.error(`${game}: grimoire play exited ${play.status}\n${play.stderr}`);
        failed = true;
        break;
      }
      for await (const text of createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity })) {
        if (!text.trim()) continue;
        const line = JSON.parse(text) as Line;
        read++;
        cardCounts.set(line.cards ?? 0, (cardCounts.get(line.cards ?? 0) ?? 0) + 1);
        for (const z of Object.values(line.zones)) for (const e of z) deepest = Math.max(deepest, e.depth ?? 0);
        const problems = finalStateProblems(line.cards, line.zones);
        if (problems.length) {
          console.error(`${game} seed ${line.seed}: ${problems.slice(0, 5).join('; ')}`);
          failed = true;
        }
      }
      rmSync(file, { force: true });
      if (read !== from + count - firstSeed) {
        console.error(`${game}: ${read} final states read, ${from + count - firstSeed} games played`);
        failed = true;
      }
    }
    const counts = [...cardCounts].map(([n, k]) => `${n} cards × ${k}`).join(', ');
    const verdict = failed && !failedBefore ? 'PROBLEMS (above)' : 'every card listed';
    console.log(`${game}: ${read} final states, ${verdict} (${counts}; attached up to ${deepest} deep) in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
console.log(`${failed ? 'FAILED' : 'ok'}: ${games.length * perGame} games in ${((performance.now() - started) / 1000).toFixed(1)} s`);
process.exitCode = failed ? 1 : 0;
