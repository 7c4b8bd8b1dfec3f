/**
 * The event log of a run: one row per step with its turn, its text and the rule it cites (the
 * citation and its file:line). A row is selected by a click, or stepped through with the
 * buttons and ←/→ (↑/↓, Home/End) while the log has focus; the panel shows the board after the
 * selected step and moves the editor to the cited rule. Text only, never HTML.
 */
import type { LogStep } from '../worker/run-protocol.ts';
import { t } from '../../../i18n/format.ts';

export interface LogHandlers {
  /** A step was selected; `how` tells a click from stepping with keys or buttons. */
  select(index: number, how: 'click' | 'step'): void;
}

export class LogView {
  private rows: HTMLElement[] = [];
  private steps: LogStep[] = [];
  selected = -1;

  constructor(
    readonly host: HTMLElement,
    private readonly handlers: LogHandlers,
  ) {
    host.tabIndex = 0;
    host.setAttribute('role', 'listbox');
    host.setAttribute('aria-label', t('pg.log.aria'));
    host.addEventListener('keydown', (ev) => {
      const moves: Record<string, number> = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1, PageUp: -10, PageDown: 10 };
      if (ev.key === 'Home') this.step(-Infinity);
      else if (ev.key === 'End') this.step(Infinity);
      else if (ev.key in moves) this.step(moves[ev.key]!);
      else return;
      ev.preventDefault();
    });
  }

  /** Shows a run's log; `omitted` marks the steps a long log leaves out. */
  show(steps: LogStep[], omitted: { after: number; count: number } | null): void {
    this.steps = steps;
    this.selected = -1;
    this.rows = [];
    this.host.replaceChildren();
    steps.forEach((s, i) => {
      const row = stepRow(s);
      row.onclick = () => this.handlers.select(i, 'click');
      this.rows.push(row);
      this.host.append(row);
      if (omitted && s.seq === omitted.after) {
        const gap = document.createElement('li');
        gap.className = 'log-gap';
        gap.textContent = t('pg.log.gap', { n: omitted.count });
        this.host.append(gap);
      }
    });
  }

  clear(note = ''): void {
    this.show([], null);
    if (note) {
      const li = document.createElement('li');
      li.className = 'log-empty';
      li.textContent = note;
      this.host.append(li);
    }
  }

  get length(): number {
    return this.steps.length;
  }

  stepAt(index: number): LogStep | undefined {
    return this.steps[index];
  }

  /** Moves the selection by `delta` rows (clamped) and reports it. */
  step(delta: number): void {
    if (this.steps.length === 0) return;
    const from = this.selected < 0 ? (delta > 0 ? -1 : this.steps.length) : this.selected;
    const to = Math.max(0, Math.min(this.steps.length - 1, from + (Number.isFinite(delta) ? delta : delta > 0 ? this.steps.length : -this.steps.length)));
    if (to !== this.selected) this.handlers.select(to, 'step');
  }

  /** Marks a row as selected and scrolls it into view. */
  mark(index: number): void {
    this.rows[this.selected]?.classList.remove('selected');
    this.rows[this.selected]?.setAttribute('aria-selected', 'false');
    this.selected = index;
    const row = this.rows[index];
    if (!row) return;
    row.classList.add('selected');
    row.setAttribute('aria-selected', 'true');
    row.scrollIntoView({ block: 'nearest' });
  }
}

function stepRow(s: LogStep): HTMLElement {
  const row = document.createElement('li');
  row.className = `log-step kind-${s.kind.replace(/[^a-z-]/g, '')}`;
  row.setAttribute('role', 'option');
  row.dataset.seq = String(s.seq);
  row.dataset.kind = s.kind;
  if (s.file) {
    row.dataset.file = s.file;
    row.dataset.line = String(s.line);
  }
  const turn = document.createElement('span');
  turn.className = 'turn';
  turn.textContent = `t${s.turn}`;
  const text = document.createElement('span');
  text.className = 'text';
  text.textContent = s.text;
  const cite = document.createElement('span');
  cite.className = 'cite';
  const where = s.file ? `${s.file.slice(s.file.lastIndexOf('/') + 1)}:${s.line}` : '';
  const words = document.createElement('span');
  words.className = 'cite-text';
  words.textContent = s.cite || (where ? '' : t('pg.log.no-cite'));
  cite.append(words);
  if (where) {
    const at = document.createElement('span');
    at.className = 'cite-where';
    at.textContent = where;
    cite.append(at);
  }
  cite.title = [s.cite, s.file ? `${s.file}:${s.line}` : ''].filter(Boolean).join('\n');
  row.append(turn, text, cite);
  return row;
}
