// The command line is a contract other tools rely on: exit codes, --json, merging split batches.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from './helpers.ts';

const grimoire = (...args: string[]) => spawnSync(process.execPath, [join(root, 'cli/bin.js'), ...args], { cwd: root, encoding: 'utf8' });
/** The command in another project folder (GRIMOIRE_ROOT), as for a designer's own games. */
const grimoireIn = (project: string, ...args: string[]) =>
  spawnSync(process.execPath, [join(root, 'cli/bin.js'), ...args], { cwd: project, encoding: 'utf8', env: { ...process.env, GRIMOIRE_ROOT: project } });

describe('grimoire (the command)', () => {
  it('check: exit 0 when clean, 1 with file:line:col diagnostics, 2 on a usage error', () => {
    expect(grimoire('check', 'rules/trump', 'cards/trump').status).toBe(0);
    const dir = mkdtempSync(join(tmpdir(), 'grim-'));
    writeFileSync(join(dir, 'bad.grim'), 'zone hand per player privat\n');
    const bad = grimoire('check', join(dir, 'bad.grim'));
    expect(bad.status).toBe(1);
    expect(bad.stdout).toMatch(/bad\.grim:1:22: error syntax\/unknown-word/);
    expect(bad.stdout + bad.stderr).not.toMatch(/at .*\.(ts|js):\d+/);
    expect(grimoire('play', 'no-such-game').status).toBe(2);
  });

  it('new: a game that checks clean, passes its ruling and plays; a bad or taken name is refused', () => {
    const project = mkdtempSync(join(tmpdir(), 'grim-project-'));
    const made = grimoireIn(project, 'new', 'my-game');
    expect(made.status).toBe(0);
    expect(made.stdout).toMatch(/wrote rules\/my-game\/game\.grim/);
    expect(grimoireIn(project, 'check', join(project, 'rules/my-game'), join(project, 'cards/my-game')).status).toBe(0);
    const rulings = grimoireIn(project, 'scenario', join(project, 'rules/my-game/rulings'));
    expect(rulings.stdout).toMatch(/1 passed, 0 failed/);
    const played = JSON.parse(grimoireIn(project, 'play', 'my-game', '--games', '20', '--json').stdout);
    expect(played.errors).toBe(0);
    expect(grimoireIn(project, 'new', 'my-game').status).toBe(2);
    expect(grimoireIn(project, 'new', '../escape').stderr).toMatch(/cannot name a game/);
  });

  it('play --summaries of split seed ranges, merged, gives the report of one run', () => {
    const dir = mkdtempSync(join(tmpdir(), 'grim-'));
    const whole = JSON.parse(execFileSync(process.execPath, [join(root, 'cli/bin.js'), 'play', 'trump', '--games', '12', '--seed', '5', '--workers', '1', '--json'], { cwd: root, encoding: 'utf8' }));
    expect(grimoire('play', 'trump', '--games', '7', '--seed', '5', '--workers', '1', '--summaries', join(dir, 'a.jsonl'), '--json').status).toBe(0);
    expect(grimoire('play', 'trump', '--games', '5', '--seed', '12', '--workers', '1', '--summaries', join(dir, 'b.jsonl'), '--json').status).toBe(0);
    const merged = grimoire('merge', join(dir, 'b.jsonl'), join(dir, 'a.jsonl'));
    expect(merged.status).toBe(0);
    const m = JSON.parse(merged.stdout);
    expect(m.hash).toBe(whole.hash);
    expect(m.results).toEqual(whole.results);
    expect(m.games).toBe(12);
    const overlap = grimoire('merge', join(dir, 'a.jsonl'), join(dir, 'a.jsonl'));
    expect(overlap.status).toBe(2);
    expect(overlap.stderr).toMatch(/appears twice/);
  });
});
