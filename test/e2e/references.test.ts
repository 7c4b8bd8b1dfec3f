/**
 * Find all references and rename in the playground (Chromium): Shift-F12 on trump's `graveyard`
 * zone peeks at its uses in several files; F2, a new name and Enter rename it in every file —
 * the .grim files and the rulings' YAML (the same edits compiler/references.ts and
 * scenario/rename.ts give in Node) — the game still checks with no errors, a reload keeps the
 * renamed files, and a ruling that checks `p2.graveyard` still runs and passes in the run panel.
 * A clash is refused with a message in the page.
 * Screenshots: test/artifacts/e2e/17-references.png, 17-rename.png, 17-rename-ruling.png.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { parseSources } from '../../compiler/compile.ts';
import { gameSources } from '../../compiler/project.ts';
import { applyEdits, GameNames } from '../../compiler/references.ts';
import { renameInGame } from '../../scenario/rename.ts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserForFile, closePage, firstCheck, modelText, nextCheck, openFile, openPlayground, placeCursor, root, shot, waitForModelText, waitForNotice, waitForSavedEdits } from './harness.ts';

const GAME = 'rules/trump/game.grim';
/** A ruling that checks the graveyard (`p2.graveyard: [♡5]`). */
const RULING = 'rules/trump/rulings/r-tr-02-soldier-vs-soldier.yaml';
const files = browserForFile();

/** The 1-based line and column of the first `needle` in a file of the page, plus `shift` columns. */
async function placeOf(page: Page, path: string, needle: string, shift = 0): Promise<{ line: number; col: number }> {
  const lines = (await modelText(page, path))!.split('\n');
  const i = lines.findIndex((l) => l.includes(needle));
  expect(i, `${needle} in ${path}`).toBeGreaterThanOrEqual(0);
  return { line: i + 1, col: lines[i]!.indexOf(needle) + 1 + shift };
}

const status = (page: Page) => page.textContent('#status');

describe('references and rename (Chromium)', () => {
  it('Shift-F12 lists a zone’s uses across files; F2 renames it in every file, which checks and survives a reload', async () => {
    const p = await openPlayground(files.browser, files.url);
    const { page } = p;
    await page.waitForFunction(() => /no errors/.test(document.getElementById('status')?.textContent ?? ''));
    await openFile(page, GAME);
    const at = await placeOf(page, GAME, 'zone graveyard', 'zone '.length + 2);

    // Find all references: Shift-F12 opens the peek view with every use.
    await placeCursor(page, at.line, at.col);
    await page.keyboard.press('Shift+F12');
    const meta = await page.waitForSelector('.peekview-widget .peekview-title .meta');
    // The title says "References (N)".
    await page.waitForFunction(() => /\(\d+\)/.test(document.querySelector('.peekview-widget .peekview-title .meta')?.textContent ?? ''));
    const count = Number((await meta.textContent())!.match(/\((\d+)\)/)![1]);
    expect(count).toBeGreaterThan(1);
    const rows = await page.$$eval('.peekview-widget .ref-tree .monaco-list-row', (els) => els.map((e) => e.textContent ?? ''));
    expect(rows.filter((r) => /\.grim/.test(r)).length).toBeGreaterThan(1); // more than one file
    await shot(page, '17-references');
    await page.keyboard.press('Escape');
    await page.waitForSelector('.peekview-widget', { state: 'detached' }).catch(() => undefined);

    // What the rename must give, from the same compiler code in Node.
    const sources = gameSources(root, 'trump')!;
    const dir = 'rules/trump/rulings';
    const rulings = readdirSync(`${root}/${dir}`).filter((f) => f.endsWith('.yaml')).map((f) => ({ path: `${dir}/${f}`, text: readFileSync(`${root}/${dir}/${f}`, 'utf8') }));
    const parsed = parseSources(sources).files;
    const names = new GameNames({ sources, files: parsed });
    const gameText = sources.find((s) => s.path === GAME)!.text;
    const expected = renameInGame(names, { sources, files: parsed }, GAME, gameText.indexOf('zone graveyard') + 6, 'discard_pile', rulings);
    if ('refused' in expected) throw new Error(expected.refused);
    expect(expected.warnings).toEqual([]);
    const after = applyEdits([...sources, ...rulings], expected.edits);
    expect(after.size).toBeGreaterThanOrEqual(4);
    expect(after.get(RULING)).toContain('p2.discard_pile: [♡5]');
    expect([...after.keys()].filter((f) => f.endsWith('.yaml')).length).toBeGreaterThan(10);

    // A clash is refused, with the reason in the page, and changes nothing.
    await placeCursor(page, at.line, at.col);
    await page.keyboard.press('F2');
    let input = await page.waitForSelector('.rename-box .rename-input');
    await input.fill('hand');
    await page.keyboard.press('Enter');
    expect(await waitForNotice(page, 'rename')).toMatch(/^warn: Not renamed: 'hand' already names the zone hand/);
    expect(await modelText(page, GAME)).toBe(gameText);

    // Rename: F2, the new name, Enter.
    await placeCursor(page, at.line, at.col);
    const checked = await nextCheck(page);
    await page.keyboard.press('F2');
    input = await page.waitForSelector('.rename-box .rename-input');
    expect(await input.inputValue()).toBe('graveyard');
    await input.fill('discard_pile');
    await page.keyboard.press('Enter');
    for (const [path, text] of after) await waitForModelText(page, path, text);
    for (const s of sources) if (!after.has(s.path)) expect(await modelText(page, s.path)).toBe(s.text);
    await checked();
    await page.waitForFunction(() => /^no errors/.test(document.getElementById('status')?.textContent ?? ''));
    expect(await status(page)).toMatch(/^no errors/);
    expect(await page.$('#notices .notice[data-key="rename"]')).toBeNull(); // the refusal's notice went with the new rename
    await shot(page, '17-rename');

    // Undo is per file: Ctrl+Z in game.grim takes back its edit only.
    await page.keyboard.press('Control+z');
    await waitForModelText(page, GAME, gameText);
    const other = [...after.keys()].find((f) => f !== GAME)!;
    expect(await modelText(page, other)).toBe(after.get(other));
    await page.keyboard.press('Control+y');
    await waitForModelText(page, GAME, after.get(GAME)!);

    // The renamed files were saved like typing: a reload keeps them.
    await waitForSavedEdits(page, 'trump', after);
    await page.reload();
    await firstCheck(page);
    for (const [path, text] of after) expect(await modelText(page, path)).toBe(text);
    await page.waitForFunction(() => /^no errors/.test(document.getElementById('status')?.textContent ?? ''));

    // The casebook still works: the renamed ruling runs under the renamed rules and passes.
    await page.selectOption('#scenario-select', RULING);
    await page.click('#run-scenario');
    await page.waitForSelector('#run-result[data-passed]');
    expect(await page.textContent('#run-result')).toMatch(/^PASS/);
    expect(await page.getAttribute('#run-result', 'data-passed')).toBe('true');
    const labels = await page.$$eval('.expectation', (els) => els.map((e) => `${(e as HTMLElement).dataset.passed} ${e.textContent ?? ''}`));
    expect(labels.some((l) => /^true .*p2\.discard_pile/.test(l)), labels.join('\n')).toBe(true);
    await shot(page, '17-rename-ruling');
    await closePage(p);
  });
});
