/**
 * `npm run bench:ladder`: the search agents' strength ladder for every seed game (issue 12).
 *
 *   mcts:500  against random     target: A wins ≥ 85%, seats swapped, ≥ 200 games
 *   mcts:2000 against mcts:200   target: A wins > 55% (more search must help)
 *   greedy    against random     reported
 *
 * Each duel is `grimoire duel … --json` in a process of its own (its worker threads: one per core
 * unless --workers says otherwise), so the figures are the ones a designer gets from the CLI.
 * Every rate is printed with its sample size and its 95% Wilson interval: a target is met when the
 * rate reaches it, and the interval beside it says how sure that is. Results are written after each duel to
 * bench/results/ladder.json (a long run keeps what it finished), then printed as a table.
 *
 * Options: --games N (default 200), --deep-games N (mcts:2000 v mcts:200; default 100),
 * --game NAME (repeatable), --pairs main|deep|greedy (comma-separated; default all),
 * --workers N, --seed S, --out FILE (default bench/results/ladder.json; two ladders at once need two files).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { availableParallelism, cpus } from 'node:os';

const root = process.env.GRIMOIRE_ROOT ?? process.cwd();
const { values } = parseArgs({
  args: process.argv.slice(2).filter((a) => a !== '--ladder'),
  options: {
    games: { type: 'string' },
    'deep-games': { type: 'string' },
    game: { type: 'string', multiple: true },
    pairs: { type: 'string' },
    workers: { type: 'string' },
    seed: { type: 'string' },
    out: { type: 'string' },
  },
});

const SEED_GAMES: [string, string | undefined][] = [
  ['trump', 'master'],
  ['summon-magic', undefined],
  ['t-magic', undefined],
  ['spimate', undefined],
];

interface Pair {
  kind: 'main' | 'deep' | 'greedy';
  a: string;
  b: string;
  games: number;
  /** A's win rate must exceed this (≥ for main), or null: reported only. */
  target: number | null;
}

const games = Number(values.games ?? 200);
const deepGames = Number(values['deep-games'] ?? 100);
const kinds = new Set((values.pairs ?? 'main,deep,greedy').split(','));
const pairs: Pair[] = (
  [
    { kind: 'main', a: 'mcts:500', b: 'random', games, target: 0.85 },
    { kind: 'greedy', a: 'greedy', b: 'random', games, target: null },
    { kind: 'deep', a: 'mcts:2000', b: 'mcts:200', games: deepGames, target: 0.55 },
  ] as Pair[]
).filter((p) => kinds.has(p.kind));
const chosen = SEED_GAMES.filter(([g]) => !values.game || values.game.includes(g));

interface DuelResult {
  game: string;
  format: string;
  a: string;
  b: string;
  games: number;
  seed: number;
  wins_a: number;
  wins_b: number;
  draws: number;
  errors: number;
  winRateA: number;
  ci95: [number, number];
  gamesPerSecond: number;
  workers: number;
}

const out = values.out ?? join(root, 'bench', 'results', 'ladder.json');
mkdirSync(join(root, 'bench', 'results'), { recursive: true });
const saved: { machine: string; duels: (DuelResult & { target: number | null; seconds: number; date: string })[] } = existsSync(out)
  ? JSON.parse(readFileSync(out, 'utf8'))
  : { machine: '', duels: [] };
saved.machine = `${cpus()[0]?.model ?? 'unknown CPU'}, ${availableParallelism()} cores, Node ${process.versions.node}`;

for (const [game, format] of chosen) {
  for (const p of pairs) {
    const args = [join(root, 'cli', 'bin.js'), 'duel', game, p.a, p.b, '--games', String(p.games), '--seed', values.seed ?? '1', '--json'];
    if (format) args.push('--format', format);
    if (values.workers) args.push('--workers', values.workers);
    process.stderr.write(`${game}${format ? ` (${format})` : ''}: ${p.a} v ${p.b}, ${p.games} games… `);
    const t0 = performance.now();
    const r = spawnSync(process.execPath, args, { cwd: root, encoding: 'utf8', maxBuffer: 1 << 26 });
    const seconds = (performance.now() - t0) / 1000;
    if (r.status !== 0 && !r.stdout.trim()) {
      process.stderr.write(`failed:\n${r.stderr}\n`);
      continue;
    }
    const d = JSON.parse(r.stdout.trim().split('\n').pop()!) as DuelResult;
    process.stderr.write(`${(100 * d.winRateA).toFixed(1)}% in ${seconds.toFixed(0)} s\n`);
    saved.duels = saved.duels.filter((x) => !(x.game === d.game && x.format === d.format && x.a === d.a && x.b === d.b && x.games === d.games && x.seed === d.seed));
    saved.duels.push({ ...d, target: p.target, seconds, date: new Date().toISOString() });
    writeFileSync(out, JSON.stringify(saved, null, 2) + '\n');
  }
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
const lines = [`Strength ladder — ${saved.machine} (bench/results/ladder.json)`, '', '| game | A | B | games | A won | B won | draws | A\'s win rate (95% CI) | target | games/s |', '|---|---|---|---|---|---|---|---|---|---|'];
for (const d of saved.duels) {
  // (Against random the target is "at least"; more search against less must do strictly better.)
  const atLeast = d.b === 'random';
  const met = d.target === null ? 'reported' : `${atLeast ? '≥' : '>'} ${pct(d.target)}: ${(atLeast ? d.winRateA >= d.target : d.winRateA > d.target) ? 'met' : 'not met'}`;
  lines.push(`| ${d.game}${d.format !== 'standard' ? ` (${d.format})` : ''} | ${d.a} | ${d.b} | ${d.games} | ${d.wins_a} | ${d.wins_b} | ${d.draws} | ${pct(d.winRateA)} (${pct(d.ci95[0])}–${pct(d.ci95[1])}) | ${met} | ${d.gamesPerSecond} |`);
}
console.log(lines.join('\n'));
