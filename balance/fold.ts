/**
 * The balance fold: the per-game summaries of a batch (played with `tally`, runtime/tally.ts)
 * → one BalanceReport. Pure and in seed order: the same games give the same report, byte for
 * byte, whether they were played on one thread, on worker threads or on a queue.
 */
import { playerCount, type GameIR } from '../compiler/ir.ts';
import { foldBatch, type GameSummary } from '../runtime/batch.ts';
import { EFFECT_KINDS, deckMedians, newDeckCounts, standouts, MIN_DECK_PAIRS, MIN_DECK_SHARE, type DeckCounts } from './card-strength.ts';
import { balanceVersion, type ActionMetric, type BalanceReport, type BalanceSettings, type CardMetric, type DeckMetric, type EndReason } from './report.ts';
import { adjust, distribution, rate, rateDifference, roundNumbers, type Difference, type Rate } from './statistics.ts';

/** The games a report counts: those that ended without an error. */
export function countedGames(summaries: readonly GameSummary[]): GameSummary[] {
  return summaries.filter((g) => !g.error);
}

export const seatName = (index: number): string => `p${index + 1}`;

export function foldBalance(ir: GameIR, settings: BalanceSettings, summaries: readonly GameSummary[]): BalanceReport {
  // (A game of more players: each seat its own rate, with `players param` read from the run's parameters.)
  const players = playerCount(ir, settings.params);
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
  const c = { inDeck: new Int32Array(defs), deckWins: new Int32Array(defs), drawn: new Int32Array(defs), drawnWins: new Int32Array(defs), played: new Int32Array(defs), playedWins: new Int32Array(defs), opening: new Int32Array(defs), openingWins: new Int32Array(defs) };
  const actions = ir.actions.length;
  const a = { uses: new Int32Array(actions), usesBySeat: new Int32Array(actions * players), usedBy: new Int32Array(actions), usedWins: new Int32Array(actions) };
  let pairWins = 0;
  // Summaries written before the tally kept opening hands have none: the opening effect is then not measured.
  const openingKept = games.every((g) => g.counts?.opening !== undefined);
  const deckOf = findDecks(games, players, seats);
  const deckCounts = deckOf.decks.map(() => newDeckCounts(defs));
  for (const [gi, g] of games.entries()) {
    const counts = g.counts;
    if (!counts) throw new Error(`game seed ${g.seed} was played without a tally (BatchOptions.tally)`); // i18n-ok: an internal error (a caller's mistake), not a reader's
    for (let p = 0; p < players; p++) {
      const won = g.winner === seats[p] ? 1 : 0;
      pairWins += won;
      const deck = deckCounts[deckOf.pair[gi * players + p]!]!;
      for (const d of counts.pile[p]!) {
        c.inDeck[d]!++;
        c.deckWins[d]! += won;
        deck.inDeck[d]!++;
        deck.deckWins[d]! += won;
      }
      const mark = (list: readonly number[], kind: 'opening' | 'drawn' | 'played', all: Int32Array, allWins: Int32Array) => {
        for (const d of list) {
          all[d]!++;
          allWins[d]! += won;
          deck.with[kind][d]!++;
          deck.withWins[kind][d]! += won;
        }
      };
      mark(counts.drawn[p]!, 'drawn', c.drawn, c.drawnWins);
      mark(counts.played[p]!, 'played', c.played, c.playedWins);
      if (openingKept) mark(counts.opening![p]!, 'opening', c.opening, c.openingWins);
      for (const [i, uses] of counts.used[p]!) {
        a.uses[i]! += uses;
        a.usesBySeat[i * players + p]! += uses;
        a.usedBy[i]!++;
        a.usedWins[i]! += won;
      }
    }
  }

  // Each card against the other cards of its own deck (card-strength.ts): the flags.
  const stand = Object.fromEntries(EFFECT_KINDS.map((kind) => [kind, standouts(deckCounts, kind, defs)])) as Record<(typeof EFFECT_KINDS)[number], (Difference | null)[]>;
  if (!openingKept) stand.opening.fill(null);
  const cards: CardMetric[] = [];
  const notMeasured: string[] = [];
  ir.cards.forEach((card, d) => {
    const inDeck = c.inDeck[d]!;
    if (inDeck === 0) {
      notMeasured.push(card.name);
      return;
    }
    const winWhenOpening = rate(c.openingWins[d]!, c.opening[d]!);
    const winWhenNotOpening = rate(c.deckWins[d]! - c.openingWins[d]!, inDeck - c.opening[d]!);
    const winWhenDrawn = rate(c.drawnWins[d]!, c.drawn[d]!);
    const winWhenNotDrawn = rate(c.deckWins[d]! - c.drawnWins[d]!, inDeck - c.drawn[d]!);
    const winWhenPlayed = rate(c.playedWins[d]!, c.played[d]!);
    const winWhenNotPlayed = rate(c.deckWins[d]! - c.playedWins[d]!, inDeck - c.played[d]!);
    const ownerWin = rate(c.deckWins[d]!, inDeck);
    cards.push({
      card: card.name,
      title: card.title,
      decks: deckOf.decks.flatMap((deck, i) => (deckCounts[i]!.inDeck[d]! > 0 ? [deck.deck] : [])),
      inDeck,
      opening: openingKept ? rate(c.opening[d]!, inDeck) : null,
      drawn: rate(c.drawn[d]!, inDeck),
      played: rate(c.played[d]!, inDeck),
      ownerWin,
      winWhenOpening: openingKept ? winWhenOpening : null,
      winWhenNotOpening: openingKept ? winWhenNotOpening : null,
      winWhenDrawn,
      winWhenNotDrawn,
      winWhenPlayed,
      winWhenNotPlayed,
      openingEffect: openingKept ? measured(winWhenOpening, winWhenNotOpening) : null,
      drawnEffect: measured(winWhenDrawn, winWhenNotDrawn),
      playedEffect: measured(winWhenPlayed, winWhenNotPlayed),
      vsOwner: winWhenDrawn.rate - ownerWin.rate,
      standout: { opening: stand.opening[d]!, drawn: stand.drawn[d]!, played: stand.played[d]! },
    });
  });
  adjust(cards.flatMap((m) => [m.openingEffect, m.drawnEffect, m.playedEffect]).filter((x) => x !== null));
  // The flags: one family of every standout of the report.
  adjust(cards.flatMap((m) => [m.standout.opening, m.standout.drawn, m.standout.played]).filter((x) => x !== null));
  const decks: DeckMetric[] = deckOf.decks.map((deck, i) => {
    const counts = deckCounts[i]!;
    const medians = deckMedians(counts);
    if (!openingKept) medians.opening = null;
    return { ...deck, cards: ir.cards.flatMap((card, d) => (counts.inDeck[d]! > 0 ? [card.name] : [])), median: medians };
  });

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

  const batch = foldBatch(summaries, players, ir.teams?.names);
  const teams = ir.teams && batch.teams ? ir.teams.names.map((team, i) => ({ team, seats: ir.teams!.seats[i]!.filter((s) => s < players).map(seatName), wins: rate(batch.teams![team] ?? 0, n) })) : null;
  return roundNumbers<BalanceReport>({
    grimoireBalance: balanceVersion,
    kind: 'report',
    settings,
    randomPlay: settings.agents.p1 === 'random' && settings.agents.p2 === 'random' && (settings.agents.more ?? []).every((a) => a === 'random'),
    games: summaries.length,
    counted: n,
    errors: summaries.length - n,
    hash: batch.hash,
    seats: {
      players: seats.map((s, i) => ({ seat: s, agent: (i === 0 ? settings.agents.p1 : i === 1 ? settings.agents.p2 : settings.agents.more?.[i - 2]) ?? 'random', wins: rate(wins[i]!, n) })),
      draws: rate(draws + stopped, n),
      stopped,
      firstPlayer: rate(firstWins, firstGames),
      ...(teams ? { teams } : {}),
    },
    endReasons,
    length: { turns: distribution(games.map((g) => g.turns)), decisions: distribution(games.map((g) => g.decisions)) },
    decks,
    cards,
    notMeasured,
    replacements: [],
    actions: actionMetrics,
  });
}

/**
 * The decks of a batch: each (game, player) pair's list of card definitions it drew from, a list
 * common enough (card-strength.ts MIN_DECK_SHARE, MIN_DECK_PAIRS) a deck of its own, the rest
 * pooled as "other decks". Named for people: "the deck" when there is one, "p1's deck" when a
 * deck is the only one a seat played and no other seat played it, else "deck 1", "deck 2"… in
 * the order they were first seen.
 */
function findDecks(games: readonly GameSummary[], players: number, seats: readonly string[]): { decks: Omit<DeckMetric, 'cards' | 'median'>[]; pair: Int32Array } {
  const keys: string[] = [];
  const seen = new Map<string, { pairs: number; bySeat: number[]; wins: number }>();
  for (const g of games)
    for (let p = 0; p < players; p++) {
      const key = g.counts!.pile[p]!.join(',');
      keys.push(key);
      let s = seen.get(key);
      if (!s) seen.set(key, (s = { pairs: 0, bySeat: new Array<number>(players).fill(0), wins: 0 }));
      s.pairs++;
      s.bySeat[p]!++;
      if (g.winner === seats[p]) s.wins++;
    }
  const total = keys.length;
  const common = [...seen.entries()].filter(([, s]) => s.pairs >= MIN_DECK_PAIRS && s.pairs >= MIN_DECK_SHARE * total);
  const index = new Map(common.map(([key], i) => [key, i]));
  const rest = { pairs: 0, bySeat: new Array<number>(players).fill(0), wins: 0 };
  for (const [key, s] of seen)
    if (!index.has(key)) {
      rest.pairs += s.pairs;
      rest.wins += s.wins;
      s.bySeat.forEach((k, p) => (rest.bySeat[p]! += k));
    }
  const groups = [...common.map(([, s]) => s), ...(rest.pairs > 0 ? [rest] : [])];
  const pair = Int32Array.from(keys, (key) => index.get(key) ?? common.length);
  const onlySeat = (s: { bySeat: number[] }) => {
    const used = s.bySeat.flatMap((k, p) => (k > 0 ? [p] : []));
    return used.length === 1 && groups.filter((o) => o.bySeat[used[0]!]! > 0).length === 1 ? used[0]! : -1;
  };
  const decks = groups.map((s, i) => {
    const isRest = i === common.length;
    const seat = onlySeat(s);
    const deck = isRest ? (common.length ? 'other decks' : 'every deck (no list repeats)') : groups.length === 1 ? 'the deck' : seat >= 0 ? `${seats[seat]}'s deck` : `deck ${i + 1}`; // i18n-ok: a deck's English name, the key decks are matched by; deckName (words.ts) words it
    return { deck, pooled: isRest, pairs: s.pairs, bySeat: Object.fromEntries(seats.map((name, p) => [name, s.bySeat[p]!])), ownerWin: rate(s.wins, s.pairs) };
  });
  return { decks, pair };
}

/** a − b when both groups have games; null when one is empty (nothing to compare: shown as —). */
function measured(a: Rate, b: Rate): Difference | null {
  return a.n > 0 && b.n > 0 ? rateDifference(a, b) : null;
}
