/**
 * Simulate's *game quality* box (grimoire balance --quality, docs/balance.md "Game quality"):
 * ticked, the report's tables add the game-quality metrics — decisiveness, lead changes,
 * comebacks, outcomes, length, the most-used action — each with its interval and n, and their
 * numbers are those of `grimoire balance --quality --json` on the same seeds; unticked, no such
 * table. Waits for conditions only. Screenshots: test/artifacts/e2e/.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { BalanceReport } from '../../balance/report.ts';
import { browserForFile, closePage, nextCheck, openPlayground, root, shot } from './harness.ts';

const files = browserForFile();
const GAMES = 40;

/** The quality table's rows: first cell → the value cell and the interval cell. */
async function qualityRows(page: Page): Promise<Map<string, [string, string]>> {
  const rows = await page.$$eval('#simulate-report table[data-table="quality"] tbody tr', (trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')));
  return new Map(rows.map((r) => [r[0]!, [r[1]!, r[2]!]]));
}

async function simulate(page: Page, quality: boolean): Promise<void> {
  await page.fill('#sim-games', String(GAMES));
  await page.selectOption('#sim-values', 'none');
  await page.setChecked('#sim-quality', quality);
  await page.click('#simulate');
  await page.waitForSelector('#simulate-status[data-state="done"]');
}

describe('the game-quality box of Simulate (Chromium)', () => {
  it('adds the game-quality table, with the numbers of grimoire balance --quality on the same seeds; unticked, no table', async () => {
    const cli = spawnSync(process.execPath, [join(root, 'cli/bin.js'), 'balance', 'trump', '--games', String(GAMES), '--seed', '1', '--values', 'none', '--quality', '--json', '--workers', '1'], { cwd: root, encoding: 'utf8', maxBuffer: 1 << 26 });
    expect(cli.status, cli.stderr).toBe(0);
    const q = (JSON.parse(cli.stdout) as BalanceReport).quality!;
    expect(q.evaluation.declared).toBe(true);

    const p = await openPlayground(files.browser, files.url);
    const { page } = p;
    const checked = await nextCheck(page);
    await page.selectOption('#game-select', 'trump');
    await checked();
    expect(await page.isChecked('#sim-quality')).toBe(false);

    await simulate(page, true);
    expect(await page.textContent('#simulate-status')).toMatch(new RegExp(`^${GAMES} games of trump, seeds 1–${GAMES}, p1 random, p2 random`));
    const rows = await qualityRows(page);
    const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
    const rate = (r: { rate: number; k: number; n: number }) => `${pct(r.rate)} (${r.k}/${r.n})`;
    const row = (start: string) => {
      const key = [...rows.keys()].find((k) => k.startsWith(start));
      expect(key, `a row "${start}…" among ${[...rows.keys()].join(' | ')}`).toBeDefined();
      return rows.get(key!)!;
    };
    // Each metric with the CLI's value, and its interval with n.
    expect(row('decisiveness')).toEqual([pct(q.decisiveness!.mean), `${pct(q.decisiveness!.ci95[0])}–${pct(q.decisiveness!.ci95[1])}, n = ${q.decisiveness!.n}`]);
    expect(row('lead changes per game')[0]).toBe(q.leadChanges!.perGame.mean.toFixed(2));
    expect(row('lead changes per turn')[0]).toBe(q.leadChanges!.perTurn.rate.toFixed(3));
    expect(row('games with a lead change')[0]).toBe(rate(q.leadChanges!.games));
    expect(row('games with a lead change')[1]).toMatch(new RegExp(`, n = ${GAMES}$`));
    expect(row('comebacks')[0]).toBe(rate(q.comeback!.rate));
    expect(row('comebacks')[1]).toMatch(new RegExp(`, n = ${q.comeback!.rate.n}$`));
    expect(row('decided')[0]).toBe(rate(q.outcomes.decided));
    expect(row('decided')[1]).toMatch(new RegExp(`, n = ${GAMES}$`));
    expect(row('drawn by the rules')[0]).toBe(rate(q.outcomes.drawn));
    expect(row('ended at the turn limit')[0]).toBe(rate(q.outcomes.capped));
    expect(row('turns: spread')[0]).toBe(`median ${q.length.median}, IQR ${q.length.q1}–${q.length.q3}`);
    const most = q.mostUsed!;
    expect(row(`the most-used action ${most.action}`)[0]).toBe(rate(most.offered));
    expect(row(`${most.action}: taken where offered`)[0]).toBe(rate(most.takenWhenOffered));
    await page.$eval('#simulate-report table[data-table="quality"]', (e) => e.scrollIntoView());
    await shot(page, '62-simulate-quality');

    // Unticked: the same simulation without the quality table.
    await simulate(page, false);
    expect(await page.$$eval('#simulate-report table[data-table="quality"]', (ts) => ts.length)).toBe(0);
    expect(await page.$$eval('#simulate-report table[data-table="seats"]', (ts) => ts.length)).toBe(1);
    await closePage(p);
  });
});
