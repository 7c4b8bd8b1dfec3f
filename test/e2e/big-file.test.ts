/**
 * A huge file in the playground (issue 11, section 2): pasting 5 MB of rules does not freeze the
 * editor — the compile worker gives up with a message in the status line and the problems panel,
 * and typing still works; a file with more errors than the editor shows gets the first 500 as
 * markers and rows, and one row counting the rest. Typing in it stays fluid because its edits are
 * saved after a pause in typing (a bounded number of writes per burst, counted here), never lost
 * (a reload right after typing keeps them). Every wait is for a condition, never a time.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, expect, it } from 'vitest';
import { browserForFile, closePage, firstCheck, markers, modelText, nextCheck, openFile, openPlayground, placeCursor, recordTimings, root, shot, type PlaygroundPage } from './harness.ts';

const FILE = 'rules/trump/quick-magic.grim';
const quickMagic = readFileSync(join(root, FILE), 'utf8');
const files = browserForFile();

/**
 * One page for both tests: the second needs no fresh profile (the first leaves the file as it
 * was, checked with no errors, and its reload undid the write counting). A page's load and first
 * check cost seconds of CPU; run alone (-t), a test gets a fresh page. What it threw is checked
 * when the file ends.
 */
let shared: PlaygroundPage | undefined;
const sharedPage = async () => (shared ??= await openPlayground(files.browser, files.url));
afterAll(async () => {
  if (shared) await closePage(shared);
});
/** The longest a big file's edit waits to be saved while typing goes on (playground/src/workspace/workspace.ts). */
const SAVE_MAX_WAIT_MS = 3_000;

/** From now on, counts the page's localStorage writes of at least `minChars` characters. */
async function countBigWrites(page: Page, minChars: number): Promise<void> {
  await page.evaluate((min) => {
    const w = window as any;
    w.__bigWrites = 0;
    if (w.__countingWrites) return;
    w.__countingWrites = true;
    const setItem = Storage.prototype.setItem;
    Storage.prototype.setItem = function (key: string, value: string) {
      if (String(value).length >= min) w.__bigWrites++;
      return setItem.call(this, key, value);
    };
  }, minChars);
}

/** Whether localStorage holds, in some key, a text starting with `start` and at least `minChars` long. */
function storedStartsWith(page: Page, start: string, minChars: number): Promise<boolean> {
  return page.evaluate(
    ([s, min]) => Object.keys(localStorage).some((k) => {
      const v = localStorage.getItem(k) ?? '';
      return v.length >= min && (v.startsWith(s) || v.includes(JSON.stringify(s).slice(1, -1)));
    }),
    [start, minChars] as const,
  );
}

/** Replaces the open file's text as a paste over all of it does (one edit of the model). */
async function paste(page: Page, text: string): Promise<void> {
  const checked = await nextCheck(page);
  await page.evaluate((t) => (window as any).grimoire.session.editor.getModel().setValue(t), text);
  await checked();
}

/** Types at the start of the open file and waits until the editor holds what was typed; returns the time it took. */
async function typeAtStart(page: Page, typed: string): Promise<number> {
  await placeCursor(page, 1, 1);
  const t0 = Date.now();
  await page.keyboard.type(typed);
  await page.waitForFunction((t) => (window as any).grimoire.session.editor.getModel().getLineContent(1).startsWith(t), typed, { timeout: 60_000 });
  return Date.now() - t0;
}

it('a pasted 5 MB file is not checked as you type: a message says so, and typing still works', async () => {
  const { page } = await sharedPage();
  await openFile(page, FILE);
  // Copies of the file up to 5 MB, every definition defined again (thousands of duplicates).
  const big = quickMagic.repeat(Math.ceil(5_000_000 / Buffer.byteLength(quickMagic)));
  expect(Buffer.byteLength(big)).toBeGreaterThan(4_900_000);
  await paste(page, big);

  await page.waitForFunction(() => /^not checked as you type/.test((document.getElementById('status') as HTMLElement).dataset.text ?? ''), undefined, { timeout: 60_000 });
  expect(await page.textContent('#problems')).toMatch(/not checked as you type: the game's files hold \d+\.\d million characters \(rules\/trump\/quick-magic\.grim: \d\.\d million\)/);
  expect(await markers(page, FILE)).toEqual([]);

  // The editor answers: what is typed appears, and the next check says the same.
  await page.waitForFunction(() => !(window as any).grimoire.ws.savePending); // the paste is saved
  await countBigWrites(page, big.length);
  const checked = await nextCheck(page);
  const typingMs = await typeAtStart(page, '// still typing ');
  await checked();
  expect((await page.$eval('#status', (e) => (e as HTMLElement).dataset.text)) ?? '').toMatch(/^not checked as you type/);
  // Saved after the pause in typing: not once per key (16 writes of the whole file, 2.4 s of
  // typing before), but once per pause — plus one per SAVE_MAX_WAIT_MS of typing without a pause.
  await page.waitForFunction(() => !(window as any).grimoire.ws.savePending, undefined, { timeout: 60_000 });
  expect(await storedStartsWith(page, '// still typing ', big.length)).toBe(true);
  const writes = await page.evaluate(() => (window as any).__bigWrites as number);
  expect(writes).toBeGreaterThanOrEqual(1);
  expect(writes).toBeLessThanOrEqual(1 + Math.ceil(typingMs / SAVE_MAX_WAIT_MS));
  const saveProblem = await page.evaluate(() => (window as any).grimoire.ws.saveProblem as string | null);
  expect(saveProblem).toBeNull();
  recordTimings('bigFileTyping', {
    what: `16 keys typed at the start of a ${big.length}-character file (playwright keyboard.type, no delay), until the editor holds them; its edits are saved after a pause in typing`,
    chars: big.length,
    typedChars: 16,
    typingMs,
    msPerKey: Math.round(typingMs / 16),
    bigWritesDuringBurst: writes,
  });
  await shot(page, 'big-file-not-checked');

  // A reload right after typing (no pause) loses nothing: the waiting save is made as the page goes.
  await typeAtStart(page, '// and more ');
  await page.reload();
  await firstCheck(page);
  expect((await modelText(page, FILE))!.startsWith('// and more // still typing ')).toBe(true);
  await openFile(page, FILE);

  // Back within the budget, the file is checked again.
  await paste(page, quickMagic);
  await page.waitForFunction(() => (document.getElementById('status') as HTMLElement).dataset.text?.startsWith('no errors'), undefined, { timeout: 60_000 });
}, 300_000);

it('more errors than the editor shows: the first 500 as markers and rows, one row counts the rest', async () => {
  const { page } = await sharedPage();
  await openFile(page, FILE);
  // 50 copies: 0.7 MB (within the budget), 49 × 13 definitions defined twice — 637 errors, past the
  // 500 shown (the number of errors is what is tested, not the file's size: 120 copies checked 2.4
  // times the text for the same 500 rows).
  await paste(page, quickMagic.repeat(50));
  await page.waitForFunction(() => /^637 errors/.test((document.getElementById('status') as HTMLElement).dataset.text ?? ''), undefined, { timeout: 120_000 });
  expect(await markers(page, FILE)).toHaveLength(500);
  expect(await page.$$eval('#problems .problem[data-code]', (rows) => rows.length)).toBe(500);
  expect(await page.textContent('#problems .problem.more')).toMatch(/^… and 137 more \(137 error\(s\), 0 warning\(s\)\): the editor lists the first 500/);
  await typeAtStart(page, '// still typing ');
  await shot(page, 'big-file-500-problems');
}, 300_000);
