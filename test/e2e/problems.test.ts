/**
 * The problems panel: a click on a problem puts the editor's cursor at the diagnostic's start,
 * with nothing selected and the keyboard in the editor — so the next key (Backspace) edits one
 * character there, never the whole selected line (which would delete the card).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { browserForFile, closePage, markers, modelText, nextCheck, openFile, openPlayground, placeCursor, root, shot } from './harness.ts';

const DECK = 'cards/trump/deck.grim';
const files = browserForFile();

it('clicking a problem places the cursor at its start; Backspace then deletes one character, not the card', async () => {
  const p = await openPlayground(files.browser, files.url);
  const { page } = p;
  await openFile(page, DECK);
  const lines = readFileSync(join(root, DECK), 'utf8').split('\n');
  const i = lines.findIndex((l) => l.startsWith('card ♠A ') && l.includes('suit = spade'));
  expect(i).toBeGreaterThanOrEqual(0);
  const line = i + 1;
  const afterSuit = lines[i]!.indexOf('suit = spade') + 'suit = spade'.length + 1;
  // suit = spadex: one error, at the start of 'spadex'.
  const checked = await nextCheck(page);
  await placeCursor(page, line, afterSuit);
  await page.keyboard.type('x');
  await checked();
  const [marker] = await markers(page, DECK);
  expect(marker).toMatchObject({ startLineNumber: line, startColumn: afterSuit - 'spade'.length });
  // Elsewhere first, so that the click has somewhere to move the cursor from.
  await placeCursor(page, 1, 1);
  await page.click(`#problems .problem[data-code="name/unknown"]`);
  const editor = await page.evaluate(() => {
    const ed = (window as any).grimoire.session.editor;
    const sel = ed.getSelection();
    return { empty: sel.isEmpty(), line: sel.positionLineNumber, col: sel.positionColumn, focused: ed.hasTextFocus() };
  });
  expect(editor).toEqual({ empty: true, line, col: marker!.startColumn, focused: true });
  await shot(page, 'problem-clicked');
  await page.keyboard.press('Backspace');
  const after = (await modelText(page, DECK))!.split('\n');
  const edited = lines[i]!.slice(0, afterSuit - 1) + 'x' + lines[i]!.slice(afterSuit - 1);
  const oneCharLess = edited.slice(0, marker!.startColumn - 2) + edited.slice(marker!.startColumn - 1);
  expect(after.length).toBe(lines.length); // the card's line is still there
  expect(after[i]).toBe(oneCharLess);
  await closePage(p);
});
