/**
 * The run panel (right-hand pane): run a scenario of the open game — with the designer's edits
 * to the rules and to the scenario — or a random game from a seed, in the run worker; then read
 * the verdict, the log (each step citing its rule; a click moves the editor there) and the
 * board after any step, as the judge or as one player sees it. "Run all" runs the whole casebook
 * (every ruling) and says which rulings changed outcome compared with the game's original files.
 * A game can also be played with seats (match-view.ts): each player a person, who answers by
 * clicking the options, or an agent thinking in the worker; a Hint runs MCTS for the person's
 * decision at hand. Simulate (simulate-view.ts) plays many games in the worker and shows the
 * balance report — verdicts first, then charts — with the original rules compared, if asked; Tune
 * (tune-view.ts) plays a card at each value of a number it prints and draws the curve in the same
 * place. "Play online" (online-play.ts) plays a match on a `grimoire serve` with people elsewhere:
 * the seat's board, log and decision come from the server, and a finished match replays here.
 * Every failure is said in words in #run-message. This module wires the parts; each part is its own file.
 */
import './run.css';
import type { EditorSession } from '../editor/session.ts';
import type { Checker } from '../editor/diagnostics.ts';
import type { ExecutedGutter } from '../editor/executed-lines.ts';
import type { Workspace } from '../workspace/workspace.ts';
import type { PlayerView } from '../../../runtime/view.ts';
import { MAX_BALANCE_GAMES, type BalanceProgress, type LogStep, type MatchReport, type RunProblem, type RunReport } from '../worker/run-protocol.ts';
import { compareCasebooks, type CasebookRow } from '../worker/casebook.ts';
import { CasebookView } from './casebook-view.ts';
import { readingsTable } from '../worker/readings-table.ts';
import { choiceLabel } from '../worker/variants.ts';
import { RunClient, SLOW_RUN_MS } from './client.ts';
import { LogView } from './log.ts';
import { boardNote, renderBoard } from './board.ts';
import { previewFacesIn } from '../cards/face-preview.ts';
import { CardFaces } from '../cards/faces.ts';
import { clearVerdict, renderVerdict } from './result.ts';
import { el } from './dom.ts';
import { t } from '../../../i18n/format.ts';
import { VariantControls } from './variant-controls.ts';
import { MatchView } from './match-view.ts';
import { SimulateView } from './simulate-view.ts';
import { TuneView } from './tune-view.ts';
import { seatLabel, type Seat } from '../worker/seats.ts';
import type { ParamValue } from '../worker/variants.ts';
import type { WorkspaceFile } from '../worker/protocol.ts';
import type { MatchRecordResponse } from '../../../server/protocol.ts';
import { OnlinePlay } from './online-play.ts';
import type { OnlineLink } from './online-client.ts';

export interface RunPanelDeps {
  getWorkspace(): Workspace;
  session: Pick<EditorSession, 'reveal' | 'onOpen'>;
  /** The compile worker's results: the open game's formats and parameters come from them, the board's card faces too. */
  checker: Pick<Checker, 'onResult' | 'last' | 'faces'>;
  /** The editor's gutter: Run all marks the lines the passing rulings ran (editor/executed-lines.ts). */
  gutter?: Pick<ExecutedGutter, 'show' | 'clear'>;
}

/** The engine's step limit for a run unless the designer sets another. */
const DEFAULT_MAX_STEPS = 100_000;
/** The step limit a served match was played with (server/match-host.ts MAX_STEPS): its replay here uses the same. */
const SERVED_MAX_STEPS = 200_000;
/** Boards kept in the page (each viewer × step), oldest dropped first. */
const BOARD_CACHE_SIZE = 400;

/** What the page asks of the run panel from outside: open a link of an online match. */
export interface RunPanel {
  openOnline(link: OnlineLink): void;
}

export function mountRunPanel(host: HTMLElement, deps: RunPanelDeps): RunPanel {
  // ---- the DOM (ids are the contract the e2e tests use)
  const scenarioSelect = el('select', { id: 'scenario-select', 'aria-label': t('pg.run.scenario-aria') });
  const runScenario = el('button', { id: 'run-scenario', type: 'button' }, t('pg.run.run-scenario'));
  const runAll = el('button', { id: 'run-all', type: 'button', title: t('pg.run.run-all-title') }, t('pg.run.run-all'));
  const runReadings = el('button', { id: 'run-readings', type: 'button', title: t('pg.run.readings-title') }, t('pg.run.readings'));
  const seed = el('input', { id: 'seed', type: 'number', value: '1', step: '1', 'aria-label': t('pg.run.seed-aria') });
  const playGame = el('button', { id: 'play-game', type: 'button' }, t('pg.run.play-game'));
  const maxSteps = el('input', { id: 'max-steps', type: 'number', value: String(DEFAULT_MAX_STEPS), min: '1', step: '1000', 'aria-label': t('pg.run.step-limit-aria') });
  const cancel = el('button', { id: 'cancel-run', type: 'button', disabled: '' }, t('pg.cancel'));
  const message = el('div', { id: 'run-message', role: 'alert', 'aria-live': 'polite' });
  const result = el('div', { id: 'run-result', 'aria-live': 'polite' });
  const expectations = el('ul', { id: 'expectations', 'aria-label': t('pg.run.expectations-aria') });
  const stepBack = el('button', { id: 'step-back', type: 'button', title: t('pg.run.step-back') }, '◀');
  const stepForward = el('button', { id: 'step-forward', type: 'button', title: t('pg.run.step-forward') }, '▶');
  const stepCounter = el('span', { id: 'step-counter' });
  const viewer = el('select', { id: 'viewer', 'aria-label': t('pg.run.viewer-aria') });
  const logHost = el('ol', { id: 'log' });
  const board = el('div', { id: 'board', 'aria-label': t('pg.run.board-aria') });
  const casebook = new CasebookView((path) => openRuling(path));
  const matchView = new MatchView({
    start: () => startMatch(),
    answer: (i) => (online.active ? online.answer(i) : answerMatch(i)),
    hint: () => (online.active ? online.hint() : void runHint()),
    cancel: () => cancelRun(),
    thinkAgain: () => void advance(true),
    seatsChanged: () => seatsChanged(),
    reveal: (file, line, col) => deps.session.reveal(file, line, col),
  });
  const simulation = new SimulateView({ simulate: () => void runSimulation(), cancel: () => cancelRun() });
  const tune = new TuneView(() => void runTune());
  const variants = new VariantControls((text) => {
    if (text) say(text, 'options');
    else if (message.dataset.kind === 'options') say('');
  });
  const online = new OnlinePlay({
    workspace: () => deps.getWorkspace(),
    variantChoice: () => variants.choice(),
    say: (text, kind, action) => say(text, kind, action),
    takeOver: () => {
      stopAndClear();
      say('');
    },
    matchView,
    showLive: (steps, view, who) => showLive(steps, view, who),
    showOutcome: (text, replay) => showOutcome(text, replay),
    replay: (record) => replayRecord(record),
    useMatchFaces: (files, game) => useMatchFaces(files, game),
    reveal: (file, line, col) => deps.session.reveal(file, line, col),
  });
  // The Simulate row has one agent per seat of the game as it will be played (players param included).
  variants.onPlayers = (players) => simulation.setPlayers(players);

  const row = (className: string, ...children: (Node | string)[]) => {
    const div = el('div', { class: className });
    div.append(...children);
    return div;
  };
  const label = (text: string, control: HTMLElement) => {
    const l = el('label', {}, text + ' ');
    l.append(control);
    return l;
  };
  host.replaceChildren(
    row('run-controls', label(t('pg.run.scenario'), scenarioSelect), runScenario, runAll, runReadings),
    row('run-controls', label(t('pg.run.seed'), seed), variants.formatLabel, playGame, label(t('pg.run.step-limit'), maxSteps), cancel),
    matchView.seatsRow,
    online.view.controls,
    simulation.controls,
    tune.controls,
    variants.details,
    message,
    online.view.links,
    online.view.presence,
    matchView.host,
    casebook.host,
    simulation.host,
    result,
    expectations,
    row('run-toolbar', el('strong', {}, t('pg.run.log')), stepBack, stepForward, stepCounter, label(t('pg.run.viewer'), viewer)),
    logHost,
    board,
  );

  // ---- state
  let report: RunReport | MatchReport | null = null;
  /** The game with seats being played: its recipe (the files as they were when it started) and its answers so far. */
  let match: {
    files: WorkspaceFile[];
    game: string;
    seed: number;
    maxSteps: number;
    format?: string;
    params?: Record<string, ParamValue>;
    answers: number[];
    /** The last report: where the game stands. */
    at: MatchReport | null;
  } | null = null;
  /** True while a request of the match (thinking, a replay, a Hint) is out. */
  let matchBusy = false;
  let runId = 0;
  let shownWs: Workspace | null = null;
  const boards = new Map<string, PlayerView>();
  let boardInFlight = false;
  /** The board of an online game: the seat's view now (the server sends no earlier boards while it is played). */
  let live: { view: PlayerView; viewer: string } | null = null;
  /** The card faces of the online match shown (its own rules, as the server compiled them); null: the open game's. */
  let matchFaces: CardFaces | null = null;
  let facesAsked = 0;
  const faces = (): CardFaces => matchFaces ?? deps.checker.faces;
  /**
   * How each ruling did with the game's original files (or why that is not known), by game and
   * step limit: run once, with the first "Run all", and kept until the page reloads.
   */
  const originals = new Map<string, CasebookRow[] | string>();
  /** Counts the open game's edits: a casebook run during an edit is out of date when it ends. */
  let changes = 0;

  const say = (text: string, kind: string = 'info', action?: { label: string; run: () => void }) => {
    message.replaceChildren();
    if (!text) {
      delete message.dataset.kind;
      return;
    }
    message.dataset.kind = kind;
    message.append(el('span', {}, text));
    if (action) {
      const b = el('button', { type: 'button', class: 'link' }, action.label);
      b.onclick = action.run;
      message.append(' ', b);
    }
  };

  const client = new RunClient(() => say(t('pg.run.slow', { s: SLOW_RUN_MS / 1000 }), 'slow', { label: t('pg.cancel'), run: () => cancelRun() }));

  const setBusy = (busy: boolean) => {
    cancel.disabled = !busy;
    host.dataset.busy = String(busy);
  };

  const log = new LogView(logHost, { select: (i, how) => selectStep(i, how) });

  // ---- scenarios of the open game
  const refreshScenarios = () => {
    const ws = deps.getWorkspace();
    if (ws !== shownWs) {
      if (shownWs) {
        if (client.running) client.cancel();
        endMatch();
        clearRun('');
      }
      casebook.clear();
      simulation.clear();
      tune.reset();
      shownWs = ws;
      ws.onChange(() => {
        refreshScenarios();
        if (ws !== shownWs) return;
        changes++;
        casebook.markStale();
      });
      variants.show(ws.game);
    }
    const paths = ws.scenarios();
    const keep = scenarioSelect.value;
    const current = [...scenarioSelect.options].map((o) => o.value).join('\n');
    if (current !== paths.join('\n')) {
      scenarioSelect.replaceChildren();
      for (const p of paths) scenarioSelect.append(el('option', { value: p }, p.replace(/^rules\/[^/]+\/rulings\//, '')));
      if (paths.length === 0) scenarioSelect.append(el('option', { value: '' }, t('pg.run.no-scenarios')));
      if (paths.includes(keep)) scenarioSelect.value = keep;
    }
    runScenario.disabled = paths.length === 0;
    runAll.disabled = paths.length === 0;
    runReadings.disabled = paths.length === 0;
  };
  deps.session.onOpen((path) => {
    refreshScenarios();
    // The scenario open in the editor is the one to run.
    if (deps.getWorkspace().scenarios().includes(path)) scenarioSelect.value = path;
  });
  scenarioSelect.addEventListener('focus', refreshScenarios);
  scenarioSelect.addEventListener('pointerdown', refreshScenarios);

  // ---- viewers
  /** The viewers offered: the judge and every player, or (a person playing) only the players they may be. */
  const setViewers = (players: string[], only?: string[], prefer?: string) => {
    const keep = prefer ?? (viewer.value || 'judge');
    const names = only ?? ['judge', ...players];
    viewer.replaceChildren(...names.map((n) => el('option', { value: n }, n === 'judge' ? t('pg.run.judge') : n)));
    viewer.value = names.includes(keep) ? keep : names[0]!;
  };
  setViewers(['p1', 'p2']);
  viewer.onchange = () => showBoard();

  // ---- running
  const limit = (): number | null => {
    const n = Number(maxSteps.value);
    return Number.isInteger(n) && n >= 1 ? n : null;
  };

  /** Before a new run of any kind: the worker's run stopped, a game with seats ended, every result panel emptied. */
  function stopAndClear(): void {
    if (client.running) client.cancel();
    endMatch();
    clearRun('');
    casebook.clear();
    simulation.clear();
  }

  function clearRun(note: string): void {
    report = null;
    live = null;
    matchFaces = null;
    facesAsked++;
    boards.clear();
    clearVerdict(result, expectations);
    log.clear(note);
    stepCounter.textContent = '';
    boardNote(board, t('pg.board.empty'));
  }

  async function start(body: Parameters<RunClient['run']>[0], what: string): Promise<void> {
    if (client.running) client.cancel();
    endMatch();
    clearRun('');
    simulation.clear();
    say(`${what}…`, 'busy');
    setBusy(true);
    const { id, reply } = client.run(body);
    runId = id;
    const r = await reply;
    if (id !== runId) return;
    setBusy(false);
    if (r.type === 'cancelled') {
      say(t('pg.run.cancelled'), 'cancelled');
      return;
    }
    if (r.type === 'crashed') {
      say(t('pg.run.crashed', { what: t('pg.what.run'), message: r.message }), 'runtime');
      return;
    }
    show(r);
  }

  /** Why a run could not run, in #run-message (a compile error with a link to the first one). */
  function sayProblem(p: RunProblem | null): void {
    if (!p) say('');
    else if (p.kind === 'compile' && p.first) {
      const first = p.first;
      say(t('pg.run.problem-first', { message: p.message, file: first.file, line: first.line, first: first.message }), p.kind, { label: t('pg.run.show-it'), run: () => deps.session.reveal(first.file, first.line, first.col) });
    } else say(p.message, p.kind);
  }

  function show(r: RunReport): void {
    report = r;
    const p = r.problem;
    sayProblem(p);
    renderVerdict(result, expectations, r);
    result.dataset.ms = String(Math.round(r.ms));
    result.title = t('pg.run.ran-in', { ms: Math.round(r.ms) });
    setViewers(r.players);
    log.show(r.log, r.omitted);
    if (r.log.length === 0) {
      log.clear(p ? t('pg.log.nothing-ran') : t('pg.log.empty'));
      boardNote(board, p ? t('pg.board.nothing-ran') : t('pg.board.log-empty'));
      return;
    }
    // The board after the last step: the end of the scenario or the game.
    selectStep(r.log.length - 1, 'auto');
  }

  runScenario.onclick = () => {
    const ws = deps.getWorkspace();
    const path = scenarioSelect.value;
    const text = path ? ws.text(path) : undefined;
    if (text === undefined) {
      say(t('pg.run.choose-scenario'), 'scenario');
      return;
    }
    const max = limit();
    if (max === null) return say(t('pg.run.bad-limit'), 'scenario');
    void start({ type: 'scenario', files: ws.sources(), game: ws.game, path, text, maxSteps: max }, t('pg.run.running', { path }));
  };

  /** The seed, step limit, format and parameters a game is played with, or null (the problem said). */
  function gameSettings() {
    const s = Number(seed.value);
    if (!Number.isInteger(s)) return say(t('pg.run.bad-seed'), 'scenario'), null;
    const max = limit();
    if (max === null) return say(t('pg.run.bad-limit'), 'scenario'), null;
    const chosen = variants.choice();
    if ('problem' in chosen) return say(chosen.problem, 'options'), null;
    return { s, max, chosen };
  }

  playGame.onclick = () => {
    const ws = deps.getWorkspace();
    const settings = gameSettings();
    if (!settings) return;
    const { s, max, chosen } = settings;
    const what = choiceLabel(chosen.format ?? null, chosen.params);
    void start({ type: 'game', files: ws.sources(), game: ws.game, seed: s, maxSteps: max, ...chosen }, t('pg.run.playing', { game: ws.game, seed: s, variant: what ? t('pg.variant.comma', { what }) : '' }));
  };

  /** Runs every ruling of the open game with the edits (and once with the original files). */
  async function runCasebook(): Promise<void> {
    const ws = deps.getWorkspace();
    const scenarios = ws.scenarioFiles();
    if (scenarios.length === 0) return say(t('pg.casebook.no-rulings'), 'scenario');
    const max = limit();
    if (max === null) return say(t('pg.run.bad-limit'), 'scenario');
    if (client.running) client.cancel();
    endMatch();
    clearRun('');
    casebook.clear();
    deps.gutter?.clear();
    simulation.clear();
    const key = `${ws.game}\u0000${max}`;
    const known = originals.get(key);
    say(t('pg.casebook.running-all', { game: ws.game }), 'busy');
    setBusy(true);
    let done = 0;
    let total = scenarios.length;
    const changesAtStart = changes;
    const { id, reply } = client.casebook({ type: 'casebook', files: ws.sources(), game: ws.game, scenarios, maxSteps: max, original: known === undefined ? ws.originals() : null }, (p) => {
      if (p.id !== runId) return;
      done = p.done;
      total = p.total;
      casebook.progress(p.phase === 'original' ? t('pg.casebook.phase-original') : t('pg.casebook.phase-edited'), p.done, p.total);
    });
    runId = id;
    casebook.progress(t('pg.casebook.phase'), 0, total);
    const r = await reply;
    if (id !== runId) return;
    setBusy(false);
    if (r.type === 'cancelled') {
      say(t('pg.casebook.cancelled'), 'cancelled');
      casebook.stopped(t('pg.casebook.cancelled-after', { done, total }));
      return;
    }
    if (r.type === 'crashed') {
      say(t('pg.run.crashed', { what: t('pg.what.run'), message: r.message }), 'runtime');
      casebook.stopped(t('pg.casebook.crashed'));
      return;
    }
    if (r.original) originals.set(key, 'rows' in r.original ? r.original.rows : r.original.problem);
    if (r.problem) {
      sayProblem(r.problem);
      const first = r.problem.kind === 'compile' && r.problem.first ? t('pg.casebook.first-error', { file: r.problem.first.file, line: r.problem.first.line, message: r.problem.first.message }) : '';
      casebook.stopped(t('pg.casebook.not-run', { why: r.problem.kind === 'compile' ? t('pg.run.no-compile') : r.problem.message, first }));
      return;
    }
    say('');
    const base = originals.get(key);
    casebook.show(compareCasebooks(r.rows, Array.isArray(base) ? base : null), typeof base === 'string' ? base : null);
    deps.gutter?.show(r.executed);
    casebook.host.dataset.ms = String(Math.round(r.ms));
    if (changes !== changesAtStart) casebook.markStale();
  }
  runAll.onclick = () => void runCasebook();

  /**
   * Every ruling of the open game under every reading of every rule parameter of the edited rules
   * (scenario/readings.ts in the worker): which rulings turn on which parameter.
   */
  async function runAllReadings(): Promise<void> {
    const ws = deps.getWorkspace();
    const scenarios = ws.scenarioFiles();
    if (scenarios.length === 0) return say(t('pg.casebook.no-rulings'), 'scenario');
    const max = limit();
    if (max === null) return say(t('pg.run.bad-limit'), 'scenario');
    stopAndClear();
    say(t('pg.readings.running-all', { game: ws.game }), 'busy');
    setBusy(true);
    let done = 0;
    const total = scenarios.length;
    const changesAtStart = changes;
    const what = t('pg.readings.phase');
    const { id, reply } = client.readings({ type: 'readings', files: ws.sources(), game: ws.game, scenarios, maxSteps: max }, (p) => {
      if (p.id !== runId) return;
      done = p.done;
      casebook.progress(what, p.done, p.total);
    });
    runId = id;
    casebook.progress(what, 0, total);
    const r = await reply;
    if (id !== runId) return;
    setBusy(false);
    if (r.type === 'cancelled') {
      say(t('pg.readings.cancelled'), 'cancelled');
      casebook.stopped(t('pg.casebook.cancelled-after', { done, total }));
      return;
    }
    if (r.type === 'crashed') {
      say(t('pg.run.crashed', { what: t('pg.what.run'), message: r.message }), 'runtime');
      casebook.stopped(t('pg.readings.crashed'));
      return;
    }
    if (r.problem || !r.report) {
      sayProblem(r.problem);
      const first = r.problem?.kind === 'compile' && r.problem.first ? t('pg.casebook.first-error', { file: r.problem.first.file, line: r.problem.first.line, message: r.problem.first.message }) : '';
      casebook.stopped(t('pg.readings.not-run', { why: r.problem?.kind === 'compile' ? t('pg.run.no-compile') : (r.problem?.message ?? t('pg.run.nothing-ran')), first }));
      return;
    }
    say('');
    casebook.showReadings(readingsTable(r.report), r.report.rulings.length);
    casebook.host.dataset.ms = String(Math.round(r.ms));
    if (changes !== changesAtStart) casebook.markStale();
  }
  runReadings.onclick = () => void runAllReadings();

  /** A click on a ruling of the casebook: run it in the single-scenario view. */
  function openRuling(path: string): void {
    if (deps.getWorkspace().text(path) === undefined) return say(t('pg.run.gone', { path }), 'scenario');
    scenarioSelect.value = path;
    casebook.select(path);
    runScenario.click();
  }

  /**
   * A balance simulation (simulate-view.ts; the worker's side is worker/balance-run.ts): the
   * games, agents and comparison of the Simulate row, with the seed, step limit, format and
   * parameters of the panel.
   */
  async function runSimulation(): Promise<void> {
    const ws = deps.getWorkspace();
    const settings = gameSettings();
    if (!settings) return;
    const { s, max, chosen } = settings;
    const c = simulation.choice(MAX_BALANCE_GAMES);
    if ('problem' in c) return say(c.problem, 'options');
    if (s < 0 || s + c.games - 1 > 0xffffffff) return say(t('pg.run.seed-range', { max: 0xffffffff - c.games + 1, games: c.games }), 'options');
    stopAndClear();
    say('');
    setBusy(true);
    const phaseText = (p: Pick<BalanceProgress, 'phase' | 'label'>) =>
      p.phase === 'values' ? t('pg.sim.phase-values', { label: p.label ?? t('pg.sim.cards-replaced') }) : p.phase === 'original' ? t('pg.sim.phase-original') : c.compare ? t('pg.sim.phase-edited') : t('pg.sim.phase-game', { game: ws.game });
    simulation.running(phaseText({ phase: c.compare ? 'original' : 'edited' }), 0, c.games);
    let replaced = 0;
    const { id, reply } = client.balance(
      { type: 'balance', files: ws.sources(), game: ws.game, seed: s, games: c.games, maxSteps: max, ...chosen, agents: c.agents, original: c.compare ? ws.originals().files : null, ...(c.values ? { values: c.values } : {}), ...(c.quality ? { quality: true } : {}) },
      (p) => {
        if (p.id !== runId) return;
        if (p.phase === 'values' && p.done === p.total) replaced += p.total;
        simulation.running(phaseText(p), p.done, p.total);
      },
    );
    runId = id;
    const r = await reply;
    if (id !== runId) return;
    setBusy(false);
    if (r.type === 'cancelled' || r.type === 'crashed') return unsettled(r, 'simulation');
    if (r.type !== 'balance' || !settled(r, 'simulation')) return;
    if (!r.result) return;
    const what = choiceLabel(chosen.format ?? null, chosen.params);
    const played = r.result.kind === 'comparison' ? t('pg.sim.played-compared', { games: c.games }) : t('pg.sim.played', { games: c.games, replaced });
    const summary = t('pg.sim.summary', { played, game: ws.game, variant: what ? t('pg.variant.paren', { what }) : '', from: s, to: s + c.games - 1, seats: seatsText(c.agents), s: (r.ms / 1000).toFixed(1) });
    await simulation.show(r.result, summary);
  }

  /**
   * A tune (tune-view.ts; the worker's side is worker/tune-run.ts): the card, number, values and
   * games per value of the Tune row, the agents of the Simulate row, and the seed, step limit,
   * format and parameters of the panel — as `grimoire tune` plays them. The curve is shown where
   * a simulation's report is.
   */
  async function runTune(): Promise<void> {
    const ws = deps.getWorkspace();
    const settings = gameSettings();
    if (!settings) return;
    const { s, max, chosen } = settings;
    const tc = tune.choice();
    if ('problem' in tc) return say(tc.problem, 'options');
    const agents = simulation.agents();
    if ('problem' in agents) return say(agents.problem, 'options');
    if (s < 0 || s + tc.games - 1 > 0xffffffff) return say(t('pg.run.seed-range', { max: 0xffffffff - tc.games + 1, games: tc.games }), 'options');
    stopAndClear();
    say('');
    setBusy(true);
    const what = t('pg.tune.tuning', { card: tc.card || t('pg.tune.a-card'), attr: tc.attr || t('pg.tune.number') });
    simulation.running(t('pg.tune.checking', { what }), 0, tc.games);
    const { id, reply } = client.tune({ type: 'tune', files: ws.sources(), game: ws.game, seed: s, games: tc.games, maxSteps: max, ...chosen, agents, card: tc.card, attr: tc.attr, values: tc.values }, (p) => {
      if (p.id === runId) simulation.running(`${what}: ${p.label}`, p.done, p.total);
    });
    runId = id;
    const r = await reply;
    if (id !== runId) return;
    setBusy(false);
    if (r.type === 'cancelled' || r.type === 'crashed') return unsettled(r, 'tune');
    if (r.type !== 'tune' || !settled(r, 'tune')) return;
    if (!r.result) return;
    const label = choiceLabel(chosen.format ?? null, chosen.params);
    const summary = t('pg.tune.summary', { card: r.result.card, attr: r.result.attr, values: r.result.curves[0]!.points.length, games: tc.games, game: ws.game, variant: label ? t('pg.variant.paren', { what: label }) : '', from: s, to: s + tc.games - 1, seats: seatsText(agents), played: r.played, s: (r.ms / 1000).toFixed(1) });
    await simulation.show(r.result, summary);
  }

  /**
   * A simulation's or a tune's reply, before its result is shown: cancelled, crashed or a problem
   * is said (and false); else its note is said (and true).
   */
  function settled(r: { problem: RunProblem | null; result: unknown; note: string | null }, what: 'simulation' | 'tune'): boolean {
    if (r.problem || !r.result) {
      sayProblem(r.problem);
      simulation.stopped(t('pg.sim.none', { what, why: r.problem?.kind === 'compile' ? t('pg.run.no-compile') : (r.problem?.message ?? t('pg.sim.nothing-played')) }));
      return false;
    }
    if (r.note) say(r.note, 'info');
    return true;
  }

  /** A simulation's or a tune's reply that never came: cancelled, or the worker crashed — said. */
  function unsettled(r: { type: 'cancelled' } | { type: 'crashed'; message: string }, what: 'simulation' | 'tune'): void {
    if (r.type === 'cancelled') return simulation.stopped(t('pg.sim.cancelled', { what }), 'cancelled');
    say(t('pg.run.crashed', { what: t(what === 'tune' ? 'pg.what.tune' : 'pg.what.simulation'), message: r.message }), 'runtime');
    simulation.stopped(t('pg.sim.none', { what, why: t('pg.sim.failed', { what }) }));
  }

  function cancelRun(): void {
    if (!client.running) return;
    client.cancel();
    setBusy(false);
  }

  // ---- a game with seats (match-view.ts; the worker's side is worker/match.ts)
  function endMatch(): void {
    online.leave();
    match = null;
    matchBusy = false;
    matchView.hide();
  }

  function startMatch(): void {
    const ws = deps.getWorkspace();
    const settings = gameSettings();
    if (!settings) return;
    const { s, max, chosen } = settings;
    const seats = matchView.chosenSeats();
    if ('problem' in seats) return say(seats.problem, 'options');
    if (client.running) client.cancel();
    // A game here leaves an online game being played in this page (its seat stays the link's).
    online.leave();
    clearRun('');
    casebook.clear();
    simulation.clear();
    match = { files: ws.sources(), game: ws.game, seed: s, maxSteps: max, ...chosen, answers: [], at: null };
    matchView.hide();
    matchView.show();
    const what = choiceLabel(chosen.format ?? null, chosen.params);
    matchView.setStatus(t('pg.match.started', { game: ws.game, seed: s, variant: what ? t('pg.variant.comma', { what }) : '', seats: matchView.seatsText(seats) }));
    void advance(true);
  }

  /** The seat of the player deciding in the match's last report, as chosen now. */
  const deciderSeat = (): Seat | null => (match?.at?.decision ? matchView.seatOf(match.at.decision.player) : null);

  /**
   * Plays the match on from its answers: with `think`, agents' seats answer until a person's
   * decision or the end; without, it stops at the next decision, whoever's (after a Cancel).
   */
  async function advance(think: boolean): Promise<void> {
    const m = match;
    if (!m) return;
    const seats = matchView.chosenSeats();
    if ('problem' in seats) return say(seats.problem, 'options');
    say('');
    if (client.running) client.cancel();
    matchBusy = true;
    matchView.host.dataset.state = think ? 'thinking' : 'replaying';
    matchView.setStatus(think ? t('pg.match.playing-on') : t('pg.match.replaying'));
    matchView.setEnabled(false);
    matchView.showResume(null);
    matchView.clearHint();
    setBusy(true);
    const { id, reply } = client.match({ type: 'match', files: m.files, game: m.game, seed: m.seed, maxSteps: m.maxSteps, format: m.format, params: m.params, seats, answers: m.answers, think }, (p) => {
      if (id !== runId || match !== m) return;
      if (p.type === 'answered') m.answers = p.answers;
      else {
        const seat = matchView.seatOf(p.player);
        matchView.showThinking(t('pg.match.thinking', { player: p.player, seat: seat ? seatLabel(seat) : t('pg.match.agent') }), p.done, p.total);
      }
    });
    runId = id;
    const r = await reply;
    if (id !== runId || match !== m) return;
    matchBusy = false;
    setBusy(false);
    matchView.hideThinking();
    if (r.type === 'cancelled') {
      // The game stays at the decision the agent was thinking about (the answers given so far are kept).
      void advance(false);
      return;
    }
    if (r.type === 'crashed') {
      say(t('pg.run.crashed', { what: t('pg.what.game'), message: r.message }), 'runtime');
      return;
    }
    m.answers = r.answers;
    m.at = r;
    showMatch(r);
  }

  /** Where the match stands: the log, the board and the result, and the decision at hand. */
  function showMatch(r: MatchReport): void {
    report = r;
    sayProblem(r.problem);
    clearVerdict(result, expectations);
    const over = !!r.result;
    if (r.result) {
      const played = [t('pg.result.seed', { seed: r.seed }), choiceLabel(r.format, r.params)].filter(Boolean).join(', ');
      result.dataset.kind = 'match';
      result.dataset.winner = r.result.winner ?? 'draw';
      result.textContent = t('pg.result.game', { outcome: r.result.winner ? t('pg.result.wins', { winner: r.result.winner }) : t('pg.result.draw'), reason: r.result.reason, turns: r.turns, decisions: r.decisions, played: ` (${played})` });
      matchView.setStatus(t('pg.match.over', { outcome: r.result.winner ? t('pg.result.wins', { winner: r.result.winner }) : t('pg.match.a-draw') }), 'over');
    }
    matchView.setPlayers(r.players);
    // While it goes on, a person sees only what their seat may see.
    setViewers(r.players, over || r.viewer === 'judge' ? undefined : [r.viewer], r.viewer);
    log.show(r.log, r.omitted);
    if (r.view && r.log.length) boards.set(key(r.viewer, r.log[r.log.length - 1]!.seq), r.view);
    if (r.log.length) selectStep(r.log.length - 1, 'auto');
    else boardNote(board, t('pg.board.nothing-ran'));
    renderDecision();
  }

  /** The decision at hand: buttons for a person's, "Think again" for an agent's that is not thinking. */
  function renderDecision(): void {
    const d = match?.at?.decision ?? null;
    const seat = deciderSeat();
    // For tests and styles: where the game stands, and how many answers it has had.
    matchView.host.dataset.state = match?.at?.result ? 'over' : !d ? 'stopped' : seat?.kind === 'person' ? 'person' : 'agent';
    matchView.host.dataset.answers = String(match?.at?.answers.length ?? 0);
    matchView.showDecision(d && seat?.kind === 'person' ? d : null, !matchBusy);
    matchView.showResume(d && seat && seat.kind !== 'person' && !matchBusy ? t('pg.match.resume', { player: d.player, seat: seatLabel(seat), prompt: d.prompt || t('pg.match.an-action') }) : null);
    if (d && seat?.kind === 'person') {
      matchView.setStatus(t('pg.match.person-turn', { turn: match!.at!.turns, player: d.player }), 'person');
      warmHint();
    }
    else if (d && seat) matchView.setStatus(t('pg.match.agent-turn', { turn: match!.at!.turns, player: d.player, seat: seatLabel(seat) }), 'agent');
    else if (!d && !match?.at?.result) matchView.setStatus(t('pg.match.stopped'), 'stopped');
  }

  function answerMatch(index: number): void {
    const m = match;
    if (!m || matchBusy || !m.at?.decision) return;
    m.answers = [...m.at.answers, index];
    void advance(true);
  }

  /** A seat changed while the game waits at a decision: a person now deciding gets the options; an agent waits for Think again. */
  function seatsChanged(): void {
    if (!match || matchBusy || !match.at?.decision) return;
    const seat = deciderSeat();
    if (seat?.kind === 'person') void advance(true);
    else renderDecision();
  }

  /** While a person thinks, the Hint's workers get ready (client.ts warmHint), so the Hint that follows need not wait for a cold one. */
  function warmHint(): void {
    const m = match;
    const budget = matchView.hintSimulations();
    if (!m?.at?.decision || matchBusy || budget === null) return;
    client.warmHint({ type: 'hint', files: m.files, game: m.game, seed: m.seed, maxSteps: m.maxSteps, format: m.format, params: m.params, answers: m.at.answers, budget });
  }

  /** MCTS for the person's decision at hand, in the worker: each option's win rate and visits. */
  async function runHint(): Promise<void> {
    const m = match;
    const d = m?.at?.decision;
    if (!m || !d || matchBusy) return;
    const budget = matchView.hintSimulations();
    if (budget === null) return say(t('pg.hint.bad-budget'), 'options');
    say('');
    matchBusy = true;
    matchView.host.dataset.state = 'hint';
    matchView.setEnabled(false);
    matchView.hintNote(t('pg.hint.thinking', { player: d.player }), 'running');
    setBusy(true);
    const { id, reply } = client.hint({ type: 'hint', files: m.files, game: m.game, seed: m.seed, maxSteps: m.maxSteps, format: m.format, params: m.params, answers: m.at!.answers, budget }, (p) => {
      if (match === m) matchView.showThinking(t('pg.hint.thinking-for', { player: d.player }), p.done, p.total);
    });
    const r = await reply;
    if (match !== m) return;
    matchBusy = false;
    setBusy(false);
    matchView.hideThinking();
    matchView.setEnabled(true);
    if (r.type === 'cancelled') {
      matchView.hintNote(t('pg.hint.cancelled'), 'stopped');
      // The worker was restarted: play the game to its decision again, so its boards can be shown.
      void advance(false).then(() => matchView.hintNote(t('pg.hint.cancelled'), 'stopped'));
      return;
    }
    matchView.host.dataset.state = 'person';
    if (r.type === 'crashed' || r.problem) {
      matchView.hintNote(t('pg.hint.none', { why: r.type === 'crashed' ? r.message : r.problem ?? '' }), 'stopped');
      return;
    }
    matchView.showHint(r.player, r.iterations, r.estimates);
  }
  cancel.onclick = cancelRun;

  // ---- an online game (online-play.ts): the server's frames shown with the same log, board and match view

  /** Every log line of the online game so far and the seat's view now; the newest line selected. */
  function showLive(steps: LogStep[], view: PlayerView, who: string): void {
    live = { view, viewer: who };
    setViewers([], [who], who);
    log.show(steps, null);
    if (steps.length) selectStep(steps.length - 1, 'auto');
    else showBoard();
  }

  /**
   * An online match's cards drawn from its own rules (the run worker compiles the files the server
   * kept and draws them as the Cards tab does). The same files as the open game's: its faces are
   * those already. Forgotten when the panel shows anything else (clearRun).
   */
  async function useMatchFaces(files: { path: string; text: string }[], game: string): Promise<void> {
    const ws = deps.getWorkspace();
    const own = ws.game === game ? ws.sources() : [];
    const same = own.length === files.length && files.every((f) => own.some((o) => o.path === f.path && o.text === f.text));
    if (same) return;
    const asked = ++facesAsked;
    const r = await client.faces({ type: 'faces', files, game });
    if (asked !== facesAsked || r.type !== 'faces' || !r.faces) return;
    const set = new CardFaces();
    set.take({ ...r.faces, version: 1 });
    matchFaces = set;
    showBoard();
  }

  /** The outcome of an online game under the match, with the button that opens its replay. */
  function showOutcome(text: string | null, replay: (() => void) | null): void {
    clearVerdict(result, expectations);
    if (text === null) return;
    result.dataset.kind = 'match';
    result.append(el('span', {}, text));
    if (replay) {
      const b = el('button', { type: 'button', id: 'online-replay' }, t('pg.online.open-replay'));
      b.onclick = replay;
      result.append(' ', b);
    }
  }

  /**
   * A finished served match replayed here from its record (seed, format, parameters, decks and
   * every answer, with the rules' sources as the server compiled them), to step through as any
   * game with seats: the log and the board after any step, as the judge or any player.
   */
  async function replayRecord(rec: MatchRecordResponse): Promise<void> {
    const ws = deps.getWorkspace();
    const files = rec.files.length ? rec.files : rec.game === ws.game ? ws.sources() : null;
    if (!files) return say(t('pg.online.replay-no-rules', { game: rec.game }), 'online');
    const answers = rec.answers.map((a) => a.option);
    const seats: Seat[] = rec.players.map(() => ({ kind: 'person', budget: 0 }));
    match = { files, game: rec.game, seed: rec.seed, maxSteps: SERVED_MAX_STEPS, ...(rec.format ? { format: rec.format } : {}), params: rec.params, answers, at: null };
    const m = match;
    // Its cards as the match's own rules draw them (the page's game may be another version).
    if (rec.files.length) void useMatchFaces(rec.files, rec.game);
    matchView.show();
    matchView.host.dataset.state = 'replaying';
    matchView.setStatus(t('pg.online.replaying', { match: rec.match, game: rec.game, n: answers.length }));
    say(t('pg.online.replaying', { match: rec.match, game: rec.game, n: answers.length }), 'busy');
    setBusy(true);
    const decks = Object.keys(rec.decks).length ? (rec.decks as NonNullable<Parameters<RunClient['match']>[0]['decks']>) : undefined;
    const { id, reply } = client.match({ type: 'match', files, game: rec.game, seed: rec.seed, maxSteps: SERVED_MAX_STEPS, format: m.format, params: m.params, seats, answers, think: false, ...(decks ? { decks } : {}) }, () => undefined);
    runId = id;
    const r = await reply;
    if (id !== runId || match !== m) return;
    setBusy(false);
    if (r.type === 'cancelled') return say(t('pg.run.cancelled'), 'cancelled');
    if (r.type === 'crashed') return say(t('pg.run.crashed', { what: t('pg.what.game'), message: r.message }), 'runtime');
    m.answers = r.answers;
    m.at = r;
    showMatch(r);
    const same = !!r.result && !!rec.result && r.result.winner === rec.result.winner && r.result.reason === rec.result.reason && r.answers.length === rec.answers.length;
    matchView.host.dataset.replay = same ? 'same' : 'differs';
    if (!r.problem) say(same ? t('pg.online.replayed', { match: rec.match, n: answers.length }) : t('pg.online.replay-differs', { match: rec.match }), same ? 'info' : 'runtime');
  }

  // ---- stepping and the board
  /**
   * Selects a log step: the board after it, and the editor on the rule it cites — except for the
   * automatic selection after a run ('auto'), which must not pull the editor away from the file
   * being edited. The focus stays where the designer had it (a click leaves it in the log, so
   * ←/→ go on stepping).
   */
  function selectStep(index: number, how: 'click' | 'step' | 'auto'): void {
    const s = log.stepAt(index);
    if (!s) return;
    log.mark(index);
    const total = report ? report.log.length + (report.omitted?.count ?? 0) : log.length;
    stepCounter.textContent = t('pg.log.step', { step: s.seq + 1, total, shown: total > log.length ? t('pg.log.shown', { n: log.length }) : '' });
    stepBack.disabled = index === 0;
    stepForward.disabled = index === log.length - 1;
    if (how !== 'auto' && s.file && deps.getWorkspace().text(s.file) !== undefined) {
      const focused = document.activeElement as HTMLElement | null;
      deps.session.reveal(s.file, s.line, s.col);
      if (how === 'click') logHost.focus({ preventScroll: true });
      else focused?.focus({ preventScroll: true });
    }
    showBoard();
  }
  stepBack.onclick = () => log.step(-1);
  stepForward.onclick = () => log.step(1);

  const key = (v: string, seq: number) => `${v}\u0000${seq}`;

  function showBoard(): void {
    const s = log.stepAt(log.selected);
    // Whose faces the board draws: an online match's own rules ('match') or the open game's ('page').
    board.dataset.faces = matchFaces ? 'match' : 'page';
    if (live) {
      delete board.dataset.loading;
      renderBoard(board, live.view, t('pg.online.board-caption', { viewer: live.viewer === 'judge' ? t('pg.run.judge') : live.viewer }), faces());
      return;
    }
    if (!report || !s) return;
    const v = viewer.value || 'judge';
    const view = boards.get(key(v, s.seq));
    const caption = t('pg.board.caption', { step: s.seq + 1, text: s.text.length > 60 ? s.text.slice(0, 57) + '…' : s.text, viewer: v === 'judge' ? t('pg.run.judge') : v });
    if (view) {
      delete board.dataset.loading;
      renderBoard(board, view, caption, faces());
      return;
    }
    board.dataset.loading = 'true';
    if (!board.querySelector('.board-caption')) boardNote(board, t('pg.board.loading'));
    void fetchBoards(v, s.seq);
  }

  /** One board request at a time: when it comes back, the selection may have moved on. */
  async function fetchBoards(v: string, seq: number): Promise<void> {
    if (boardInFlight || !report) return;
    boardInFlight = true;
    const forRun = runId;
    const r = await client.boards({ type: 'boards', runId: forRun, step: seq, viewer: v });
    boardInFlight = false;
    if (forRun !== runId) return;
    if (r.type === 'cancelled') return;
    if (r.type === 'crashed' || r.problem) {
      delete board.dataset.loading;
      boardNote(board, t('pg.board.none', { why: r.type === 'crashed' ? r.message : r.problem ?? '' }));
      return;
    }
    for (const b of r.boards) {
      boards.set(key(r.viewer, b.step), b.view);
      if (boards.size > BOARD_CACHE_SIZE) boards.delete(boards.keys().next().value!);
    }
    const now = log.stepAt(log.selected);
    if (now && now.seq === seq && (viewer.value || 'judge') === v && !r.boards.some((b) => b.step === seq)) {
      delete board.dataset.loading;
      boardNote(board, t('pg.board.not-reached'));
      return;
    }
    // The selection (or the viewer) may have moved on while the worker replayed.
    showBoard();
  }

  // The open game's formats and parameters, from each check of its rules. A result is the open
  // game's: switching games asks for a check at once, and the checker drops older answers.
  deps.checker.onResult((r) => variants.update(deps.getWorkspace().game, r.variants));
  // The board draws cards as the faces of the latest check: new faces, a board redrawn with them.
  deps.checker.faces.onChange(() => {
    if (board.querySelector('.board-caption')) showBoard();
    tune.setCards(deps.checker.faces.cards);
  });
  tune.setCards(deps.checker.faces.cards);
  previewFacesIn(board, (name) => faces().face(name));
  refreshScenarios();
  if (deps.checker.last) variants.update(deps.getWorkspace().game, deps.checker.last.variants);
  clearRun('');
  return { openOnline: (link) => void online.open(link) };
}

/** Each seat's agent in words: `p1 random, p2 mcts:200` (and `p3 …` in a game of more players). */
function seatsText(agents: { p1: string; p2: string; more?: string[] }): string {
  return [agents.p1, agents.p2, ...(agents.more ?? [])].map((a, i) => `p${i + 1} ${a}`).join(', ');
}
