/**
 * "Play online" in the run panel, the DOM only: the row that creates a match on a `grimoire
 * serve` (its address, whether Hints are allowed, what happens to a player who is away, the button), the links to share once it is
 * created (one per seat, the spectator/judge link, each with Copy and Open), and the line that
 * says who is at the table ("waiting for p2"). online-play.ts drives it. Text only.
 */
import type { CreateMatchResponse, Presence, TimeoutPolicy } from '../../../server/protocol.ts';
import { linkUrl, storedServer, type OnlineLink } from './online-client.ts';
import { el } from './dom.ts';
import { t } from '../../../i18n/format.ts';

export interface OnlineViewHandlers {
  create(): void;
  /** Play a seat of the match just created in this page. */
  playHere(link: OnlineLink): void;
}

export class OnlineView {
  /** The row of the run panel's controls. */
  readonly controls = el('div', { class: 'run-controls', id: 'online-controls' });
  /** The links of a match just created. */
  readonly links = el('div', { id: 'online-links', hidden: '', 'aria-live': 'polite' });
  /** Who is at the table, and whom it waits for. */
  readonly presence = el('div', { id: 'online-presence', hidden: '', 'aria-live': 'polite' });
  readonly server = el('input', { id: 'online-server', type: 'text', size: '22', placeholder: location.origin, 'aria-label': t('pg.online.server-aria'), title: t('pg.online.server-title') });
  readonly hints = el('input', { id: 'online-hints', type: 'checkbox' });
  /** What happens to a seat whose person is away while asked (the match's timeout policy). */
  readonly timeout = el('select', { id: 'online-timeout', 'aria-label': t('pg.online.timeout-aria'), title: t('pg.online.timeout-title') });
  readonly minutes = el('input', { id: 'online-minutes', type: 'number', value: '5', min: '1', max: '10080', step: '1', 'aria-label': t('pg.online.minutes-aria') });
  private readonly create = el('button', { id: 'play-online', type: 'button', title: t('pg.online.create-title') }, t('pg.online.create'));

  constructor(handlers: OnlineViewHandlers) {
    this.server.value = storedServer();
    const serverLabel = el('label', {}, t('pg.online.server') + ' ');
    serverLabel.append(this.server);
    const hintsLabel = el('label', { title: t('pg.online.hints-title') });
    hintsLabel.append(this.hints, ' ' + t('pg.online.hints'));
    this.timeout.append(el('option', { value: 'none' }, t('pg.online.timeout-none')), el('option', { value: 'agent' }, t('pg.online.timeout-agent')), el('option', { value: 'concede' }, t('pg.online.timeout-concede')));
    const timeoutLabel = el('label', {}, t('pg.online.away-label') + ' ');
    const minutesLabel = el('label', {}, ' ' + t('pg.online.after') + ' ');
    minutesLabel.append(this.minutes, ' ' + t('pg.online.min'));
    const syncMinutes = () => (minutesLabel.hidden = this.timeout.value === 'none');
    this.timeout.onchange = syncMinutes;
    syncMinutes();
    timeoutLabel.append(this.timeout, minutesLabel);
    this.controls.append(el('strong', {}, t('pg.online.title')), serverLabel, hintsLabel, timeoutLabel, this.create);
    this.create.onclick = () => handlers.create();
    this.playHere = handlers.playHere;
  }

  private readonly playHere: (link: OnlineLink) => void;

  /** The timeout policy chosen, or what is wrong with its minutes. */
  timeoutPolicy(): TimeoutPolicy | { problem: string } {
    const kind = this.timeout.value;
    if (kind !== 'agent' && kind !== 'concede') return { kind: 'none' };
    const minutes = Number(this.minutes.value);
    if (!(Number.isFinite(minutes) && minutes > 0 && minutes <= 10080)) return { problem: t('pg.online.bad-minutes', { typed: this.minutes.value }) };
    return { kind, minutes };
  }

  setCreating(busy: boolean): void {
    this.create.disabled = busy;
  }

  /** The links of a match just created: every seat's and the judge's, each to copy or open. */
  showLinks(created: CreateMatchResponse, server: string, note: string): void {
    this.links.hidden = false;
    this.links.dataset.match = created.match;
    const rows = el('ul', { class: 'online-link-list' });
    const row = (who: string, link: OnlineLink, key: string) => {
      const url = linkUrl(link);
      const field = el('input', { type: 'text', readonly: '', class: 'online-link', value: url, 'data-seat': key, 'aria-label': t('pg.online.link-aria', { who }) });
      field.onfocus = () => field.select();
      const copy = el('button', { type: 'button', class: 'online-copy', 'data-seat': key }, t('pg.online.copy'));
      copy.onclick = () => {
        field.select();
        void navigator.clipboard?.writeText(url).then(
          () => (copy.textContent = t('pg.online.copied')),
          () => (copy.textContent = t('pg.online.copy-by-hand')),
        );
      };
      const here = el('button', { type: 'button', class: 'online-here', 'data-seat': key }, t('pg.online.play-here'));
      here.onclick = () => this.playHere(link);
      const li = el('li', { 'data-seat': key });
      li.append(el('strong', {}, who), ' ', field, ' ', copy, ' ', here);
      rows.append(li);
    };
    for (const [seat, s] of Object.entries(created.seats)) row(seat, { kind: 'seat', token: s.token, server, game: created.game }, seat);
    row(t('pg.online.judge'), { kind: 'seat', token: created.judge.token, server, game: created.game }, 'judge');
    this.links.replaceChildren(el('div', { class: 'online-links-head' }, t('pg.online.created', { game: created.game, match: created.match })), el('div', { class: 'online-note' }, note), rows, el('div', { class: 'online-note' }, t('pg.online.keep-links')));
  }

  hideLinks(): void {
    this.links.hidden = true;
    this.links.replaceChildren();
  }

  /** Who is connected, and the table's wait ("waiting for p2") when the seat asked is away. */
  showPresence(presence: Record<string, Presence> | null, waitingFor: string | null, connection: string | null): void {
    if (!presence && !connection) {
      this.presence.hidden = true;
      return;
    }
    this.presence.hidden = false;
    const words = { connected: t('pg.online.connected'), away: t('pg.online.away'), agent: t('pg.online.agent') } as const;
    const seats = presence ? Object.entries(presence).map(([p, s]) => el('span', { class: 'online-seat', 'data-seat': p, 'data-presence': s }, `${p} ${words[s]}`)) : [];
    const away = waitingFor && presence?.[waitingFor] === 'away';
    this.presence.dataset.waiting = away ? waitingFor : '';
    const parts: (Node | string)[] = [];
    seats.forEach((s, i) => parts.push(...(i ? [' · ', s] : [s])));
    if (away) parts.push(' — ', el('strong', { id: 'online-waiting' }, t('pg.online.waiting-for', { player: waitingFor })));
    if (connection) parts.push(el('div', { id: 'online-connection' }, connection));
    this.presence.replaceChildren(...parts);
  }
}
