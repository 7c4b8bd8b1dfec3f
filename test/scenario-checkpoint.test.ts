/**
 * A run says where its expectations were checked (ScenarioOutcome.checkpoint): at the decision
 * the engine was waiting for once the script ran out — whom it asked and what — or at the end of
 * the game; and what the engine played by itself after the script's last step. Without it an
 * expectation can silently look at a state long after the one the judge meant.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runScenarioInRepo } from '../scenario/files.ts';
import { root } from './helpers.ts';

const run = (path: string, text = readFileSync(join(root, path), 'utf8')) => runScenarioInRepo(root, path, text);

describe('where a scenario checked its expectations', () => {
  it('at the decision the script stopped at, with nothing played after it', () => {
    const o = run('rules/trump/rulings/r-tr-02-soldier-vs-soldier.yaml');
    expect(o.passed).toBe(true);
    expect(o.checkpoint).toMatchObject({ at: 'decision', player: 'p1', turn: 3, afterScript: { passes: 0, turns: 0 } });
    expect(o.checkpoint!.text).toContain(`p1's decision "${o.checkpoint!.prompt}"`);
  });

  it('after the engine played on by itself: the passes and the new turn are said', () => {
    // R-SP-08's last attack ends p1's battle; the runner passes, p1's turn ends and p2's begins.
    const o = run('rules/spimate/rulings/r-sp-08-damage-accumulates.yaml');
    expect(o.passed).toBe(true);
    const c = o.checkpoint!;
    expect(c.at).toBe('decision');
    expect(c.afterScript.turns).toBeGreaterThanOrEqual(1);
    expect(c.afterScript.passes).toBeGreaterThanOrEqual(1);
    expect(c.text).toMatch(/the engine went on by itself: \d+ pass(es)? by the runner, \d+ new turns?, \d+ log steps?/);
  });

  it('at the end of the game, with the result', () => {
    const o = run('rules/spimate/rulings/r-sp-06-empty-hand-loses.yaml');
    expect(o.passed).toBe(true);
    expect(o.checkpoint).toMatchObject({ at: 'end' });
    expect(o.checkpoint!.result?.winner).toBeTruthy();
    expect(o.checkpoint!.text).toMatch(/^checked at the end of the game \(turn \d+: p\d won — /);
  });

  it('a failing scenario prints it under its failures', async () => {
    const { spawnSync } = await import('node:child_process');
    const text = readFileSync(join(root, 'rules/trump/rulings/r-tr-02-soldier-vs-soldier.yaml'), 'utf8');
    const broken = text.replace(/expect:\n/, 'expect:\n  p1.hand: [♠A, ♠2, ♠3]\n');
    expect(broken).not.toBe(text);
    const { mkdtempSync, writeFileSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const dir = mkdtempSync(join(tmpdir(), 'grimoire-checkpoint-'));
    try {
      writeFileSync(join(dir, 'broken.yaml'), broken);
      const r = spawnSync(process.execPath, [join(root, 'cli/bin.js'), 'scenario', join(dir, 'broken.yaml')], { cwd: root, encoding: 'utf8' });
      expect(r.status).toBe(1);
      expect(r.stdout).toMatch(/expectations checked at p1's decision "[^"]+" \(turn 3, p1 active\), right after the script's last step/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("a game folder's rule-ids.yaml is data, not a ruling: grimoire scenario rules/<game> runs the rulings only", async () => {
    const { spawnSync } = await import('node:child_process');
    const r = spawnSync(process.execPath, [join(root, 'cli/bin.js'), 'scenario', 'rules/t-magic'], { cwd: root, encoding: 'utf8' });
    expect(r.status, r.stdout).toBe(0);
    expect(r.stdout).not.toContain('rule-ids.yaml');
  });
});
