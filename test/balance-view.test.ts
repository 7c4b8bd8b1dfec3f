/**
 * The balance report's page as a document (balance/report-view.ts, balance/charts.ts), drawn
 * without a browser: happy-dom gives the document the view builds into. The browser tests
 * (e2e/balance-report) check the page as people see it; this one pins what the view itself must
 * do, where a mutation test showed nothing else looked (docs/testing-mutation.md): every table
 * has its header row and a cell per column, a significant effect is starred, the actions are
 * listed most used first with ties by name, the parameters fold away only when asked, and a
 * comparison colours its two sides apart.
 */
import { Window } from 'happy-dom';
import { beforeAll, describe, expect, it } from 'vitest';
import { balanceView } from '../balance/report-view.ts';
import type { BalanceComparison, BalanceReport } from '../balance/report.ts';
import { palette } from '../balance/charts.ts';
import { grimoireInProcess } from './grimoire-in-process.ts';

let report: BalanceReport;
let comparison: BalanceComparison;

const balanceJson = async (...args: string[]) => {
  const r = await grimoireInProcess(['balance', 'trump', '--games', '60', '--seed', '1', '--json', ...args]);
  expect(r.status, r.stderr).toBe(0);
  return JSON.parse(r.stdout);
};

beforeAll(async () => {
  report = (await balanceJson()) as BalanceReport;
  comparison = (await balanceJson('--vs-param', 'opening_hand=4')) as BalanceComparison;
});

const draw = (result: BalanceReport | BalanceComparison, collapseParams = false) => {
  const window = new Window();
  return balanceView(result, { document: window.document as unknown as Document, width: 880, collapseParams });
};

/** The expected order of the actions: most used per game first, ties by the action's name. */
const byUse = (actions: BalanceReport['actions']) => [...actions].sort((x, y) => (x.perGame !== y.perGame ? y.perGame - x.perGame : x.action < y.action ? -1 : x.action > y.action ? 1 : 0));

describe('the balance report drawn as a document', () => {
  it('has its header, and every table a header row and as many cells in each row as columns', () => {
    const view = draw(report);
    expect(view.querySelector('header.balance-header h1')?.textContent).toContain('trump');
    const tables = [...view.querySelectorAll('table')];
    expect(tables.map((t) => t.getAttribute('data-table'))).toEqual(expect.arrayContaining(['seats', 'cards', 'actions']));
    for (const table of tables) {
      const head = [...table.querySelectorAll('thead tr th')].map((th) => th.textContent ?? '');
      expect(head.length, table.getAttribute('data-table')!).toBeGreaterThan(1);
      const rows = [...table.querySelectorAll('tbody tr')];
      expect(rows.length, table.getAttribute('data-table')!).toBeGreaterThan(0);
      for (const row of rows) expect(row.querySelectorAll('td').length).toBe(head.length);
    }
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
});
