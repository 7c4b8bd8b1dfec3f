/**
 * The board at a log step: each player's zones with their cards and states, the shared zones
 * and the stack — as one viewer sees them (runtime/view.ts decides: a zone the viewer may not
 * look into shows only its count, a card they may not see has no name).
 *
 * A card is drawn as its face, small (the SVG of `grimoire cards`, from the compile worker's
 * latest faces: cards/faces.ts), with its name under it and its states (damage, tapped…) under
 * that; a card the viewer may not see as the card back; a face-down card the viewer may see as
 * its face marked "face down". A card with no face (renamed since the run, or the rules never
 * compiled) is its name in a box. A deck (a zone nobody may look into) and a zone of many cards
 * are piles — the top card, the count, and the list of the cards on demand — and a zone the viewer
 * may not look into is a pile of backs with its count. Hovering a card shows its face larger (face-preview.ts); its title
 * says its name, states and values. Game text is text (textContent); a face is put in the page
 * only through cards/svg-element.ts.
 */
import type { CardView, PlayerView, RequestView, ZoneView } from '../../../runtime/view.ts';
import type { CardFace } from '../cards/faces.ts';
import { faceElement } from '../cards/svg-element.ts';
import { t } from '../../../i18n/format.ts';
import { endReason } from '../../../scenario/log-words.ts';

/** Where the board finds faces: by card name, the back, and the zones drawn as piles (a deck). */
export interface BoardFaces {
  face(name: string): CardFace | undefined;
  readonly back: string;
  pile(zone: string): boolean;
}

/** A zone of this many cards or more is drawn as a pile (its top card and its count), as a deck is. */
export const PILE_FROM = 13;

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

/** The picture of a card: its face, the back, or (no face known) its name in a box. */
function art(faces: BoardFaces, name: string | undefined): HTMLElement {
  const box = el('span', 'card-art');
  box.setAttribute('aria-hidden', 'true');
  const svg = name === undefined ? faceElement(faces.back) : faceElement(faces.face(name)?.svg ?? '');
  if (svg) box.append(svg);
  else {
    box.classList.add('no-face');
    box.textContent = name ?? '?';
  }
  return box;
}

function cardEl(faces: BoardFaces, c: CardView, attached = false): HTMLElement {
  const card = el('span', `card${attached ? ' attached' : ''}${c.name === undefined ? ' unknown' : ''}${c.facedown ? ' facedown' : ''}`);
  const name = c.name ?? (c.facedown ? t('pg.board.face-down-card') : t('pg.board.hidden-card'));
  if (c.name !== undefined) card.dataset.card = c.name;
  card.append(art(faces, c.name), el('span', 'card-name', name));
  const states = statesText(c.states);
  if (states) card.append(el('span', 'card-states', states));
  if (c.facedown && c.name !== undefined) card.append(el('span', 'card-states', t('pg.board.face-down')));
  const values = Object.entries(c.values ?? {}).map(([k, v]) => `${k} = ${typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v)}`);
  const title = c.name !== undefined ? faces.face(c.name)?.title : undefined;
  card.title = [title && title !== name ? `${name} — ${title}` : name, ...Object.entries(c.states).map(([k, v]) => `${k}: ${JSON.stringify(v)}`), ...values].join('\n');
  if (c.attached.length) {
    const under = el('span', 'card-attached');
    for (const a of c.attached) under.append(cardEl(faces, a, true));
    card.append(under);
  }
  return card;
}

/** A pile: the top card drawn over the edges of the ones beneath, and the count. */
function pileEl(top: HTMLElement, count: number): HTMLElement {
  const pile = el('span', 'pile');
  pile.append(top, el('span', 'pile-count', `×${count}`));
  return pile;
}

function zoneEl(faces: BoardFaces, z: ZoneView): HTMLElement {
  const zone = el('div', 'zone');
  zone.dataset.zone = z.label;
  zone.dataset.count = String(z.count);
  const head = el('div', 'zone-head');
  head.append(el('span', 'zone-name', z.zone), el('span', 'zone-count', String(z.count)));
  zone.append(head);
  if (z.cards === null) {
    zone.dataset.hidden = 'true';
    const hidden = el('span', 'zone-hidden', t('pg.board.zone-hidden', { n: z.count }));
    if (z.count === 0) zone.append(hidden);
    else {
      const back = el('span', 'card unknown');
      back.title = hidden.textContent!;
      back.append(art(faces, undefined), hidden);
      zone.append(pileEl(back, z.count));
    }
  } else if (z.cards.length === 0) zone.append(el('span', 'zone-empty', t('pg.board.zone-empty')));
  else if (z.cards.length >= PILE_FROM || faces.pile(z.zone)) {
    zone.dataset.pile = 'true';
    zone.append(pileEl(cardEl(faces, z.cards[0]!), z.count));
    // Every card of the pile, top first, by name: opened on demand.
    const list = el('details', 'pile-list');
    list.append(el('summary', '', t('pg.board.pile-all', { n: z.cards.length })));
    const names = el('div', 'pile-names');
    for (const c of z.cards) {
      const chip = el('span', `pile-name${c.name === undefined ? ' unknown' : ''}`, c.name ?? (c.facedown ? t('pg.board.face-down-card') : t('pg.board.hidden-card')));
      if (c.name !== undefined) chip.dataset.card = c.name;
      const states = statesText(c.states);
      if (states) chip.title = states;
      names.append(chip);
    }
    list.append(names);
    zone.append(list);
  } else {
    const cards = el('div', 'cards');
    for (const c of z.cards) cards.append(cardEl(faces, c));
    zone.append(cards);
  }
  return zone;
}

function requestEl(faces: BoardFaces, r: RequestView): HTMLElement {
  const req = el('div', 'request');
  req.append(el('span', 'request-name', t('pg.board.request', { action: r.action, controller: r.controller })));
  for (const c of r.cards) req.append(cardEl(faces, c));
  return req;
}

function varsText(vars: Record<string, unknown>): string {
  return Object.entries(vars)
    .filter(([, v]) => v !== null)
    .map(([k, v]) => `${k} ${typeof v === 'object' ? JSON.stringify(v) : String(v)}`)
    .join(' · ');
}

/** Draws `view` (the board after a step) into `host`; `caption` says which step and viewer. */
export function renderBoard(host: HTMLElement, view: PlayerView, caption: string, faces: BoardFaces): void {
  host.replaceChildren();
  host.dataset.viewer = view.viewer;
  host.append(el('div', 'board-caption', `${caption} · ${t('pg.board.turn', { turn: view.turn, active: view.active })}${view.result ? ` · ${t('pg.board.over', { outcome: view.result.winner ? t('pg.board.won', { winner: view.result.winner }) : t('pg.match.a-draw'), reason: endReason(view.result) })}` : ''}`));
  for (const p of view.players) {
    const side = el('section', `board-player${p.name === view.active ? ' active' : ''}${p.out ? ' out' : ''}`);
    side.dataset.player = p.name;
    const head = el('div', 'board-player-head');
    head.append(el('strong', '', p.name));
    if (p.name === view.active) head.append(el('span', 'badge', t('pg.board.active')));
    // A player out of the game (more than two players): the place they went out in.
    if (p.out) head.append(el('span', 'badge out', t('pg.board.out', { place: p.out.place })));
    const vars = varsText(p.vars);
    if (vars) head.append(el('span', 'player-vars', vars));
    const zones = el('div', 'zones');
    for (const z of p.zones) zones.append(zoneEl(faces, z));
    side.append(head, zones);
    host.append(side);
  }
  if (view.shared.length) {
    const shared = el('section', 'board-shared');
    const zones = el('div', 'zones');
    for (const z of view.shared) zones.append(zoneEl(faces, z));
    shared.append(el('div', 'board-player-head', t('pg.board.shared')), zones);
    host.append(shared);
  }
  const stack = el('section', 'board-stack');
  stack.append(el('div', 'board-player-head', t('pg.board.stack', { n: view.stack.length })));
  if (view.stack.length === 0) stack.append(el('span', 'zone-empty', t('pg.board.zone-empty')));
  for (const r of [...view.stack].reverse()) stack.append(requestEl(faces, r));
  host.append(stack);
}

/** The board area without a board: a note in words (nothing run yet, loading, a problem). */
export function boardNote(host: HTMLElement, note: string): void {
  host.replaceChildren(el('div', 'board-note', note));
}
