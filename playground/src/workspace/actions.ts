/**
 * The workspace actions of the top bar: a new card file, the open file's changes (a diff with
 * the original), reset (the file or the whole game), restore (what a reset or a link replaced), download (.zip) and share (a link), plus the
 * opening of a share link. Nothing typed is ever dropped silently: whatever a reset or a link
 * replaces goes to the game's backup first, and every failure is said in the page.
 */
import type { EditorSession } from '../editor/session.ts';
import { clearNotice, notify } from '../notice.ts';
import { language, t } from '../../../i18n/format.ts';
import { isEditsKey, Workspace, type StoredEdits } from './workspace.ts';
import { decodeShare, encodeShare, isShareHash, sameEdits } from './share.ts';
import { saveBytes, zipName, zipWorkspace } from './download.ts';

export interface WorkspaceHost {
  ws(): Workspace;
  session: EditorSession;
  /** The workspace's files changed under the editor (reset, restore, a new file): show them. */
  refresh(): void;
  /** The open file's changes against the original (editor/changes.ts): shown or hidden. */
  changes: { readonly active: boolean; toggle(): string | null };
}

/** A question for the designer (the browser's own dialog: text only). */
const ask = (question: string) => window.confirm(question);


function listFiles(edits: StoredEdits, max = 8): string {
  const paths = Object.keys(edits);
  const shown = paths.slice(0, max).map((p) => `  • ${p}`);
  if (paths.length > max) shown.push(`  • ${t('pg.actions.and-more', { n: paths.length - max })}`);
  return shown.join('\n');
}

/**
 * Keeps `edits` in the game's backup before they are replaced. When the browser refuses, asks
 * whether to go on without one; false means: stop, nothing was replaced.
 */
function backupOrAsk(game: string, edits: StoredEdits, reason: string): boolean {
  if (Object.keys(edits).length === 0) return true;
  const problem = Workspace.keepBackup(game, edits, reason);
  if (!problem) return true;
  const go = ask(t('pg.actions.backup-refused', { problem, n: Object.keys(edits).length }));
  if (!go) notify('backup', t('pg.actions.nothing-changed', { problem }), 'warn');
  return go;
}

/** When the current edits could not be saved, leaving them (another game, a link) loses them. */
export function mayLeave(ws: Workspace): boolean {
  if (!ws.saveProblem || Object.keys(ws.edits()).length === 0) return true;
  return ask(t('pg.actions.leave-unsaved', { game: ws.game, problem: ws.saveProblem }));
}

/**
 * Reads a `#share=` address, asks before it replaces edits saved in this browser (and keeps
 * them as a backup), and says what happened. Returns what to open, or null (no link, a damaged
 * link, or the designer said no). The hash is cleared either way, so a reload does not ask again.
 */
export function takeShareLink(hash: string, games: string[]): { game: string; edits: StoredEdits } | null {
  if (!isShareHash(hash)) return null;
  history.replaceState(null, '', location.pathname + location.search);
  const link = decodeShare(hash, games);
  if (!link.ok) {
    notify('link', link.message, 'error');
    return null;
  }
  const mine = Workspace.storedEdits(link.game);
  const n = Object.keys(link.edits).length;
  if (Object.keys(mine).length > 0 && !sameEdits(mine, link.edits)) {
    const go = ask(t('pg.link.ask', { game: link.game, n, mine: Object.keys(mine).length, files: listFiles(mine) }));
    if (!go) {
      notify('link', t('pg.link.not-opened', { game: link.game }), 'info');
      return null;
    }
    if (!backupOrAsk(link.game, mine, t('pg.reason.link'))) return null;
  }
  notify('link', t('pg.link.opened', { game: link.game, n }), 'info');
  return { game: link.game, edits: link.edits };
}

export interface WorkspaceActions {
  /** Updates the buttons to the current file and workspace (call after a change or an open). */
  update(): void;
}

export function mountWorkspaceActions(host: HTMLElement, ctx: WorkspaceHost): WorkspaceActions {
  const button = (id: string, label: string, title: string, run: () => void) => {
    const b = document.createElement('button');
    b.id = id;
    b.type = 'button';
    b.textContent = label;
    b.title = title;
    b.onclick = () => {
      try {
        // What an action reads or replaces in storage (the backup, a reset) includes the last edit.
        ctx.ws().flush();
        run();
      } catch (e) {
        notify(id, t('pg.actions.failed', { label, message: (e as Error).message }), 'error');
      }
    };
    host.append(b);
    return b;
  };

  const newFile = button('new-card-file', t('pg.actions.new-file'), t('pg.actions.new-file-title'), () => {
    const ws = ctx.ws();
    const dir = `cards/${ws.game}/`;
    const answer = window.prompt(t('pg.new-file.prompt', { dir }), 'new-card.grim');
    if (answer === null) return;
    let name = answer.trim();
    if (name !== '' && !name.endsWith('.grim')) name += '.grim';
    if (!/^[\p{L}\p{N}_][\p{L}\p{N}_.-]*\.grim$/u.test(name) || name.length > 80) {
      notify('new-file', t('pg.new-file.bad-name', { name: answer.slice(0, 60) }), 'warn');
      return;
    }
    const path = dir + name;
    if (ws.text(path) !== undefined) {
      notify('new-file', t('pg.new-file.exists', { path }), 'warn');
      ctx.session.open(path);
      return;
    }
    const template = t('new.card-file', { game: ws.game, dir });
    const problem = ws.setText(path, template);
    ctx.refresh();
    ctx.session.open(path);
    notify('new-file', t('pg.new-file.added', { path }), 'info');
    if (problem) notify('storage', problem, 'error');
  });

  const resetFile = button('reset-file', t('pg.actions.reset-file'), t('pg.actions.reset-file-title'), () => {
    const ws = ctx.ws();
    const path = ctx.session.current;
    if (!path || !ws.isEdited(path)) {
      notify('reset', path ? t('pg.reset.nothing', { path }) : t('pg.reset.nothing-open'), 'info');
      return;
    }
    const added = ws.isAdded(path);
    const q = added
      ? t('pg.reset.ask-remove', { path })
      : t('pg.reset.ask-file', { path });
    if (!ask(q)) return;
    if (!backupOrAsk(ws.game, { [path]: ws.text(path) ?? '' }, added ? t('pg.reason.removed', { path }) : t('pg.reason.reset', { path }))) return;
    const problem = ws.resetFile(path);
    ctx.refresh();
    notify('reset', added ? t('pg.reset.removed', { path }) : t('pg.reset.done-file', { path }), 'info');
    if (problem) notify('storage', problem, 'error');
  });

  const changes = button('show-changes', t('pg.actions.changes'), '', () => {
    const problem = ctx.changes.toggle();
    if (problem) notify('changes', problem, 'info');
    update();
  });

  const resetGame = button('reset-game', t('pg.actions.reset-game'), t('pg.actions.reset-game-title'), () => {
    const ws = ctx.ws();
    const edits = ws.edits();
    const n = Object.keys(edits).length;
    if (n === 0) {
      notify('reset', t('pg.reset.no-edits', { game: ws.game }), 'info');
      return;
    }
    if (!ask(t('pg.reset.ask-game', { game: ws.game, n, files: listFiles(edits) }))) return;
    if (!backupOrAsk(ws.game, edits, t('pg.reason.reset', { path: ws.game }))) return;
    const problem = ws.reset();
    ctx.refresh();
    notify('reset', t('pg.reset.done-game', { game: ws.game, n }), 'info');
    if (problem) notify('storage', problem, 'error');
  });

  const restore = button('restore-edits', t('pg.actions.restore'), '', () => {
    const ws = ctx.ws();
    const b = Workspace.backup(ws.game);
    if (!b) {
      notify('reset', t('pg.restore.none', { game: ws.game }), 'info');
      return;
    }
    // A swap, file by file: the texts the backup replaces become the backup, so restoring
    // twice comes back here. Files not in the backup are left as they are.
    const displaced: StoredEdits = {};
    for (const path of Object.keys(b.edits)) {
      const now = ws.text(path);
      if (now !== undefined && now !== b.edits[path]) displaced[path] = now;
    }
    const problem = Workspace.keepBackup(ws.game, displaced, t('pg.reason.restored'), false);
    if (problem && Object.keys(displaced).length > 0) {
      const go = ask(t('pg.restore.refused', { problem, n: Object.keys(displaced).length }));
      if (!go) return;
    }
    const saveProblem = ws.replaceEdits({ ...ws.edits(), ...b.edits });
    ctx.refresh();
    const n = Object.keys(b.edits).length;
    notify('reset', t('pg.restore.done', { n, reason: b.reason, when: b.savedAt ? ` (${new Date(b.savedAt).toLocaleString(language())})` : '', swapped: Object.keys(displaced).length ? t('pg.restore.swapped') : '' }), 'info');
    if (saveProblem) notify('storage', saveProblem, 'error');
  });

  button('download', t('pg.actions.download'), t('pg.actions.download-title'), () => {
    const ws = ctx.ws();
    const bytes = zipWorkspace(ws);
    const name = zipName(ws.game);
    saveBytes(name, bytes, 'application/zip');
    const n = Object.keys(ws.edits()).length;
    notify('download', t('pg.download.done', { name, files: ws.paths().length, game: ws.game, edited: n }), 'info');
  });

  button('share', t('pg.actions.share'), t('pg.actions.share-title'), () => {
    const ws = ctx.ws();
    const edits = ws.edits();
    const url = location.origin + location.pathname + location.search + encodeShare(ws.game, edits);
    const field = document.createElement('input');
    field.id = 'share-url';
    field.readOnly = true;
    field.value = url;
    field.setAttribute('aria-label', t('pg.share.aria'));
    field.onfocus = () => field.select();
    const n = Object.keys(edits).length;
    const what = n ? t('pg.share.with-edits', { game: ws.game, n }) : t('pg.share.as-it-came', { game: ws.game });
    const long = url.length > 16_000 ? t('pg.share.long', { n: url.length }) : '';
    const say = (copied: boolean) =>
      notify('share', t(copied ? 'pg.share.copied' : 'pg.share.copy', { what, long }), long ? 'warn' : 'info', { extra: field });
    say(false);
    field.focus();
    navigator.clipboard?.writeText(url).then(
      () => say(true),
      () => undefined, // the field is there to copy by hand
    );
  });

  // Another tab of this playground saving the same game: the last tab to save wins.
  window.addEventListener('storage', (e) => {
    if (!isEditsKey(ctx.ws().game, e.key)) return;
    ctx.ws().storageChangedElsewhere();
    notify('other-tab', t('pg.other-tab', { game: ctx.ws().game }), 'warn');
  });
  // An edit of a big file waiting for a pause in typing is saved before the page may go: when
  // it is hidden (another tab, the window minimised, a phone's app switcher), left or reloaded.
  const flush = () => ctx.ws().flush();
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush();
  });
  window.addEventListener('pagehide', flush);
  // Edits the browser refused to store are only in this page: ask before the page goes.
  window.addEventListener('beforeunload', (e) => {
    if (flush() && Object.keys(ctx.ws().edits()).length > 0) e.preventDefault();
  });

  let shownStorageProblem: string | null = null;
  const update = () => {
    const ws = ctx.ws();
    const cur = ctx.session.current;
    resetFile.disabled = !cur || !ws.isEdited(cur);
    resetFile.textContent = cur && ws.isAdded(cur) ? t('pg.actions.remove-file') : t('pg.actions.reset-file');
    resetGame.disabled = Object.keys(ws.edits()).length === 0;
    const diffing = ctx.changes.active;
    changes.disabled = !diffing && (!cur || !ws.isEdited(cur));
    changes.setAttribute('aria-pressed', String(diffing));
    changes.textContent = diffing ? t('pg.actions.hide-changes') : t('pg.actions.changes');
    changes.title = diffing
      ? t('pg.actions.hide-changes-title')
      : cur && ws.isEdited(cur)
        ? t('pg.actions.changes-title', { path: cur })
        : t('pg.actions.changes-none-title');
    const b = Workspace.backup(ws.game);
    restore.hidden = !b;
    restore.title = b ? t('pg.actions.restore-title', { n: Object.keys(b.edits).length, reason: b.reason }) : '';
    newFile.title = t('pg.actions.new-file-in', { game: ws.game });
    if (ws.saveProblem !== shownStorageProblem) {
      if (ws.saveProblem) notify('storage', ws.saveProblem, 'error');
      else clearNotice('storage');
      shownStorageProblem = ws.saveProblem;
    }
  };
  return { update };
}
