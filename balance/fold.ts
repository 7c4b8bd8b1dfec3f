/**
 * The balance fold: the per-game summaries of a batch (played with `tally`, runtime/tally.ts)
 * → one BalanceReport. Pure and in seed order: the same games give the same report, byte for
 * byte, whether they were played on one thread, on worker threads or on a queue.
 */
import type { GameIR } from '../compiler/ir.ts';
import { foldBatch, type GameSummary } from '../runtime/batch.ts';
import { balanceVersion, type ActionMetric, type BalanceReport, type BalanceSettings, type CardMetric, type EndReason } from './report.ts';
import { adjust, againstTheOthers, distribution, rate, rateDifference, roundNumbers, type Difference, type Rate } from './statistics.ts';

/** The games a report counts: those that ended without an error. */
export function countedGames(summaries: readonly GameSummary[]): GameSummary[] {
  return summaries.filter((g) => !g.error);
}

export const seatName = (index: number): string => `p${index + 1}`;

export function foldBalance(ir: GameIR, settings: BalanceSettings, summaries: readonly GameSummary[]): BalanceReport {
  const players = ir.game.players;
  const games = countedGames(summaries);
  const n = games.length;
  const seats = Array.from({ length: players }, (_, i) => seatName(i));

  // Seats and ends.
  const wins = new Array<number>(players).fill(0);
  let draws = 0;
  let stopped = 0;
  let firstWins = 0;
  let firstGames = 0;
  const ends = new Map<string, EndReason & { count: number }>();
  for (const g of games) {
    const w = g.winner === null ? -1 : seats.indexOf(g.winner);
    if (w >= 0) wins[w]!++;
    else if (g.stopped) stopped++;
    else draws++;
    const first = g.counts?.first ?? -1;
    if (first >= 0) {
      firstGames++;
      if (first === w) firstWins++;
    }
    let e = ends.get(g.reason);
    if (!e) {
      e = { reason: g.reason, games: rate(0, 0), won: Object.fromEntries(seats.map((s) => [s, 0])), draws: 0, count: 0 };
      ends.set(g.reason, e);
    }
    e.count++;
    if (w >= 0) e.won[seats[w]!]!++;
    else e.draws++;
  }
  const endReasons = [...ends.values()]
    .sort((a, b) => b.count - a.count || (a.reason < b.reason ? -1 : a.reason > b.reason ? 1 : 0))
    .map(({ count, ...e }) => ({ ...e, games: rate(count, n) }));

  // Cards and actions, over (game, player) pairs.
  const defs = ir.cards.length;
  const c = { inDeck: new Int32Array(defs), deckWins: new Int32Array(defs), drawn: new Int32Array(defs), drawnWins: new Int32Array(defs), played: new Int32Array(defs), playedWins: new Int32Array(defs) };
  const actions = ir.actions.length;
  const a = { uses: new Int32Array(actions), usesBySeat: new Int32Array(actions * players), usedBy: new Int32Array(actions), usedWins: new Int32Array(actions) };
  let pairWins = 0;
  for (const g of games) {
    const counts = g.counts;
    if (!counts) throw new Error(`game seed ${g.seed} was played without a tally (BatchOptions.tally)`);
    for (let p = 0; p < players; p++) {
      const won = g.winner === seats[p] ? 1 : 0;
      pairWins += won;
      for (const d of counts.pile[p]!) {
        c.inDeck[d]!++;
        c.deckWins[d]! += won;
      }
      for (const d of counts.drawn[p]!) {
        c.drawn[d]!++;
        c.drawnWins[d]! += won;
      }
      for (const d of counts.played[p]!) {
        c.played[d]!++;
        c.playedWins[d]! += won;
      }
      for (const [i, uses] of counts.used[p]!) {
        a.uses[i]! += uses;
        a.usesBySeat[i * players + p]! += uses;
        a.usedBy[i]!++;
        a.usedWins[i]! += won;
      }
    }
  }

  const cards: CardMetric[] = [];
  ir.cards.forEach((card, d) => {
    const inDeck = c.inDeck[d]!;
    if (inDeck === 0) return;
    const winWhenDrawn = rate(c.drawnWins[d]!, c.drawn[d]!);
    const winWhenNotDrawn = rate(c.deckWins[d]! - c.drawnWins[d]!, inDeck - c.drawn[d]!);
    const winWhenPlayed = rate(c.playedWins[d]!, c.played[d]!);
    const winWhenNotPlayed = rate(c.deckWins[d]! - c.playedWins[d]!, inDeck - c.played[d]!);
    const ownerWin = rate(c.deckWins[d]!, inDeck);
    cards.push({
      card: card.name,
      title: card.title,
      inDeck,
      drawn: rate(c.drawn[d]!, inDeck),
      played: rate(c.played[d]!, inDeck),
      ownerWin,
      winWhenDrawn,
      winWhenNotDrawn,
      winWhenPlayed,
      winWhenNotPlayed,
      drawnEffect: measured(winWhenDrawn, winWhenNotDrawn),
      playedEffect: measured(winWhenPlayed, winWhenNotPlayed),
      vsOwner: winWhenDrawn.rate - ownerWin.rate,
      standout: { drawn: null, played: null },
    });
  });
  adjust(cards.flatMap((m) => [m.drawnEffect, m.playedEffect]).filter((d) => d !== null));
  // Each card against the others (report.ts CardMetric.standout): the average card's effect is
  // the inverse-variance weighted mean of the measured cards'.
  const drawnStandouts = againstTheOthers(cards.map((m) => m.drawnEffect));
  const playedStandouts = againstTheOthers(cards.map((m) => m.playedEffect));
  cards.forEach((m, i) => (m.standout = { drawn: drawnStandouts.each[i]!, played: playedStandouts.each[i]! }));
  adjust(cards.flatMap((m) => [m.standout.drawn, m.standout.played]).filter((d) => d !== null));
  const averageCardEffect = { drawn: drawnStandouts.average, played: playedStandouts.average };

  const pairs = n * players;
  const actionMetrics: ActionMetric[] = [];
  ir.actions.forEach((action, i) => {
    if (a.uses[i] === 0) return;
    const used = a.usedBy[i]!;
    const winWhenUsed = rate(a.usedWins[i]!, used);
    const winWhenNotUsed = rate(pairWins - a.usedWins[i]!, pairs - used);
    actionMetrics.push({
      action: action.name,
      title: action.title,
      kind: action.isTrigger ? 'trigger' : 'action',
      card: action.source >= 0 ? ir.cards[action.source]!.name : null,
      perGame: n ? a.uses[i]! / n : 0,
      perGameBySeat: Object.fromEntries(seats.map((s, p) => [s, n ? a.usesBySeat[i * players + p]! / n : 0])),
      usedBy: rate(used, pairs),
      winWhenUsed,
      winWhenNotUsed,
      effect: measured(winWhenUsed, winWhenNotUsed),
    });
  });
  adjust(actionMetrics.map((m) => m.effect).filter((d) => d !== null));

  const batch = foldBatch(summaries);
  return roundNumbers<BalanceReport>({
    grimoireBalance: balanceVersion,
    kind: 'report',
    settings,
    randomPlay: settings.agents.p1 === 'random' && settings.agents.p2 === 'random',
    games: summaries.length,
    counted: n,
    errors: summaries.length - n,
    hash: batch.hash,
    seats: {
      players: seats.map((s, i) => ({ seat: s, agent: settings.agents[s as 'p1' | 'p2'] ?? 'random', wins: rate(wins[i]!, n) })),
      draws: rate(draws + stopped, n),
      stopped,
      firstPlayer: rate(firstWins, firstGames),
    },
    endReasons,
    length: { turns: distribution(games.map((g) => g.turns)), decisions: distribution(games.map((g) => g.decisions)) },
    cards,
    averageCardEffect,
    actions: actionMetrics,
  });
}

/** a − b when both groups have games; null when one is empty (nothing to compare: shown as —). */
function measured(a: Rate, b: Rate): Difference | null {
  return a.n > 0 && b.n > 0 ? rateDifference(a, b) : null;
}
