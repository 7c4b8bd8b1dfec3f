/**
 * "Every reading of an ambiguity" in the playground: the Readings button runs trump's casebook
 * under every alternative of every rule parameter (in the run worker, with progress), and shows
 * the table of the rulings whose outcome turns on a parameter; a cell says how, a pinned reading
 * says so, a ruling opens in the scenario view; Cancel stops it. Screenshot: test/artifacts/e2e/.
 */
import { describe, expect, it } from 'vitest';
import { browserForFile, closePage, openPlayground, recordTimings, shot } from './harness.ts';

const files = browserForFile();
const FORBID = 'rules/trump/rulings/r-tr-param-l-cost-forbid.yaml';
const ALLOW = 'rules/trump/rulings/r-tr-param-l-cost-allow.yaml';

describe('playground readings (Chromium)', () => {
  it('Readings: the table of rulings × parameters, the same summary as the CLI, a ruling opens; Cancel stops it', async () => {
    const p = await openPlayground(files.browser, files.url);
    const { page } = p;
    await page.evaluate(() => {
      const seen: string[] = ((window as any).__progress = []);
      new MutationObserver(() => {
        const s = document.getElementById('casebook-summary');
        if (s?.dataset.state === 'running') seen.push(s.textContent ?? '');
      }).observe(document.getElementById('casebook')!, { subtree: true, childList: true, characterData: true, attributes: true });
    });
    const t0 = Date.now();
    await page.click('#run-readings');
    await page.waitForSelector('#casebook[data-view="readings"] #casebook-summary[data-state="done"]');
    recordTimings('readings', { game: 'trump', clickToTableMs: Date.now() - t0 });
    const progress = (await page.evaluate(() => (window as any).__progress)) as string[];
    expect(progress.some((t) => /^Running the rulings under every reading.*\d+ \/ \d+$/.test(t)), progress.join('\n')).toBe(true);
    expect(await page.textContent('#casebook-summary')).toMatch(/^\d+ rulings settled by the rulebook alone, \d+ depend on \d+ parameters/);
    const cell = async (path: string, param: string) => page.textContent(`.readings-row[data-path="${path}"] td[data-param="${param}"]`);
    expect(await cell(FORBID, 'l_cost_empty_life')).toBe('allow: pass → fail');
    expect(await page.getAttribute(`.readings-row[data-path="${FORBID}"] td[data-param="l_cost_empty_life"]`, 'title')).toMatch(/not_offered p1: \[エース召喚\]/);
    expect(await cell(ALLOW, 'l_cost_empty_life')).toBe('pinned: allow');
    // Every trump parameter has a ruling that turns on it (the coverage rulings): no untested reading is listed.
    expect(await page.textContent('#readings-untested')).toBe('');
    await shot(page, '40-readings');

    // A ruling opens in the scenario view (at the defaults: it passes).
    await page.click(`.readings-row[data-path="${FORBID}"] th button`);
    await page.waitForSelector('#run-result[data-passed]');
    expect(await page.getAttribute('#run-result', 'data-passed')).toBe('true');
    expect(await page.inputValue('#scenario-select')).toBe(FORBID);

    // Cancel stops the readings.
    await page.evaluate(() => {
      (document.getElementById('run-readings') as HTMLButtonElement).click();
      (document.getElementById('cancel-run') as HTMLButtonElement).click();
    });
    await page.waitForSelector('#casebook-summary[data-state="stopped"]');
    expect(await page.textContent('#casebook-summary')).toMatch(/^Cancelled after \d+ \/ \d+ rulings\.$/);
    expect(await page.getAttribute('#run-message', 'data-kind')).toBe('cancelled');
    expect(await page.$$('.readings-row')).toHaveLength(0);
    await closePage(p);
  });
});
