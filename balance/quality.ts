/**
 * Game-quality metrics (`grimoire balance --quality`, docs/balance.md "Game quality"): from the
 * course of each game (runtime/course.ts — the leader by the game's own evaluation at each turn's
 * end, the actions offered at each decision to act) and its end, over the games of a batch:
 * decisiveness, lead changes, comebacks, drawishness, the spread of game lengths, and how often
 * the action players took most was on offer. After Browne (2008) and Ludii's metrics; each definition,
 * and where it departs from its source, is in docs/balance.md.
 *
 * Pure and in seed order, as fold.ts: the same games give the same numbers, byte for byte.
 */
import type { GameIR } from '../compiler/ir.ts';
import type { GameSummary } from '../runtime/batch.ts';
import type { QualityAction, QualityReport } from './report.ts';
import { clusteredRatio, meanOf, rate, roundNumbers, spread } from './statistics.ts';

/** How many of the most-used actions the report lists (the first is the most used). */
const LISTED_ACTIONS = 5;

/** One game's lead: the number of times the sole leader changed, and when the winner took the lead for good. */
export interface GameLead {
  /** Changes of the sole leader between turn ends (a tie between two leads is skipped). */
  changes: number;
  /**
   * For a decided game with at least one turn end: the share of the game's turn ends that passed
   * before the winner led at every turn end to the last — 0 when they led from the first turn's
   * end, 1 when they did not lead at the last one. Null otherwise.
   */
  decisiveness: number | null;
  /** The leader at the midpoint (the end of turn ⌈T/2⌉ of a game of T turns), -1 for a tie, null when that turn did not end. */
  midpoint: number | null;
}

/** The lead of one game: `leaders` by turn end (runtime/course.ts), `winner` the winner's index or -1, `turns` the turns it lasted. */
export function gameLead(leaders: readonly number[], winner: number, turns: number): GameLead {
  let changes = 0;
  let last = -1;
  for (const l of leaders) {
    if (l < 0) continue;
    if (last >= 0 && l !== last) changes++;
    last = l;
  }
  const m = leaders.length;
  let decisiveness: number | null = null;
  if (winner >= 0 && m > 0) {
    let j = m;
    while (j > 0 && leaders[j - 1] === winner) j--;
    decisiveness = j / m;
  }
  const mid = Math.ceil(turns / 2) - 1;
  return { changes, decisiveness, midpoint: mid >= 0 && mid < m ? leaders[mid]! : null };
}

export function foldQuality(ir: GameIR, summaries: readonly GameSummary[]): QualityReport {
  const games = summaries.filter((g) => !g.error);
  const n = games.length;
  const seats = Array.from({ length: ir.game.players }, (_, i) => `p${i + 1}`);
  const missing = games.filter((g) => !g.course).length;
  if (missing) throw new Error(`foldQuality: ${missing} game(s) were played without their course (BatchOptions.course)`); // i18n-ok: an internal error (a caller's mistake), not a reader's

  let decided = 0;
  let capped = 0;
  let stopped = 0;
  const decisive: number[] = [];
  const changes: number[] = [];
  const changeTurns: number[] = [];
  let gamesWithChange = 0;
  let comebacks = 0;
  let behind = 0;
  let tied = 0;
  let noMidpoint = 0;
  for (const g of games) {
    const w = g.winner === null ? -1 : seats.indexOf(g.winner);
    if (w >= 0) decided++;
    else if (g.stopped) stopped++;
    else if (g.course!.capped) capped++;
    if (!g.course!.evaluated) continue;
    if (g.course!.leaders.length === 0) {
      // Over before a turn ended: no lead to follow (a decided one is reported as too short).
      if (w >= 0) noMidpoint++;
      continue;
    }
    const lead = gameLead(g.course!.leaders, w, g.turns);
    changes.push(lead.changes);
    changeTurns.push(g.turns);
    if (lead.changes > 0) gamesWithChange++;
    if (lead.decisiveness !== null) decisive.push(lead.decisiveness);
    if (w < 0) continue;
    if (lead.midpoint === null) noMidpoint++;
    else if (lead.midpoint < 0) tied++;
    else {
      behind++;
      if (lead.midpoint !== w) comebacks++;
    }
  }
  const evaluated = ir.evaluate != null;
  const drawn = n - decided - capped - stopped;

  // The actions players took at decisions to act, most taken first.
  const taken = new Float64Array(ir.actions.length);
  for (const g of games) for (const [a, k] of g.course!.taken) taken[a]! += k;
  const ranked = ir.actions
    .map((a, i) => ({ a, i }))
    .filter(({ i }) => taken[i]! > 0)
    .sort((x, y) => taken[y.i]! - taken[x.i]! || x.i - y.i)
    .slice(0, LISTED_ACTIONS);
  const decisions = games.map((g) => g.course!.decisions);
  const countOf = (list: [number, number][], i: number) => list.find(([x]) => x === i)?.[1] ?? 0;
  const actions: QualityAction[] = ranked.map(({ a, i }) => {
    const offered = games.map((g) => countOf(g.course!.offered, i));
    return {
      action: a.name,
      title: a.title,
      card: a.source >= 0 ? ir.cards[a.source]!.name : null,
      perGame: n ? taken[i]! / n : 0,
      offered: clusteredRatio(offered, decisions, true),
      takenWhenOffered: clusteredRatio(
        games.map((g) => countOf(g.course!.taken, i)),
        offered,
        true,
      ),
    };
  });

  const turns = games.map((g) => g.turns);
  const s = spread(turns);
  return roundNumbers<QualityReport>({
    evaluation: evaluated ? { declared: true, cite: ir.evaluate!.cite || null } : { declared: false, cite: null },
    outcomes: { decided: rate(decided, n), drawn: rate(drawn, n), capped: rate(capped, n), stopped: rate(stopped, n) },
    length: { mean: meanOf(turns, 0), median: s.median, q1: s.q1, q3: s.q3, iqr: s.q3 - s.q1, sd: s.sd, min: s.min, max: s.max },
    decisiveness: evaluated ? meanOf(decisive, 0, 1) : null,
    leadChanges: evaluated ? { perGame: meanOf(changes, 0), perTurn: clusteredRatio(changes, changeTurns, false), games: rate(gamesWithChange, changes.length) } : null,
    comeback: evaluated ? { rate: rate(comebacks, behind), tiedAtMidpoint: tied, noMidpoint } : null,
    decisionsToAct: meanOf(decisions, 0),
    mostUsed: actions[0] ?? null,
    actions,
  });
}
