/**
 * A mistake typed in a ruling's YAML is a marker at its place, as a .grim mistake is: the compile
 * worker checks the game's rulings against the compiled rules (scenario/check.ts). A value the
 * game has no name for (`role: soldierx`) is marked on the value, with the fix, and listed in the
 * problems panel; fixing it clears the marker. Every wait is for a condition (the markers, the
 * status), never for a time.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserForFile, closePage, markers, modelText, openFile, openPlayground, placeCursor, root, shot, type Marker } from './harness.ts';

const RULING = 'rules/trump/rulings/r-tr-02-soldier-vs-soldier.yaml';
const session = browserForFile();

/** Waits until the ruling has markers (`some`) or none, and returns them. */
async function waitForMarkers(page: Page, some: boolean): Promise<Marker[]> {
  await page.waitForFunction(
    ([p, s]) => {
      const g = (window as any).grimoire;
      const n = g.monaco.editor.getModelMarkers({ resource: g.monaco.Uri.parse(`file:///${p}`) }).length;
      return s ? n > 0 : n === 0;
    },
    [RULING, some] as const,
    { timeout: 30_000 },
  );
  return markers(page, RULING);
}

describe('ruling mistakes as markers (Chromium)', () => {
  it('a value the game has no name for, typed in a ruling, is marked at its place and listed; fixing it clears it', async () => {
    const p = await openPlayground(session.browser, session.url);
    const { page } = p;
    await openFile(page, RULING);
    expect(await markers(page, RULING)).toEqual([]);
    const lines = (await modelText(page, RULING))!.split('\n');
    const i = lines.findIndex((l) => l.includes('{ card: ♠7, role: soldier }'));
    expect(i).toBeGreaterThanOrEqual(0);
    const line = i + 1;
    const col = lines[i]!.indexOf('soldier') + 1;

    await placeCursor(page, line, col + 'soldier'.length);
    await page.keyboard.type('x'); // role: soldierx
    const ms = await waitForMarkers(page, true);
    expect(ms).toHaveLength(1);
    expect(ms[0]).toMatchObject({ startLineNumber: line, startColumn: col, severity: 8, code: 'scenario/unknown-value' });
    expect(ms[0]!.message).toContain("Role has no value 'soldierx'");
    expect(ms[0]!.message).toContain("did you mean 'soldier'?");
    await page.waitForFunction(() => /^1 error/.test(document.getElementById('status')?.textContent ?? ''), undefined, { timeout: 30_000 });
    expect(await page.textContent('#problems')).toContain(`${RULING}:${line}:${col}`);
    await page.waitForSelector('.squiggly-error');
    await shot(page, 'ruling-value-marked');

    await page.keyboard.press('Backspace');
    expect(await waitForMarkers(page, false)).toEqual([]);
    await page.waitForFunction(() => /^no errors/.test(document.getElementById('status')?.textContent ?? ''), undefined, { timeout: 30_000 });
    expect(await modelText(page, RULING)).toBe(readFileSync(join(root, RULING), 'utf8'));
    await closePage(p);
  });
});
