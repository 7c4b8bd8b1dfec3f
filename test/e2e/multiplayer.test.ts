/**
 * A game of three players in the playground: Spimate with player_count = 3 (a parameter of the
 * game's variant controls), every seat random, to its result; the board shows three players'
 * areas, the loser out of the game with their place, and the match view a seat for p3. Waits are
 * for conditions, never times.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { browserForFile, closePage, openPlayground, shot, type PlaygroundPage } from './harness.ts';

const files = browserForFile();

describe('more than two players in the playground (Chromium)', () => {
  /**
   * One page for both tests: the second needs no fresh profile (it sets the player count and the
   * seats it uses; Spimate's two seats before any change are checked by the first). A page's load
   * and first check cost seconds of CPU; run alone (-t), a test gets a fresh page. What the page
   * threw is checked when it is closed.
   */
  let shared: PlaygroundPage | undefined;
  const sharedPage = async () => (shared ??= await openPlayground(files.browser, files.url));
  afterAll(async () => {
    if (shared) await closePage(shared);
  });

  it('plays Spimate with three players to its result: three areas on the board, the player out marked with their place', async () => {
    const { page } = await sharedPage();
    await page.selectOption('#game-select', 'spimate');
    await page.waitForSelector('.param[data-param="player_count"] select', { state: 'attached' });
    // Two players until the count changes: an agent for each seat in the Simulate row (the second test's first check, moved here: its page has had three).
    expect(await page.$$eval('select[id^="sim-p"]', (ss) => ss.map((s) => s.id))).toEqual(['sim-p1', 'sim-p2']);
    // Open the variant controls if they are folded, then choose 3 players (the first alternative).
    await page.$eval('.param[data-param="player_count"]', (row) => (row.closest('details') as HTMLDetailsElement | null)?.setAttribute('open', ''));
    await page.selectOption('.param[data-param="player_count"] select', '1');
    await page.fill('#seed', '2');
    await page.selectOption('#seat-p1', 'random');
    await page.selectOption('#seat-p2', 'random');
    await page.click('#start-match');
    await page.waitForFunction(() => ['over', 'stopped'].includes(document.getElementById('match')?.dataset.state ?? ''));
    expect(await page.getAttribute('#match', 'data-state')).toBe('over');
    // The judge's board once it is over: three players, one of them out with a place.
    await page.waitForSelector('#board .board-player[data-player="p3"]');
    const players = await page.$$eval('#board .board-player', (ps) => ps.map((x) => ({ name: (x as HTMLElement).dataset.player, out: x.classList.contains('out'), badge: x.querySelector('.badge.out')?.textContent ?? '' })));
    expect(players.map((x) => x.name)).toEqual(['p1', 'p2', 'p3']);
    const out = players.filter((x) => x.out);
    expect(out.length).toBeGreaterThanOrEqual(1);
    for (const x of out) expect(x.badge).toMatch(/^out · place [23]$/);
    // The match view now has a seat for each player.
    expect(await page.$$eval('select[id^="seat-"]', (ss) => ss.map((s) => s.id))).toEqual(['seat-p1', 'seat-p2', 'seat-p3']);
    expect(await page.textContent('#log')).toContain('is out of the game');
    await shot(page, '47-three-players');
  });

  it("the Simulate row has an agent for each seat: p3 appears with three players, and a simulation plays with p3's agent", async () => {
    const { page } = await sharedPage();
    await page.selectOption('#game-select', 'spimate');
    await page.waitForSelector('.param[data-param="player_count"] select', { state: 'attached' });
    await page.$eval('.param[data-param="player_count"]', (row) => (row.closest('details') as HTMLDetailsElement | null)?.setAttribute('open', ''));
    // Two players (the count the page above left at three is put back): no seat for p3.
    await page.selectOption('.param[data-param="player_count"] select', '0');
    await page.waitForFunction(() => !document.getElementById('sim-p3'));
    expect(await page.$$eval('select[id^="sim-p"]', (ss) => ss.map((s) => s.id))).toEqual(['sim-p1', 'sim-p2']);
    await page.selectOption('.param[data-param="player_count"] select', '1');
    await page.waitForSelector('#sim-p3');
    expect(await page.$$eval('select[id^="sim-p"]', (ss) => ss.map((s) => s.id))).toEqual(['sim-p1', 'sim-p2', 'sim-p3']);
    await page.selectOption('#sim-p3', 'greedy');
    await page.fill('#sim-games', '20');
    await page.selectOption('#sim-values', 'none');
    await page.click('#simulate');
    await page.waitForFunction(() => ['done', 'stopped'].includes(document.getElementById('simulate-status')?.dataset.state ?? ''));
    expect(await page.getAttribute('#simulate-status', 'data-state')).toBe('done');
    expect(await page.textContent('#simulate-status')).toMatch(/p1 random, p2 random, p3 greedy/);
    // Four players: a fourth seat; back to two: p3 and p4 are gone.
    await page.selectOption('.param[data-param="player_count"] select', '2');
    await page.waitForSelector('#sim-p4');
    await page.selectOption('.param[data-param="player_count"] select', '0');
    await page.waitForFunction(() => !document.getElementById('sim-p3'));
  });
});
