/**
 * The verdict of a run: PASS/FAIL for a scenario with each expectation's own pass/fail and
 * failure text (and the script's problems), or the result of a random game. Text only.
 */
import type { RunReport } from '../worker/run-protocol.ts';
import { choiceLabel } from '../worker/variants.ts';
import { t } from '../../../i18n/format.ts';

function item(className: string, text: string): HTMLLIElement {
  const li = document.createElement('li');
  li.className = className;
  li.textContent = text;
  return li;
}

export function renderVerdict(result: HTMLElement, list: HTMLElement, r: RunReport): void {
  list.replaceChildren();
  delete result.dataset.passed;
  result.dataset.kind = r.what;
  if (r.what === 'scenario') {
    const s = r.scenario;
    const passed = !!s && s.passed && !r.problem;
    result.dataset.passed = String(passed);
    result.textContent = `${passed ? t('scenario.pass') : t('scenario.fail')} — ${s ? s.name : t('pg.result.did-not-run')}`;
    if (!s) return;
    for (const x of s.expectations) {
      const li = item(`expectation ${x.passed ? 'passed' : 'failed'}`, '');
      li.dataset.passed = String(x.passed);
      const mark = document.createElement('span');
      mark.className = 'mark';
      mark.textContent = x.passed ? '✓' : '✗';
      const label = document.createElement('span');
      label.className = 'label';
      label.textContent = x.at === 'expect' ? x.label : `${x.at}: ${x.label}`;
      label.title = x.words; // the same in words, as faq and explain print it
      li.append(mark, label);
      for (const f of x.failures) {
        const why = document.createElement('div');
        why.className = 'why';
        why.textContent = f;
        li.append(why);
      }
      list.append(li);
    }
    for (const f of s.otherFailures) list.append(item('run-failure', `✗ ${f}`));
    // Where `expect` looked: at which decision, after how much the engine played by itself.
    if (s.checkpoint) list.append(item('run-note checkpoint', t('pg.result.checkpoint', { checkpoint: s.checkpoint })));
    if (s.expectations.length === 0 && s.otherFailures.length === 0 && !r.problem) list.append(item('run-note', t('pg.result.no-expectations')));
    return;
  }
  const g = r.result;
  // "(seed 7, pro, opening_hand=7)": the seed, the format and each parameter not at its default.
  const played = [...(r.seed === null ? [] : [t('pg.result.seed', { seed: r.seed })]), choiceLabel(r.format, r.params)].filter(Boolean).join(', ');
  const seed = played ? ` (${played})` : '';
  result.textContent = g ? t('pg.result.game', { outcome: g.winner ? t('pg.result.wins', { winner: g.winner }) : t('pg.result.draw'), reason: g.reason, turns: r.turns, decisions: r.decisions, played: seed }) : t('pg.result.unfinished', { played: seed });
}

export function clearVerdict(result: HTMLElement, list: HTMLElement, text = ''): void {
  result.textContent = text;
  delete result.dataset.passed;
  delete result.dataset.kind;
  list.replaceChildren();
}
