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
import { t } from '../i18n/format.ts';
import { maxSeed, wholeNumberOption } from './options.ts';
import { agentOption, checkFormat, defaultWorkers, drawsOption, maxWorkers, moreSeats, parseParams } from './play-options.ts';
import { playMatchesOnWorkers } from './workers.ts';

/** `--match`'s value: `bo<N>` (best of N), `ft<N>` (first to N wins), or `rules` (the game's own `match`). */
export function parseMatchOption(raw: unknown, ir: GameIR, params: Record<string, number | boolean | string>): MatchLength {
  const s = String(raw);
  const m = /^(bo|ft)(\d+)$/.exec(s);
  if (m) {
    const n = Number(m[2]);
    if (!Number.isSafeInteger(n) || n < 1 || n > 99) throw new UsageError(t('cli.match.games-range', { value: s }), false);
    return { length: m[1] === 'bo' ? 'bestOf' : 'firstTo', games: n };
  }
  if (s === 'rules') {
    const len = declaredLength(ir, params);
    if (!len) throw new UsageError(t('cli.match.rules-none', { game: ir.game.name }), false);
    return len;
  }
  throw new UsageError(t('cli.match.bad-value', { value: s }), false);
}

/** In words: "best of 3", "first to 2 wins". */
function lengthText(len: MatchLength): string {
  return t(len.length === 'bestOf' ? 'cli.match.best-of' : 'cli.match.first-to', { games: String(len.games) });
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
    t('cli.match.balance-head', { length: lengthText(len), matches: String(report.matches), first: String(run.seed), last: String(run.seed + run.games - 1), none: ir.match ? '' : t('cli.match.balance-none', { game: ir.game.name }) }),
    ...seats.map((p) => t('cli.match.balance-seat', { seat: p, matches: formatRate(report.results[p] ?? 0, decided), games: formatRate(report.games.results[p as `p${number}`] ?? 0, gamesPlayed) })),
    t('cli.match.balance-tail', { drawn: String(report.results.draw), mean: String(report.gamesPerMatch.mean), max: String(report.gamesPerMatch.max), errors: report.errors ? t('cli.match.errors', { errors: String(report.errors) }) : '' }),
  ].join('\n');
  return { json, text };
}

/** `team north (p1, p3) won 30 — 60.0% (…)`: each team's matches, counted on its first seat. */
function teamLines(ir: GameIR, results: Record<string, number>, decided: number): string[] {
  return (ir.teams?.names ?? []).map((name, team) => {
    const seats = ir.teams!.seats[team]!;
    const won = results[`p${Math.min(...seats) + 1}`] ?? 0;
    return t('cli.match.team-won', { team: name, seats: seats.map((i) => `p${i + 1}`).join(', '), won: String(won), rate: formatRate(won, decided) });
  });
}

export async function cmdPlayMatch(game: string, ir: GameIR, v: Record<string, unknown>): Promise<number> {
  for (const o of ['queue', 'final-state', 'summaries']) {
    if (v[o] !== undefined) throw new UsageError(t('cli.match.takes-no', { option: o }), false);
  }
  const format = checkFormat(ir, v.format as string | undefined);
  const params = parseParams(v.param as string[] | undefined, ir);
  const len = parseMatchOption(v.match, ir, params);
  const seed = wholeNumberOption('--seed', v.seed, 1, 0, maxSeed, t('cli.options.why-seeds-32-bit'));
  const count = wholeNumberOption('--games', v.games, 1, 1, maxSeed - seed + 1, t('cli.options.why-last-seed', { last: maxSeed }));
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
    for (const m of matches.filter((x) => x.error).slice(0, 5)) console.error(t('cli.match.game-error', { seed: String(m.seed), error: String(m.error) }));
    console.log(t('cli.match.head', { count: String(count), game, format, length: lengthText(len), none: ir.match ? '' : t('cli.match.head-none', { game }), first: String(seed), last: String(seed + count - 1), seats: seats.map((n, i) => `${n} ${all[i] ?? 'random'}`).join(t('cli.match.comma')) }));
    console.log(t('cli.match.matches', { seats: seats.map((p) => t('cli.match.seat-won', { seat: p, won: String(report.results[p] ?? 0), rate: formatRate(report.results[p] ?? 0, decided) })).join(t('cli.match.sep')), drawn: String(report.results.draw), errors: report.errors ? t('cli.match.errors', { errors: String(report.errors) }) : '' }));
    // With teams, a match is a team's: its wins are counted on the team's first seat (runtime/match.ts).
    for (const tm of ir.teams ? teamLines(ir, report.results, decided) : []) console.log(`  ${tm}`);
    console.log(t('cli.match.per-match', { mean: String(report.gamesPerMatch.mean), max: String(report.gamesPerMatch.max), counts: Object.entries(report.gamesPerMatch.counts).map(([n, k]) => t('cli.match.count-of', { k: String(k), n })).join(t('cli.match.comma')) }));
    console.log(t('cli.match.games', { seats: seats.map((p) => t('cli.match.seat-won', { seat: p, won: String(report.games.results[p as `p${number}`] ?? 0), rate: formatRate(report.games.results[p as `p${number}`] ?? 0, gamesPlayed) })).join(t('cli.match.sep')), draws: String(report.games.results.draw), stopped: report.games.results.stopped ? t('cli.match.stopped', { stopped: String(report.games.results.stopped) }) : '' }));
    console.log(t('cli.match.turns', { mean: String(report.games.turns.mean), max: String(report.games.turns.max), matches: String(summary.matchesPerSecond), games: String(summary.gamesPerSecond), hash: summary.hash }));
  }
  return report.errors > 0 ? 1 : 0;
}
