/**
 * The Cards gallery: every card of the open game as its face (faces/, drawn in the compile
 * worker: cards/faces.ts), updated as the designer types; a filter by name, title or type; a
 * click opens the card's definition in the editor. While the rules have errors the last good
 * faces stay, marked stale.
 *
 * Typing must not get slower for it: a face is drawn (its SVG parsed and put in the page) only
 * when its place in the grid scrolls into view — nothing at all while the tab is hidden — and a
 * card whose SVG did not change keeps the element it has. An update moves or relabels the grid's
 * buttons; the SVG work is for the faces in sight whose text changed.
 */
import './cards.css';
import type { CardFace, CardFaces } from './faces.ts';
import { faceElement } from './svg-element.ts';
import { el } from '../run/dom.ts';
import { t } from '../../../i18n/format.ts';

export interface GalleryDeps {
  faces: CardFaces;
  /** Opens a card's definition (its file, 1-based line and column). */
  open(card: CardFace): void;
  /** Called with the number of cards whenever it changes (the tab's label). */
  counted?(n: number): void;
}

/** One card of the grid: its button, and the SVG text its drawn face shows ('' until drawn). */
interface Item {
  card: CardFace;
  button: HTMLButtonElement;
  art: HTMLElement;
  drawn: string;
  visible: boolean;
}

export class Gallery {
  readonly host = el('div', { id: 'cards-gallery', 'aria-label': t('pg.gallery.aria') });
  private readonly filter = el('input', { id: 'cards-filter', type: 'search', placeholder: t('pg.gallery.filter-placeholder'), 'aria-label': t('pg.gallery.filter-aria') });
  private readonly typeSelect = el('select', { id: 'cards-type', 'aria-label': t('pg.gallery.type-aria') });
  private readonly count = el('span', { id: 'cards-count' });
  private readonly note = el('div', { id: 'cards-note', role: 'status' });
  private readonly grid = el('div', { id: 'cards-grid' });
  private items = new Map<string, Item>();
  private readonly byButton = new WeakMap<Element, Item>();
  private readonly observer: IntersectionObserver;

  constructor(private deps: GalleryDeps, scroller: HTMLElement) {
    const controls = el('div', { class: 'gallery-controls' });
    controls.append(this.filter, this.typeSelect, this.count);
    this.host.append(controls, this.note, this.grid);
    this.observer = new IntersectionObserver((entries) => this.seen(entries), { root: scroller, rootMargin: '400px 0px' });
    this.filter.oninput = () => this.applyFilter();
    this.typeSelect.onchange = () => this.applyFilter();
    this.grid.onclick = (ev) => {
      const item = this.byButton.get((ev.target as Element).closest('.card-face') as Element);
      if (item) deps.open(item.card);
    };
    deps.faces.onChange(() => this.update());
    this.update();
  }

  /** Takes the faces as they are now: buttons added, moved, relabelled or removed; faces in sight redrawn. */
  update(): void {
    const t0 = performance.now();
    const { faces } = this.deps;
    const cards = faces.cards;
    const next = new Map<string, Item>();
    const order: HTMLButtonElement[] = [];
    for (const card of cards) {
      let item = this.items.get(card.name);
      if (!item) {
        const button = el('button', { type: 'button', class: 'card-face' });
        const art = el('div', { class: 'face-art' });
        button.append(art, el('span', { class: 'face-name' }));
        item = { card, button, art, drawn: '', visible: false };
        this.byButton.set(button, item);
        this.observer.observe(button);
      }
      item.card = card;
      this.label(item);
      if (item.visible && item.drawn !== card.svg) this.draw(item);
      next.set(card.name, item);
      order.push(item.button);
    }
    for (const [name, item] of this.items) {
      if (!next.has(name)) this.observer.unobserve(item.button);
    }
    this.items = next;
    // Only when the cards or their order changed: moving nodes is cheap, but not free.
    const children = this.grid.children;
    if (children.length !== order.length || order.some((b, i) => children[i] !== b)) this.grid.replaceChildren(...order);
    this.types(cards);
    this.applyFilter();
    this.state();
    this.host.dataset.renderMs = (performance.now() - t0).toFixed(1);
    this.deps.counted?.(cards.length);
  }

  /** The button's text and data: what tests, the filter and assistive technology read. */
  private label(item: Item): void {
    const { card, button } = item;
    button.dataset.card = card.name;
    button.dataset.type = card.type;
    const title = card.title === card.name ? card.name : `${card.title} (${card.name})`;
    button.title = t('pg.gallery.card-title', { title, type: card.type, file: card.file, line: card.line });
    button.setAttribute('aria-label', t('pg.gallery.card-aria', { title, type: card.type }));
    const name = button.lastElementChild!;
    if (name.textContent !== card.name) name.textContent = card.name;
    if (!item.drawn && item.art.textContent !== card.title) item.art.textContent = card.title; // until the face is drawn
  }

  private draw(item: Item): void {
    const svg = faceElement(item.card.svg);
    if (svg) item.art.replaceChildren(svg);
    else item.art.textContent = item.card.title; // faces/ failed on it: FaceSet.problem says so above
    item.drawn = item.card.svg;
    item.button.dataset.drawn = 'true';
  }

  private seen(entries: IntersectionObserverEntry[]): void {
    for (const e of entries) {
      const item = this.byButton.get(e.target);
      if (!item) continue;
      item.visible = e.isIntersecting;
      if (item.visible && item.drawn !== item.card.svg) this.draw(item);
    }
  }

  /** The card types in the type list, in the game's order (the choice kept while it exists). */
  private types(cards: readonly CardFace[]): void {
    const types = [...new Set(cards.map((c) => c.type))];
    const have = Array.from(this.typeSelect.options).slice(1).map((o) => o.value);
    if (have.length === types.length && have.every((t, i) => t === types[i])) return;
    const chosen = this.typeSelect.value;
    this.typeSelect.replaceChildren(el('option', { value: '' }, t('pg.gallery.all-types')), ...types.map((t) => el('option', { value: t }, t)));
    this.typeSelect.value = types.includes(chosen) ? chosen : '';
    this.typeSelect.hidden = types.length < 2;
  }

  private applyFilter(): void {
    const words = this.filter.value.trim().toLowerCase().split(/\s+/).filter(Boolean);
    const type = this.typeSelect.value;
    let shown = 0;
    for (const item of this.items.values()) {
      const c = item.card;
      const text = `${c.name} ${c.title} ${c.type}`.toLowerCase();
      const show = (!type || c.type === type) && words.every((w) => text.includes(w));
      if (item.button.hidden === show) item.button.hidden = !show;
      if (show) shown++;
    }
    const total = this.items.size;
    this.count.textContent = shown === total ? t('pg.gallery.count', { n: total }) : t('pg.gallery.count-of', { shown, total });
    this.grid.dataset.shown = String(shown);
  }

  /** The note above the grid: stale faces, a face faces/ could not draw, no faces yet. */
  private state(): void {
    const { faces } = this.deps;
    const notes: string[] = [];
    const why = faces.stale === 'errors' ? t('pg.gallery.why-errors') : t('pg.gallery.why-unchecked');
    if (!faces.loaded) notes.push(faces.stale ? t('pg.gallery.no-faces', { why }) : t('pg.gallery.checking'));
    else if (faces.stale) notes.push(t('pg.gallery.stale', { why }));
    else if (!faces.cards.length) notes.push(t('pg.gallery.no-cards'));
    if (faces.problem) notes.push(faces.problem);
    this.note.textContent = notes.join(' ');
    this.host.dataset.state = !faces.loaded ? 'empty' : faces.stale ? 'stale' : 'current';
    this.host.dataset.count = String(faces.cards.length);
  }
}
