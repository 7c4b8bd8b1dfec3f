/**
 * A card's replacement value: what the card does for its owner, measured by intervention. The
 * same seeds are played twice — as the rules build the decks, and with every copy of the card in
 * one seat's deck made as a baseline card instead (runtime EngineOptions.substitutes) — and the
 * seat's win rate is compared game by game. Nothing else differs: not the shuffle, not the other
 * deck, not the agents' seeds; the games differ only from the moment the card matters, so a few
 * games in ten differ and the paired comparison is far more precise than two separate samples.
 *
 * Observational measures (card-strength.ts) can only say that a card's owner wins more when the
 * card shows up — and under random play a card far too cheap for its power may not show at all;
 * an intervention says what the card causes, which a simulator — unlike a study of real games —
 * can do. Three uses:
 *
 * - **Every card** (`--values all`, the default with random players): each card of each deck
 *   replaced in turn by one reference card (an ordinary card of another deck first, which the
 *   deck's copy limits cannot refuse, else of its own); its value minus the median value of the
 *   deck's other cards is its standout, tested beyond the deck's own between-card spread as the
 *   observational standouts are (card-strength.ts standoutAgainst) — "how much better than an
 *   ordinary card of this deck".
 * - **Suspects** (`--values suspects`, the default with search agents, whose games cost seconds):
 *   the cards the observational measures point at, each against an ordinary card of its deck, on
 *   fresh seeds (after the report's), so that the luck that made a card a suspect in the first
 *   games cannot carry into its test — a selection on the same games would bias the paired
 *   difference towards the suspicion.
 * - **Asked** (`--replace CARD[=BASELINE]`): no selection, the report's seeds.
 *
 * The test of a value is McNemar's on the games whose result changed, its interval Bonett and
 * Price's (statistics.ts pairedRateDifference); a report's tests form one family for the
 * Benjamini–Hochberg correction. A deck's rules may refuse a changed deck (too many copies of a
 * name) and end its games at setup: that baseline is dropped for the next (refusedAtSetup).
 *
 * Pure: plain data in, plain data out (no games played here: cli/balance-replacements.ts plays them).
 */
import type { GameSummary } from '../runtime/batch.ts';
import type { BalanceReport, CardMetric, DeckMetric, ReplacementValue } from './report.ts';
import { standoutAgainst, type Estimate } from './card-strength.ts';
import { adjust, pairedRateDifference, rate, twoSidedNormalP, Z95 } from './statistics.ts';
import { rankingStandout } from './verdicts.ts';
import { t } from '../i18n/format.ts';
import { deckName } from './words.ts';

/** One intervention to play: every copy of `card` in `seat`'s zones made as `baseline`. */
export interface ReplacementPlan {
  card: string;
  /**
   * The baselines to try, in order: the first whose games the rules accept is the one (a deck's
   * rules may refuse the changed deck — too many copies of the baseline — and end every game at
   * setup: then the next is tried). One when the designer named it.
   */
  baselines: string[];
  /** The deck (DeckMetric.deck) the card is replaced in, and the seat (0-based) that plays it. */
  deck: string;
  seat: number;
  why: ReplacementValue['why'];
}

/** The decks a card can be replaced in: its decks of their own (not the pooled ones), each with the seat that played it most. */
export function decksOf(report: BalanceReport, card: CardMetric): { deck: DeckMetric; seat: number }[] {
  return report.decks.flatMap((deck) => {
    if (deck.pooled || !card.decks.includes(deck.deck)) return [];
    const seats = Object.values(deck.bySeat);
    const seat = seats.indexOf(Math.max(...seats));
    return seat >= 0 ? [{ deck, seat }] : [];
  });
}

/** How many baselines are tried before a plan is given up (each costs a batch). */
export const MAX_BASELINES = 4;

/**
 * The deck's ordinary cards: its other measured cards (not `card`, not `avoid`), the one whose
 * ranking standout (verdicts.ts: opening, else drawn, else played) is the deck's median first,
 * then the nearest to it — at most MAX_BASELINES. Empty when the deck has no other measured card.
 */
export function medianCards(report: BalanceReport, deck: string, card: string, avoid: ReadonlySet<string> = new Set()): string[] {
  const others = report.cards
    .filter((c) => c.card !== card && !avoid.has(c.card) && c.decks.includes(deck))
    .map((c) => ({ c: c.card, x: rankingStandout(c)?.d.diff }))
    .filter((o): o is { c: string; x: number } => o.x !== undefined)
    .sort((a, b) => a.x - b.x || (a.c < b.c ? -1 : a.c > b.c ? 1 : 0));
  if (!others.length) return [];
  const m = others[Math.floor((others.length - 1) / 2)]!.x;
  return others
    .map((o, i) => ({ ...o, i }))
    .sort((a, b) => Math.abs(a.x - m) - Math.abs(b.x - m) || a.i - b.i)
    .slice(0, MAX_BASELINES)
    .map((o) => o.c);
}

/** A card's smallest p over its standouts (the strength of the suspicion), or 1. */
const suspicion = (c: CardMetric): number => Math.min(1, ...[c.standout.opening, c.standout.drawn, c.standout.played].flatMap((d) => (d ? [d.p] : [])));

/**
 * The baselines to try for `card` in `deck`: the deck's ordinary cards (medianCards), then the
 * ordinary cards of the other decks that this deck lacks — a deck's rules may limit the copies of
 * a name, so that every card already in the deck makes the changed deck illegal.
 */
export function baselinesFor(report: BalanceReport, deck: string, card: string, avoid: ReadonlySet<string> = new Set()): string[] {
  const inside = medianCards(report, deck, card, avoid);
  const inDeck = new Set(report.decks.find((d) => d.deck === deck)?.cards ?? []);
  const outside = report.decks
    .filter((d) => d.deck !== deck && !d.pooled)
    .flatMap((d) => medianCards(report, d.deck, card, new Set([...avoid, ...inDeck])));
  return [...new Set([...inside, ...outside])];
}

/**
 * The suspects: the cards whose standout in some measure has p < `alpha` before the correction,
 * strongest suspicion first, at most `max` cards — each to be replaced, in each of its decks, by
 * that deck's median card (the other suspects avoided).
 */
export function suspects(report: BalanceReport, max: number, alpha = 0.05): ReplacementPlan[] {
  return suspectPlans(report, suspicions(report, alpha).slice(0, max).map((s) => s.card));
}

/** The cards whose observed standout in some measure has p < `alpha`, with that p, strongest suspicion first. */
export function suspicions(report: BalanceReport, alpha = 0.05): { card: string; p: number }[] {
  return report.cards
    .map((c) => ({ card: c.card, p: suspicion(c) }))
    .filter((s) => s.p < alpha)
    .sort((a, b) => a.p - b.p || (a.card < b.card ? -1 : 1));
}

/** Each named card replaced, in each of its decks, by that deck's ordinary card (the other named cards avoided). */
export function suspectPlans(report: BalanceReport, cards: readonly string[]): ReplacementPlan[] {
  const chosen = cards.flatMap((name) => report.cards.filter((c) => c.card === name));
  const avoid = new Set(chosen.map((c) => c.card));
  return chosen.flatMap((c) =>
    decksOf(report, c).flatMap(({ deck, seat }) => {
      const baselines = baselinesFor(report, deck.deck, c.card, avoid);
      return baselines.length ? [{ card: c.card, baselines, deck: deck.deck, seat, why: 'suspect' as const }] : [];
    }),
  );
}

/**
 * The references a deck's cards are each replaced by, in order of preference: the ordinary cards
 * of the other decks that this deck lacks (no copy limit of the deck can refuse them), then the
 * deck's own ordinary cards (medianCards).
 */
export function referencesFor(report: BalanceReport, deck: string): string[] {
  const inDeck = new Set(report.decks.find((d) => d.deck === deck)?.cards ?? []);
  const outside = report.decks.filter((d) => d.deck !== deck && !d.pooled).flatMap((d) => medianCards(report, d.deck, '', inDeck));
  return [...new Set([...outside, ...medianCards(report, deck, '')])];
}

/**
 * Every card of every deck of its own (not the pooled lists), each to be replaced in turn by the
 * deck's reference card (referencesFor; the next one for the reference itself, or where the rules
 * refuse it) — the values `everyCardStandouts` compares within each deck.
 */
export function everyCard(report: BalanceReport): ReplacementPlan[] {
  const plans: ReplacementPlan[] = [];
  for (const deck of report.decks) {
    if (deck.pooled) continue;
    const refs = referencesFor(report, deck.deck);
    const seats = Object.values(deck.bySeat);
    const seat = seats.indexOf(Math.max(...seats));
    for (const c of report.cards) {
      if (!c.decks.includes(deck.deck)) continue;
      const baselines = refs.filter((r) => r !== c.card);
      if (baselines.length) plans.push({ card: c.card, baselines, deck: deck.deck, seat, why: 'every card' }); // i18n-ok: a value of ReplacementValue.why, matched
    }
  }
  return plans;
}

/** A value's estimate: its difference and the variance its 95% interval implies. */
const estimateOf = (v: ReplacementValue): Estimate => ({ effect: v.value.diff, variance: ((v.value.ci95[1] - v.value.ci95[0]) / (2 * Z95)) ** 2 });

/**
 * Each value of an every-card run against the other cards of its deck (the median of their values,
 * beyond their own spread: card-strength.ts standoutAgainst): sets `standout`, null where the deck
 * has fewer than MIN_OTHERS other values. The q and flags come with adjustReplacementValues.
 */
export function everyCardStandouts(values: ReplacementValue[]): void {
  for (const v of values) {
    if (v.why !== 'every card') continue; // i18n-ok: a value of ReplacementValue.why, matched
    const others = values.filter((o) => o.card !== v.card && o.why === 'every card' && o.deck === v.deck).map(estimateOf); // i18n-ok: a value of ReplacementValue.why, matched
    const s = standoutAgainst(estimateOf(v), others);
    if (!s) continue;
    const se = Math.sqrt(s.variance);
    v.standout = { diff: s.effect, ci95: [s.effect - Z95 * se, s.effect + Z95 * se], p: twoSidedNormalP(s.effect / se), q: 1, significant: false };
  }
}

/**
 * What the designer asked: `CARD` or `CARD=BASELINE` (every deck the card is in). Returns the
 * plans or the reason one cannot be made (an unknown card, a card in no deck).
 */
export function askedReplacements(report: BalanceReport, asked: readonly string[], cardNames: readonly string[]): ReplacementPlan[] | { error: string } {
  const plans: ReplacementPlan[] = [];
  const known = new Set(cardNames);
  for (const a of asked) {
    const [card, given] = a.split('=') as [string, string | undefined];
    if (!known.has(card)) return { error: t('bal.replace.unknown', { card }) };
    if (given !== undefined && !known.has(given)) return { error: t('bal.replace.unknown-baseline', { asked: a, card: given }) };
    const metric = report.cards.find((c) => c.card === card);
    const decks = metric ? decksOf(report, metric) : [];
    if (decks.length === 0) return { error: t('bal.replace.no-deck', { card }) };
    for (const { deck, seat } of decks) {
      const baselines = given !== undefined ? [given] : baselinesFor(report, deck.deck, card);
      if (!baselines.length) return { error: t('bal.replace.no-other', { card, deck: deckName(deck.deck) }) };
      if (given === card) return { error: t('bal.replace.itself', { asked: a }) };
      plans.push({ card, baselines, deck: deck.deck, seat, why: 'asked' });
    }
  }
  return plans;
}

/** z for 80% power (one side of a 5% two-sided test is Z95). */
const Z80 = 0.8416212335729143;

/**
 * Did the rules refuse the changed deck? Some game of the seeds ended before its first turn with
 * the baseline in place (not stopped by a step limit) where it had not with the card: a setup that
 * checks decks ended it (the reason, the game's own words, is returned), and a value would measure
 * that, not the card. `withBaseline` may be the first few seeds only (a cheap look before the batch).
 */
export function refusedAtSetup(withCard: readonly GameSummary[], withBaseline: readonly GameSummary[]): string | null {
  for (let i = 0; i < withBaseline.length; i++) {
    const b = withBaseline[i]!;
    const a = withCard[i];
    if (a && !b.error && !b.stopped && b.turns === 0 && a.turns > 0) return b.reason;
  }
  return null;
}

/**
 * The value of one plan against `baseline` from the two batches of the same seeds (with the card:
 * `withCard`; with the baseline: `withBaseline`), over the seeds where neither game ended in an error.
 */
export function replacementValue(plan: ReplacementPlan, baseline: string, withCard: readonly GameSummary[], withBaseline: readonly GameSummary[]): ReplacementValue {
  const seat = `p${plan.seat + 1}`;
  let n = 0;
  let winsWith = 0;
  let winsBaseline = 0;
  let onlyWith = 0;
  let onlyBaseline = 0;
  for (let i = 0; i < withCard.length; i++) {
    const a = withCard[i]!;
    const b = withBaseline[i];
    if (!b || a.error || b.error) continue;
    n++;
    const x = a.winner === seat;
    const y = b.winner === seat;
    if (x) winsWith++;
    if (y) winsBaseline++;
    if (x && !y) onlyWith++;
    if (y && !x) onlyBaseline++;
  }
  // with − baseline: pairedRateDifference gives B − A with onlyA under A alone, onlyB under B alone.
  const value = pairedRateDifference(onlyBaseline, onlyWith, n);
  const discordant = onlyWith + onlyBaseline;
  const d = value.diff;
  const variance = n ? discordant / n - d * d : 0;
  const gamesToTell = value.p < 0.05 || d === 0 || variance <= 0 ? null : Math.ceil(((Z95 + Z80) ** 2 * variance) / (d * d));
  return {
    card: plan.card,
    baseline,
    deck: plan.deck,
    seat,
    why: plan.why,
    seeds: { from: withCard[0]?.seed ?? 0, games: withCard.length },
    withCard: rate(winsWith, n),
    withBaseline: rate(winsBaseline, n),
    value,
    standout: null,
    tested: plan.why !== 'every card', // i18n-ok: a value of ReplacementValue.why, matched
    discordant,
    gamesToTell,
  };
}

/**
 * The tests of a report's values as one family (Benjamini–Hochberg): each tested value's standout
 * where it has one (every card: the flag is against the deck's ordinary cards), else the value
 * itself. A value only looked at (not tested) is never flagged: its q is 1.
 */
export function adjustReplacementValues(values: ReplacementValue[]): void {
  adjust(values.filter((v) => v.tested).map((v) => v.standout ?? v.value));
  for (const v of values) {
    if (v.tested) continue;
    for (const d of [v.value, v.standout]) if (d) Object.assign(d, { q: 1, significant: false });
  }
}

/** A first look's p under which a card goes on to be tested, and how many of a deck's cards may. */
export const SETTLE_P = 0.1;
export const SETTLE_PER_DECK = 3;

/**
 * After the first look at every card: the values to test on the remaining seeds — in each deck,
 * the cards whose standout has p < SETTLE_P, most extreme first, at most SETTLE_PER_DECK.
 */
export function toSettle(values: readonly ReplacementValue[]): ReplacementValue[] {
  const out: ReplacementValue[] = [];
  for (const deck of new Set(values.map((v) => v.deck))) {
    const picked = values
      .filter((v) => v.deck === deck && v.standout !== null && v.standout.p < SETTLE_P)
      .sort((a, b) => a.standout!.p - b.standout!.p || (a.card < b.card ? -1 : 1))
      .slice(0, SETTLE_PER_DECK);
    out.push(...picked);
  }
  return out;
}
