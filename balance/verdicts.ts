/**
 * A balance report's cards in words: which cards stand out from their deck, which way, by how
 * much and by which measure — what the text, the HTML report and the playground lead with. Pure:
 * the same words wherever a report is shown.
 */
import type { BalanceReport, CardMetric, DeckMetric, Difference, ReplacementValue } from './report.ts';

/** The three measures of a card, in the order they are trusted: the shuffle alone decides the opening hand. */
export const MEASURES = [
  { kind: 'opening', words: 'when in the opening hand' },
  { kind: 'drawn', words: 'when drawn' },
  { kind: 'played', words: 'when played' },
] as const;

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
  /** The flagged measures, each with its standout (observational: what the card's owner won when it showed up). */
  findings: { kind: (typeof MEASURES)[number]['kind']; words: string; d: Difference }[];
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
    const against = r.decks.length === 1 ? 'the rest of the deck' : c.decks.length === 1 ? `the rest of ${c.decks[0]}` : `the rest of each of its decks (${c.decks.join(', ')})`;
    return { card: c.card, direction: up && down ? 'mixed' : up ? 'stronger' : 'weaker', against, findings, values, pairs: c.inDeck };
  });
}

const points = (x: number) => `${x >= 0 ? '+' : '−'}${(100 * Math.abs(x)).toFixed(1)} pts`;

const interval = (d: Difference) => `${points(d.diff)} [${points(d.ci95[0])}, ${points(d.ci95[1])}]`;

/**
 * A replacement value in words: "+3.8 pts [+2.4, +5.2] for p2 against 見習い剣士 in its place (5,000
 * games on the same seeds)" — ", each in the opening hand" where both were put there; with a standout, "+3.5 pts [+2.0, +5.0] above the deck's ordinary
 * cards (each replaced in turn by 泉の精 …: this one +3.1 pts)".
 */
export function valueText(v: ReplacementValue): string {
  const games = `${v.seeds.games.toLocaleString('en')} games on the same seeds`;
  if (v.standout) return `${interval(v.standout)} against the other cards of ${v.deck}, by replacement (each card replaced in turn by ${v.baseline}, ${games}: this one changes ${v.seat}'s win rate by ${points(v.value.diff)})`;
  return `${interval(v.value)} for ${v.seat} against ${v.baseline} in its place${v.opening ? ', each in the opening hand' : ''} (${games})`;
}

/**
 * A verdict as one sentence: "Dragon: stronger than the rest of the deck — +19.8 pts [+11.5,
 * +28.0] when in the opening hand", or, where replacement values decided it, "Dragon: stronger
 * than the rest of the deck — replacing it … changes its owner's win rate by …; observed …".
 */
export function verdictText(v: Verdict): string {
  const say = (f: Verdict['findings'][number]) => `${points(f.d.diff)} [${points(f.d.ci95[0])}, ${points(f.d.ci95[1])}] ${f.words}`;
  const head = v.direction === 'mixed' ? `mixed against ${v.against}` : `${v.direction} than ${v.against}`;
  const n = ` (n = ${v.pairs.toLocaleString('en')} players' games with it in the deck)`;
  if (!v.values.length) return `${v.card}: ${head} — ${v.findings.map(say).join('; ')}${n}`;
  const worth = v.values.map(valueText).join('; ');
  return `${v.card}: ${head} — ${worth}${v.findings.length ? `; observed ${v.findings.map(say).join('; ')}${n}` : ''}`;
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
    out.push(`${weakest.card}: the weakest card of ${deck} by replacement — ${interval(flagOf(weakest))} against its other cards, within their spread (${weakest.seeds.games.toLocaleString('en')} games on the same seeds)`);
  }
  return out;
}

/** A verdict's direction as a designer says it (the badge before it in the HTML and the playground). */
export const verdictBadge = (direction: Verdict['direction']): string => (direction === 'stronger' ? 'too strong' : direction === 'weaker' ? 'too weak' : 'mixed');

/** The line when no card is flagged. */
export const noVerdict = (r: BalanceReport): string => `no card differs from the other cards of its deck by more than chance and the deck's own spread give in ${r.counted} games`;

/** A deck in a few words: "p1's deck: 25 cards, drawn from by p1 in 3000 games". */
export function deckSummary(d: DeckMetric): string {
  const seats = Object.entries(d.bySeat).filter(([, k]) => k > 0).map(([seat, k]) => `${seat} in ${k} games`).join(', ');
  return `${d.deck}: ${d.cards.length} cards, drawn from by ${seats}`;
}
