/**
 * `grimoire explain`: a ruling's answer in a few lines and only the steps that decided it, each
 * with its rule text and source line (scenario/explain.ts) — what a judge would write, not the log.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { explainScenario } from '../scenario/explain.ts';
import { runScenarioInRepo } from '../scenario/files.ts';
import { root } from './helpers.ts';
import { grimoireInProcess } from './grimoire-in-process.ts';

const explain = (path: string) => explainScenario(runScenarioInRepo(root, path, readFileSync(join(root, path), 'utf8')));

describe('grimoire explain', () => {
  it('R-TR-02: the answer, then the declarations, choices and the move that decided it, each with its cite and line', () => {
    const e = explain('rules/trump/rulings/r-tr-02-soldier-vs-soldier.yaml');
    const text = e.lines.join('\n');
    expect(e.lines[0]).toBe('R-TR-02 · Soldier against soldier: the lower one dies — PASS');
    expect(text).toContain('The question: TR-12.3');
    expect(text).toContain("✓ p2's graveyard holds ♡5");
    // The resolutions and triggers that repeat a declaration are left out.
    expect(e.kept).toBeLessThan(e.total);
    expect(text).not.toMatch(/resolves/);
    expect(text).toMatch(/p1: アタック \[rules\/trump\/basic\.grim:\d+\]\n\s+— TR-12\.1/);
    expect(text).toMatch(/p2 chooses ♡5 \(the blocking soldiers\)/);
    expect(text).toMatch(/♡5 → p2\.graveyard \[rules\/trump\/functions\.grim:\d+\]/);
  });

  it('leaves out what the engine played by itself after the script unless it touches the expectations', () => {
    // R-TR-14c: after the summon the runner passes p2's priority and the summon resolves; the
    // card's way to the field matters, the resolution notice does not.
    const e = explain('rules/trump/rulings/r-tr-14c-barrier-then-summon.yaml');
    const text = e.lines.join('\n');
    expect(text).toContain('♠7 → p1.field');
    expect(text).not.toContain('兵士召喚 (by p1) resolves');
    expect(text).toMatch(/checked at p1's decision .* 1 pass by the runner, 0 new turns/);
  });

  it('as a command: exit 0 for a passing ruling; a file with mistakes is not run; a folder is a usage error', async () => {
    const ok = await grimoireInProcess(['explain', 'rules/trump/rulings/r-tr-02-soldier-vs-soldier.yaml'], { cwd: root });
    expect(ok.status, ok.stderr).toBe(0);
    expect(ok.stdout).toContain('Why — the ');
    const folder = spawnSync(process.execPath, [join(root, 'cli/bin.js'), 'explain', 'rules/trump/rulings'], { cwd: root, encoding: 'utf8' });
    expect(folder.status).toBe(2);
    expect(folder.stderr).toContain('explain takes one scenario file');
  });
});
