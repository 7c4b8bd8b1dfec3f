/**
 * What the balance lab's statistics cost (issue 13's target: `grimoire balance trump --games
 * 20000` with random agents within 1.3× of `grimoire play trump --games 20000`), measured as a
 * user runs them — the two commands in their own processes, one worker thread each, interleaved so
 * that machine noise hits both alike — and how many games a minute a balance run between MCTS
 * agents plays.
 *
 * Both are measured with `--values none`: by default a balance run also plays what each card is
 * worth — the same seeds with each card replaced, and under search agents a random-play screen —
 * many times the report's games (docs/balance.md, "replacement values"), which is not the cost of
 * the statistics and is not a search game. That default run is timed apart, as a user runs it,
 * with how many games it played in all.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

export interface BalanceSpeed {
  games: number;
  /** Seconds per run of each command, one per sample. */
  playSeconds: number[];
  balanceSeconds: number[];
  /** The median of balance ÷ play over the interleaved pairs. */
  ratio: number;
  /** `balance trump --format master --p1 mcts:100 --p2 mcts:100 --values none`: games per minute on one worker thread. */
  mcts: { agents: string; games: number; gamesPerMinute: number };
  /** `balance trump --games N` as a user runs it (replacement values on): its time and every game it played. */
  withValues: { games: number; seconds: number; played: number };
}

function grimoire(root: string, args: string[]): string {
  const r = spawnSync(process.execPath, [join(root, 'cli', 'bin.js'), ...args], { cwd: root, encoding: 'utf8', maxBuffer: 1 << 28 });
  if (r.status !== 0) throw new Error(`grimoire ${args.join(' ')} failed: ${r.stderr}`);
  return r.stdout;
}

function timed(root: string, args: string[]): number {
  const t0 = performance.now();
  grimoire(root, args);
  return (performance.now() - t0) / 1000;
}

type Timing = { timing: { seconds: number; played: number; gamesPerMinute: number } };

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export function measureBalanceSpeed(root: string, quick: boolean, onSample: () => void): BalanceSpeed {
  const games = quick ? 2000 : 20000;
  const samples = quick ? 1 : 3;
  const common = ['trump', '--games', String(games), '--seed', '1', '--workers', '1', '--json'];
  const playSeconds: number[] = [];
  const balanceSeconds: number[] = [];
  for (let i = 0; i < samples; i++) {
    playSeconds.push(timed(root, ['play', ...common]));
    balanceSeconds.push(timed(root, ['balance', ...common, '--values', 'none']));
    onSample();
  }
  const ratio = median(balanceSeconds.map((b, i) => b / playSeconds[i]!));
  const mctsGames = quick ? 2 : 6;
  const agents = 'mcts:100';
  const mctsRun = JSON.parse(grimoire(root, ['balance', 'trump', '--format', 'master', '--p1', agents, '--p2', agents, '--games', String(mctsGames), '--workers', '1', '--values', 'none', '--json'])) as Timing;
  onSample();
  const valueGames = quick ? 500 : 2000;
  const t0 = performance.now();
  const valued = JSON.parse(grimoire(root, ['balance', 'trump', '--games', String(valueGames), '--seed', '1', '--workers', '1', '--json'])) as Timing;
  const withValues = { games: valueGames, seconds: (performance.now() - t0) / 1000, played: valued.timing.played };
  return { games, playSeconds, balanceSeconds, ratio, mcts: { agents, games: mctsGames, gamesPerMinute: mctsRun.timing.gamesPerMinute }, withValues };
}
