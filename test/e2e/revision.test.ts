/**
 * A revision in the playground: the tutorial's rules/skirmish-v2 (docs/tutorial.md §9, its text
 * taken from the tutorial itself) is a game of the playground built from a repository that has
 * it. It compiles over skirmish — no "no game of that name" — and plays.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { closePage, launchBrowser, nextCheck, openPlayground, playgroundUrl, root, shot } from './harness.ts';
import { servePlaygroundWith } from './project-copy.ts';

const tutorial = readFileSync(join(root, 'docs/tutorial.md'), 'utf8');
const revision = /```grim\n\/\/ rules\/skirmish-v2\/revision\.grim\n([\s\S]*?)```/.exec(tutorial)?.[1];

let browser: Browser;
let served: { url: string; stop: () => void } | undefined;

beforeAll(async () => {
  await playgroundUrl(); // fails here, with its reason, when the e2e setup could not run (no Chromium…)
  expect(revision, 'the revision of docs/tutorial.md §9').toBeTruthy();
  served = await servePlaygroundWith({ 'rules/skirmish-v2/revision.grim': revision! });
  browser = await launchBrowser();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  served?.stop();
});

it('the tutorial\'s revision skirmish-v2 compiles over skirmish in the playground and plays a game', async () => {
  const p = await openPlayground(browser, served!.url);
  const { page } = p;
  const checked = await nextCheck(page);
  await page.selectOption('#game-select', 'skirmish-v2');
  await checked();
  await page.waitForFunction(() => (window as any).grimoire.session.current === 'rules/skirmish-v2/revision.grim');
  expect(await page.textContent('#problems')).not.toMatch(/no game of that name/);
  expect(await page.textContent('#status')).toMatch(/^no errors/);
  await page.click('#play-game');
  await page.waitForSelector('#run-result[data-kind="game"]', { timeout: 60_000 });
  expect(await page.textContent('#run-result')).toMatch(/wins|draw/);
  await shot(page, 'revision-played');
  await closePage(p);
});
