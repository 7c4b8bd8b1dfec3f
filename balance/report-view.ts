/**
 * A balance report as a document: the settings header (game, format, seeds, agents, rule
 * parameters, hash; a warning when both seats played at random), the charts (balance/charts.ts),
 * and under them tables with the exact numbers — every card, every action, every compared metric.
 * The charts show the shape; the tables are what one quotes. Shared by the HTML report
 * (report-page.ts) and the playground's Simulate panel; DOM only, no Node APIs.
 */
import { balanceCharts, sideNames, tuneChart, type ChartOptions } from './charts.ts';
import { tuneVerdicts } from './tune.ts';
import type { BalanceComparison, BalanceReport, Difference, Mean, MetricChange, QualityReport, Rate, TuneResult } from './report.ts';
import { duds, dudText } from './duds.ts';
import { deckSummary, flagOf, MEASURES, metricLabel, noVerdict, rankedCards, verdictBadge, verdicts, verdictText, weakestCards } from './verdicts.ts';
import { t } from '../i18n/format.ts';
import { count, deckName, fixed, kindName, pct, upTo } from './words.ts';

const signed = (x: number, unit: (y: number) => string) => `${x > 0 ? '+' : x < 0 ? '−' : '±'}${unit(Math.abs(x))}`;
const pts = (x: number) => fixed(100 * x, 1);
const rate = (r: Rate) => `${pct(r.rate)} (${r.k}/${r.n})`;

/** A cell: its text, and a second line in smaller type (an interval under its estimate). */
type Cell = string | { text: string; sub?: string; className?: string; title?: string };

function el<K extends keyof HTMLElementTagNameMap>(d: Document, tag: K, className?: string, text?: string): HTMLElementTagNameMap[K] {
  const e = d.createElement(tag);
  if (className) e.className = className;
  if (text !== undefined) e.textContent = text;
  return e;
}

/** A table with a caption, a header row and numeric columns aligned right. */
function table(d: Document, id: string, caption: string, head: string[], rows: Cell[][], numeric: number[]): HTMLElement {
  const t = el(d, 'table', 'balance-table');
  t.dataset.table = id;
  t.append(el(d, 'caption', undefined, caption));
  const thead = el(d, 'thead');
  const tr = el(d, 'tr');
  head.forEach((h, i) => tr.append(el(d, 'th', numeric.includes(i) ? 'num' : undefined, h)));
  thead.append(tr);
  const tbody = el(d, 'tbody');
  for (const row of rows) {
    const r = el(d, 'tr');
    row.forEach((c, i) => {
      const cell = typeof c === 'string' ? { text: c } : c;
      const td = el(d, 'td', [numeric.includes(i) ? 'num' : '', cell.className ?? ''].join(' ').trim() || undefined, cell.text);
      if (cell.title) td.title = cell.title;
      if (cell.sub) td.append(el(d, 'span', 'sub', cell.sub));
      r.append(td);
    });
    tbody.append(r);
  }
  t.append(thead, tbody);
  return t;
}

/** A difference with its interval; marked by `flag` (itself, or for a card whether it stands out from the others); — when there is none. */
const effectCell = (x: Difference | null, flag: Difference | null = x): Cell | string => (x === null ? '—' : effectCellOf(x, flag ?? { ...x, significant: false }));
const effectCellOf = (x: Difference, flag: Difference): Cell => ({ text: `${signed(x.diff, pts)}${flag.significant ? ' *' : ''}`, sub: `[${signed(x.ci95[0], pts)}, ${signed(x.ci95[1], pts)}]`, className: flag.significant ? 'significant' : undefined, title: `p = ${flag.p}, q = ${flag.q}` });
/** A rate as its percentage, with k/n under it. */
const rateCell = (r: Rate): Cell => ({ text: pct(r.rate), sub: `${r.k}/${r.n}` });

function header(d: Document, r: BalanceReport, comparedWith: BalanceComparison | undefined, collapseParams: boolean): HTMLElement {
  const s = r.settings;
  const h = el(d, 'header', 'balance-header');
  h.append(el(d, 'h1', undefined, comparedWith ? t('balh.h1.compared', { game: s.game, other: comparedWith.otherLabel }) : t('balh.h1', { game: s.game })));
  h.append(el(d, 'p', 'balance-subtitle', t('balh.subtitle', { title: s.title, format: s.format })));
  const dl = el(d, 'dl', 'balance-settings');
  const item = (k: string, v: string) => dl.append(el(d, 'dt', undefined, k), el(d, 'dd', undefined, v));
  item(t('balh.set.games'), t('balh.set.games-value', { games: r.games, from: s.seed, to: s.seed + s.games - 1, errors: r.errors ? t('balh.set.errors', { n: r.errors }) : '' }));
  item(t('balh.set.agents'), `p1 ${s.agents.p1}, p2 ${s.agents.p2}${(s.agents.more ?? []).map((a, i) => `, p${i + 3} ${a}`).join('')}`);
  if (comparedWith) {
    item(t('balh.set.compared-with'), t('balh.set.compared-value', { other: comparedWith.otherLabel, paired: comparedWith.paired ? t('balh.set.paired') : '' }));
    item(t('balh.set.hash'), `${comparedWith.base.hash} (${s.game}), ${comparedWith.other.hash} (${sideNames(comparedWith)[1]})`);
    item(t('balh.set.fingerprint'), `${comparedWith.base.settings.rules}, ${comparedWith.other.settings.rules}`);
  } else {
    item(t('balh.set.hash'), t('balh.set.hash-value', { hash: r.hash }));
    item(t('balh.set.fingerprint'), s.rules);
  }
  const params = Object.entries(s.params);
  const otherParams = comparedWith?.other.settings.params ?? {};
  const paramText = params.length ? params.map(([k, v]) => (comparedWith && k in otherParams && otherParams[k] !== v ? `${k} = ${v} → ${otherParams[k]}` : `${k} = ${v}`)).join(', ') : t('balh.set.params-none');
  if (collapseParams && params.length) {
    const details = el(d, 'details', 'balance-params');
    details.append(el(d, 'summary', undefined, t('balh.set.params-count', { n: params.length })), paramText);
    const dd = el(d, 'dd');
    dd.append(details);
    dl.append(el(d, 'dt', undefined, t('balh.set.params')), dd);
  } else item(t('balh.set.params'), paramText);
  h.append(dl);
  if (r.randomPlay || comparedWith?.other.randomPlay) {
    h.append(el(d, 'p', 'balance-random', t('balh.random')));
  }
  return h;
}

function cardsTable(d: Document, r: BalanceReport, caption: string): HTMLElement {
  // Ranked by the standout the chart shows (verdicts.ts), the cards not compared last.
  const cards = rankedCards(r.cards, r.replacements);
  const kinds = MEASURES.map((m) => m.kind);
  return table(
    d,
    'cards',
    caption,
    [t('balh.col.card'), t('balh.col.title'), t('balh.col.deck'), t('balh.col.in-deck'), t('balh.col.opening'), t('balh.col.vs-deck'), t('balh.col.drawn'), t('balh.col.vs-deck'), t('balh.col.played'), t('balh.col.vs-deck')],
    cards.map((c) => [c.card, c.title, c.decks.map(deckName).join(', '), String(c.inDeck), ...kinds.flatMap((k) => [c[k] === null ? '—' : rateCell(c[k]!), effectCell(c.standout[k])])]),
    [3, 4, 5, 6, 7, 8, 9],
  );
}

/** The verdicts, first thing under the header: what a designer came for. */
function verdictsSection(d: Document, r: BalanceReport, title: string): HTMLElement {
  const section = el(d, 'section', 'balance-verdicts');
  section.append(el(d, 'h2', undefined, title));
  const found = verdicts(r);
  // Each line led by what it says in two words (too strong, too weak…), then the sentence with the estimate, its interval and its games.
  const line = (className: string, badge: string, text: string) => {
    const li = el(d, 'li', className);
    li.append(el(d, 'span', 'verdict-badge', badge), ' ', text);
    return li;
  };
  if (!found.length) section.append(el(d, 'p', 'balance-no-verdict', t('balh.no-verdict', { why: noVerdict(r) })));
  else {
    const list = el(d, 'ul');
    for (const v of found) list.append(line(`verdict-${v.direction}`, verdictBadge(v.direction), verdictText(v)));
    section.append(list);
  }
  const useless = duds(r);
  const weakest = weakestCards(r, new Set(useless.map((u) => u.deck)));
  if (weakest.length || useless.length) {
    const list = el(d, 'ul', 'balance-weakest');
    for (const u of useless) list.append(line('verdict-dud', t('bal.v.badge.dud'), dudText(u, r.decks.length)));
    for (const text of weakest) list.append(line('verdict-weakest', t('bal.v.badge.weakest'), text));
    section.append(list);
  }
  section.append(el(d, 'p', 'balance-decks', t('balh.decks', { decks: r.decks.map(deckSummary).join(t('bal.sep')), notMeasured: r.notMeasured.length ? t('balh.not-measured', { cards: r.notMeasured }) : '' })));
  return section;
}

/**
 * The replacement values: each card tested by intervention, its seat's win rate with it and with
 * the baseline in its place; with every card replaced, also against the deck's other cards (the
 * number flagged) — the columns of the CLI's text.
 */
function replacementsTable(d: Document, r: BalanceReport): HTMLElement {
  const why = new Set(r.replacements.map((v) => v.why));
  const everyCard = why.has('every card'); // i18n-ok: a value of ReplacementValue.why, matched
  const what = everyCard
    ? t('balh.values.every-card')
    : why.has('suspect')
      ? t('balh.values.suspects', { opening: r.replacements.some((v) => v.opening) ? t('balh.values.suspects-opening') : '' })
      : t('balh.values.asked');
  return table(
    d,
    'replacements',
    t('balh.values.caption', { n: r.replacements.length, what }),
    [t('balh.col.card'), t('balh.col.deck'), t('balh.col.seat'), t('balh.col.baseline'), t('balh.col.with-card'), t('balh.col.with-baseline'), t('balh.col.value'), ...(everyCard ? [t('balh.col.vs-deck')] : []), t('balh.col.differ'), t('balh.col.to-tell')],
    r.replacements.map((v) => [
      v.card,
      deckName(v.deck),
      v.seat,
      v.baseline,
      rateCell(v.withCard),
      rateCell(v.withBaseline),
      effectCell(v.value, v.standout === null ? v.value : null),
      ...(everyCard ? [effectCell(v.standout)] : []),
      t('balh.values.differ', { k: v.discordant, n: v.seeds.games }),
      v.gamesToTell === null || flagOf(v).significant ? '—' : count(v.gamesToTell),
    ]),
    everyCard ? [4, 5, 6, 7, 8, 9] : [4, 5, 6, 7, 8],
  );
}

function actionsTable(d: Document, r: BalanceReport, caption: string): HTMLElement {
  const actions = [...r.actions].sort((x, y) => y.perGame - x.perGame || (x.action < y.action ? -1 : 1));
  const seats = r.seats.players.map((p) => p.seat);
  return table(
    d,
    'actions',
    caption,
    [t('balh.col.action'), t('balh.col.kind'), t('balh.col.per-game'), ...seats.map((s) => t('balh.col.per-game-seat', { seat: s })), t('balh.col.used-by'), t('balh.col.win-used'), t('balh.col.win-not-used'), t('balh.col.effect'), 'q'],
    actions.map((m) => [
      m.action,
      m.card ? t('bal.actions.kind-of', { kind: kindName(m.kind), card: m.card }) : kindName(m.kind),
      fixed(m.perGame, 2),
      ...seats.map((s) => fixed(m.perGameBySeat[s] ?? 0, 2)),
      rateCell(m.usedBy),
      rateCell(m.winWhenUsed),
      m.winWhenNotUsed.n ? rateCell(m.winWhenNotUsed) : '—',
      effectCell(m.effect),
      m.effect ? fixed(m.effect.q, 3) : '—',
    ]),
    Array.from({ length: 6 + seats.length }, (_, i) => i + 2),
  );
}

function seatsTable(d: Document, r: BalanceReport): HTMLElement {
  const rows: Cell[][] = r.seats.players.map((s) => [`${s.seat} (${s.agent})`, rate(s.wins), `${pct(s.wins.ci95[0])}–${pct(s.wins.ci95[1])}`]);
  rows.push([t('balh.seats.first'), rate(r.seats.firstPlayer), `${pct(r.seats.firstPlayer.ci95[0])}–${pct(r.seats.firstPlayer.ci95[1])}`]);
  rows.push([t('balh.seats.draws'), rate(r.seats.draws), `${pct(r.seats.draws.ci95[0])}–${pct(r.seats.draws.ci95[1])}`]);
  for (const e of r.endReasons) rows.push([t('balh.seats.ended', { reason: e.reason }), rate(e.games), `${Object.entries(e.won).map(([s, n]) => t('balh.seats.won', { seat: s, n })).join(', ')}${e.draws ? t('balh.seats.drawn', { n: e.draws }) : ''}`]);
  const tt = r.length.turns;
  const dd = r.length.decisions;
  const two = (x: number) => upTo(x, 2);
  rows.push([t('balh.seats.turns'), t('balh.seats.mean', { mean: two(tt.mean), median: two(tt.median) }), t('balh.seats.spread', { p95: two(tt.p95), min: tt.min, max: tt.max })]);
  rows.push([t('balh.seats.decisions'), t('balh.seats.mean', { mean: two(dd.mean), median: two(dd.median) }), t('balh.seats.spread', { p95: two(dd.p95), min: dd.min, max: dd.max })]);
  return table(d, 'seats', t('balh.seats.caption', { stopped: r.seats.stopped ? t('balh.seats.stopped', { n: r.seats.stopped }) : '' }), ['', t('balh.col.value-plain'), t('balh.col.interval-detail')], rows, []);
}

/** The game-quality metrics (--quality, balance/quality.ts): each with its interval and sample size. */
function qualityTable(d: Document, q: QualityReport, caption: string): HTMLElement {
  const interval = (r: Rate) => `${pct(r.ci95[0])}–${pct(r.ci95[1])}, n = ${r.n}`;
  const meanCell = (m: Mean, f: (x: number) => string) => (m.n ? [f(m.mean), `${f(m.ci95[0])}–${f(m.ci95[1])}, n = ${m.n}`] : ['—', 'n = 0']);
  const two = (x: number) => fixed(x, 2);
  const rows: Cell[][] = [];
  if (q.evaluation.declared) {
    rows.push([t('balh.q.decisiveness'), ...meanCell(q.decisiveness!, (x) => pct(x))]);
    rows.push([t('balh.q.lead-per-game'), ...meanCell(q.leadChanges!.perGame, two)]);
    rows.push([t('balh.q.lead-per-turn'), fixed(q.leadChanges!.perTurn.rate, 3), t('balh.q.lead-per-turn-detail', { lo: fixed(q.leadChanges!.perTurn.ci95[0], 3), hi: fixed(q.leadChanges!.perTurn.ci95[1], 3), k: q.leadChanges!.perTurn.k, n: q.leadChanges!.perTurn.n })]);
    rows.push([t('balh.q.lead-games'), rate(q.leadChanges!.games), interval(q.leadChanges!.games)]);
    const cb = q.comeback!;
    rows.push([t('balh.q.comebacks', { skipped: cb.tiedAtMidpoint || cb.noMidpoint ? t('balh.q.comebacks-skipped', { tied: cb.tiedAtMidpoint, short: cb.noMidpoint }) : '' }), rate(cb.rate), interval(cb.rate)]);
  } else rows.push([t('balh.q.no-evaluate'), '—', '—']);
  const o = q.outcomes;
  rows.push([t('balh.q.decided'), rate(o.decided), interval(o.decided)], [t('balh.q.drawn'), rate(o.drawn), interval(o.drawn)], [t('balh.q.capped'), rate(o.capped), interval(o.capped)], [t('balh.q.stopped'), rate(o.stopped), interval(o.stopped)]);
  const l = q.length;
  rows.push([t('balh.q.turns'), ...meanCell(l.mean, (x) => fixed(x, 1))], [t('balh.q.turns-spread'), t('balh.q.median-iqr', { median: l.median, q1: l.q1, q3: l.q3 }), t('balh.q.sd', { sd: fixed(l.sd, 1), min: l.min, max: l.max })]);
  rows.push([t('balh.q.decisions'), ...meanCell(q.decisionsToAct, (x) => fixed(x, 1))]);
  for (const [i, a] of q.actions.entries()) {
    rows.push([t('balh.q.offered', { which: i === 0 ? 'first' : 'other', action: a.action, card: a.card ? t('bal.q.of-card', { card: a.card }) : '', perGame: fixed(a.perGame, 2) }), rate(a.offered), interval(a.offered)]);
    rows.push([t('balh.q.taken', { action: a.action }), rate(a.takenWhenOffered), interval(a.takenWhenOffered)]);
  }
  return table(d, 'quality', caption, ['', t('balh.col.value-plain'), t('balh.col.interval-n')], rows, []);
}

function changesTable(d: Document, c: BalanceComparison): HTMLElement {
  const [a, b] = sideNames(c);
  const value = (m: MetricChange, x: number) => (m.test === 'paired-t' ? fixed(x, 2) : pct(x));
  const unit = (m: MetricChange) => (m.test === 'paired-t' ? (y: number) => fixed(y, 2) : pts);
  return table(
    d,
    'changes',
    t('balh.changes.caption', { n: c.changes.length }),
    [t('balh.col.metric'), a, b, t('balh.col.change'), t('balh.col.test'), 'p', 'q'],
    c.changes.map((m) => [metricLabel(m, c), value(m, m.base), value(m, m.other), { text: `${signed(m.change.diff, unit(m))}${m.change.significant ? ' *' : ''}`, sub: `[${signed(m.change.ci95[0], unit(m))}, ${signed(m.change.ci95[1], unit(m))}]`, className: m.change.significant ? 'significant' : undefined }, m.test, fixed(m.change.p, 4), fixed(m.change.q, 3)]),
    [1, 2, 3, 5, 6],
  );
}

export interface ViewOptions extends ChartOptions {
  /** The rule parameters' values behind a disclosure (a narrow panel), not listed in full (the file, print). */
  collapseParams?: boolean;
}

/** `grimoire tune`'s answer: its settings, the curve, and per deck a table of the values tried. */
function tuneView(r: TuneResult, o: ViewOptions): HTMLElement {
  const d = o.document;
  const root = el(d, 'article', 'balance-report');
  root.dataset.kind = 'tune';
  const s = r.settings;
  const h = el(d, 'header', 'balance-header');
  h.append(el(d, 'h1', undefined, t('balh.tune.h1', { card: r.card, attr: r.attr, game: s.game })));
  h.append(el(d, 'p', 'balance-subtitle', t('balh.tune.subtitle', { title: s.title, format: s.format, games: s.games, from: s.seed, to: s.seed + s.games - 1, p1: s.agents.p1, p2: s.agents.p2, rules: s.rules })));
  if (s.agents.p1 === 'random' && s.agents.p2 === 'random') h.append(el(d, 'p', 'balance-random', t('balh.tune.random')));
  root.append(h);
  const verdicts = el(d, 'section', 'balance-verdicts');
  verdicts.append(el(d, 'h2', undefined, t('balh.tune.fair')));
  const list = el(d, 'ul');
  for (const line of tuneVerdicts(r)) list.append(el(d, 'li', undefined, line));
  verdicts.append(list);
  root.append(verdicts);
  const charts = el(d, 'section', 'balance-charts');
  charts.append(tuneChart(r, o));
  root.append(charts);
  const tables = el(d, 'section', 'balance-tables');
  tables.append(el(d, 'h2', undefined, t('balh.numbers')));
  for (const c of r.curves) {
    tables.append(
      table(
        d,
        'tune',
        t('balh.tune.caption', { deck: deckName(c.deck), seat: c.seat, card: r.card, attr: r.attr, baseline: c.baseline, rate: pct(c.withBaseline.rate) }),
        [r.attr, t('balh.col.won', { seat: c.seat }), t('balh.col.worth')],
        c.points.map((p) => [`${p.value}${p.printed ? t('balh.tune.printed') : ''}`, rateCell(p.withCard), effectCell(p.worth)]),
        [1, 2],
      ),
    );
  }
  root.append(tables);
  return root;
}

/** The whole report (header, charts, tables) as one element. */
export function balanceView(result: BalanceReport | BalanceComparison | TuneResult, o: ViewOptions): HTMLElement {
  if (result.kind === 'tune') return tuneView(result, o);
  const d = o.document;
  const root = el(d, 'article', 'balance-report');
  root.dataset.kind = result.kind;
  const base = result.kind === 'report' ? result : result.base;
  root.append(header(d, base, result.kind === 'comparison' ? result : undefined, !!o.collapseParams));
  if (result.kind === 'report') root.append(verdictsSection(d, result, t('balh.verdicts')));
  const charts = el(d, 'section', 'balance-charts');
  charts.append(...balanceCharts(result, o));
  root.append(charts);
  const tables = el(d, 'section', 'balance-tables');
  tables.append(el(d, 'h2', undefined, t('balh.numbers')));
  if (result.kind === 'report') {
    if (result.replacements.length) tables.append(replacementsTable(d, result));
    tables.append(seatsTable(d, result));
    if (result.quality) tables.append(qualityTable(d, result.quality, t('balh.q.caption')));
    tables.append(cardsTable(d, result, t('balh.cards.caption', { n: result.cards.length })), actionsTable(d, result, t('balh.actions.caption', { n: result.actions.length })));
  } else {
    const [a, b] = sideNames(result);
    tables.append(changesTable(d, result));
    tables.append(el(d, 'h3', undefined, a), seatsTable(d, result.base));
    if (result.base.quality) tables.append(qualityTable(d, result.base.quality, t('balh.under.quality', { side: a })));
    tables.append(cardsTable(d, result.base, t('balh.under.cards', { side: a })), actionsTable(d, result.base, t('balh.under.actions', { side: a })));
    tables.append(el(d, 'h3', undefined, b), seatsTable(d, result.other));
    if (result.other.quality) tables.append(qualityTable(d, result.other.quality, t('balh.under.quality', { side: b })));
    tables.append(cardsTable(d, result.other, t('balh.under.cards', { side: b })), actionsTable(d, result.other, t('balh.under.actions', { side: b })));
  }
  root.append(tables);
  return root;
}
