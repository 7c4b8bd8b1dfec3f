/**
 * The casebook's readings (scenario/readings.ts, run by the run worker) as the page shows them:
 * a table of the rulings whose outcome turns on a parameter × the parameters they turn on, each
 * cell the alternatives that change the ruling (`points: pass → fail`, the whole change in its
 * title) or the reading the ruling pins; then the rulings settled by the rulebook alone and the
 * parameters no ruling tests. Pure and plain data, with no runtime import: the page uses it.
 */
import { readingsSummary, readingsSummaryLine, shownValue, type ReadingsReport } from '../../../scenario/readings-report.ts';
import { t } from '../../../i18n/format.ts';

export interface ReadingsColumn {
  name: string;
  /** `damage_mode = mill (points)`: the default, then the alternatives. */
  heading: string;
  /** The question the parameter stands for, and its cite. */
  title: string;
}

export interface ReadingsCell {
  param: string;
  /** `changes`: an alternative changes the ruling; `pinned`: the ruling sets this parameter itself; `same`: no change. */
  kind: 'changes' | 'pinned' | 'same';
  /** `points: pass → fail`, `pinned: allow`, or ''. */
  text: string;
  /** Each change in full (which expectation, and why), one a line. */
  title: string;
}

export interface ReadingsRow {
  path: string;
  name: string;
  cells: ReadingsCell[];
}

export interface ReadingsTable {
  columns: ReadingsColumn[];
  rows: ReadingsRow[];
  /** The summary line, as `grimoire scenario --readings` prints it. */
  summary: string;
  /** Rulings settled by the rulebook alone (no alternative changes them). */
  settled: number;
  /** Parameters no ruling depends on and none pins: readings worth a ruling. */
  untested: string[];
}

export function readingsTable(report: ReadingsReport): ReadingsTable {
  const s = readingsSummary(report);
  const params = report.params.filter((p) => p.rulings.length);
  const columns = params.map((p) => ({
    name: p.name,
    heading: `${p.name} = ${shownValue(p.default)} (${p.alternatives.map(shownValue).join(', ')})`,
    title: [p.note, p.cite].filter(Boolean).join('\n'),
  }));
  const rows = report.rulings
    .filter((r) => r.changes.length)
    .map((r) => ({
      path: r.path,
      name: r.name,
      cells: params.map((p): ReadingsCell => {
        if (p.name in r.pinned) return { param: p.name, kind: 'pinned', text: t('pg.readings.pinned', { value: shownValue(r.pinned[p.name]!) }), title: t('pg.readings.pinned-title', { name: p.name }) };
        const changes = r.changes.filter((c) => c.param === p.name);
        if (!changes.length) return { param: p.name, kind: 'same', text: '', title: '' };
        return { param: p.name, kind: 'changes', text: changes.map((c) => `${shownValue(c.value)}: ${c.from} → ${c.to}`).join('; '), title: changes.map((c) => `${p.name}=${shownValue(c.value)}: ${c.summary}`).join('\n') };
      }),
    }));
  return { columns, rows, summary: readingsSummaryLine(report), settled: s.settled, untested: s.untested };
}
