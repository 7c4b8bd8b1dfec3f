/**
 * The run panel as a judge uses it: a ruling runs and shows each expectation; clicking a step of
 * the log puts the editor on the rule that step cites; the board hides what the chosen viewer may
 * not see; a random game can be stepped through; an endless loop pasted into the rules is stopped
 * with a message in the page, and the tab stays responsive. Screenshots: test/artifacts/e2e/.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserForFile, closePage, openFile, openPlayground, recordTimings, shot, type PlaygroundPage } from './harness.ts';

const SCENARIO = 'rules/trump/rulings/r-tr-02-soldier-vs-soldier.yaml';

const files = browserForFile();
const done = closePage;

/** The editor's open file and cursor line. */
const editorPlace = (page: Page) =>
  page.evaluate(() => {
    const g = (window as any).grimoire;
    return { file: g.session.current as string, line: g.session.editor.getPosition()?.lineNumber as number };
  });

describe('playground run panel (Chromium)', () => {
  let shared: PlaygroundPage;

  it('runs a ruling and shows pass or fail for each expectation', async () => {
    shared = await openPlayground(files.browser, files.url);
    const { page } = shared;
    await page.selectOption('#scenario-select', SCENARIO);
    const t0 = Date.now();
    await page.click('#run-scenario');
    await page.waitForSelector('#run-result[data-passed]', { timeout: 60_000 });
    recordTimings('scenarioRun', { scenario: SCENARIO, clickToResultMs: Date.now() - t0 });
    expect(await page.getAttribute('#run-result', 'data-passed')).toBe('true');
    expect(await page.textContent('#run-result')).toMatch(/^PASS/);
    const verdicts = await page.$$eval('.expectation', (els) => els.map((e) => (e as HTMLElement).dataset.passed));
    expect(verdicts.length).toBeGreaterThanOrEqual(3);
    expect(verdicts.every((v) => v === 'true')).toBe(true);
    // Every step of the log shows a citation.
    const steps = await page.$$eval('#log .log-step', (els) => els.map((e) => ({ cite: e.querySelector('.cite')?.textContent ?? '', file: (e as HTMLElement).dataset.file })));
    expect(steps.length).toBeGreaterThan(5);
    expect(steps.filter((s) => s.file).every((s) => /TR-/.test(s.cite))).toBe(true);
    await shot(page, '11-scenario-passed');
  });

  it('clicking a log step puts the editor on the cited source line', async () => {
    const { page } = shared;
    // A step that cites a rules file other than the one open.
    const target = await page.$$eval('#log .log-step[data-file][data-line]', (els) =>
      els.map((e) => ({ seq: (e as HTMLElement).dataset.seq!, file: (e as HTMLElement).dataset.file!, line: Number((e as HTMLElement).dataset.line) })).find((s) => s.file.endsWith('.grim')),
    );
    expect(target, 'a log step with a source place').toBeTruthy();
    await openFile(page, SCENARIO);
    await page.click(`#log .log-step[data-seq="${target!.seq}"]`);
    await page.waitForFunction((f) => (window as any).grimoire.session.current === f, target!.file, { timeout: 10_000 });
    expect(await editorPlace(page)).toEqual({ file: target!.file, line: target!.line });
    await shot(page, '12-log-step-to-source');
  });

  it('the board shows hidden zones as counts to a player, and everything to the judge', async () => {
    const { page } = shared;
    await page.selectOption('#viewer', 'judge');
    await page.waitForSelector('#board .zone');
    expect(await page.$$eval('#board .zone[data-hidden="true"]', (els) => els.length)).toBe(0);
    await page.selectOption('#viewer', 'p1');
    // The life piles are hidden (TR: ライフ is face down): p1 sees counts, not cards.
    await page.waitForSelector('#board .zone[data-hidden="true"]', { timeout: 10_000 });
    const hidden = await page.$$eval('#board .zone[data-hidden="true"]', (els) => els.map((e) => e.textContent ?? ''));
    expect(hidden.some((t) => /hidden/.test(t))).toBe(true);
    await shot(page, '13-board-viewer-p1');
    await done(shared);
  });

  it('plays a random game with a seed and steps back and forward through it', async () => {
    const p = await openPlayground(files.browser, files.url);
    const { page } = p;
    await page.fill('#seed', '7');
    await page.click('#play-game');
    await page.waitForSelector('#run-result[data-kind="game"]', { timeout: 60_000 });
    expect(await page.textContent('#run-result')).toMatch(/wins|draw/);
    const counter = () => page.textContent('#step-counter');
    const last = await counter();
    await page.click('#step-back');
    await page.waitForFunction((c) => document.getElementById('step-counter')?.textContent !== c, last);
    const back = await counter();
    expect(back).not.toBe(last);
    await page.click('#step-forward');
    await page.waitForFunction((c) => document.getElementById('step-counter')?.textContent === c, last);
    await shot(page, '14-random-game');
    await done(p);
  });

  it('an endless loop pasted into the rules is stopped after the step limit, and the tab stays responsive', async () => {
    const p = await openPlayground(files.browser, files.url);
    const { page } = p;
    // The designer pastes a loop into the setup (rules/trump/setup.grim).
    await page.evaluate(() => {
      const g = (window as any).grimoire;
      const model = g.monaco.editor.getModel(g.monaco.Uri.parse('file:///rules/trump/setup.grim'));
      const text: string = model.getValue();
      const at = text.indexOf('{', text.indexOf('\nsetup')) + 1;
      model.setValue(text.slice(0, at) + '\n  while true { log "again" }' + text.slice(at));
    });
    await page.fill('#max-steps', '20000');
    await page.click('#play-game');
    await page.waitForSelector('#run-message[data-kind="limit"]', { timeout: 60_000 });
    expect(await page.textContent('#run-message')).toMatch(/stopped after 20000 steps/i);
    // The page still answers at once.
    const t0 = Date.now();
    expect(await page.evaluate(() => 1 + 1)).toBe(2);
    expect(Date.now() - t0).toBeLessThan(2_000);
    await shot(page, '15-endless-loop-stopped');
    await done(p);
  });
});
