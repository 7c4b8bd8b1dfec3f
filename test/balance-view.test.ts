/**
 * The balance report's page as a document (balance/report-view.ts, balance/charts.ts), drawn
 * without a browser: happy-dom gives the document the view builds into. The browser tests
 * (e2e/balance-report) check the page as people see it; this one pins what the view itself must
 * do, where a mutation test showed nothing else looked (docs/testing-mutation.md): every table
 * has its header row and a cell per column, a significant effect is starred, the actions are
 * listed most used first with ties by name (a comparison's too, whatever order the report gives),
 * the parameters fold away only when asked, a comparison colours its two sides apart and draws each
 * side's interval on its own bar, a card not compared is left out of the cards chart, and tune's
 * answer has its settings, its curve and a row per value tried. And its details (the seed-2
 * sample's survivors): a comparison's title and side names, the end reasons' winners, each card's
 * interval line and the cards caption's measure, the actions' effect colours, an effect's p and q
 * as its cell's title, and the game-quality table with and without an evaluate. And the seed-3
 * sample's chart survivors: a comparison's card intervals on their rows, its significant changes'
 * intervals and their colours (hand-built changes), and tune's curves told apart (two decks).
 */
import { Window } from 'happy-dom';
import { beforeAll, describe, expect, it } from 'vitest';
import { balanceView } from '../balance/report-view.ts';
import type * as Plot from '@observablehq/plot';
import type { BalanceComparison, BalanceReport, MetricChange, TuneResult } from '../balance/report.ts';
import { cardsComparisonChart, changesChart, palette, sideNames } from '../balance/charts.ts';
import { metricLabel, rankingStandout } from '../balance/verdicts.ts';
import { foldQuality } from '../balance/quality.ts';
import { reportTitle } from '../balance/report-html.ts';
import { playBatch } from '../runtime/batch.ts';
import { compiledGame } from './helpers.ts';
import { grimoireInProcess } from './grimoire-in-process.ts';

let report: BalanceReport;
let comparison: BalanceComparison;

const balanceJson = async (...args: string[]) => {
  const r = await grimoireInProcess(['balance', 'trump', '--games', '60', '--seed', '1', '--json', ...args]);
  expect(r.status, r.stderr).toBe(0);
  return JSON.parse(r.stdout);
};

beforeAll(async () => {
  // Every card's replacement value on 10 of the 60 seeds (the default is all 60): the view draws
  // whatever values it is given, and 53 values × 60 games were most of this file's CPU.
  report = (await balanceJson('--value-games', '10')) as BalanceReport;
  comparison = (await balanceJson('--vs-param', 'opening_hand=4')) as BalanceComparison;
});

const draw = (result: BalanceReport | BalanceComparison | TuneResult, collapseParams = false) => {
  const window = new Window();
  return balanceView(result, { document: window.document as unknown as Document, width: 880, collapseParams });
};

/** Options to draw one chart alone, in a document of its own. */
const chartOptions = () => ({ document: new Window().document as unknown as Document, width: 880 });

/**
 * A chart's scale as Plot drew it (the element Plot returned: its <svg>, or the <figure> holding
 * its legend and its <svg>): `at` maps a value to its pixel, `row` a band's label to its middle.
 */
const scalesOf = (chart: Element) => {
  const plot = chart as unknown as Plot.Plot;
  const x = plot.scale('x')!;
  const y = plot.scale('y')!;
  return { at: (v: number) => x.apply!(v) as number, row: (label: string) => (y.apply!(label) as number) + (y.bandwidth ?? 0) / 2 };
};
/** The one mark in `marks` drawn on the row whose middle is at `y` (a line's y1, a dot's cy). */
const onRow = (marks: Element[], attr: 'y1' | 'cy', y: number) => {
  const found = marks.filter((m) => Math.abs(Number(m.getAttribute(attr)) - y) < 0.01);
  expect(found.length, `one mark at y = ${y}`).toBe(1);
  return found[0]!;
};

/** The expected order of the actions: most used per game first, ties by the action's name. */
const byUse = (actions: BalanceReport['actions']) => [...actions].sort((x, y) => (x.perGame !== y.perGame ? y.perGame - x.perGame : x.action < y.action ? -1 : x.action > y.action ? 1 : 0));

describe('the balance report drawn as a document', () => {
  it('has its header, and every table a header row and as many cells in each row as columns', () => {
    const view = draw(report);
    expect(view.querySelector('header.balance-header h1')?.textContent).toContain('trump');
    const tables = [...view.querySelectorAll('table')];
    expect(tables.map((t) => t.getAttribute('data-table'))).toEqual(expect.arrayContaining(['seats', 'cards', 'actions', 'replacements']));
    for (const table of tables) {
      const head = [...table.querySelectorAll('thead tr th')].map((th) => th.textContent ?? '');
      expect(head.length, table.getAttribute('data-table')!).toBeGreaterThan(1);
      const rows = [...table.querySelectorAll('tbody tr')];
      expect(rows.length, table.getAttribute('data-table')!).toBeGreaterThan(0);
      for (const row of rows) expect(row.querySelectorAll('td').length).toBe(head.length);
    }
    // The actions table's columns, in the reader's words (a heading lost to a wrong key would be empty).
    const actionsHead = [...view.querySelectorAll('table[data-table="actions"] thead tr th')].map((th) => th.textContent);
    const seats = report.seats.players.map((p) => `per game, ${p.seat}`);
    expect(actionsHead).toEqual(['action', 'kind', 'per game', ...seats, 'used by', 'win used', 'win not used', 'effect, pts', 'q']);
  });

  it('lists the actions most used first, ties by name — in the table and in the chart', () => {
    const expected = byUse(report.actions);
    // The report has ties (two actions used equally often per game), so the tie-break is tested.
    expect(new Set(report.actions.map((a) => a.perGame)).size).toBeLessThan(report.actions.length);
    const view = draw(report);
    const firstCells = [...view.querySelectorAll('table[data-table="actions"] tbody tr')].map((tr) => tr.querySelector('td')?.textContent ?? '');
    expect(firstCells.length).toBe(expected.length);
    firstCells.forEach((text, i) => expect(text.startsWith(expected[i]!.action), `row ${i}: ${text}`).toBe(true));
    // The chart's rows, top to bottom: the y axis's tick labels in the order drawn.
    const chart = view.querySelector('.action-uses')!.closest('svg')!;
    const labels = [...chart.querySelectorAll('g[aria-label="y-axis tick label"] text')].map((t) => t.textContent);
    expect(labels).toEqual(expected.map((m) => (m.kind === 'trigger' ? `${m.action} (trigger)` : m.action)));
  });

  it('stars a significant effect and only that', () => {
    const view = draw(comparison);
    const cells = [...view.querySelectorAll('td')];
    const starred = cells.filter((td) => /\s\*/.test(td.childNodes[0]?.textContent ?? ''));
    const significant = cells.filter((td) => td.classList.contains('significant'));
    expect(significant.length).toBeGreaterThan(0);
    expect(starred).toEqual(significant);
  });

  it('folds the rule parameters away only when asked', () => {
    expect(draw(report, false).querySelector('details.balance-params')).toBeNull();
    const folded = draw(report, true).querySelector('details.balance-params');
    expect(folded?.querySelector('summary')?.textContent).toMatch(/\d/);
    expect(folded?.textContent).toContain('opening_hand = 5');
  });

  it('colours the two sides of a comparison apart, in its ends chart', () => {
    const view = draw(comparison);
    const fills = new Set([...view.querySelectorAll('.end-bar rect')].map((r) => r.getAttribute('fill')));
    expect(fills).toEqual(new Set([palette.base, palette.other]));
  });

  it("draws each side's interval across that side's own bar, in each reason of the ends chart", () => {
    const view = draw(comparison);
    const figure = view.querySelector('figure[data-chart="ends"]')!;
    // Plot draws each mark once per facet (a reason): a group of bars and a group of intervals each, at the facet's place.
    const barGroups = [...figure.querySelectorAll('g.end-bar')];
    const lineGroups = [...figure.querySelectorAll('g.end-interval')];
    const reasons = [...new Set([...comparison.base.endReasons, ...comparison.other.endReasons].map((e) => e.reason))];
    expect(barGroups.length).toBe(reasons.length);
    expect(lineGroups.map((g) => g.getAttribute('transform'))).toEqual(barGroups.map((g) => g.getAttribute('transform')));
    reasons.forEach((reason, f) => {
      // The facet's rows, base side first: each side that ended games for this reason.
      const sides = [comparison.base, comparison.other].flatMap((side, k) => side.endReasons.filter((e) => e.reason === reason).map((e) => ({ e, fill: k === 0 ? palette.base : palette.other })));
      const bars = [...barGroups[f]!.querySelectorAll('rect')];
      const lines = [...lineGroups[f]!.querySelectorAll('line')];
      expect(bars.map((b) => b.getAttribute('fill'))).toEqual(sides.map((x) => x.fill));
      expect(lines.length).toBe(sides.length);
      // The two sides are two rows (y: the side), the base's above the other's; each interval on its own side's row.
      const rows = bars.map((b) => Number(b.getAttribute('y')));
      expect(new Set(rows).size).toBe(rows.length);
      expect(lines.map((l) => Number(l.getAttribute('y1')))).toEqual(rows);
      expect(lines.map((l) => Number(l.getAttribute('y2')))).toEqual(rows);
      // …and spanning that side's 95% interval, on the bars' own scale (a bar runs from 0 to its rate).
      sides.forEach(({ e }, i) => {
        const x0 = Number(bars[i]!.getAttribute('x'));
        const perUnit = Number(bars[i]!.getAttribute('width')) / e.games.rate;
        expect(Number(lines[i]!.getAttribute('x1'))).toBeCloseTo(x0 + perUnit * e.games.ci95[0], 0);
        expect(Number(lines[i]!.getAttribute('x2'))).toBeCloseTo(x0 + perUnit * e.games.ci95[1], 0);
      });
    });
  });

  it("orders a comparison's action chart by the base side's uses, most first, ties by name, whatever order the report lists them in", () => {
    // The report lists its actions in its own order; the chart must sort them. Reversed here, so a chart that kept the given order shows it.
    const reversed: BalanceComparison = { ...comparison, base: { ...comparison.base, actions: [...comparison.base.actions].reverse() } };
    const expected = byUse(comparison.base.actions).map((m) => (m.kind === 'trigger' ? `${m.action} (trigger)` : m.action));
    for (const m of comparison.other.actions) {
      const label = m.kind === 'trigger' ? `${m.action} (trigger)` : m.action;
      if (!expected.includes(label)) expected.push(label);
    }
    expect(reversed.base.actions.map((m) => m.action)).not.toEqual(byUse(comparison.base.actions).map((m) => m.action));
    // The chart's rows, top to bottom: one facet per action, its fy axis's tick labels in the order drawn.
    const labels = [...draw(reversed).querySelectorAll('figure[data-chart="actions"] g[aria-label="fy-axis tick label"] text')].map((t) => t.textContent);
    expect(labels).toEqual(expected);
  });

  it('leaves a card that was not compared out of the cards chart, and says so under it', () => {
    // A card none of whose measures was compared (no opening, drawn or played standout): it has no row to draw.
    const copy = structuredClone(report);
    const left = copy.cards[0]!;
    left.standout = { opening: null, drawn: null, played: null };
    const view = draw(copy);
    const figure = view.querySelector('figure[data-chart="cards"]')!;
    const labels = [...figure.querySelectorAll('g[aria-label="y-axis tick label"] text')].map((t) => t.textContent);
    expect(labels).not.toContain(left.card);
    expect(labels.length).toBe(copy.cards.length - 1);
    expect(figure.querySelectorAll('.card-effect rect').length).toBe(copy.cards.length - 1);
    expect(figure.querySelector('figcaption')?.textContent).toContain('1 card(s) not compared are left out.');
  });
});

describe('what the view says in its words and draws in its marks', () => {
  const cellsOf = (view: HTMLElement, table: string) => [...view.querySelectorAll(`table[data-table="${table}"] tbody tr`)].map((tr) => [...tr.querySelectorAll('td')].map((td) => td.childNodes[0]?.textContent ?? ''));

  it("titles a comparison by its game, the other side's label and the games of each side", () => {
    expect(reportTitle(comparison)).toBe(`Balance of trump compared with ${comparison.otherLabel} (${comparison.base.games} games each)`);
  });

  it("names a comparison's sides apart: by the other side's label when both are the same game, by the game when they differ", () => {
    expect(comparison.other.settings.game).toBe('trump');
    expect(comparison.otherLabel).not.toBe('trump');
    expect(sideNames(comparison)).toEqual(['trump', comparison.otherLabel]);
    const otherGame: BalanceComparison = { ...comparison, other: { ...comparison.other, settings: { ...comparison.other.settings, game: 'summon-magic' } } };
    expect(sideNames(otherGame)).toEqual(['trump', 'summon-magic']);
    // The same game labelled as itself: "(other)" tells the two apart.
    expect(sideNames({ ...comparison, otherLabel: 'trump' })).toEqual(['trump', 'trump (other)']);
  });

  it("lists who won the games of each end reason, seat by seat, separated by commas", () => {
    const view = draw(report);
    const rows = cellsOf(view, 'seats').filter((r) => r[0]!.startsWith('ended: '));
    expect(rows.length).toBe(report.endReasons.length);
    report.endReasons.forEach((e, i) => {
      const seats = Object.entries(e.won);
      expect(seats.length).toBe(2);
      expect(rows[i]![2]).toBe(`${seats.map(([seat, n]) => `${seat} won ${n}`).join(', ')}${e.draws ? `, ${e.draws} drawn` : ''}`);
    });
  });

  it("draws the ends chart's reasons in the report's order, most frequent first, not sorted by name, and no axis title", () => {
    // The report's reasons, twice, relabelled so that its order is not the alphabet's.
    const names = ['zeta', 'alpha', 'mu', 'beta', 'omega', 'gamma'];
    const ends = [...report.endReasons, ...report.endReasons].map((e, i) => ({ ...e, reason: names[i % names.length]! + (i >= names.length ? i : '') }));
    const fig = draw({ ...report, endReasons: ends }).querySelector('figure[data-chart="ends"]')!;
    const labels = [...fig.querySelectorAll('g[aria-label="y-axis tick label"] text')].map((t) => t.textContent);
    expect(labels).toEqual(ends.map((e) => e.reason));
    expect(fig.querySelector('g[aria-label="y-axis label"]')).toBeNull();
  });

  it("draws each card's interval as a line from its low end to its high end, and says which measure the bars are", () => {
    const view = draw(report);
    const figure = view.querySelector('figure[data-chart="cards"]')!;
    const bars = figure.querySelectorAll('.card-effect rect').length;
    const lines = [...figure.querySelectorAll('.card-interval line')];
    expect(bars).toBeGreaterThan(0);
    expect(lines.length).toBe(bars);
    for (const l of lines) expect(Number(l.getAttribute('x2'))).toBeGreaterThan(Number(l.getAttribute('x1')));
    // Every card measured in the opening hand: the caption says so, without "else drawn".
    expect(report.cards.every((c) => c.standout.opening !== null)).toBe(true);
    expect(figure.querySelector('figcaption')?.textContent).toContain('when it was in the opening hand');
    expect(figure.querySelector('figcaption')?.textContent).not.toContain('else drawn');
    // One card measured only when drawn: the bars mix measures, and the caption says which one each may be.
    const mixed = structuredClone(report);
    const c = mixed.cards[0]!;
    c.standout = { opening: null, drawn: c.standout.opening, played: null };
    expect(draw(mixed).querySelector('figure[data-chart="cards"] figcaption')?.textContent).toContain('(where that was measured; else drawn, else played)');
  });

  it("draws each side's interval of each card in a comparison's cards chart, on that card's row, from its low end to its high end", () => {
    // The cards chart alone (the whole view of a comparison takes about a second to draw).
    const figure = cardsComparisonChart(comparison, chartOptions());
    const { at, row } = scalesOf(figure.querySelector('.balance-figure-body')!.firstElementChild!);
    // One group of interval lines per side, the base's first, each side a few pixels off the row's middle (its dy).
    const groups = [...figure.querySelectorAll('g.card-interval')];
    expect(groups.length).toBe(2);
    expect(groups.map((g) => g.getAttribute('transform'))).toEqual(['translate(0,-3)', 'translate(0,3)']);
    [comparison.base, comparison.other].forEach((side, k) => {
      const cards = side.cards.flatMap((m) => {
        const s = rankingStandout(m);
        return s ? [{ card: m.card, lo: s.d.ci95[0], hi: s.d.ci95[1] }] : [];
      });
      const lines = [...groups[k]!.querySelectorAll('line')];
      expect(cards.length).toBeGreaterThan(1);
      expect(lines.length).toBe(cards.length);
      for (const { card, lo, hi } of cards) {
        const line = onRow(lines, 'y1', row(card));
        expect(Number(line.getAttribute('y2')), card).toBeCloseTo(row(card), 2);
        const [x1, x2] = [Number(line.getAttribute('x1')), Number(line.getAttribute('x2'))];
        expect(x1, card).toBeLessThan(x2);
        expect(x1, card).toBeCloseTo(at(lo), 1);
        expect(x2, card).toBeCloseTo(at(hi), 1);
      }
    });
  });

  describe("a comparison's significant changes", () => {
    // Changes by hand on the played comparison: an increase and a decrease of a rate (the seats panel), a mean (the length
    // panel, in turns), and one not significant, which is not drawn.
    const change = (metric: string, group: MetricChange['group'], diff: number, ci95: [number, number], significant = true): MetricChange => ({
      metric,
      label: metric,
      group,
      base: 0.5,
      other: 0.5 + diff,
      change: { diff, ci95, p: significant ? 0.001 : 0.6, q: significant ? 0.004 : 0.6, significant },
      test: metric.startsWith('length.') ? 'paired-t' : 'mcnemar',
    });
    const changes = [change('seats.p1.wins', 'seats', 0.12, [0.05, 0.19]), change('seats.p2.wins', 'seats', -0.1, [-0.16, -0.03]), change('length.turns', 'length', 1.5, [0.6, 2.4]), change('seats.draws', 'seats', 0.01, [-0.02, 0.04], false)];
    const changed = (): BalanceComparison => ({ ...comparison, changes });
    /** The changes chart's panels, each with the changes it should draw (its group and unit): the seats' rates, then the turns. */
    const panels = () => {
      const c = changed();
      // The changes chart alone (what the view draws first for a comparison): the whole view's tables are not needed here.
      const found = [...changesChart(c, chartOptions()).querySelectorAll('.balance-panel')];
      expect(found.length).toBe(2);
      return found.map((panel, i) => ({ panel, changes: (i === 0 ? changes.slice(0, 2) : changes.slice(2, 3)).map((m) => ({ m, label: metricLabel(m, c) })) }));
    };

    it('draws each one with its 95% interval: a line on its row from its low end to its high end', () => {
      for (const { panel, changes } of panels()) {
        const { at, row } = scalesOf(panel.querySelector('svg')!);
        const lines = [...panel.querySelectorAll('.change-interval line')];
        expect(lines.length).toBe(changes.length);
        for (const { m, label } of changes) {
          const line = onRow(lines, 'y1', row(label));
          const [x1, x2] = [Number(line.getAttribute('x1')), Number(line.getAttribute('x2'))];
          expect(x1, label).toBeLessThan(x2);
          expect(x1, label).toBeCloseTo(at(m.change.ci95[0]), 1);
          expect(x2, label).toBeCloseTo(at(m.change.ci95[1]), 1);
        }
      }
    });

    it('colours each interval as its dot, by its direction: an increase in the other side\'s colour, a decrease in the base\'s', () => {
      const strokes: string[] = [];
      for (const { panel, changes } of panels()) {
        const { row } = scalesOf(panel.querySelector('svg')!);
        const lines = [...panel.querySelectorAll('.change-interval line')];
        const dots = [...panel.querySelectorAll('.change-dot circle')];
        expect(dots.length).toBe(changes.length);
        for (const { m, label } of changes) {
          const stroke = onRow(lines, 'y1', row(label)).getAttribute('stroke');
          expect(stroke, label).toBe(onRow(dots, 'cy', row(label)).getAttribute('fill'));
          expect(stroke, label).toBe(m.change.diff >= 0 ? palette.other : palette.base);
          strokes.push(stroke!);
        }
      }
      expect(new Set(strokes)).toEqual(new Set([palette.other, palette.base]));
    });
  });

  it("colours the actions' effects: significant ones in the significant colour, the others plain", () => {
    const view = draw(report);
    const dots = [...view.querySelectorAll('.action-effect circle')];
    const tested = report.actions.filter((m) => m.winWhenNotUsed.n > 0 && m.winWhenUsed.n > 0 && m.effect);
    expect(dots.length).toBe(tested.length);
    expect(dots.length).toBeGreaterThan(0);
    // The chart draws them in its own order (most used first): compared as a multiset, and both colours occur.
    const fills = dots.map((dot) => dot.getAttribute('fill')).sort();
    expect(fills).toEqual(tested.map((m) => (m.effect!.significant ? palette.significant : palette.plain)).sort());
    expect(new Set(fills)).toEqual(new Set([palette.significant, palette.plain]));
  });

  it("gives an effect's p and q (Benjamini–Hochberg) as the title of its cell", () => {
    const view = draw(comparison);
    const titled = [...view.querySelectorAll('table[data-table="changes"] td[title], table td[title]')];
    expect(titled.length).toBeGreaterThan(0);
    for (const td of titled) expect(td.getAttribute('title')).toMatch(/^p = [\d.e-]+, q = [\d.e-]+$/);
  });

  describe('the game-quality table', () => {
    // t-magic declares an evaluate: its games have a leader to follow.
    const ir = compiledGame('t-magic');
    const quality = foldQuality(ir, playBatch(ir, 1, 30, { tally: true, course: true }));
    const rowsOf = (q: typeof quality) => cellsOf(draw({ ...report, quality: q }), 'quality');

    it('gives the decisiveness with its interval and the games it is over, and the draws by the rules with their count', () => {
      expect(quality.evaluation.declared).toBe(true);
      const rows = rowsOf(quality);
      const m = quality.decisiveness!;
      expect(m.n).toBeGreaterThan(0);
      expect(rows[0]![0]).toMatch(/^decisiveness/);
      expect(rows[0]![1]).toMatch(/^\d+(\.\d)?%$/);
      expect(rows[0]![2]).toMatch(new RegExp(`^\\d+(\\.\\d)?%–\\d+(\\.\\d)?%, n = ${m.n}$`));
      const drawn = rows.find((r) => r[0] === 'drawn by the rules');
      expect(drawn).toBeDefined();
      const o = quality.outcomes.drawn;
      expect(drawn![2]).toMatch(new RegExp(`, n = ${o.n}$`));
    });

    it('says there is no leader to follow when the game declares no evaluate, and gives no decisiveness', () => {
      const rows = rowsOf({ ...quality, evaluation: { ...quality.evaluation, declared: false } });
      expect(rows[0]).toEqual(['the game declares no evaluate: no leader to follow', '—', '—']);
      expect(rows.some((r) => r[0]!.startsWith('decisiveness'))).toBe(false);
    });
  });
});

describe("grimoire tune's answer drawn as a document", () => {
  const worth = (diff: number, significant: boolean) => ({ diff, ci95: [diff - 0.04, diff + 0.04] as [number, number], p: significant ? 0.001 : 0.4, q: significant ? 0.002 : 0.4, significant });
  const rate = (k: number, n: number) => ({ k, n, rate: k / n, ci95: [k / n - 0.03, k / n + 0.03] as [number, number] });
  // A result by hand: Dragon's cost tried at 1 (printed), 3 and 5 in one deck, on 500 games per value from seed 41.
  const tune: TuneResult = {
    grimoireBalance: 1,
    kind: 'tune',
    settings: { game: 'planted', title: 'Planted 1.0', format: 'standard', params: {}, agents: { p1: 'mcts:50', p2: 'random' }, seed: 41, games: 500, rules: '0123456789abcdef' },
    card: 'Dragon',
    attr: 'cost',
    printed: 1,
    curves: [
      {
        deck: 'the deck',
        seat: 'p1',
        baseline: 'Knight',
        withBaseline: rate(250, 500),
        points: [
          { value: 1, printed: true, withCard: rate(400, 500), worth: worth(0.3, true) },
          { value: 3, printed: false, withCard: rate(300, 500), worth: worth(0.1, true) },
          { value: 5, printed: false, withCard: rate(240, 500), worth: worth(-0.02, false) },
        ],
        fair: { closest: 5, crossing: 4.7, range: [5] },
      },
    ],
  };

  it('heads it with the settings the curve was measured under: title, format, games per value, the seeds, the agents, the rules', () => {
    const view = draw(tune);
    expect(view.dataset.kind).toBe('tune');
    expect(view.querySelector('header.balance-header h1')?.textContent).toBe("What should Dragon's cost be? (planted)");
    // Seeds 41 … 41 + 500 − 1 = 540: the games of each value.
    expect(view.querySelector('header.balance-header p.balance-subtitle')?.textContent).toBe('Planted 1.0 — format standard; 500 games per value (seeds 41–540); agents p1 mcts:50, p2 random; rules fingerprint 0123456789abcdef');
    // Not both seats random: no warning about random play.
    expect(view.querySelector('p.balance-random')).toBeNull();
  });

  it('puts the curve in the charts section and a row per value tried in the numbers', () => {
    const view = draw(tune);
    const sections = [...view.children].map((c) => `${c.tagName.toLowerCase()}.${c.className}`);
    expect(sections).toEqual(['header.balance-header', 'section.balance-verdicts', 'section.balance-charts', 'section.balance-tables']);
    const charts = view.querySelector('section.balance-charts')!;
    expect(charts.querySelector('figure[data-chart="tune"]')).not.toBeNull();
    expect(charts.querySelectorAll('.tune-point circle').length).toBe(3);
    const rows = [...view.querySelectorAll('section.balance-tables table[data-table="tune"] tbody tr')].map((tr) => tr.querySelector('td')?.textContent);
    expect(rows).toEqual(['1 (printed)', '3', '5']);
  });

  it("names each curve by its deck, seat and baseline: two decks' curves are two lines of two colours, and a legend names both", () => {
    // The same card in p1's deck and in p2's, each against its deck's Knight: two curves.
    const curve = tune.curves[0]!;
    const two: TuneResult = {
      ...tune,
      curves: [
        { ...curve, deck: "p1's deck", seat: 'p1' },
        { ...curve, deck: "p2's deck", seat: 'p2', points: curve.points.map((p) => ({ ...p, worth: worth(p.worth.diff / 2, p.worth.significant) })), fair: { closest: 5, crossing: null, range: [] } },
      ],
    };
    const figure = draw(two).querySelector('figure[data-chart="tune"]')!;
    const lines = [...figure.querySelectorAll('.tune-line path')];
    expect(lines.length).toBe(2);
    const strokes = lines.map((l) => l.getAttribute('stroke'));
    expect(strokes).toEqual([palette.base, palette.other]);
    // Each line goes through its own curve's points (drawn in the same colour).
    lines.forEach((line, i) => {
      const points = [...figure.querySelectorAll('.tune-point circle')].filter((c) => c.getAttribute('fill') === strokes[i]);
      expect(points.length).toBe(3);
      const vertices = line.getAttribute('d')!.slice(1).split('L').map((xy) => xy.split(',').map(Number));
      expect(vertices.length).toBe(3);
      vertices.forEach(([x, y], k) => {
        expect(x).toBeCloseTo(Number(points[k]!.getAttribute('cx')), 2);
        expect(y).toBeCloseTo(Number(points[k]!.getAttribute('cy')), 2);
      });
    });
    const legend = [...figure.querySelectorAll('.balance-figure-body > figure > div > span')].map((s) => s.textContent);
    expect(legend).toEqual(["p1's deck (p1, against Knight)", "p2's deck (p2, against Knight)"]);
  });

  it("gives each value's worth its p and q as the title of its cell", () => {
    const titles = [...draw(tune).querySelectorAll('section.balance-tables table[data-table="tune"] tbody tr')].map((tr) => tr.querySelectorAll('td')[2]?.getAttribute('title'));
    expect(titles).toEqual(['p = 0.001, q = 0.002', 'p = 0.001, q = 0.002', 'p = 0.4, q = 0.4']);
  });
});
