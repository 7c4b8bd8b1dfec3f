// Trigger loops end (issue 11 §6): a card whose two triggers move it between hand and board, each
// move firing the other, made `play` hang and `demo`/`scenario` run out of memory. The engine
// stops the chain with the reason named; `play --json` counts such stops apart from real draws.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileGame } from '../compiler/compile.ts';
import type { GameIR } from '../compiler/ir.ts';
import { gameSources } from '../compiler/project.ts';
import { foldBatch, playBatch } from '../runtime/batch.ts';
import { conservationProblems } from '../runtime/conservation.ts';
import type { LogEvent } from '../runtime/engine.ts';
import { playGame } from '../runtime/play.ts';
import { simulate } from '../playground/src/worker/simulate.ts';
import { compiledGame, root } from './helpers.ts';

const project = join(root, 'test/fixtures/trigger-loop');

/**
 * The fixture game, its triggers at the given speed; for `normal`, with a response stack, so each
 * trigger waits on the stack and the players get priority (with nothing to answer it) in between.
 */
function loopGame(speed: 'immediate' | 'instant' | 'normal'): GameIR {
  const stack = speed === 'normal' ? '  stack stage\n  leftover board\n}\nzone stage shared public ordered "Stage"' : '}';
  const sources = gameSources(project, 'loop')!.map((s) => ({ ...s, text: s.text.replaceAll('speed immediate\n    effect { move this', `speed ${speed}\n    effect { move this`).replace('  max turns 20\n}', `  max turns 20\n${stack}`) }));
  expect(sources.some((s) => s.text.includes(`speed ${speed}\n    effect { move this`))).toBe(true);
  if (speed === 'normal') expect(sources.some((s) => s.text.includes('stack stage'))).toBe(true);
  const r = compileGame({ sources });
  if (!r.ir) throw new Error(r.diagnostics.map((d) => d.message).join('\n'));
  return r.ir;
}

/**
 * Watches the log: fails the test (instead of filling the memory) if it passes a bound no
 * stopped loop needs — the unfixed engine logs forever.
 */
function boundedLog(max: number) {
  return (e: LogEvent) => {
    if (e.seq >= max) throw new Error(`the log passed ${max} events: the loop was not stopped`);
  };
}

const grimoireIn = (...args: string[]) =>
  spawnSync(process.execPath, [join(root, 'cli/bin.js'), ...args], { cwd: root, encoding: 'utf8', timeout: 90_000, env: { ...process.env, GRIMOIRE_ROOT: project } });

describe('trigger loops are stopped', () => {
  for (const speed of ['immediate', 'instant', 'normal'] as const) {
    it(`${speed} triggers that fire each other: the game stops with the reason, the trigger named, every card in place`, () => {
      const ir = loopGame(speed);
      let stops = 0;
      for (let seed = 1; seed <= 8; seed++) {
        const g = playGame(ir, seed, { log: true, onLog: boundedLog(50_000) });
        expect(conservationProblems(g.engine)).toEqual([]);
        if (!g.result.stopped) continue;
        stops++;
        expect(g.result).toMatchObject({ winner: null, stopped: 'trigger-chain', cite: 'fixture card text' });
        const limit = speed === 'instant' ? /^stopped after 100 triggers nested in one another/ : /^stopped after 1000 triggers in a row with no player acting/;
        expect(g.result.reason).toMatch(limit);
        expect(g.result.reason).toMatch(/the last one: Yoyo\.(Back|Out)\)$/);
        // The log's last line is the result, at the trigger's place in the card file.
        const last = g.engine.log.at(-1)!;
        expect(last).toMatchObject({ kind: 'result', cite: 'fixture card text' });
        expect(ir.files[last.loc![0]]).toBe('cards/loop/cards.grim');
      }
      expect(stops).toBeGreaterThan(0);
    });
  }

  it('triggers count against the step limit too', () => {
    const g = playGame(loopGame('immediate'), 1, { maxSteps: 300, maxTriggerChain: 100_000, log: true, onLog: boundedLog(50_000) });
    expect(g.result).toMatchObject({ winner: null, stopped: 'steps', reason: expect.stringMatching(/^stopped after 300 steps/) });
  });

  it('the batch report counts games stopped at a limit apart from real draws', () => {
    const ir = compiledGame('trump');
    // Stopped at the step limit: not draws.
    const stopped = playBatch(ir, 5, 3, { maxSteps: 50 });
    expect(stopped.map((g) => g.stopped)).toEqual(['steps', 'steps', 'steps']);
    expect(foldBatch(stopped).results).toEqual({ p1: 0, p2: 0, draw: 0, stopped: 3 });
    // A real draw (the rules' own end) stays a draw.
    const draw = { ...stopped[0]!, stopped: undefined, reason: 'the game reached 60 turns' };
    expect(foldBatch([draw, ...stopped]).results).toEqual({ p1: 0, p2: 0, draw: 1, stopped: 3 });
  });

  it('grimoire play ends, and --json counts the stops apart from the draws', () => {
    const r = grimoireIn('play', 'loop', '--games', '12', '--workers', '2', '--json');
    expect(r.error).toBeUndefined();
    expect(r.status, r.stderr).toBe(0);
    const summary = JSON.parse(r.stdout);
    expect(summary.results.stopped).toBeGreaterThan(0);
    expect(summary.results.p1 + summary.results.p2 + summary.results.draw + summary.results.stopped).toBe(12);
    const text = grimoireIn('play', 'loop', '--games', '12', '--workers', '1');
    expect(text.stdout).toMatch(/stopped by the engine's limits \d+/);
    expect(text.stderr).toMatch(/game seed \d+: stopped after 1000 triggers in a row/);
  });

  it('grimoire demo and scenario report the stop in words, with no stack trace', () => {
    const demo = grimoireIn('demo', 'loop');
    expect(demo.error).toBeUndefined();
    expect(demo.status, demo.stderr).toBe(0);
    expect(demo.stdout).toMatch(/Result: no result, the engine stopped the game — stopped after 1000 triggers in a row with no player acting \(a trigger loop\? the last one: Yoyo\.(Back|Out)\)/);
    const scenario = grimoireIn('scenario', join(project, 'rules/loop/rulings'));
    expect(scenario.error).toBeUndefined();
    expect(scenario.status).toBe(1);
    expect(scenario.stdout).toMatch(/FAIL .*yoyo-loops\.yaml/);
    expect(scenario.stdout).toMatch(/✗ the engine stopped the game: stopped after 1000 triggers in a row/);
    for (const out of [demo, scenario]) expect(out.stdout + out.stderr).not.toMatch(/at .*\.(ts|js|mjs):\d+|heap|internal error/i);
  });

  it('the playground says the run was stopped, naming the trigger', () => {
    const r = simulate({ what: 'game', ir: loopGame('immediate'), game: 'loop', seed: 1, maxSteps: 100_000 });
    expect(r.problem).toMatchObject({ kind: 'limit', message: expect.stringMatching(/stopped after 1000 triggers in a row with no player acting: it never ended .*the last one: Yoyo\./) });
  });
});
