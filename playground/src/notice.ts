/**
 * Notices: messages that need the designer's attention and must not be overwritten by the next
 * check (a damaged link, storage refusing to save, a game that would not load). Each has a key;
 * a new notice with the same key replaces the old one. Text only: messages are put in the page
 * with textContent, never as HTML, even when they quote a link or a file name.
 */

import { t } from '../../i18n/format.ts';

export type NoticeKind = 'error' | 'warn' | 'info';

export interface NoticeOptions {
  /** Extra content (e.g. a read-only field with a link), built by the caller from text. */
  extra?: HTMLElement;
  /** Buttons offered with the message. */
  actions?: { label: string; run: () => void }[];
}

let host: HTMLElement | null = null;

function container(): HTMLElement {
  if (host) return host;
  host = document.getElementById('notices') ?? document.body;
  return host;
}

export function notify(key: string, text: string, kind: NoticeKind = 'info', opts: NoticeOptions = {}): void {
  clearNotice(key);
  const box = document.createElement('div');
  box.className = `notice ${kind}`;
  box.dataset.key = key;
  box.dataset.kind = kind;
  box.setAttribute('role', kind === 'error' ? 'alert' : 'status');
  const msg = document.createElement('span');
  msg.className = 'notice-text';
  msg.textContent = text;
  box.append(msg);
  if (opts.extra) box.append(opts.extra);
  for (const a of opts.actions ?? []) {
    const b = document.createElement('button');
    b.textContent = a.label;
    b.onclick = () => {
      box.remove();
      a.run();
    };
    box.append(b);
  }
  const close = document.createElement('button');
  close.className = 'notice-close';
  close.textContent = '×';
  close.title = t('pg.notice.dismiss');
  close.setAttribute('aria-label', t('pg.notice.dismiss'));
  close.onclick = () => box.remove();
  box.append(close);
  container().append(box);
}

export function clearNotice(key: string): void {
  for (const el of container().querySelectorAll<HTMLElement>('.notice')) if (el.dataset.key === key) el.remove();
}
