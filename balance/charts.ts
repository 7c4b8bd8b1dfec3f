/**
 * The figures of a balance report, drawn with Observable Plot: seats, game lengths, cards,
 * actions and end reasons for one report; the same side by side, and the significant changes,
 * for a comparison. One module for the HTML report (balance/report-page.ts, bundled into the file
 * `grimoire balance --html` writes) and for the playground's Simulate panel, so that both show
 * exactly the same charts — hence no Node APIs here, only Plot and a DOM `Document`.
 *
 * Each figure is a <figure> with a title, the chart, and a one-line caption saying what it shows
 * and over how many games. Marks that tests and readers look for carry a class on their <g>
 * (`card-effect`, `card-interval`, `seat-interval`…): see test/e2e/balance-report.test.ts.
 */
import * as Plot from '@observablehq/plot';
import type { ActionMetric, BalanceComparison, BalanceReport, CardMetric, Distribution, MetricChange, Rate, TuneResult } from './report.ts';
import { flagOf, metricLabel, rankingStandout } from './verdicts.ts';
import { t } from '../i18n/format.ts';
import { deckName, fixed, pct } from './words.ts';

export interface ChartOptions {
  document: Document;
  /** The charts' outer width in pixels (the report page: 880; the playground: its panel's). */
  width: number;
}

/** Colours: one per side of a comparison, and the highlight of a significant effect. */
export const palette = { base: '#4e79a7', other: '#e15759', significant: '#d62728', plain: '#9aa4ad', bar: '#4e79a7', draw: '#b07aa1', first: '#59a14f' };

/** The report's font stack (report-css.ts): kanji and kana in labels need a CJK font where there is one. */
const chartFont = 'system-ui, -apple-system, "Segoe UI", "Hiragino Sans", "Noto Sans JP", "Noto Sans CJK JP", "Yu Gothic", sans-serif'; // i18n-ok: font names

// The legend's and the rows' words, in the reader's language (read when a chart is drawn: the language is set by then).
const SIGNIFICANT = () => t('balh.ch.significant');
/** The row of the player who took turn 1, whichever seat it was. */
const FIRST = () => t('balh.ch.first');
const NOT_SIGNIFICANT = () => t('balh.ch.not-significant');
const DRAWS = () => t('balh.ch.draws');
const SHARE = () => t('balh.ch.share');
const percent = (x: number) => pct(x, 0);
const one = (x: number) => fixed(x, 1);
const points = (x: number) => `${x > 0 ? '+' : x < 0 ? '−' : ''}${fixed(Math.abs(100 * x), 0)}`;

/** Pixels a label takes at the charts' font size: kanji, kana and full-width forms count double. */
function labelWidth(label: string): number {
  let w = 0;
  for (const ch of label) w += /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/u.test(ch) ? 11 : 6.5;
  return w;
}
const marginFor = (labels: string[], min = 60, max = 260) => Math.round(Math.min(max, Math.max(min, ...labels.map(labelWidth)) + 14));

/** A figure: title, chart, caption. */
function figure(o: ChartOptions, id: string, title: string, caption: string, ...charts: Element[]): HTMLElement {
  const d = o.document;
  const f = d.createElement('figure');
  f.className = 'balance-figure';
  f.dataset.chart = id;
  const h = d.createElement('h3');
  h.textContent = title;
  const body = d.createElement('div');
  body.className = 'balance-figure-body';
  body.append(...charts);
  const c = d.createElement('figcaption');
  c.textContent = caption;
  f.append(h, body, c);
  return f;
}

/** Plot's common settings: the document to draw into, the font, a white background for print. */
function plot(o: ChartOptions, options: Plot.PlotOptions): Element {
  return Plot.plot({ document: o.document, width: o.width, style: { fontSize: '11px', fontFamily: chartFont, background: 'transparent' }, ...options });
}

// ----- Seats -----

interface SeatRow {
  label: string;
  side: string;
  rate: number;
  lo: number;
  hi: number;
  k: number;
  n: number;
}

function seatRows(r: BalanceReport, side: string): SeatRow[] {
  const row = (label: string, x: Rate): SeatRow => ({ label, side, rate: x.rate, lo: x.ci95[0], hi: x.ci95[1], k: x.k, n: x.n });
  return [...r.seats.players.map((s) => row(`${s.seat} (${s.agent})`, s.wins)), row(FIRST(), r.seats.firstPlayer), row(DRAWS(), r.seats.draws)];
}

/** Bars of each seat's win rate and the draw rate, with their 95% Wilson intervals; 50% marked. */
export function seatsChart(r: BalanceReport, o: ChartOptions): HTMLElement {
  const rows = seatRows(r, r.settings.game);
  const draws = DRAWS();
  const first = FIRST();
  const chart = plot(o, {
    height: 40 + 34 * rows.length,
    marginLeft: marginFor(rows.map((x) => x.label), 90),
    x: { domain: [0, 1], tickFormat: percent, label: SHARE(), grid: true },
    y: { domain: rows.map((x) => x.label), label: null },
    marks: [
      Plot.barX(rows, { x: 'rate', y: 'label', fill: (d: SeatRow) => (d.label === draws ? palette.draw : d.label === first ? palette.first : palette.bar), fillOpacity: 0.75, className: 'seat-bar' }),
      Plot.ruleY(rows, { x1: 'lo', x2: 'hi', y: 'label', stroke: '#222', strokeWidth: 1.5, className: 'seat-interval' }),
      Plot.tickX(rows, { x: 'lo', y: 'label', stroke: '#222', inset: 9 }),
      Plot.tickX(rows, { x: 'hi', y: 'label', stroke: '#222', inset: 9 }),
      Plot.text(rows, { x: 'hi', y: 'label', text: (d: SeatRow) => pct(d.rate), dx: 6, textAnchor: 'start' }),
      Plot.ruleX([0.5], { stroke: '#666', strokeDasharray: '3,3' }),
    ],
  });
  return figure(o, 'seats', t('balh.ch.seats'), t('balh.ch.seats.caption', { n: r.counted }), chart);
}

/** Both sides' seats side by side, each with its interval. */
export function seatsComparisonChart(c: BalanceComparison, o: ChartOptions): HTMLElement {
  const [a, b] = sideNames(c);
  const rows = [...seatRows(c.base, a), ...seatRows(c.other, b)];
  const chart = plot(o, {
    height: 40 + 44 * (rows.length / 2),
    marginLeft: marginFor(rows.map((x) => x.label), 90),
    x: { domain: [0, 1], tickFormat: percent, label: SHARE(), grid: true },
    y: { domain: [a, b], axis: null },
    fy: { domain: seatRows(c.base, a).map((x) => x.label), label: null },
    color: { domain: [a, b], range: [palette.base, palette.other], legend: true },
    marks: [
      Plot.barX(rows, { x: 'rate', y: 'side', fy: 'label', fill: 'side', fillOpacity: 0.75, className: 'seat-bar' }),
      Plot.ruleY(rows, { x1: 'lo', x2: 'hi', y: 'side', fy: 'label', stroke: '#222', strokeWidth: 1.5, className: 'seat-interval' }),
      Plot.text(rows, { x: 'hi', y: 'side', fy: 'label', text: (d: SeatRow) => pct(d.rate), dx: 6, textAnchor: 'start' }),
      Plot.ruleX([0.5], { stroke: '#666', strokeDasharray: '3,3' }),
    ],
  });
  return figure(o, 'seats', t('balh.ch.seats-cmp'), t('balh.ch.seats-cmp.caption', { a, b, na: c.base.counted, nb: c.other.counted }), chart);
}

// ----- Game length -----

interface Bin {
  from: number;
  to: number;
  count: number;
  side: string;
}

function histogram(o: ChartOptions, title: string, sides: { side: string; d: Distribution }[], width: number): Element {
  const bins: Bin[] = sides.flatMap(({ side, d }) => d.histogram.map((h) => ({ ...h, side })));
  const one = sides.length === 1;
  return plot(
    { ...o, width },
    {
      height: one ? 200 : 150 * sides.length + 40,
      marginLeft: 44,
      x: { label: t('balh.ch.axis', { label: title }) },
      y: { label: t('balh.ch.games'), grid: true },
      marginRight: one ? undefined : marginFor(sides.map((s) => s.side), 20, 120),
      fy: one ? undefined : { domain: sides.map((s) => s.side), label: null, axis: 'right' },
      color: { domain: sides.map((s) => s.side), range: one ? [palette.bar] : [palette.base, palette.other] },
      marks: [
        Plot.rectY(bins, { x1: 'from', x2: 'to', y: 'count', fy: one ? undefined : 'side', fill: 'side', fillOpacity: 0.8, inset: 0.5, className: 'length-bin' }),
        Plot.ruleX(
          sides.map((s) => ({ side: s.side, mean: s.d.mean })),
          { x: 'mean', fy: one ? undefined : 'side', stroke: '#222', strokeDasharray: '4,3', className: 'length-mean' },
        ),
        Plot.ruleY([0]),
      ],
    },
  );
}

/** Histograms of turns and of decisions per game (the dashed line is the mean). */
export function lengthChart(r: BalanceReport, o: ChartOptions): HTMLElement {
  const half = Math.floor(o.width / 2) - 8;
  const side = r.settings.game;
  const turns = r.length.turns;
  const d = r.length.decisions;
  return figure(
    o,
    'length',
    t('balh.ch.length'),
    t('balh.ch.length.caption', { turnsMean: one(turns.mean), turnsMedian: one(turns.median), decisionsMean: one(d.mean), decisionsMedian: one(d.median), n: r.counted }),
    histogram(o, t('balh.ch.turns'), [{ side, d: turns }], half),
    histogram(o, t('balh.ch.decisions'), [{ side, d }], half),
  );
}

/** Both sides' histograms, one above the other on the same scale. */
export function lengthComparisonChart(c: BalanceComparison, o: ChartOptions): HTMLElement {
  const half = Math.floor(o.width / 2) - 8;
  const [a, b] = sideNames(c);
  return figure(
    o,
    'length',
    t('balh.ch.length-cmp'),
    t('balh.ch.length-cmp.caption', { turnsA: one(c.base.length.turns.mean), turnsB: one(c.other.length.turns.mean), decisionsA: one(c.base.length.decisions.mean), decisionsB: one(c.other.length.decisions.mean), a, b, na: c.base.counted, nb: c.other.counted }),
    histogram(o, t('balh.ch.turns'), [{ side: a, d: c.base.length.turns }, { side: b, d: c.other.length.turns }], half),
    histogram(o, t('balh.ch.decisions'), [{ side: a, d: c.base.length.decisions }, { side: b, d: c.other.length.decisions }], half),
  );
}

// ----- Cards -----

interface EffectRow {
  label: string;
  side: string;
  diff: number;
  lo: number;
  hi: number;
  significance: string;
  /** Which measure (verdicts.ts MEASURES): opening, drawn or played. */
  kind?: string;
}

/**
 * A card's row: its ranking standout (balance/verdicts.ts — in the opening hand, else drawn, else
 * played: its effect minus its deck's median card's), the very number its flag tests; null when
 * it was not compared (such cards are left out of the chart).
 */
const cardRow = (m: CardMetric, side: string): EffectRow | null => {
  const s = rankingStandout(m);
  return s === null
    ? null
    : { label: m.card, side, diff: s.d.diff, lo: s.d.ci95[0], hi: s.d.ci95[1], significance: s.d.significant ? SIGNIFICANT() : NOT_SIGNIFICANT(), kind: s.kind };
};
const cardRows = (cards: readonly CardMetric[], side: string): EffectRow[] => cards.flatMap((m) => cardRow(m, side) ?? []);
/** Cards sorted by their effect (largest first); ties by name, so the order is stable. */
const byEffect = (rows: EffectRow[]) => [...rows].sort((x, y) => y.diff - x.diff || (x.label < y.label ? -1 : x.label > y.label ? 1 : 0));

/**
 * Each card against the other cards of its own deck: its owner's win rate with it minus without
 * it (in the opening hand where measured, else drawn, else played), less the same for its deck's
 * median card — a bar with the interval its flag is tested with, sorted; flagged cards in the
 * highlight colour. The zero line is the deck's median card.
 */
export function cardsChart(r: BalanceReport, o: ChartOptions): HTMLElement {
  const rows = byEffect(cardRows(r.cards, r.settings.game));
  const unmeasured = r.cards.length - rows.length;
  // The bars highlighted: the observed standouts that are significant (replacement values have a chart of their own).
  const flagged = rows.filter((x) => x.significance === SIGNIFICANT()).length;
  const kinds = new Set(rows.map((x) => x.kind));
  const kindWords = (k: string | undefined) => t(k === 'opening' ? 'balh.ch.in-opening' : k === 'drawn' ? 'balh.ch.kind-drawn' : 'balh.ch.kind-played');
  const chart = plot(o, {
    height: 60 + 17 * rows.length,
    marginLeft: marginFor(rows.map((x) => x.label)),
    x: { tickFormat: points, label: t('balh.ch.vs-median'), grid: true },
    y: { domain: rows.map((x) => x.label), label: null },
    color: { domain: [SIGNIFICANT(), NOT_SIGNIFICANT()], range: [palette.significant, palette.plain], legend: true },
    marks: [
      Plot.barX(rows, { x: 'diff', y: 'label', fill: 'significance', className: 'card-effect', title: (d: EffectRow) => t('balh.ch.card-title', { card: d.label, diff: points(d.diff), lo: points(d.lo), hi: points(d.hi), kind: kindWords(d.kind) }) }),
      Plot.ruleY(rows, { x1: 'lo', x2: 'hi', y: 'label', stroke: '#333', strokeWidth: 1, className: 'card-interval' }),
      Plot.ruleX([0], { stroke: '#222', className: 'card-average' }),
    ],
  });
  const measure = t(kinds.size === 1 && kinds.has('opening') ? 'balh.ch.measure-opening' : 'balh.ch.measure-any');
  return figure(
    o,
    'cards',
    t('balh.ch.cards'),
    t('balh.ch.cards.caption', { rows: rows.length, measure, flagged, byValue: r.replacements.length ? t('balh.ch.cards.by-value') : '', unmeasured: unmeasured ? t('balh.ch.cards.unmeasured', { n: unmeasured }) : '', n: r.counted, players: r.seats.players.length }),
    chart,
  );
}

/**
 * What each card is worth by replacement (balance/replacement.ts): per card and deck, the number
 * its flag is tested with — against the deck's other cards where every card was replaced, else
 * its value against the baseline — with its interval, sorted; flagged ones in the highlight colour.
 */
export function valuesChart(r: BalanceReport, o: ChartOptions): HTMLElement {
  const several = new Set(r.replacements.map((v) => v.deck)).size > 1;
  const rows: EffectRow[] = r.replacements.map((v) => {
    const d = flagOf(v);
    return { label: several ? `${v.card} (${deckName(v.deck)})` : v.card, side: r.settings.game, diff: d.diff, lo: d.ci95[0], hi: d.ci95[1], significance: d.significant ? SIGNIFICANT() : NOT_SIGNIFICANT() };
  });
  const sorted = byEffect(rows);
  const everyCard = r.replacements.some((v) => v.standout !== null);
  const chart = plot(o, {
    height: 60 + 17 * sorted.length,
    marginLeft: marginFor(sorted.map((x) => x.label)),
    x: { tickFormat: points, label: t(everyCard ? 'balh.ch.vs-others' : 'balh.ch.vs-baseline'), grid: true },
    y: { domain: sorted.map((x) => x.label), label: null },
    color: { domain: [SIGNIFICANT(), NOT_SIGNIFICANT()], range: [palette.significant, palette.plain], legend: true },
    marks: [
      Plot.barX(sorted, { x: 'diff', y: 'label', fill: 'significance', className: 'value-effect', title: (d: EffectRow) => t('balh.ch.value-title', { label: d.label, diff: points(d.diff), lo: points(d.lo), hi: points(d.hi) }) }),
      Plot.ruleY(sorted, { x1: 'lo', x2: 'hi', y: 'label', stroke: '#333', strokeWidth: 1, className: 'value-interval' }),
      Plot.ruleX([0], { stroke: '#222' }),
    ],
  });
  const flagged = sorted.filter((x) => x.significance === SIGNIFICANT()).length;
  const games = [...new Set(r.replacements.map((v) => v.seeds.games))].sort((a, b) => a - b).join(t('balh.ch.or'));
  return figure(
    o,
    'values',
    t('balh.ch.values'),
    t('balh.ch.values.caption', { n: sorted.length, what: t(everyCard ? 'balh.ch.values.every' : 'balh.ch.values.baseline'), flagged, games }),
    chart,
  );
}

/** Both sides' effect per card, two dots with intervals per row (sorted by the base side). */
export function cardsComparisonChart(c: BalanceComparison, o: ChartOptions): HTMLElement {
  const [a, b] = sideNames(c);
  const baseRows = byEffect(cardRows(c.base.cards, a));
  const names = new Set(baseRows.map((x) => x.label));
  const otherRows = cardRows(c.other.cards, b);
  const order = [...baseRows.map((x) => x.label), ...otherRows.map((x) => x.label).filter((n) => !names.has(n))];
  // Plot's dy is one number per mark: one pair of marks per side, a few pixels apart.
  const side = (rows: EffectRow[], dy: number) => [
    Plot.ruleY(rows, { x1: 'lo', x2: 'hi', y: 'label', dy, stroke: 'side', strokeOpacity: 0.7, className: 'card-interval' }),
    Plot.dot(rows, { x: 'diff', y: 'label', dy, fill: 'side', r: 3, className: 'card-effect' }),
  ];
  const chart = plot(o, {
    height: 70 + 19 * order.length,
    marginLeft: marginFor(order),
    x: { tickFormat: points, label: t('balh.ch.vs-median'), grid: true },
    y: { domain: order, label: null },
    color: { domain: [a, b], range: [palette.base, palette.other], legend: true },
    marks: [
      Plot.ruleX([0], { stroke: '#222' }),
      ...side(baseRows, -3),
      ...side(otherRows, 3),
    ],
  });
  return figure(o, 'cards', t('balh.ch.cards-cmp'), t('balh.ch.cards-cmp.caption', { a, b, n: c.base.counted, players: c.base.seats.players.length }), chart);
}

// ----- Actions -----

const actionLabel = (m: ActionMetric) => (m.kind === 'trigger' ? t('balh.ch.trigger', { action: m.action }) : m.action);

/** Uses per game of every action and trigger, and the win-rate effect of using it. */
export function actionsChart(r: BalanceReport, o: ChartOptions): HTMLElement {
  const sorted = [...r.actions].sort((x, y) => y.perGame - x.perGame || (x.action < y.action ? -1 : 1));
  const uses = sorted.map((m) => ({ label: actionLabel(m), perGame: m.perGame }));
  const margin = marginFor(uses.map((x) => x.label));
  const half = Math.floor(o.width / 2) - 8;
  const usesChart = plot(
    { ...o, width: half },
    {
      height: 60 + 17 * uses.length,
      marginLeft: margin,
      x: { label: t('balh.ch.uses'), grid: true },
      y: { domain: uses.map((x) => x.label), label: null },
      marks: [Plot.barX(uses, { x: 'perGame', y: 'label', fill: palette.bar, fillOpacity: 0.8, className: 'action-uses' }), Plot.ruleX([0])],
    },
  );
  // Actions every player used have no "not used" side: no effect to show.
  const tested = sorted.filter((m) => m.winWhenNotUsed.n > 0 && m.winWhenUsed.n > 0);
  const effects: EffectRow[] = tested.flatMap((m) => (m.effect ? [{ label: actionLabel(m), side: r.settings.game, diff: m.effect.diff, lo: m.effect.ci95[0], hi: m.effect.ci95[1], significance: m.effect.significant ? SIGNIFICANT() : NOT_SIGNIFICANT() }] : []));
  const effectChart = plot(
    { ...o, width: half },
    {
      height: 60 + 17 * uses.length,
      marginLeft: margin,
      x: { tickFormat: points, label: t('balh.ch.effect'), grid: true },
      y: { domain: uses.map((x) => x.label), label: null },
      color: { domain: [SIGNIFICANT(), NOT_SIGNIFICANT()], range: [palette.significant, palette.plain], legend: true },
      marks: [
        Plot.ruleX([0], { stroke: '#222' }),
        Plot.ruleY(effects, { x1: 'lo', x2: 'hi', y: 'label', stroke: '#333', className: 'action-interval' }),
        Plot.dot(effects, { x: 'diff', y: 'label', fill: 'significance', r: 3.5, className: 'action-effect' }),
      ],
    },
  );
  return figure(
    o,
    'actions',
    t('balh.ch.actions'),
    t('balh.ch.actions.caption', { n: uses.length, untested: sorted.length - tested.length, games: r.counted }),
    usesChart,
    effectChart,
  );
}

/** Uses per game of each action under both sides. */
export function actionsComparisonChart(c: BalanceComparison, o: ChartOptions): HTMLElement {
  const [a, b] = sideNames(c);
  const order = [...c.base.actions].sort((x, y) => y.perGame - x.perGame || (x.action < y.action ? -1 : 1)).map(actionLabel);
  for (const m of c.other.actions) if (!order.includes(actionLabel(m))) order.push(actionLabel(m));
  const rows = [...c.base.actions.map((m) => ({ label: actionLabel(m), side: a, perGame: m.perGame })), ...c.other.actions.map((m) => ({ label: actionLabel(m), side: b, perGame: m.perGame }))];
  const chart = plot(o, {
    height: 70 + 22 * order.length,
    marginLeft: marginFor(order),
    x: { label: t('balh.ch.uses'), grid: true },
    y: { domain: [a, b], axis: null },
    fy: { domain: order, label: null, padding: 0.15 },
    color: { domain: [a, b], range: [palette.base, palette.other], legend: true },
    marks: [Plot.barX(rows, { x: 'perGame', y: 'side', fy: 'label', fill: 'side', className: 'action-uses' }), Plot.ruleX([0])],
  });
  return figure(o, 'actions', t('balh.ch.actions-cmp'), t('balh.ch.actions-cmp.caption', { a, b, n: c.base.counted }), chart);
}

// ----- End reasons -----

/** The share of games that ended for each reason, with 95% intervals. */
export function endsChart(r: BalanceReport, o: ChartOptions): HTMLElement {
  const rows = r.endReasons.map((e) => ({ label: e.reason, side: r.settings.game, rate: e.games.rate, lo: e.games.ci95[0], hi: e.games.ci95[1] }));
  const chart = plot(o, {
    height: 50 + 40 * rows.length,
    marginLeft: 260,
    x: { domain: [0, 1], tickFormat: percent, label: SHARE(), grid: true },
    y: { domain: rows.map((x) => x.label), label: null },
    marks: [
      Plot.axisY({ lineWidth: 22, marginLeft: 260 }),
      Plot.barX(rows, { x: 'rate', y: 'label', fill: palette.bar, fillOpacity: 0.8, className: 'end-bar' }),
      Plot.ruleY(rows, { x1: 'lo', x2: 'hi', y: 'label', stroke: '#222', className: 'end-interval' }),
      Plot.text(rows, { x: 'hi', y: 'label', text: (d: { rate: number }) => pct(d.rate), dx: 6, textAnchor: 'start' }),
    ],
  });
  return figure(o, 'ends', t('balh.ch.ends'), t('balh.ch.ends.caption', { n: r.counted }), chart);
}

export function endsComparisonChart(c: BalanceComparison, o: ChartOptions): HTMLElement {
  const [a, b] = sideNames(c);
  const reasons = [...new Set([...c.base.endReasons, ...c.other.endReasons].map((e) => e.reason))];
  const rows = [...c.base.endReasons.map((e) => ({ e, side: a })), ...c.other.endReasons.map((e) => ({ e, side: b }))].map(({ e, side }) => ({ label: e.reason, side, rate: e.games.rate, lo: e.games.ci95[0], hi: e.games.ci95[1] }));
  const chart = plot(o, {
    height: 50 + 52 * reasons.length,
    marginLeft: 260,
    x: { domain: [0, 1], tickFormat: percent, label: SHARE(), grid: true },
    y: { domain: [a, b], axis: null },
    fy: { domain: reasons, label: null },
    color: { domain: [a, b], range: [palette.base, palette.other], legend: true },
    marks: [
      Plot.axisFy({ anchor: 'left', lineWidth: 22, marginLeft: 260, label: null }),
      Plot.barX(rows, { x: 'rate', y: 'side', fy: 'label', fill: 'side', fillOpacity: 0.8, className: 'end-bar' }),
      Plot.ruleY(rows, { x1: 'lo', x2: 'hi', y: 'side', fy: 'label', stroke: '#222', className: 'end-interval' }),
    ],
  });
  return figure(o, 'ends', t('balh.ch.ends-cmp'), t('balh.ch.ends-cmp.caption', { a, b, na: c.base.counted, nb: c.other.counted }), chart);
}

// ----- What changed -----

/** A change's unit: rates in percentage points, means (uses, turns) as they are. */
const isMean = (m: MetricChange) => m.test === 'paired-t';

const groupTitles = { seats: 'balh.ch.group.seats', end: 'balh.ch.group.end', length: 'balh.ch.group.length', quality: 'balh.ch.group.quality', actions: 'balh.ch.group.actions', cards: 'balh.ch.group.cards' } as const satisfies Record<MetricChange['group'], string>;

/**
 * The significant changes as dots with their 95% intervals, one panel per group and unit (rates
 * in percentage points, means in their own unit), largest first; an increase and a decrease in
 * two colours.
 */
export function changesChart(c: BalanceComparison, o: ChartOptions): HTMLElement {
  const significant = c.changes.filter((m) => m.change.significant);
  const d = o.document;
  const increase = t('balh.ch.increase');
  const decrease = t('balh.ch.decrease');
  const panels: Element[] = [];
  const groups = (['seats', 'end', 'length', 'quality', 'actions', 'cards'] as const).flatMap((g) => [false, true].map((mean) => ({ g, mean, list: significant.filter((m) => m.group === g && isMean(m) === mean) })));
  const label = (m: MetricChange) => metricLabel(m, c);
  const margin = marginFor(significant.map(label), 120, 320);
  for (const { g, mean, list } of groups) {
    if (!list.length) continue;
    const rows = [...list]
      .sort((x, y) => y.change.diff - x.change.diff)
      .map((m) => ({ label: label(m), diff: m.change.diff, lo: m.change.ci95[0], hi: m.change.ci95[1], direction: m.change.diff >= 0 ? increase : decrease, base: m.base, other: m.other }));
    const unit = t(mean ? 'balh.ch.change-mean' : 'balh.ch.change-rate');
    const panel = d.createElement('div');
    panel.className = 'balance-panel';
    panel.append(Object.assign(d.createElement('h4'), { textContent: t('balh.ch.panel', { group: t(groupTitles[g]), mean: String(mean) }) }));
    panels.push(panel);
    panel.append(
      plot(o, {
        height: 60 + 20 * rows.length,
        marginLeft: margin,
        x: { tickFormat: mean ? undefined : points, label: t('balh.ch.axis', { label: unit }), grid: true },
        y: { domain: rows.map((x) => x.label), label: null },
        color: { domain: [increase, decrease], range: [palette.other, palette.base] },
        marks: [
          Plot.ruleX([0], { stroke: '#222' }),
          Plot.ruleY(rows, { x1: 'lo', x2: 'hi', y: 'label', stroke: 'direction', strokeWidth: 1.5, className: 'change-interval' }),
          Plot.dot(rows, { x: 'diff', y: 'label', fill: 'direction', r: 4, className: 'change-dot' }),
        ],
      }),
    );
  }
  if (!panels.length) {
    const p = d.createElement('p');
    p.className = 'balance-none';
    p.textContent = t('balh.ch.no-change', { games: c.base.settings.games });
    panels.push(p);
  }
  return figure(
    o,
    'changes',
    t('balh.ch.changes', { other: c.otherLabel }),
    t('balh.ch.changes.caption', { significant: significant.length, metrics: c.changes.length, b: sideNames(c)[1], a: sideNames(c)[0], games: c.base.settings.games, paired: c.paired ? t('balh.ch.paired') : '' }),
    ...panels,
  );
}

/** The names of a comparison's two sides, distinct even when both are the same game. */
export function sideNames(c: BalanceComparison): [string, string] {
  const a = c.base.settings.game;
  const b = c.other.settings.game === a ? c.otherLabel : c.other.settings.game;
  return [a, b === a ? t('balh.ch.other', { side: b }) : b];
}

/** Every figure of a report or a comparison, in reading order. */
// ----- Tune -----

/**
 * `grimoire tune`'s curve: at each value of the card's attr, its worth against the baseline in
 * its place (percentage points of its seat's win rate) with the 95% interval, one line per deck;
 * the line at 0 is "worth what an ordinary card is", the printed value ringed, and the fair value
 * of each curve marked by a dashed line — where the worth crosses 0, else the value tried nearest 0.
 */
export function tuneChart(r: TuneResult, o: ChartOptions): HTMLElement {
  const deckOf = (c: TuneResult['curves'][number]) => t('balh.ch.tune.deck', { deck: deckName(c.deck), seat: c.seat, baseline: c.baseline });
  const rows = r.curves.flatMap((c) => c.points.map((p) => ({ deck: deckOf(c), value: p.value, diff: p.worth.diff, lo: p.worth.ci95[0], hi: p.worth.ci95[1], printed: p.printed })));
  const decks = [...new Set(rows.map((x) => x.deck))];
  const fairs = r.curves.map((c) => ({ deck: deckOf(c), value: c.fair.crossing ?? c.fair.closest, label: c.fair.crossing === null ? t('balh.ch.tune.closest', { value: String(c.fair.closest) }) : t('balh.ch.tune.fair', { value: String(Number(c.fair.crossing.toFixed(1))) }) }));
  const chart = plot(o, {
    height: 320,
    marginLeft: 50,
    x: { label: t('balh.ch.axis', { label: r.attr }), ticks: [...new Set(rows.map((x) => x.value))] },
    y: { tickFormat: points, label: t('balh.ch.tune.worth'), grid: true },
    color: { domain: decks, range: [palette.base, palette.other, palette.first, palette.draw], legend: decks.length > 1 },
    marks: [
      Plot.ruleY([0], { stroke: '#222' }),
      Plot.ruleX(rows, { x: 'value', y1: 'lo', y2: 'hi', stroke: 'deck', strokeOpacity: 0.6, className: 'tune-interval' }),
      Plot.line(rows, { x: 'value', y: 'diff', stroke: 'deck', className: 'tune-line' }),
      Plot.dot(rows, { x: 'value', y: 'diff', fill: 'deck', r: 3.5, className: 'tune-point', title: (d: (typeof rows)[number]) => t('balh.ch.tune.point', { attr: r.attr, value: String(d.value), diff: points(d.diff), lo: points(d.lo), hi: points(d.hi) }) }),
      Plot.dot(rows.filter((x) => x.printed), { x: 'value', y: 'diff', stroke: '#222', r: 7, className: 'tune-printed' }),
      Plot.ruleX(fairs, { x: 'value', stroke: 'deck', strokeDasharray: '5,4', strokeWidth: 1.5, className: 'tune-fair' }),
      // One label per curve, each on its own line under the top (two decks' fair values may be close).
      ...fairs.map((f, i) => Plot.text([f], { x: 'value', frameAnchor: 'top', dy: 6 + 14 * i, dx: 4, textAnchor: 'start', text: 'label', fill: 'deck', className: 'tune-fair-label' })),
    ],
  });
  const fair = r.curves.map((c) => (c.fair.crossing === null ? t('balh.ch.tune.no-crossing', { deck: deckName(c.deck), value: String(c.fair.closest) }) : t('balh.ch.tune.crossing', { deck: deckName(c.deck), value: String(Number(c.fair.crossing.toFixed(1))) }))).join(t('bal.sep'));
  return figure(o, 'tune', t('balh.ch.tune', { card: r.card, attr: r.attr }), t('balh.ch.tune.caption', { attr: r.attr, card: r.card, baseline: r.curves.length === 1 ? r.curves[0]!.baseline : t('balh.ch.tune.the-baseline'), games: r.settings.games, printed: String(r.printed), fair }), chart);
}

export function balanceCharts(result: BalanceReport | BalanceComparison, o: ChartOptions): HTMLElement[] {
  if (result.kind === 'report') return [seatsChart(result, o), lengthChart(result, o), ...(result.replacements.length ? [valuesChart(result, o)] : []), cardsChart(result, o), actionsChart(result, o), endsChart(result, o)];
  return [changesChart(result, o), seatsComparisonChart(result, o), lengthComparisonChart(result, o), cardsComparisonChart(result, o), actionsComparisonChart(result, o), endsComparisonChart(result, o)];
}
