/**
 * Card faces in the playground (Chromium): the Cards gallery shows one face per card of the game
 * (trump, and the Japanese games) and follows what the designer types — a changed title changes
 * that card's face, an error keeps the last good faces marked stale —, filters, and opens a
 * card's definition; the board draws cards as faces, cards the viewer may not see as backs and
 * hidden zones as piles with their counts; hovering a card's name in a .grim file or a ruling
 * shows its face; a face's SVG is put in the page only through the allow-list. And the Japanese
 * of the faces is drawn by the page's web font (Noto Sans JP) where the machine has no CJK font:
 * checked in a Chromium whose fontconfig hides every font that covers Japanese. Screenshots:
 * test/artifacts/e2e/faces-*.png; the gallery's timings: test/artifacts/e2e-timings.json.
 */
import { mkdtempSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { browserForFile, closePage, launchBrowser, modelText, nextCheck, openFile, openPlayground, placeCursor, recordTimings, shot, type PlaygroundPage } from './harness.ts';
import { compiledGame } from '../helpers.ts';

const DECK = 'cards/trump/deck.grim';
const files = browserForFile();

const faces = (page: Page) => page.$$eval('#cards-grid .card-face', (els) => els.map((e) => (e as HTMLElement).dataset.card!));

/** Opens the Cards tab and waits for the open game's faces (a card of that game drawn). */
async function openGallery(page: Page, game: string): Promise<void> {
  if (game !== 'trump') {
    await page.selectOption('#game-select', game);
    await page.waitForFunction((g) => (window as any).grimoire.ws.game === g, game);
  }
  await page.click('#tab-cards');
  const first = compiledGame(game).cards[0]!.name;
  await page.waitForSelector(`#cards-gallery[data-state="current"] .card-face[data-card="${first}"][data-drawn] svg text`);
  await page.evaluate(() => document.fonts.ready);
}

/** The text of a card's drawn face in the gallery. */
const faceText = (page: Page, card: string) => page.$eval(`#cards-grid .card-face[data-card="${card}"] .face-art`, (e) => e.textContent ?? '');

/** Moves the mouse onto the first occurrence of `word` in the open file (Monaco shows a hover after a pause). */
async function hoverWord(page: Page, word: string): Promise<void> {
  const at = await page.evaluate((w) => {
    const ed = (window as any).grimoire.session.editor;
    const m = ed.getModel().findMatches(w, false, false, true, null, false)[0];
    const pos = { lineNumber: m.range.startLineNumber, column: m.range.startColumn + 1 };
    ed.revealPositionInCenter(pos);
    const v = ed.getScrolledVisiblePosition(pos);
    const r = ed.getDomNode().getBoundingClientRect();
    return { x: r.left + v.left + 2, y: r.top + v.top + v.height / 2 };
  }, word);
  // Approach the word as a pointer does: Monaco's hover follows mouse moves over the text.
  await page.mouse.move(at.x - 40, at.y + 60);
  await page.mouse.move(at.x, at.y, { steps: 8 });
}

/**
 * One page for every test that needs no profile of its own (all but the web font's other
 * browser): each leaves nothing the next one minds — the gallery's first test types in trump's
 * deck and leaves it checking with no errors (one card's title changed, not a name, a rule or a
 * scenario's card), the filter is cleared again, the other games are opened and left; the board's
 * tests open their game and the Run tab (`openRun`) and wait for their own run's board; the
 * hovers open trump's files; the allow-list's needs no game at all. A page's load and first check
 * cost seconds of CPU; what the page threw is checked when the file ends.
 */
let shared: PlaygroundPage | undefined;
const sharedPage = async () => (shared ??= await openPlayground(files.browser, files.url));
afterAll(async () => {
  if (shared) await closePage(shared);
});

/** Opens a game (when it is not the open one) and the Run tab, on the shared page. */
async function openRun(page: Page, game: string): Promise<void> {
  await page.selectOption('#game-select', game);
  await page.waitForFunction((g) => (window as any).grimoire.ws.game === g, game);
  await page.click('#tab-run');
}

describe('card faces in the playground (Chromium)', () => {

  it('the Cards gallery shows a face for every card of trump, and follows the designer\'s typing', async () => {
    const { page } = await sharedPage();
    const ir = compiledGame('trump');
    await openGallery(page, 'trump');
    expect(await faces(page)).toEqual(ir.cards.map((c) => c.name));
    expect(await page.textContent('#tab-cards')).toBe(`Cards (${ir.cards.length})`);
    expect(await page.textContent('#cards-count')).toBe(`${ir.cards.length} cards`);
    // A face is the SVG of `grimoire cards`: its title, its attributes by their titles.
    expect(await faceText(page, '♡Q')).toContain('ハートのQ');
    // Faces are drawn as they scroll into view: the last card too.
    const last = ir.cards[ir.cards.length - 1]!.name;
    await page.$eval(`#cards-grid .card-face[data-card="${last}"]`, (e) => e.scrollIntoView());
    await page.waitForSelector(`#cards-grid .card-face[data-card="${last}"][data-drawn] svg`);
    await page.$eval('#cards-grid', (e) => e.closest('#cards-pane')!.scrollTo(0, 0));
    const renderMs = Number(await page.getAttribute('#cards-gallery', 'data-render-ms'));
    await shot(page, 'faces-gallery-trump');

    // Typing a change to a card's title: its face changes, the others keep their elements.
    await openFile(page, DECK);
    const text = (await modelText(page, DECK))!;
    const lines = text.split('\n');
    const line = lines.findIndex((l) => l.startsWith('card ♠A ')) + 1;
    const col = lines[line - 1]!.indexOf('スペードのA') + 'スペードの'.length + 1;
    const other = await page.$('#cards-grid .card-face[data-card="♠2"] svg');
    await placeCursor(page, line, col);
    const t0 = Date.now();
    await page.keyboard.type('新');
    await page.waitForFunction(() => document.querySelector('#cards-grid .card-face[data-card="♠A"] .face-art')?.textContent?.includes('スペードの新A'));
    const typedToFaceMs = Date.now() - t0;
    expect(await page.evaluate((e) => e!.isConnected, other)).toBe(true); // ♠2's face was not redrawn
    const editRenderMs = Number(await page.getAttribute('#cards-gallery', 'data-render-ms'));
    await shot(page, 'faces-gallery-edited');

    // An error: the last good faces stay, said to be stale; fixed, they are current again.
    const checked = await nextCheck(page);
    await page.keyboard.type('"');
    await checked();
    await page.waitForSelector('#cards-gallery[data-state="stale"]');
    expect(await page.textContent('#cards-note')).toMatch(/^Stale: the rules have errors/);
    expect(await faces(page)).toHaveLength(ir.cards.length);
    expect(await faceText(page, '♠A')).toContain('スペードの新A');
    await shot(page, 'faces-gallery-stale');
    await page.keyboard.press('Backspace');
    await page.waitForSelector('#cards-gallery[data-state="current"]');
    expect(await page.textContent('#cards-note')).toBe('');
    recordTimings('cardsGallery', {
      what: 'trump (53 cards): the gallery\'s update of its buttons (ms, in the page; faces drawn as they scroll into view are not in it) with the game\'s faces, and after a keystroke that changed one card\'s title; keystroke to that card\'s new face in the gallery (ms, compile worker check included)',
      cards: ir.cards.length,
      renderMs,
      editRenderMs,
      typedToFaceMs,
    });
  });

  it('filters the gallery by name, title or type, and a click opens the card\'s definition', async () => {
    const { page } = await sharedPage();
    const ir = compiledGame('trump');
    await openGallery(page, 'trump');
    await page.fill('#cards-filter', 'ハート');
    const hearts = ir.cards.filter((c) => c.title.includes('ハート')).map((c) => c.name);
    expect(hearts.length).toBeGreaterThan(0);
    await page.waitForFunction((n) => document.getElementById('cards-grid')!.dataset.shown === String(n), hearts.length);
    expect(await page.$$eval('#cards-grid .card-face:not([hidden])', (els) => els.map((e) => (e as HTMLElement).dataset.card))).toEqual(hearts);
    expect(await page.textContent('#cards-count')).toBe(`${hearts.length} of ${ir.cards.length} cards`);
    const q = ir.cards.find((c) => c.name === '♡Q')!;
    await page.click('#cards-grid .card-face[data-card="♡Q"]');
    await page.waitForFunction((f) => (window as any).grimoire.session.current === f, ir.files[q.loc[0]]!);
    const pos = await page.evaluate(() => (window as any).grimoire.session.editor.getPosition());
    expect([pos.lineNumber, pos.column]).toEqual([q.loc[1], q.loc[2]]);
    await page.fill('#cards-filter', '');
    await page.waitForFunction((n) => document.getElementById('cards-grid')!.dataset.shown === String(n), ir.cards.length);
  });

  it('the gallery of a Japanese game: every card of Summon & Magic and of Spimate', async () => {
    const { page } = await sharedPage();
    for (const game of ['summon-magic', 'spimate']) {
      const ir = compiledGame(game);
      await openGallery(page, game);
      expect(await faces(page)).toEqual(ir.cards.map((c) => c.name));
      expect(await faceText(page, ir.cards[0]!.name)).toContain(ir.cards[0]!.title.slice(0, 4));
      await shot(page, `faces-gallery-${game}`);
    }
  });

  it('the board draws cards as faces, cards the viewer may not see as backs, hidden zones as piles with their counts', async () => {
    const { page } = await sharedPage();
    await openRun(page, 'trump');
    await page.selectOption('#scenario-select', 'rules/trump/rulings/r-tr-02-soldier-vs-soldier.yaml');
    await page.click('#run-scenario');
    await page.waitForSelector('#run-result[data-passed="true"]');
    // The judge: p1's field holds ♠7, drawn as its face (the card's title in it), named under it.
    await page.waitForSelector('#board[data-viewer="judge"] .zone[data-zone="p1.field"] .card[data-card="♠7"] .card-art svg');
    const seven = await page.$eval('#board .zone[data-zone="p1.field"] .card[data-card="♠7"]', (e) => ({ face: e.querySelector('.card-art')!.textContent, name: e.querySelector('.card-name')!.textContent, title: (e as HTMLElement).title }));
    expect(seven.face).toContain('スペードの7');
    expect(seven.name).toBe('♠7');
    expect(seven.title).toMatch(/^♠7 — スペードの7\nrole: "soldier"/);
    // p1's view: p2's life pile is hidden — one back and its count.
    await page.selectOption('#viewer', 'p1');
    const life = '#board[data-viewer="p1"] .zone[data-zone="p2.life"][data-hidden="true"]';
    await page.waitForSelector(`${life} .card.unknown svg[data-back]`);
    expect(await page.textContent(`${life} .pile-count`)).toBe('×2');
    expect(await page.textContent(`${life} .zone-hidden`)).toBe('2 cards, hidden');
    await page.$eval('#board', (e) => e.scrollIntoView());
    await page.mouse.move(1, 1); // no preview over the board in the picture
    await shot(page, 'faces-board-trump-scenario');
    // A card hovered on the board: its face larger beside it.
    await page.hover('#board .zone[data-zone="p1.field"] .card[data-card="♠7"] .card-name');
    await page.waitForSelector('.face-preview:not([hidden]) svg');
    expect(await page.textContent('.face-preview')).toContain('スペードの7');
    await shot(page, 'faces-board-preview');
    await page.mouse.move(1, 1);
  });

  it('the board of a Japanese game: a face-down card is a back to the other player, its face marked face down to the judge', async () => {
    const { page } = await sharedPage();
    await openRun(page, 'summon-magic');
    await page.waitForFunction(() => (window as any).grimoire.ws.game === 'summon-magic' && (window as any).grimoire.checker.faces.cards.length > 0);
    await page.selectOption('#scenario-select', 'rules/summon-magic/rulings/r-sm-05a-set-card-no-ap-voids-skill.yaml');
    await page.click('#run-scenario');
    await page.waitForSelector('#run-result[data-passed="true"]');
    // After the first step, 破砕の一撃 still lies face down in p1's magic zone.
    await page.click('#log .log-step[data-seq="0"]');
    await page.selectOption('#viewer', 'p2');
    const magic = '#board[data-viewer="p2"]:not([data-loading]) .zone[data-zone="p1.magic"]';
    await page.waitForSelector(`${magic} .card.unknown.facedown svg[data-back]`);
    expect(await page.textContent(`${magic} .card-name`)).toBe('face-down card');
    expect(await page.$$eval(`${magic} [data-card]`, (els) => els.filter((e) => e.localName !== 'svg').length)).toBe(0); // no name leaks
    // The decks are hidden: piles of backs with their counts.
    const deck = '#board[data-viewer="p2"] .zone[data-zone="p1.deck"][data-hidden="true"]';
    expect(await page.textContent(`${deck} .pile-count`)).toMatch(/^×\d+$/);
    await page.$eval('#board', (e) => e.scrollIntoView());
    await page.mouse.move(1, 1);
    await shot(page, 'faces-board-summon-magic-p2');
    await page.selectOption('#viewer', 'judge');
    const judge = '#board[data-viewer="judge"]:not([data-loading]) .zone[data-zone="p1.magic"] .card.facedown[data-card="破砕の一撃"]';
    await page.waitForSelector(`${judge} .card-art svg:not([data-back])`);
    expect(await page.textContent(`${judge} .card-art`)).toContain('破砕の一撃');
    expect(await page.$$eval(`${judge} .card-states`, (els) => els.map((e) => e.textContent))).toContain('face down');
    // The judge sees into the decks, drawn as piles all the same: the top card, the count, the list.
    const deckJudge = '#board[data-viewer="judge"] .zone[data-zone="p1.deck"][data-pile="true"]';
    expect(await page.textContent(`${deckJudge} .pile-count`)).toBe(`×${await page.getAttribute(deckJudge, 'data-count')}`);
    expect(await page.$$eval(`${deckJudge} .pile-name`, (els) => els.length)).toBe(Number(await page.getAttribute(deckJudge, 'data-count')));
    await page.$eval('#board', (e) => e.scrollIntoView());
    await page.mouse.move(1, 1);
    await shot(page, 'faces-board-summon-magic-judge');
  });

  it('a big zone is a pile: its top card, its count and the list of its cards; every other zone shows each card', async () => {
    const { page } = await sharedPage();
    await openRun(page, 'trump');
    await page.fill('#seed', '3');
    await page.click('#play-game');
    await page.waitForSelector('#run-result[data-kind="game"]');
    // The game's board (trump's life zones), not the board an earlier test left.
    await page.waitForSelector('#board[data-viewer="judge"]:not([data-loading]) .board-caption');
    await page.waitForSelector('#board[data-viewer="judge"]:not([data-loading]) .zone[data-zone="p1.life"]');
    const zones = await page.$$eval('#board .zone', (els) =>
      els.map((z) => {
        const e = z as HTMLElement;
        return {
          zone: e.dataset.zone!,
          count: Number(e.dataset.count),
          hidden: e.dataset.hidden === 'true',
          pile: e.dataset.pile === 'true',
          pileCount: z.querySelector(':scope > .pile .pile-count')?.textContent ?? null,
          listed: z.querySelectorAll('.pile-names .pile-name').length,
          cards: z.querySelectorAll(':scope > .cards > .card').length,
          faces: z.querySelectorAll(':scope > .cards > .card > .card-art svg').length,
        };
      }),
    );
    expect(zones.some((z) => z.pile && z.count >= 13), 'a big pile on the board of seed 3').toBe(true);
    const hidden = compiledGame('trump').zones.filter((z) => z.visibility === 'hidden').map((z) => z.name);
    for (const z of zones) {
      if (z.hidden || z.count === 0) continue;
      // A zone nobody may look into is a pile for the judge too.
      if (z.count >= 13 || hidden.includes(z.zone.replace(/^p\d+\./, ''))) expect(z, z.zone).toMatchObject({ pile: true, pileCount: `×${z.count}`, listed: z.count, cards: 0 });
      else expect(z, z.zone).toMatchObject({ pile: false, cards: z.count, faces: z.count });
    }
    await page.$eval('#board', (e) => e.scrollIntoView());
    await page.mouse.move(1, 1);
    await shot(page, 'faces-board-trump-game');
  });

  it('hovering a card\'s name shows its face, in the rules and in a ruling', async () => {
    const { page } = await sharedPage();
    await openRun(page, 'trump');
    await page.waitForFunction(() => (window as any).grimoire.checker.faces.cards.length > 0);
    await openFile(page, DECK);
    await hoverWord(page, '♡Q');
    // The face first comes as a Markdown image, then is put inline (the page's fonts).
    await page.waitForSelector('.monaco-hover svg.hover-face');
    expect(await page.$$eval('.monaco-hover img', (els) => els.length)).toBe(0);
    expect(await page.textContent('.monaco-hover')).toContain('ハートのQ');
    await page.evaluate(() => document.fonts.ready);
    await shot(page, 'faces-hover-grim');
    await page.mouse.move(5, 5);
    await page.keyboard.press('Escape');
    const ruling = 'rules/trump/rulings/r-tr-02-soldier-vs-soldier.yaml';
    await openFile(page, ruling);
    await hoverWord(page, '♡9');
    await page.waitForSelector('.monaco-hover svg.hover-face');
    const hover = await page.textContent('.monaco-hover');
    expect(hover).toContain('♡9 — card “ハートの9”, PlayingCard');
    expect(hover).toContain('defined at cards/trump/deck.grim:');
    await shot(page, 'faces-hover-yaml');
    await page.mouse.move(5, 5);
    await page.keyboard.press('Escape');
  });

  it('puts a face in the page only through its allow-list: no script, handler, style sheet or fetch', async () => {
    const { page } = await sharedPage();
    const out = await page.evaluate(() => {
      const make = (window as any).grimoire.faceElement as (svg: string) => SVGSVGElement | null;
      const hostile =
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10" onload="window.__pwned=1">' +
        '<script>window.__pwned=2</script><style>@import url(http://example.invalid/x.css);</style>' +
        '<defs><clipPath id="c"><rect width="10" height="10"/></clipPath></defs>' +
        '<g clip-path="url(#c)"><rect width="10" height="10" fill="url(http://example.invalid/p)" onclick="window.__pwned=3"/>' +
        '<image href="http://example.invalid/i.png"/><use xlink:href="http://example.invalid/u.svg#x"/>' +
        '<foreignObject><div xmlns="http://www.w3.org/1999/xhtml">html</div></foreignObject><text>魔術士 &lt;b&gt;</text></g></svg>';
      const a = make(hostile)!;
      const b = make(hostile)!;
      document.body.append(a, b);
      const html = a.outerHTML;
      const result = {
        html,
        pwned: (window as any).__pwned ?? null,
        text: a.textContent,
        clipA: a.querySelector('clipPath')!.id,
        clipB: b.querySelector('clipPath')!.id,
        refA: a.querySelector('g')!.getAttribute('clip-path'),
        notSvg: make('<div>not a face</div>'),
        broken: make('<svg xmlns="http://www.w3.org/2000/svg"><text>unclosed</svg>'),
      };
      a.remove();
      b.remove();
      return result;
    });
    expect(out.pwned).toBeNull();
    expect(out.html).not.toMatch(/script|onload|onclick|<style|foreignObject|example\.invalid|@import|<div/i);
    expect(out.text).toBe('魔術士 <b>');
    expect(out.clipA).not.toBe(out.clipB); // each copy its own ids…
    expect(out.refA).toBe(`url(#${out.clipA})`); // …and its references follow
    expect(out.notSvg).toBeNull();
    expect(out.broken).toBeNull();
  });
});

/**
 * The web font at work: a Chromium whose fontconfig rejects every font covering Japanese — a
 * machine without a CJK font, as far as that browser can tell — still draws the faces' Japanese,
 * with Noto Sans JP from the page (a custom font, in Chromium's words). Linux only: elsewhere
 * Chromium does not read fontconfig.
 */
describe.skipIf(process.platform !== 'linux' || !existsSync('/etc/fonts/fonts.conf'))('the web font where the machine has no CJK font (Chromium, fontconfig without Japanese)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'grimoire-no-cjk-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** The fonts Chromium drew the text of the first element matching `selector` with. */
  async function fontsOf(page: Page, selector: string): Promise<{ familyName: string; isCustomFont: boolean; glyphCount: number }[]> {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    const { root } = await cdp.send('DOM.getDocument', { depth: -1 });
    const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
    const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
    await cdp.detach();
    return fonts;
  }

  it('the system\'s CJK font draws the faces where there is one; Noto Sans JP from the page where there is none', async () => {
    const game = 'summon-magic';
    const card = compiledGame(game).cards[0]!;
    const title = `#cards-grid .card-face[data-card="${card.name}"] svg text`;
    // This machine, as it is (test/README: .ci/run installs fonts-noto-cjk): the system's font.
    const here = await sharedPage();
    await openGallery(here.page, game);
    const system = await fontsOf(here.page, title);

    writeFileSync(
      join(dir, 'fonts.conf'),
      `<?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "fonts.dtd"><fontconfig><include ignore_missing="yes">/etc/fonts/fonts.conf</include><cachedir>${dir}/cache</cachedir><selectfont><rejectfont><pattern><patelt name="lang"><string>ja</string></patelt></pattern></rejectfont></selectfont></fontconfig>`,
    );
    const browser = await launchBrowser({ env: { ...process.env, FONTCONFIG_FILE: join(dir, 'fonts.conf') } as Record<string, string> });
    try {
      const p = await openPlayground(browser, files.url);
      const { page } = p;
      // The control: in this browser no system font has Japanese — a page without the web font draws boxes.
      const probe = await browser.newPage();
      await probe.setContent('<p id="probe" style="font-family: sans-serif; font-size: 40px">魔術士</p>');
      const plain = await fontsOf(probe, '#probe');
      await probe.close();
      expect(plain.some((f) => /CJK|JP|Gothic|Mincho|Droid Sans Fallback|WenQuanYi|IPA/i.test(f.familyName)), JSON.stringify(plain)).toBe(false);
      // The playground: the title of the face, in Japanese, drawn by the web font.
      await openGallery(page, game);
      await page.waitForFunction((t) => document.fonts.check('16px "Noto Sans JP"', t), card.title);
      const fonts = await fontsOf(page, title);
      // (Chromium names the font as its file does: the subsets of @fontsource say "Noto Sans JP Thin".)
      expect(fonts.find((f) => f.familyName.startsWith('Noto Sans JP')), JSON.stringify(fonts)).toMatchObject({ isCustomFont: true });
      expect(fonts.reduce((n, f) => n + f.glyphCount, 0)).toBeGreaterThan(0);
      await shot(page, 'faces-gallery-web-font-no-cjk');
      await closePage(p);
    } finally {
      await browser.close();
    }
    // Where the system has Noto Sans CJK JP, the page fetched nothing for the faces: the system drew them.
    if (system.some((f) => f.familyName.startsWith('Noto Sans CJK'))) expect(system.every((f) => !f.isCustomFont), JSON.stringify(system)).toBe(true);
  });
});
