/**
 * The workspace actions of the top bar: a new card file, the open file's changes (a diff with
 * the original), reset (the file or the whole game), restore (what a reset or a link replaced), download (.zip) and share (a link), plus the
 * opening of a share link. Nothing typed is ever dropped silently: whatever a reset or a link
 * replaces goes to the game's backup first, and every failure is said in the page.
 */
import type { EditorSession } from '../editor/session.ts';
import { clearNotice, notify } from '../notice.ts';
import { t } from '../../../i18n/format.ts';
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

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

function listFiles(edits: StoredEdits, max = 8): string {
  const paths = Object.keys(edits);
  const shown = paths.slice(0, max).map((p) => `  • ${p}`);
  if (paths.length > max) shown.push(`  • … and ${paths.length - max} more`);
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
  const go = ask(`Careful: ${problem}.\n\nIf you go on, your edits to ${plural(Object.keys(edits).length, 'file')} are lost. Cancel, then use "Download" to keep them first.\n\nGo on anyway?`);
  if (!go) notify('backup', `Nothing was changed: ${problem}. Download your files (.zip) to keep them, then try again.`, 'warn');
  return go;
}

/** When the current edits could not be saved, leaving them (another game, a link) loses them. */
export function mayLeave(ws: Workspace): boolean {
  if (!ws.saveProblem || Object.keys(ws.edits()).length === 0) return true;
  return ask(`Your edits to ${ws.game} could not be saved in this browser (${ws.saveProblem}).\n\nIf you leave ${ws.game} now they are lost. Cancel, then use "Download" to keep them.\n\nLeave anyway?`);
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
    const go = ask(
      `This link opens ${link.game} with ${n ? `edits to ${plural(n, 'file')}` : 'no edits (every file as it came)'}.\n\n` +
        `This browser already holds your own edits to ${plural(Object.keys(mine).length, 'file')} of ${link.game}:\n${listFiles(mine)}\n\n` +
        `OK: open the link; your edits are kept as a backup ("Restore edits" brings them back).\nCancel: keep your edits and ignore the link.`,
    );
    if (!go) {
      notify('link', `The shared link was not opened: your edits to ${link.game} are as they were. (Open the link again to be asked again.)`, 'info');
      return null;
    }
    if (!backupOrAsk(link.game, mine, 'a shared link was opened')) return null;
  }
  notify('link', `Opened a shared link: ${link.game}${n ? ` with edits to ${plural(n, 'file')} (marked ● in the file list)` : ', every file as it came'}.`, 'info');
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
    const answer = window.prompt(`Name of the new card file (in ${dir}):`, 'new-card.grim');
    if (answer === null) return;
    let name = answer.trim();
    if (name !== '' && !name.endsWith('.grim')) name += '.grim';
    if (!/^[\p{L}\p{N}_][\p{L}\p{N}_.-]*\.grim$/u.test(name) || name.length > 80) {
      notify('new-file', `"${answer.slice(0, 60)}" cannot name a card file: use letters, digits, - and _ (e.g. new-card.grim). No file was added.`, 'warn');
      return;
    }
    const path = dir + name;
    if (ws.text(path) !== undefined) {
      notify('new-file', `${path} already exists: no file was added. Pick another name.`, 'warn');
      ctx.session.open(path);
      return;
    }
    const template =
      `// New cards for ${ws.game}: one line per card, like the ones in the other files of ${dir}\n` +
      `//   card Name "Printed name": CardType { attribute = value }\n` +
      `// The problems panel checks this file with the rest of the game as you type.\n\n`;
    const problem = ws.setText(path, template);
    ctx.refresh();
    ctx.session.open(path);
    notify('new-file', `Added ${path}. It is saved in this browser like every edit; "Reset file" removes it.`, 'info');
    if (problem) notify('storage', problem, 'error');
  });

  const resetFile = button('reset-file', t('pg.actions.reset-file'), t('pg.actions.reset-file-title'), () => {
    const ws = ctx.ws();
    const path = ctx.session.current;
    if (!path || !ws.isEdited(path)) {
      notify('reset', `${path ?? 'This file'} is as it came with the playground: nothing to reset.`, 'info');
      return;
    }
    const added = ws.isAdded(path);
    const q = added
      ? `Remove ${path}, a file you added?\n\nIts text is kept as a backup ("Restore edits" brings it back).`
      : `Put ${path} back as it came with the playground?\n\nYour edits to it are kept as a backup ("Restore edits" brings them back).`;
    if (!ask(q)) return;
    if (!backupOrAsk(ws.game, { [path]: ws.text(path) ?? '' }, `${path} was ${added ? 'removed' : 'reset'}`)) return;
    const problem = ws.resetFile(path);
    ctx.refresh();
    notify('reset', `${path} ${added ? 'was removed' : 'is back as it came'}. "Restore edits" brings your edits back.`, 'info');
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
      notify('reset', `${ws.game} has no edits: every file is as it came with the playground.`, 'info');
      return;
    }
    if (!ask(`Reset ${ws.game}: put ${n === 1 ? 'the edited file' : `all ${n} edited files`} back as they came with the playground?\n\n${listFiles(edits)}\n\nYour edits are kept as a backup ("Restore edits" brings them back).`)) return;
    if (!backupOrAsk(ws.game, edits, `${ws.game} was reset`)) return;
    const problem = ws.reset();
    ctx.refresh();
    notify('reset', `${ws.game} is back as it came (${plural(n, 'file')} reset). "Restore edits" brings your edits back.`, 'info');
    if (problem) notify('storage', problem, 'error');
  });

  const restore = button('restore-edits', t('pg.actions.restore'), '', () => {
    const ws = ctx.ws();
    const b = Workspace.backup(ws.game);
    if (!b) {
      notify('reset', `There is no backup of ${ws.game} in this browser.`, 'info');
      return;
    }
    // A swap, file by file: the texts the backup replaces become the backup, so restoring
    // twice comes back here. Files not in the backup are left as they are.
    const displaced: StoredEdits = {};
    for (const path of Object.keys(b.edits)) {
      const now = ws.text(path);
      if (now !== undefined && now !== b.edits[path]) displaced[path] = now;
    }
    const problem = Workspace.keepBackup(ws.game, displaced, 'the backup was restored', false);
    if (problem && Object.keys(displaced).length > 0) {
      const go = ask(`Careful: ${problem}.\n\nRestoring replaces the current text of ${plural(Object.keys(displaced).length, 'file')}, which would then be lost. Go on anyway?`);
      if (!go) return;
    }
    const saveProblem = ws.replaceEdits({ ...ws.edits(), ...b.edits });
    ctx.refresh();
    const n = Object.keys(b.edits).length;
    notify('reset', `Restored ${plural(n, 'file')} as they were when ${b.reason}${b.savedAt ? ` (${new Date(b.savedAt).toLocaleString()})` : ''}.${Object.keys(displaced).length ? ' The text they replaced is the backup now: "Restore edits" swaps back.' : ''}`, 'info');
    if (saveProblem) notify('storage', saveProblem, 'error');
  });

  button('download', t('pg.actions.download'), t('pg.actions.download-title'), () => {
    const ws = ctx.ws();
    const bytes = zipWorkspace(ws);
    const name = zipName(ws.game);
    saveBytes(name, bytes, 'application/zip');
    const n = Object.keys(ws.edits()).length;
    notify('download', `Downloaded ${name}: ${plural(ws.paths().length, 'file')} of ${ws.game}${n ? `, ${n} edited` : ''}. Unzip it at the root of a Grimoire checkout to use the command line on it (npx grimoire check rules/${ws.game} cards/${ws.game}).`, 'info');
  });

  button('share', t('pg.actions.share'), t('pg.actions.share-title'), () => {
    const ws = ctx.ws();
    const edits = ws.edits();
    const url = location.origin + location.pathname + location.search + encodeShare(ws.game, edits);
    const field = document.createElement('input');
    field.id = 'share-url';
    field.readOnly = true;
    field.value = url;
    field.setAttribute('aria-label', 'share link');
    field.onfocus = () => field.select();
    const n = Object.keys(edits).length;
    const what = n ? `${ws.game} with your edits to ${plural(n, 'file')}` : `${ws.game} as it came (you have no edits)`;
    const long = url.length > 16_000 ? ` It is ${url.length.toLocaleString()} characters long: some programs cut long links — for big changes send the .zip (Download) instead.` : '';
    const say = (copied: boolean) =>
      notify('share', `${copied ? 'Link copied to the clipboard' : 'Copy this link'}: it opens ${what}. The edits travel inside the link; nothing is uploaded.${long}`, long ? 'warn' : 'info', { extra: field });
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
    notify('other-tab', `${ctx.ws().game} was just edited in another tab of this playground. Both tabs save to the same place, so the tab that types last wins: keep editing ${ctx.ws().game} in one tab only.`, 'warn');
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
