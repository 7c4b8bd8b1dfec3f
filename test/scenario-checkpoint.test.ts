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

  it('after the engine played on by itself: the passes the runner made are said', () => {
    // R-TR-14c's script ends with a summon p2 may answer: the runner passes p2's priority, the
    // summon resolves, and the expectations look at p1's next free action.
    const o = run('rules/trump/rulings/r-tr-14c-barrier-then-summon.yaml');
    expect(o.passed).toBe(true);
    const c = o.checkpoint!;
    expect(c).toMatchObject({ at: 'decision', player: 'p1', active: 'p1', afterScript: { passes: 1, turns: 0 } });
    expect(c.text).toMatch(/the engine went on by itself: 1 pass by the runner, 0 new turns, \d+ log steps?/);
  });

  // The runner stops at the active player's first free action after the script, in every game:
  // where the main window may be passed (Skirmish, the game `grimoire new` writes) as where it may not
  // (trump, above). Before, it passed such windows too, and looked at the end of the game.
  const skirmish = (steps: string, expectation: string) => `name: "a pass ends the turn"
cite: "test"
game: skirmish
state:
  active: p1
  p1:
    hand: [Soldier, Archer]
    deck: [Healer, Healer, Archer]
  p2:
    deck: [Archer, Healer, Healer]
steps:
${steps}
expect:
${expectation}
`;

  it("in a game whose main window may be passed, a pass ends the turn and the expectations read the next player's free action", () => {
    // p1 plays a Soldier in turn 3 (the default start) and passes; p2's turn begins (p2 draws) and the runner stops at p2's main
    // window. The Soldier is not ready yet (units ready at their owner's turn start), p2 has drawn once.
    const o = run('rules/skirmish/rulings/probe.yaml', skirmish('  - p1: Play\n  - p1: Soldier\n  - p1: pass', '  cards: { Soldier: { ready: false } }\n  p1.board: [Soldier]\n  count: { p2.hand: 1, p2.deck: 2 }\n  winner: none'));
    expect(o.failures).toEqual([]);
    expect(o.checkpoint).toMatchObject({ at: 'decision', player: 'p2', active: 'p2', turn: 4, afterScript: { passes: 0 } });
  });

  it('with nothing left in the script, it stops at once at the active player\'s free action, even one that may be passed', () => {
    const o = run('rules/skirmish/rulings/probe.yaml', skirmish('  []', '  count: { p1.hand: 2 }'));
    expect(o.failures).toEqual([]);
    expect(o.checkpoint).toMatchObject({ at: 'decision', player: 'p1', afterScript: { passes: 0, turns: 0 } });
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
