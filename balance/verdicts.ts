/**
 * A balance report's cards in words: which cards stand out from their deck, which way, by how
 * much and by which measure — what the text, the HTML report and the playground lead with. Pure:
 * the same words wherever a report is shown.
 */
import type { BalanceReport, CardMetric, DeckMetric, Difference } from './report.ts';

/** The three measures of a card, in the order they are trusted: the shuffle alone decides the opening hand. */
export const MEASURES = [
  { kind: 'opening', words: 'when in the opening hand' },
  { kind: 'drawn', words: 'when drawn' },
  { kind: 'played', words: 'when played' },
] as const;

/** A card is flagged when any of its standouts is significant after the correction. */
export const flagged = (c: CardMetric): boolean => MEASURES.some((m) => c.standout[m.kind]?.significant);

/** The standout a card is ranked and charted by: in the opening hand, else drawn, else played (null: not compared). */
export function rankingStandout(c: CardMetric): { kind: (typeof MEASURES)[number]['kind']; d: Difference } | null {
  for (const m of MEASURES) {
    const d = c.standout[m.kind];
    if (d) return { kind: m.kind, d };
  }
  return null;
}

/** Cards by their ranking standout, strongest first; cards not compared last, by name. */
export function rankedCards(cards: readonly CardMetric[]): CardMetric[] {
  const key = (c: CardMetric) => rankingStandout(c)?.d.diff ?? -Infinity;
  return [...cards].sort((x, y) => key(y) - key(x) || (x.card < y.card ? -1 : x.card > y.card ? 1 : 0));
}

export interface Verdict {
  card: string;
  /** stronger: every flagged measure above the deck; weaker: every one below; mixed: some of each. */
  direction: 'stronger' | 'weaker' | 'mixed';
  /** Against what, in words: "the rest of the deck", "the rest of p1's deck"… */
  against: string;
  /** The flagged measures, each with its standout. */
  findings: { kind: (typeof MEASURES)[number]['kind']; words: string; d: Difference }[];
}

/** One verdict per flagged card, strongest first. */
export function verdicts(r: BalanceReport): Verdict[] {
  return rankedCards(r.cards.filter(flagged)).map((c) => {
    const findings = MEASURES.flatMap((m) => (c.standout[m.kind]?.significant ? [{ kind: m.kind, words: m.words, d: c.standout[m.kind]! }] : []));
    const up = findings.some((f) => f.d.diff > 0);
    const down = findings.some((f) => f.d.diff < 0);
    const against = r.decks.length === 1 ? 'the rest of the deck' : c.decks.length === 1 ? `the rest of ${c.decks[0]}` : `the rest of each of its decks (${c.decks.join(', ')})`;
    return { card: c.card, direction: up && down ? 'mixed' : up ? 'stronger' : 'weaker', against, findings };
  });
}

const points = (x: number) => `${x >= 0 ? '+' : '−'}${(100 * Math.abs(x)).toFixed(1)} pts`;

/** A verdict as one sentence: "Dragon: stronger than the rest of the deck — +19.8 pts [+11.5, +28.0] when in the opening hand". */
export function verdictText(v: Verdict): string {
  const say = (f: Verdict['findings'][number]) => `${points(f.d.diff)} [${points(f.d.ci95[0])}, ${points(f.d.ci95[1])}] ${f.words}`;
  const head = v.direction === 'mixed' ? `mixed against ${v.against}` : `${v.direction} than ${v.against}`;
  return `${v.card}: ${head} — ${v.findings.map(say).join('; ')}`;
}

/** The line when no card is flagged. */
export const noVerdict = (r: BalanceReport): string => `no card differs from the other cards of its deck by more than chance and the deck's own spread give in ${r.counted} games`;

/** A deck in a few words: "p1's deck: 25 cards, drawn from by p1 in 3000 games". */
export function deckSummary(d: DeckMetric): string {
  const seats = Object.entries(d.bySeat).filter(([, k]) => k > 0).map(([seat, k]) => `${seat} in ${k} games`).join(', ');
  return `${d.deck}: ${d.cards.length} cards, drawn from by ${seats}`;
}
