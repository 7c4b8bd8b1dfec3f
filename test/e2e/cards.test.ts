/**
 * `grimoire cards <game> --sheet` and `--pdf` (cli/cards.ts, faces/): the sheet opened in Chromium
 * with every request other than the file refused (it is self-contained) has ceil(n / 9) A4
 * pages, each card a 63 × 88 mm SVG with its title, its first page is not blank (its screenshot's
 * pixels counted in a canvas), and its Japanese is set in the Noto Sans JP it carries; the PDF
 * starts with %PDF and has one page per sheet page, and its first page — rendered to PNG by
 * poppler's pdftoppm, for each seed game — is an A4 page with ink on it (the PNGs are kept in
 * test/artifacts/e2e/cards-<game>-pdf-page1.png). Without pdftoppm those renders are skipped with
 * one line saying how to install it, except under CI=true (.ci/run installs it), where they fail.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compiledGame } from '../helpers.ts';
import { printableCards } from '../../faces/printable.ts';
import { artifacts, launchBrowser, openOffline, root, shot, WAIT } from './harness.ts';

const ci = process.env.CI === 'true' || process.env.CI === '1';
const install = 'apt-get install -y poppler-utils (macOS: brew install poppler)';

/** poppler's pdftoppm on PATH (or Debian's place), or null. PDFTOPPM names one ('' for none: to try the skip). */
function findPdftoppm(): string | null {
  const named = process.env.PDFTOPPM;
  if (named !== undefined) return named && existsSync(named) ? named : null;
  for (const d of [...(process.env.PATH ?? '').split(delimiter), '/usr/bin', '/usr/local/bin', '/opt/homebrew/bin']) {
    const p = join(d, 'pdftoppm');
    if (d && existsSync(p) && statSync(p).isFile()) return p;
  }
  return null;
}
const pdftoppm = findPdftoppm();
if (!pdftoppm && !ci) console.log(`\ntest/e2e/cards.test.ts: the PDF page renders skipped: pdftoppm is not installed. To run them: ${install}, then npx vitest run --project e2e test/e2e/cards.test.ts\n`);

let browser: Browser;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'grimoire-cards-e2e-'));
  browser = await launchBrowser();
}, WAIT * 2);

afterAll(async () => {
  await browser?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function run(program: string, args: string[]): Promise<string> {
  return new Promise((done, fail) => execFile(program, args, { cwd: root, timeout: WAIT * 2 }, (e, _out, stderr) => (e ? fail(new Error(`${e.message}\n${stderr}`)) : done(stderr))));
}

/** The share of pixels darker than near-white in a binary PGM (P5, 8 bits), and its width / height. */
function inkOfPgm(file: string): { ink: number; aspect: number } {
  const b = readFileSync(file);
  // Header: "P5", width, height, maxval, each after white space; then one byte per pixel.
  const fields: string[] = [];
  let i = 0;
  while (fields.length < 4) {
    while (/\s/.test(String.fromCharCode(b[i]!))) i++;
    let f = '';
    while (!/\s/.test(String.fromCharCode(b[i]!))) f += String.fromCharCode(b[i++]!);
    fields.push(f);
  }
  i++;
  const [magic, w, h] = [fields[0], Number(fields[1]), Number(fields[2])];
  expect(magic).toBe('P5');
  let ink = 0;
  for (let k = i; k < i + w * h; k++) if (b[k]! < 200) ink++;
  return { ink: ink / (w * h), aspect: w / h };
}

function grimoire(...args: string[]): Promise<string> {
  return new Promise((done, fail) =>
    execFile(process.execPath, [join(root, 'cli/bin.js'), ...args], { cwd: root, timeout: WAIT * 2 }, (e, _out, stderr) => (e ? fail(new Error(`${e.message}\n${stderr}`)) : done(stderr))),
  );
}

/**
 * Each game's PDF, printed once for the tests that read it (`grimoire cards <game> --pdf`: a
 * Chromium of its own prints it): its file and what the command said on stderr.
 */
const pdfs = new Map<string, Promise<{ file: string; log: string }>>();
function pdfOf(game: string): Promise<{ file: string; log: string }> {
  let made = pdfs.get(game);
  if (!made) {
    const file = join(dir, `${game}.pdf`);
    made = grimoire('cards', game, '--pdf', file).then((log) => ({ file, log }));
    pdfs.set(game, made);
  }
  return made;
}

const trump = compiledGame('trump');
const pages = Math.ceil(trump.cards.length / 9);

describe('grimoire cards (Chromium)', () => {
  it('the trump sheet: A4 pages of 3 × 3 cards at 63 × 88 mm, offline, the first page not blank', async () => {
    const file = join(dir, 'sheet.html');
    expect(await grimoire('cards', 'trump', '--sheet', file)).toContain(`on ${pages} A4 pages`);
    const { page, attempted, errors, close } = await openOffline(browser, file, 'section.page .card svg', { width: 900, height: 1200 });
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    expect(await page.locator('section.page').count()).toBe(pages);
    // The first page's nine cards, each 63 × 88 mm (96 CSS px per inch) with its title.
    const mm = 96 / 25.4;
    const cards = await page.$$eval('section.page:first-of-type .card svg', (svgs) =>
      svgs.map((s) => {
        const r = s.getBoundingClientRect();
        return { width: r.width, height: r.height, text: s.textContent ?? '' };
      }),
    );
    expect(cards).toHaveLength(9);
    cards.forEach((c, i) => {
      expect(c.width).toBeCloseTo(63 * mm, 0);
      expect(c.height).toBeCloseTo(88 * mm, 0);
      expect(c.text).toContain(trump.cards[i]!.title);
    });
    // The titles are drawn: their text has a width (the Japanese glyphs come from a font).
    const titleWidth = await page.$eval('section.page .card svg text', (t) => (t as SVGTextElement).getBBox().width);
    expect(titleWidth).toBeGreaterThan(20);
    // Not blank: the first page's screenshot has many non-white pixels (counted in a canvas).
    const png = await page.locator('section.page').first().screenshot();
    const inked = await page.evaluate(async (b64) => {
      const img = new Image();
      img.src = `data:image/png;base64,${b64}`;
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = img.width;
      canvas.height = img.height;
      const g = canvas.getContext('2d')!;
      g.drawImage(img, 0, 0);
      const d = g.getImageData(0, 0, img.width, img.height).data;
      let n = 0;
      for (let k = 0; k < d.length; k += 4) if (d[k]! < 240 || d[k + 1]! < 240 || d[k + 2]! < 240) n++;
      return n / (d.length / 4);
    }, png.toString('base64'));
    // Playing cards are mostly white paper: a few per cent of ink is a page of them.
    expect(inked).toBeGreaterThan(0.03);
    await shot(page, 'cards-trump-sheet');
    expect(attempted).toEqual([]);
    expect(errors).toEqual([]);
    await close();
  });

  it('the Spimate sheet sets its Japanese in the Noto Sans JP it carries (no font from the machine or the network)', async () => {
    const file = join(dir, 'spimate.html');
    const log = await grimoire('cards', 'spimate', '--sheet', file);
    expect(log).toMatch(/Noto Sans JP embedded \(\d+ subsets, \d+ KB\)/);
    const { page, attempted, errors, close } = await openOffline(browser, file, 'section.page .card svg', { width: 900, height: 1200 });
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    const loaded = await page.evaluate(() => [...document.fonts].filter((f) => f.family.replace(/["']/g, '') === 'Noto Sans JP' && f.status === 'loaded').length);
    expect(loaded).toBeGreaterThan(0);
    // A subset is fetched when a glyph of it is first drawn, and `fonts.ready` may come before the
    // last of them: ask for the subsets this text needs (loaded from the sheet itself — the page
    // is offline), then wait until they are in.
    await page.evaluate(() => document.fonts.load('24px "Noto Sans JP"', '森の賢者【プレイ時】カードを1枚引く。').then(() => undefined));
    await page.waitForFunction(() => document.fonts.check('24px "Noto Sans JP"', '森の賢者【プレイ時】カードを1枚引く。'), undefined, { timeout: WAIT });
    expect(await page.evaluate(() => document.fonts.check('24px "Noto Sans JP"', '森の賢者【プレイ時】カードを1枚引く。'))).toBe(true);
    await shot(page, 'cards-spimate-sheet');
    expect(attempted).toEqual([]);
    expect(errors).toEqual([]);
    await close();
  });

  it('--pdf prints the sheet: a PDF with one page per sheet page', async () => {
    const { file, log } = await pdfOf('trump');
    expect(log).toContain(`on ${pages} A4 pages`);
    const bytes = readFileSync(file);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const pageObjects = bytes.toString('latin1').match(/\/Type\s*\/Page(?!s)/g) ?? [];
    expect(pageObjects.length).toBe(pages);
    const one = join(dir, 'one.pdf');
    await grimoire('cards', 'trump', '--card', '♠A', '--pdf', one);
    expect(readFileSync(one).toString('latin1').match(/\/Type\s*\/Page(?!s)/g) ?? []).toHaveLength(1);
  });
});

describe.skipIf(!pdftoppm && !ci)("each seed game's PDF, its first page rendered by pdftoppm", () => {
  for (const game of ['trump', 'spimate', 'summon-magic', 't-magic']) {
    it(`${game}: an A4 page with ink on it, kept as test/artifacts/e2e/cards-${game}-pdf-page1.png`, async () => {
      if (!pdftoppm) throw new Error(`The PDF renders (test/e2e/cards.test.ts) need pdftoppm, and it is not installed. Under CI=true a missing pdftoppm fails the run: ${install}.`);
      const ir = compiledGame(game);
      const pages = Math.ceil(printableCards(ir).length / 9);
      const { file: pdf, log } = await pdfOf(game); // trump's: the one the test above printed
      expect(log).toContain(`on ${pages} A4 page`);
      mkdirSync(join(artifacts, 'e2e'), { recursive: true });
      const png = join(artifacts, 'e2e', `cards-${game}-pdf-page1`);
      await run(pdftoppm, ['-f', '1', '-l', '1', '-r', '110', '-png', '-singlefile', pdf, png]);
      expect(readFileSync(`${png}.png`).subarray(1, 4).toString('latin1')).toBe('PNG');
      const gray = join(dir, `${game}-page1`);
      await run(pdftoppm, ['-f', '1', '-l', '1', '-r', '40', '-gray', '-singlefile', pdf, gray]);
      const { ink, aspect } = inkOfPgm(`${gray}.pgm`);
      expect(aspect).toBeCloseTo(210 / 297, 2);
      // Not blank: a page of nine cards inks a good part of it (a playing card's white too, so little).
      expect(ink).toBeGreaterThan(0.03);
    });
  }
});
