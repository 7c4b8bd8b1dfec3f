// The command line is a contract other tools rely on: exit codes, --json, merging split batches.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from './helpers.ts';
import { grimoireInProcess } from './grimoire-in-process.ts';

// The exit codes a shell sees, `play` and the real `lsp` command: in a subprocess (cli/bin.js and
// its bundle). What the other commands print and decide: in this process (grimoire-in-process.ts).
const grimoireProcess = (...args: string[]) => spawnSync(process.execPath, [join(root, 'cli/bin.js'), ...args], { cwd: root, encoding: 'utf8' });
const grimoire = (...args: string[]) => grimoireInProcess(args, { cwd: root });
/** The command in another project folder (GRIMOIRE_ROOT), as for a designer's own games. */
const grimoireIn = (project: string, ...args: string[]) => grimoireInProcess(args, { cwd: project, env: { ...process.env, GRIMOIRE_ROOT: project } });

describe('grimoire (the command)', () => {
  it('check: exit 0 when clean, 1 with file:line:col diagnostics, 2 on a usage error', () => {
    expect(grimoireProcess('check', 'rules/trump', 'cards/trump').status).toBe(0);
    const dir = mkdtempSync(join(tmpdir(), 'grim-'));
    writeFileSync(join(dir, 'bad.grim'), 'zone hand per player privat\n');
    const bad = grimoireProcess('check', join(dir, 'bad.grim'));
    expect(bad.status).toBe(1);
    expect(bad.stdout).toMatch(/bad\.grim:1:22: error syntax\/unknown-word/);
    expect(bad.stdout + bad.stderr).not.toMatch(/at .*\.(ts|js):\d+/);
    expect(grimoireProcess('play', 'no-such-game').status).toBe(2);
  });

  it('lsp: refuses options other than --stdio (usage error, exit 2) and writes nothing to stdout', () => {
    const r = grimoireProcess('lsp', '--port', '7000');
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/lsp takes no --port/);
    expect(r.stdout).toBe('');
  });

  it('new: a game that checks clean, passes its ruling and plays; a bad or taken name is refused', async () => {
    const project = mkdtempSync(join(tmpdir(), 'grim-project-'));
    const made = await grimoireIn(project, 'new', 'my-game');
    expect(made.status).toBe(0);
    expect(made.stdout).toMatch(/wrote rules\/my-game\/game\.grim/);
    expect((await grimoireIn(project, 'check', join(project, 'rules/my-game'), join(project, 'cards/my-game'))).status).toBe(0);
    const rulings = await grimoireIn(project, 'scenario', join(project, 'rules/my-game/rulings'));
    expect(rulings.stdout).toMatch(/1 passed, 0 failed/);
    const played = JSON.parse((await grimoireIn(project, 'play', 'my-game', '--games', '20', '--json')).stdout);
    expect(played.errors).toBe(0);
    expect((await grimoireIn(project, 'new', 'my-game')).status).toBe(2);
    expect((await grimoireIn(project, 'new', '../escape')).stderr).toMatch(/cannot name a game/);
  });

  it('scenario: prints every mistake of every file (file:line:col, code, did-you-mean) before running anything, runs the rest, exits 1', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'grim-rulings-'));
    writeFileSync(join(dir, 'a-good.yaml'), readFileSync(join(root, 'rules/skirmish/rulings/archer-volley.yaml'), 'utf8'));
    const bad = 'name: bad\ngame: skirmish\nparams: { starting_life: lots }\nstate:\n  active: p1\n  p1:\n    board: Healer\nsteps: []\nexpcet:\n  p1.board: [Healer]\n';
    writeFileSync(join(dir, 'b-bad.yaml'), bad);
    const r = await grimoire('scenario', dir);
    expect(r.status).toBe(1);
    const out = r.stdout;
    const lines = [/b-bad\.yaml:3:26: error scenario\/wrong-type parameter 'starting_life' is a number, not text 'lots'/, /b-bad\.yaml:7:12: error scenario\/wrong-type the zone 'p1\.board' is a list, not text 'Healer': write \[Healer\]/, /b-bad\.yaml:9:1: error scenario\/unknown-key unknown key 'expcet'/, /note: did you mean 'expect'\?/, /b-bad\.yaml:1:1: error scenario\/asserts-nothing/];
    for (const l of lines) expect(out).toMatch(l);
    // All the mistakes come before the first ruling runs; the good file still runs.
    expect(out.indexOf('asserts-nothing')).toBeLessThan(out.indexOf('PASS'));
    expect(out).toMatch(/PASS .*a-good\.yaml/);
    expect(out).not.toMatch(/(PASS|FAIL) .*b-bad\.yaml/);
    expect(out).toMatch(/1 passed, 0 failed, 1 not run \(mistakes above\)/);
    expect(out + r.stderr).not.toMatch(/at .*\.(ts|js):\d+/);
  });

  it('play --draws listed plays the games a seed gave before sampled draws (the reference hash); a wrong value is one line', async () => {
    const reference = JSON.parse(readFileSync(join(root, 'test', 'fixtures', 'reference-hashes.json'), 'utf8')) as { seed: number; batches: { game: string; games: number; hash: string; listed: string }[] };
    const b = reference.batches.find((x) => x.game === 'spimate')!;
    const play = async (...extra: string[]) => JSON.parse((await grimoire('play', 'spimate', '--games', String(b.games), '--seed', String(reference.seed), '--workers', '1', '--json', ...extra)).stdout) as { hash: string };
    expect((await play('--draws', 'listed')).hash).toBe(b.listed);
    expect((await play()).hash).toBe(b.hash);
    const bad = await grimoire('play', 'spimate', '--draws', 'all');
    expect(bad.status).toBe(2);
    expect(bad.stderr.trim().split('\n')).toHaveLength(1);
    expect(bad.stderr).toMatch(/--draws all: it is sampled .* or listed/);
    // Beside an agent every choice is a decision object: --draws would be ignored, so it is refused.
    const withAgent = await grimoire('play', 'spimate', '--p1', 'greedy', '--draws', 'listed');
    expect(withAgent.status).toBe(2);
    expect(withAgent.stderr).toMatch(/--draws is for games between random players: beside --p1\/--p2 greedy/);
  });

  it('play --summaries of split seed ranges, merged, gives the report of one run', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'grim-'));
    const whole = JSON.parse(execFileSync(process.execPath, [join(root, 'cli/bin.js'), 'play', 'trump', '--games', '12', '--seed', '5', '--workers', '1', '--json'], { cwd: root, encoding: 'utf8' }));
    expect((await grimoire('play', 'trump', '--games', '7', '--seed', '5', '--workers', '1', '--summaries', join(dir, 'a.jsonl'), '--json')).status).toBe(0);
    expect((await grimoire('play', 'trump', '--games', '5', '--seed', '12', '--workers', '1', '--summaries', join(dir, 'b.jsonl'), '--json')).status).toBe(0);
    const merged = await grimoire('merge', join(dir, 'b.jsonl'), join(dir, 'a.jsonl'));
    expect(merged.status).toBe(0);
    const m = JSON.parse(merged.stdout);
    expect(m.hash).toBe(whole.hash);
    expect(m.results).toEqual(whole.results);
    expect(m.games).toBe(12);
    const overlap = await grimoire('merge', join(dir, 'a.jsonl'), join(dir, 'a.jsonl'));
    expect(overlap.status).toBe(2);
    expect(overlap.stderr).toMatch(/appears twice/);
  });
});
