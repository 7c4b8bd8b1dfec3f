/**
 * A balance report's cards in words: which cards stand out from their deck, which way, by how
 * much and by which measure — what the text, the HTML report and the playground lead with. Pure:
 * the same words wherever a report is shown.
 */
import type { BalanceComparison, BalanceReport, CardMetric, DeckMetric, Difference, MetricChange, ReplacementValue } from './report.ts';
import { t, type MessageKey } from '../i18n/format.ts';
import { count, deckName, interval, points } from './words.ts';

/** The three measures of a card, in the order they are trusted: the shuffle alone decides the opening hand. */
export const MEASURES = [
  { kind: 'opening', words: 'bal.v.opening' },
  { kind: 'drawn', words: 'bal.v.drawn' },
  { kind: 'played', words: 'bal.v.played' },
] as const satisfies readonly { kind: string; words: MessageKey }[];

/** The number a replacement value is flagged and ranked by: its standout where it has one (every card), else the value. */
export const flagOf = (v: ReplacementValue): Difference => v.standout ?? v.value;

/** A card's replacement values in the report (one per deck it was replaced in), strongest first. */
export const replacementsOf = (r: BalanceReport, card: string): ReplacementValue[] => r.replacements.filter((v) => v.card === card);

/**
 * Is the card flagged? By its replacement value where one was played (the intervention decides:
 * any significant after the correction), else by its observational standouts (any significant).
 */
export function flagged(r: BalanceReport, c: CardMetric): boolean {
  const values = replacementsOf(r, c.card);
  if (values.length) return values.some((v) => flagOf(v).significant);
  return MEASURES.some((m) => c.standout[m.kind]?.significant);
}

/** The standout a card is ranked and charted by: in the opening hand, else drawn, else played (null: not compared). */
export function rankingStandout(c: CardMetric): { kind: (typeof MEASURES)[number]['kind']; d: Difference } | null {
  for (const m of MEASURES) {
    const d = c.standout[m.kind];
    if (d) return { kind: m.kind, d };
  }
  return null;
}

/**
 * Cards strongest first: by their largest replacement value where one was played, else by their
 * ranking standout (both in points of the owner's win rate against an ordinary card of the deck);
 * cards not compared last, by name. Where some cards were replaced (the suspects), a card that was
 * not is ranked as an ordinary card (0) unless its observed standout is significant: it was not a
 * suspect, and a few search games make an observed standout noise that must not outrank a
 * measured value.
 */
export function rankedCards(cards: readonly CardMetric[], replacements: readonly ReplacementValue[] = []): CardMetric[] {
  const value = new Map<string, number>();
  for (const v of replacements) value.set(v.card, Math.max(value.get(v.card) ?? -Infinity, flagOf(v).diff));
  const observed = (c: CardMetric) => {
    const s = rankingStandout(c);
    return s === null ? -Infinity : replacements.length && !s.d.significant ? 0 : s.d.diff;
  };
  const key = (c: CardMetric) => value.get(c.card) ?? observed(c);
  return [...cards].sort((x, y) => key(y) - key(x) || (x.card < y.card ? -1 : x.card > y.card ? 1 : 0));
}

export interface Verdict {
  card: string;
  /** stronger: every flagged measure above the deck; weaker: every one below; mixed: some of each. */
  direction: 'stronger' | 'weaker' | 'mixed';
  /** Against what, in words: "the rest of the deck", "the rest of p1's deck"… */
  against: string;
  /** The flagged measures, each with its standout (observational: what the card's owner won when it showed up); `words` its catalog key. */
  findings: { kind: (typeof MEASURES)[number]['kind']; words: MessageKey; d: Difference }[];
  /** Its significant replacement values (what the card causes), which decide the flag where played. */
  values: ReplacementValue[];
  /** The observed findings' sample: the (game, player) pairs with the card in the deck. */
  pairs: number;
}

/** One verdict per flagged card, strongest first. */
export function verdicts(r: BalanceReport): Verdict[] {
  return rankedCards(
    r.cards.filter((c) => flagged(r, c)),
    r.replacements,
  ).map((c) => {
    const findings = MEASURES.flatMap((m) => (c.standout[m.kind]?.significant ? [{ kind: m.kind, words: m.words, d: c.standout[m.kind]! }] : []));
    const values = replacementsOf(r, c.card).filter((v) => flagOf(v).significant);
    const signs = values.length ? values.map((v) => flagOf(v).diff) : findings.map((f) => f.d.diff);
    const up = signs.some((x) => x > 0);
    const down = signs.some((x) => x < 0);
    const against = r.decks.length === 1 ? t('bal.v.rest-of-deck') : c.decks.length === 1 ? t('bal.v.rest-of', { deck: deckName(c.decks[0]!) }) : t('bal.v.rest-of-each', { decks: c.decks.map(deckName) });
    return { card: c.card, direction: up && down ? 'mixed' : up ? 'stronger' : 'weaker', against, findings, values, pairs: c.inDeck };
  });
}

/**
 * A replacement value in words: "+3.8 pts [+2.4, +5.2] for p2 against 見習い剣士 in its place (5,000
 * games on the same seeds)" — ", each in the opening hand" where both were put there; with a standout, "+3.5 pts [+2.0, +5.0] above the deck's ordinary
 * cards (each replaced in turn by 泉の精 …: this one +3.1 pts)".
 */
export function valueText(v: ReplacementValue): string {
  const games = t('bal.v.games-same-seeds', { n: count(v.seeds.games) });
  if (v.standout) return t('bal.v.value-standout', { interval: interval(v.standout), deck: deckName(v.deck), baseline: v.baseline, games, seat: v.seat, value: points(v.value.diff) });
  return t('bal.v.value', { interval: interval(v.value), seat: v.seat, baseline: v.baseline, opening: v.opening ? t('bal.v.value-opening') : '', games });
}

/**
 * A verdict as one sentence: "Dragon: stronger than the rest of the deck — +19.8 pts [+11.5,
 * +28.0] when in the opening hand", or, where replacement values decided it, "Dragon: stronger
 * than the rest of the deck — replacing it … changes its owner's win rate by …; observed …".
 */
export function verdictText(v: Verdict): string {
  const say = (f: Verdict['findings'][number]) => t('bal.v.finding', { interval: interval(f.d), words: t(f.words) });
  const head = t(v.direction === 'mixed' ? 'bal.v.mixed' : v.direction === 'stronger' ? 'bal.v.stronger' : 'bal.v.weaker', { against: v.against });
  const n = t('bal.v.pairs', { n: count(v.pairs) });
  const sep = t('bal.sep');
  if (!v.values.length) return t('bal.v.observed', { card: v.card, head, findings: v.findings.map(say).join(sep), n });
  const values = v.values.map(valueText).join(sep);
  return t('bal.v.by-values', { card: v.card, head, values, observed: v.findings.length ? t('bal.v.by-values-observed', { findings: v.findings.map(say).join(sep), n }) : '' });
}

/**
 * Each deck's weakest card by replacement when it is not flagged — the card a designer would cut
 * first, reported even when it lies within the deck's spread ("Dud: the weakest card of the deck
 * by replacement — −3.5 pts [−9.6, +2.6] against its other cards, within their spread"). The
 * decks in `except` are left out: their weakest card is named as a dud (duds.ts).
 */
export function weakestCards(r: BalanceReport, except: ReadonlySet<string> = new Set()): string[] {
  const out: string[] = [];
  for (const deck of new Set(r.replacements.map((v) => v.deck))) {
    if (except.has(deck)) continue; // its weakest card is named as a dud (duds.ts)
    const values = r.replacements.filter((v) => v.deck === deck && v.standout !== null);
    if (values.length < 2) continue;
    const weakest = values.reduce((a, b) => (flagOf(b).diff < flagOf(a).diff ? b : a));
    if (flagOf(weakest).significant || flagOf(weakest).diff >= 0) continue;
    out.push(t('bal.v.weakest', { card: weakest.card, deck: deckName(deck), interval: interval(flagOf(weakest)), games: count(weakest.seeds.games) }));
  }
  return out;
}

/** A verdict's direction as a designer says it (the badge before it in the HTML and the playground). */
export const verdictBadge = (direction: Verdict['direction']): string => t(direction === 'stronger' ? 'bal.v.badge.stronger' : direction === 'weaker' ? 'bal.v.badge.weaker' : 'bal.v.badge.mixed');

/** The line when no card is flagged. */
export const noVerdict = (r: BalanceReport): string => t('bal.v.none', { games: r.counted });

/** A deck in a few words: "p1's deck: 25 cards, drawn from by p1 in 3000 games". */
export function deckSummary(d: DeckMetric): string {
  const seats = Object.entries(d.bySeat).filter(([, k]) => k > 0).map(([seat, k]) => t('bal.deck.seat-games', { seat, n: k }));
  return t('bal.v.deck-summary', { deck: deckName(d.deck), cards: d.cards.length, seats });
}

/**
 * A compared metric's name in the reader's language. The comparison (balance/compare.ts) keeps
 * its English name in the JSON (`label`); its stable key (`metric`: `seats.p1.wins`,
 * `cards.<card>.drawn`…) says which metric it is, so any language names it from the catalog.
 */
export function metricLabel(m: MetricChange, c: BalanceComparison): string {
  const card = /^cards\.(.+)\.(drawn|played|winWhenDrawn|winWhenPlayed)$/.exec(m.metric);
  if (card) {
    const [, name, what] = card as unknown as [string, string, string];
    if (what === 'winWhenDrawn') return t('bal.metric.card-win-drawn', { card: name });
    if (what === 'winWhenPlayed') return t('bal.metric.card-win-played', { card: name });
    const inBase = c.base.cards.some((x) => x.card === name);
    const inOther = c.other.cards.some((x) => x.card === name);
    const absent = inBase && !inOther ? t('bal.metric.card-absent', { game: c.other.settings.game }) : inOther && !inBase ? t('bal.metric.card-absent', { game: c.base.settings.game }) : '';
    return t(what === 'drawn' ? 'bal.metric.card-drawn' : 'bal.metric.card-played', { card: name, absent });
  }
  const action = /^actions\.(.+)\.(perGame|winWhenUsed|usedBy)$/.exec(m.metric);
  if (action) return t(action[2] === 'perGame' ? 'bal.metric.action-per-game' : action[2] === 'winWhenUsed' ? 'bal.metric.action-win-used' : 'bal.metric.action-used-by', { action: action[1]! });
  const seat = /^seats\.(.+)\.wins$/.exec(m.metric);
  if (seat) return t('bal.metric.seat-wins', { seat: seat[1]! });
  if (m.metric.startsWith('end.')) return t('bal.metric.ending', { reason: m.metric.slice(4) });
  const fixed: Record<string, MessageKey> = {
    'seats.firstPlayer': 'bal.metric.first',
    'seats.draws': 'bal.metric.draws',
    'length.turns': 'bal.metric.turns',
    'length.decisions': 'bal.metric.decisions',
    'quality.decisiveness': 'bal.metric.decisiveness',
    'quality.leadChanges': 'bal.metric.lead-changes',
    'quality.comebacks': 'bal.metric.comebacks',
    'quality.drawn': 'bal.metric.drawn',
    'quality.capped': 'bal.metric.capped',
  };
  return fixed[m.metric] ? t(fixed[m.metric]!) : m.label;
}
