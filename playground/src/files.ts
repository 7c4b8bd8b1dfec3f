/**
 * The file list: the game's rules, cards, rulings and notes, grouped by folder; an edited file
 * is marked. Names are put in the page as text, never as HTML.
 */
import type { Workspace } from './workspace/workspace.ts';
import { t } from '../../i18n/format.ts';

export function renderFileList(host: HTMLElement, ws: Workspace, current: string | null, open: (path: string) => void): void {
  host.replaceChildren();
  const edited = Object.keys(ws.edits());
  if (edited.length) {
    const s = document.createElement('div');
    s.id = 'files-summary';
    s.textContent = t('pg.files.edited', { n: edited.length });
    s.title = `${t('pg.files.differs')}\n${edited.join('\n')}`;
    host.append(s);
  }
  const groups = new Map<string, string[]>();
  for (const p of ws.paths()) {
    const dir = p.slice(0, p.lastIndexOf('/'));
    const list = groups.get(dir) ?? [];
    list.push(p);
    groups.set(dir, list);
  }
  for (const [dir, paths] of groups) {
    const h = document.createElement('div');
    h.className = 'file-group';
    h.textContent = dir + '/';
    host.append(h);
    for (const p of paths) {
      const b = document.createElement('button');
      b.className = 'file' + (p === current ? ' current' : '') + (ws.isEdited(p) ? ' edited' : '');
      b.dataset.path = p;
      b.textContent = p.slice(dir.length + 1);
      b.title = ws.isEdited(p) ? t('pg.files.edited-title', { path: p }) : p;
      b.onclick = () => open(p);
      host.append(b);
    }
  }
}
