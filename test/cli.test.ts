// The command line is a contract other tools rely on: exit codes, --json, merging split batches.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from './helpers.ts';

const grimoire = (...args: string[]) => spawnSync(process.execPath, [join(root, 'cli/bin.js'), ...args], { cwd: root, encoding: 'utf8' });

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
  }, 60_000);

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
  }, 60_000);
});
