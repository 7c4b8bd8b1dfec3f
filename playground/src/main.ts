/**
 * The playground page: composes the workspace (files of one game, saved in the browser), the
 * editor (Monaco with the Grimoire language, checked by the compiler in a worker) and the run
 * panel (scenarios and random games in a worker). Each part lives in its own module.
 */
import './style.css';
import { gameNames } from './workspace/games.ts';
import { Workspace } from './workspace/workspace.ts';
import { EditorSession } from './editor/session.ts';
import { Checker } from './editor/diagnostics.ts';
import { renderFileList } from './files.ts';
import { renderProblems } from './problems.ts';

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

export interface Playground {
  ws: Workspace;
  session: EditorSession;
  checker: Checker;
  /** Shows a message in the status line (never only in the console). */
  status(text: string, kind?: 'ok' | 'error' | 'busy'): void;
}

function setStatus(text: string, kind: 'ok' | 'error' | 'busy' = 'ok'): void {
  const el = $('status');
  el.textContent = text;
  el.dataset.kind = kind;
}

async function start(): Promise<void> {
  const games = gameNames();
  const select = $<HTMLSelectElement>('game-select');
  for (const g of games) {
    const o = document.createElement('option');
    o.value = g;
    o.textContent = g;
    select.append(o);
  }
  const first = Workspace.lastGame();
  const game = first && games.includes(first) ? first : games[0]!;
  select.value = game;
  let ws = await Workspace.open(game);
  const session = new EditorSession($('editor'), ws);
  const checker = new Checker(() => ws.sources());
  session.onSaveProblem = (m) => setStatus(m, 'error');

  const refreshFiles = () => renderFileList($('files'), ws, session.current, (p) => session.open(p));
  session.onOpen(() => refreshFiles());
  checker.onResult((r) => {
    renderProblems($('problems'), r, (p, l, c) => session.reveal(p, l, c));
    const errors = r.diagnostics.filter((d) => d.severity === 'error').length;
    const warnings = r.diagnostics.length - errors;
    if (r.crash) setStatus('the compiler failed — see the problems panel', 'error');
    else if (errors) setStatus(`${errors} error${errors > 1 ? 's' : ''}${warnings ? `, ${warnings} warning(s)` : ''} — checked in ${r.ms.toFixed(0)} ms`, 'error');
    else setStatus(`no errors${warnings ? `, ${warnings} warning(s)` : ''} — checked in ${r.ms.toFixed(0)} ms`, 'ok');
    document.body.dataset.checked = String(Date.now());
  });

  const attach = (w: Workspace) => {
    w.onChange(() => {
      refreshFiles();
      checker.schedule();
    });
  };
  attach(ws);
  session.open(ws.sources()[0]?.path ?? ws.paths()[0]!);
  refreshFiles();
  checker.checkNow();

  select.onchange = async () => {
    setStatus(`opening ${select.value}…`, 'busy');
    ws = await Workspace.open(select.value);
    attach(ws);
    session.setWorkspace(ws);
    session.open(ws.sources()[0]?.path ?? ws.paths()[0]!);
    refreshFiles();
    checker.checkNow();
  };

  (window as unknown as { grimoire: Playground }).grimoire = { get ws() { return ws; }, session, checker, status: setStatus };
}

start().catch((e) => setStatus(`the playground could not start: ${(e as Error).message}`, 'error'));
