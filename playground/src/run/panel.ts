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
 * place. Every failure is said in
 * words in #run-message. This module wires the parts; each part is its own file.
 */
import './run.css';
import type { EditorSession } from '../editor/session.ts';
import type { Checker } from '../editor/diagnostics.ts';
import type { ExecutedGutter } from '../editor/executed-lines.ts';
import type { Workspace } from '../workspace/workspace.ts';
import type { PlayerView } from '../../../runtime/view.ts';
import { MAX_BALANCE_GAMES, type BalanceProgress, type MatchReport, type RunProblem, type RunReport } from '../worker/run-protocol.ts';
import { compareCasebooks, type CasebookRow } from '../worker/casebook.ts';
import { CasebookView } from './casebook-view.ts';
import { readingsTable } from '../worker/readings-table.ts';
import { choiceLabel } from '../worker/variants.ts';
import { RunClient, SLOW_RUN_MS } from './client.ts';
import { LogView } from './log.ts';
import { boardNote, renderBoard } from './board.ts';
import { previewFacesIn } from '../cards/face-preview.ts';
import { clearVerdict, renderVerdict } from './result.ts';
import { el } from './dom.ts';
import { VariantControls } from './variant-controls.ts';
import { MatchView } from './match-view.ts';
import { SimulateView } from './simulate-view.ts';
import { TuneView } from './tune-view.ts';
import { seatLabel, type Seat } from '../worker/seats.ts';
import type { ParamValue } from '../worker/variants.ts';
import type { WorkspaceFile } from '../worker/protocol.ts';

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
/** Boards kept in the page (each viewer × step), oldest dropped first. */
const BOARD_CACHE_SIZE = 400;

export function mountRunPanel(host: HTMLElement, deps: RunPanelDeps): void {
  // ---- the DOM (ids are the contract the e2e tests use)
  const scenarioSelect = el('select', { id: 'scenario-select', 'aria-label': 'scenario' });
  const runScenario = el('button', { id: 'run-scenario', type: 'button' }, 'Run scenario');
  const runAll = el('button', { id: 'run-all', type: 'button', title: "Run every ruling of the game with your edits, and see which changed outcome" }, 'Run all');
  const runReadings = el('button', { id: 'run-readings', type: 'button', title: 'Run every ruling under every alternative of every rule parameter (one at a time), and see which rulings turn on which reading' }, 'Readings');
  const seed = el('input', { id: 'seed', type: 'number', value: '1', step: '1', 'aria-label': 'seed' });
  const playGame = el('button', { id: 'play-game', type: 'button' }, 'Play a random game');
  const maxSteps = el('input', { id: 'max-steps', type: 'number', value: String(DEFAULT_MAX_STEPS), min: '1', step: '1000', 'aria-label': 'step limit' });
  const cancel = el('button', { id: 'cancel-run', type: 'button', disabled: '' }, 'Cancel');
  const message = el('div', { id: 'run-message', role: 'alert', 'aria-live': 'polite' });
  const result = el('div', { id: 'run-result', 'aria-live': 'polite' });
  const expectations = el('ul', { id: 'expectations', 'aria-label': 'expectations' });
  const stepBack = el('button', { id: 'step-back', type: 'button', title: 'previous step (←)' }, '◀');
  const stepForward = el('button', { id: 'step-forward', type: 'button', title: 'next step (→)' }, '▶');
  const stepCounter = el('span', { id: 'step-counter' });
  const viewer = el('select', { id: 'viewer', 'aria-label': 'viewer' });
  const logHost = el('ol', { id: 'log' });
  const board = el('div', { id: 'board', 'aria-label': 'board' });
  const casebook = new CasebookView((path) => openRuling(path));
  const matchView = new MatchView({
    start: () => startMatch(),
    answer: (i) => answerMatch(i),
    hint: () => void runHint(),
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
    row('run-controls', label('Scenario', scenarioSelect), runScenario, runAll, runReadings),
    row('run-controls', label('Seed', seed), variants.formatLabel, playGame, label('Step limit', maxSteps), cancel),
    matchView.seatsRow,
    simulation.controls,
    tune.controls,
    variants.details,
    message,
    matchView.host,
    casebook.host,
    simulation.host,
    result,
    expectations,
    row('run-toolbar', el('strong', {}, 'Log'), stepBack, stepForward, stepCounter, label('Viewer', viewer)),
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

  const client = new RunClient(() => say(`Still running after ${SLOW_RUN_MS / 1000} s… Cancel stops it.`, 'slow', { label: 'Cancel', run: () => cancelRun() }));

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
      if (paths.length === 0) scenarioSelect.append(el('option', { value: '' }, '(no scenarios in this game)'));
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
    viewer.replaceChildren(...names.map((n) => el('option', { value: n }, n)));
    viewer.value = names.includes(keep) ? keep : names[0]!;
  };
  setViewers(['p1', 'p2']);
  viewer.onchange = () => showBoard();

  // ---- running
  const limit = (): number | null => {
    const n = Number(maxSteps.value);
    return Number.isInteger(n) && n >= 1 ? n : null;
  };

  function clearRun(note: string): void {
    report = null;
    boards.clear();
    clearVerdict(result, expectations);
    log.clear(note);
    stepCounter.textContent = '';
    boardNote(board, 'Run a scenario or play a game: the board after the selected step shows here.');
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
      say('Cancelled: the run was stopped before it finished.', 'cancelled');
      return;
    }
    if (r.type === 'crashed') {
      say(`The run failed inside the playground (a Grimoire bug — please report it with your files): ${r.message}`, 'runtime');
      return;
    }
    show(r);
  }

  /** Why a run could not run, in #run-message (a compile error with a link to the first one). */
  function sayProblem(p: RunProblem | null): void {
    if (!p) say('');
    else if (p.kind === 'compile' && p.first) {
      const first = p.first;
      say(`${p.message} First: ${first.file}:${first.line}: ${first.message}`, p.kind, { label: 'Show it', run: () => deps.session.reveal(first.file, first.line, first.col) });
    } else say(p.message, p.kind);
  }

  function show(r: RunReport): void {
    report = r;
    const p = r.problem;
    sayProblem(p);
    renderVerdict(result, expectations, r);
    result.dataset.ms = String(Math.round(r.ms));
    result.title = `ran in ${Math.round(r.ms)} ms in the worker`;
    setViewers(r.players);
    log.show(r.log, r.omitted);
    if (r.log.length === 0) {
      log.clear(p ? 'Nothing ran.' : 'The log is empty.');
      boardNote(board, p ? 'No board: nothing ran.' : 'No board: the log is empty.');
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
      say('Choose a scenario first (the game has no scenario file, or it was removed).', 'scenario');
      return;
    }
    const max = limit();
    if (max === null) return say('The step limit is a whole number of at least 1.', 'scenario');
    void start({ type: 'scenario', files: ws.sources(), game: ws.game, path, text, maxSteps: max }, `Running ${path}`);
  };

  /** The seed, step limit, format and parameters a game is played with, or null (the problem said). */
  function gameSettings() {
    const s = Number(seed.value);
    if (!Number.isInteger(s)) return say('The seed is a whole number, e.g. 7.', 'scenario'), null;
    const max = limit();
    if (max === null) return say('The step limit is a whole number of at least 1.', 'scenario'), null;
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
    void start({ type: 'game', files: ws.sources(), game: ws.game, seed: s, maxSteps: max, ...chosen }, `Playing a random game of ${ws.game}, seed ${s}${what ? `, ${what}` : ''}`);
  };

  /** Runs every ruling of the open game with the edits (and once with the original files). */
  async function runCasebook(): Promise<void> {
    const ws = deps.getWorkspace();
    const scenarios = ws.scenarioFiles();
    if (scenarios.length === 0) return say('This game has no rulings (rules/<game>/rulings/*.yaml) to run.', 'scenario');
    const max = limit();
    if (max === null) return say('The step limit is a whole number of at least 1.', 'scenario');
    if (client.running) client.cancel();
    endMatch();
    clearRun('');
    casebook.clear();
    deps.gutter?.clear();
    simulation.clear();
    const key = `${ws.game}\u0000${max}`;
    const known = originals.get(key);
    say(`Running every ruling of ${ws.game}…`, 'busy');
    setBusy(true);
    let done = 0;
    let total = scenarios.length;
    const changesAtStart = changes;
    const { id, reply } = client.casebook({ type: 'casebook', files: ws.sources(), game: ws.game, scenarios, maxSteps: max, original: known === undefined ? ws.originals() : null }, (p) => {
      if (p.id !== runId) return;
      done = p.done;
      total = p.total;
      casebook.progress(p.phase === 'original' ? 'Running the rulings with the original files (once per game)' : 'Running the rulings with your edits', p.done, p.total);
    });
    runId = id;
    casebook.progress('Running the rulings', 0, total);
    const r = await reply;
    if (id !== runId) return;
    setBusy(false);
    if (r.type === 'cancelled') {
      say('Cancelled: the rulings were stopped before they all ran.', 'cancelled');
      casebook.stopped(`Cancelled after ${done} / ${total} rulings.`);
      return;
    }
    if (r.type === 'crashed') {
      say(`The run failed inside the playground (a Grimoire bug — please report it with your files): ${r.message}`, 'runtime');
      casebook.stopped('The rulings could not be run (see the message above).');
      return;
    }
    if (r.original) originals.set(key, 'rows' in r.original ? r.original.rows : r.original.problem);
    if (r.problem) {
      sayProblem(r.problem);
      const first = r.problem.kind === 'compile' && r.problem.first ? ` First error: ${r.problem.first.file}:${r.problem.first.line}: ${r.problem.first.message}` : '';
      casebook.stopped(`The rulings were not run: ${r.problem.kind === 'compile' ? 'the rules do not compile.' : r.problem.message}${first}`);
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
    if (scenarios.length === 0) return say('This game has no rulings (rules/<game>/rulings/*.yaml) to run.', 'scenario');
    const max = limit();
    if (max === null) return say('The step limit is a whole number of at least 1.', 'scenario');
    if (client.running) client.cancel();
    endMatch();
    clearRun('');
    casebook.clear();
    simulation.clear();
    say(`Running every ruling of ${ws.game} under every reading of its parameters…`, 'busy');
    setBusy(true);
    let done = 0;
    const total = scenarios.length;
    const changesAtStart = changes;
    const what = 'Running the rulings under every reading (one parameter changed at a time)';
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
      say('Cancelled: the readings were stopped before every ruling ran.', 'cancelled');
      casebook.stopped(`Cancelled after ${done} / ${total} rulings.`);
      return;
    }
    if (r.type === 'crashed') {
      say(`The run failed inside the playground (a Grimoire bug — please report it with your files): ${r.message}`, 'runtime');
      casebook.stopped('The readings could not be run (see the message above).');
      return;
    }
    if (r.problem || !r.report) {
      sayProblem(r.problem);
      const first = r.problem?.kind === 'compile' && r.problem.first ? ` First error: ${r.problem.first.file}:${r.problem.first.line}: ${r.problem.first.message}` : '';
      casebook.stopped(`The readings were not run: ${r.problem?.kind === 'compile' ? 'the rules do not compile.' : (r.problem?.message ?? 'nothing ran.')}${first}`);
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
    if (deps.getWorkspace().text(path) === undefined) return say(`${path} is no longer in the game.`, 'scenario');
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
    if (s < 0 || s + c.games - 1 > 0xffffffff) return say(`Seeds are 32-bit: the first seed is from 0 to ${0xffffffff - c.games + 1} for ${c.games} games.`, 'options');
    if (client.running) client.cancel();
    endMatch();
    clearRun('');
    casebook.clear();
    simulation.clear();
    say('');
    setBusy(true);
    const phaseText = (p: Pick<BalanceProgress, 'phase' | 'label'>) =>
      p.phase === 'values' ? `Measuring what each card is worth: ${p.label ?? 'cards replaced'}` : p.phase === 'original' ? 'Playing under the original rules' : c.compare ? 'Playing under your edits' : `Playing ${ws.game}`;
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
    if (r.type === 'cancelled' || r.type === 'crashed') return unsettled(r, 'simulation', 'No report');
    if (r.type !== 'balance' || !settled(r, 'No report')) return;
    if (!r.result) return;
    const what = choiceLabel(chosen.format ?? null, chosen.params);
    const played = r.result.kind === 'comparison' ? `${c.games} games under the original rules and ${c.games} under your edits` : `${c.games} games${replaced ? ` (and ${replaced.toLocaleString('en')} with cards replaced)` : ''}`;
    const summary = `${played} of ${ws.game}${what ? ` (${what})` : ''}, seeds ${s}–${s + c.games - 1}, ${seatsText(c.agents)}, in ${(r.ms / 1000).toFixed(1)} s.`;
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
    const t = tune.choice();
    if ('problem' in t) return say(t.problem, 'options');
    const agents = simulation.agents();
    if ('problem' in agents) return say(agents.problem, 'options');
    if (s < 0 || s + t.games - 1 > 0xffffffff) return say(`Seeds are 32-bit: the first seed is from 0 to ${0xffffffff - t.games + 1} for ${t.games} games.`, 'options');
    if (client.running) client.cancel();
    endMatch();
    clearRun('');
    casebook.clear();
    simulation.clear();
    say('');
    setBusy(true);
    const what = `Tuning ${t.card || 'a card'}'s ${t.attr || 'number'}`;
    simulation.running(`${what}: checking`, 0, t.games);
    const { id, reply } = client.tune({ type: 'tune', files: ws.sources(), game: ws.game, seed: s, games: t.games, maxSteps: max, ...chosen, agents, card: t.card, attr: t.attr, values: t.values }, (p) => {
      if (p.id === runId) simulation.running(`${what}: ${p.label}`, p.done, p.total);
    });
    runId = id;
    const r = await reply;
    if (id !== runId) return;
    setBusy(false);
    if (r.type === 'cancelled' || r.type === 'crashed') return unsettled(r, 'tune', 'No curve');
    if (r.type !== 'tune' || !settled(r, 'No curve')) return;
    if (!r.result) return;
    const label = choiceLabel(chosen.format ?? null, chosen.params);
    const summary = `${r.result.card}'s ${r.result.attr} at ${r.result.curves[0]!.points.length} values, ${t.games} games each, of ${ws.game}${label ? ` (${label})` : ''}, seeds ${s}–${s + t.games - 1}, ${seatsText(agents)}: ${r.played.toLocaleString('en')} games in ${(r.ms / 1000).toFixed(1)} s.`;
    await simulation.show(r.result, summary);
  }

  /**
   * A simulation's or a tune's reply, before its result is shown: cancelled, crashed or a problem
   * is said (and false); else its note is said (and true).
   */
  function settled(r: { problem: RunProblem | null; result: unknown; note: string | null }, none: 'No report' | 'No curve'): boolean {
    if (r.problem || !r.result) {
      sayProblem(r.problem);
      simulation.stopped(`${none}: ${r.problem?.kind === 'compile' ? 'the rules do not compile.' : (r.problem?.message ?? 'nothing was played.')}`);
      return false;
    }
    if (r.note) say(r.note, 'info');
    return true;
  }

  /** A simulation's or a tune's reply that never came: cancelled, or the worker crashed — said. */
  function unsettled(r: { type: 'cancelled' } | { type: 'crashed'; message: string }, what: 'simulation' | 'tune', none: 'No report' | 'No curve'): void {
    if (r.type === 'cancelled') return simulation.stopped(`Cancelled: the ${what} was stopped before it finished; nothing is reported.`, 'cancelled');
    say(`The ${what} failed inside the playground (a Grimoire bug — please report it with your files): ${r.message}`, 'runtime');
    simulation.stopped(`${none}: the ${what} failed (see the message above).`);
  }

  function cancelRun(): void {
    if (!client.running) return;
    client.cancel();
    setBusy(false);
  }

  // ---- a game with seats (match-view.ts; the worker's side is worker/match.ts)
  function endMatch(): void {
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
    clearRun('');
    casebook.clear();
    simulation.clear();
    match = { files: ws.sources(), game: ws.game, seed: s, maxSteps: max, ...chosen, answers: [], at: null };
    matchView.hide();
    matchView.show();
    const what = choiceLabel(chosen.format ?? null, chosen.params);
    matchView.setStatus(`A game of ${ws.game}, seed ${s}${what ? `, ${what}` : ''}: ${matchView.seatsText(seats)}.`);
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
    matchView.setStatus(think ? 'Playing on: the agents answer their decisions…' : 'Replaying the game to the decision at hand…');
    matchView.setEnabled(false);
    matchView.showResume(null);
    matchView.clearHint();
    setBusy(true);
    const { id, reply } = client.match({ type: 'match', files: m.files, game: m.game, seed: m.seed, maxSteps: m.maxSteps, format: m.format, params: m.params, seats, answers: m.answers, think }, (p) => {
      if (id !== runId || match !== m) return;
      if (p.type === 'answered') m.answers = p.answers;
      else {
        const seat = matchView.seatOf(p.player);
        matchView.showThinking(`${p.player} (${seat ? seatLabel(seat) : 'agent'}) is thinking…`, p.done, p.total);
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
      say(`The game failed inside the playground (a Grimoire bug — please report it with your files): ${r.message}`, 'runtime');
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
      const played = [`seed ${r.seed}`, choiceLabel(r.format, r.params)].filter(Boolean).join(', ');
      result.dataset.kind = 'match';
      result.dataset.winner = r.result.winner ?? 'draw';
      result.textContent = `${r.result.winner ? `${r.result.winner} wins` : 'Draw'} — ${r.result.reason} · ${r.turns} turns, ${r.decisions} decisions (${played})`;
      matchView.setStatus(`Game over: ${r.result.winner ? `${r.result.winner} wins` : 'a draw'}. The log and the board are now the judge's: pick any viewer.`, 'over');
    }
    matchView.setPlayers(r.players);
    // While it goes on, a person sees only what their seat may see.
    setViewers(r.players, over || r.viewer === 'judge' ? undefined : [r.viewer], r.viewer);
    log.show(r.log, r.omitted);
    if (r.view && r.log.length) boards.set(key(r.viewer, r.log[r.log.length - 1]!.seq), r.view);
    if (r.log.length) selectStep(r.log.length - 1, 'auto');
    else boardNote(board, 'No board: nothing ran.');
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
    matchView.showResume(d && seat && seat.kind !== 'person' && !matchBusy ? `${d.player} (${seatLabel(seat)}) has to decide (${d.prompt || 'an action'}); its thinking was stopped.` : null);
    if (d && seat?.kind === 'person') matchView.setStatus(`Turn ${match!.at!.turns}: ${d.player} to decide.`, 'person');
    else if (d && seat) matchView.setStatus(`Turn ${match!.at!.turns}: ${d.player} (${seatLabel(seat)}) to decide.`, 'agent');
    else if (!d && !match?.at?.result) matchView.setStatus('The game stopped before its end: the message above says why.', 'stopped');
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

  /** MCTS for the person's decision at hand, in the worker: each option's win rate and visits. */
  async function runHint(): Promise<void> {
    const m = match;
    const d = m?.at?.decision;
    if (!m || !d || matchBusy) return;
    const budget = matchView.hintSimulations();
    if (budget === null) return say(`The hint's simulations are a whole number from 1 to 1,000,000, e.g. 500.`, 'options');
    say('');
    matchBusy = true;
    matchView.host.dataset.state = 'hint';
    matchView.setEnabled(false);
    matchView.hintNote(`Hint: MCTS is thinking for ${d.player}…`, 'running');
    setBusy(true);
    const { id, reply } = client.hint({ type: 'hint', files: m.files, game: m.game, seed: m.seed, maxSteps: m.maxSteps, format: m.format, params: m.params, answers: m.at!.answers, budget }, (p) => {
      if (match === m) matchView.showThinking(`Hint for ${d.player}: MCTS is thinking…`, p.done, p.total);
    });
    const r = await reply;
    if (match !== m) return;
    matchBusy = false;
    setBusy(false);
    matchView.hideThinking();
    matchView.setEnabled(true);
    if (r.type === 'cancelled') {
      matchView.hintNote('Hint cancelled: nothing was estimated. Your decision is still yours to make.', 'stopped');
      // The worker was restarted: play the game to its decision again, so its boards can be shown.
      void advance(false).then(() => matchView.hintNote('Hint cancelled: nothing was estimated. Your decision is still yours to make.', 'stopped'));
      return;
    }
    matchView.host.dataset.state = 'person';
    if (r.type === 'crashed' || r.problem) {
      matchView.hintNote(`No hint: ${r.type === 'crashed' ? r.message : r.problem}`, 'stopped');
      return;
    }
    matchView.showHint(r.player, r.iterations, r.estimates);
  }
  cancel.onclick = cancelRun;

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
    stepCounter.textContent = `step ${s.seq + 1} of ${total}${total > log.length ? ` (${log.length} shown)` : ''}`;
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
    if (!report || !s) return;
    const v = viewer.value || 'judge';
    const view = boards.get(key(v, s.seq));
    const caption = `After step ${s.seq + 1} (${s.text.length > 60 ? s.text.slice(0, 57) + '…' : s.text}) · seen by ${v}`;
    if (view) {
      delete board.dataset.loading;
      renderBoard(board, view, caption, deps.checker.faces);
      return;
    }
    board.dataset.loading = 'true';
    if (!board.querySelector('.board-caption')) boardNote(board, 'Loading the board…');
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
      boardNote(board, `No board: ${r.type === 'crashed' ? r.message : r.problem}`);
      return;
    }
    for (const b of r.boards) {
      boards.set(key(r.viewer, b.step), b.view);
      if (boards.size > BOARD_CACHE_SIZE) boards.delete(boards.keys().next().value!);
    }
    const now = log.stepAt(log.selected);
    if (now && now.seq === seq && (viewer.value || 'judge') === v && !r.boards.some((b) => b.step === seq)) {
      delete board.dataset.loading;
      boardNote(board, 'No board for this step (the replay did not reach it).');
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
  previewFacesIn(board, (name) => deps.checker.faces.face(name));
  refreshScenarios();
  if (deps.checker.last) variants.update(deps.getWorkspace().game, deps.checker.last.variants);
  clearRun('');
}

/** Each seat's agent in words: `p1 random, p2 mcts:200` (and `p3 …` in a game of more players). */
function seatsText(agents: { p1: string; p2: string; more?: string[] }): string {
  return [agents.p1, agents.p2, ...(agents.more ?? [])].map((a, i) => `p${i + 1} ${a}`).join(', ');
}
