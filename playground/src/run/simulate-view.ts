/**
 * The Simulate panel: a balance simulation of the open game, as `grimoire balance` runs one —
 * how many games, each seat's agent (random, greedy or MCTS with its budget), and "compare with
 * the original rules" (the game's files as they came against the designer's edits, on the same
 * seeds, as `--vs`), and which cards are replaced to measure their worth (`--values`). The seed,
 * format and rule parameters are the run panel's own controls. While it runs: the games played,
 * with Cancel; then the report — its verdicts first, then its charts and tables — drawn by the
 * very module the HTML report uses (balance/report-view.ts, balance/charts.ts), and "Download
 * report", which saves the same self-contained HTML file as `grimoire balance --html`. A tune
 * (tune-view.ts, `grimoire tune`) shows its curve here too, with the same progress and download.
 *
 * The charts' code (Plot, d3) and the report page's bundled script are loaded only when first
 * needed (dynamic imports of the playground's own modules: chunks of their own). DOM only: the
 * panel (panel.ts) sends the request and calls these methods with what comes back. Text only.
 */
import type { BalanceComparison, BalanceReport, TuneResult } from '../../../balance/report.ts';
import type { ValuesMode } from '../../../balance/runs.ts';
import { saveBytes } from '../workspace/download.ts';
import { MAX_BUDGET } from '../worker/seats.ts';
import { el } from './dom.ts';
import { t } from '../../../i18n/format.ts';

export interface SimulateHandlers {
  simulate(): void;
  cancel(): void;
}

/** The agents a simulation's seat may have (a person cannot play two hundred games). */
const AGENTS = [
  { value: 'random', label: 'pg.agent.random' },
  { value: 'greedy', label: 'pg.agent.greedy' },
  { value: 'mcts', label: 'pg.agent.mcts' },
  { value: 'strong', label: 'pg.agent.strong' },
] as const;

export const DEFAULT_GAMES = 200;
/** MCTS iterations per decision offered for a simulation: smaller than a match's (many games). */
const DEFAULT_SIM_BUDGET = 100;

/** Which cards a simulation replaces to measure their worth (`grimoire balance --values`); '' is the CLI's default. */
const VALUES = [
  { value: '', label: 'pg.sim.values.default', title: 'pg.sim.values.default-title' },
  { value: 'all', label: 'pg.sim.values.all', title: 'pg.sim.values.all-title' },
  { value: 'suspects', label: 'pg.sim.values.suspects', title: 'pg.sim.values.suspects-title' },
  { value: 'none', label: 'pg.sim.values.none', title: 'pg.sim.values.none-title' },
] as const;

/** Each seat's agent: p1, p2, and the seats after them (`more`: p3, p4 … in a game of more players). */
export interface SimulateAgents {
  p1: string;
  p2: string;
  more?: string[];
}

export interface SimulateChoice {
  games: number;
  agents: SimulateAgents;
  compare: boolean;
  /** Undefined: the CLI's default. */
  values: ValuesMode | undefined;
  /** Add the game-quality metrics (grimoire balance --quality). */
  quality: boolean;
}

/** What the results area shows: a balance report, a comparison, or a tune's curve. */
export type Shown = BalanceReport | BalanceComparison | TuneResult;

/** The report's styles (balance/report-css.ts) added to the page once, when a report is first shown. */
let stylesAdded = false;

export class SimulateView {
  /** The controls (a row of the run panel). */
  readonly controls = el('div', { class: 'run-controls', id: 'simulate-controls' });
  /** The progress and the report. */
  readonly host = el('section', { id: 'simulate', 'aria-label': t('pg.sim.aria'), hidden: '' });
  private readonly games = el('input', { id: 'sim-games', type: 'number', value: String(DEFAULT_GAMES), min: '1', step: '100', 'aria-label': t('pg.sim.games-aria') });
  private readonly compare = el('input', { id: 'sim-compare', type: 'checkbox' });
  private readonly quality = el('input', { id: 'sim-quality', type: 'checkbox' });
  private readonly values = el('select', { id: 'sim-values', 'aria-label': t('pg.sim.values-aria'), title: t('pg.sim.values-select-title') });
  private readonly start = el('button', { id: 'simulate', type: 'button', title: t('pg.sim.start-title') }, t('pg.sim.start'));
  private readonly status = el('div', { id: 'simulate-status', 'aria-live': 'polite' });
  private readonly statusText = el('span', { id: 'simulate-text' });
  private readonly progress = el('progress', { id: 'simulate-progress' });
  private readonly cancel = el('button', { id: 'cancel-simulate', type: 'button' }, t('pg.cancel'));
  private readonly download = el('button', { id: 'download-report', type: 'button', hidden: '', title: t('pg.sim.download-title') }, t('pg.sim.download'));
  private readonly report = el('div', { id: 'simulate-report' });
  private seats: { name: string; kind: HTMLSelectElement; budget: HTMLInputElement }[] = [];
  /** Where the seats' controls stand in the row (they follow the game's number of players: setPlayers). */
  private readonly seatsHost = el('span', { id: 'sim-seats' });
  private shown: Shown | null = null;

  constructor(handlers: SimulateHandlers) {
    const gamesLabel = el('label', {}, t('pg.sim.games') + ' ');
    gamesLabel.append(this.games);
    this.setPlayers(2);
    const compareLabel = el('label', { title: t('pg.sim.compare-title') });
    compareLabel.append(this.compare, ' ' + t('pg.sim.compare'));
    this.values.append(...VALUES.map((v) => el('option', { value: v.value, title: t(v.title) }, t(v.label))));
    const valuesLabel = el('label', { title: t('pg.sim.values-title') }, t('pg.sim.values') + ' ');
    valuesLabel.append(this.values);
    this.compare.onchange = () => (this.values.disabled = this.compare.checked);
    const qualityLabel = el('label', { title: t('pg.sim.quality-title') });
    qualityLabel.append(this.quality, ' ' + t('pg.sim.quality'));
    this.controls.append(el('strong', {}, t('pg.sim.start')), gamesLabel, this.seatsHost, valuesLabel, compareLabel, qualityLabel, this.start);
    this.status.append(this.statusText, ' ', this.progress, ' ', this.cancel, ' ', this.download);
    this.host.append(this.status, this.report);
    this.start.onclick = () => handlers.simulate();
    this.cancel.onclick = () => handlers.cancel();
    this.download.onclick = () => void this.save();
  }

  /**
   * One agent control per seat of the game — p1 … pN under the chosen parameters (a Spimate of
   * three players shows p3). The seats kept keep their agents; new seats start random.
   */
  setPlayers(players: number): void {
    const n = Math.max(2, players);
    if (n === this.seats.length) return;
    const seats = Array.from({ length: n }, (_, i) => {
      const name = `p${i + 1}`;
      const old = this.seats[i];
      if (old) return old;
      const kind = el('select', { id: `sim-${name}`, 'aria-label': t('pg.sim.agent-aria', { name }) });
      kind.append(...AGENTS.map((a) => el('option', { value: a.value }, t(a.label))));
      const budget = el('input', { id: `sim-budget-${name}`, type: 'number', value: String(DEFAULT_SIM_BUDGET), min: '1', max: String(MAX_BUDGET), step: '50', 'aria-label': t('pg.seat.budget-aria', { name }), title: t('pg.seat.budget-title'), hidden: '' });
      kind.onchange = () => (budget.hidden = kind.value !== 'mcts');
      return { name, kind, budget };
    });
    this.seats = seats;
    this.seatsHost.replaceChildren(
      ...seats.map((s) => {
        const l = el('label', { class: 'seat' }, `${s.name} `);
        l.append(s.kind, s.budget);
        return l;
      }),
    );
  }

  /** The games, agents, card values and comparison chosen, or what is wrong with them. */
  choice(maxGames: number): SimulateChoice | { problem: string } {
    const games = Number(this.games.value);
    if (!Number.isInteger(games) || games < 1 || games > maxGames) return { problem: t('pg.sim.bad-games', { max: maxGames, example: DEFAULT_GAMES }) };
    const agents = this.agents();
    if ('problem' in agents) return agents;
    return { games, agents, compare: this.compare.checked, values: (this.values.value || undefined) as ValuesMode | undefined, quality: this.quality.checked };
  }

  /** Each seat's agent as the runtime names it (random, greedy, mcts:N), or what is wrong with a budget. Tune plays with them too. */
  agents(): SimulateAgents | { problem: string } {
    const agents: Record<string, string> = {};
    for (const s of this.seats) {
      if (s.kind.value !== 'mcts') {
        agents[s.name] = s.kind.value;
        continue;
      }
      const n = Number(s.budget.value);
      if (!(Number.isInteger(n) && n >= 1 && n <= MAX_BUDGET)) return { problem: t('pg.seat.bad-budget', { name: s.name, max: MAX_BUDGET, example: DEFAULT_SIM_BUDGET }) };
      agents[s.name] = `mcts:${n}`;
    }
    const more = this.seats.slice(2).map((s) => agents[s.name]!);
    return more.length ? { p1: agents.p1!, p2: agents.p2!, more } : { p1: agents.p1!, p2: agents.p2! };
  }

  clear(): void {
    this.host.hidden = true;
    this.shown = null;
    this.report.replaceChildren();
    delete this.report.dataset.kind;
    delete this.status.dataset.state;
    this.statusText.textContent = '';
    this.download.hidden = true;
  }

  /** While it runs: "Playing under your edits… 120 / 200 games", with a progress bar and Cancel. */
  running(text: string, done: number, total: number): void {
    this.host.hidden = false;
    this.status.dataset.state = 'running';
    this.statusText.textContent = t('pg.sim.progress', { text, done, total });
    this.progress.hidden = false;
    this.progress.max = Math.max(1, total);
    this.progress.value = done;
    this.cancel.hidden = false;
    this.download.hidden = true;
  }

  /** Stopped before a report (cancelled, the rules do not compile, a crash): said in words. */
  stopped(text: string, state: 'stopped' | 'cancelled' = 'stopped'): void {
    this.host.hidden = false;
    this.status.dataset.state = state;
    this.statusText.textContent = text;
    this.progress.hidden = true;
    this.cancel.hidden = true;
    this.report.replaceChildren();
    delete this.report.dataset.kind;
  }

  /** The report (its verdicts, charts and tables) or a tune's curve, drawn by balance/report-view.ts at the panel's width. */
  async show(result: Shown, summary: string): Promise<void> {
    this.host.hidden = false;
    this.shown = result;
    this.progress.hidden = true;
    this.cancel.hidden = true;
    this.status.dataset.state = 'drawing';
    this.statusText.textContent = t('pg.sim.drawing', { summary });
    const [{ balanceView }, { reportCss }] = await Promise.all([import('../../../balance/report-view.ts'), import('../../../balance/report-css.ts')]);
    if (this.shown !== result) return;
    if (!stylesAdded) {
      stylesAdded = true;
      document.head.append(el('style', { id: 'balance-report-style' }, reportCss));
    }
    const width = Math.max(360, Math.min(880, this.host.clientWidth - 8));
    this.report.replaceChildren(balanceView(result, { document, width, collapseParams: true }));
    this.report.dataset.kind = result.kind;
    this.status.dataset.state = 'done';
    this.statusText.textContent = summary;
    this.download.hidden = false;
  }

  /** Saves the report shown as the same self-contained HTML file the CLI writes. */
  private async save(): Promise<void> {
    const result = this.shown;
    if (!result) return;
    this.download.disabled = true;
    try {
      const [{ reportHtml }, { default: script }] = await Promise.all([import('../../../balance/report-html.ts'), import('virtual:balance-report-page')]);
      const game = result.kind === 'comparison' ? result.base.settings.game : result.settings.game;
      const name = result.kind === 'tune' ? `tune-${game}-${result.card}-${result.attr}.html` : `balance-${game}${result.kind === 'comparison' ? '-compared' : ''}.html`;
      saveBytes(name, new TextEncoder().encode(reportHtml(result, script)), 'text/html');
    } finally {
      this.download.disabled = false;
    }
  }
}
