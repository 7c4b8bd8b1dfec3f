/**
 * The Simulate panel: a balance simulation of trump in the run worker, its charts drawn by
 * balance/charts.ts in the page; Cancel on a long one; "compare with the original rules" after an
 * edit (兵士召喚 made cheaper) shows a comparison; "Download report" saves the self-contained HTML
 * file, which draws its charts again on its own, offline. Waits are for conditions, never times.
 * Screenshots: test/artifacts/e2e/.
 */
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { browserForFile, closePage, downloadBytes, nextCheck, openPlayground, recordTimings, shot, type PlaygroundPage } from './harness.ts';

const files = browserForFile();

const SUMMONS = 'rules/trump/summons.grim';
// 兵士召喚 (Soldier Summon) costs a barrier and 1 damage: the edit leaves the damage only.
const COST = '    do drive_barriers(me, 1)\n    do damage(me, 1)\n  }\n  effect {\n    do place_soldier';
const CHEAPER = COST.replace('    do drive_barriers(me, 1)\n', '');

async function replaceIn(page: Page, path: string, from: string, to: string): Promise<void> {
  const found = await page.evaluate(
    ([p, f, t]) => {
      const g = (window as any).grimoire;
      const model = g.monaco.editor.getModel(g.monaco.Uri.parse(`file:///${p}`));
      const text = model.getValue() as string;
      if (!text.includes(f)) return false;
      model.setValue(text.replace(f, t));
      return true;
    },
    [path, from, to] as const,
  );
  expect(found, `the text to replace in ${path}`).toBe(true);
}

/** Starts a simulation of `games` games; `compare` ticks or unticks the comparison. */
async function simulate(page: Page, games: number, compare: boolean): Promise<void> {
  await page.fill('#sim-games', String(games));
  await page.setChecked('#sim-compare', compare);
  await page.click('#simulate');
}

const count = (page: Page, selector: string) => page.$$eval(selector, (es) => es.length);

describe('the Simulate panel (Chromium)', () => {
  /**
   * One page for the first two tests: the second needs no fresh profile (the first leaves trump
   * unedited and no report, after its Cancel; the second sets the card values back to the
   * default). The third needs its own: a browser in Japanese. A page's load and first check cost
   * seconds of CPU; run alone (-t), a test gets a fresh page. What the page threw is checked when
   * it is closed.
   */
  let shared: PlaygroundPage | undefined;
  const sharedPage = async () => (shared ??= await openPlayground(files.browser, files.url));
  afterAll(async () => {
    if (shared) await closePage(shared);
  });

  it('simulates 50 trump games and draws the balance charts; Cancel stops a long simulation', async () => {
    const { page } = await sharedPage();
    const checked = await nextCheck(page);
    await page.selectOption('#game-select', 'trump');
    await checked();
    // The observed numbers only: every card's value by replacement is balance-lab.test.ts's.
    await page.selectOption('#sim-values', 'none');
    const t0 = Date.now();
    await simulate(page, 50, false);
    await page.waitForSelector('#simulate-status[data-state="done"]');
    recordTimings('simulate50', { game: 'trump', clickToChartsMs: Date.now() - t0 });
    expect(await page.getAttribute('#simulate-report', 'data-kind')).toBe('report');
    expect(await page.textContent('#simulate-status')).toMatch(/^50 games of trump, seeds 1–50, p1 random, p2 random, in [\d.]+ s\./);
    const charts = await page.$$eval('#simulate-report figure.balance-figure', (fs) => fs.map((f) => ({ chart: (f as HTMLElement).dataset.chart, svgs: f.querySelectorAll('svg').length, caption: f.querySelector(':scope > figcaption')?.textContent ?? '' })));
    expect(charts.map((c) => c.chart)).toEqual(['seats', 'length', 'cards', 'actions', 'ends']);
    for (const c of charts) {
      expect(c.svgs, c.chart).toBeGreaterThan(0);
      expect(c.caption, c.chart).toContain('n = 50 games');
    }
    // One bar and one interval per card, as many as the table's rows; the random-play note.
    const cards = await count(page, '#simulate-report table[data-table="cards"] tbody tr');
    expect(cards).toBeGreaterThan(40);
    expect(await count(page, '#simulate-report [data-chart="cards"] g.card-effect rect')).toBe(cards);
    expect(await count(page, '#simulate-report [data-chart="cards"] g.card-interval line')).toBe(cards);
    expect(await count(page, '#simulate-report [data-chart="seats"] g.seat-interval line')).toBe(4);
    expect(await page.textContent('#simulate-report .balance-header')).toMatch(/Random play/);
    await shot(page, '60-simulate-report');
    await page.$eval('#simulate-report [data-chart="cards"]', (e) => e.scrollIntoView());
    await shot(page, '60-simulate-cards');

    // A long simulation: Cancel once games are being played stops it, with nothing reported.
    await simulate(page, 100_000, false);
    await page.waitForFunction(() => Number((document.getElementById('simulate-progress') as HTMLProgressElement | null)?.value ?? 0) > 0);
    expect(await page.getAttribute('#run-pane', 'data-busy')).toBe('true');
    await page.click('#cancel-simulate');
    await page.waitForSelector('#simulate-status[data-state="cancelled"]');
    expect(await page.getAttribute('#run-pane', 'data-busy')).toBe('false');
    expect(await count(page, '#simulate-report > *')).toBe(0);
    expect(await page.isHidden('#download-report')).toBe(true);
  });

  it('compares with the original rules after an edit, and downloads the report as one HTML file that draws itself offline', async () => {
    const p = await sharedPage();
    const { page } = p;
    let checked = await nextCheck(page);
    await page.selectOption('#game-select', 'trump');
    await checked();
    await page.selectOption('#sim-values', ''); // the default, as on a page just opened (the test above chose none)
    checked = await nextCheck(page);
    await replaceIn(page, SUMMONS, COST, CHEAPER);
    await checked();
    await simulate(page, 60, true);
    await page.waitForSelector('#simulate-status[data-state="done"]');
    expect(await page.getAttribute('#simulate-report', 'data-kind')).toBe('comparison');
    expect(await page.textContent('#simulate-status')).toMatch(/^60 games under the original rules and 60 under your edits of trump/);
    const charts = await page.$$eval('#simulate-report figure.balance-figure', (fs) => fs.map((f) => (f as HTMLElement).dataset.chart));
    expect(charts).toEqual(['changes', 'seats', 'length', 'cards', 'actions', 'ends']);
    expect(await page.textContent('#simulate-report .balance-header')).toContain('trump with your edits');
    // Both sides: two intervals per seat row; every compared metric in the table, 兵士召喚's uses among them.
    expect(await count(page, '#simulate-report [data-chart="seats"] g.seat-interval line')).toBe(8);
    const metrics = await page.$$eval('#simulate-report table[data-table="changes"] tbody tr td:first-child', (tds) => tds.map((t) => t.textContent ?? ''));
    expect(metrics).toContain('兵士召喚: uses per game');
    const significant = await page.$$eval('#simulate-report table[data-table="changes"] tbody td.significant', (tds) => tds.length);
    expect(await count(page, '#simulate-report [data-chart="changes"] g.change-dot circle')).toBe(significant);
    await shot(page, '61-simulate-comparison');

    // Download report: the same self-contained file as grimoire balance --html.
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download-report')]);
    expect(download.suggestedFilename()).toBe('balance-trump-compared.html');
    const html = (await downloadBytes(download)).toString('utf8');
    expect(html).toContain('<script type="application/json" id="balance-data">');
    expect(html).toContain('card-effect'); // the charts' code, inlined
    expect(html).not.toMatch(/<script[^>]+src=|<link[^>]+href=/);
    const saved = await p.context.newPage();
    const requests: string[] = [];
    saved.on('request', (r) => {
      if (!r.url().startsWith('data:') && r.url() !== 'about:blank') requests.push(r.url());
    });
    await saved.setContent(html);
    await saved.waitForSelector('body[data-rendered="true"]');
    expect(await saved.$$eval('figure.balance-figure', (fs) => fs.map((f) => (f as HTMLElement).dataset.chart))).toEqual(charts);
    expect(requests).toEqual([]);
    await saved.close();
  });

  it('draws the report in the playground\'s language: Japanese headings, badges, chart labels for a browser in Japanese, and downloads a Japanese page', async () => {
    const p = await openPlayground(files.browser, files.url, { locale: 'ja-JP' });
    const { page } = p;
    const checked = await nextCheck(page);
    await page.selectOption('#game-select', 'trump');
    await checked();
    await page.selectOption('#sim-values', 'none');
    await simulate(page, 40, false);
    await page.waitForSelector('#simulate-status[data-state="done"]');
    const report = '#simulate-report';
    expect(await page.textContent(`${report} h1`)).toBe('trump のバランス');
    const headings = await page.$$eval(`${report} h2, ${report} h3, ${report} caption, ${report} th, ${report} dt`, (es) => es.map((e) => (e.textContent ?? '').trim()));
    for (const h of ['判定', '数値', '誰が勝つか', 'ゲームの長さ', 'デッキと比べたカード']) expect(headings).toContain(h);
    const text = await page.innerText(report);
    for (const e of ['Verdicts', 'The numbers', 'Who wins', 'How long games last', 'share of games', 'Random play']) expect(text).not.toContain(e);
    expect(text).not.toMatch(/\b(?:bal|balh|tune)\.[a-z]+(?:[.-][a-z]+)*\b/);
    expect(text).toContain('ゲームの割合 →');
    await shot(page, '62-simulate-ja');
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download-report')]);
    const html = (await downloadBytes(download)).toString('utf8');
    expect(html).toMatch(/<html lang="ja">/);
    await closePage(p);
  });
});
