/**
 * A game's variants — its formats and its rule parameters — as the compiled rules declare them,
 * and the checks on a designer's choice of them for a random game. The compile worker sends the
 * list with every check (so the run panel's Format list and Parameters follow the edited rules);
 * the run worker checks a choice against the rules it compiled itself before it plays. Plain
 * data, no DOM: the page, both workers and the tests use it.
 */
import type { GameIR, ParamIR } from '../../../compiler/ir.ts';
import { t } from '../../../i18n/format.ts';

export type ParamValue = number | boolean | string;

export type ParamInfo = Pick<ParamIR, 'name' | 'type' | 'value' | 'alternatives' | 'cite' | 'note'>;

export interface GameVariants {
  /** In the order the game declares them. */
  formats: { name: string; title: string }[];
  defaultFormat: string;
  params: ParamInfo[];
  /** The number of players (`players N`, or the default of `players param`), and that parameter's name if any. */
  players?: number;
  playersParam?: string;
}

/** What the designer chose: a format (undefined: the default) and the values that differ from a default. */
export interface VariantChoice {
  format?: string;
  params: Record<string, ParamValue>;
}

export function variantsOf(ir: GameIR): GameVariants {
  return {
    formats: ir.game.formats.map((f) => ({ name: f.name, title: f.title })),
    defaultFormat: ir.game.defaultFormat,
    params: ir.params.map((p) => ({ name: p.name, type: p.type, value: p.value, alternatives: [...p.alternatives], cite: p.cite, note: p.note })),
    players: ir.game.players,
    ...(ir.game.playersParam !== undefined ? { playersParam: ir.params[ir.game.playersParam]!.name } : {}),
  };
}

/** A value as the command line writes it (`--param name=value`). */
export function valueText(v: ParamValue): string {
  return String(v);
}

/** Why `value` cannot be given to the parameter, in words, or null when it can. */
export function valueProblem(p: ParamInfo, value: ParamValue): string | null {
  const typed =
    p.type === 'number' ? typeof value === 'number' && Number.isInteger(value) : p.type === 'bool' ? typeof value === 'boolean' : typeof value === 'string';
  if (!typed) return t('pg.param.wrong-type', { name: p.name, type: p.type === 'number' ? 'number' : p.type === 'bool' ? 'bool' : 'text', value: JSON.stringify(value) });
  if (p.alternatives.length > 0 && value !== p.value && !p.alternatives.includes(value)) {
    return t('pg.param.not-a-value', { name: p.name, value: valueText(value), default: valueText(p.value), others: p.alternatives.map(valueText) });
  }
  return null;
}

/**
 * Checks a choice against the rules: a known format, known parameters, allowed values. Returns
 * the format to play and only the parameters that differ from their default, or the first
 * problem in words.
 */
export function checkChoice(v: GameVariants, choice: VariantChoice): { format: string; params: Record<string, ParamValue> } | { problem: string } {
  const format = choice.format ?? v.defaultFormat;
  if (!v.formats.some((f) => f.name === format)) {
    return { problem: t('pg.param.bad-format', { format, formats: v.formats.map((f) => f.name) }) };
  }
  const params: Record<string, ParamValue> = {};
  for (const [name, value] of Object.entries(choice.params)) {
    const p = v.params.find((x) => x.name === name);
    if (!p) return { problem: t('pg.param.gone', { name, params: v.params.length ? v.params.map((x) => x.name) : t('pg.param.none') }) };
    const problem = valueProblem(p, value);
    if (problem) return { problem };
    if (value !== p.value) params[name] = value;
  }
  return { format, params };
}

/**
 * A choice kept across an edit of the rules: a format that is gone falls back to the default,
 * and values of parameters that are gone (or whose value is no longer allowed, or is now the
 * default) are dropped.
 */
export function keptChoice(v: GameVariants, choice: VariantChoice): VariantChoice {
  const params: Record<string, ParamValue> = {};
  for (const [name, value] of Object.entries(choice.params)) {
    const p = v.params.find((x) => x.name === name);
    if (p && value !== p.value && !valueProblem(p, value)) params[name] = value;
  }
  const format = choice.format !== undefined && v.formats.some((f) => f.name === choice.format) ? choice.format : undefined;
  return format === undefined ? { params } : { format, params };
}

/** "pro, opening_hand=7" — the format and each parameter that differs from its default. */
export function choiceLabel(format: string | null, params: Record<string, ParamValue> | null): string {
  return [...(format ? [format] : []), ...Object.entries(params ?? {}).map(([k, v]) => `${k}=${valueText(v)}`)].join(', ');
}
