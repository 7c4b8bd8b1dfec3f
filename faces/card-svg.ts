/**
 * A card face as SVG, from the compiled IR alone (compiler/ir.ts): the card type's `face` when
 * the game declares one, else the default face (docs/cards.md). A pure function — no file system,
 * no clock, no randomness — so the same IR gives the same bytes, and every text from the game is
 * XML-escaped.
 *
 * The face is 63 × 88 mm (the usual trading-card size), drawn in a 630 × 880 viewBox (0.1 mm per
 * unit). layout.ts places the regions; this file draws each kind.
 */
import type { GameIR } from '../compiler/ir.ts';
import { defaultFace, faceOf } from './default-face.ts';
import { H, layoutFace, W, type Box, type Placed } from './layout.ts';
import { cardColours } from './read-card.ts';

export { labelText } from './label-text.ts';

export const CARD_WIDTH_MM = 63;
export const CARD_HEIGHT_MM = 88;

/** The embedded web font first (the sheet carries it), then an installed Noto CJK, then any sans-serif. */
export const FONT_FAMILY = "'Noto Sans JP', 'Noto Sans CJK JP', sans-serif";

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

/**
 * A file-name-safe slug of a card name: its letters, digits and symbols in any script (♠a,
 * 見習い剣士), runs of anything else as one '-', at most 40 characters; 'card' if nothing is left.
 * Never a path separator or a character Windows forbids in a file name.
 */
export function slug(name: string): string {
  const s = [...name.normalize('NFKC').replace(/[^\p{L}\p{N}\p{So}]+/gu, '-').replace(/^-+|-+$/g, '').toLowerCase()].slice(0, 40).join('');
  return s.replace(/-+$/, '') || 'card';
}

/** One printed attribute: the field's name and the value as printed. */
export interface FaceAttr {
  name: string;
  value: string;
}

/** What the default face shows (exported for tests and other renderers). */
export interface FaceContent {
  title: string;
  name: string;
  type: string;
  attrs: FaceAttr[];
  labels: string[];
  text: string;
  colour: [string, string];
}

/** The content of card `index`'s default face (the face of a card type that declares none). */
export function faceContent(ir: GameIR, index: number): FaceContent {
  const card = ir.cards[index];
  if (!card) throw new RangeError(`no card ${index} (the game has ${ir.cards.length})`);
  const placed = layoutFace(ir, defaultFace(card.type), index, { defaultFace: true });
  const of = (kind: string) => placed.find((p) => p.region.kind === kind);
  const typeLine = of('type')?.pieces ?? [];
  return {
    title: card.title || card.name,
    name: card.name,
    type: typeLine[0]?.text ?? '',
    attrs: (of('fields')?.pairs ?? []).map(([name, value]) => ({ name, value })),
    labels: typeLine[1]?.text.split(' · ') ?? [],
    text: of('text')?.pieces[0]?.text ?? '',
    colour: cardColours(ir, null, index),
  };
}

/** Width of a character in ems, roughly (CJK and other wide characters are 1, Latin about 0.58). */
function charWidth(c: string): number {
  const cp = c.codePointAt(0)!;
  if (cp >= 0x1100 && (cp <= 0x115f || (cp >= 0x2e80 && cp <= 0xa4cf) || (cp >= 0xac00 && cp <= 0xd7a3) || (cp >= 0xf900 && cp <= 0xfaff) || (cp >= 0xfe30 && cp <= 0xfe4f) || (cp >= 0xff00 && cp <= 0xff60) || (cp >= 0xffe0 && cp <= 0xffe6) || cp >= 0x20000)) return 1;
  if (cp >= 0x2190 && cp <= 0x27bf) return 1; // arrows, shapes, suits (♠ ◇ ▼ ⇄)
  if (c === ' ') return 0.3;
  if (/[A-Z0-9]/.test(c)) return 0.64;
  return 0.55;
}

export function textWidth(s: string): number {
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
    // (A run of full-width digits is one token: 「５００ダメージ」 never breaks inside its number.)
    for (const token of para.match(/[^\s\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]+\s*|[\uff10-\uff19]+\s*|\S\s*|\s+/gu) ?? []) {
      const tw = textWidth(token.trimEnd());
      // Japanese closing punctuation stays on the line it closes (kinsoku, loosely).
      const closing = /^[、。，．）」』】〕・ー！？]/.test(token);
      if (w + tw > ems && line !== '' && !(closing && w + tw <= ems + 1)) {
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

/** The largest font size from `max` down to `min` at which `s` fits `width`; at `min` it is cut. */
function fitSize(s: string, width: number, max: number, min: number, bold = false): { size: number; text: string } {
  const w = textWidth(s) * (bold ? 1.06 : 1);
  const size = Math.max(min, Math.min(max, Math.floor(width / Math.max(w, 0.01))));
  return { size, text: fit(s, width / (size * (bold ? 1.06 : 1))) };
}

interface Ink {
  fill: string;
  edge: string;
  plain: boolean;
}

function text(x: number, y: number, size: number, s: string, attrs = ''): string {
  return `<text x="${r(x)}" y="${r(y)}" font-size="${r(size)}"${attrs ? ` ${attrs}` : ''}>${escapeXml(s)}</text>`;
}

/** Coordinates to one decimal (the SVG stays small and the same for the same input). */
function r(n: number): string {
  return String(Math.round(n * 10) / 10);
}

function caption(p: Placed, ink: Ink): { box: Box; svg: string } {
  if (!p.region.caption || p.region.kind === 'stat') return { box: p.box, svg: '' };
  const b = p.box;
  return { box: { x: b.x, y: b.y + 26, w: b.w, h: b.h - 26 }, svg: text(b.x + 4, b.y + 19, 18, fit(p.region.caption, b.w / 18), `font-weight="bold" fill="${ink.edge}" letter-spacing="1"`) };
}

function drawTitle(p: Placed, b: Box, ink: Ink): string {
  const out = [`<rect x="${r(b.x)}" y="${r(b.y)}" width="${r(b.w)}" height="${r(b.h)}" rx="10" fill="#ffffff" stroke="${ink.edge}" stroke-width="3"/>`];
  const sub = p.subtitle ? fit(p.subtitle, 12) : '';
  const subW = sub ? textWidth(sub) * 22 + 16 : 0;
  const main = p.pieces.map((x) => x.text).join(' ');
  const { size, text: t } = fitSize(main, b.w - 32 - subW, Math.min(46, b.h * 0.52), 26, true);
  out.push(text(b.x + 16, b.y + b.h / 2 + size * 0.36, size, t, 'font-weight="bold" fill="#111"'));
  if (sub) out.push(text(b.x + b.w - 14, b.y + b.h / 2 + 8, 22, sub, 'fill="#666" text-anchor="end"'));
  return out.join('');
}

function drawCost(p: Placed, b: Box, ink: Ink): string {
  const cx = b.x + b.w / 2;
  const cy = b.y + b.h / 2;
  const rad = Math.min(b.w, b.h) / 2 - 3;
  const s = p.pieces.map((x) => x.text).join(' ');
  const { size, text: t } = fitSize(s, rad * 1.6, rad * 1.05, 16, true);
  return `<circle cx="${r(cx)}" cy="${r(cy)}" r="${r(rad)}" fill="${ink.edge}" stroke="#ffffff" stroke-width="5"/><circle cx="${r(cx)}" cy="${r(cy)}" r="${r(rad + 3)}" fill="none" stroke="${ink.edge}" stroke-width="1.5"/>${text(cx, cy + size * 0.36, size, t, 'font-weight="bold" fill="#ffffff" text-anchor="middle"')}`;
}

function drawPicture(p: Placed, b: Box, ink: Ink, id: string): string {
  const out = [`<rect x="${r(b.x)}" y="${r(b.y)}" width="${r(b.w)}" height="${r(b.h)}" rx="6" fill="#fbfbfb" stroke="${ink.edge}" stroke-width="2" stroke-dasharray="10 8"/>`];
  // A quiet landscape: where the art will go.
  const s = Math.min(b.w, b.h) / 300;
  const cx = b.x + b.w / 2;
  const cy = b.y + b.h / 2;
  out.push(`<g clip-path="url(#${id}-pic)" fill="${ink.edge}" fill-opacity="0.13"><circle cx="${r(cx + 70 * s)}" cy="${r(cy - 40 * s)}" r="${r(22 * s)}"/><path d="M${r(cx - 130 * s)} ${r(cy + 70 * s)} L${r(cx - 40 * s)} ${r(cy - 30 * s)} L${r(cx + 10 * s)} ${r(cy + 20 * s)} L${r(cx + 50 * s)} ${r(cy - 5 * s)} L${r(cx + 130 * s)} ${r(cy + 70 * s)} Z"/></g>`);
  out.push(`<defs><clipPath id="${id}-pic"><rect x="${r(b.x)}" y="${r(b.y)}" width="${r(b.w)}" height="${r(b.h)}"/></clipPath></defs>`);
  if (p.pieces.length) {
    const t = p.pieces.map((x) => x.text).join(' · ');
    out.push(text(cx, b.y + b.h - 18, 22, fit(t, (b.w - 20) / 22), 'fill="#777" text-anchor="middle"'));
  }
  return out.join('');
}

function drawBar(p: Placed, b: Box, ink: Ink, sep: string): string {
  const s = p.pieces.map((x) => x.text).join(sep);
  const size = Math.min(26, b.h * 0.52);
  return `<rect x="${r(b.x)}" y="${r(b.y)}" width="${r(b.w)}" height="${r(b.h)}" rx="8" fill="#ffffff" stroke="${ink.edge}" stroke-width="2"/>${text(b.x + 14, b.y + b.h / 2 + size * 0.36, size, fit(s, (b.w - 28) / size), 'fill="#222"')}`;
}

function drawLine(p: Placed, b: Box): string {
  const size = Math.min(24, b.h * 0.6);
  return text(b.x + 4, b.y + b.h / 2 + size * 0.36, size, fit(p.pieces.map((x) => x.text).join(' · '), (b.w - 8) / size), 'fill="#333"');
}

function drawLabels(p: Placed, b: Box, ink: Ink): string {
  const out: string[] = [];
  const size = Math.min(22, b.h * 0.5);
  const h = Math.min(b.h - 6, size * 1.6);
  let x = b.x;
  for (const piece of p.pieces) {
    const w = textWidth(piece.text) * size + 22;
    if (x + w > b.x + b.w) break;
    out.push(`<rect x="${r(x)}" y="${r(b.y + (b.h - h) / 2)}" width="${r(w)}" height="${r(h)}" rx="${r(h / 2)}" fill="${ink.fill}" stroke="${ink.edge}" stroke-width="1.5"/>`);
    out.push(text(x + 11, b.y + b.h / 2 + size * 0.36, size, piece.text, `fill="${ink.edge}"`));
    x += w + 8;
  }
  return out.join('');
}

function drawFields(p: Placed, b: Box): string {
  const out: string[] = [];
  const size = 22;
  const colW = b.w / 2;
  p.pairs.forEach(([name, value], i) => {
    const x = b.x + 8 + (i % 2) * colW;
    const y = b.y + 26 + Math.floor(i / 2) * 32;
    const nameText = fit(name, 8);
    out.push(`<text x="${r(x)}" y="${r(y)}" font-size="${size}" fill="#555">${escapeXml(nameText)}<tspan fill="#111" font-weight="bold" dx="10">${escapeXml(fit(value, (colW - 16) / size - textWidth(nameText) - 1))}</tspan></text>`);
  });
  return out.join('');
}

/** The text box: paragraphs at the largest size (2.7 down to 1.5 mm) at which they fit; generated text apart, in grey italics. */
function drawText(p: Placed, b: Box, ink: Ink): string {
  const out = [`<rect x="${r(b.x)}" y="${r(b.y)}" width="${r(b.w)}" height="${r(b.h)}" rx="8" fill="#ffffff" stroke="${ink.edge}" stroke-width="2"/>`];
  if (!p.pieces.length) return out.join('');
  const pad = 14;
  const avail = b.h - 2 * pad;
  let chosen: { size: number; blocks: { lines: string[]; size: number; generated: boolean }[] } | null = null;
  for (let size = 27; size >= 15; size--) {
    const blocks = p.pieces.map((piece) => {
      const s = piece.generated ? size * 0.86 : size;
      return { lines: wrap(piece.text, (b.w - 2 * pad) / s, 99), size: s, generated: piece.generated };
    });
    const height = blocks.reduce((h, bl) => h + bl.lines.length * bl.size * 1.38, 0) + (blocks.length - 1) * 14;
    chosen = { size, blocks };
    if (height <= avail) break;
  }
  let y = b.y + pad;
  const blocks = chosen!.blocks;
  // A text too long for the box leaves each block after it one line at least (ending in "…"), so
  // the generated text never silently vanishes under a long printed text.
  const reserve = (i: number) => blocks.slice(i + 1).reduce((h, bl) => h + 14 + bl.size * 1.38, 0);
  blocks.forEach((bl, i) => {
    const lh = bl.size * 1.38;
    const room = Math.floor((b.y + b.h - pad - (i > 0 ? 14 : 0) - y - reserve(i)) / lh);
    if (room <= 0) return;
    if (i > 0) {
      if (bl.generated) out.push(`<path d="M${r(b.x + pad)} ${r(y + 5)}H${r(b.x + b.w - pad)}" stroke="${ink.edge}" stroke-opacity="0.35" stroke-width="1.5" stroke-dasharray="4 4"/>`);
      y += 14;
    }
    const lines = bl.lines.length > room ? wrap(bl.lines.join('\n'), (b.w - 2 * pad) / bl.size, room) : bl.lines;
    const attrs = bl.generated ? 'fill="#555" font-style="italic"' : 'fill="#1a1a1a"';
    out.push(`<text font-size="${r(bl.size)}" ${attrs}>${lines.map((l, k) => `<tspan x="${r(b.x + pad)}" y="${r(y + bl.size * 1.05 + k * lh)}">${escapeXml(l)}</tspan>`).join('')}</text>`);
    y += lines.length * lh;
  });
  return out.join('');
}

function drawStats(p: Placed, b: Box, ink: Ink): string {
  const out: string[] = [];
  const n = p.stats.length;
  const gap = 10;
  // At most half the row each, the row's last at the right edge (a lone LP sits where LP always is).
  const w = Math.min((b.w - gap * (n - 1)) / n, (b.w - gap) / 2);
  const left = b.x + b.w - (n * w + (n - 1) * gap);
  p.stats.forEach((s, i) => {
    const x = left + i * (w + gap);
    out.push(`<rect x="${r(x)}" y="${r(b.y)}" width="${r(w)}" height="${r(b.h)}" rx="10" fill="#ffffff" stroke="${ink.edge}" stroke-width="3"/>`);
    const capSize = Math.min(19, b.h * 0.25);
    if (s.caption) out.push(text(x + 10, b.y + capSize + 5, capSize, fit(s.caption, (w - 20) / capSize), `font-weight="bold" fill="${ink.edge}" letter-spacing="0.5"`));
    const { size, text: t } = fitSize(s.value, w - 24, Math.min(40, b.h * 0.55), 16, true);
    out.push(text(x + w - 12, b.y + b.h - 12, size, t, 'font-weight="bold" fill="#111" text-anchor="end"'));
  });
  return out.join('');
}

/** The corner index: the pieces stacked, and the same upside down in the opposite corner. */
function drawCorner(p: Placed, b: Box, ink: Ink): string {
  const lines: string[] = [];
  let y = b.y;
  p.pieces.forEach((piece, i) => {
    const size = i === 0 ? 54 : 46;
    const { size: s, text: t } = fitSize(piece.text, b.w - 6, size, 18, i === 0);
    y += s * 1.0;
    lines.push(text(b.x + b.w / 2, y, s, t, `${i === 0 ? 'font-weight="bold" ' : ''}fill="${ink.edge}" text-anchor="middle"`));
    y += 6;
  });
  const one = lines.join('');
  return `<g>${one}</g><g transform="rotate(180 ${W / 2} ${H / 2})">${one}</g>`;
}

/** Where n pips go in a box of 1 × 1, as on playing cards (columns at 0, 0.5 and 1). */
function pipPlaces(n: number): [number, number][] {
  const C: Record<number, [number, number][]> = {
    1: [[0.5, 0.5]],
    2: [[0.5, 0], [0.5, 1]],
    3: [[0.5, 0], [0.5, 0.5], [0.5, 1]],
    4: [[0, 0], [1, 0], [0, 1], [1, 1]],
    5: [[0, 0], [1, 0], [0.5, 0.5], [0, 1], [1, 1]],
    6: [[0, 0], [1, 0], [0, 0.5], [1, 0.5], [0, 1], [1, 1]],
    7: [[0, 0], [1, 0], [0.5, 0.25], [0, 0.5], [1, 0.5], [0, 1], [1, 1]],
    8: [[0, 0], [1, 0], [0.5, 0.25], [0, 0.5], [1, 0.5], [0.5, 0.75], [0, 1], [1, 1]],
    9: [[0, 0], [1, 0], [0, 1 / 3], [1, 1 / 3], [0.5, 0.5], [0, 2 / 3], [1, 2 / 3], [0, 1], [1, 1]],
    10: [[0, 0], [1, 0], [0.5, 1 / 6], [0, 1 / 3], [1, 1 / 3], [0, 2 / 3], [1, 2 / 3], [0.5, 5 / 6], [0, 1], [1, 1]],
  };
  if (C[n]) return C[n]!;
  // More than ten: rows of three.
  const rows = Math.ceil(n / 3);
  return Array.from({ length: n }, (_, i) => [(i % 3) / 2, rows === 1 ? 0.5 : Math.floor(i / 3) / (rows - 1)] as [number, number]);
}

function drawPips(p: Placed, b: Box, ink: Ink): string {
  const symbol = p.pieces[0]!.text;
  const n = p.count;
  const out: string[] = [];
  if (n === 1) {
    const size = Math.min(b.w / Math.max(textWidth(symbol), 0.5), b.h) * 0.5;
    out.push(text(b.x + b.w / 2, b.y + b.h / 2 + size * 0.36, size, symbol, `fill="${ink.edge}" text-anchor="middle"`));
    return out.join('');
  }
  const size = Math.min(b.w * 0.22, b.h * 0.14) / Math.max(textWidth(symbol), 0.6);
  const ix = b.x + b.w * 0.2;
  const iw = b.w * 0.6;
  const iy = b.y + size * 0.7;
  const ih = b.h - size * 1.4;
  for (const [fx, fy] of pipPlaces(n)) {
    const x = ix + fx * iw;
    const y = iy + fy * ih;
    // The lower half upside down, as a playing card's pips are.
    const turn = fy > 0.5 ? ` transform="rotate(180 ${r(x)} ${r(y)})"` : '';
    out.push(`<g${turn}>${text(x, y + size * 0.36, size, symbol, `fill="${ink.edge}" text-anchor="middle"`)}</g>`);
  }
  return out.join('');
}

/** Big centred text in a framed panel (a court card's letter, a joker): the first piece large, the rest under it. */
function drawBig(p: Placed, b: Box, ink: Ink): string {
  const inset = 14;
  const out = [`<rect x="${r(b.x + inset)}" y="${r(b.y + inset)}" width="${r(b.w - 2 * inset)}" height="${r(b.h - 2 * inset)}" rx="16" fill="${ink.edge}" fill-opacity="0.06" stroke="${ink.edge}" stroke-width="3"/>`, `<rect x="${r(b.x + inset + 10)}" y="${r(b.y + inset + 10)}" width="${r(b.w - 2 * inset - 20)}" height="${r(b.h - 2 * inset - 20)}" rx="10" fill="none" stroke="${ink.edge}" stroke-opacity="0.5" stroke-width="1.5"/>`];
  const [first, ...rest] = p.pieces;
  const big = fitSize(first!.text, b.w - 2 * inset - 60, b.h * 0.36, 30, true);
  const small = rest.map((x) => fitSize(x.text, b.w - 2 * inset - 60, big.size * 0.5, 18));
  const total = big.size + small.reduce((h, s) => h + s.size * 1.2, 0);
  let y = b.y + (b.h - total) / 2 + big.size * 0.86;
  out.push(text(b.x + b.w / 2, y, big.size, big.text, `font-weight="bold" fill="${ink.edge}" text-anchor="middle"`));
  for (const s of small) {
    y += s.size * 1.2;
    out.push(text(b.x + b.w / 2, y, s.size, s.text, `fill="${ink.edge}" text-anchor="middle"`));
  }
  return out.join('');
}

function drawRegion(p: Placed, ink: Ink, id: string): string {
  const { box, svg } = caption(p, ink);
  switch (p.region.kind) {
    case 'title':
      return svg + drawTitle(p, box, ink);
    case 'cost':
      return svg + drawCost(p, box, ink);
    case 'picture':
      return svg + drawPicture(p, box, ink, id);
    case 'type':
      return svg + drawBar(p, box, ink, ' · ');
    case 'labels':
      return svg + drawLabels(p, box, ink);
    case 'fields':
      return svg + drawFields(p, box);
    case 'line':
      return svg + drawLine(p, box);
    case 'text':
      return svg + drawText(p, box, ink);
    case 'stat':
      return drawStats(p, box, ink);
    case 'corner':
      return svg + drawCorner(p, box, ink);
    case 'pips':
      return svg + drawPips(p, box, ink);
    case 'big':
      return svg + drawBig(p, box, ink);
  }
}

/**
 * Card `index` of the game as a standalone SVG document (63 × 88 mm). `id` prefixes the ids
 * inside it, so several faces can be inlined in one HTML page.
 */
export function cardSvg(ir: GameIR, index: number, options: { id?: string } = {}): string {
  const card = ir.cards[index];
  if (!card) throw new RangeError(`no card ${index} (the game has ${ir.cards.length})`);
  const { face, declared } = faceOf(ir, index);
  const [fill, edge] = cardColours(ir, face, index);
  const ink: Ink = { fill, edge, plain: face.frame === 'plain' };
  const id = (options.id ?? `card-${index}`).replace(/[^A-Za-z0-9_-]/g, '_');
  const title = card.title || card.name;
  const parts: string[] = [];
  parts.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH_MM}mm" height="${CARD_HEIGHT_MM}mm" viewBox="0 0 ${W} ${H}" font-family="${escapeXml(FONT_FAMILY)}" role="img" aria-label="${escapeXml(title)}" data-card="${index}">`);
  parts.push(`<title>${escapeXml(title)}</title>`);
  parts.push(`<defs><clipPath id="${id}-clip"><rect x="0" y="0" width="${W}" height="${H}" rx="30"/></clipPath></defs>`);
  parts.push(`<g clip-path="url(#${id}-clip)">`);
  if (ink.plain) {
    parts.push(`<rect x="0" y="0" width="${W}" height="${H}" fill="#ffffff"/>`);
  } else {
    parts.push(`<rect x="0" y="0" width="${W}" height="${H}" fill="${edge}"/>`);
    parts.push(`<rect x="14" y="14" width="${W - 28}" height="${H - 28}" rx="18" fill="${fill}"/>`);
  }
  for (const p of layoutFace(ir, face, index, { defaultFace: !declared })) parts.push(drawRegion(p, ink, id));
  parts.push('</g>');
  parts.push(`<rect x="1.5" y="1.5" width="${W - 3}" height="${H - 3}" rx="29" fill="none" stroke="${ink.plain ? '#9a9a9a' : '#000'}" stroke-width="3"/>`);
  parts.push('</svg>');
  return parts.join('');
}
