/**
 * The board at a log step: each player's zones with their cards and states, the shared zones
 * and the stack — as one viewer sees them (runtime/view.ts decides: a zone the viewer may not
 * look into shows only its count, a card they may not see has no name). Text only, never HTML.
 */
import type { CardView, PlayerView, RequestView, ZoneView } from '../../../runtime/view.ts';

function el<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  e.className = className;
  if (text !== undefined) e.textContent = text;
  return e;
}

/** A card's states in a few words: true flags by name, other values as name value. */
function statesText(states: Record<string, unknown>): string {
  return Object.entries(states)
    .filter(([, v]) => v !== false && v !== null)
    .map(([k, v]) => (v === true ? k : `${k} ${typeof v === 'object' ? JSON.stringify(v) : String(v)}`))
    .join(' · ');
}

function cardEl(c: CardView, attached = false): HTMLElement {
  const card = el('span', `card${attached ? ' attached' : ''}${c.name === undefined ? ' unknown' : ''}${c.facedown ? ' facedown' : ''}`);
  const name = c.name ?? (c.facedown ? 'face-down card' : 'hidden card');
  if (c.name !== undefined) card.dataset.card = c.name;
  card.append(el('span', 'card-name', name));
  const states = statesText(c.states);
  if (states) card.append(el('span', 'card-states', states));
  if (c.facedown && c.name !== undefined) card.append(el('span', 'card-states', 'face down'));
  const values = Object.entries(c.values ?? {}).map(([k, v]) => `${k} = ${typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v)}`);
  card.title = [name, ...Object.entries(c.states).map(([k, v]) => `${k}: ${JSON.stringify(v)}`), ...values].join('\n');
  for (const a of c.attached) card.append(cardEl(a, true));
  return card;
}

function zoneEl(z: ZoneView): HTMLElement {
  const zone = el('div', 'zone');
  zone.dataset.zone = z.label;
  zone.dataset.count = String(z.count);
  const head = el('div', 'zone-head');
  head.append(el('span', 'zone-name', z.zone), el('span', 'zone-count', String(z.count)));
  zone.append(head);
  if (z.cards === null) {
    zone.dataset.hidden = 'true';
    zone.append(el('span', 'zone-hidden', `${z.count} card${z.count === 1 ? '' : 's'}, hidden`));
  } else if (z.cards.length === 0) zone.append(el('span', 'zone-empty', 'empty'));
  else {
    const cards = el('div', 'cards');
    for (const c of z.cards) cards.append(cardEl(c));
    zone.append(cards);
  }
  return zone;
}

function requestEl(r: RequestView): HTMLElement {
  const req = el('div', 'request');
  req.append(el('span', 'request-name', `${r.action} (by ${r.controller})`));
  for (const c of r.cards) req.append(cardEl(c));
  return req;
}

function varsText(vars: Record<string, unknown>): string {
  return Object.entries(vars)
    .filter(([, v]) => v !== null)
    .map(([k, v]) => `${k} ${typeof v === 'object' ? JSON.stringify(v) : String(v)}`)
    .join(' · ');
}

/** Draws `view` (the board after a step) into `host`; `caption` says which step and viewer. */
export function renderBoard(host: HTMLElement, view: PlayerView, caption: string): void {
  host.replaceChildren();
  host.dataset.viewer = view.viewer;
  host.append(el('div', 'board-caption', `${caption} · turn ${view.turn}, ${view.active} active${view.result ? ` · ${view.result.winner ? `${view.result.winner} won` : 'draw'}: ${view.result.reason}` : ''}`));
  for (const p of view.players) {
    const side = el('section', `board-player${p.name === view.active ? ' active' : ''}`);
    side.dataset.player = p.name;
    const head = el('div', 'board-player-head');
    head.append(el('strong', '', p.name));
    if (p.name === view.active) head.append(el('span', 'badge', 'active'));
    const vars = varsText(p.vars);
    if (vars) head.append(el('span', 'player-vars', vars));
    side.append(head);
    for (const z of p.zones) side.append(zoneEl(z));
    host.append(side);
  }
  if (view.shared.length) {
    const shared = el('section', 'board-shared');
    shared.append(el('div', 'board-player-head', 'shared'));
    for (const z of view.shared) shared.append(zoneEl(z));
    host.append(shared);
  }
  const stack = el('section', 'board-stack');
  stack.append(el('div', 'board-player-head', `stack (${view.stack.length})`));
  if (view.stack.length === 0) stack.append(el('span', 'zone-empty', 'empty'));
  for (const r of [...view.stack].reverse()) stack.append(requestEl(r));
  host.append(stack);
}

/** The board area without a board: a note in words (nothing run yet, loading, a problem). */
export function boardNote(host: HTMLElement, note: string): void {
  host.replaceChildren(el('div', 'board-note', note));
}
