/**
 * `grimoire balance --vs`: two reports of the same seeds — the game and a revision, or two
 * readings of its rule parameters — metric by metric, each change with its interval and test.
 *
 * Per-game metrics (a seat's win, an end reason, the length, an action's uses) are compared seed
 * by seed (McNemar, paired t): the same seed deals the same cards, so the difference is the
 * rules' and far fewer games show it. A card's rates are conditional on draws that differ
 * between the two sides, so they are compared as two samples. Benjamini–Hochberg over every
 * change at once: among the changes flagged, at most 5% are expected to be noise.
 */
import type { GameSummary } from '../runtime/batch.ts';
import { countedGames, seatName } from './fold.ts';
import { gameLead } from './quality.ts';
import { balanceVersion, type BalanceComparison, type BalanceReport, type MetricChange, type Rate } from './report.ts';
import { adjust, pairedMeanDifference, pairedRateDifference, rateDifference, roundNumbers, type Difference } from './statistics.ts';

export interface ComparedSide {
  report: BalanceReport;
  summaries: readonly GameSummary[];
  /** The game's action names by IR index (the two games may number their actions differently). */
  actionNames: readonly string[];
}

export function compareBalance(base: ComparedSide, other: ComparedSide, otherLabel: string): BalanceComparison {
  const a = base.report;
  const b = other.report;
  const paired = a.settings.seed === b.settings.seed && a.settings.games === b.settings.games && a.settings.agents.p1 === b.settings.agents.p1 && a.settings.agents.p2 === b.settings.agents.p2;
  const changes: MetricChange[] = [];
  const add = (metric: string, label: string, group: MetricChange['group'], baseValue: number, otherValue: number, change: Difference, test: MetricChange['test']) =>
    changes.push({ metric, label, group, base: baseValue, other: otherValue, change, test });
  const rates = (metric: string, label: string, group: MetricChange['group'], x: Rate, y: Rate) => add(metric, label, group, x.rate, y.rate, rateDifference(y, x), 'two-proportion');

  // The seeds both sides played without an error, in seed order.
  const bySeed = new Map(countedGames(other.summaries).map((g) => [g.seed, g]));
  const pairs = paired ? countedGames(base.summaries).flatMap((g) => (bySeed.has(g.seed) ? [[g, bySeed.get(g.seed)!] as const] : [])) : [];
  const pairedRate = (metric: string, label: string, group: MetricChange['group'], event: (g: GameSummary) => boolean) => {
    let onlyA = 0;
    let onlyB = 0;
    let inA = 0;
    let inB = 0;
    for (const [x, y] of pairs) {
      const ex = event(x);
      const ey = event(y);
      if (ex) inA++;
      if (ey) inB++;
      if (ex && !ey) onlyA++;
      if (ey && !ex) onlyB++;
    }
    const n = pairs.length;
    add(metric, label, group, n ? inA / n : 0, n ? inB / n : 0, pairedRateDifference(onlyA, onlyB, n), 'mcnemar');
  };
  const pairedMean = (metric: string, label: string, group: MetricChange['group'], value: (g: GameSummary) => number, otherValue = value) => {
    // A mean difference needs two seeds to estimate its spread.
    if (pairs.length < 2) return;
    const xs = pairs.map(([x]) => value(x));
    const ys = pairs.map(([, y]) => otherValue(y));
    const mean = (v: number[]) => (v.length ? v.reduce((s, t) => s + t, 0) / v.length : 0);
    add(metric, label, group, mean(xs), mean(ys), pairedMeanDifference(xs, ys), 'paired-t');
  };

  // Seats and the ends of games.
  a.seats.players.forEach((s, i) => {
    const y = b.seats.players[i]!;
    if (paired) pairedRate(`seats.${s.seat}.wins`, `${s.seat}'s win rate`, 'seats', (g) => g.winner === s.seat); // i18n-ok: the English name kept in the JSON; metricLabel (verdicts.ts) words it
    else rates(`seats.${s.seat}.wins`, `${s.seat}'s win rate`, 'seats', s.wins, y.wins); // i18n-ok: the English name kept in the JSON; metricLabel (verdicts.ts) words it
  });
  if (paired) pairedRate('seats.draws', 'draws', 'seats', (g) => g.winner === null);
  else rates('seats.draws', 'draws', 'seats', a.seats.draws, b.seats.draws);
  if (paired) pairedRate('seats.firstPlayer', "the first player's win rate", 'seats', (g) => g.counts !== undefined && g.counts.first >= 0 && g.winner === seatName(g.counts.first)); // i18n-ok: the English name kept in the JSON; metricLabel (verdicts.ts) words it
  else rates('seats.firstPlayer', "the first player's win rate", 'seats', a.seats.firstPlayer, b.seats.firstPlayer); // i18n-ok: the English name kept in the JSON; metricLabel (verdicts.ts) words it
  const reasons = [...new Set([...a.endReasons.map((e) => e.reason), ...b.endReasons.map((e) => e.reason)])];
  for (const reason of reasons) {
    const label = `games ending: ${reason}`; // i18n-ok: the English name kept in the JSON; metricLabel (verdicts.ts) words it
    if (paired) pairedRate(`end.${reason}`, label, 'end', (g) => g.reason === reason);
    else rates(`end.${reason}`, label, 'end', a.endReasons.find((e) => e.reason === reason)?.games ?? { k: 0, n: a.counted, rate: 0, ci95: [0, 1] }, b.endReasons.find((e) => e.reason === reason)?.games ?? { k: 0, n: b.counted, rate: 0, ci95: [0, 1] });
  }

  // Length.
  if (paired) {
    pairedMean('length.turns', 'turns per game', 'length', (g) => g.turns); // i18n-ok: the English name kept in the JSON; metricLabel (verdicts.ts) words it
    pairedMean('length.decisions', 'decisions per game', 'length', (g) => g.decisions); // i18n-ok: the English name kept in the JSON; metricLabel (verdicts.ts) words it
  }

  // Game quality (--quality on both sides): the per-game measures of balance/quality.ts, seed by
  // seed, over the seeds where both games have the measure (a decisiveness needs a winner and a
  // turn end on both sides).
  if (paired && a.quality && b.quality && a.quality.evaluation.declared && b.quality.evaluation.declared) {
    const lead = (g: GameSummary) => gameLead(g.course!.leaders, g.winner === null ? -1 : a.seats.players.findIndex((s) => s.seat === g.winner), g.turns);
    const both = (f: (g: GameSummary) => number | null) => pairs.flatMap(([x, y]) => {
      const fx = f(x);
      const fy = f(y);
      return fx === null || fy === null ? [] : [[fx, fy] as const];
    });
    const pairedValues = (metric: string, label: string, values: (readonly [number, number])[]) => {
      if (values.length < 2) return;
      const xs = values.map(([x]) => x);
      const ys = values.map(([, y]) => y);
      const mean = (v: number[]) => v.reduce((s, t) => s + t, 0) / v.length;
      add(metric, label, 'quality', mean(xs), mean(ys), pairedMeanDifference(xs, ys), 'paired-t');
    };
    pairedValues('quality.decisiveness', 'decisiveness (share of the turn ends before the winner led for good)', both((g) => (g.course!.leaders.length ? lead(g).decisiveness : null))); // i18n-ok: the English name kept in the JSON; metricLabel (verdicts.ts) words it
    pairedValues('quality.leadChanges', 'lead changes per game', both((g) => (g.course!.leaders.length ? lead(g).changes : null))); // i18n-ok: the English name kept in the JSON; metricLabel (verdicts.ts) words it
    // A comeback: a decided game won by a player not leading at the midpoint (where one led).
    const comebacks = both((g) => {
      if (!g.course!.leaders.length) return null;
      const l = lead(g);
      return l.decisiveness === null || l.midpoint === null || l.midpoint < 0 ? null : Number(seatName(l.midpoint) !== g.winner);
    });
    let onlyA = 0;
    let onlyB = 0;
    for (const [x, y] of comebacks) {
      if (x && !y) onlyA++;
      if (y && !x) onlyB++;
    }
    const share = (i: 0 | 1) => (comebacks.length ? comebacks.reduce((s, c) => s + c[i], 0) / comebacks.length : 0);
    if (comebacks.length) add('quality.comebacks', 'comebacks (won from behind at the midpoint)', 'quality', share(0), share(1), pairedRateDifference(onlyA, onlyB, comebacks.length), 'mcnemar'); // i18n-ok: the English name kept in the JSON; metricLabel (verdicts.ts) words it
    pairedRate('quality.drawn', 'games drawn by the rules', 'quality', (g) => g.winner === null && !g.stopped && !g.course!.capped); // i18n-ok: the English name kept in the JSON; metricLabel (verdicts.ts) words it
    pairedRate('quality.capped', 'games ended at the turn limit', 'quality', (g) => !g.stopped && !!g.course!.capped); // i18n-ok: the English name kept in the JSON; metricLabel (verdicts.ts) words it
  }

  // Cards, by name, in both games.
  const otherCards = new Map(b.cards.map((m) => [m.card, m]));
  const baseCards = new Set(a.cards.map((m) => m.card));
  // A card in one game's decks only (added or removed by the revision): how often it was drawn and played, against none.
  const absent = (r: BalanceReport): Rate => ({ k: 0, n: r.counted * r.seats.players.length, rate: 0, ci95: [0, 1] });
  for (const x of a.cards) {
    if (otherCards.has(x.card)) continue;
    rates(`cards.${x.card}.drawn`, `${x.card}: share of games drawn (not in ${b.settings.game}'s decks)`, 'cards', x.drawn, absent(b)); // i18n-ok: the English name kept in the JSON; metricLabel (verdicts.ts) words it
    rates(`cards.${x.card}.played`, `${x.card}: share of games played (not in ${b.settings.game}'s decks)`, 'cards', x.played, absent(b)); // i18n-ok: the English name kept in the JSON; metricLabel (verdicts.ts) words it
  }
  for (const y of b.cards) {
    if (baseCards.has(y.card)) continue;
    rates(`cards.${y.card}.drawn`, `${y.card}: share of games drawn (not in ${a.settings.game}'s decks)`, 'cards', absent(a), y.drawn); // i18n-ok: the English name kept in the JSON; metricLabel (verdicts.ts) words it
    rates(`cards.${y.card}.played`, `${y.card}: share of games played (not in ${a.settings.game}'s decks)`, 'cards', absent(a), y.played); // i18n-ok: the English name kept in the JSON; metricLabel (verdicts.ts) words it
  }
  for (const x of a.cards) {
    const y = otherCards.get(x.card);
    if (!y) continue;
    rates(`cards.${x.card}.drawn`, `${x.card}: share of games drawn`, 'cards', x.drawn, y.drawn); // i18n-ok: the English name kept in the JSON; metricLabel (verdicts.ts) words it
    rates(`cards.${x.card}.played`, `${x.card}: share of games played`, 'cards', x.played, y.played); // i18n-ok: the English name kept in the JSON; metricLabel (verdicts.ts) words it
    rates(`cards.${x.card}.winWhenDrawn`, `${x.card}: owner's win rate when drawn`, 'cards', x.winWhenDrawn, y.winWhenDrawn); // i18n-ok: the English name kept in the JSON; metricLabel (verdicts.ts) words it
    rates(`cards.${x.card}.winWhenPlayed`, `${x.card}: owner's win rate when played`, 'cards', x.winWhenPlayed, y.winWhenPlayed); // i18n-ok: the English name kept in the JSON; metricLabel (verdicts.ts) words it
  }

  // Actions, by name, in either game.
  const actionNames = [...new Set([...a.actions.map((m) => m.action), ...b.actions.map((m) => m.action)])];
  const metricOf = (s: ComparedSide, name: string) => s.report.actions.find((m) => m.action === name);
  for (const name of actionNames) {
    const x = metricOf(base, name);
    const y = metricOf(other, name);
    if (paired) {
      const indexA = base.actionNames.indexOf(name);
      const indexB = other.actionNames.indexOf(name);
      pairedMean(`actions.${name}.perGame`, `${name}: uses per game`, 'actions', (g) => usesIn(g, indexA), (g) => usesIn(g, indexB)); // i18n-ok: the English name kept in the JSON; metricLabel (verdicts.ts) words it
    }
    const none = (s: ComparedSide): Rate => ({ k: 0, n: s.report.counted * s.report.seats.players.length, rate: 0, ci95: [0, 1] });
    if (x && y) rates(`actions.${name}.winWhenUsed`, `${name}: win rate of players who used it`, 'actions', x.winWhenUsed, y.winWhenUsed); // i18n-ok: the English name kept in the JSON; metricLabel (verdicts.ts) words it
    rates(`actions.${name}.usedBy`, `${name}: share of players using it`, 'actions', x?.usedBy ?? none(base), y?.usedBy ?? none(other)); // i18n-ok: the English name kept in the JSON; metricLabel (verdicts.ts) words it
  }

  // Two families, corrected apart: the game as a whole (seats, the first player, how games end,
  // length: the question a revision is asked first) and its parts (actions, cards). Corrected
  // together, a real change in the first player's win rate drowns among hundreds of card metrics.
  // The quality metrics (--quality) are a third family: how a game plays, asked beside the first
  // question, not instead of it.
  const whole = (c: MetricChange) => c.group === 'seats' || c.group === 'end' || c.group === 'length';
  adjust(changes.filter(whole).map((c) => c.change));
  adjust(changes.filter((c) => c.group === 'quality').map((c) => c.change));
  adjust(changes.filter((c) => !whole(c) && c.group !== 'quality').map((c) => c.change));
  // Significant first; then the game as a whole before its parts (seats, ends, length, actions,
  // cards); then the strongest evidence.
  const groupOrder: MetricChange['group'][] = ['seats', 'end', 'length', 'quality', 'actions', 'cards'];
  changes.sort(
    (x, y) =>
      Number(y.change.significant) - Number(x.change.significant) ||
      groupOrder.indexOf(x.group) - groupOrder.indexOf(y.group) ||
      x.change.p - y.change.p ||
      (x.metric < y.metric ? -1 : x.metric > y.metric ? 1 : 0),
  );
  return roundNumbers<BalanceComparison>({ grimoireBalance: balanceVersion, kind: 'comparison', otherLabel, base: a, other: b, paired, changes });
}

/** All players' uses of an action in one game. */
function usesIn(g: GameSummary, action: number): number {
  if (action < 0 || !g.counts) return 0;
  let n = 0;
  for (const list of g.counts.used) for (const [i, uses] of list) if (i === action) n += uses;
  return n;
}

