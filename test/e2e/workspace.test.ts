/**
 * The playground as a designer uses it: it opens on trump with no errors; a typo gets a marker
 * on its line and fixing it clears it (the keystroke-to-marker time is measured and written to
 * test/artifacts/e2e-timings.json); edits survive a reload; reset and restore; download; a share
 * link carries a game and its edits into a fresh browser profile; a damaged link changes nothing;
 * a browser that refuses to save says so. Screenshots: test/artifacts/e2e/.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { unzipSync, strFromU8 } from 'fflate';
import LZString from 'lz-string';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import {
  answerDialog,
  browserForFile,
  downloadBytes,
  closePage,
  clearNotices,
  firstCheck,
  markers,
  modelText,
  nextCheck,
  openFile,
  openPlayground,
  placeCursor,
  recordTimings,
  root,
  shot,
  waitForModelText,
  waitForNotice,
  waitForSavedPlace,
  type PlaygroundPage,
} from './harness.ts';

const DECK = 'cards/trump/deck.grim';
const original = (path: string) => readFileSync(join(root, path), 'utf8');

const files = browserForFile();

/** A fresh profile for one test; its uncaught page errors are checked when the test ends. */
function fresh(opts: { wait?: boolean; at?: string; storage?: Record<string, string> } = {}): Promise<PlaygroundPage> {
  return openPlayground(files.browser, opts.at ?? files.url, opts);
}

/** A game's edits as the playground saves them (format 2: the list, then one key per file — checked as such below). */
function savedEdits(game: string, edits: Record<string, string>): Record<string, string> {
  const keys: Record<string, string> = { [`grimoire.workspace.v2.${game}`]: JSON.stringify({ v: 2, files: Object.keys(edits) }) };
  for (const [path, text] of Object.entries(edits)) keys[`grimoire.workspace.v2.${game}:${path}`] = text;
  return keys;
}

const done = closePage;

const status = (page: Page) => page.textContent('#status');
const noticeText = (page: Page) => page.$$eval('#notices .notice', (els) => els.map((e) => `${(e as HTMLElement).dataset.kind}: ${e.querySelector('.notice-text')?.textContent}`));

/** The 1-based line of the deck where a card is defined, and the column just after `suit = spade`. */
async function cardLine(page: Page, card: string): Promise<{ line: number; afterSuit: number }> {
  const text = (await modelText(page, DECK))!;
  const lines = text.split('\n');
  const i = lines.findIndex((l) => l.startsWith(`card ${card} `));
  expect(i, `${card} in ${DECK}`).toBeGreaterThanOrEqual(0);
  const col = lines[i]!.indexOf('suit = spade') + 'suit = spade'.length + 1;
  return { line: i + 1, afterSuit: col };
}

/**
 * Types one key and measures, in the page, from its keydown to the moment the deck's markers
 * match `want` (Monaco's onDidChangeMarkers) and to the next painted frame.
 */
async function keyToMarkers(page: Page, key: string, want: 'error' | 'none'): Promise<{ markerMs: number; paintMs: number }> {
  await page.evaluate(
    ([path, w]) => {
      const g = (window as any).grimoire;
      const uri = g.monaco.Uri.parse(`file:///${path}`);
      const t: any = ((window as any).__e2e = { keyAt: 0 });
      window.addEventListener('keydown', () => (t.keyAt = performance.now()), { capture: true, once: true });
      t.wait = new Promise((resolve) => {
        const sub = g.monaco.editor.onDidChangeMarkers((uris: any[]) => {
          if (!t.keyAt || !uris.some((u) => u.toString() === uri.toString())) return;
          const errors = g.monaco.editor.getModelMarkers({ resource: uri }).filter((m: any) => m.severity === g.monaco.MarkerSeverity.Error);
          if ((w === 'error') !== errors.length > 0) return;
          const markerAt = performance.now();
          sub.dispose();
          requestAnimationFrame(() => requestAnimationFrame(() => resolve({ markerMs: markerAt - t.keyAt, paintMs: performance.now() - t.keyAt })));
        });
      });
    },
    [DECK, want] as const,
  );
  await page.keyboard.press(key);
  return page.evaluate(() => (window as any).__e2e.wait);
}

describe('playground workspace (Chromium)', () => {
  /**
   * One designer's page for the tests that need no fresh profile, in this order (each page load
   * and first check costs seconds of CPU on a 2-core machine): it opens; a typo comes and goes,
   * leaving the deck as it was; an edit survives a reload and is reset, leaving nothing edited; a
   * new card file and the download; and profile A of the share link (another game). Each of
   * them run alone (-t) gets a fresh page. What the page threw is checked when it is closed.
   */
  let shared: PlaygroundPage | undefined;
  const sharedPage = async () => (shared ??= await fresh());
  /** The page of the older playground's edits, then of the browser refusing to save (which needs no fresh profile). */
  let migrated: PlaygroundPage | undefined;
  afterAll(async () => {
    for (const p of [shared, migrated]) if (p) await done(p);
  });

  it('opens on the trump rules with no errors', async () => {
    const { page } = await sharedPage();
    await page.waitForFunction(() => /no errors/.test(document.getElementById('status')?.textContent ?? ''));
    expect(await page.inputValue('#game-select')).toBe('trump');
    const files = await page.$$eval('#files .file', (els) => els.map((e) => (e as HTMLElement).dataset.path!));
    const rules = files.filter((f) => /^rules\/trump\/[^/]+\.grim$/.test(f));
    expect(rules).toContain('rules/trump/game.grim');
    expect(rules.length).toBeGreaterThanOrEqual(5);
    expect(files).toContain(DECK);
    expect(await status(page)).toMatch(/^no errors/);
    expect(await page.isDisabled('#reset-game')).toBe(true); // nothing edited yet
    await shot(page, '01-loaded-trump');
  });

  it('a typo gets a marker on its line, fixing it clears it (keystroke-to-marker timed)', async () => {
    const { page } = await sharedPage();
    await openFile(page, DECK);
    const { line, afterSuit } = await cardLine(page, '♠A');
    const rounds: { error: { markerMs: number; paintMs: number }; fix: { markerMs: number; paintMs: number } }[] = [];
    for (let round = 0; round < 3; round++) {
      await placeCursor(page, line, afterSuit);
      const error = await keyToMarkers(page, 'x', 'error'); // suit = spadex
      const ms = await markers(page, DECK);
      expect(ms.length).toBe(1);
      expect(ms[0]).toMatchObject({ startLineNumber: line, startColumn: afterSuit - 'spade'.length, severity: 8, code: 'name/unknown' });
      expect(ms[0]!.message).toContain("unknown name 'spadex'");
      await page.waitForFunction(() => /^1 error/.test(document.getElementById('status')?.textContent ?? ''));
      expect(await page.textContent('#problems')).toContain(`${DECK}:${line}:${afterSuit - 5}`);
      if (round === 0) {
        await page.waitForSelector('.squiggly-error');
        await shot(page, '02-typo-marked');
      }
      const fix = await keyToMarkers(page, 'Backspace', 'none');
      expect(await markers(page, DECK)).toEqual([]);
      await page.waitForFunction(() => /^no errors/.test(document.getElementById('status')?.textContent ?? ''));
      rounds.push({ error, fix });
    }
    expect(await modelText(page, DECK)).toBe(original(DECK));
    await shot(page, '03-typo-fixed');
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const summary = {
      what: `keydown in ${DECK} → Monaco marker set (markerMs) and the next painted frame (paintMs); edits are coalesced for 120 ms, then the whole trump game is compiled in the worker`,
      errorMarkerMedianMs: Math.round(median(rounds.map((r) => r.error.markerMs))),
      fixMarkerMedianMs: Math.round(median(rounds.map((r) => r.fix.markerMs))),
      rounds: rounds.map((r) => ({ errorMarkerMs: Math.round(r.error.markerMs), errorPaintMs: Math.round(r.error.paintMs), fixMarkerMs: Math.round(r.fix.markerMs), fixPaintMs: Math.round(r.fix.paintMs) })),
      lastCompileMs: await page.evaluate(() => Math.round((window as any).grimoire.checker.last?.ms ?? -1)),
    };
    recordTimings('keystrokeToMarker', summary);
    console.log(`keystroke → marker: error ${summary.errorMarkerMedianMs} ms, fix ${summary.fixMarkerMedianMs} ms (median of 3; compile ${summary.lastCompileMs} ms)`);
  });

  it('a reload keeps an edit and reopens the file at the cursor; reset (game and file) restores the original; restore brings edits back', async () => {
    const { page } = await sharedPage();
    await openFile(page, DECK);
    await placeCursor(page, 1, 1);
    await page.keyboard.type('// my house rule\n');
    await page.waitForSelector(`#files .file.edited[data-path="${DECK}"]`);
    const edited = '// my house rule\n' + original(DECK);
    expect(await modelText(page, DECK)).toBe(edited);

    // Where the designer was: the file and the cursor come back after the reload.
    await placeCursor(page, 5, 3);
    await waitForSavedPlace(page, 'trump', { path: DECK, line: 5, col: 3 }); // remembered after a short pause
    await page.reload();
    await firstCheck(page);
    expect(await modelText(page, DECK)).toBe(edited);
    expect(await page.$(`#files .file.edited[data-path="${DECK}"]`)).not.toBeNull();
    expect(await page.evaluate(() => (window as any).grimoire.session.current)).toBe(DECK);
    expect(await page.evaluate(() => (window as any).grimoire.session.editor.getPosition())).toMatchObject({ lineNumber: 5, column: 3 });
    await shot(page, '05-reload-keeps-edit');

    // Reset the game: asked first; "no" changes nothing.
    let asked = answerDialog(page, false);
    await page.click('#reset-game');
    expect(await asked).toContain(DECK);
    expect(await modelText(page, DECK)).toBe(edited);
    asked = answerDialog(page, true);
    await page.click('#reset-game');
    await asked;
    expect(await modelText(page, DECK)).toBe(original(DECK));
    expect(await page.$(`#files .file.edited`)).toBeNull();
    expect(await page.isVisible('#restore-edits')).toBe(true);
    await page.waitForFunction(() => /^no errors/.test(document.getElementById('status')?.textContent ?? ''));
    await shot(page, '06-reset-game');

    // The reset edits come back from the backup, and survive a reload.
    await page.click('#restore-edits');
    expect(await modelText(page, DECK)).toBe(edited);

    // Reset one file.
    await openFile(page, DECK);
    expect(await page.isEnabled('#reset-file')).toBe(true);
    asked = answerDialog(page, true);
    await page.click('#reset-file');
    expect(await asked).toContain(DECK);
    expect(await modelText(page, DECK)).toBe(original(DECK));
    await page.reload();
    await firstCheck(page);
    expect(await modelText(page, DECK)).toBe(original(DECK));
    expect(await page.isDisabled('#reset-game')).toBe(true);
  });

  it('a new card file is checked with the game, and Download gives every file in a .zip', async () => {
    const { page } = await sharedPage();
    const asked = answerDialog(page, true, 'my-cards');
    const checked = await nextCheck(page);
    await page.click('#new-card-file');
    expect(await asked).toContain('cards/trump/');
    await checked();
    const added = 'cards/trump/my-cards.grim';
    expect(await page.evaluate(() => (window as any).grimoire.session.current)).toBe(added);
    const last = await page.evaluate(() => (window as any).grimoire.session.editor.getModel().getLineCount());
    await placeCursor(page, last, 1);
    await page.keyboard.type('card MyAce "My ace": PlayingCard { suit = spade rank = 1 }');
    await page.waitForSelector(`#files .file.edited[data-path="${added}"]`);
    await page.waitForFunction(() => /^no errors/.test(document.getElementById('status')?.textContent ?? ''));
    await shot(page, '04-new-card-file');

    const download = page.waitForEvent('download');
    await page.click('#download');
    const d = await download;
    expect(d.suggestedFilename()).toBe('grimoire-trump.zip');
    const zip = unzipSync(new Uint8Array(await downloadBytes(d)));
    expect(strFromU8(zip[DECK]!)).toBe(original(DECK));
    expect(strFromU8(zip['rules/trump/game.grim']!)).toBe(original('rules/trump/game.grim'));
    expect(strFromU8(zip[added]!)).toContain('card MyAce "My ace"');
    expect(Object.keys(zip).some((k) => k.startsWith('rules/trump/rulings/'))).toBe(true);
  });

  it('a share link carries a game and its edits into a fresh browser profile', async () => {
    // Profile A (the shared page: what it holds of trump is not in a link of another game): another game, one edit, a link.
    const a = await sharedPage();
    const checked = await nextCheck(a.page);
    await a.page.selectOption('#game-select', 'skirmish');
    await checked();
    const CARDS = 'cards/skirmish/cards.grim';
    await openFile(a.page, CARDS);
    await placeCursor(a.page, 1, 1);
    await a.page.keyboard.type('// shared from profile A — 共有\n');
    await a.page.waitForSelector(`#files .file.edited[data-path="${CARDS}"]`);
    const edited = await modelText(a.page, CARDS);
    await a.page.click('#share');
    const link = await a.page.inputValue('#share-url');
    expect(link).toMatch(/#share=[A-Za-z0-9+$-]+$/);
    await shot(a.page, '07-share-link-made');
    shared = undefined;
    await done(a);

    // Profile B: nothing saved; the link opens skirmish with the edit.
    const b = await fresh({ at: link });
    expect(await b.page.inputValue('#game-select')).toBe('skirmish');
    expect(await modelText(b.page, CARDS)).toBe(edited);
    expect(await b.page.$(`#files .file.edited[data-path="${CARDS}"]`)).not.toBeNull();
    expect((await noticeText(b.page)).join('\n')).toMatch(/Opened a shared link: skirmish with edits to 1 file/);
    expect(b.page.url()).not.toContain('#share='); // a reload does not open it again
    await shot(b.page, '08-share-link-opened');

    // B edits on; another link for skirmish asks before replacing B's edits.
    await openFile(b.page, CARDS);
    await placeCursor(b.page, 1, 1);
    await b.page.keyboard.type('// B was here\n');
    const mine = await modelText(b.page, CARDS);
    // (The page is open: the link changes only the hash, as when pasted in the address bar.)
    await clearNotices(b.page);
    let asked = answerDialog(b.page, false);
    await b.page.goto(link);
    expect(await asked).toMatch(/already holds your own edits/);
    expect(await waitForNotice(b.page, 'link')).toMatch(/not opened/);
    expect(await modelText(b.page, CARDS)).toBe(mine);
    // Saying yes keeps B's edits as a backup.
    asked = answerDialog(b.page, true);
    await b.page.goto(link);
    await asked;
    await waitForModelText(b.page, CARDS, edited!);
    await b.page.click('#restore-edits');
    await waitForModelText(b.page, CARDS, mine!);
    await done(b);
  });

  it('a damaged, truncated or hostile link shows a message and changes nothing', async () => {
    const make = (payload: unknown) => '#share=' + LZString.compressToEncodedURIComponent(JSON.stringify(payload));
    const good = make({ v: 1, game: 'trump', edits: { [DECK]: '// from a link\n' + original(DECK) } });
    const cases: [string, RegExp][] = [
      [good.slice(0, Math.floor(good.length / 2)), /damaged or incomplete/],
      ['#share=', /empty/],
      ['#share=%E0%A4%A', /damaged or incomplete/],
      ['#share=not-lz-at-all$$$', /damaged or incomplete/],
      [make({ v: 1, game: '<img src=x onerror="window.__pwned=1">', edits: {} }), /does not have/],
      [make({ v: 1, game: 'trump', edits: { 'rules/trump/../../etc/passwd.grim': 'x' } }), /not one of trump's/],
      [make({ v: 1, game: 'trump', edits: { [DECK]: 42 } }), /damaged or incomplete/],
      [make({ v: 9, game: 'trump', edits: {} }), /another version/],
    ];
    // A profile holding an edit of the deck, saved by an earlier visit.
    const kept = '// kept\n' + original(DECK);
    const p = await fresh({ at: files.url + cases[0]![0], wait: false, storage: savedEdits('trump', { [DECK]: kept }) });
    const { page } = p;
    for (const [i, [hash, message]] of cases.entries()) {
      // The first one loads the page; the others change only the hash of the open page.
      if (i > 0) {
        await clearNotices(page);
        await page.goto(files.url + hash);
      }
      const notice = await waitForNotice(page, 'link');
      if (i === 0) await firstCheck(page);
      expect(notice, hash).toMatch(message);
      expect(notice, hash).toMatch(/^error: .*Nothing was changed/);
      expect(await modelText(page, DECK), hash).toBe(kept);
      expect(await page.inputValue('#game-select')).toBe('trump');
      if (i === 0) await shot(page, '09-damaged-link');
    }
    // Text from a link is only ever text: nothing from it ran or became HTML.
    expect(await page.evaluate(() => (window as any).__pwned)).toBeUndefined();
    expect(await page.$('#notices img')).toBeNull();

    // A link's file text with HTML in it lands in the editor as text.
    const html = '// <img src=x onerror="window.__pwned=2"><script>window.__pwned=3</script>\n' + original(DECK);
    const asked = answerDialog(page, true);
    await page.goto(files.url + make({ v: 1, game: 'trump', edits: { [DECK]: html } }));
    await asked;
    await waitForModelText(page, DECK, html);
    await openFile(page, DECK);
    expect(await page.evaluate(() => (window as any).__pwned)).toBeUndefined();
    await done(p);
  });

  it('edits saved by an older playground (one key per game) load and move to one key per file; a keystroke writes its file only', async () => {
    const GAME = 'rules/trump/game.grim';
    const edited = '// saved by an older playground\n' + original(DECK);
    // The profile holds what the older playground saved (one key per game) when the page loads.
    const p = (migrated = await fresh({ storage: { 'grimoire.workspace.v1.trump': JSON.stringify({ [DECK]: edited }) } }));
    const { page } = p;
    expect(await modelText(page, DECK)).toBe(edited);
    expect(await page.$(`#files .file.edited[data-path="${DECK}"]`)).not.toBeNull();
    const stored = () => page.evaluate(() => Object.fromEntries(Object.keys(localStorage).filter((k) => k.startsWith('grimoire.workspace.')).map((k) => [k, localStorage.getItem(k)])));
    expect(await stored()).toEqual({
      'grimoire.workspace.v2.trump': JSON.stringify({ v: 2, files: [DECK] }),
      [`grimoire.workspace.v2.trump:${DECK}`]: edited,
    });

    // A key typed in another file writes that file (and the list of edited files), not the deck.
    await page.evaluate(() => {
      const w = window as any;
      w.__writes = [];
      const setItem = Storage.prototype.setItem;
      Storage.prototype.setItem = function (key: string, value: string) {
        if (key.startsWith('grimoire.workspace.')) w.__writes.push(key);
        return setItem.call(this, key, value);
      };
    });
    await openFile(page, GAME);
    await placeCursor(page, 1, 1);
    await page.keyboard.type('//');
    await page.waitForSelector(`#files .file.edited[data-path="${GAME}"]`);
    expect(await page.evaluate(() => (window as any).__writes)).toEqual([`grimoire.workspace.v2.trump:${GAME}`, 'grimoire.workspace.v2.trump', `grimoire.workspace.v2.trump:${GAME}`]);
    await page.reload();
    await firstCheck(page);
    expect(await modelText(page, DECK)).toBe(edited);
    expect(await modelText(page, GAME)).toBe('//' + original(GAME));
  });

  it('says so in the page when the browser refuses to save, and asks before leaving unsaved edits', async () => {
    // The page of the test above (reloaded, its edits of trump saved): a profile needs nothing fresh to refuse a save.
    const p = migrated ?? (await fresh());
    migrated = undefined;
    const { page } = p;
    await page.evaluate(() => {
      Storage.prototype.setItem = function () {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      };
    });
    await openFile(page, DECK);
    await placeCursor(page, 1, 1);
    await page.keyboard.type('// cannot be saved\n');
    await page.waitForFunction(() => /NOT saved/.test(document.getElementById('status')?.textContent ?? ''));
    expect(await status(page)).toMatch(/edits NOT saved in this browser/);
    expect((await noticeText(page)).join('\n')).toMatch(/^error: your edits to trump could not be saved in this browser \(The quota has been exceeded\.\): download them/m);
    await shot(page, '10-storage-refused');
    // Switching games would drop them: asked, and "no" stays.
    const asked = answerDialog(page, false);
    await page.selectOption('#game-select', 'skirmish');
    expect(await asked).toMatch(/could not be saved/);
    expect(await page.inputValue('#game-select')).toBe('trump');
    expect(await modelText(page, DECK)).toContain('// cannot be saved');
    await done(p);
  });
});
