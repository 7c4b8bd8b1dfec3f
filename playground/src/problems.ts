/**
 * The problems panel: every diagnostic in words, with file:line:col; a click puts the editor's
 * cursor at the diagnostic's start (nothing selected, so a key typed next edits nothing else).
 * A compiler crash is shown here too, never only in the console, and so is why files too big to
 * check as you type were not checked; past the first diagnostics, one line counts the rest.
 */
import type { CheckResult } from './editor/diagnostics.ts';
import { t } from '../../i18n/format.ts';
import { diagnosticWords } from '../../compiler/diagnostics.ts';

export function renderProblems(host: HTMLElement, r: CheckResult, reveal: (path: string, line: number, col: number) => void): void {
  host.replaceChildren();
  if (r.crash) {
    const div = document.createElement('div');
    div.className = 'problem error';
    div.textContent = t('pg.problems.crash', { message: r.crash.split('\n')[0] ?? '' });
    host.append(div);
    return;
  }
  if (r.gaveUp) {
    const div = document.createElement('div');
    div.className = 'problem error gave-up';
    div.textContent = t('pg.problems.gave-up', { why: r.gaveUp });
    host.append(div);
    return;
  }
  for (const d of r.diagnostics) {
    const row = document.createElement('button');
    row.className = `problem ${d.severity}`;
    row.dataset.code = d.code;
    const where = document.createElement('span');
    where.className = 'where';
    where.textContent = `${d.loc.file}:${d.loc.line}:${d.loc.col}`;
    const what = document.createElement('span');
    what.className = 'what';
    const words = diagnosticWords(d);
    what.textContent = `${words.message}${words.notes.length ? ' — ' + words.notes.join(' ') : ''}`;
    const code = document.createElement('span');
    code.className = 'code';
    code.textContent = d.code;
    row.append(where, what, code);
    row.onclick = () => reveal(d.loc.file, d.loc.line, d.loc.col);
    host.append(row);
  }
  if (r.omitted) {
    const div = document.createElement('div');
    div.className = 'problem more';
    const n = r.omitted.errors + r.omitted.warnings;
    div.textContent = t('pg.problems.more', { n, errors: r.omitted.errors, warnings: r.omitted.warnings, shown: r.diagnostics.length });
    host.append(div);
  }
}
