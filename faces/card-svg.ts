/**
 * A card face as SVG, from the compiled IR alone (compiler/ir.ts): the default layout of
 * `grimoire cards` (docs/cards.md). A pure function — no file system, no clock, no randomness —
 * so the same IR gives the same bytes, and every text from the game is XML-escaped.
 *
 * The face is 63 × 88 mm (the usual trading-card size), drawn in a 630 × 880 viewBox (0.1 mm per
 * unit): a coloured frame (the colour from the card's first enum attribute), the title and name,
 * the card type, the printed attributes (enums by their titles), a picture placeholder, the labels
 * it carries and a text area (a printed-text field if it has one, else its cite).
 */
import type { GameIR, Literal } from '../compiler/ir.ts';
import { isPrintedNumber, printedLabels } from './label-text.ts';

export { labelText } from './label-text.ts';

export const CARD_WIDTH_MM = 63;
export const CARD_HEIGHT_MM = 88;
const W = 630;
const H = 880;

export const FONT_FAMILY = "'Noto Sans CJK JP', 'Noto Sans JP', sans-serif";

/** Frame colours (fill, dark edge), chosen by the index of the card's first enum value. */
const PALETTE: [string, string][] = [
  ['#dfe7f5', '#2f4f8f'], // blue
  ['#f7dede', '#9b2c2c'], // red
  ['#fbf0d4', '#9a6b00'], // amber
  ['#dcefe0', '#2d6a3e'], // green
  ['#ebe1f3', '#5b3b80'], // violet
  ['#e3e3e3', '#444444'], // grey
  ['#dff1f1', '#1f6b6b'], // teal
  ['#f6e3d6', '#8a4a1c'], // brown
];
const NEUTRAL: [string, string] = ['#eeeeee', '#555555'];

/** Field names whose text is the card's printed text (rules text), in preference order. */
const TEXT_FIELDS = ['text', 'rules_text', 'effect', 'ability', 'flavor', 'description', 'テキスト', '効果'];

/** Text for XML content and attribute values (also drops characters XML 1.0 forbids). */
export function escapeXml(s: string): string {
  return s
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** A file-name-safe slug of a card name (ASCII letters and digits, else 'card'). */
export function slug(name: string): string {
  const s = name
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase()
    .slice(0, 40);
  return s || 'card';
}

/** One printed attribute: the field's name and the value as printed. */
export interface FaceAttr {
  name: string;
  value: string;
}

/** What the default face shows, before layout (exported for tests and other renderers). */
export interface FaceContent {
  title: string;
  name: string;
  type: string;
  attrs: FaceAttr[];
  labels: string[];
  text: string;
  colour: [string, string];
}

function enumOf(ir: GameIR, type: string) {
  return type.startsWith('enum:') ? ir.enums.find((e) => e.name === type.slice(5)) : undefined;
}

function printed(ir: GameIR, type: string, v: Literal): string {
  if (v === null) return '—';
  if (typeof v === 'boolean') return v ? 'yes' : 'no';
  const e = enumOf(ir, type);
  if (e && typeof v === 'string') return e.values.find((x) => x.name === v)?.title || v;
  return String(v);
}

/** The content of card `index`'s face. */
export function faceContent(ir: GameIR, index: number): FaceContent {
  const card = ir.cards[index];
  if (!card) throw new RangeError(`no card ${index} (the game has ${ir.cards.length})`);
  const attrs: FaceAttr[] = [];
  const labels: string[] = [];
  let text = '';
  let colour: [string, string] | null = null;
  for (const a of card.attrs) {
    const field = ir.cardFields[a.field];
    if (!field || isPrintedNumber(ir, a.field)) continue;
    if (Array.isArray(a.value)) {
      // A list attribute: labels by their titles (with the numbers the card prints), anything else as a list.
      if (field.type === 'labels' || field.name === 'labels') labels.push(...printedLabels(ir, card, a.value));
      else attrs.push({ name: field.name, value: a.value.map((v) => printed(ir, field.type, v)).join(', ') });
      continue;
    }
    const e = enumOf(ir, field.type);
    if (e && colour === null) {
      const i = e.values.findIndex((x) => x.name === a.value);
      colour = i < 0 ? NEUTRAL : PALETTE[i % PALETTE.length]!;
    }
    if (field.type === 'text' && TEXT_FIELDS.includes(field.name)) {
      if (!text && typeof a.value === 'string') text = a.value;
      continue;
    }
    // Empty texts and false flags are not printed (a field the card does not use).
    if (a.value === '' || a.value === false || a.value === null) continue;
    attrs.push({ name: field.name, value: printed(ir, field.type, a.value) });
  }
  return {
    title: card.title || card.name,
    name: card.name,
    type: ir.cardTypes[card.type]?.name ?? '',
    attrs,
    labels,
    text: text || card.cite,
    colour: colour ?? NEUTRAL,
  };
}

/** Width of a character in ems, roughly (CJK and other wide characters are 1, Latin about 0.55). */
function charWidth(c: string): number {
  const cp = c.codePointAt(0)!;
  if (cp >= 0x1100 && (cp <= 0x115f || (cp >= 0x2e80 && cp <= 0xa4cf) || (cp >= 0xac00 && cp <= 0xd7a3) || (cp >= 0xf900 && cp <= 0xfaff) || (cp >= 0xfe30 && cp <= 0xfe4f) || (cp >= 0xff00 && cp <= 0xff60) || (cp >= 0xffe0 && cp <= 0xffe6) || cp >= 0x20000)) return 1;
  if (c === ' ') return 0.3;
  return 0.58;
}

function textWidth(s: string): number {
  let w = 0;
  for (const c of s) w += charWidth(c);
  return w;
}

/** Breaks text into lines at most `ems` wide: at spaces where there are, anywhere in CJK runs. */
export function wrap(text: string, ems: number, maxLines: number): string[] {
  const lines: string[] = [];
  for (const para of text.split(/\r?\n/)) {
    let line = '';
    let w = 0;
    // Tokens: a word with its trailing spaces, or one wide character.
    for (const token of para.match(/[^\s\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]+\s*|\S\s*|\s+/gu) ?? []) {
      const tw = textWidth(token.trimEnd());
      if (w + tw > ems && line !== '') {
        lines.push(line.trimEnd());
        line = '';
        w = 0;
      }
      if (tw > ems) {
        // A word wider than the line: cut it.
        for (const c of token) {
          if (w + charWidth(c) > ems) {
            lines.push(line);
            line = '';
            w = 0;
          }
          line += c;
          w += charWidth(c);
        }
        continue;
      }
      line += token;
      w += textWidth(token);
    }
    lines.push(line.trimEnd());
  }
  while (lines.length && lines[lines.length - 1] === '') lines.pop();
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines);
    let last = kept[maxLines - 1]!;
    while (last && textWidth(last) + 1 > ems) last = [...last].slice(0, -1).join('');
    kept[maxLines - 1] = `${last}…`;
    return kept;
  }
  return lines;
}

/** One line fitted to `ems` (cut with an ellipsis when longer). */
function fit(s: string, ems: number): string {
  return wrap(s.replace(/\s+/g, ' '), ems, 1)[0] ?? '';
}

function tspanLines(lines: string[], x: number, y: number, size: number, lineHeight: number): string {
  return lines.map((l, i) => `<tspan x="${x}" y="${y + i * lineHeight}">${escapeXml(l)}</tspan>`).join('');
}

/**
 * Card `index` of the game as a standalone SVG document (63 × 88 mm). `id` prefixes the ids
 * inside it, so several faces can be inlined in one HTML page.
 */
export function cardSvg(ir: GameIR, index: number, options: { id?: string } = {}): string {
  const f = faceContent(ir, index);
  const [fill, edge] = f.colour;
  const id = (options.id ?? `card-${index}`).replace(/[^A-Za-z0-9_-]/g, '_');
  const pad = 30;
  const inner = W - 2 * pad;
  const parts: string[] = [];
  parts.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH_MM}mm" height="${CARD_HEIGHT_MM}mm" viewBox="0 0 ${W} ${H}" font-family="${escapeXml(FONT_FAMILY)}" role="img" aria-label="${escapeXml(f.title)}" data-card="${index}">`);
  parts.push(`<title>${escapeXml(f.title)}</title>`);
  parts.push(`<defs><clipPath id="${id}-clip"><rect x="0" y="0" width="${W}" height="${H}" rx="30"/></clipPath></defs>`);
  parts.push(`<g clip-path="url(#${id}-clip)">`);
  // Frame and panel.
  parts.push(`<rect x="0" y="0" width="${W}" height="${H}" fill="${edge}"/>`);
  parts.push(`<rect x="14" y="14" width="${W - 28}" height="${H - 28}" rx="18" fill="${fill}"/>`);
  // Title bar: title, and the name beneath when it differs.
  const titleSize = 44;
  parts.push(`<rect x="${pad}" y="${pad}" width="${inner}" height="96" rx="10" fill="#ffffff" stroke="${edge}" stroke-width="3"/>`);
  parts.push(`<text x="${pad + 16}" y="${pad + 54}" font-size="${titleSize}" font-weight="bold" fill="#111">${escapeXml(fit(f.title, (inner - 32) / titleSize))}</text>`);
  if (f.name !== f.title) parts.push(`<text x="${pad + 16}" y="${pad + 84}" font-size="22" fill="#555">${escapeXml(fit(f.name, (inner - 32) / 22))}</text>`);
  // Picture placeholder.
  const picY = pad + 110;
  const picH = 300;
  parts.push(`<rect x="${pad}" y="${picY}" width="${inner}" height="${picH}" fill="#fafafa" stroke="${edge}" stroke-width="2" stroke-dasharray="10 8"/>`);
  parts.push(`<path d="M${pad} ${picY} L${pad + inner} ${picY + picH} M${pad + inner} ${picY} L${pad} ${picY + picH}" stroke="${edge}" stroke-opacity="0.15" stroke-width="2"/>`);
  parts.push(`<text x="${W / 2}" y="${picY + picH / 2 + 10}" font-size="26" fill="#999" text-anchor="middle">picture</text>`);
  // Type line with labels.
  const typeY = picY + picH + 14;
  parts.push(`<rect x="${pad}" y="${typeY}" width="${inner}" height="48" rx="8" fill="#ffffff" stroke="${edge}" stroke-width="2"/>`);
  const typeLine = f.labels.length ? `${f.type} — ${f.labels.join(' · ')}` : f.type;
  parts.push(`<text x="${pad + 14}" y="${typeY + 33}" font-size="26" fill="#222">${escapeXml(fit(typeLine, (inner - 28) / 26))}</text>`);
  // Attributes: two columns of "name value".
  const attrY = typeY + 62;
  const attrRows = Math.min(Math.ceil(f.attrs.length / 2), 3);
  const attrSize = 22;
  const colW = inner / 2;
  f.attrs.slice(0, attrRows * 2).forEach((a, i) => {
    const x = pad + 8 + (i % 2) * colW;
    const y = attrY + 26 + Math.floor(i / 2) * 32;
    const nameText = fit(a.name, 8);
    parts.push(`<text x="${x}" y="${y}" font-size="${attrSize}" fill="#555">${escapeXml(nameText)}<tspan fill="#111" font-weight="bold" dx="10">${escapeXml(fit(a.value, (colW - 16) / attrSize - textWidth(nameText) - 1))}</tspan></text>`);
  });
  // Text box: printed text or cite.
  const boxY = attrY + attrRows * 32 + 14;
  const boxH = H - pad - boxY;
  parts.push(`<rect x="${pad}" y="${boxY}" width="${inner}" height="${boxH}" rx="8" fill="#ffffff" stroke="${edge}" stroke-width="2"/>`);
  if (f.text) {
    const size = 22;
    const lh = 30;
    const lines = wrap(f.text, (inner - 28) / size, Math.max(1, Math.floor((boxH - 16) / lh)));
    parts.push(`<text font-size="${size}" fill="#222">${tspanLines(lines, pad + 14, boxY + 34, size, lh)}</text>`);
  }
  parts.push('</g>');
  parts.push(`<rect x="1.5" y="1.5" width="${W - 3}" height="${H - 3}" rx="29" fill="none" stroke="#000" stroke-width="3"/>`);
  parts.push('</svg>');
  return parts.join('');
}
