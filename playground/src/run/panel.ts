/**
 * The run panel (right-hand pane): run a scenario of the open game — with the designer's edits
 * to the rules and to the scenario — or a random game from a seed, in the run worker; then read
 * the verdict, the log (each step citing its rule; a click moves the editor there) and the
 * board after any step, as the judge or as one player sees it. "Run all" runs the whole casebook
 * (every ruling) and says which rulings changed outcome compared with the game's original files.
 * Every failure is said in words in #run-message. This module wires the parts; each part is its
 * own file.
 */
import './run.css';
import type { EditorSession } from '../editor/session.ts';
import type { Checker } from '../editor/diagnostics.ts';
import type { Workspace } from '../workspace/workspace.ts';
import type { PlayerView } from '../../../runtime/view.ts';
import type { RunProblem, RunReport } from '../worker/run-protocol.ts';
import { compareCasebooks, type CasebookRow } from '../worker/casebook.ts';
import { CasebookView } from './casebook-view.ts';
import { choiceLabel } from '../worker/variants.ts';
import { RunClient, SLOW_RUN_MS } from './client.ts';
import { LogView } from './log.ts';
import { boardNote, renderBoard } from './board.ts';
import { clearVerdict, renderVerdict } from './result.ts';
import { el } from './dom.ts';
import { VariantControls } from './variant-controls.ts';

export interface RunPanelDeps {
  getWorkspace(): Workspace;
  session: Pick<EditorSession, 'reveal' | 'onOpen'>;
  /** The compile worker's results: the open game's formats and parameters come from them. */
  checker: Pick<Checker, 'onResult' | 'last'>;
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
  const variants = new VariantControls((text) => {
    if (text) say(text, 'options');
    else if (message.dataset.kind === 'options') say('');
  });

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
    row('run-controls', label('Scenario', scenarioSelect), runScenario, runAll),
    row('run-controls', label('Seed', seed), variants.formatLabel, playGame, label('Step limit', maxSteps), cancel),
    variants.details,
    message,
    casebook.host,
    result,
    expectations,
    row('run-toolbar', el('strong', {}, 'Log'), stepBack, stepForward, stepCounter, label('Viewer', viewer)),
    logHost,
    board,
  );

  // ---- state
  let report: RunReport | null = null;
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
      if (shownWs) clearRun('');
      casebook.clear();
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
  };
  deps.session.onOpen((path) => {
    refreshScenarios();
    // The scenario open in the editor is the one to run.
    if (deps.getWorkspace().scenarios().includes(path)) scenarioSelect.value = path;
  });
  scenarioSelect.addEventListener('focus', refreshScenarios);
  scenarioSelect.addEventListener('pointerdown', refreshScenarios);

  // ---- viewers
  const setViewers = (players: string[]) => {
    const keep = viewer.value || 'judge';
    const names = ['judge', ...players];
    viewer.replaceChildren(...names.map((n) => el('option', { value: n }, n)));
    viewer.value = names.includes(keep) ? keep : 'judge';
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
    clearRun('');
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

  playGame.onclick = () => {
    const ws = deps.getWorkspace();
    const s = Number(seed.value);
    if (!Number.isInteger(s)) return say('The seed is a whole number, e.g. 7.', 'scenario');
    const max = limit();
    if (max === null) return say('The step limit is a whole number of at least 1.', 'scenario');
    const chosen = variants.choice();
    if ('problem' in chosen) return say(chosen.problem, 'options');
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
    clearRun('');
    casebook.clear();
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
    casebook.host.dataset.ms = String(Math.round(r.ms));
    if (changes !== changesAtStart) casebook.markStale();
  }
  runAll.onclick = () => void runCasebook();

  /** A click on a ruling of the casebook: run it in the single-scenario view. */
  function openRuling(path: string): void {
    if (deps.getWorkspace().text(path) === undefined) return say(`${path} is no longer in the game.`, 'scenario');
    scenarioSelect.value = path;
    casebook.select(path);
    runScenario.click();
  }

  function cancelRun(): void {
    if (!client.running) return;
    client.cancel();
    setBusy(false);
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
      renderBoard(board, view, caption);
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
  refreshScenarios();
  if (deps.checker.last) variants.update(deps.getWorkspace().game, deps.checker.last.variants);
  clearRun('');
}
