/**
 * Why not, in the playground: at a person's action decision the actions not offered are listed
 * greyed; hovering one says why (its title), clicking one lists its reasons, and a reason's link
 * shows its line of the rules in the editor (docs/judges.md). Waits are for conditions, never times.
 */
import { describe, expect, it } from 'vitest';
import { browserForFile, closePage, openPlayground, shot } from './harness.ts';

const files = browserForFile();

describe('why not in a game with seats (Chromium)', () => {
  it("lists the actions a person is not offered, greyed, with each one's reasons linked to the rules", async () => {
    const p = await openPlayground(files.browser, files.url);
    const { page } = p;
    await page.selectOption('#game-select', 'trump');
    await page.fill('#seed', '4');
    await page.selectOption('#seat-p1', 'person');
    await page.selectOption('#seat-p2', 'random');
    await page.click('#start-match');
    // p1's first decision where actions are offered (a choice before it is answered with its first option).
    for (let i = 0; ; i++) {
      expect(i).toBeLessThan(40);
      await page.waitForFunction(() => ['person', 'over', 'stopped'].includes(document.getElementById('match')?.dataset.state ?? ''));
      if (await page.isVisible('#decision-refused')) break;
      const answers = Number(await page.getAttribute('#match', 'data-answers'));
      await page.click('#decision-options .decision-option[data-index="0"]');
      await page.waitForFunction((n) => Number(document.getElementById('match')?.dataset.answers ?? 0) > n, answers);
    }
    const refused = await page.$$eval('#decision-refused .refused-action', (bs) => bs.map((b) => ({ name: (b as HTMLElement).dataset.action!, title: b.getAttribute('title') ?? '' })));
    const offered = await page.$$eval('#decision-options .decision-option', (bs) => bs.map((b) => (b as HTMLElement).dataset.label!));
    expect(refused.length).toBeGreaterThan(0);
    for (const r of refused) {
      expect(offered).not.toContain(r.name);
      expect(r.title).toMatch(/^(format|source|limit|when|choice|cost): /);
    }
    expect(await page.textContent('#decision-refused .refused-head')).toMatch(/^Not available now \(\d+\)/);
    // A click shows the reasons, each with its line; the link opens the rules there.
    const attack = refused.find((r) => r.title.startsWith('when: ')) ?? refused[0]!;
    await page.click(`#decision-refused .refused-action[data-action="${attack.name}"]`);
    await page.waitForSelector('#refused-reasons:not([hidden]) li');
    expect(await page.textContent('#refused-reasons .reason-title')).toBe(`Why not ${attack.name}?`);
    const link = (await page.textContent('#refused-reasons .reason-link'))!;
    const [file, line] = link.split(':') as [string, string];
    await shot(page, '45-why-not');
    await page.click('#refused-reasons .reason-link');
    await page.waitForFunction((f) => (window as any).grimoire.session.current === f, file);
    await page.waitForFunction((l) => (window as any).grimoire.session.editor.getPosition()?.lineNumber === l, Number(line));
    // The decision is still the person's to make.
    expect(await page.isEnabled('#decision-options .decision-option')).toBe(true);
    await closePage(p);
  });
});
