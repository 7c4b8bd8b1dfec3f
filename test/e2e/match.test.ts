/**
 * Playing as a person: p1 a person who clicks the options, p2 MCTS with a small budget, a whole
 * game of trump to its result; the Hint's per-option estimates for a person's decision; Cancel
 * while an agent thinks keeps the game at its decision. Waits are for conditions, never times.
 * Screenshots: test/artifacts/e2e/.
 *
 * The three tests share one page: none needs a fresh profile, and each starts its own game with
 * its seats and seed (Start replaces whatever game the page had). The whole game is seed 3: 26
 * clicks to the end with this play against MCTS 30 (seed 4 took 48; every click is a replay in
 * the run worker and a board and log drawn, and the game's length is not what is tested).
 */
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { browserForFile, closePage, openPlayground, recordTimings, shot, type PlaygroundPage } from './harness.ts';

const files = browserForFile();

/** Chooses each seat's kind (and an MCTS's budget) and starts the game from `seed`. */
async function startMatch(page: Page, seed: number, p1: string, p2: string, budget = '30'): Promise<void> {
  await page.selectOption('#game-select', 'trump');
  await page.fill('#seed', String(seed));
  await page.selectOption('#seat-p1', p1);
  await page.selectOption('#seat-p2', p2);
  if (p2 === 'mcts') await page.fill('#budget-p2', budget);
  await page.click('#start-match');
}

/** Waits until the game waits for the person or is over; returns which, and how many answers it has had. */
async function settled(page: Page): Promise<{ state: string; answers: number }> {
  const h = await page.waitForFunction(() => {
    const m = document.getElementById('match');
    const state = m?.dataset.state;
    return state === 'person' || state === 'over' || state === 'stopped' ? { state, answers: Number(m!.dataset.answers) } : null;
  });
  return (await h.jsonValue()) as { state: string; answers: number };
}

/** The seed of the whole game (see the file's header). */
const SEED = 3;

describe('playing as a person in the playground (Chromium)', () => {
  /** One page for the file's tests (a page's load and first check cost seconds of CPU); what it threw is checked when the file ends. */
  let shared: PlaygroundPage | undefined;
  const sharedPage = async () => (shared ??= await openPlayground(files.browser, files.url));
  afterAll(async () => {
    if (shared) await closePage(shared);
  });

  it('plays a whole trump game as p1 against MCTS by clicking options, to the result', async () => {
    const { page } = await sharedPage();
    const t0 = Date.now();
    await startMatch(page, SEED, 'person', 'mcts');
    let clicks = 0;
    let sawHidden = false;
    for (;;) {
      const s = await settled(page);
      if (s.state !== 'person') {
        expect(s.state).toBe('over');
        break;
      }
      // The person's decision: its prompt and the options as buttons; the board and the log are p1's.
      const options = await page.$$eval('#decision-options .decision-option', (bs) => bs.map((b) => ({ label: (b as HTMLElement).dataset.label!, disabled: (b as HTMLButtonElement).disabled })));
      expect(options.length).toBeGreaterThan(0);
      expect(options.every((o) => !o.disabled)).toBe(true);
      expect(await page.textContent('#decision-prompt')).toMatch(/^p1, your decision: /);
      expect(await page.$$eval('#viewer option', (os) => os.map((o) => (o as HTMLOptionElement).value))).toEqual(['p1']);
      if (clicks === 0) {
        // p2's hand is hidden from p1 on the board, and p2's dealt cards are not named in the log.
        await page.waitForSelector('#board[data-viewer="p1"] .board-player[data-player="p2"] .zone[data-hidden="true"]');
        const dealt = await page.$$eval('#log .log-step[data-kind="move"] .text', (ts) => ts.map((t) => t.textContent ?? '').filter((t) => t.endsWith('→ p2.hand')));
        expect(dealt.length).toBeGreaterThan(0);
        expect(dealt.every((t) => /^(a hidden card, )*a hidden card → p2\.hand$/.test(t))).toBe(true);
        sawHidden = true;
        await shot(page, '40-person-decision');
        // Stepping back in the log replays the game so far: the board there is p1's too.
        const counter = await page.textContent('#step-counter');
        await page.click('#step-back');
        await page.waitForFunction((c) => document.getElementById('step-counter')?.textContent !== c, counter);
        await page.waitForSelector('#board[data-viewer="p1"]:not([data-loading]) .board-caption');
        expect(await page.textContent('#board .board-caption')).toMatch(/seen by p1/);
      }
      // A varied but repeatable play: pass now and then, else an option in turn.
      const pass = options.findIndex((o) => o.label === 'pass');
      const i = pass >= 0 && clicks % 4 === 3 ? pass : clicks % options.length;
      await page.click(`#decision-options .decision-option[data-index="${i}"]`);
      clicks++;
      // The click was taken: the game has one more answer (then the agent thinks, or it is p1's turn again).
      await page.waitForFunction((n) => Number(document.getElementById('match')?.dataset.answers ?? 0) > n || document.getElementById('match')?.dataset.state === 'thinking', s.answers);
      expect(clicks).toBeLessThan(3000);
    }
    expect(sawHidden).toBe(true);
    const verdict = await page.textContent('#run-result[data-kind="match"]');
    expect(verdict).toMatch(new RegExp(`^(p1 wins|p2 wins|Draw) — .* · \\d+ turns, \\d+ decisions \\(seed ${SEED}(, [^)]*)?\\)$`));
    expect(await page.textContent('#match-status')).toMatch(/^Game over/);
    // Over: the judge may look now.
    expect(await page.$$eval('#viewer option', (os) => os.map((o) => (o as HTMLOptionElement).value))).toEqual(['judge', 'p1', 'p2']);
    expect(await page.isHidden('#decision')).toBe(true);
    expect(await page.textContent('#run-message')).toBe('');
    recordTimings('personVsMcts', { seed: SEED, budget: 30, clicks, ms: Date.now() - t0 });
    await shot(page, '41-person-game-over');
  });

  it('Hint shows each option with its win rate and visits, the best marked', async () => {
    const { page } = await sharedPage();
    await startMatch(page, 2, 'person', 'random');
    expect((await settled(page)).state).toBe('person');
    const options = await page.$$eval('#decision-options .decision-option', (bs) => bs.map((b) => (b as HTMLElement).dataset.label!));
    await page.fill('#hint-budget', '80');
    await page.click('#hint');
    await page.waitForSelector('#hint-panel[data-state="done"] .hint-row');
    const rows = await page.$$eval('#hint-list .hint-row', (rs) => rs.map((r) => ({ label: (r as HTMLElement).dataset.label!, best: (r as HTMLElement).dataset.best, visits: Number((r as HTMLElement).dataset.visits), rate: Number((r as HTMLElement).dataset.winRate), text: r.textContent ?? '' })));
    expect(new Set(rows.map((r) => r.label))).toEqual(new Set(options));
    expect(rows.reduce((n, r) => n + r.visits, 0)).toBe(80);
    expect(rows[0]!.best).toBe('true');
    expect(rows.slice(1).every((r) => r.best === 'false')).toBe(true);
    for (let i = 1; i < rows.length; i++) expect(rows[i - 1]!.visits).toBeGreaterThanOrEqual(rows[i]!.visits);
    for (const r of rows) expect(r.rate >= 0 && r.rate <= 1).toBe(true);
    expect(rows[0]!.text).toMatch(/★.*(\d+% win|not tried).*\d+ visits?/);
    const summary = await page.textContent('#hint-summary');
    expect(summary).toContain('80 simulations');
    expect(summary).toContain("re-dealt from p1's view");
    expect(summary).toContain('never looks at hidden cards');
    expect(await page.textContent('#hint-panel')).toMatch(/rough/);
    // The best option's button is marked too, and the decision is still the person's to make.
    expect(await page.getAttribute(`#decision-options .decision-option[data-label="${rows[0]!.label.replace(/"/g, '\\"')}"]`, 'data-hint')).toBe('best');
    expect(await page.isEnabled('#decision-options .decision-option')).toBe(true);
    await shot(page, '42-hint');
  });

  it('Cancel stops an agent thinking: the game stays at its decision, and a person may take the seat', async () => {
    const { page } = await sharedPage();
    // Both seats MCTS with a budget far too big to finish: the first to decide is thinking, with progress.
    await page.selectOption('#game-select', 'trump');
    await page.fill('#seed', '3');
    for (const seat of ['p1', 'p2']) {
      await page.selectOption(`#seat-${seat}`, 'mcts');
      await page.fill(`#budget-${seat}`, '1000000');
    }
    await page.click('#start-match');
    await page.waitForFunction(() => Number(document.getElementById('thinking')?.dataset.done ?? 0) > 0 && document.getElementById('thinking')?.dataset.total === '1000000');
    expect(await page.textContent('#think-text')).toMatch(/^p[12] \(MCTS 1000000\) is thinking… [\d,]+ \/ 1,000,000$/);
    const who = (await page.getAttribute('#thinking', 'data-player'))!;
    await shot(page, '43-thinking');
    await page.click('#cancel-think');
    await page.waitForSelector('#match[data-state="agent"] #resume:not([hidden]) #think-again');
    expect(await page.isHidden('#thinking')).toBe(true);
    // The person takes the seat: the options of that decision are theirs to click.
    expect(await page.textContent('#resume')).toContain(`${who} (MCTS 1000000) has to decide`);
    await page.selectOption(`#seat-${who}`, 'person');
    await page.waitForSelector('#match[data-state="person"] #decision-options .decision-option:not([disabled])');
    expect(await page.textContent('#decision-prompt')).toMatch(new RegExp(`^${who}, your decision: `));
    await shot(page, '44-cancelled-person-takes-seat');
  });
});
