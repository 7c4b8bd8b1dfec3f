/**
 * `grimoire faq trump --out faq.html`: the casebook as a rulings document, opened in Chromium with
 * every request other than the file refused (it has no script and needs no network): one article
 * per ruling, grouped under the rule its cite names, each with a board of its position, its answer
 * and the steps that decided it; and the print layout keeps the navigation out.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openOffline, root, shot, WAIT } from './harness.ts';

let browser: Browser;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'grimoire-faq-'));
  browser = await launchBrowser();
}, WAIT * 2);

afterAll(async () => {
  await browser?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('grimoire faq (Chromium)', () => {
  it('renders trump\'s casebook offline: an article per ruling under its rule, with a board, the answer and the steps', async () => {
    const file = join(dir, 'faq.html');
    await new Promise<void>((done, fail) =>
      execFile(process.execPath, [join(root, 'cli/bin.js'), 'faq', 'trump', '--out', file], { cwd: root, timeout: WAIT * 2 }, (e, _out, stderr) => (e ? fail(new Error(`${e.message}\n${stderr}`)) : done())),
    );
    const rulings = readdirSync(join(root, 'rules/trump/rulings')).filter((f) => f.endsWith('.yaml')).length;
    const { page, attempted, errors, close } = await openOffline(browser, file, 'article.ruling');
    expect(await page.$$eval('article.ruling', (as) => as.length)).toBe(rulings);
    // Grouped by rule id, in the rulebook's order: TR-2 before TR-12.
    const rules = await page.$$eval('section[data-rule]', (ss) => ss.map((s) => (s as HTMLElement).dataset.rule ?? ''));
    expect(rules.length).toBeGreaterThan(5);
    const number = (r: string) => Number(/^TR-(\d+)/.exec(r)?.[1] ?? 999);
    expect(rules.filter(Boolean).map(number)).toEqual([...rules.filter(Boolean).map(number)].sort((a, b) => a - b));
    // Each ruling with a position drawn as a board of zones with cards, an answer and its steps.
    const first = await page.$eval('article.ruling', (a) => ({ sides: a.querySelectorAll('.board .side').length, cards: a.querySelectorAll('.board .card').length, answers: a.querySelectorAll('ul.answer li').length, steps: a.querySelectorAll('ol.steps li').length }));
    expect(first.sides).toBeGreaterThan(0);
    expect(first.cards).toBeGreaterThan(0);
    expect(first.answers).toBeGreaterThan(0);
    expect(first.steps).toBeGreaterThan(0);
    expect(await page.textContent('article[data-file$="r-tr-02-soldier-vs-soldier.yaml"]')).toContain('♡5 → p2.graveyard');
    // Printing hides the navigation.
    await page.emulateMedia({ media: 'print' });
    expect(await page.$eval('nav', (n) => getComputedStyle(n).display)).toBe('none');
    await shot(page, 'faq-trump');
    expect(attempted).toEqual([]);
    expect(errors).toEqual([]);
    await close();
  });

  it('renders it in Japanese under --lang ja: every heading and the generated answers in Japanese, no catalog key, no English heading', async () => {
    const file = join(dir, 'faq-ja.html');
    await new Promise<void>((done, fail) =>
      execFile(process.execPath, [join(root, 'cli/bin.js'), 'faq', 'trump', '--lang', 'ja', '--out', file], { cwd: root, timeout: WAIT * 2 }, (e, _out, stderr) => (e ? fail(new Error(`${e.message}\n${stderr}`)) : done())),
    );
    const { page, attempted, errors, close } = await openOffline(browser, file, 'article.ruling');
    expect(await page.title()).toMatch(/裁定集$/);
    expect(await page.textContent('nav h2')).toBe('目次');
    const headings = await page.$$eval('article.ruling > h4', (hs) => [...new Set(hs.map((h) => (h.firstChild?.textContent ?? '').trim()))]);
    expect(headings.sort()).toEqual(['回答', '局面', '理由'].sort());
    const text = (await page.textContent('body')) ?? '';
    for (const english of ['Contents', 'The position', 'The answer', 'Why', 'Assumes:', 'Other rulings', 'What the ruling checks', 'rulings from the casebook']) expect(text).not.toContain(english);
    // No message key left unworded (a key is area.word-word, e.g. faq.answer).
    expect(text).not.toMatch(/\b(?:faq|words|scenario|cli)\.[a-z]+(?:-[a-z]+)*\b/);
    // The answers in words are Japanese sentences: 「p1 は … を選べる」.
    const answers = await page.$$eval('ul.answer li', (ls) => ls.map((l) => l.textContent ?? ''));
    expect(answers.filter((a) => /を選べる|がある|はない|の勝ち|に勝つ|のターン|は /.test(a)).length).toBeGreaterThan(answers.length / 2);
    // The steps are the engine's log in Japanese: 「p2は「アップ」を宣言する…。」「♠Kをp1.handに移す。」, none of the engine's English left.
    const steps = await page.$$eval('ol.steps li', (ls) => ls.map((l) => (l.firstChild?.textContent ?? '').trim()));
    expect(steps.length).toBeGreaterThan(50);
    expect(steps.filter((s) => /を宣言する|に移す|を選ぶ|を解決する|が誘発する|の勝利|ターンを終了する/.test(s)).length).toBeGreaterThan(steps.length / 2);
    for (const english of [' → ', ' chooses ', ' ends the turn', ' resolves', ' triggers for ', ' (by ', ' wins: ', ' fizzles', 'resolves at once', ' for アップ']) expect(steps.filter((s) => s.includes(english))).toEqual([]);
    await shot(page, 'faq-trump-ja');
    expect(attempted).toEqual([]);
    expect(errors).toEqual([]);
    await close();
  });
});
