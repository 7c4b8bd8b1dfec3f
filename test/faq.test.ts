/**
 * The casebook as a rulings document (scenario/faq.ts, faq-render.ts): every ruling once, under
 * the rule its cite names first, in the rulebook's order; what it assumes; text escaped in both
 * Markdown and HTML.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { faqDocument, faqEntry, ruleOf } from '../scenario/faq.ts';
import { faqHtml, faqMarkdown } from '../scenario/faq-render.ts';
import { runScenarioInRepo } from '../scenario/files.ts';
import { root } from './helpers.ts';
import { grimoireInProcess } from './grimoire-in-process.ts';

function entriesOf(game: string) {
  const folder = join(root, 'rules', game, 'rulings');
  return readdirSync(folder)
    .filter((f) => f.endsWith('.yaml'))
    .sort()
    .map((f) => {
      const path = `rules/${game}/rulings/${f}`;
      const text = readFileSync(join(root, path), 'utf8');
      return faqEntry(text, runScenarioInRepo(root, path, text), 'version test');
    });
}

describe('grimoire faq', () => {
  it('files every Spimate ruling once, under the first rule id of its cite, sections in rulebook order', () => {
    const entries = entriesOf('spimate');
    const doc = faqDocument('spimate', 'Spimate', 'test', entries);
    expect(doc.sections.reduce((n, s) => n + s.entries.length, 0)).toBe(entries.length);
    for (const s of doc.sections) for (const e of s.entries) expect(ruleOf(e)).toBe(s.rule);
    const ids = doc.sections.map((s) => s.rule).filter((r): r is string => r !== null);
    const key = (id: string) => id.slice(3).split('.').map((p) => (/^\d+$/.test(p) ? p.padStart(4, '0') : p)).join('.');
    expect(ids.map(key)).toEqual([...ids.map(key)].sort());
    // The stolen card's ruling: its board has p1's card in p2's field, owned by p1; its pins and version are said.
    const stolen = entries.find((e) => e.file.endsWith('r-sp-09-stolen-card-to-owner.yaml'))!;
    expect(stolen.position.sides.find((s) => s.side === 'p2')!.zones.find((z) => z.zone === 'field')!.cards[0]).toMatch(/^X \(owner p1/);
    expect(stolen.assumes[0]).toBe('rules version test');
    expect(stolen.answer.every((a) => a.held)).toBe(true);
    expect(stolen.steps.some((s) => s.text === 'X → p1.graveyard' && s.where?.startsWith('rules/spimate/'))).toBe(true);
  });

  it("says only what the ruling asserts, in words; the judge's own answer first when written; a declaration before its choices", () => {
    const path = 'rules/skirmish/rulings/archer-volley.yaml';
    const written = readFileSync(join(root, path), 'utf8');
    expect(faqEntry(written, runScenarioInRepo(root, path, written), 'v').judgeAnswer).toMatch(/^Yes\. Playing the Archer/);
    // Without its answer: line, the expectations in words are the answer.
    const text = written.replace(/^answer: .*\n/m, '');
    const e = faqEntry(text, runScenarioInRepo(root, path, text), 'v');
    expect(e.judgeAnswer).toBeNull();
    expect(e.answer.map((a) => a.text)).toEqual(["p1's board holds Archer", "p2's life is 9", 'the record shows “Archer.Volley triggers for p1”']);
    // The action, then the choice made in declaring it (the engine logs the choice first).
    const play = e.steps.findIndex((s) => s.text.startsWith('p1: Play with Archer'));
    expect(play).toBeGreaterThanOrEqual(0);
    expect(e.steps[play + 1]).toMatchObject({ text: 'p1 chooses Archer (using u for Play)', sub: true });
    expect(e.steps.filter((s) => s.sub)).toHaveLength(1);
    // With `answer:`, that paragraph is the answer and the checks prove it; a game end no expectation asserts is set apart.
    const judged = `${text.replace('cite:', 'answer: "Yes: the Archer enters and its Volley deals the opponent 1 damage at once."\ncite:')}`;
    const ended = judged.replace(/steps:[\s\S]*?expect:/, 'steps:\n  - p1: Play\n  - p1: pass\n  - p2: pass\n  - p1: pass\n  - p2: pass\nexpect:').replace(/expect:[\s\S]*$/, 'expect:\n  p1.board: [Archer]\n');
    const j = faqEntry(ended, runScenarioInRepo(root, 'judged.yaml', ended), 'v');
    expect(j.judgeAnswer).toBe('Yes: the Archer enters and its Volley deals the opponent 1 damage at once.');
    const md = faqMarkdown(faqDocument('skirmish', 'Skirmish', 'v', [j]));
    expect(md).toMatch(/\*\*The answer\*\*\n\nYes: the Archer enters[^\n]*\n\n\*What the ruling checks:\*\n\n- p1's board holds Archer/);
    if (j.incidental.length) expect(md).toContain('*Also seen in the run, not asserted by the ruling:* the game ended');
    expect(j.answer.some((a) => /game ends|wins/.test(a.text))).toBe(false);
  });

  it('escapes what the scenarios write, in Markdown and in HTML', () => {
    const [e] = entriesOf('spimate');
    const hostile = { ...e!, name: 'a <img src=x onerror=alert(1)> | pipe', cite: 'SP-1.1 <b>bold</b>' };
    const doc = faqDocument('spimate', 'Spimate', 'test', [hostile]);
    const html = faqHtml(doc);
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain("default-src 'none'");
    expect(faqMarkdown(doc)).toContain('a \\<img src=x onerror=alert(1)\\> \\| pipe');
  });

  it('as a command: Markdown on stdout; --out by extension; a wrong extension is a usage error', async () => {
    const r = await grimoireInProcess(['faq', 't-magic'], { cwd: root });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^# .* — rulings/);
    expect(r.stdout).toContain('**The answer**');
    const bad = spawnSync(process.execPath, [join(root, 'cli/bin.js'), 'faq', 't-magic', '--out', 'faq.pdf'], { cwd: root, encoding: 'utf8' });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain(".md (Markdown) or .html");
    // An option of another command is refused, not ignored (it would write nothing and say nothing).
    const foreign = await grimoireInProcess(['faq', 't-magic', '--html', 'faq.html'], { cwd: root });
    expect(foreign.status).toBe(2);
    expect(foreign.stderr).toContain('faq takes no --html; its options are --out');
  });
});
