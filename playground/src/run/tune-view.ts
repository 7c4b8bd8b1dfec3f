/**
 * The Tune row of the run pane: `grimoire tune` in the page — what should this card's number be?
 * A card and a number it prints (suggested from the faces of the latest check: every card, and
 * the chosen card's number attrs), the values to try in the CLI's syntax (0..6, 0..10..2, 1,3,5;
 * prefilled around the printed value when a card and attr are chosen) and the games per value;
 * the seats' agents are the Simulate row's. The worker checks the card, the attr and the values
 * (balance/tune.ts) and says in words what is wrong; the curve and its table are shown in the
 * Simulate results (simulate-view.ts). DOM only: the panel (panel.ts) sends the request.
 */
import type { CardFace } from '../worker/card-faces.ts';
import { MAX_TUNE_GAMES } from '../worker/run-protocol.ts';
import { el } from './dom.ts';
import { t } from '../../../i18n/format.ts';

export const DEFAULT_TUNE_GAMES = 200;

export interface TuneChoice {
  card: string;
  attr: string;
  values: string;
  games: number;
}

export class TuneView {
  /** The controls (a row of the run panel). */
  readonly controls = el('div', { class: 'run-controls', id: 'tune-controls' });
  private readonly card = el('input', { id: 'tune-card', type: 'text', list: 'tune-cards', 'aria-label': t('pg.tune.card-aria'), placeholder: t('pg.tune.card-placeholder'), size: '12', autocomplete: 'off', spellcheck: 'false' });
  private readonly cards = el('datalist', { id: 'tune-cards' });
  private readonly attr = el('input', { id: 'tune-attr', type: 'text', list: 'tune-attrs', 'aria-label': t('pg.tune.attr-aria'), placeholder: 'cost', size: '8', autocomplete: 'off', spellcheck: 'false' });
  private readonly attrs = el('datalist', { id: 'tune-attrs' });
  private readonly values = el('input', { id: 'tune-values', type: 'text', 'aria-label': t('pg.tune.values-aria'), placeholder: '0..6', size: '8', title: t('pg.tune.values-title'), autocomplete: 'off', spellcheck: 'false' });
  private readonly games = el('input', { id: 'tune-games', type: 'number', value: String(DEFAULT_TUNE_GAMES), min: '1', max: String(MAX_TUNE_GAMES), step: '100', 'aria-label': t('pg.tune.games-aria') });
  private readonly start = el('button', { id: 'tune', type: 'button', title: t('pg.tune.start-title') }, t('pg.tune.start'));
  private faces: readonly CardFace[] = [];
  /** Whether the values were typed by hand (then kept: no prefill). */
  private typed = false;

  constructor(run: () => void) {
    const label = (text: string, ...controls: HTMLElement[]) => {
      const l = el('label', {}, `${text} `);
      l.append(...controls);
      return l;
    };
    this.controls.append(el('strong', { title: t('pg.tune.heading-title') }, t('pg.tune.start')), label(t('pg.tune.card'), this.card, this.cards), label(t('pg.tune.attr'), this.attr, this.attrs), label(t('pg.tune.values'), this.values), label(t('pg.tune.games'), this.games), this.start);
    this.start.onclick = () => run();
    this.card.oninput = () => this.cardChanged();
    this.attr.oninput = () => this.prefill();
    this.values.oninput = () => (this.typed = this.values.value.trim() !== '');
  }

  /** The open game's cards (the faces of the latest check): the suggestions. */
  setCards(faces: readonly CardFace[]): void {
    this.faces = faces;
    const tunable = faces.filter((f) => f.numbers.length);
    this.cards.replaceChildren(...tunable.map((f) => el('option', { value: f.name }, f.title !== f.name ? `${f.title} (${f.numbers.map((n) => `${n.attr} ${n.value}`).join(', ')})` : f.numbers.map((n) => `${n.attr} ${n.value}`).join(', '))));
    this.cardChanged();
  }

  /** A new game: nothing chosen. */
  reset(): void {
    this.card.value = '';
    this.attr.value = '';
    this.values.value = '';
    this.typed = false;
    this.attrs.replaceChildren();
  }

  private face(): CardFace | undefined {
    return this.faces.find((f) => f.name === this.card.value.trim());
  }

  private cardChanged(): void {
    const face = this.face();
    this.attrs.replaceChildren(...(face?.numbers ?? []).map((n) => el('option', { value: n.attr }, t('pg.tune.printed', { value: n.value }))));
    // One number only (or the attr typed is not the card's): choose it.
    if (face && face.numbers.length && !face.numbers.some((n) => n.attr === this.attr.value.trim())) this.attr.value = face.numbers.length === 1 || !this.attr.value.trim() ? face.numbers[0]!.attr : this.attr.value;
    this.prefill();
  }

  /** Values around the printed one (from 0, three either side) when the card and attr are known and the values were not typed. */
  private prefill(): void {
    const face = this.face();
    const n = face?.numbers.find((x) => x.attr === this.attr.value.trim());
    if (!face || !n || this.typed) return;
    const from = Math.max(0, Math.floor(n.value) - 3);
    this.values.value = `${from}..${from + 6}`;
  }

  /** The card, attr, values and games chosen, or what is wrong with the games (the rest the worker checks, as the CLI does). */
  choice(): TuneChoice | { problem: string } {
    const games = Number(this.games.value);
    if (!Number.isInteger(games) || games < 1 || games > MAX_TUNE_GAMES) return { problem: t('pg.tune.bad-games', { max: MAX_TUNE_GAMES, example: DEFAULT_TUNE_GAMES }) };
    return { card: this.card.value.trim(), attr: this.attr.value.trim(), values: this.values.value, games };
  }
}
