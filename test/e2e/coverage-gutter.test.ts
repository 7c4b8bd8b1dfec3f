/**
 * The casebook's executed lines in the editor's gutter (playground/src/editor/executed-lines.ts):
 * after Run all, the lines the passing rulings ran are marked beside their numbers, with how many
 * rulings ran each on hover; a new Run all starts from no marks. Screenshot: test/artifacts/e2e/.
 */
import { describe, expect, it } from 'vitest';
import { browserForFile, closePage, openFile, openPlayground, shot } from './harness.ts';

const files = browserForFile();

describe('playground gutter: the lines the casebook ran (Chromium)', () => {
  it('Run all marks executed lines in the gutter of the open file and of the others', async () => {
    const p = await openPlayground(files.browser, files.url);
    const { page } = p;
    expect(await page.evaluate(() => (window as any).grimoire.gutter.marked())).toEqual({});
    await page.click('#run-all');
    await page.waitForSelector('#casebook-summary[data-state="done"]');
    const marked = (await page.evaluate(() => (window as any).grimoire.gutter.marked())) as Record<string, number>;
    const game = (await page.evaluate(() => (window as any).grimoire.ws.game)) as string;
    const paths = Object.keys(marked);
    expect(paths.length).toBeGreaterThan(1);
    for (const path of paths) expect(path.startsWith(`rules/${game}/`) || path.startsWith(`cards/${game}/`), path).toBe(true);
    // The file with the most marks, opened: its gutter shows them, each with its tooltip.
    const busiest = paths.sort((a, b) => marked[b]! - marked[a]!)[0]!;
    await openFile(page, busiest);
    await page.waitForSelector('.monaco-editor .casebook-ran');
    const shown = await page.$$eval('.monaco-editor .casebook-ran', (els) => els.length);
    expect(shown).toBeGreaterThan(0);
    await shot(page, 'coverage-gutter');
    // A new run clears the marks first, then marks the same lines again (nothing was edited).
    await page.click('#run-all');
    await page.waitForSelector('#casebook-summary[data-state="done"]');
    expect(await page.evaluate(() => (window as any).grimoire.gutter.marked())).toEqual(marked);
    await closePage(p);
  });
});
