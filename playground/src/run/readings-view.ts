/**
 * The casebook's readings in the run panel (the "Readings" button beside Run all): a table of the
 * rulings whose outcome turns on a rule parameter × those parameters (readings-table.ts), each
 * cell the alternatives that change the ruling, with the whole change — which expectation, and
 * why — in its title; a ruling that pins a parameter says so in that column. Under it, the
 * parameters no ruling tests. A click on a ruling opens it in the single-scenario view (at the
 * defaults). Text only, never HTML.
 */
import type { ReadingsTable } from '../worker/readings-table.ts';
import { el } from './dom.ts';
import { t } from '../../../i18n/format.ts';

export class ReadingsView {
  readonly host = el('div', { id: 'readings', hidden: '' });
  private readonly table = el('table', { id: 'readings-table', 'aria-label': t('pg.readings.table-aria') });
  private readonly untested = el('div', { id: 'readings-untested' });

  constructor(private readonly open: (path: string) => void) {
    this.host.append(this.table, this.untested);
  }

  clear(): void {
    this.host.hidden = true;
    this.table.replaceChildren();
    this.untested.textContent = '';
  }

  show(table: ReadingsTable): void {
    this.host.hidden = false;
    this.host.dataset.settled = String(table.settled);
    this.host.dataset.dependent = String(table.rows.length);
    const head = el('tr');
    head.append(el('th', { scope: 'col' }, t('pg.readings.ruling')));
    for (const c of table.columns) head.append(el('th', { scope: 'col', title: c.title, 'data-param': c.name }, c.heading));
    const thead = el('thead');
    thead.append(head);
    const tbody = el('tbody');
    for (const r of table.rows) {
      const tr = el('tr', { class: 'readings-row' });
      tr.dataset.path = r.path;
      const th = el('th', { scope: 'row' });
      const file = r.path.slice(r.path.lastIndexOf('/') + 1).replace(/\.ya?ml$/, '');
      // The file name keeps the column narrow; the ruling's name is in the title.
      const button = el('button', { type: 'button', title: `${r.name && r.name !== r.path ? `${r.name}\n` : ''}${t('pg.readings.row-title', { path: r.path })}` }, file);
      button.onclick = () => this.open(r.path);
      th.append(button);
      tr.append(th);
      for (const c of r.cells) {
        const td = el('td', { class: `reading-${c.kind}`, 'data-param': c.param }, c.text);
        if (c.title) td.title = c.title;
        tr.append(td);
      }
      tbody.append(tr);
    }
    this.table.replaceChildren(thead, tbody);
    this.table.hidden = table.rows.length === 0;
    this.untested.textContent = table.untested.length ? t('pg.readings.untested', { params: table.untested }) : '';
  }
}
