/**
 * The balance lab's estimates in the playground (issue 26): Vanilla with one card planted far too
 * strong (C2: cost 1, power and toughness 6, where every other Ci has i of each) — Simulate's
 * report leads with the verdicts, the planted card flagged "too strong" by its replacement value
 * with its interval and games, every card's value in the table; Tune draws the planted card's
 * worth at each power tried, its intervals and its fair value, and downloads the curve as the
 * CLI's HTML file; bad input (an empty range, an attr that is not a number) is said in words.
 * Small games, waits for conditions only. Screenshots: test/artifacts/e2e/.
 */
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { browserForFile, closePage, downloadBytes, nextCheck, openPlayground, shot, type PlaygroundPage } from './harness.ts';

const files = browserForFile();

const CARDS = 'cards/vanilla/cards.grim';
const C2 = /card C2 "C2": Creature[^\n]*\{ cost = 2 power = 2 toughness = 2 \}/;
const PLANTED = 'card C2 "C2": Creature { cost = 1 power = 6 toughness = 6 }';

async function plant(page: Page): Promise<void> {
  const found = await page.evaluate(
    ([path, from, to]) => {
      const g = (window as any).grimoire;
      const model = g.monaco.editor.getModel(g.monaco.Uri.parse(`file:///${path}`));
      const text = model.getValue() as string;
      const re = new RegExp(from);
      if (!re.test(text)) return false;
      model.setValue(text.replace(re, to));
      return true;
    },
    [CARDS, C2.source, PLANTED] as const,
  );
  expect(found, `C2's line in ${CARDS}`).toBe(true);
}

const count = (page: Page, selector: string) => page.$$eval(selector, (es) => es.length);
const texts = (page: Page, selector: string) => page.$$eval(selector, (es) => es.map((e) => e.textContent ?? ''));

describe('the balance lab in the playground (Chromium)', () => {
  /**
   * One page for both tests: the second needs no fresh profile (it opens trump, which empties the
   * Simulate panel — its state and report — and sets every field of Tune it uses). A page's load
   * and first check cost seconds of CPU; run alone (-t), a test gets a fresh page. What the page
   * threw is checked when it is closed.
   */
  let shared: PlaygroundPage | undefined;
  const sharedPage = async () => (shared ??= await openPlayground(files.browser, files.url));
  afterAll(async () => {
    if (shared) await closePage(shared);
  });

  it('leads the report with the verdicts and replacement values, and tunes a card: the curve, its intervals and its fair value', async () => {
    const { page } = await sharedPage();
    let checked = await nextCheck(page);
    await page.selectOption('#game-select', 'vanilla');
    await checked();
    checked = await nextCheck(page);
    await plant(page);
    await checked();

    // Simulate: 200 random games, every card replaced in turn (the default with random players).
    await page.fill('#sim-games', '200');
    expect(await page.inputValue('#sim-values')).toBe('');
    await page.click('#simulate');
    await page.waitForSelector('#simulate-status[data-state="done"]');
    expect(await page.textContent('#simulate-status')).toMatch(/^200 games \(and [\d,]+ with cards replaced\) of vanilla, seeds 1–200/);
    // The verdicts first, under the header: C2 too strong, by replacement, with its interval and games.
    expect(await page.$eval('#simulate-report .balance-report', (e) => [...e.children].map((c) => c.className).slice(0, 2))).toEqual(['balance-header', 'balance-verdicts']);
    const verdicts = await texts(page, '#simulate-report .balance-verdicts li.verdict-stronger');
    expect(verdicts).toHaveLength(1);
    expect(verdicts[0]).toMatch(/^too strong C2: stronger than the rest of the deck — \+\d+\.\d pts \[\+\d+\.\d pts, \+\d+\.\d pts\] against the other cards of the deck, by replacement \(each card replaced in turn by C\d, 200 games on the same seeds/);
    expect(await texts(page, '#simulate-report .balance-verdicts li.verdict-stronger .verdict-badge')).toEqual(['too strong']);
    // The details: every card's value by replacement, charted and tabled, "vs deck" as in the CLI.
    const charts = await page.$$eval('#simulate-report figure.balance-figure', (fs) => fs.map((f) => (f as HTMLElement).dataset.chart));
    expect(charts).toEqual(['seats', 'length', 'values', 'cards', 'actions', 'ends']);
    expect(await count(page, '#simulate-report table[data-table="replacements"] tbody tr')).toBe(6);
    expect(await texts(page, '#simulate-report table[data-table="replacements"] thead th')).toContain('vs deck, pts');
    expect((await texts(page, '#simulate-report table[data-table="replacements"] tbody tr td:first-child'))[0]).toBe('C2');
    expect(await count(page, '#simulate-report [data-chart="values"] g.value-effect rect')).toBe(6);
    await page.$eval('#simulate-report .balance-verdicts', (e) => e.scrollIntoView());
    await shot(page, '62-simulate-verdicts');

    // Tune: the card and its numbers are suggested from the faces; values prefilled around the printed one.
    await page.fill('#tune-card', 'C2');
    expect(await page.inputValue('#tune-attr')).toBe('cost');
    expect(await page.inputValue('#tune-values')).toBe('0..6');
    expect(await page.$$eval('#tune-attrs option', (os) => os.map((o) => (o as HTMLOptionElement).value))).toEqual(['cost', 'power', 'toughness']);
    await page.fill('#tune-attr', 'power');
    expect(await page.inputValue('#tune-values')).toBe('3..9');
    await page.fill('#tune-values', '0..4');
    await page.fill('#tune-games', '100');
    await page.click('#tune');
    await page.waitForSelector('#simulate-status[data-state="done"]');
    expect(await page.getAttribute('#simulate-report', 'data-kind')).toBe('tune');
    // The card's games as printed, with a baseline in its place, and at each of the five values.
    expect(await page.textContent('#simulate-status')).toMatch(/^C2's power at 5 values, 100 games each, of vanilla, seeds 1–100, p1 random, p2 random: 700 games in [\d.]+ s\./);
    // The fair value in words first, then the curve: a point and an interval per value, the fair value marked.
    expect(await page.textContent('#simulate-report .balance-verdicts')).toMatch(/the deck \(p1\): (power ≈ \d+(\.\d)? makes it worth what C\d is|no value tried makes it worth what C\d is)/);
    expect(await count(page, '#simulate-report [data-chart="tune"] g.tune-point circle')).toBe(5);
    expect(await count(page, '#simulate-report [data-chart="tune"] g.tune-interval line')).toBe(5);
    expect(await count(page, '#simulate-report [data-chart="tune"] g.tune-printed circle')).toBe(0); // power 6 is not among 0..4
    expect(await count(page, '#simulate-report [data-chart="tune"] g.tune-fair line')).toBe(1);
    expect(await page.textContent('#simulate-report [data-chart="tune"] g.tune-fair-label')).toMatch(/^(fair ≈ |closest to fair: )\d/);
    expect(await count(page, '#simulate-report table[data-table="tune"] tbody tr')).toBe(5);
    await shot(page, '63-tune');
    await page.$eval('#simulate-report [data-chart="tune"]', (e) => e.scrollIntoView());
    await shot(page, '63-tune-curve');
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download-report')]);
    expect(download.suggestedFilename()).toBe('tune-vanilla-C2-power.html');
    expect((await downloadBytes(download)).toString('utf8')).toContain('"kind":"tune"');

    // Bad input, in words: an empty range; a card that does not exist.
    await page.fill('#tune-values', '4..1');
    await page.click('#tune');
    await page.waitForSelector('#simulate-status[data-state="stopped"]');
    expect(await page.textContent('#run-message')).toContain("Tune: the values '4..1': the range 4..1 is empty (it goes down)");
    await page.fill('#tune-card', 'C9');
    await page.fill('#tune-values', '0..2');
    await page.click('#tune');
    await page.waitForFunction(() => document.getElementById('run-message')?.textContent?.includes("no card named 'C9'"));
    expect(await page.textContent('#run-message')).toMatch(/^Tune: no card named 'C9' in vanilla; did you mean 'C\d'\?/);
  });

  it('refuses to tune a number a card does not print as a number (trump: a suit), in words; Cancel stops a long tune', async () => {
    const { page } = await sharedPage();
    const checked = await nextCheck(page);
    await page.selectOption('#game-select', 'trump');
    await checked();
    await page.fill('#tune-card', '♠A');
    expect(await page.inputValue('#tune-attr')).toBe('rank'); // its only number
    await page.fill('#tune-attr', 'suit');
    await page.fill('#tune-values', '1..3');
    await page.click('#tune');
    await page.waitForSelector('#simulate-status[data-state="stopped"]');
    expect(await page.textContent('#run-message')).toBe(`Tune: 'suit' is not a number on ♠A (it is "spade") (its number attrs: rank).`);
    expect(await page.textContent('#simulate-status')).toMatch(/^No curve: Tune: 'suit' is not a number/);

    // A long tune shows its progress, and Cancel stops it with nothing reported.
    await page.fill('#tune-attr', 'rank');
    await page.fill('#tune-values', '1..13');
    await page.fill('#tune-games', '20000');
    await page.click('#tune');
    await page.waitForFunction(() => Number((document.getElementById('simulate-progress') as HTMLProgressElement | null)?.value ?? 0) > 0);
    expect(await page.textContent('#simulate-text')).toMatch(/^Tuning ♠A's rank: trump \w+… [\d]+ \/ 20000 games$/);
    await page.click('#cancel-simulate');
    await page.waitForSelector('#simulate-status[data-state="cancelled"]');
    expect(await page.getAttribute('#run-pane', 'data-busy')).toBe('false');
    expect(await count(page, '#simulate-report > *')).toBe(0);
  });
});
