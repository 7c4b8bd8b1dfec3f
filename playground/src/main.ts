/**
 * The playground page: composes the workspace (files of one game, saved in the browser), the
 * editor (Monaco with the Grimoire language, checked by the compiler in a worker), and the
 * right-hand pane's tabs: the run panel (scenarios and random games in a worker) and the Cards
 * gallery (the game's card faces). Each part lives in its own module.
 */
// Noto Sans JP as web-font subsets by unicode range (a page fetches only those of the characters
// it shows): Japanese in the page, the editor and the card faces on a machine without a CJK font.
import '@fontsource/noto-sans-jp/400.css';
import './style.css';
// First: the language is chosen before any module words anything.
import { languageSwitch, startLanguage } from './language.ts';
import { t } from '../../i18n/format.ts';
import { gameNames } from './workspace/games.ts';
import { Workspace } from './workspace/workspace.ts';
import { EditorSession } from './editor/session.ts';
import { Checker } from './editor/diagnostics.ts';
import { ChangesView } from './editor/changes.ts';
import { registerLanguageServices } from './editor/language-services.ts';
import { renderFileList } from './files.ts';
import { renderProblems } from './problems.ts';
import { mountRunPanel } from './run/panel.ts';
import { ExecutedGutter } from './editor/executed-lines.ts';
import { notify } from './notice.ts';
import { mayLeave, mountWorkspaceActions, takeShareLink } from './workspace/actions.ts';
import type { StoredEdits } from './workspace/workspace.ts';
import { monaco } from './editor/monaco.ts';
import { mountSidePane } from './side-pane.ts';
import { Gallery } from './cards/gallery.ts';
import type { CardFace } from './cards/faces.ts';
import { faceElement } from './cards/svg-element.ts';
import { readLink, type OnlineLink } from './run/online-client.ts';

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

const lang = startLanguage();

/** The words of the page's skeleton (index.html is English): in the page's language. */
function wordSkeleton(): void {
  document.title = t('pg.page.title');
  $('game-label-text').textContent = t('pg.page.game');
  const aria: [string, Parameters<typeof t>[0]][] = [
    ['game-select', 'pg.page.game-aria'],
    ['files', 'pg.page.files-aria'],
    ['problems', 'pg.page.problems-aria'],
    ['diff-editor', 'pg.page.diff-aria'],
    ['side-tabs', 'pg.page.side-aria'],
  ];
  for (const [id, key] of aria) $(id).setAttribute('aria-label', t(key));
  $('tab-run').textContent = t('pg.tab.run');
  $('tab-cards').textContent = t('pg.tab.cards');
}

export interface Playground {
  ws: Workspace;
  session: EditorSession;
  checker: Checker;
  /** The Changes view (a diff of the open file with its original). */
  changes: ChangesView;
  /** Shows a message in the status line (never only in the console). */
  status(text: string, kind?: 'ok' | 'error' | 'busy'): void;
  /** The lines the casebook ran, marked in the gutter after Run all. */
  gutter: ExecutedGutter;
  /** Monaco itself (markers, models), for the end-to-end tests. */
  monaco: typeof monaco;
  /** A face's SVG text as the page's element (cards/svg-element.ts), for the end-to-end tests of its guard. */
  faceElement: typeof faceElement;
}

/** Said in the status line before anything else while the browser refuses to save the edits. */
let unsaved: string | null = null;

function setStatus(text: string, kind: 'ok' | 'error' | 'busy' = 'ok'): void {
  const el = $('status');
  el.textContent = unsaved ? t('pg.status.unsaved', { text }) : text;
  el.title = el.textContent;
  el.dataset.text = text;
  el.dataset.kind = unsaved ? 'error' : kind;
}

async function start(): Promise<void> {
  wordSkeleton();
  const games = gameNames();
  const select = $<HTMLSelectElement>('game-select');
  for (const g of games) {
    const o = document.createElement('option');
    o.value = g;
    o.textContent = g;
    select.append(o);
  }
  const first = Workspace.lastGame();
  const link = takeShareLink(location.hash, games);
  // A link of an online match (a seat's, or a replay's) opens the match's game, for its card faces.
  const online = onlineLink(location.hash);
  const onlineGame = online?.game && games.includes(online.game) ? online.game : null;
  const game = link?.game ?? onlineGame ?? (first && games.includes(first) ? first : games[0]!);
  select.value = game;
  let ws = await Workspace.open(game, link?.edits);
  if (ws.loadProblem) notify('load', ws.loadProblem, 'error');
  const session = new EditorSession($('editor'), ws);
  const checker = new Checker(
    () => ws.sources(),
    () => ws.scenarioFiles(),
  );
  registerLanguageServices(session, checker);
  const gutter = new ExecutedGutter();
  const runPanel = mountRunPanel($('run-pane'), { getWorkspace: () => ws, session, checker, gutter });
  const side = mountSidePane();
  /** Plays (or replays) an online match in the run pane, with its game open when the playground has it. */
  const openOnline = async (l: OnlineLink) => {
    if (l.game && games.includes(l.game) && l.game !== ws.game && !(await switchTo(l.game))) return;
    side.show('run');
    runPanel.openOnline(l);
  };
  /** A card of the gallery opens where it is defined (a revision's base game is not in its files). */
  const openCard = (card: CardFace) => {
    if (ws.text(card.file) !== undefined) session.placeCursor(card.file, card.line, card.col);
    else notify('cards', t('pg.cards.in-base', { name: card.name, file: card.file, line: card.line, game: ws.game }), 'info');
  };
  const gallery = new Gallery({ faces: checker.faces, open: openCard, counted: (n) => side.setCardsLabel(n ? t('pg.tab.cards-count', { n }) : t('pg.tab.cards')) }, $('cards-pane'));
  $('cards-pane').append(gallery.host);
  const changes = new ChangesView($('diff-editor'), $('editor'), session, () => ws);
  session.onSaveProblem = (m) => {
    unsaved = m; // the details are in a notice (actions.update)
    setStatus($('status').dataset.text ?? '', 'error');
  };

  // A game opens where the designer left it (the file and the cursor), else on its first file.
  const openFirst = () => {
    const place = ws.place();
    if (place) session.goTo(place.path, place.line, place.col);
    else session.open(ws.sources()[0]?.path ?? ws.paths()[0]!);
  };
  let placeTimer: ReturnType<typeof setTimeout> | undefined;
  session.onPlace((path, line, col) => {
    clearTimeout(placeTimer);
    const w = ws;
    placeTimer = setTimeout(() => w.rememberPlace({ path, line, col }), 250);
  });
  $('topbar').append(languageSwitch(lang, () => ws.flush()));
  const actions = mountWorkspaceActions($('workspace-actions'), {
    ws: () => ws,
    session,
    changes,
    refresh: () => {
      changes.close(false);
      session.syncModels();
      if (!session.current || ws.text(session.current) === undefined) {
        session.current = null;
        openFirst();
      }
      refreshFiles();
      checker.checkNow();
    },
  });
  const refreshFiles = () => {
    renderFileList($('files'), ws, session.current, (p) => session.open(p));
    actions.update();
  };
  session.onOpen(() => refreshFiles());
  changes.onToggle(() => actions.update());
  checker.onResult((r) => {
    renderProblems($('problems'), r, (p, l, c) => session.placeCursor(p, l, c));
    const errors = r.diagnostics.filter((d) => d.severity === 'error').length + (r.omitted?.errors ?? 0);
    const warnings = r.diagnostics.length + (r.omitted?.warnings ?? 0) - errors;
    const ms = r.ms.toFixed(0);
    if (r.crash) setStatus(t('pg.status.crash'), 'error');
    else if (r.gaveUp) setStatus(r.gaveUp, 'error');
    else if (errors) setStatus(t('pg.status.errors', { errors, warnings, ms }), 'error');
    else setStatus(t('pg.status.no-errors', { warnings, ms }), 'ok');
    document.body.dataset.checked = String(Date.now());
  });

  const attach = (w: Workspace) => {
    w.onChange(() => {
      if (w === ws && !w.saveProblem && unsaved) {
        unsaved = null;
        setStatus(t('pg.status.saving-again'), 'ok');
      }
      refreshFiles();
      checker.schedule();
    });
    // A big file's edit saved after a pause in typing: the status and the notice say how it went.
    w.onSaved(() => {
      if (w !== ws) return;
      if (w.saveProblem) session.onSaveProblem?.(w.saveProblem);
      else if (unsaved) {
        unsaved = null;
        setStatus(t('pg.status.saving-again'), 'ok');
      }
      actions.update();
    });
  };
  attach(ws);
  openFirst();
  refreshFiles();
  checker.checkNow();

  /** Opens another game (or the same one with a link's edits); false when it did not happen. */
  const switchTo = async (g: string, edits?: StoredEdits): Promise<boolean> => {
    ws.flush();
    if ((g !== ws.game || edits) && !mayLeave(ws)) {
      select.value = ws.game;
      return false;
    }
    setStatus(t('pg.status.opening', { game: g }), 'busy');
    let next: Workspace;
    try {
      next = await Workspace.open(g, edits);
    } catch (e) {
      select.value = ws.game;
      notify('load', t('pg.load.failed', { game: g, message: (e as Error).message, open: ws.game }), 'error');
      setStatus(t('pg.status.could-not-open', { game: g }), 'error');
      return false;
    }
    ws = next;
    unsaved = ws.saveProblem;
    if (ws.loadProblem) notify('load', ws.loadProblem, 'error');
    if (ws.saveProblem) notify('storage', ws.saveProblem, 'error');
    select.value = g;
    attach(ws);
    changes.close(false);
    gutter.clear();
    session.setWorkspace(ws);
    checker.faces.clear(); // the gallery and the board wait for the new game's faces
    openFirst();
    refreshFiles();
    checker.checkNow();
    return true;
  };
  select.onchange = () => void switchTo(select.value);
  // A share link pasted into the address bar of an open playground changes only the hash.
  window.addEventListener('hashchange', () => {
    const o = onlineLink(location.hash);
    if (o) return void openOnline(o);
    ws.flush(); // the link is compared with the edits saved, the last one included
    const l = takeShareLink(location.hash, games);
    if (l) void switchTo(l.game, l.edits);
  });

  if (online) void openOnline(online);

  (window as unknown as { grimoire: Playground }).grimoire = { get ws() { return ws; }, session, checker, changes, status: setStatus, gutter, monaco, faceElement };
}

/** The online match a hash opens (`#online=…`, `#replay=…`), or null; a damaged one is said. */
function onlineLink(hash: string): OnlineLink | null {
  if (!/^#(online|replay)=/.test(hash)) return null;
  const l = readLink(hash);
  if (!l) notify('link', t('pg.online.bad-link'), 'error');
  return l;
}

start().catch((e) => {
  const message = t('pg.start.failed', { message: (e as Error).message });
  setStatus(message, 'error');
  notify('start', message, 'error');
});
