/**
 * The casebook in the run panel: "Run all" runs every ruling of the open game, with the
 * designer's edits; this shows the progress ("n / N"), then one row per ruling — PASS, FAIL,
 * error or stopped, its file and name, why it failed, and "was PASS, now FAIL" where the outcome
 * differs from the one under the game's original files — and the summary. A click on a row opens
 * that ruling in the single-scenario view. "Readings" shows here too: the summary, then the table
 * of the rulings that turn on a parameter (readings-view.ts). Text only, never HTML.
 */
import { changedFirst, changeText, outcomeLabel, summarise, type ComparedRow } from '../worker/casebook.ts';
import { el } from './dom.ts';
import { t } from '../../../i18n/format.ts';
import { ReadingsView } from './readings-view.ts';
import type { ReadingsTable } from '../worker/readings-table.ts';

export class CasebookView {
  readonly host = el('section', { id: 'casebook', 'aria-label': t('pg.casebook.aria'), hidden: '' });
  private readonly summary = el('div', { id: 'casebook-summary', 'aria-live': 'polite' });
  private readonly note = el('div', { id: 'casebook-note' });
  private readonly list = el('ol', { id: 'casebook-rows', 'aria-label': t('pg.casebook.rows-aria') });
  private readonly readings: ReadingsView;

  /** `open` runs one ruling in the single-scenario view. */
  constructor(private readonly open: (path: string) => void) {
    this.readings = new ReadingsView(open);
    this.host.append(this.summary, this.note, this.list, this.readings.host);
  }

  clear(): void {
    this.host.hidden = true;
    this.summary.textContent = '';
    delete this.summary.dataset.state;
    this.note.textContent = '';
    this.list.replaceChildren();
    this.readings.clear();
    delete this.host.dataset.view;
    delete this.host.dataset.stale;
  }

  /** While running: "Running the rulings under your edits… 12 / 90". */
  progress(what: string, done: number, total: number): void {
    this.host.hidden = false;
    this.summary.dataset.state = 'running';
    this.summary.textContent = `${what}… ${done} / ${total}`;
  }

  /** Stopped before the end (cancelled, the rules do not compile, a crash): said in words. */
  stopped(text: string): void {
    this.host.hidden = false;
    this.summary.dataset.state = 'stopped';
    this.summary.textContent = text;
    this.note.textContent = '';
    this.list.replaceChildren();
    this.readings.clear();
  }

  /** The result: the summary, then the rows (changed ones first). `originalNote` says why the original outcome is unknown. */
  show(rows: ComparedRow[], originalNote: string | null): void {
    const s = summarise(rows, originalNote === null);
    this.host.hidden = false;
    delete this.host.dataset.stale;
    this.summary.dataset.state = 'done';
    this.summary.dataset.passed = String(s.passed);
    this.summary.dataset.failed = String(s.failed);
    if (s.changed === null) delete this.summary.dataset.changed;
    else this.summary.dataset.changed = String(s.changed);
    this.summary.textContent = rows.length === 0 ? t('pg.casebook.none') : s.text;
    this.note.textContent = originalNote ? t('pg.casebook.original-unknown', { why: originalNote }) : '';
    this.list.replaceChildren(...changedFirst(rows).map((r) => this.row(r)));
    this.readings.clear();
    this.host.dataset.view = 'outcomes';
  }

  /** The readings: the summary line (as `grimoire scenario --readings` prints it), then the table. */
  showReadings(table: ReadingsTable, rulings: number): void {
    this.host.hidden = false;
    delete this.host.dataset.stale;
    this.host.dataset.view = 'readings';
    this.summary.dataset.state = 'done';
    delete this.summary.dataset.passed;
    delete this.summary.dataset.failed;
    delete this.summary.dataset.changed;
    this.summary.textContent = rulings === 0 ? t('pg.casebook.none') : table.summary;
    this.note.textContent = table.rows.length
      ? t('pg.readings.note')
      : '';
    this.list.replaceChildren();
    this.readings.show(table);
  }

  /** Marks the row of the ruling open in the single-scenario view. */
  select(path: string): void {
    for (const li of this.list.children) li.classList.toggle('selected', (li as HTMLElement).dataset.path === path);
    for (const tr of this.host.querySelectorAll<HTMLElement>('.readings-row')) tr.classList.toggle('selected', tr.dataset.path === path);
  }

  /** The files changed after the run: its rows may no longer hold. */
  markStale(): void {
    if (this.host.hidden || this.summary.dataset.state !== 'done' || this.host.dataset.stale) return;
    this.host.dataset.stale = 'true';
    this.note.textContent = `${this.note.textContent ? this.note.textContent + ' ' : ''}${t('pg.casebook.stale', { button: this.host.dataset.view === 'readings' ? t('pg.run.readings') : t('pg.run.run-all') })}`;
  }

  private row(r: ComparedRow): HTMLLIElement {
    const li = el('li', { class: `casebook-row outcome-${r.outcome}` });
    li.dataset.path = r.path;
    li.dataset.outcome = r.outcome;
    li.dataset.changed = String(r.changed);
    if (r.was) li.dataset.was = r.was;
    const button = el('button', { type: 'button', title: t('pg.casebook.row-title', { path: r.path }) });
    const verdict = el('span', { class: 'verdict' }, r.outcome === 'limit' ? r.detail ?? t('pg.casebook.stopped') : outcomeLabel(r.outcome));
    const file = r.path.slice(r.path.lastIndexOf('/') + 1).replace(/\.ya?ml$/, '');
    const name = el('span', { class: 'ruling' }, r.name && r.name !== file && r.name !== r.path ? `${file} — ${r.name}` : file);
    button.append(verdict, name);
    const change = changeText(r);
    if (change) button.append(el('span', { class: 'change' }, change));
    if (r.detail && r.outcome !== 'limit') button.append(el('span', { class: 'detail', title: r.detail }, r.detail));
    button.onclick = () => this.open(r.path);
    li.append(button);
    return li;
  }
}
