/**
 * A useless card — a *dud* — in words: "Dud: rarely played; its owner does worse when it is
 * played". Flags (card-strength.ts, replacement.ts) ask whether a card lies beyond its deck's own
 * spread; a card that merely wastes a slot often does not (a deck of seven cards leaves a wide
 * spread), yet it is the card a designer wants named. So each deck's weakest card is asked two
 * more questions, each a one-sided test:
 *
 * - **rarely played when available**: of the players' games in which it was drawn, the share in
 *   which it was played is below half the deck's median card's share (players who hold it choose
 *   not to spend their turn on it — meaningful with search agents; random players play anything);
 * - **its owner does worse when it is played**: its played standout (the owner's win rate when it
 *   was played minus when not, less the same for the deck's median card) is below 0.
 *
 * Either holding makes the card a dud. The tests of a report form one family, Bonferroni-corrected
 * (two per deck's weakest card), so the chance that a report names any dud where none is, is at
 * most 5% — the selection of the weakest aside (docs/balance.md, "A useless card"). Pure.
 */
import type { BalanceReport, CardMetric, Difference, Rate } from './report.ts';
import { rate, twoSidedNormalP } from './statistics.ts';
import { flagOf, rankingStandout } from './verdicts.ts';
import { t } from '../i18n/format.ts';
import { count, deckName, interval, pct } from './words.ts';

/** A deck's weakest card with the two questions asked of it. */
export interface Dud {
  card: string;
  deck: string;
  /** How it was found the weakest: its replacement value against the deck's other cards, else its observed ranking standout. */
  weakestBy: 'replacement' | 'observed';
  weakest: Difference;
  /** Of the pairs it was drawn in, those it was played in; the median share of the deck's other cards. */
  playedWhenDrawn: Rate;
  medianShare: number;
  /** One-sided p of "played less than half as often as the deck's median card", and of "worse when played". */
  rarelyP: number;
  worseP: number;
  whenPlayed: Difference | null;
  rarelyPlayed: boolean;
  worseWhenPlayed: boolean;
}

/** "Rarely": less than this share of the deck's median card's play rate. */
export const RARELY = 0.5;

/** One-sided p of k in n below the share `p0` (normal approximation; 1 when nothing was drawn). */
function belowShare(k: number, n: number, p0: number): number {
  if (n === 0 || p0 <= 0) return 1;
  if (p0 >= 1) return k < n ? 0 : 1;
  const z = (k - n * p0) / Math.sqrt(n * p0 * (1 - p0));
  return z < 0 ? twoSidedNormalP(z) / 2 : 1 - twoSidedNormalP(z) / 2;
}

const oneSidedBelow = (d: Difference | null): number => (!d ? 1 : d.diff < 0 ? d.p / 2 : 1 - d.p / 2);

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

const playedShare = (c: CardMetric): Rate => rate(Math.min(c.played.k, c.drawn.k), c.drawn.k);

/** Each deck's weakest card (by replacement where every card was replaced, else observed), asked both questions. */
export function weakestPerDeck(r: BalanceReport): Dud[] {
  const out: Omit<Dud, 'rarelyPlayed' | 'worseWhenPlayed'>[] = [];
  for (const deck of r.decks) {
    if (deck.pooled) continue;
    const inDeck = r.cards.filter((c) => c.decks.includes(deck.deck));
    const values = r.replacements.filter((v) => v.deck === deck.deck && v.standout !== null);
    let pick: { card: string; d: Difference; by: Dud['weakestBy'] } | null = null;
    if (values.length >= 2) {
      const w = values.reduce((a, b) => (flagOf(b).diff < flagOf(a).diff ? b : a));
      pick = { card: w.card, d: flagOf(w), by: 'replacement' };
    } else {
      for (const c of inDeck) {
        const s = rankingStandout(c);
        if (s && (!pick || s.d.diff < pick.d.diff)) pick = { card: c.card, d: s.d, by: 'observed' };
      }
    }
    if (!pick || pick.d.diff >= 0) continue;
    const card = inDeck.find((c) => c.card === pick!.card)!;
    const others = inDeck.filter((c) => c !== card && c.drawn.k > 0).map((c) => playedShare(c).rate);
    if (others.length < 3) continue;
    const share = playedShare(card);
    const m = median(others);
    out.push({ card: card.card, deck: deck.deck, weakestBy: pick.by, weakest: pick.d, playedWhenDrawn: share, medianShare: m, rarelyP: belowShare(share.k, share.n, RARELY * m), worseP: oneSidedBelow(card.standout.played), whenPlayed: card.standout.played });
  }
  // Bonferroni over the family: two one-sided tests per deck's weakest card.
  const alpha = 0.05 / (2 * Math.max(1, out.length));
  return out.map((w) => ({ ...w, rarelyPlayed: w.rarelyP < alpha, worseWhenPlayed: w.worseP < alpha }));
}

/** The duds of a report: the decks' weakest cards for which either question is answered yes. */
export const duds = (r: BalanceReport): Dud[] => weakestPerDeck(r).filter((w) => w.rarelyPlayed || w.worseWhenPlayed);

/**
 * A dud in one sentence: "Dud: rarely played; its owner does worse when it is played — played in
 * 12.0% [10.1%, 14.2%] of the 1,000 games it was drawn in (the deck's median card: 46.0%); −13.2 pts
 * [−25.1, −1.3] when played, against the deck's median card; the weakest card of the deck by replacement (…)".
 */
export function dudText(d: Dud, decks: number): string {
  const of = decks === 1 ? t('bal.dud.the-deck') : deckName(d.deck);
  const head = [d.rarelyPlayed ? t('bal.dud.rarely') : '', d.worseWhenPlayed ? t('bal.dud.worse') : ''].filter(Boolean).join(t('bal.sep'));
  const s = d.playedWhenDrawn;
  const played = t('bal.dud.played', { rate: pct(s.rate), lo: pct(s.ci95[0]), hi: pct(s.ci95[1]), n: count(s.n), of, median: pct(d.medianShare) });
  const worse = d.whenPlayed ? t('bal.dud.when-played', { interval: interval(d.whenPlayed), of }) : '';
  const weakest = t('bal.dud.weakest', { of, by: d.weakestBy, interval: interval(d.weakest) });
  return t('bal.dud', { card: d.card, head, played, worse, weakest });
}
