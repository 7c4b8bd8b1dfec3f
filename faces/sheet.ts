/**
 * A print-and-play sheet: A4 pages of 3 × 3 cards (63 × 88 mm each, edge to edge) with crop
 * marks in the margins, the faces inlined as SVG — one self-contained HTML file (no script, no
 * network) that prints at size from a browser, or to PDF through `grimoire cards --pdf`.
 */
import type { GameIR } from '../compiler/ir.ts';
import { CARD_HEIGHT_MM, CARD_WIDTH_MM, cardSvg, escapeXml, FONT_FAMILY } from './card-svg.ts';

export const PAGE_WIDTH_MM = 210;
export const PAGE_HEIGHT_MM = 297;
export const PER_ROW = 3;
export const PER_COLUMN = 3;
export const PER_PAGE = PER_ROW * PER_COLUMN;

/** Left and top of the card grid on the page (the grid is centred). */
const GRID_X = (PAGE_WIDTH_MM - PER_ROW * CARD_WIDTH_MM) / 2;
const GRID_Y = (PAGE_HEIGHT_MM - PER_COLUMN * CARD_HEIGHT_MM) / 2;
/** Crop marks: from this far outside the grid to this close to it (mm). */
const MARK_FROM = 8;
const MARK_TO = 2;

/** The number of pages for n cards. */
export function sheetPages(n: number): number {
  return Math.ceil(n / PER_PAGE);
}

/** The crop marks of a page: the lines of every card edge, extended into the margins. */
function cropMarks(): string {
  const lines: string[] = [];
  const top = GRID_Y;
  const bottom = GRID_Y + PER_COLUMN * CARD_HEIGHT_MM;
  const left = GRID_X;
  const right = GRID_X + PER_ROW * CARD_WIDTH_MM;
  for (let i = 0; i <= PER_ROW; i++) {
    const x = GRID_X + i * CARD_WIDTH_MM;
    lines.push(`M${x} ${top - MARK_FROM}V${top - MARK_TO}M${x} ${bottom + MARK_TO}V${bottom + MARK_FROM}`);
  }
  for (let j = 0; j <= PER_COLUMN; j++) {
    const y = GRID_Y + j * CARD_HEIGHT_MM;
    lines.push(`M${left - MARK_FROM} ${y}H${left - MARK_TO}M${right + MARK_TO} ${y}H${right + MARK_FROM}`);
  }
  return `<svg class="marks" xmlns="http://www.w3.org/2000/svg" width="${PAGE_WIDTH_MM}mm" height="${PAGE_HEIGHT_MM}mm" viewBox="0 0 ${PAGE_WIDTH_MM} ${PAGE_HEIGHT_MM}"><path d="${lines.join('')}" stroke="#000" stroke-width="0.2" fill="none"/></svg>`;
}

/** The text a sheet's faces draw, by weight: what its web font must cover (faces/web-font.ts). */
export interface SheetText {
  regular: string;
  bold: string;
}

export interface SheetOptions {
  /**
   * CSS `@font-face` rules for the text the sheet shows (the CLI embeds the Noto Sans JP subsets
   * that cover it, cli/sheet-fonts.ts); without it the sheet uses the machine's fonts.
   */
  fontCss?: (text: SheetText) => string;
}

/** The characters of the faces' <text> elements, regular and bold apart (entities decoded). */
export function facesText(svgs: string[]): SheetText {
  const decode = (s: string) => s.replace(/<[^>]*>/g, '').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');
  let regular = '';
  let bold = '';
  for (const svg of svgs) {
    for (const m of svg.matchAll(/<text([^>]*)>([\s\S]*?)<\/text>/g)) {
      const isBold = m[1]!.includes('font-weight="bold"');
      // A bold <tspan> inside a regular text (a field's value).
      for (const t of m[2]!.matchAll(/<tspan[^>]*font-weight="bold"[^>]*>([^<]*)<\/tspan>/g)) bold += decode(t[1]!);
      if (isBold) bold += decode(m[2]!);
      else regular += decode(m[2]!);
    }
    for (const m of svg.matchAll(/<title>([^<]*)<\/title>/g)) regular += decode(m[1]!);
  }
  return { regular, bold };
}

/** The sheet of the given cards (indices into ir.cards), in that order. */
export function sheetHtml(ir: GameIR, cards: number[], options: SheetOptions = {}): string {
  const pages: string[] = [];
  const marks = cropMarks();
  const svgs = cards.map((i) => cardSvg(ir, i, { id: `c${i}` }));
  for (let p = 0; p < sheetPages(cards.length); p++) {
    const faces = svgs
      .slice(p * PER_PAGE, (p + 1) * PER_PAGE)
      .map((svg) => `<div class="card">${svg}</div>`)
      .join('\n');
    pages.push(`<section class="page" data-page="${p + 1}">${marks}<div class="grid">\n${faces}\n</div></section>`);
  }
  const title = `${ir.game.title || ir.game.name} — cards`;
  const text = facesText(svgs);
  const fonts = options.fontCss ? options.fontCss({ regular: text.regular + title, bold: text.bold }) : '';
  return `<!doctype html>
<html lang="ja">
<head>
<meta charset="utf-8">
<title>${escapeXml(title)}</title>
<style>
${fonts}
@page { size: A4; margin: 0; }
* { box-sizing: border-box; }
html, body { margin: 0; padding: 0; background: #888; font-family: ${FONT_FAMILY}; }
.page { position: relative; width: ${PAGE_WIDTH_MM}mm; height: ${PAGE_HEIGHT_MM}mm; margin: 10mm auto; background: #fff; overflow: hidden; break-after: page; page-break-after: always; }
.page:last-child { break-after: auto; page-break-after: auto; }
.marks { position: absolute; left: 0; top: 0; }
.grid { position: absolute; left: ${GRID_X}mm; top: ${GRID_Y}mm; width: ${PER_ROW * CARD_WIDTH_MM}mm; display: grid; grid-template-columns: repeat(${PER_ROW}, ${CARD_WIDTH_MM}mm); grid-auto-rows: ${CARD_HEIGHT_MM}mm; }
.card svg { display: block; width: ${CARD_WIDTH_MM}mm; height: ${CARD_HEIGHT_MM}mm; }
@media print { html, body { background: none; } .page { margin: 0; } }
</style>
</head>
<body>
${pages.join('\n')}
</body>
</html>
`;
}
