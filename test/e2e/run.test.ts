/**
 * The run panel as a judge uses it: a ruling runs and shows each expectation; clicking a step of
 * the log puts the editor on the rule that step cites; the board hides what the chosen viewer may
 * not see; a random game can be stepped through; an endless loop pasted into the rules is stopped
 * with a message in the page, and the tab stays responsive. Screenshots: test/artifacts/e2e/.
 */
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { browserForFile, closePage, nextCheck, openFile, openPlayground, recordTimings, shot, type PlaygroundPage } from './harness.ts';
import { compiledGame } from '../helpers.ts';
import { playGame } from '../../runtime/play.ts';

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
  /**
   * One page for the six tests, in this order: none needs a fresh profile (each sets what it uses:
   * the ruling, the viewer, the seed, the format and parameters, the step limit; the fifth's
   * edit of the deck renames a parameter the sixth does not use). A page's load and first check
   * cost seconds of CPU; run alone (-t), a test gets a fresh page. What the page threw is checked
   * when it is closed.
   */
  let shared: PlaygroundPage | undefined;
  const sharedPage = async () => (shared ??= await openPlayground(files.browser, files.url));
  afterAll(async () => {
    if (shared) await done(shared);
  });

  it('runs a ruling and shows pass or fail for each expectation', async () => {
    const { page } = await sharedPage();
    await page.selectOption('#scenario-select', SCENARIO);
    const t0 = Date.now();
    await page.click('#run-scenario');
    await page.waitForSelector('#run-result[data-passed]');
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
    const { page } = await sharedPage();
    // A step that cites a rules file other than the one open.
    const target = await page.$$eval('#log .log-step[data-file][data-line]', (els) =>
      els.map((e) => ({ seq: (e as HTMLElement).dataset.seq!, file: (e as HTMLElement).dataset.file!, line: Number((e as HTMLElement).dataset.line) })).find((s) => s.file.endsWith('.grim')),
    );
    expect(target, 'a log step with a source place').toBeTruthy();
    await openFile(page, SCENARIO);
    await page.click(`#log .log-step[data-seq="${target!.seq}"]`);
    await page.waitForFunction((f) => (window as any).grimoire.session.current === f, target!.file);
    expect(await editorPlace(page)).toEqual({ file: target!.file, line: target!.line });
    await shot(page, '12-log-step-to-source');
  });

  it('the board shows hidden zones as counts to a player, and everything to the judge', async () => {
    const { page } = await sharedPage();
    await page.selectOption('#viewer', 'judge');
    await page.waitForSelector('#board .zone');
    expect(await page.$$eval('#board .zone[data-hidden="true"]', (els) => els.length)).toBe(0);
    await page.selectOption('#viewer', 'p1');
    // The life piles are hidden (TR: ライフ is face down): p1 sees counts, not cards.
    await page.waitForSelector('#board .zone[data-hidden="true"]');
    const hidden = await page.$$eval('#board .zone[data-hidden="true"]', (els) => els.map((e) => e.textContent ?? ''));
    expect(hidden.some((t) => /hidden/.test(t))).toBe(true);
    await shot(page, '13-board-viewer-p1');
  });

  it('plays a random game with a seed and steps back and forward through it', async () => {
    const { page } = await sharedPage();
    await page.fill('#seed', '7');
    await page.click('#play-game');
    await page.waitForSelector('#run-result[data-kind="game"]');
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
  });

  it('plays a random game in a chosen format with a parameter changed: the game the runtime plays with those options', async () => {
    const { page } = await sharedPage();
    await page.selectOption('#game-select', 'trump');
    const ir = compiledGame('trump');
    const format = ir.game.formats.some((f) => f.name === 'pro' && f.name !== ir.game.defaultFormat) ? 'pro' : ir.game.formats.find((f) => f.name !== ir.game.defaultFormat)!.name;
    // The Format list comes from the compiled rules, in their order, on the default.
    await page.waitForSelector('.format-choice:not([hidden]) #format option', { state: 'attached' });
    expect(await page.$$eval('#format option', (os) => os.map((o) => (o as HTMLOptionElement).value))).toEqual(ir.game.formats.map((f) => f.name));
    expect(await page.inputValue('#format')).toBe(ir.game.defaultFormat);
    await page.selectOption('#format', format);
    // Parameters: collapsed until opened; each with its note as the tooltip.
    expect(await page.getAttribute('#params', 'open')).toBeNull();
    await page.click('#params > summary');
    const jokers = '#params .param[data-param="jokers"]';
    const param = ir.params.find((x) => x.name === 'jokers')!;
    expect(await page.getAttribute(jokers, 'title')).toBe(`${param.note}\ncite: ${param.cite}`);
    await page.selectOption(`${jokers} select`, { label: '0' });
    expect(await page.getAttribute(jokers, 'data-changed')).toBe('true');
    expect(await page.textContent('#params-changed')).toBe('(1 changed)');
    await page.fill('#seed', '3');
    await page.click('#play-game');
    // This game's result (the page may still show the game of the test before: seed 7).
    await page.waitForFunction(() => /\(seed 3, /.test(document.querySelector('#run-result[data-kind="game"]')?.textContent ?? ''));
    const g = playGame(ir, 3, { format, params: { jokers: 0 } });
    const verdict = `${g.result.winner ? `${g.result.winner} wins` : 'Draw'} — ${g.result.reason} · ${g.turns} turns, ${g.decisions} decisions`;
    expect(await page.textContent('#run-result')).toBe(`${verdict} (seed 3, ${format}, jokers=0)`);
    expect(await page.textContent('#run-message')).toBe('');
    // Stepping replays the same game: a board comes back for the step before the last.
    await page.click('#step-back');
    await page.waitForSelector('#board:not([data-loading]) .board-caption');
    await page.$eval(jokers, (e) => e.scrollIntoView({ block: 'nearest' }));
    await shot(page, '16-random-game-format');
    // "defaults" puts every parameter back; the format stays.
    await page.click('#params-defaults');
    expect(await page.getAttribute(jokers, 'data-changed')).toBe('false');
    expect(await page.textContent('#params-changed')).toBe('');
    expect(await page.inputValue('#format')).toBe(format);
    // The list follows the edited rules: a renamed parameter loses the value chosen for it.
    await page.selectOption(`${jokers} select`, { label: '1' });
    const checked = await nextCheck(page);
    await page.evaluate(() => {
      const g = (window as any).grimoire;
      const model = g.monaco.editor.getModel(g.monaco.Uri.parse('file:///cards/trump/deck.grim'));
      model.setValue((model.getValue() as string).replace(/\bjokers\b/g, 'pack_jokers'));
    });
    await checked();
    await page.waitForSelector('#params .param[data-param="pack_jokers"][data-changed="false"]');
    expect(await page.$(jokers)).toBeNull();
    expect(await page.textContent('#params-changed')).toBe('');
    await page.click('#play-game');
    await page.waitForFunction(() => /\(seed 3, [^,)]+\)$/.test(document.getElementById('run-result')?.textContent ?? ''));
    expect(await page.textContent('#run-result')).toMatch(new RegExp(`\\(seed 3, ${format}\\)$`));
  });

  it('an endless loop pasted into the rules is stopped after the step limit, and the tab stays responsive', async () => {
    const { page } = await sharedPage();
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
    await page.waitForSelector('#run-message[data-kind="limit"]');
    expect(await page.textContent('#run-message')).toMatch(/stopped after 20000 steps/i);
    await shot(page, '15-endless-loop-stopped');
    // The tab stays responsive while the loop runs (in the worker): with a loop that logs
    // nothing (the log's own limit does not stop it) and a step limit no machine reaches in the
    // time of a round trip (an empty loop makes ~2·10⁸ steps a second: 10¹² is over an hour),
    // the page answers while the run is still going, and Cancel stops it. (Asserted by state,
    // not by time: a busy machine is slow, not frozen.)
    await page.evaluate(() => {
      const g = (window as any).grimoire;
      const model = g.monaco.editor.getModel(g.monaco.Uri.parse('file:///rules/trump/setup.grim'));
      model.setValue((model.getValue() as string).replace('while true { log "again" }', 'while true { }'));
    });
    await page.fill('#max-steps', '1000000000000');
    await page.click('#play-game');
    await page.waitForSelector('#run-pane[data-busy="true"]');
    expect(await page.evaluate(() => document.getElementById('run-pane')!.dataset.busy)).toBe('true');
    await page.click('#cancel-run');
    await page.waitForSelector('#run-message[data-kind="cancelled"]');
    expect(await page.getAttribute('#run-pane', 'data-busy')).toBe('false');
  });
});
