/**
 * `grimoire cards <game> [--card NAME | --all] --svg DIR | --sheet FILE.html | --pdf FILE.pdf`:
 * printable card faces (faces/, docs/cards.md: the game's `face` layouts, else the default face)
 * — one SVG per card, a print-and-play A4 sheet (3 × 3 cards with crop marks, the Noto Sans JP
 * subsets it needs embedded), or that sheet printed to PDF by headless Chromium. The cards the
 * rules create are printed (faces/printable.ts); --all prints every card, --card one.
 */
import { existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { parseArgs } from 'node:util';
import type { GameIR } from '../compiler/ir.ts';
import { suggest } from '../compiler/diagnostics.ts';
import { cardSvg, escapeXml, slug } from '../faces/card-svg.ts';
import { printableCards } from '../faces/printable.ts';
import { sheetHtml, sheetPages } from '../faces/sheet.ts';
import { sheetFontCss, type EmbeddedFonts } from './sheet-fonts.ts';
import { requireIR } from './games.ts';
import { claimOutputFile } from './output-file.ts';
import { UsageError } from './usage-error.ts';
import { t } from '../i18n/format.ts';

/** Launch arguments for printing: no sandbox (containers), no GPU, no network of its own. */
export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'];

/** Where Chromium or Chrome usually is (CHROMIUM_PATH first); the first that exists. */
const CHROMIUM_PATHS = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/lib/chromium/chromium', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable', '/opt/google/chrome/chrome', '/snap/bin/chromium', '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome', '/Applications/Chromium.app/Contents/MacOS/Chromium'];

function isFile(p: string): boolean {
  try {
    return statSync(p).isFile();
  } catch {
    return false;
  }
}

/** The browser to print with, or a usage error saying what to install. */
export function chromiumForPdf(env: Record<string, string | undefined> = process.env): string {
  const chosen = env.CHROMIUM_PATH;
  if (chosen) {
    if (isFile(chosen)) return chosen;
    throw new UsageError(t('cli.cards.chromium-path', { path: chosen }), false);
  }
  // GRIMOIRE_BROWSER_SEARCH (as in test/e2e/chromium.ts): the places to look instead, separated like PATH.
  const search = env.GRIMOIRE_BROWSER_SEARCH;
  const found = (search !== undefined ? search.split(delimiter).filter((p) => p !== '') : CHROMIUM_PATHS).find(isFile);
  if (found) return found;
  throw new UsageError(t('cli.cards.no-chromium'), false);
}

/** The sheet printed to PDF (A4, backgrounds on) by headless Chromium at `browserPath`. */
export async function printPdf(html: string, out: string, browserPath: string): Promise<void> {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: browserPath, headless: true, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    // The sheet is self-contained: any request is refused (none is expected).
    await page.route('**/*', (route) => route.abort('blockedbyclient'));
    await page.setContent(html, { waitUntil: 'load' });
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    await page.pdf({ path: out, format: 'A4', printBackground: true, preferCSSPageSize: true });
  } finally {
    await browser.close();
  }
}

/** The cards chosen by --card; else every card with --all; else the cards the rules create (faces/printable.ts). */
function chooseCards(ir: GameIR, game: string, name: string | undefined, all: boolean): number[] {
  if (name === undefined) return all ? ir.cards.map((_, i) => i) : printableCards(ir);
  const i = ir.cards.findIndex((c) => c.name === name);
  if (i >= 0) return [i];
  const byTitle = ir.cards.findIndex((c) => c.title === name);
  if (byTitle >= 0) return [byTitle];
  const near = suggest(name, ir.cards.map((c) => c.name)).slice(0, 3);
  throw new UsageError(near.length ? t('cli.cards.no-card-near', { game, name, near: { or: near.map((n) => `'${n}'`) } }) : t('cli.cards.no-card', { game, name, n: ir.cards.length, some: ir.cards.slice(0, 3).map((c) => `'${c.name}'`) }), false);
}

function kb(bytes: number): string {
  return `${Math.round(bytes / 1024)} KB`;
}

/** File name of card i's SVG: its index (sorted order) and a slug of its name. */
export function svgFileName(ir: GameIR, i: number): string {
  return `${String(i + 1).padStart(3, '0')}-${slug(ir.cards[i]!.name)}.svg`;
}

export async function cmdCards(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    strict: true,
    options: { card: { type: 'string' }, all: { type: 'boolean' }, svg: { type: 'string' }, sheet: { type: 'string' }, pdf: { type: 'string' } },
  });
  const game = positionals[0];
  if (!game) throw new UsageError(t('cli.cards.needs-a-game'));
  if (positionals.length > 1) throw new UsageError(t('cli.cards.one-game', { other: positionals[1]! }), false);
  const outputs = (['svg', 'sheet', 'pdf'] as const).filter((o) => values[o] !== undefined);
  if (outputs.length !== 1) throw new UsageError(t('cli.cards.one-output', { not: outputs.length ? t('cli.cards.not-both', { outputs: { and: outputs.map((o) => `--${o}`) } }) : '' }), false);
  if (values.sheet !== undefined && !/\.html?$/i.test(values.sheet)) throw new UsageError(t('cli.cards.sheet-html', { file: values.sheet }), false);
  if (values.pdf !== undefined && !/\.pdf$/i.test(values.pdf)) throw new UsageError(t('cli.cards.pdf-name', { file: values.pdf }), false);
  const browser = values.pdf !== undefined ? chromiumForPdf() : null;
  const ir = requireIR(game);
  if (values.all && values.card !== undefined) throw new UsageError(t('cli.cards.card-or-all'), false);
  const cards = chooseCards(ir, game, values.card, values.all === true);
  const left = ir.cards.length - cards.length;
  const unprinted = values.card === undefined && left > 0 ? t('cli.cards.left-out', { n: left }) : '';
  if (values.svg !== undefined) {
    const dir = values.svg;
    if (existsSync(dir) && !statSync(dir).isDirectory()) throw new UsageError(t('cli.cards.svg-folder', { dir }), false);
    mkdirSync(dir, { recursive: true });
    const rows: string[] = [];
    for (const i of cards) {
      const file = svgFileName(ir, i);
      writeFileSync(join(dir, file), `<?xml version="1.0" encoding="UTF-8"?>\n${cardSvg(ir, i)}\n`);
      rows.push(`<figure><img src="${escapeXml(file)}" alt="${escapeXml(ir.cards[i]!.title)}" width="189" height="264"><figcaption>${escapeXml(ir.cards[i]!.name)}</figcaption></figure>`);
    }
    writeFileSync(
      join(dir, 'index.html'),
      `<!doctype html>\n<html><head><meta charset="utf-8"><title>${escapeXml(ir.game.title || game)} — cards</title><style>body{font-family:'Noto Sans CJK JP','Noto Sans JP',sans-serif;display:flex;flex-wrap:wrap;gap:12px}figure{margin:0;text-align:center}</style></head><body>\n${rows.join('\n')}\n</body></html>\n`,
    );
    console.error(t('cli.cards.wrote-svg', { n: cards.length, dir, unprinted }));
    return 0;
  }
  let fonts: EmbeddedFonts = { css: '', files: 0, bytes: 0 };
  const html = sheetHtml(ir, cards, { fontCss: (text) => sheetFontCss(text, (f) => (fonts = f)) });
  const pages = sheetPages(cards.length);
  const what = t('cli.cards.what', { n: cards.length, pages });
  const font = fonts.files ? t('cli.cards.font', { n: fonts.files, size: kb(fonts.bytes) }) : '';
  if (values.sheet !== undefined) {
    claimOutputFile('--sheet', values.sheet);
    writeFileSync(values.sheet, html);
    console.error(t('cli.cards.wrote', { file: values.sheet, size: kb(Buffer.byteLength(html)), what: `${what}${font}${unprinted}` }));
    return 0;
  }
  const out = values.pdf!;
  claimOutputFile('--pdf', out);
  await printPdf(html, out, browser!);
  console.error(t('cli.cards.wrote', { file: out, size: kb(statSync(out).size), what: `${what}${unprinted}` }));
  return 0;
}
