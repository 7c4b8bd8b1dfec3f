/**
 * `grimoire play --p1/--p2` and `grimoire duel` (issue 12): search agents from the command line,
 * the same hash with any number of worker threads, a duel's win rate with its Wilson interval,
 * and clear messages for agents that do not exist.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { wilson } from '../cli/stats.ts';
import { root } from './helpers.ts';
import { grimoireInProcess } from './grimoire-in-process.ts';

// In this process (grimoire-in-process.ts); through cli/bin.js where its worker threads (the
// bundle's) or the printed duel of a real process are what is tested.
const grimoire = (...args: string[]) => grimoireInProcess(args, { cwd: root });
const grimoireProcess = (...args: string[]) => spawnSync(process.execPath, [join(root, 'cli/bin.js'), ...args], { cwd: root, encoding: 'utf8', timeout: 300_000 });

describe('grimoire play with agents', () => {
  it('plays mcts against random; the same seed gives the same hash on one thread and on two', async () => {
    const one = await grimoire('play', 't-magic', '--p1', 'mcts:20', '--games', '4', '--seed', '3', '--workers', '1', '--json');
    const two = grimoireProcess('play', 't-magic', '--p1', 'mcts:20', '--games', '4', '--seed', '3', '--workers', '2', '--json');
    expect(one.status, one.stderr).toBe(0);
    expect(two.status, two.stderr).toBe(0);
    const a = JSON.parse(one.stdout);
    const b = JSON.parse(two.stdout);
    expect(a.agents).toEqual({ p1: 'mcts:20', p2: 'random' });
    expect(a.hash).toBe(b.hash);
    expect(a.results.p1 + a.results.p2 + a.results.draw + a.results.stopped).toBe(4);
    // And random play through the agents path is plain random play.
    const plain = JSON.parse((await grimoire('play', 't-magic', '--games', '20', '--json')).stdout);
    const named = JSON.parse((await grimoire('play', 't-magic', '--games', '20', '--p1', 'random', '--p2', 'random', '--json')).stdout);
    expect(named.hash).toBe(plain.hash);
  });

  it('refuses an unknown agent with the list of agents (exit 2, no stack trace)', async () => {
    const r = await grimoire('play', 't-magic', '--p2', 'mcst:50');
    expect(r.status).toBe(2);
    expect(r.stderr).toContain("--p2: unknown agent 'mcst:50'");
    expect(r.stderr).toContain('mcts:N');
    expect(r.stderr).not.toMatch(/\n\s+at /);
    const d = await grimoire('duel', 't-magic', 'mcts:10', 'greedyy');
    expect(d.status).toBe(2);
    expect(d.stderr).toContain("agent B: unknown agent 'greedyy'");
  });
});

describe('grimoire duel', () => {
  it("gives A's wins, B's, draws, the win rate and its 95% Wilson interval, as JSON", async () => {
    const r = await grimoire('duel', 't-magic', 'mcts:20', 'random', '--games', '6', '--seed', '1', '--json');
    expect(r.status, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out).toMatchObject({ game: 't-magic', a: 'mcts:20', b: 'random', games: 6, repeatable: true });
    expect(out.wins_a + out.wins_b + out.draws + out.errors).toBe(6);
    expect(out.winRateA).toBeCloseTo(out.wins_a / 6, 4);
    const [lo, hi] = wilson(out.wins_a, 6);
    expect(out.ci95[0]).toBeCloseTo(lo, 3);
    expect(out.ci95[1]).toBeCloseTo(hi, 3);
    expect(out.gamesPerSecond).toBeGreaterThan(0);
  });

  it('prints the rate with its interval and sample size for people', () => {
    const r = grimoireProcess('duel', 'spimate', 'greedy', 'random', '--games', '2');
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/A's win rate: \d+\.\d% \(95% CI \d+\.\d–\d+\.\d%, n = 2\)/);
    expect(r.stdout).toContain('seats swapped every game');
  });
});

describe('the Wilson interval', () => {
  it('matches published values and stays inside 0..1', () => {
    // 8 of 10: 0.490–0.943 (Wilson 1927; e.g. Newcombe 1998, table I).
    const [lo, hi] = wilson(8, 10);
    expect(lo).toBeCloseTo(0.4902, 3);
    expect(hi).toBeCloseTo(0.9433, 3);
    expect(wilson(0, 20)[0]).toBe(0);
    expect(wilson(20, 20)[1]).toBe(1);
    expect(wilson(0, 0)).toEqual([0, 1]);
  });
});
