/**
 * The `strong` agent against today's `mcts:200` (issue 29), per seed game, in one process:
 *
 *   speed   self-play games — strong against strong, and mcts:200 against mcts:200, on the same
 *           seeds, each side's in a batch of its own (one engine, as a balance run's worker) —
 *           timed in CPU time: each side's games per minute and
 *           their ratio (target ≥ 5×). Side by side in one process, so the machine's load falls on
 *           both alike; the ratio is the figure, the games per minute are this machine's.
 *   duel    strong against mcts:200, seats swapped every game (A is p1 on odd seeds, as in
 *           `grimoire duel`): strong's win rate with its 95% Wilson interval (target ≥ 50%).
 *
 *   npx tsx bench/strong.ts [--game NAME]… [--a AGENT] [--b AGENT] [--speed-games N] [--duel-games N] [--seed S] [--aa] [--json] [--out FILE]
 *
 * Defaults: every seed game, --a strong, --b mcts:200, 4 speed games and 20 duel games (a
 * glance: the 200-game figures of bench/baselines/strong-issue-29.json took hours on 2 cores).
 * `--duel-games 0` measures the speed alone. A game whose strong agent is B itself (mcts:200: no
 * cheaper one found) plays nothing and says so — unless `--aa` asks for that very run: A against
 * itself, the check that the duel reads about half where nothing differs (the A/A run). Games run in this thread (no workers), so CPU time
 * is the games' own.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { GameIR } from '../compiler/ir.ts';
import { compileGame } from '../compiler/compile.ts';
import { gameSources } from '../compiler/project.ts';
import { playBatch, type GameSummary } from '../runtime/batch.ts';
import { wilson } from '../balance/statistics.ts';
import { parseAgent } from '../runtime/agents/spec.ts';

const root = process.env.GRIMOIRE_ROOT ?? join(import.meta.dirname, '..');

/** The seed games and the format each is measured in (as bench/ladder.ts). */
export const STRONG_GAMES: [string, string | undefined][] = [
  ['trump', 'master'],
  ['summon-magic', undefined],
  ['t-magic', undefined],
  ['spimate', undefined],
];

export interface StrongOptions {
  a: string;
  b: string;
  speedGames: number;
  duelGames: number;
  seed: number;
  /** Play A against B even where they are the same agent: an A/A run, the duel's own check (about half, within its interval). */
  aa?: boolean;
}

export interface StrongRow {
  game: string;
  a: string;
  b: string;
  /** Self-play games per CPU minute of A against A, and of B against B (the same seeds). */
  gamesPerMinA: number;
  gamesPerMinB: number;
  /** gamesPerMinA ÷ gamesPerMinB (target ≥ 5). */
  speedRatio: number;
  speedGames: number;
  /** Mean turns of a self-play game, each side. */
  turnsA: number;
  turnsB: number;
  duelGames: number;
  winsA: number;
  winsB: number;
  draws: number;
  errors: number;
  winRateA: number;
  ci95: [number, number];
}

function compiled(game: string): GameIR {
  const r = compileGame({ sources: gameSources(root, game)!, loadBase: (n) => gameSources(root, n) });
  if (!r.ir) throw new Error(`${game} does not compile: run grimoire check rules/${game}`);
  return r.ir;
}

const cpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

function one(ir: GameIR, format: string | undefined, seed: number, p1: string, p2: string, alternate = false): GameSummary {
  const [g] = playBatch(ir, seed, 1, { format, agents: { p1, p2, alternate } });
  if (g!.error) throw new Error(`${ir.game.name} seed ${seed} (${p1} v ${p2}): ${g!.error}`);
  return g!;
}

export function measureStrong(game: string, format: string | undefined, o: StrongOptions, out: (line: string) => void = () => {}): StrongRow {
  const { a: A, b: B, seed: seed0 } = o;
  const ir = compiled(game);
  // Where the game's strong agent is B itself (no cheaper one found yet), there is nothing to
  // measure: the same games at the same speed. Say so instead of playing them twice.
  const spec = parseAgent(A, ir.game);
  const same = !o.aa && !('error' in spec) && (spec.plays ?? spec.name) === B;
  const speedGames = same ? 0 : o.speedGames;
  const duelGames = same ? 0 : o.duelGames;
  let msA = 0;
  let msB = 0;
  let turnsA = 0;
  let turnsB = 0;
  // Each side's games in a batch of its own (one engine for its games, as a balance run's worker
  // has), in two halves ordered A B, B A: neither side always meets a cold or a warm machine.
  const half = Math.ceil(speedGames / 2);
  const run = (agent: string, from: number, count: number): void => {
    if (count <= 0) return;
    const t0 = cpuMs();
    const gs = playBatch(ir, from, count, { format, agents: { p1: agent, p2: agent } });
    const ms = cpuMs() - t0;
    for (const g of gs) if (g.error) throw new Error(`${game} seed ${g.seed} (${agent} v ${agent}): ${g.error}`);
    const turns = gs.reduce((n, g) => n + g.turns, 0);
    if (agent === A) (msA += ms), (turnsA += turns);
    else (msB += ms), (turnsB += turns);
  };
  run(A, seed0, half);
  run(B, seed0, half);
  out(`  ${game} speed, first half: ${A} ${(msA / 1000).toFixed(1)} s, ${B} ${(msB / 1000).toFixed(1)} s`);
  run(B, seed0 + half, speedGames - half);
  run(A, seed0 + half, speedGames - half);
  out(`  ${game} speed: ${A} ${(msA / 1000).toFixed(1)} s, ${B} ${(msB / 1000).toFixed(1)} s for ${speedGames} games each`);
  let winsA = 0;
  let winsB = 0;
  let draws = 0;
  for (let i = 0; i < duelGames; i++) {
    const seed = seed0 + i;
    // As `grimoire duel`: A is p1 on odd seeds (runtime/batch.ts swapped), B the other seat.
    const g = one(ir, format, seed, A, B, true);
    const aSeat = seed % 2 === 1 ? 'p1' : 'p2';
    if (g.winner === null) draws++;
    else if (g.winner === aSeat) winsA++;
    else winsB++;
    if ((i + 1) % 10 === 0 || i + 1 === duelGames) out(`  ${game} duel ${i + 1}/${duelGames}: ${A} ${winsA}, ${B} ${winsB}, draws ${draws}`);
  }
  const gamesPerMinA = msA > 0 ? (speedGames * 60000) / msA : 0;
  const gamesPerMinB = msB > 0 ? (speedGames * 60000) / msB : 0;
  return {
    game,
    a: A,
    b: B,
    gamesPerMinA,
    gamesPerMinB,
    speedRatio: same ? 1 : gamesPerMinB > 0 ? gamesPerMinA / gamesPerMinB : 0,
    speedGames,
    turnsA: speedGames ? turnsA / speedGames : 0,
    turnsB: speedGames ? turnsB / speedGames : 0,
    duelGames,
    winsA,
    winsB,
    draws,
    errors: 0,
    winRateA: duelGames ? winsA / duelGames : 0,
    ci95: wilson(winsA, duelGames),
  };
}

const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;

/** One line per game: the figures beside the targets. */
export function strongLine(r: StrongRow): string {
  if (r.speedGames === 0 && r.duelGames === 0 && r.speedRatio === 1) return `${r.game.padEnd(13)} ${r.a} v ${r.b}: the same agent here (the game's strong is ${r.b}): ×1, 50% — the speed target not met`;
  const speed = `${r.gamesPerMinA.toFixed(1)} v ${r.gamesPerMinB.toFixed(1)} games/CPU-min = ×${r.speedRatio.toFixed(2)} (target ≥ ×5: ${r.speedRatio >= 5 ? 'met' : 'not met'}; ${r.turnsA.toFixed(1)} v ${r.turnsB.toFixed(1)} turns a game)`;
  const duel = r.duelGames
    ? `duel ${r.winsA}–${r.winsB}${r.draws ? ` (${r.draws} drawn)` : ''} of ${r.duelGames}: ${pct(r.winRateA)} [${pct(r.ci95[0])}, ${pct(r.ci95[1])}] (target ≥ 50%: ${r.winRateA >= 0.5 ? 'met' : 'not met'})`
    : 'no duel';
  return `${r.game.padEnd(13)} ${r.a} v ${r.b}: ${speed}; ${duel}`;
}

// Run as a script (not when bench/run.ts imports it).
if (/strong\.ts$/.test(process.argv[1] ?? '')) {
  const { values } = parseArgs({
    options: {
      game: { type: 'string', multiple: true },
      a: { type: 'string' },
      b: { type: 'string' },
      'speed-games': { type: 'string' },
      'duel-games': { type: 'string' },
      seed: { type: 'string' },
      json: { type: 'boolean' },
      out: { type: 'string' },
      aa: { type: 'boolean' },
    },
  });
  const o: StrongOptions = { a: values.a ?? 'strong', b: values.b ?? 'mcts:200', speedGames: Number(values['speed-games'] ?? 4), duelGames: Number(values['duel-games'] ?? 20), seed: Number(values.seed ?? 7), aa: values.aa };
  const games = values.game?.length ? STRONG_GAMES.filter(([g]) => values.game!.includes(g)) : STRONG_GAMES;
  const rows: StrongRow[] = [];
  for (const [game, format] of games) {
    const r = measureStrong(game, format, o, values.json ? undefined : (l) => console.error(l));
    rows.push(r);
    if (!values.json) console.log(strongLine(r));
    if (values.out) writeFileSync(values.out, JSON.stringify(rows, null, 2) + '\n');
  }
  if (values.json) console.log(JSON.stringify(rows, null, 2));
}
