/**
 * `grimoire play <game> --match bo3|bo5|ftN|rules`: matches instead of single games (runtime/
 * match.ts, match-batch.ts) — match wins per seat with 95% intervals, games per match, and the
 * games' own win rates beside. `--games N` is the number of matches, seeds seed … seed+N-1.
 */
import type { GameIR } from '../compiler/ir.ts';
import { playerCount } from '../compiler/ir.ts';
import { declaredLength, type MatchLength } from '../runtime/match.ts';
import { foldMatches, playMatches } from '../runtime/match-batch.ts';
import type { Seats } from '../runtime/batch.ts';
import { wilson } from '../balance/statistics.ts';
import { formatRate } from './stats.ts';
import { UsageError } from './usage-error.ts';
import { maxSeed, wholeNumberOption } from './options.ts';
import { agentOption, checkFormat, defaultWorkers, drawsOption, maxWorkers, moreSeats, parseParams } from './play-options.ts';
import { playMatchesOnWorkers } from './workers.ts';

/** `--match`'s value: `bo<N>` (best of N), `ft<N>` (first to N wins), or `rules` (the game's own `match`). */
export function parseMatchOption(raw: unknown, ir: GameIR, params: Record<string, number | boolean | string>): MatchLength {
  const s = String(raw);
  const m = /^(bo|ft)(\d+)$/.exec(s);
  if (m) {
    const n = Number(m[2]);
    if (!Number.isSafeInteger(n) || n < 1 || n > 99) throw new UsageError(`--match ${s}: the number of games is a whole number from 1 to 99`, false);
    return { length: m[1] === 'bo' ? 'bestOf' : 'firstTo', games: n };
  }
  if (s === 'rules') {
    const len = declaredLength(ir, params);
    if (!len) throw new UsageError(`--match rules: ${ir.game.name} declares no match (docs/language.md "Matches"); give a length instead, e.g. --match bo3`, false);
    return len;
  }
  throw new UsageError(`--match ${s}: write bo3 (best of 3; bo1, bo5 …), ft2 (first to 2 wins) or rules (the match the game declares)`, false);
}

/** In words: "best of 3", "first to 2 wins". */
function lengthText(len: MatchLength): string {
  return len.length === 'bestOf' ? `best of ${len.games}` : `first to ${len.games} wins`;
}

const rate = (k: number, n: number) => {
  const [lo, hi] = wilson(k, n);
  const r = (x: number) => Number(x.toFixed(4));
  return { rate: r(n ? k / n : 0), low: r(lo), high: r(hi), n };
};

/**
 * `balance --match`: the matches of the report's seeds (seed … seed+games-1, each a match seed)
 * folded into match win rates per seat, beside the games' own — the JSON part and the text lines.
 */
export function balanceMatches(ir: GameIR, v: Record<string, unknown>, run: { format: string; params: Record<string, number | boolean | string>; seed: number; games: number; agents: Seats }): { json: object; text: string } {
  const len = parseMatchOption(v.match, ir, run.params);
  const seatsN = playerCount(ir, run.params);
  const report = foldMatches(playMatches(ir, run.seed, run.games, len, { format: run.format, params: run.params, agents: run.agents }), seatsN);
  const seats = Array.from({ length: Math.max(2, seatsN) }, (_, i) => `p${i + 1}`);
  const decided = report.matches - report.errors;
  const gamesPlayed = report.games.games - report.games.errors;
  const json = {
    match: { length: len.length, games: len.games, text: lengthText(len), declared: !!ir.match },
    matches: report.matches,
    matchResults: report.results,
    matchWinRates: Object.fromEntries(seats.map((p) => [p, rate(report.results[p] ?? 0, decided)])),
    gamesPerMatch: report.gamesPerMatch,
    games: report.games.games,
    gameWinRates: Object.fromEntries(seats.map((p) => [p, rate(report.games.results[p as `p${number}`] ?? 0, gamesPlayed)])),
    errors: report.errors,
    hash: report.games.hash,
  };
  const text = [
    `Matches (${lengthText(len)}, ${report.matches} from seeds ${run.seed}..${run.seed + run.games - 1}${ir.match ? '' : `; ${ir.game.name} declares no match: each game set up afresh`}):`,
    ...seats.map((p) => `  ${p}: matches ${formatRate(report.results[p] ?? 0, decided)}; its games in them ${formatRate(report.games.results[p as `p${number}`] ?? 0, gamesPlayed)}`),
    `  drawn matches ${report.results.draw}; games per match: mean ${report.gamesPerMatch.mean}, max ${report.gamesPerMatch.max}${report.errors ? `; errors ${report.errors}` : ''}`,
  ].join('\n');
  return { json, text };
}

/** `team north (p1, p3) won 30 — 60.0% (…)`: each team's matches, counted on its first seat. */
function teamLines(ir: GameIR, results: Record<string, number>, decided: number): string[] {
  return (ir.teams?.names ?? []).map((name, t) => {
    const seats = ir.teams!.seats[t]!;
    const won = results[`p${Math.min(...seats) + 1}`] ?? 0;
    return `team ${name} (${seats.map((i) => `p${i + 1}`).join(', ')}) won ${won} matches — ${formatRate(won, decided)}`;
  });
}

export async function cmdPlayMatch(game: string, ir: GameIR, v: Record<string, unknown>): Promise<number> {
  for (const o of ['queue', 'final-state', 'summaries']) {
    if (v[o] !== undefined) throw new UsageError(`play --match takes no --${o}: matches are played on this machine, game after game on one engine a thread (docs/language.md "Matches")`, false);
  }
  const format = checkFormat(ir, v.format as string | undefined);
  const params = parseParams(v.param as string[] | undefined, ir);
  const len = parseMatchOption(v.match, ir, params);
  const seed = wholeNumberOption('--seed', v.seed, 1, 0, maxSeed, 'seeds are 32-bit');
  const count = wholeNumberOption('--games', v.games, 1, 1, maxSeed - seed + 1, `the last seed is ${maxSeed}`);
  const seatsN = playerCount(ir, params);
  const agents: Seats = { p1: agentOption('--p1', v.p1), p2: agentOption('--p2', v.p2) };
  const more = moreSeats(v, seatsN);
  if (more.length) agents.more = more;
  const all = [agents.p1, agents.p2, ...more];
  const draws = drawsOption(v.draws);
  const searching = all.some((a) => a !== 'random' && a !== 'first');
  const workers = wholeNumberOption('--workers', v.workers, defaultWorkers(count, searching), 1, maxWorkers);
  const started = performance.now();
  const opts = { format, params, agents, draws, checkInvariants: !!v['check-invariants'] };
  // On threads, each plays whole matches of its seeds: the same matches, in seed order, as here.
  const matches = workers > 1 ? await playMatchesOnWorkers(ir, seed, count, len, opts, workers, () => {}) : playMatches(ir, seed, count, len, opts);
  const seconds = (performance.now() - started) / 1000;
  const report = foldMatches(matches, seatsN);
  const seats = Array.from({ length: Math.max(2, seatsN) }, (_, i) => `p${i + 1}`);
  const decided = report.matches - report.errors;
  const gamesPlayed = report.games.games - report.games.errors;
  const summary = {
    game,
    format,
    match: { length: len.length, games: len.games, text: lengthText(len), declared: !!ir.match },
    matches: count,
    seed,
    matchResults: report.results,
    matchWinRates: Object.fromEntries(seats.map((p) => [p, rate(report.results[p] ?? 0, decided)])),
    gamesPerMatch: report.gamesPerMatch,
    games: report.games.games,
    results: report.games.results,
    gameWinRates: Object.fromEntries(seats.map((p) => [p, rate(report.games.results[p as `p${number}`] ?? 0, gamesPlayed)])),
    turns: report.games.turns,
    decisions: report.games.decisions,
    errors: report.errors,
    hash: report.games.hash,
    agents,
    matchesPerSecond: Math.round(count / seconds),
    gamesPerSecond: Math.round(report.games.games / seconds),
  };
  if (v.json) console.log(JSON.stringify(summary));
  else {
    for (const m of matches.filter((x) => x.error).slice(0, 5)) console.error(`match seed ${m.seed}: ${m.error}`);
    console.log(`${count} match(es) of ${game} (${format}), ${lengthText(len)}${ir.match ? '' : ` — ${game} declares no match: each game is set up afresh, only the count of wins carries`}, seeds ${seed}..${seed + count - 1}, ${seats.map((n, i) => `${n} ${all[i] ?? 'random'}`).join(', ')}`);
    console.log(`  matches: ${seats.map((p) => `${p} won ${report.results[p] ?? 0} — ${formatRate(report.results[p] ?? 0, decided)}`).join('; ')}; drawn ${report.results.draw}${report.errors ? `; errors ${report.errors}` : ''}`);
    // With teams, a match is a team's: its wins are counted on the team's first seat (runtime/match.ts).
    for (const tm of ir.teams ? teamLines(ir, report.results, decided) : []) console.log(`  ${tm}`);
    console.log(`  games per match: mean ${report.gamesPerMatch.mean}, max ${report.gamesPerMatch.max} (${Object.entries(report.gamesPerMatch.counts).map(([n, k]) => `${k} of ${n}`).join(', ')})`);
    console.log(`  games: ${seats.map((p) => `${p} won ${report.games.results[p as `p${number}`] ?? 0} — ${formatRate(report.games.results[p as `p${number}`] ?? 0, gamesPlayed)}`).join('; ')}; draws ${report.games.results.draw}${report.games.results.stopped ? `, stopped by the engine's limits ${report.games.results.stopped}` : ''}`);
    console.log(`  turns: mean ${report.games.turns.mean}, max ${report.games.turns.max}; ${summary.matchesPerSecond} matches/s, ${summary.gamesPerSecond} games/s; hash ${summary.hash}`);
  }
  return report.errors > 0 ? 1 : 0;
}
