/**
 * "Encode a rule revision and see what it changes", as a designer does it: change a cost in the
 * rules, press Run all, read which rulings changed outcome, open one in the scenario view; then
 * look at the edit itself in the Changes view (a diff with the original) and go back to the
 * editor at the same place. Screenshots: test/artifacts/e2e/.
 */
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { answerDialog, browserForFile, closePage, nextCheck, openFile, openPlayground, placeCursor, recordTimings, shot, type PlaygroundPage } from './harness.ts';

const files = browserForFile();

const SUMMONS = 'rules/trump/summons.grim';
// 兵士召喚 (Soldier Summon) costs a barrier and 1 damage: the edit makes it 2 damage.
const COST = '    do drive_barriers(me, 1)\n    do damage(me, 1)\n  }\n  effect {\n    do place_soldier';
const NEW_COST = COST.replace('damage(me, 1)', 'damage(me, 2)');
const CHANGED = 'rules/trump/rulings/r-tr-14c-barrier-then-summon.yaml';

/** Replaces text in a file's model, as if typed (saved, checked). */
async function replaceIn(page: Page, path: string, from: string, to: string): Promise<void> {
  await page.evaluate(
    ([p, f, t]) => {
      const g = (window as any).grimoire;
      const model = g.monaco.editor.getModel(g.monaco.Uri.parse(`file:///${p}`));
      model.setValue((model.getValue() as string).replace(f, t));
    },
    [path, from, to] as const,
  );
}

describe('playground casebook and changes (Chromium)', () => {
  /**
   * One page for both tests: the second needs no fresh profile, only no edit — the first's edit
   * of summons.grim is put back with Reset file first. A page's load and first check cost seconds
   * of CPU; run alone (-t), a test gets a fresh page. What the page threw is checked when it is
   * closed.
   */
  let shared: PlaygroundPage | undefined;
  const sharedPage = async () => (shared ??= await openPlayground(files.browser, files.url));
  afterAll(async () => {
    if (shared) await closePage(shared);
  });

  it('Run all after a cost change: the rulings that changed outcome are marked, and one opens in the scenario view', async () => {
    const { page } = await sharedPage();
    const checked = await nextCheck(page);
    await replaceIn(page, SUMMONS, COST, NEW_COST);
    await checked();
    // Every progress text the summary shows while running.
    await page.evaluate(() => {
      const seen: string[] = ((window as any).__progress = []);
      const host = document.getElementById('casebook')!;
      new MutationObserver(() => {
        const s = document.getElementById('casebook-summary');
        if (s?.dataset.state === 'running') seen.push(s.textContent ?? '');
      }).observe(host, { subtree: true, childList: true, characterData: true, attributes: true });
    });
    const t0 = Date.now();
    await page.click('#run-all');
    await page.waitForSelector('#casebook-summary[data-state="done"]');
    recordTimings('runAll', { game: 'trump', clickToSummaryMs: Date.now() - t0 });
    const progress = (await page.evaluate(() => (window as any).__progress)) as string[];
    expect(progress.some((t) => /\d+ \/ \d+$/.test(t)), progress.join('\n')).toBe(true);
    expect(await page.getAttribute('#cancel-run', 'disabled')).not.toBeNull();
    const summary = (await page.textContent('#casebook-summary'))!;
    const rows = await page.$$eval('.casebook-row', (els) =>
      els.map((e) => {
        const d = (e as HTMLElement).dataset;
        return { path: d.path ?? '', outcome: d.outcome ?? '', changed: d.changed ?? '', text: e.textContent ?? '' };
      }),
    );
    const changed = Number(await page.getAttribute('#casebook-summary', 'data-changed'));
    expect(changed).toBeGreaterThanOrEqual(1);
    expect(summary).toMatch(new RegExp(`^${rows.length - changed} passed, ${changed} failed — ${changed} rulings? changed outcome with your edits$`));
    // The changed rows come first; the summon-after-a-barrier ruling is one of them.
    const marked = rows.filter((r) => r.changed === 'true');
    expect(marked.length).toBe(changed);
    expect(rows.slice(0, changed).every((r) => r.changed === 'true')).toBe(true);
    const row = marked.find((r) => r.path === CHANGED);
    expect(row, `${CHANGED} among ${marked.map((r) => r.path).join(', ')}`).toBeTruthy();
    expect(row!.text).toContain('r-tr-14c-barrier-then-summon');
    expect(row!.text).toContain('was PASS, now FAIL');
    expect(row!.text).toMatch(/p1\.graveyard: \[♠2, ♠3\] — p1\.graveyard should be \[♠2, ♠3\] but is/);
    expect(rows.filter((r) => r.changed !== 'true').every((r) => r.outcome === 'pass')).toBe(true);
    await shot(page, '18-run-all');

    // The row opens the ruling in the scenario view: FAIL, with the failing expectation.
    await page.click(`.casebook-row[data-path="${CHANGED}"] button`);
    await page.waitForSelector('#run-result[data-passed]');
    expect(await page.getAttribute('#run-result', 'data-passed')).toBe('false');
    expect(await page.textContent('#run-result')).toMatch(/^FAIL — R-TR-14 \(c\)/);
    expect(await page.inputValue('#scenario-select')).toBe(CHANGED);
    const failed = await page.$$eval('.expectation[data-passed="false"]', (els) => els.map((e) => e.textContent ?? ''));
    expect(failed.some((t) => t.includes('p1.graveyard: [♠2, ♠3]') && t.includes('should be'))).toBe(true);
    expect(await page.getAttribute(`.casebook-row[data-path="${CHANGED}"]`, 'class')).toMatch(/selected/);
    await page.waitForSelector('#log .log-step');

    // A further edit marks the table as out of date; an error in the rules is said in words, nothing runs.
    const broken = await nextCheck(page);
    await replaceIn(page, SUMMONS, 'do damage(me, 2)', 'do damage(me, 2');
    await broken();
    expect(await page.getAttribute('#casebook', 'data-stale')).toBe('true');
    await page.click('#run-all');
    await page.waitForSelector('#casebook-summary[data-state="stopped"]');
    expect(await page.textContent('#casebook-summary')).toMatch(/^The rulings were not run: the rules do not compile\. First error: rules\/trump\/summons\.grim:\d+: /);
    expect(await page.getAttribute('#run-message', 'data-kind')).toBe('compile');
    expect(await page.$$('.casebook-row')).toHaveLength(0);

    // Cancel stops a Run all (the original files' outcome is cached: only the edited casebook runs).
    const fixed = await nextCheck(page);
    await replaceIn(page, SUMMONS, 'do damage(me, 2\n', 'do damage(me, 2)\n');
    await fixed();
    // Both clicks in one task of the page: the run cannot have finished in between, however fast
    // the machine (Run all enables Cancel before it awaits anything).
    await page.evaluate(() => {
      (document.getElementById('run-all') as HTMLButtonElement).click();
      (document.getElementById('cancel-run') as HTMLButtonElement).click();
    });
    await page.waitForSelector('#casebook-summary[data-state="stopped"]');
    expect(await page.textContent('#casebook-summary')).toMatch(/^Cancelled after \d+ \/ \d+ rulings\.$/);
    expect(await page.getAttribute('#run-message', 'data-kind')).toBe('cancelled');
    // And it runs again after a cancel.
    await page.click('#run-all');
    await page.waitForSelector('#casebook-summary[data-state="done"]');
    expect(Number(await page.getAttribute('#casebook-summary', 'data-changed'))).toBe(changed);
  });

  it('Changes shows the edited file beside its original in a diff editor, editable; toggling back keeps the place', async () => {
    const { page } = await sharedPage();
    await openFile(page, SUMMONS);
    if (await page.$('#files .file.edited')) {
      // The test above's edit, put back: nothing edited, as on a page just opened.
      const asked = answerDialog(page, true);
      const reset = await nextCheck(page);
      await page.click('#reset-file');
      await asked;
      await reset();
      expect(await page.$('#files .file.edited')).toBeNull();
    }
    expect(await page.getAttribute('#show-changes', 'disabled')).not.toBeNull();
    const checked = await nextCheck(page);
    await replaceIn(page, SUMMONS, COST, NEW_COST);
    await checked();
    expect(await page.textContent('#files-summary')).toBe('1 file edited (●)');
    await page.waitForSelector('#show-changes:not([disabled])');
    const line = (await page.evaluate((path) => (window as any).grimoire.ws.text(path) as string, SUMMONS)).split('\n').findIndex((l) => l.includes('do damage(me, 2)')) + 1;
    await placeCursor(page, line, 5);
    await page.click('#show-changes');
    await page.waitForSelector('#diff-editor:not([hidden]) .monaco-diff-editor');
    expect(await page.isHidden('#editor')).toBe(true);
    expect(await page.getAttribute('#show-changes', 'aria-pressed')).toBe('true');
    const models = await page.evaluate(() => {
      const d = (window as any).grimoire.changes.editor;
      const m = d.getModel();
      return { original: m.original.getValue() as string, modified: m.modified.getValue() as string, modifiedUri: m.modified.uri.toString() as string, line: d.getModifiedEditor().getPosition().lineNumber as number };
    });
    expect(models.modified).toContain(NEW_COST);
    expect(models.original).toContain(COST);
    expect(models.original).not.toContain(NEW_COST);
    expect(models.modifiedUri).toBe(`file:///${SUMMONS}`);
    expect(models.line).toBe(line);
    // Monaco computes the difference (in its worker): one changed line.
    await page.waitForFunction(() => ((window as any).grimoire.changes.editor.getLineChanges() ?? []).length > 0);
    expect(await page.evaluate(() => (window as any).grimoire.changes.editor.getLineChanges().length)).toBe(1);
    await shot(page, '19-changes');
    // The right side is the file itself: typing there is an edit like any other (saved).
    await page.evaluate(() => {
      const right = (window as any).grimoire.changes.editor.getModifiedEditor();
      right.focus();
    });
    await page.keyboard.press('End');
    await page.keyboard.type(' // two now');
    expect(await page.evaluate((path) => (window as any).grimoire.ws.text(path) as string, SUMMONS)).toContain('do damage(me, 2) // two now');
    // Back to the normal editor, on the same line.
    await page.click('#show-changes');
    await page.waitForSelector('#diff-editor[hidden]', { state: 'attached' });
    expect(await page.isVisible('#editor')).toBe(true);
    expect(await page.getAttribute('#show-changes', 'aria-pressed')).toBe('false');
    expect(await page.evaluate(() => (window as any).grimoire.session.editor.getPosition().lineNumber)).toBe(line);
    expect(await page.evaluate(() => (window as any).grimoire.changes.editor)).toBeNull();
    // The original's model outlives the diff: Monaco lets go of a diff's models only a task later,
    // and a computation that found the model gone threw "no diff result available" in the page.
    expect(await page.evaluate((path) => {
      const m = (window as any).grimoire.monaco.editor.getModel((window as any).grimoire.monaco.Uri.parse(`grimoire-original:///original/${path}`));
      return m !== null && !m.isDisposed();
    }, SUMMONS)).toBe(true);
    // Opening another file leaves the diff as well.
    await page.click('#show-changes');
    await page.waitForSelector('#diff-editor:not([hidden])');
    await openFile(page, 'rules/trump/basic.grim');
    expect(await page.isHidden('#diff-editor')).toBe(true);
    expect(await page.getAttribute('#show-changes', 'disabled')).not.toBeNull();
  });
});
