/**
 * What a face reads from a card: the text of a part (an attr as printed, a literal, the title,
 * the printed or generated text…), whether a region's `when` holds, and the card's colours. Pure
 * functions of the IR and the card's index.
 */
import { namedColours } from '../compiler/faces.ts';
import { generatedParagraph } from '../compiler/generated-text.ts';
import { labelText, printedLabels, printedNumber } from './label-text.ts';
import type { Expr, FaceIR, FacePartIR, GameIR, Literal } from '../compiler/ir.ts';

/** Frame colours (fill, dark edge) of the default palette, chosen by the index of an enum value. */
export const PALETTE: [string, string][] = [
  ['#dfe7f5', '#2f4f8f'], // blue
  ['#f7dede', '#9b2c2c'], // red
  ['#fbf0d4', '#9a6b00'], // amber
  ['#dcefe0', '#2d6a3e'], // green
  ['#ebe1f3', '#5b3b80'], // violet
  ['#e3e3e3', '#444444'], // grey
  ['#dff1f1', '#1f6b6b'], // teal
  ['#f6e3d6', '#8a4a1c'], // brown
];
export const NEUTRAL: [string, string] = ['#eeeeee', '#555555'];

function hex(colour: string): string {
  const c = namedColours[colour.toLowerCase()] ?? colour;
  return c.length === 4 ? `#${c[1]}${c[1]}${c[2]}${c[2]}${c[3]}${c[3]}` : c.toLowerCase();
}

function mix(a: string, b: string, t: number): string {
  const pa = [1, 3, 5].map((i) => parseInt(a.slice(i, i + 2), 16));
  const pb = [1, 3, 5].map((i) => parseInt(b.slice(i, i + 2), 16));
  return `#${pa.map((x, i) => Math.round(x + (pb[i]! - x) * t).toString(16).padStart(2, '0')).join('')}`;
}

function luminance(c: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(c.slice(i, i + 2), 16) / 255);
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** A designer's colour as (light fill, edge and ink): a very light colour gets a darker edge so text on it stays legible. */
export function coloursOf(colour: string): [string, string] {
  const base = hex(colour);
  const edge = luminance(base) > 0.6 ? mix(base, '#000000', 0.45) : base;
  return [mix(base, '#ffffff', 0.84), edge];
}

/** The card's value of a field (attrs only; undefined when the card's type has no such attr). */
export function attrValue(ir: GameIR, card: number, field: number): Literal | Literal[] | undefined {
  return ir.cards[card]!.attrs.find((a) => a.field === field)?.value;
}

function enumTitle(ir: GameIR, type: string, value: string): string {
  if (!type.startsWith('enum:')) return value;
  const e = ir.enums.find((x) => x.name === type.slice(5));
  return e?.values.find((v) => v.name === value)?.title || value;
}

/** One printed value as text: an enum by its title, a label by its title, a flag as yes / no. */
export function printedValue(ir: GameIR, type: string, v: Literal): string {
  if (v === null) return '—';
  if (typeof v === 'boolean') return v ? 'yes' : 'no';
  if (typeof v === 'string' && (type === 'labels' || type === 'label')) return ir.labels.find((l) => l.name === v)?.title || v;
  if (typeof v === 'string') return enumTitle(ir, type, v);
  return String(v);
}

/** Every label the card's attrs carry, as printed: titles, with the numbers the card prints (「王（3）」). */
export function labelsOf(ir: GameIR, card: number): string[] {
  const out: string[] = [];
  const c = ir.cards[card]!;
  for (const a of c.attrs) {
    const f = ir.cardFields[a.field];
    if (!f || f.type !== 'labels' || !Array.isArray(a.value)) continue;
    out.push(...printedLabels(ir, c, a.value));
  }
  return out;
}

/** The text of one part on this card, with the face's `show` list applied to attrs. */
export function partText(ir: GameIR, face: FaceIR | null, card: number, part: FacePartIR): string {
  const c = ir.cards[card]!;
  switch (part.kind) {
    case 'text':
      return part.text;
    case 'field': {
      const v = attrValue(ir, card, part.field);
      if (v === undefined) return '';
      const f = ir.cardFields[part.field]!;
      const shown = face?.shows.find((s) => s.field === part.field);
      const one = (x: Literal) => shown?.values.find((s) => s.value === x)?.text ?? printedValue(ir, f.type, x);
      return Array.isArray(v) ? valuesOf(ir, face, card, part.field).join(' · ') : one(v);
    }
    case 'card':
      switch (part.what) {
        case 'title':
          return c.title || c.name;
        case 'name':
          return c.name;
        case 'type':
          return ir.cardTypes[c.type]?.name ?? '';
        case 'printed':
          return c.text ?? '';
        case 'generated':
          return generatedParagraph(ir, card);
        case 'labels':
          return labelsOf(ir, card).join(' · ');
      }
  }
}

/** Each value of a list attr as shown on this face (labels by title, or as `show` says; a value shown as "" is left out). */
export function valuesOf(ir: GameIR, face: FaceIR | null, card: number, field: number): string[] {
  const v = attrValue(ir, card, field);
  if (v === undefined) return [];
  const f = ir.cardFields[field]!;
  const shown = face?.shows.find((s) => s.field === field);
  const c = ir.cards[card]!;
  const one = (x: Literal): string => {
    const text = shown?.values.find((s) => s.value === x)?.text;
    if (f.type !== 'labels') return text ?? printedValue(ir, f.type, x);
    // A label keeps the number the card prints, also where `show` renames it (先制 "先制" → 先制（2）).
    if (text === undefined) return printedLabels(ir, c, [x])[0]!;
    return text === '' ? '' : labelText(text, printedNumber(ir, c, String(x)));
  };
  return (Array.isArray(v) ? v : [v]).map(one).filter((t) => t !== '');
}

/**
 * A `when` condition on this card. The compiler allows only attrs of `this` compared with
 * literals, `in`, `not`, `and`, `or` (compiler/faces.ts); anything else reads as false.
 */
export function holds(ir: GameIR, card: number, e: Expr | null): boolean {
  if (!e) return true;
  return value(ir, card, e) === true;
}

function value(ir: GameIR, card: number, e: Expr): unknown {
  switch (e.kind) {
    case 'lit':
      return e.value;
    case 'cardField':
      return attrValue(ir, card, e.field);
    case 'not':
      return value(ir, card, e.operand) !== true;
    case 'binary': {
      if (e.op === 'and') return value(ir, card, e.left) === true && value(ir, card, e.right) === true;
      if (e.op === 'or') return value(ir, card, e.left) === true || value(ir, card, e.right) === true;
      const l = value(ir, card, e.left);
      const r = value(ir, card, e.right);
      switch (e.op) {
        case '==':
          return l === r;
        case '!=':
          return l !== r;
        case '<':
          return typeof l === 'number' && typeof r === 'number' && l < r;
        case '<=':
          return typeof l === 'number' && typeof r === 'number' && l <= r;
        case '>':
          return typeof l === 'number' && typeof r === 'number' && l > r;
        case '>=':
          return typeof l === 'number' && typeof r === 'number' && l >= r;
        default:
          return undefined;
      }
    }
    case 'inRange': {
      const x = value(ir, card, e.item);
      const lo = value(ir, card, e.low);
      const hi = value(ir, card, e.high);
      return typeof x === 'number' && typeof lo === 'number' && typeof hi === 'number' && x >= lo && x <= hi;
    }
    case 'inList': {
      const x = value(ir, card, e.item);
      return e.list.kind === 'list' && e.list.items.some((i) => value(ir, card, i) === x);
    }
    default:
      return undefined;
  }
}

/**
 * The card's (fill, edge) colours: the face's colour for the card's value of its `colour by`
 * attr, else the face's own colour, else the default palette by the card's first enum attr (the
 * value's place in its enum, so the same value always has the same colour).
 */
export function cardColours(ir: GameIR, face: FaceIR | null, card: number): [string, string] {
  if (face && face.colourField >= 0) {
    const v = attrValue(ir, card, face.colourField);
    const hit = face.colours.find((c) => c.value === v);
    if (hit) return coloursOf(hit.colour);
  }
  if (face?.colour) return coloursOf(face.colour);
  const c = ir.cards[card]!;
  const enumAttr = (face && face.colourField >= 0 ? [c.attrs.find((a) => a.field === face.colourField)] : c.attrs).find((a) => a && ir.cardFields[a.field]?.type.startsWith('enum:'));
  if (!enumAttr) return NEUTRAL;
  const e = ir.enums.find((x) => x.name === ir.cardFields[enumAttr.field]!.type.slice(5));
  const i = e ? e.values.findIndex((x) => x.name === enumAttr.value) : -1;
  return i < 0 ? NEUTRAL : PALETTE[i % PALETTE.length]!;
}
