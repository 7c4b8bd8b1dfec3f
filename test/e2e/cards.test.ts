/**
 * `grimoire cards trump --sheet` and `--pdf` (cli/cards.ts, faces/): the sheet opened in Chromium
 * with every request other than the file refused (it is self-contained) has ceil(n / 9) A4
 * pages, each card a 63 × 88 mm SVG with its title, and its first page is not blank (its
 * screenshot's pixels counted in a canvas); the PDF starts with %PDF and has one page per sheet
 * page.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compiledGame } from '../helpers.ts';
import { launchBrowser, openOffline, root, shot, WAIT } from './harness.ts';

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

function grimoire(...args: string[]): Promise<string> {
  return new Promise((done, fail) =>
    execFile(process.execPath, [join(root, 'cli/bin.js'), ...args], { cwd: root, timeout: WAIT * 2 }, (e, _out, stderr) => (e ? fail(new Error(`${e.message}\n${stderr}`)) : done(stderr))),
  );
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
    expect(inked).toBeGreaterThan(0.1);
    await shot(page, 'cards-trump-sheet');
    expect(attempted).toEqual([]);
    expect(errors).toEqual([]);
    await close();
  });

  it('--pdf prints the sheet: a PDF with one page per sheet page', async () => {
    const file = join(dir, 'trump.pdf');
    expect(await grimoire('cards', 'trump', '--pdf', file)).toContain(`on ${pages} A4 pages`);
    const bytes = readFileSync(file);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const pageObjects = bytes.toString('latin1').match(/\/Type\s*\/Page(?!s)/g) ?? [];
    expect(pageObjects.length).toBe(pages);
    const one = join(dir, 'one.pdf');
    await grimoire('cards', 'trump', '--card', '♠A', '--pdf', one);
    expect(readFileSync(one).toString('latin1').match(/\/Type\s*\/Page(?!s)/g) ?? []).toHaveLength(1);
  });
});
