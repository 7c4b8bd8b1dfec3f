/**
 * The playground in the browser's language (issue 32): a browser set to Japanese (ja-JP) gets a
 * Japanese page — the top bar, the tabs, the run panel's rows (scenario, seed, seats, Simulate,
 * Tune), the status, a scenario's verdict and board, the Cards gallery (the tutorial's game's faces
 * with their generated rules text in Japanese) — with no English label
 * of the catalogs left and no raw catalog key; the switch in the top bar changes the language,
 * and the choice survives a reload. A browser in English gets English.
 */
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { catalogs } from '../../i18n/catalogs.ts';
import { browserForFile, closePage, firstCheck, openPlayground, shot } from './harness.ts';

const files = browserForFile();

/** The English labels of the playground's catalog: whole messages with no placeholder. */
const englishLabels = new Set(
  Object.entries(catalogs.en)
    .filter(([k, m]) => k.startsWith('pg.') && !/[{}]/.test(m) && catalogs.ja[k as keyof typeof catalogs.ja] !== m)
    .map(([, m]) => m.trim()),
);

/**
 * Every text a reader meets in the main views (the top bar, the tabs, the run pane, the Cards
 * pane): the text of each element with no element child, and the title, aria-label and
 * placeholder of every element. The game's own words (file names, card names, the rules'
 * parameter notes) are not the page's labels and are left out where they are shown.
 */
async function uiTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const roots = ['#topbar', '#side-tabs', '#run-pane', '#cards-pane'].map((s) => document.querySelector(s)!).filter(Boolean);
    const own = (e: Element) => [...e.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE).map((n) => n.textContent ?? '').join('').trim();
    for (const root of roots) {
      for (const e of [root, ...root.querySelectorAll('*')]) {
        // The game's words: file names, cards and their faces, the log's steps (the engine's), parameters' notes.
        if (e.closest('#game-select, #scenario-select, #cards-grid, #log, .param, #format, svg, #tune-cards, #tune-attrs, #cards-type')) continue;
        const text = own(e);
        if (text) out.push(text);
        for (const a of ['title', 'aria-label', 'placeholder']) {
          const v = e.getAttribute(a);
          if (v) out.push(v);
        }
      }
    }
    return out;
  });
}

it('a browser in Japanese gets a Japanese playground: no English label of the main views, no catalog key', async () => {
  const p = await openPlayground(files.browser, files.url, { locale: 'ja-JP' });
  const { page } = p;
  expect(await page.evaluate(() => navigator.languages[0])).toBe('ja-JP');
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('ja');
  expect(await page.title()).toBe('Grimoire プレイグラウンド');
  await page.waitForFunction(() => /^エラーなし/.test(document.getElementById('status')?.textContent ?? ''));
  expect(await page.textContent('#tab-run')).toBe('実行');
  expect(await page.textContent('#tab-cards')).toMatch(/^カード/);
  expect(await page.textContent('#run-scenario')).toBe('シナリオを実行');
  expect(await page.textContent('#simulate')).toBe('シミュレーション');
  expect(await page.$eval('#language-select', (s) => (s as HTMLSelectElement).value)).toBe('ja');

  // A scenario run: the verdict, the board's caption and headings in Japanese.
  await page.click('#run-scenario');
  await page.waitForFunction(() => (document.getElementById('run-result')?.textContent ?? '') !== '');
  expect(await page.textContent('#run-result')).toMatch(/^(合格|不合格) — /);
  await page.waitForSelector('#board .board-caption');
  expect(await page.textContent('#board .board-caption')).toMatch(/^ステップ \d+ のあと/);
  expect(await page.textContent('#step-counter')).toMatch(/^ステップ \d+ \/ \d+/);
  // The log's steps are the engine's log in Japanese (「p1はターンを終了する。」), none of its English left.
  await page.waitForSelector('#log .log-step .text');
  const steps = await page.$$eval('#log .log-step .text', (ts) => ts.map((t) => t.textContent ?? ''));
  expect(steps.length).toBeGreaterThan(3);
  expect(steps.filter((s) => /を宣言する|に移す|を選ぶ|を解決する|が誘発する|の勝利|ターンを終了する|ゲームの準備|ターン：/.test(s)).length).toBeGreaterThan(steps.length / 2);
  for (const english of [' → ', ' chooses ', ' ends the turn', ' resolves', ' triggers for ', ' (by ', ' wins: ']) expect(steps.filter((s) => s.includes(english))).toEqual([]);

  const texts = await uiTexts(page);
  expect(texts.length).toBeGreaterThan(40);
  expect(texts.filter((t) => englishLabels.has(t))).toEqual([]);
  expect(texts.filter((t) => /\bpg\.[a-z-]+\.[a-z-]+/.test(t))).toEqual([]);
  // No sentence of English in the page's own words (command lines and agent names aside).
  const sentences = texts.filter((t) => /\b[a-z]{3,} [a-z]{3,} [a-z]{3,}\b/.test(t.replace(/(?:npx )?grimoire [a-z]+(?: --[a-z-]+)*/g, '')));
  expect(sentences).toEqual([]);
  const path = await shot(page, 'playground-ja');
  expect(path).toMatch(/test\/artifacts\/e2e\/playground-ja\.png$/);

  // The Cards tab too.
  await page.click('#tab-cards');
  await page.waitForFunction(() => document.querySelectorAll('#cards-grid .card-face').length > 0);
  expect(await page.textContent('#cards-count')).toMatch(/^\d+ 枚$/);
  expect((await uiTexts(page)).filter((t) => englishLabels.has(t))).toEqual([]);
  await shot(page, 'playground-ja-cards');

  // The tutorial's game (Skirmish): its default faces print the generated rules text in Japanese.
  await page.selectOption('#game-select', 'skirmish');
  await page.waitForSelector('#cards-gallery[data-state="current"] .card-face[data-card="Archer"][data-drawn] svg text');
  const archer = await page.$eval('#cards-grid .card-face[data-card="Archer"] .face-art', (e) => (e.textContent ?? '').replace(/\s+/g, ''));
  expect(archer).toContain('このカードがhandからboardに移動した時、相手のlifeを1減らす。');
  expect(archer).not.toMatch(/When this card|opponent's/);
  await shot(page, 'playground-ja-skirmish-cards');
  await closePage(p);
});

it('the language switch changes the page to English and the choice is kept across a reload; a browser in English gets English', async () => {
  const p = await openPlayground(files.browser, files.url, { locale: 'ja-JP' });
  const { page } = p;
  await Promise.all([page.waitForEvent('framenavigated'), page.selectOption('#language-select', 'en')]);
  await firstCheck(page);
  expect(await page.textContent('#tab-run')).toBe('Run');
  expect(await page.evaluate(() => localStorage.getItem('grimoire.lang'))).toBe('en');
  await page.reload();
  await firstCheck(page);
  expect(await page.textContent('#run-scenario')).toBe('Run scenario');
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
  await closePage(p);

  const en = await openPlayground(files.browser, files.url, { locale: 'en-US' });
  await en.page.waitForFunction(() => /^no errors/.test(document.getElementById('status')?.textContent ?? ''));
  expect(await en.page.textContent('#tab-run')).toBe('Run');
  expect(await en.page.$eval('#language-select', (s) => (s as HTMLSelectElement).value)).toBe('en');
  await closePage(en);
});
