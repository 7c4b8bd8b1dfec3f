/**
 * A game with seats, as the run panel shows it: who plays each seat (a person, random, greedy or
 * MCTS with its budget), the decision at hand as buttons for the person deciding (the prompt and
 * the option labels as the engine gives them, Pass where allowed), an agent's thinking (progress
 * and Cancel), and the Hint (each option's win rate and visits from MCTS). DOM only: the panel
 * (panel.ts) sends the requests and calls these methods with what comes back. Text only.
 */
import type { PendingDecision } from '../worker/run-protocol.ts';
import type { OptionEstimate } from '../../../runtime/agents/mcts.ts';
import { DEFAULT_BUDGET, MAX_BUDGET, SEAT_KINDS, seatLabel, type Seat, type SeatKind } from '../worker/seats.ts';
import { el } from './dom.ts';
import { t, type MessageKey } from '../../../i18n/format.ts';

export interface MatchHandlers {
  start(): void;
  answer(index: number): void;
  hint(): void;
  cancel(): void;
  thinkAgain(): void;
  /** A seat's kind or budget changed. */
  seatsChanged(): void;
  /** Show a place of the rules (a reason's source line) in the editor. */
  reveal(file: string, line: number, col: number): void;
}

const KIND_NAMES = { person: 'pg.agent.person', random: 'pg.agent.random', greedy: 'pg.agent.greedy', mcts: 'pg.agent.mcts', strong: 'pg.agent.strong' } as const satisfies Record<SeatKind, MessageKey>;

interface SeatControls {
  name: string;
  kind: HTMLSelectElement;
  budget: HTMLInputElement;
  label: HTMLElement;
}

export class MatchView {
  /** The seats and the start button (a row of the run panel's controls). */
  readonly seatsRow = el('div', { class: 'run-controls', id: 'seats' });
  /** The game at hand: status, thinking, the decision, the hint. */
  readonly host = el('section', { id: 'match', 'aria-label': t('pg.match.aria'), hidden: '' });
  private readonly seatList = el('span', { class: 'seat-list' });
  private readonly start = el('button', { id: 'start-match', type: 'button', title: t('pg.match.start-title') }, t('pg.match.start'));
  private readonly status = el('div', { id: 'match-status', 'aria-live': 'polite' });
  private readonly thinking = el('div', { id: 'thinking', hidden: '' });
  private readonly thinkText = el('span', { id: 'think-text' });
  private readonly progress = el('progress', { id: 'think-progress' });
  private readonly cancel = el('button', { id: 'cancel-think', type: 'button' }, t('pg.cancel'));
  private readonly resume = el('div', { id: 'resume', hidden: '' });
  private readonly resumeText = el('span', {});
  private readonly thinkAgain = el('button', { id: 'think-again', type: 'button' }, t('pg.match.think-again'));
  private readonly decision = el('div', { id: 'decision', hidden: '' });
  private readonly prompt = el('div', { id: 'decision-prompt' });
  private readonly cite = el('div', { id: 'decision-cite' });
  private readonly options = el('div', { id: 'decision-options', role: 'group', 'aria-label': t('pg.match.options-aria') });
  /** The actions the person is not offered now, greyed; one clicked shows why (Engine.whyNot). */
  private readonly refused = el('div', { id: 'decision-refused', hidden: '' });
  private readonly hintButton = el('button', { id: 'hint', type: 'button', title: t('pg.hint.title') }, t('pg.hint.button'));
  private readonly hintBudget = el('input', { id: 'hint-budget', type: 'number', value: String(DEFAULT_BUDGET), min: '1', max: String(MAX_BUDGET), step: '100', 'aria-label': t('pg.hint.budget-aria') });
  private readonly hintPanel = el('div', { id: 'hint-panel', hidden: '' });
  private readonly hintRow = el('div', { class: 'hint-row-controls' });
  private seats: SeatControls[] = [];

  constructor(private readonly handlers: MatchHandlers) {
    const seatsLabel = el('strong', {}, t('pg.match.seats'));
    this.seatsRow.append(seatsLabel, this.seatList, this.start);
    this.start.onclick = () => handlers.start();
    this.cancel.onclick = () => handlers.cancel();
    this.thinkAgain.onclick = () => handlers.thinkAgain();
    this.hintButton.onclick = () => handlers.hint();
    this.thinking.append(this.thinkText, ' ', this.progress, ' ', this.cancel);
    this.resume.append(this.resumeText, ' ', this.thinkAgain);
    const hintRow = this.hintRow;
    const budgetLabel = el('label', {}, t('pg.hint.simulations') + ' ');
    budgetLabel.append(this.hintBudget);
    hintRow.append(this.hintButton, budgetLabel);
    this.decision.append(this.prompt, this.cite, this.options, this.refused, hintRow);
    this.host.append(this.status, this.thinking, this.resume, this.decision, this.hintPanel);
    this.setPlayers(['p1', 'p2']);
  }

  /** One seat per player of the game (kept where the names stay the same). */
  setPlayers(names: readonly string[]): void {
    if (this.seats.length === names.length && this.seats.every((s, i) => s.name === names[i])) return;
    const old = new Map(this.seats.map((s) => [s.name, s]));
    this.seats = names.map((name, i) => old.get(name) ?? this.seatControls(name, i === 0 ? 'person' : 'mcts'));
    this.seatList.replaceChildren(...this.seats.map((s) => s.label));
  }

  private seatControls(name: string, kind: SeatKind): SeatControls {
    const select = el('select', { id: `seat-${name}`, 'aria-label': t('pg.match.seat-aria', { name }) });
    for (const k of SEAT_KINDS) select.append(el('option', { value: k }, t(KIND_NAMES[k])));
    select.value = kind;
    const budget = el('input', { id: `budget-${name}`, type: 'number', value: String(DEFAULT_BUDGET), min: '1', max: String(MAX_BUDGET), step: '100', 'aria-label': t('pg.seat.budget-aria', { name }), title: t('pg.seat.budget-title') });
    const label = el('label', { class: 'seat' }, `${name} `);
    label.append(select, budget);
    const sync = () => {
      budget.hidden = select.value !== 'mcts';
      this.handlers.seatsChanged();
    };
    select.onchange = sync;
    budget.onchange = () => this.handlers.seatsChanged();
    budget.hidden = kind !== 'mcts';
    return { name, kind: select, budget, label };
  }

  /** The seats as chosen, or what is wrong with a budget. */
  chosenSeats(): Seat[] | { problem: string } {
    const out: Seat[] = [];
    for (const s of this.seats) {
      const kind = s.kind.value as SeatKind;
      const n = Number(s.budget.value);
      if (kind === 'mcts' && !(Number.isInteger(n) && n >= 1 && n <= MAX_BUDGET)) return { problem: t('pg.seat.bad-budget', { name: s.name, max: MAX_BUDGET, example: DEFAULT_BUDGET }) };
      out.push({ kind, budget: kind === 'mcts' ? n : 0 });
    }
    return out;
  }

  /** The seat of a player, as chosen now. */
  seatOf(player: string): Seat | null {
    const seats = this.chosenSeats();
    const i = this.seats.findIndex((s) => s.name === player);
    return 'problem' in seats || i < 0 ? null : seats[i]!;
  }

  /** The Hint's budget, or null when it is not a whole number in range. */
  hintSimulations(): number | null {
    const n = Number(this.hintBudget.value);
    return Number.isInteger(n) && n >= 1 && n <= MAX_BUDGET ? n : null;
  }

  show(): void {
    this.host.hidden = false;
  }

  /** Whether the Hint is offered (an online match allows it or not; a game here always does). */
  allowHint(allowed: boolean): void {
    this.hintRow.hidden = !allowed;
  }

  hide(): void {
    this.host.hidden = true;
    delete this.host.dataset.state;
    delete this.host.dataset.answers;
    this.hideThinking();
    this.showDecision(null, false);
    this.showResume(null);
    this.clearHint();
    this.allowHint(true);
    this.setStatus('');
  }

  setStatus(text: string, state = ''): void {
    this.status.textContent = text;
    if (state) this.status.dataset.state = state;
    else delete this.status.dataset.state;
  }

  /** An agent's seat (or a Hint) is thinking: `done` of `total` iterations (0 of 0: no count). */
  showThinking(text: string, done: number, total: number): void {
    this.thinking.hidden = false;
    this.thinkText.textContent = total > 0 ? `${text} ${done.toLocaleString('en')} / ${total.toLocaleString('en')}` : `${text}`;
    if (total > 0) {
      this.progress.max = total;
      this.progress.value = done;
    } else this.progress.removeAttribute('value'); // indeterminate
    this.thinking.dataset.player = text.split(' ')[0] ?? '';
    this.thinking.dataset.done = String(done);
    this.thinking.dataset.total = String(total);
  }

  hideThinking(): void {
    this.thinking.hidden = true;
  }

  /** An agent's seat must decide but is not thinking (its thinking was cancelled): say so, offer to think again. */
  showResume(text: string | null): void {
    this.resume.hidden = text === null;
    this.resumeText.textContent = text ?? '';
  }

  /** The decision at hand, for the person deciding (null: none); `enabled` false while a request is out. */
  showDecision(d: PendingDecision | null, enabled: boolean): void {
    this.decision.hidden = d === null;
    this.options.replaceChildren();
    if (!d) return;
    this.decision.dataset.player = d.player;
    this.prompt.textContent = t('pg.match.your-decision', { player: d.player, prompt: d.prompt || (d.kind === 'action' ? t('pg.match.what-do-you-do') : t('pg.match.choose')) });
    this.cite.textContent = d.cite ? `(${d.cite})` : '';
    this.cite.title = d.file ? `${d.file}:${d.line}` : '';
    d.options.forEach((label, i) => {
      const pass = d.canPass && i === d.options.length - 1 && label === 'pass';
      const b = el('button', { type: 'button', class: `decision-option${pass ? ' pass' : ''}`, 'data-index': String(i), 'data-label': label }, pass ? t('pg.match.pass') : label);
      b.disabled = !enabled;
      b.onclick = () => this.handlers.answer(i);
      this.options.append(b);
    });
    this.hintButton.disabled = !enabled;
    this.showRefused(d);
  }

  /**
   * The actions not offered, greyed, each with its reasons on hover (title) and, once clicked,
   * listed below with a link to each reason's line in the rules. Card abilities with no card
   * where they work are only counted (a game has many).
   */
  private showRefused(d: PendingDecision): void {
    const cardless = d.refused.filter((a) => a.reasons.length === 1 && a.reasons[0]!.kind === 'source');
    const shown = d.refused.filter((a) => !cardless.includes(a));
    this.refused.replaceChildren();
    this.refused.hidden = d.refused.length === 0;
    if (!d.refused.length) return;
    const list = el('div', { class: 'refused-list', role: 'group', 'aria-label': t('pg.refused.aria') });
    const details = el('div', { id: 'refused-reasons', hidden: '' });
    const name = (a: PendingDecision['refused'][number]) => `${a.action}${a.card ? ` — ${a.card}` : ''}`;
    for (const a of shown) {
      const b = el('button', { type: 'button', class: 'refused-action', 'data-action': name(a), title: a.reasons.map((r) => `${r.kind}: ${r.text}`).join('\n') }, name(a));
      b.onclick = () => {
        const open = details.dataset.action === name(a) && !details.hidden;
        for (const x of list.querySelectorAll('.refused-action')) x.classList.remove('open');
        details.hidden = open;
        if (open) return;
        b.classList.add('open');
        details.dataset.action = name(a);
        const items = a.reasons.map((r) => {
          const li = el('li', { 'data-kind': r.kind }, `${r.kind}: ${r.text}`);
          if (r.at) {
            const at = r.at;
            const link = el('button', { type: 'button', class: 'reason-link', title: t('pg.refused.show-line') }, `${at.file}:${at.line}`);
            link.onclick = () => this.handlers.reveal(at.file, at.line, at.col);
            li.append(' ', link);
          }
          for (const c of r.cites) li.append(el('div', { class: 'reason-cite' }, `${c.name}: ${c.cite}`));
          return li;
        });
        const ul = el('ul', {});
        ul.append(...items);
        details.replaceChildren(el('div', { class: 'reason-title' }, t('pg.refused.why-not', { action: name(a) })), ul, el('div', { class: 'reason-cite' }, a.cite));
      };
      list.append(b);
    }
    const head = el('div', { class: 'refused-head' }, t('pg.refused.head', { n: d.refused.length, cardless: cardless.length }));
    this.refused.append(head, list, details);
  }

  /** Enables or disables the option buttons and Hint (while a request is out). */
  setEnabled(enabled: boolean): void {
    for (const b of this.options.querySelectorAll('button')) (b as HTMLButtonElement).disabled = !enabled;
    this.hintButton.disabled = !enabled;
    this.start.disabled = false;
  }

  clearHint(): void {
    this.hintPanel.hidden = true;
    this.hintPanel.replaceChildren();
    delete this.hintPanel.dataset.state;
    for (const b of this.options.querySelectorAll<HTMLElement>('.decision-option')) {
      delete b.dataset.hint;
      b.removeAttribute('title');
    }
  }

  /** A note in the hint panel instead of estimates (running, cancelled, failed). */
  hintNote(text: string, state: 'running' | 'stopped'): void {
    this.hintPanel.hidden = false;
    this.hintPanel.dataset.state = state;
    this.hintPanel.replaceChildren(el('div', { class: 'hint-note' }, text));
  }

  /** The Hint's estimates: most visited first (what MCTS would play), each with its win rate and visits. */
  showHint(player: string, iterations: number, estimates: readonly OptionEstimate[]): void {
    this.hintPanel.hidden = false;
    this.hintPanel.dataset.state = 'done';
    const best = estimates[0];
    const head = el('div', { class: 'hint-note', id: 'hint-summary' }, t('pg.hint.summary', { best: best ? t('pg.hint.quoted', { label: best.label }) : t('pg.hint.nothing'), iterations, player }));
    const rough = el('div', { class: 'hint-caveat' }, t('pg.hint.caveat'));
    const list = el('ol', { id: 'hint-list' });
    for (const e of estimates) {
      const li = el('li', { class: 'hint-row', 'data-label': e.label, 'data-best': String(e === best), 'data-visits': String(e.visits), 'data-win-rate': e.winRate.toFixed(4) });
      const pct = Math.round(e.winRate * 100);
      const bar = el('span', { class: 'hint-bar' });
      bar.style.setProperty('--rate', `${pct}%`);
      li.append(el('span', { class: 'hint-mark' }, e === best ? '★' : ''), el('span', { class: 'hint-label' }, e.label), bar, el('span', { class: 'hint-rate' }, e.visits ? t('pg.hint.win', { pct }) : t('pg.hint.not-tried')), el('span', { class: 'hint-visits' }, t('pg.hint.visits', { n: e.visits })));
      list.append(li);
    }
    this.hintPanel.replaceChildren(head, list, rough);
    // The option buttons say it too.
    for (const b of this.options.querySelectorAll<HTMLElement>('.decision-option')) {
      const e = estimates.find((x) => x.label === b.dataset.label);
      if (!e) continue;
      b.dataset.hint = e === best ? 'best' : 'other';
      b.title = t('pg.hint.option-title', { pct: Math.round(e.winRate * 100), n: e.visits });
    }
  }

  /** Whose seat is what, in words: `p1 person · p2 MCTS 500`. */
  seatsText(seats: readonly Seat[]): string {
    return seats.map((s, i) => `${this.seats[i]?.name ?? `p${i + 1}`} ${seatLabel(s)}`).join(' · ');
  }
}
