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
import { deckSummary, flagOf, MEASURES, noVerdict, rankedCards, verdictBadge, verdicts, verdictText, weakestCards } from './verdicts.ts';

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
const signed = (x: number, unit: (y: number) => string) => `${x > 0 ? '+' : x < 0 ? '−' : '±'}${unit(Math.abs(x))}`;
const pts = (x: number) => (100 * x).toFixed(1);
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
  h.append(el(d, 'h1', undefined, comparedWith ? `Balance of ${s.game} compared with ${comparedWith.otherLabel}` : `Balance of ${s.game}`));
  h.append(el(d, 'p', 'balance-subtitle', `${s.title} — format ${s.format}`));
  const dl = el(d, 'dl', 'balance-settings');
  const item = (k: string, v: string) => dl.append(el(d, 'dt', undefined, k), el(d, 'dd', undefined, v));
  item('games', `${r.games} (seeds ${s.seed}–${s.seed + s.games - 1})${r.errors ? `, ${r.errors} ended in an error and are not counted` : ''}`);
  item('agents', `p1 ${s.agents.p1}, p2 ${s.agents.p2}${(s.agents.more ?? []).map((a, i) => `, p${i + 3} ${a}`).join('')}`);
  if (comparedWith) {
    item('compared with', `${comparedWith.otherLabel}, the same seeds and agents${comparedWith.paired ? ' (per-game metrics paired by seed)' : ''}`);
    item('hash', `${comparedWith.base.hash} (${s.game}), ${comparedWith.other.hash} (${sideNames(comparedWith)[1]})`);
    item('rules fingerprint', `${comparedWith.base.settings.rules}, ${comparedWith.other.settings.rules}`);
  } else {
    item('hash', `${r.hash} (the same settings give the same report and hash)`);
    item('rules fingerprint', s.rules);
  }
  const params = Object.entries(s.params);
  const otherParams = comparedWith?.other.settings.params ?? {};
  const paramText = params.length ? params.map(([k, v]) => (comparedWith && k in otherParams && otherParams[k] !== v ? `${k} = ${v} → ${otherParams[k]}` : `${k} = ${v}`)).join(', ') : 'none';
  if (collapseParams && params.length) {
    const details = el(d, 'details', 'balance-params');
    details.append(el(d, 'summary', undefined, `${params.length} parameters`), paramText);
    const dd = el(d, 'dd');
    dd.append(details);
    dl.append(el(d, 'dt', undefined, 'rule parameters'), dd);
  } else item('rule parameters', paramText);
  h.append(dl);
  if (r.randomPlay || comparedWith?.other.randomPlay) {
    h.append(el(d, 'p', 'balance-random', 'Random play: both seats chose at random. These numbers describe random play, not skilled play — a card strong in random hands may be weak in good ones (use mcts:N agents for stronger players).'));
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
    ['card', 'title', 'deck', 'in deck', 'opening hand', 'vs deck, pts', 'drawn', 'vs deck, pts', 'played', 'vs deck, pts'],
    cards.map((c) => [c.card, c.title, c.decks.join(', '), String(c.inDeck), ...kinds.flatMap((k) => [c[k] === null ? '—' : rateCell(c[k]!), effectCell(c.standout[k])])]),
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
  if (!found.length) section.append(el(d, 'p', 'balance-no-verdict', `No card stands out: ${noVerdict(r)}.`));
  else {
    const list = el(d, 'ul');
    for (const v of found) list.append(line(`verdict-${v.direction}`, verdictBadge(v.direction), verdictText(v)));
    section.append(list);
  }
  const useless = duds(r);
  const weakest = weakestCards(r, new Set(useless.map((u) => u.deck)));
  if (weakest.length || useless.length) {
    const list = el(d, 'ul', 'balance-weakest');
    for (const u of useless) list.append(line('verdict-dud', 'dud', dudText(u, r.decks.length)));
    for (const text of weakest) list.append(line('verdict-weakest', 'weakest', text));
    section.append(list);
  }
  section.append(el(d, 'p', 'balance-decks', `Each card is judged against the other cards of its own deck (${r.decks.map(deckSummary).join('; ')}).${r.notMeasured.length ? ` Not measured (never in a player's draw pile): ${r.notMeasured.join(', ')}.` : ''}`));
  return section;
}

/**
 * The replacement values: each card tested by intervention, its seat's win rate with it and with
 * the baseline in its place; with every card replaced, also against the deck's other cards (the
 * number flagged) — the columns of the CLI's text.
 */
function replacementsTable(d: Document, r: BalanceReport): HTMLElement {
  const why = new Set(r.replacements.map((v) => v.why));
  const everyCard = why.has('every card');
  const what = everyCard
    ? 'each card of each deck replaced in turn by one reference card, the same games played again; "vs deck": its value less the median of the deck\'s other cards, beyond their spread (the number flagged); a card only looked at on the first seeds is never flagged'
    : why.has('suspect')
      ? `the suspects — an observed standout with p < 0.05 before the correction, or (with search agents) a random-play screen's replacement standout with p < 0.1 — played again on fresh seeds, every copy in one seat\'s deck replaced by the baseline card${r.replacements.some((v) => v.opening) ? '; between search agents with a copy of the card (or the baseline in its place) in the seat\'s opening hand on both sides of every seed' : ''}`
      : 'the cards asked for, every copy in one seat\'s deck replaced by the baseline card, the same games played again';
  return table(
    d,
    'replacements',
    `Replacement values (${r.replacements.length}): ${what}; the seat's win rate with the card minus with the baseline, in percentage points; * flagged after Benjamini–Hochberg over the values tested`,
    ['card', 'deck', 'seat', 'baseline', 'with the card', 'with the baseline', 'value, pts', ...(everyCard ? ['vs deck, pts'] : []), 'games that differ', 'games to tell'],
    r.replacements.map((v) => [
      v.card,
      v.deck,
      v.seat,
      v.baseline,
      rateCell(v.withCard),
      rateCell(v.withBaseline),
      effectCell(v.value, v.standout === null ? v.value : null),
      ...(everyCard ? [effectCell(v.standout)] : []),
      `${v.discordant} of ${v.seeds.games}`,
      v.gamesToTell === null || flagOf(v).significant ? '—' : v.gamesToTell.toLocaleString('en'),
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
    ['action', 'kind', 'per game', ...seats.map((s) => `per game, ${s}`), 'used by', 'win used', 'win not used', 'effect, pts', 'q'],
    actions.map((m) => [
      m.action,
      m.card ? `${m.kind} of ${m.card}` : m.kind,
      m.perGame.toFixed(2),
      ...seats.map((s) => (m.perGameBySeat[s] ?? 0).toFixed(2)),
      rateCell(m.usedBy),
      rateCell(m.winWhenUsed),
      m.winWhenNotUsed.n ? rateCell(m.winWhenNotUsed) : '—',
      effectCell(m.effect),
      m.effect ? m.effect.q.toFixed(3) : '—',
    ]),
    Array.from({ length: 6 + seats.length }, (_, i) => i + 2),
  );
}

function seatsTable(d: Document, r: BalanceReport): HTMLElement {
  const rows: Cell[][] = r.seats.players.map((s) => [`${s.seat} (${s.agent})`, rate(s.wins), `${pct(s.wins.ci95[0])}–${pct(s.wins.ci95[1])}`]);
  rows.push(['the first player (whichever seat took turn 1)', rate(r.seats.firstPlayer), `${pct(r.seats.firstPlayer.ci95[0])}–${pct(r.seats.firstPlayer.ci95[1])}`]);
  rows.push(['draws', rate(r.seats.draws), `${pct(r.seats.draws.ci95[0])}–${pct(r.seats.draws.ci95[1])}`]);
  for (const e of r.endReasons) rows.push([`ended: ${e.reason}`, rate(e.games), `${Object.entries(e.won).map(([s, n]) => `${s} won ${n}`).join(', ')}${e.draws ? `, ${e.draws} drawn` : ''}`]);
  const t = r.length.turns;
  const dd = r.length.decisions;
  const two = (x: number) => String(Number(x.toFixed(2)));
  rows.push(['turns', `mean ${two(t.mean)}, median ${two(t.median)}`, `95th percentile ${two(t.p95)}, min ${t.min}, max ${t.max}`]);
  rows.push(['decisions', `mean ${two(dd.mean)}, median ${two(dd.median)}`, `95th percentile ${two(dd.p95)}, min ${dd.min}, max ${dd.max}`]);
  return table(d, 'seats', `Seats, endings and length${r.seats.stopped ? ` (${r.seats.stopped} games stopped by the engine's limits, counted as draws)` : ''}`, ['', 'value', '95% interval, detail'], rows, []);
}

/** The game-quality metrics (--quality, balance/quality.ts): each with its interval and sample size. */
function qualityTable(d: Document, q: QualityReport, caption: string): HTMLElement {
  const interval = (r: Rate) => `${pct(r.ci95[0])}–${pct(r.ci95[1])}, n = ${r.n}`;
  const meanCell = (m: Mean, f: (x: number) => string) => (m.n ? [f(m.mean), `${f(m.ci95[0])}–${f(m.ci95[1])}, n = ${m.n}`] : ['—', 'n = 0']);
  const two = (x: number) => x.toFixed(2);
  const rows: Cell[][] = [];
  if (q.evaluation.declared) {
    rows.push(['decisiveness: share of the turn ends before the winner led for good (decided games; 0 = from the first)', ...meanCell(q.decisiveness!, pct)]);
    rows.push(['lead changes per game', ...meanCell(q.leadChanges!.perGame, two)]);
    rows.push(['lead changes per turn', q.leadChanges!.perTurn.rate.toFixed(3), `${q.leadChanges!.perTurn.ci95[0].toFixed(3)}–${q.leadChanges!.perTurn.ci95[1].toFixed(3)}, ${q.leadChanges!.perTurn.k} changes in ${q.leadChanges!.perTurn.n} turns`]);
    rows.push(['games with a lead change', rate(q.leadChanges!.games), interval(q.leadChanges!.games)]);
    const cb = q.comeback!;
    rows.push([`comebacks: decided games won by a player behind at the midpoint${cb.tiedAtMidpoint || cb.noMidpoint ? ` (not counted: ${cb.tiedAtMidpoint} tied there, ${cb.noMidpoint} too short)` : ''}`, rate(cb.rate), interval(cb.rate)]);
  } else rows.push(['the game declares no evaluate: no leader to follow', '—', '—']);
  const o = q.outcomes;
  rows.push(['decided', rate(o.decided), interval(o.decided)], ['drawn by the rules', rate(o.drawn), interval(o.drawn)], ['ended at the turn limit', rate(o.capped), interval(o.capped)], ['stopped by the engine\'s limits', rate(o.stopped), interval(o.stopped)]);
  const l = q.length;
  rows.push(['turns', ...meanCell(l.mean, (x) => x.toFixed(1))], ['turns: spread', `median ${l.median}, IQR ${l.q1}–${l.q3}`, `sd ${l.sd.toFixed(1)}, min ${l.min}, max ${l.max}`]);
  rows.push(['decisions to act per game', ...meanCell(q.decisionsToAct, (x) => x.toFixed(1))]);
  for (const [i, a] of q.actions.entries()) {
    rows.push([`${i === 0 ? 'the most-used action' : 'action'} ${a.action}${a.card ? ` (of ${a.card})` : ''}: offered at decisions to act (taken ${a.perGame.toFixed(2)} a game)`, rate(a.offered), interval(a.offered)]);
    rows.push([`${a.action}: taken where offered`, rate(a.takenWhenOffered), interval(a.takenWhenOffered)]);
  }
  return table(d, 'quality', caption, ['', 'value', '95% interval, n'], rows, []);
}

function changesTable(d: Document, c: BalanceComparison): HTMLElement {
  const [a, b] = sideNames(c);
  const value = (m: MetricChange, x: number) => (m.test === 'paired-t' ? x.toFixed(2) : pct(x));
  const unit = (m: MetricChange) => (m.test === 'paired-t' ? (y: number) => y.toFixed(2) : pts);
  return table(
    d,
    'changes',
    `Every metric compared (${c.changes.length}; significant first, * q < 0.05). Rates change in percentage points, means in their unit.`,
    ['metric', a, b, 'change [95% CI]', 'test', 'p', 'q'],
    c.changes.map((m) => [m.label, value(m, m.base), value(m, m.other), { text: `${signed(m.change.diff, unit(m))}${m.change.significant ? ' *' : ''}`, sub: `[${signed(m.change.ci95[0], unit(m))}, ${signed(m.change.ci95[1], unit(m))}]`, className: m.change.significant ? 'significant' : undefined }, m.test, m.change.p.toFixed(4), m.change.q.toFixed(3)]),
    [1, 2, 3, 5, 6],
  );
}

export interface ViewOptions extends ChartOptions {
  /** The rule parameters' values behind a disclosure (a narrow panel), not listed in full (the file, print). */
  collapseParams?: boolean;
}

/** `grimoire tune`'s answer: its settings, the curve, and per deck a table of the values tried. */
function tuneView(t: TuneResult, o: ViewOptions): HTMLElement {
  const d = o.document;
  const root = el(d, 'article', 'balance-report');
  root.dataset.kind = 'tune';
  const s = t.settings;
  const h = el(d, 'header', 'balance-header');
  h.append(el(d, 'h1', undefined, `What should ${t.card}'s ${t.attr} be? (${s.game})`));
  h.append(el(d, 'p', 'balance-subtitle', `${s.title} — format ${s.format}; ${s.games} games per value (seeds ${s.seed}–${s.seed + s.games - 1}); agents p1 ${s.agents.p1}, p2 ${s.agents.p2}; rules fingerprint ${s.rules}`));
  if (s.agents.p1 === 'random' && s.agents.p2 === 'random') h.append(el(d, 'p', 'balance-random', 'Random play: both seats chose at random. A fair value under random play is not one under skilled play (use mcts:N agents).'));
  root.append(h);
  const verdicts = el(d, 'section', 'balance-verdicts');
  verdicts.append(el(d, 'h2', undefined, 'Fair value'));
  const list = el(d, 'ul');
  for (const line of tuneVerdicts(t)) list.append(el(d, 'li', undefined, line));
  verdicts.append(list);
  root.append(verdicts);
  const charts = el(d, 'section', 'balance-charts');
  charts.append(tuneChart(t, o));
  root.append(charts);
  const tables = el(d, 'section', 'balance-tables');
  tables.append(el(d, 'h2', undefined, 'The numbers'));
  for (const c of t.curves) {
    tables.append(
      table(
        d,
        'tune',
        `${c.deck}: ${c.seat}'s win rate with ${t.card} at each ${t.attr}, and its worth against ${c.baseline} in its place (${c.seat} won ${pct(c.withBaseline.rate)} with it), on the same seeds`,
        [t.attr, `${c.seat} won`, 'worth, pts'],
        c.points.map((p) => [`${p.value}${p.printed ? ' (printed)' : ''}`, rateCell(p.withCard), effectCell(p.worth)]),
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
  if (result.kind === 'report') root.append(verdictsSection(d, result, 'Verdicts'));
  const charts = el(d, 'section', 'balance-charts');
  charts.append(...balanceCharts(result, o));
  root.append(charts);
  const tables = el(d, 'section', 'balance-tables');
  tables.append(el(d, 'h2', undefined, 'The numbers'));
  if (result.kind === 'report') {
    if (result.replacements.length) tables.append(replacementsTable(d, result));
    tables.append(seatsTable(d, result));
    if (result.quality) tables.append(qualityTable(d, result.quality, 'Game quality: by the game\'s evaluate at the end of each turn (the leader: the player it scores highest), how games ended, how long they lasted, and how often the actions players took most were on offer (docs/balance.md "Game quality")'));
    tables.append(cardsTable(d, result, `Every card (${result.cards.length}): how often it was in the opening hand, drawn and played, and each time its owner's win rate with it minus without it less the same for its deck's median card, in percentage points, with its 95% interval under it; * flagged after Benjamini–Hochberg over every such test`), actionsTable(d, result, `Every action and trigger (${result.actions.length}), by uses per game`));
  } else {
    const [a, b] = sideNames(result);
    tables.append(changesTable(d, result));
    tables.append(el(d, 'h3', undefined, a), seatsTable(d, result.base));
    if (result.base.quality) tables.append(qualityTable(d, result.base.quality, `Game quality under ${a}`));
    tables.append(cardsTable(d, result.base, `Every card under ${a}`), actionsTable(d, result.base, `Every action and trigger under ${a}`));
    tables.append(el(d, 'h3', undefined, b), seatsTable(d, result.other));
    if (result.other.quality) tables.append(qualityTable(d, result.other.quality, `Game quality under ${b}`));
    tables.append(cardsTable(d, result.other, `Every card under ${b}`), actionsTable(d, result.other, `Every action and trigger under ${b}`));
  }
  root.append(tables);
  return root;
}
