/**
 * `grimoire balance --html`: the self-contained report opened in Chromium with JavaScript on and
 * every request other than the file itself refused — it must draw all its charts offline. A plain
 * report of trump and a comparison with a revision (trump_cheap: 兵士召喚 costs less, the revision
 * of test/revision.test.ts without its `remove action`) in a temporary project root. The charts'
 * marks are counted against the report's own JSON (embedded in the file): one bar per card, one
 * interval per card, the significant cards in the highlight colour, one dot per significant change.
 * The plain report carries the game-quality table (--quality). Waits are for conditions (the
 * page marks itself rendered), never times.
 *
 * Each card's value by replacement is played on 30 games (`--value-games 30`) instead of all the
 * report's: the values' chart and table are counted against the JSON whatever the sample (at 300
 * games as at 30 no value is significant, so the highlight count is 0 either way), and the 53
 * replacements × 300 games were most of the file's time. The 300 games stay where the size is
 * what is checked: the actions' and the comparison's significant effects.
 */
/** Games per card replacement (`--value-games`): enough for every value to be drawn with its interval. */
const VALUE_GAMES = '30';
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BalanceComparison, BalanceReport } from '../../balance/report.ts';
import { palette } from '../../balance/charts.ts';
import { flagged, rankingStandout } from '../../balance/verdicts.ts';
import { launchBrowser, openOffline, root, shot, WAIT } from './harness.ts';

const revisionTest = readFileSync(join(root, 'test/revision.test.ts'), 'utf8');
const revisionText = /const revisionText = `([\s\S]*?)`;/.exec(revisionTest)![1]!.replace('revision trump_draft', 'revision trump_cheap').replace(/^remove action .*$/m, '');

let browser: Browser;
let dir: string;

function grimoire(args: string[], env: Record<string, string> = {}): Promise<string> {
  return new Promise((done, fail) =>
    execFile(process.execPath, [join(root, 'cli/bin.js'), ...args], { cwd: root, env: { ...process.env, ...env }, maxBuffer: 256 * 1024 * 1024, timeout: WAIT * 2 }, (e, stdout, stderr) => (e ? fail(new Error(`${e.message}\n${stderr}`)) : done(stdout))),
  );
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'grimoire-balance-html-'));
  // A project root with trump (symlinked from the repository) and the revision beside it.
  for (const sub of ['rules', 'cards']) {
    mkdirSync(join(dir, 'project', sub), { recursive: true });
    symlinkSync(join(root, sub, 'trump'), join(dir, 'project', sub, 'trump'));
  }
  mkdirSync(join(dir, 'project/rules/trump_cheap'));
  writeFileSync(join(dir, 'project/rules/trump_cheap/revision.grim'), revisionText);
  browser = await launchBrowser();
}, WAIT * 2);

afterAll(async () => {
  await browser?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The report the file carries, read back from its data script (as the page reads it). */
function embedded<T>(html: string): T {
  const m = /<script type="application\/json" id="balance-data">([\s\S]*?)<\/script>/.exec(html);
  expect(m, 'the report JSON embedded in the page').toBeTruthy();
  return JSON.parse(m![1]!) as T;
}

const count = (page: Page, selector: string) => page.$$eval(selector, (es) => es.length);

/** Every figure has a title, a chart (an SVG) and a caption that gives the sample size. */
async function figures(page: Page): Promise<{ chart: string; title: string; caption: string; svgs: number }[]> {
  return page.$$eval('figure.balance-figure', (fs) =>
    fs.map((f) => ({ chart: (f as HTMLElement).dataset.chart!, title: f.querySelector('h3')?.textContent ?? '', caption: f.querySelector(':scope > figcaption')?.textContent ?? '', svgs: f.querySelectorAll('svg').length })),
  );
}

describe('grimoire balance --html (Chromium, offline)', () => {
  it('draws every chart of a report of 300 trump games with no network, the marks matching the JSON', async () => {
    const file = join(dir, 'trump.html');
    await grimoire(['balance', 'trump', '--games', '300', '--value-games', VALUE_GAMES, '--quality', '--html', file]);
    const html = readFileSync(file, 'utf8');
    const r = embedded<BalanceReport>(html);
    expect(r.kind).toBe('report');
    const { page, attempted, errors, close } = await openOffline(browser, file, 'body[data-rendered="true"]');

    const figs = await figures(page);
    expect(r.replacements.length).toBeGreaterThan(20);
    expect(figs.map((f) => f.chart)).toEqual(['seats', 'length', 'values', 'cards', 'actions', 'ends']);
    for (const f of figs) {
      expect(f.title.length, f.chart).toBeGreaterThan(0);
      expect(f.caption, f.chart).toMatch(/n = \d+/);
      expect(f.svgs, f.chart).toBeGreaterThan(0);
    }
    // Seats: a bar and an error bar per seat, for the first player and for draws.
    expect(await count(page, '[data-chart="seats"] g.seat-bar rect')).toBe(r.seats.players.length + 2);
    expect(await count(page, '[data-chart="seats"] g.seat-interval line')).toBe(r.seats.players.length + 2);
    // Length: one rectangle per histogram bin, turns and decisions.
    expect(await count(page, '[data-chart="length"] g.length-bin rect')).toBe(r.length.turns.histogram.length + r.length.decisions.histogram.length);
    // Cards: one bar and one interval per card compared with its deck (balance/verdicts.ts
    // rankingStandout); those flagged (and only they) in the highlight colour, with a legend and
    // the deck's median card as the line at 0.
    const measured = r.cards.filter((c) => rankingStandout(c) !== null).length;
    expect(measured).toBeGreaterThan(20);
    expect(await count(page, '[data-chart="cards"] g.card-effect rect')).toBe(measured);
    expect(await count(page, '[data-chart="cards"] g.card-interval line')).toBe(measured);
    const significant = r.cards.filter((c) => rankingStandout(c)?.d.significant).length;
    expect(await count(page, `[data-chart="cards"] g.card-effect rect[fill="${palette.significant}"]`)).toBe(significant);
    expect(await page.textContent('[data-chart="cards"]')).toContain('significant (q < 0.05)');
    expect(await count(page, '[data-chart="cards"] g.card-average line')).toBe(1);
    const labels = await page.$$eval('[data-chart="cards"] svg [aria-label="y-axis tick label"] text', (ts) => ts.map((t) => t.textContent));
    expect(new Set(labels)).toEqual(new Set(r.cards.filter((c) => rankingStandout(c) !== null).map((c) => c.card)));
    // The verdicts come first, under the header: flagged cards in words, or that none stands out.
    expect(await page.$eval('.balance-report', (e) => [...e.children].map((c) => c.className).slice(0, 2))).toEqual(['balance-header', 'balance-verdicts']);
    expect(await page.textContent('.balance-verdicts')).toMatch(r.cards.some((c) => flagged(r, c)) ? /stronger|weaker|mixed/ : /No card stands out/);
    // Actions: uses of each; an effect dot for each action some players used and some did not.
    expect(await count(page, '[data-chart="actions"] g.action-uses rect')).toBe(r.actions.length);
    expect(await count(page, '[data-chart="actions"] g.action-effect circle')).toBe(r.actions.filter((a) => a.winWhenUsed.n > 0 && a.winWhenNotUsed.n > 0).length);
    // The highlight as the cards use it, seen here with effects that are significant in 300 random games.
    const significantActions = r.actions.filter((a) => a.winWhenUsed.n > 0 && a.winWhenNotUsed.n > 0 && a.effect?.significant).length;
    expect(significantActions).toBeGreaterThan(0);
    expect(await count(page, `[data-chart="actions"] g.action-effect circle[fill="${palette.significant}"]`)).toBe(significantActions);
    expect(await count(page, '[data-chart="ends"] g.end-bar rect')).toBe(r.endReasons.length);
    // What each card is worth: a bar and an interval per replacement value, the flagged ones highlighted; every value in the table.
    expect(await count(page, '[data-chart="values"] g.value-effect rect')).toBe(r.replacements.length);
    expect(await count(page, '[data-chart="values"] g.value-interval line')).toBe(r.replacements.length);
    expect(await count(page, `[data-chart="values"] g.value-effect rect[fill="${palette.significant}"]`)).toBe(r.replacements.filter((v) => (v.standout ?? v.value).significant).length);
    expect(await count(page, 'table[data-table="replacements"] tbody tr')).toBe(r.replacements.length);
    // The exact numbers: every card and every action in the tables; the settings and the random-play note.
    expect(await count(page, 'table[data-table="cards"] tbody tr')).toBe(r.cards.length);
    expect(await count(page, 'table[data-table="actions"] tbody tr')).toBe(r.actions.length);
    // --quality: the game-quality table — five lead metrics (trump declares an evaluate), four
    // outcomes, two of length, the decisions to act, and two rows for each most-used action.
    expect(r.quality!.evaluation.declared).toBe(true);
    expect(await count(page, 'table[data-table="quality"] tbody tr')).toBe(5 + 4 + 2 + 1 + 2 * r.quality!.actions.length);
    expect(await page.textContent('table[data-table="quality"]')).toContain(`the most-used action ${r.quality!.mostUsed!.action}`);
    const header = await page.textContent('.balance-header');
    expect(header).toContain(r.hash);
    expect(header).toContain(r.settings.rules);
    expect(header).toContain('seeds 1–300');
    expect(header).toMatch(/Random play/);
    await shot(page, 'balance-report');
    expect(attempted, 'requests other than the file').toEqual([]);
    expect(errors, 'console errors').toEqual([]);
    await close();
  });

  it('draws a comparison with a revision (--vs): both sides of each chart, and the significant changes', async () => {
    const file = join(dir, 'compare.html');
    await grimoire(['balance', 'trump', '--vs', 'trump_cheap', '--games', '300', '--html', file], { GRIMOIRE_ROOT: join(dir, 'project') });
    const c = embedded<BalanceComparison>(readFileSync(file, 'utf8'));
    expect(c.kind).toBe('comparison');
    const { page, attempted, errors, close } = await openOffline(browser, file, 'body[data-rendered="true"]');

    const figs = await figures(page);
    expect(figs.map((f) => f.chart)).toEqual(['changes', 'seats', 'length', 'cards', 'actions', 'ends']);
    for (const f of figs) expect(f.caption, f.chart).toMatch(/n = \d+/);
    const significant = c.changes.filter((m) => m.change.significant);
    // The revision makes 兵士召喚 cheaper: with 300 paired games its uses per game move significantly.
    expect(significant.some((m) => m.metric === 'actions.兵士召喚.perGame')).toBe(true);
    expect(await count(page, '[data-chart="changes"] g.change-dot circle')).toBe(significant.length);
    expect(await count(page, '[data-chart="changes"] g.change-interval line')).toBe(significant.length);
    expect(await count(page, '[data-chart="seats"] g.seat-interval line')).toBe(2 * (c.base.seats.players.length + 2));
    expect(await count(page, '[data-chart="length"] g.length-bin rect')).toBe(
      c.base.length.turns.histogram.length + c.other.length.turns.histogram.length + c.base.length.decisions.histogram.length + c.other.length.decisions.histogram.length,
    );
    const measuredBoth = [...c.base.cards, ...c.other.cards].filter((m) => rankingStandout(m) !== null).length;
    expect(await count(page, '[data-chart="cards"] g.card-effect circle')).toBe(measuredBoth);
    expect(await count(page, '[data-chart="cards"] g.card-interval line')).toBe(measuredBoth);
    expect(await count(page, '[data-chart="actions"] g.action-uses rect')).toBe(c.base.actions.length + c.other.actions.length);
    expect(await count(page, 'table[data-table="changes"] tbody tr')).toBe(c.changes.length);
    expect(await page.textContent('.balance-header')).toContain('trump_cheap');
    await shot(page, 'balance-comparison');
    expect(attempted, 'requests other than the file').toEqual([]);
    expect(errors, 'console errors').toEqual([]);
    await close();
  });

  it('draws the report in Japanese under --lang ja: Japanese headings, table headers, verdicts, chart labels and captions, its own Japanese font; no catalog key, no English heading', async () => {
    const file = join(dir, 'trump-ja.html');
    const out = await grimoire(['balance', 'trump', '--games', '200', '--value-games', VALUE_GAMES, '--quality', '--lang', 'ja', '--html', file]);
    expect(out).toContain('判定 — デッキの中で突出したカード');
    const html = readFileSync(file, 'utf8');
    expect(html).toMatch(/^<!doctype html>\n<html lang="ja">/);
    // The Noto Sans JP subsets its Japanese needs, inlined (the page needs no font of the machine's).
    expect(html).toContain("@font-face{font-family:'Noto Sans JP'");
    const { page, attempted, errors, close } = await openOffline(browser, file, 'body[data-rendered="true"]');
    expect(await page.title()).toBe('trump のバランス (200 ゲーム)');
    expect(await page.textContent('h1')).toBe('trump のバランス');
    const headings = await page.$$eval('h2, h3, h4, caption, th, dt, figcaption, .verdict-badge', (es) => es.map((e) => (e.textContent ?? '').trim()));
    // Every heading, caption and header speaks Japanese: none is only ASCII words but the names it shows (seats, q, p).
    const english = headings.filter((h) => /[A-Za-z]{3,}/.test(h) && !/[\u3040-\u30ff\u4e00-\u9fff]/.test(h));
    expect(english).toEqual([]);
    for (const h of ['判定', '数値', '誰が勝つか', 'ゲームの長さ', 'デッキと比べたカード', 'アクションとトリガー', 'ゲームの終わり方', '置換で測った各カードの価値']) expect(headings).toContain(h);
    // What the page shows (the body also holds the JSON and the script, with every catalog in it).
    const text = await page.innerText('#balance-mount');
    for (const e of ['Verdicts', 'The numbers', 'Who wins', 'How long games last', 'Cards against their deck', 'How games end', 'Random play', 'Game quality:', 'rule parameters', 'share of games', 'percentage points', 'Each card is judged']) expect(text).not.toContain(e);
    // No message key left unworded (a key is area.word-word, e.g. balh.ch.seats).
    expect(text).not.toMatch(/\b(?:bal|balh|tune|cov)\.[a-z]+(?:[.-][a-z]+)*\b/);
    // The charts' axes and legends: Japanese.
    const svgText = await page.$$eval('figure.balance-figure svg text, figure.balance-figure span', (ts) => ts.map((t) => t.textContent ?? '').join(' '));
    expect(svgText).toContain('ゲームの割合 →');
    expect(svgText).toContain('有意でない');
    expect(await page.evaluate(() => document.fonts.check('16px "Noto Sans JP"', '勝率'))).toBe(true);
    await shot(page, 'balance-report-ja');
    expect(attempted, 'requests other than the file').toEqual([]);
    expect(errors, 'console errors').toEqual([]);
    await close();
  });
});
