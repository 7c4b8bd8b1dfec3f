/**
 * The run panel's choice of a variant for a random game: a Format list (shown when the game has
 * more than one format) and a Parameters disclosure with one control per rule parameter. Both
 * follow the latest compile result — the lists come from the compiled rules, never from here —
 * and the values chosen are kept per game for the page's session (in memory only); an edit that
 * removes a parameter drops its value. Only the values that differ from a default are sent.
 */
import type { GameVariants, ParamInfo, ParamValue, VariantChoice } from '../worker/variants.ts';
import { keptChoice, valueText } from '../worker/variants.ts';
import { el } from './dom.ts';
import { t } from '../../../i18n/format.ts';

/** A parameter's note and citation, for its tooltip. */
function tooltip(p: ParamInfo): string {
  return [p.note, p.cite ? t('pg.params.cite', { cite: p.cite }) : ''].filter(Boolean).join('\n');
}

export class VariantControls {
  readonly format = el('select', { id: 'format', 'aria-label': t('pg.params.format-aria') });
  /** The Format list with its label (hidden when the game has one format). */
  readonly formatLabel = el('label', { class: 'format-choice' }, t('pg.params.format') + ' ');
  readonly details = el('details', { id: 'params' });
  private readonly changed = el('span', { id: 'params-changed' });
  private readonly list = el('div', { class: 'params-list' });
  private readonly defaults = el('button', { id: 'params-defaults', type: 'button', title: t('pg.params.defaults-title') }, t('pg.params.defaults'));
  private game = '';
  /** The latest list of each game whose rules compiled in this session. */
  private readonly known = new Map<string, GameVariants>();
  private readonly choices = new Map<string, VariantChoice>();
  /** Inputs of the shown game that hold no valid value: parameter → what is wrong, in words. */
  private readonly invalid = new Map<string, string>();
  /** What the controls show (game and list), so that they are rebuilt only when it changes. */
  private shown = '';

  /** `say` shows a problem with a value in #run-message; `say('')` takes such a problem away. */
  constructor(private readonly say: (text: string) => void) {
    this.formatLabel.append(this.format);
    const summary = el('summary', {}, t('pg.params.summary'));
    summary.append(' ', this.changed);
    this.details.append(summary, this.list, this.defaults);
    this.formatLabel.hidden = true;
    this.details.hidden = true;
    this.format.onchange = () => {
      const v = this.known.get(this.game);
      if (!v) return;
      this.current().format = this.format.value === v.defaultFormat ? undefined : this.format.value;
    };
    this.defaults.onclick = () => {
      this.current().params = {};
      this.invalid.clear();
      this.shown = '';
      this.render();
      this.say('');
    };
  }

  /** A check of `game`'s rules; `variants` is null when they do not compile (the last list stays). */
  update(game: string, variants: GameVariants | null): void {
    if (variants) {
      this.known.set(game, variants);
      const c = this.choices.get(game);
      if (c) this.choices.set(game, keptChoice(variants, c));
    }
    if (game === this.game) this.render();
  }

  /** The open game. */
  show(game: string): void {
    this.game = game;
    this.render();
  }

  /** The format (undefined: the game's default) and the changed parameters to play, or what is wrong. */
  choice(): VariantChoice | { problem: string } {
    const bad = this.invalid.values().next();
    if (!bad.done) return { problem: bad.value };
    const c = this.current();
    return { ...(c.format === undefined ? {} : { format: c.format }), params: { ...c.params } };
  }

  private current(): VariantChoice {
    let c = this.choices.get(this.game);
    if (!c) this.choices.set(this.game, (c = { params: {} }));
    return c;
  }

  /** Called whenever the number of players the choice plays with may have changed (the Simulate row's seats follow it). */
  onPlayers: ((players: number) => void) | null = null;

  /** The number of players of the open game under the current choice (`players param`'s value, or the fixed number). */
  players(): number {
    const v = this.known.get(this.game);
    if (!v) return 2;
    const chosen = v.playersParam !== undefined ? this.current().params[v.playersParam] : undefined;
    return typeof chosen === 'number' ? chosen : (v.players ?? 2);
  }

  private render(): void {
    this.onPlayers?.(this.players());
    const v = this.known.get(this.game);
    const sig = `${this.game}\u0000${JSON.stringify(v ?? null)}`;
    if (sig === this.shown) return;
    this.shown = sig;
    this.invalid.clear();
    const c = this.current();
    const formats = v?.formats ?? [];
    this.format.replaceChildren(...formats.map((f) => el('option', { value: f.name, title: f.title }, f.name === v!.defaultFormat ? t('pg.params.default-option', { value: f.name }) : f.name)));
    this.format.value = c.format ?? v?.defaultFormat ?? '';
    this.formatLabel.hidden = formats.length <= 1;
    this.list.replaceChildren(...(v?.params ?? []).map((p) => this.row(p, c.params[p.name] ?? p.value)));
    this.details.hidden = !v || v.params.length === 0;
    this.count();
  }

  private count(): void {
    const n = Object.keys(this.current().params).length;
    this.changed.textContent = n ? t('pg.params.changed', { n }) : '';
  }

  /** One parameter: its name, a control showing `value`, its default; note and cite as the tooltip. */
  private row(p: ParamInfo, value: ParamValue): HTMLElement {
    const row = el('div', { class: 'param', 'data-param': p.name, 'data-changed': String(value !== p.value) });
    const title = tooltip(p);
    if (title) row.title = title;
    const set = (v: ParamValue) => {
      if (this.invalid.delete(p.name)) this.say('');
      delete row.dataset.invalid;
      const params = this.current().params;
      if (v === p.value) delete params[p.name];
      else params[p.name] = v;
      row.dataset.changed = String(v !== p.value);
      this.count();
      this.onPlayers?.(this.players());
    };
    let control: HTMLSelectElement | HTMLInputElement;
    if (p.alternatives.length > 0) {
      const values = [p.value, ...p.alternatives];
      control = el('select', { 'aria-label': p.name });
      control.append(...values.map((x, i) => el('option', { value: String(i) }, i === 0 ? t('pg.params.default-option', { value: valueText(x) }) : valueText(x))));
      control.value = String(Math.max(0, values.indexOf(value)));
      const select = control;
      select.onchange = () => set(values[Number(select.value)]!);
    } else if (p.type === 'bool') {
      const box = (control = el('input', { type: 'checkbox', 'aria-label': p.name }));
      box.checked = value === true;
      box.onchange = () => set(box.checked);
    } else if (p.type === 'number') {
      const input = (control = el('input', { type: 'number', step: '1', 'aria-label': p.name, value: valueText(value) }));
      const read = (tell: boolean) => {
        const raw = input.value.trim();
        const n = Number(raw);
        if (raw !== '' && Number.isInteger(n)) return set(n);
        const why = t('pg.params.bad-number', { name: p.name, value: valueText(p.value), raw });
        this.invalid.set(p.name, why);
        row.dataset.invalid = 'true';
        if (tell) this.say(why);
      };
      input.oninput = () => read(false);
      input.onchange = () => read(true);
    } else {
      const input = (control = el('input', { type: 'text', 'aria-label': p.name, value: valueText(value) }));
      input.oninput = () => set(input.value);
    }
    const name = el('label', { class: 'param-name' }, p.name + ' ');
    name.append(control);
    row.append(name);
    // A list marks its default option; an input says its default beside it.
    if (p.alternatives.length === 0) row.append(' ', el('span', { class: 'param-default' }, t('pg.params.default-value', { value: valueText(p.value) })));
    return row;
  }
}
