/**
 * Which cards stand out, judged inside their own deck.
 *
 * A card's raw effect (its owner's win rate when it was in the opening hand, drawn or played,
 * minus when not) carries whatever the whole deck carries: in a game where one deck wins more of
 * the long games, every card of that deck "wins when drawn"; where one card is broken, every other
 * card of its deck looks worse, because a hand with it holds less of the broken one. So a card is
 * compared only with the other cards of the same deck, and with a baseline one card cannot move:
 *
 * - **Decks** are the card lists players drew from (GameCounts.pile): a list seen in at least
 *   `MIN_DECK_SHARE` of the (game, player) pairs, and in `MIN_DECK_PAIRS` of them, is a deck of
 *   its own; the rest (decks built at random from a pool, test decks) are pooled as "other decks".
 * - **Within a deck**, each card's effect is the Agresti–Caffo difference of two rates (one
 *   success and one failure added to each group: a symmetric interval with good coverage down
 *   to small groups, whose variance can be combined), and its **standout** is that effect minus
 *   the **median** effect of the deck's other measured cards. The median's variance is taken as
 *   π/2 times the mean variance of those cards over their number — the large-sample variance of
 *   a median, which overstates it for few cards (so the test errs on the side of not flagging).
 * - A card in several decks gets one standout: the inverse-variance weighted mean of its
 *   standouts in each deck (a fixed-effect combination).
 *
 * References: Agresti & Caffo (2000), "Simple and effective confidence intervals for proportions
 * and differences of proportions result from adding two successes and two failures"; the
 * variance of the sample median, e.g. Stuart & Ord, Kendall's Advanced Theory of Statistics
 * vol. 1 §10.10 (π σ² / 2n for a normal population). docs/balance.md says why and how it was
 * calibrated (planted cards, identical copies).
 */
import { twoSidedNormalP, Z95, type Difference } from './statistics.ts';

/** A list of cards must be this share of the (game, player) pairs, and this many, to be a deck of its own. */
export const MIN_DECK_SHARE = 0.02;
export const MIN_DECK_PAIRS = 30;
/** A deck needs this many other measured cards for a median to compare a card with. */
export const MIN_OTHERS = 3;
/** A group (with or without the card) needs this many pairs for the card's effect in a deck to be measured. */
export const MIN_GROUP = 5;

/** The three ways a card's presence is split: in the opening hand or not, drawn or not, played or not. */
export const EFFECT_KINDS = ['opening', 'drawn', 'played'] as const;
export type EffectKind = (typeof EFFECT_KINDS)[number];

/** One deck's counts, by card definition: pairs it was in, and for each kind the pairs with the card and the wins among them. */
export interface DeckCounts {
  /** Pairs (game, player) that drew from this deck, and the wins among them, by card. */
  inDeck: Int32Array;
  deckWins: Int32Array;
  with: Record<EffectKind, Int32Array>;
  withWins: Record<EffectKind, Int32Array>;
}

export function newDeckCounts(cards: number): DeckCounts {
  const arrays = () => ({ opening: new Int32Array(cards), drawn: new Int32Array(cards), played: new Int32Array(cards) });
  return { inDeck: new Int32Array(cards), deckWins: new Int32Array(cards), with: arrays(), withWins: arrays() };
}

/** An effect and its variance (Agresti–Caffo here; replacement.ts's values too). */
export interface Estimate {
  effect: number;
  variance: number;
}

function estimate(d: DeckCounts, kind: EffectKind, card: number): Estimate | null {
  const n1 = d.with[kind][card]!;
  const w1 = d.withWins[kind][card]!;
  const n0 = d.inDeck[card]! - n1;
  const w0 = d.deckWins[card]! - w1;
  if (n1 < MIN_GROUP || n0 < MIN_GROUP) return null;
  const p1 = (w1 + 1) / (n1 + 2);
  const p0 = (w0 + 1) / (n0 + 2);
  return { effect: p1 - p0, variance: (p1 * (1 - p1)) / (n1 + 2) + (p0 * (1 - p0)) / (n0 + 2) };
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/**
 * How much the deck's cards truly differ among themselves (τ², the between-card variance of a
 * random-effects model): the robust spread of their effects around the median (1.4826 × MAD, a
 * standard deviation for normal data) squared, less the part their own noise explains (the
 * median of their variances), never below 0. A card stands out only beyond this spread.
 */
function betweenCards(others: readonly Estimate[], m: number): number {
  const mad = 1.4826 * median(others.map((e) => Math.abs(e.effect - m)));
  return Math.max(0, mad * mad - median(others.map((e) => e.variance)));
}

/**
 * One card's estimate against the other cards of its deck: its effect minus their median, with
 * the variance of that difference — its own, the median's (π/2 × their mean variance over their
 * number), and the between-card spread (betweenCards) on both. Null with fewer than MIN_OTHERS others.
 */
export function standoutAgainst(own: Estimate, others: readonly Estimate[]): Estimate | null {
  if (others.length < MIN_OTHERS) return null;
  const m = median(others.map((e) => e.effect));
  const spread = betweenCards(others, m);
  const meanVariance = others.reduce((s, e) => s + e.variance, 0) / others.length;
  return { effect: own.effect - m, variance: own.variance + spread + ((Math.PI / 2) * (meanVariance + spread)) / others.length };
}

/** A deck's median card effect of each kind (null where fewer than MIN_OTHERS + 1 cards were measured). */
export function deckMedians(d: DeckCounts): Record<EffectKind, number | null> {
  const out = {} as Record<EffectKind, number | null>;
  for (const kind of EFFECT_KINDS) {
    const effects: number[] = [];
    for (let c = 0; c < d.inDeck.length; c++) {
      const e = d.inDeck[c]! > 0 ? estimate(d, kind, c) : null;
      if (e) effects.push(e.effect);
    }
    out[kind] = effects.length > MIN_OTHERS ? median(effects) : null;
  }
  return out;
}

/**
 * Each card's standout of one kind: its effect minus its deck's median other card, combined over
 * the decks it was in; null where no deck measured it against at least MIN_OTHERS other cards.
 * p is two-sided; q and `significant` are left for the report's Benjamini–Hochberg correction.
 */
export function standouts(decks: readonly DeckCounts[], kind: EffectKind, cards: number): (Difference | null)[] {
  const sumW = new Float64Array(cards);
  const sumWX = new Float64Array(cards);
  for (const d of decks) {
    const est: (Estimate | null)[] = [];
    for (let c = 0; c < cards; c++) est.push(d.inDeck[c]! > 0 ? estimate(d, kind, c) : null);
    const measured = est.flatMap((e, c) => (e ? [c] : []));
    for (const c of measured) {
      const s = standoutAgainst(est[c]!, measured.filter((o) => o !== c).map((o) => est[o]!));
      if (!s) continue;
      sumW[c] += 1 / s.variance;
      sumWX[c] += s.effect / s.variance;
    }
  }
  const out: (Difference | null)[] = [];
  for (let c = 0; c < cards; c++) {
    if (!(sumW[c]! > 0)) {
      out.push(null);
      continue;
    }
    const diff = sumWX[c]! / sumW[c]!;
    const se = Math.sqrt(1 / sumW[c]!);
    out.push({ diff, ci95: [diff - Z95 * se, diff + Z95 * se], p: twoSidedNormalP(diff / se), q: 1, significant: false });
  }
  return out;
}
