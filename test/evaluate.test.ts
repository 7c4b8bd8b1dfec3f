/**
 * `evaluate`: a game's heuristic score of a state for a player, for agents (docs/language.md,
 * "Evaluation (for agents)"). The parser reads it, the compiler checks it (a number, pure, one
 * per game) and lowers it to `ir.evaluate`, the engine computes it (`Engine.evaluate`) — and it
 * changes no game: every seed game declares one, and their reference hashes stay as they were
 * (reference-hashes.test.ts).
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseFile } from '../grammar/parse.ts';
import { compileGame } from '../compiler/compile.ts';
import { gameSources } from '../compiler/project.ts';
import type { GameIR } from '../compiler/ir.ts';
import { validateIR } from '../compiler/validate-ir.ts';
import { Engine, StopRun, type Decision } from '../runtime/engine.ts';
import { Rng } from '../runtime/rng.ts';
import { compiledGame, root } from './helpers.ts';

const base = `
game g "G" { players 2 }
zone hand per player private
zone board per player public
card type C { attr power: number }
card A1: C { power = 1 }
player state life: number = 20
function board_power(p: player): number = sum(p.board, it.power)
turn { }
`;

function compile(extra: string) {
  return compileGame({ sources: [{ path: 'g.grim', text: base + extra }] });
}

function codes(extra: string): string[] {
  return compile(extra).diagnostics.map((d) => d.code);
}

describe('evaluate: the parser', () => {
  it('reads `evaluate [cite "…"] = <expression> [cite "…"]`, with the ranges of the word and the expression', () => {
    const r = parseFile('e.grim', 'zone hand per player private\n\nevaluate cite "AGENTS: hands" =\n  count(me.hand) - count(opponent.hand)\nzone deck per player hidden\nevaluate = 1 cite "after"');
    expect(r.diagnostics).toEqual([]);
    expect(r.ast.decls.map((d) => d.kind)).toEqual(['zone', 'evaluate', 'zone', 'evaluate']);
    const e = r.ast.decls[1]!;
    if (e.kind !== 'evaluate') throw new Error('not an evaluate');
    expect(e.cite).toBe('AGENTS: hands');
    expect([e.keyword.line, e.keyword.col, e.keyword.endCol]).toEqual([3, 1, 8]);
    expect(e.body?.kind).toBe('binary');
    expect([e.body!.loc.line, e.body!.loc.col, e.body!.loc.endLine]).toEqual([4, 3, 4]);
    expect([e.loc.line, e.loc.endLine]).toEqual([3, 4]);
    const after = r.ast.decls[3]!;
    expect(after.kind === 'evaluate' && after.cite).toBe('after');
  });

  it('reads statements in braces too (for the compiler to refuse with a reason), and `evaluate` stays usable as a name', () => {
    const r = parseFile('e.grim', 'evaluate { log "x" }\nfunction f(evaluate: number): number = evaluate + 1');
    expect(r.diagnostics).toEqual([]);
    const e = r.ast.decls[0]!;
    expect(e.kind === 'evaluate' && e.block?.length).toBe(1);
    expect(e.kind === 'evaluate' && e.body).toBeUndefined();
    expect(r.ast.decls[1]!.kind).toBe('function');
  });
});

describe('evaluate: the compiler', () => {
  it('lowers it to ir.evaluate with its cite and place, `me` and `opponent` being players; null without one', () => {
    const r = compile('evaluate cite "AGENTS: life, then the board" = 10 * (me.life - opponent.life) + board_power(me) - board_power(opponent)');
    expect(r.diagnostics).toEqual([]);
    const ev = r.ir!.evaluate!;
    expect(ev.cite).toBe('AGENTS: life, then the board');
    expect(ev.loc).toEqual([0, 10, 1]);
    expect(JSON.stringify(ev.expr)).toContain('"name":"opponent"');
    expect(validateIR(r.ir)).toEqual({ ok: true });
    const none = compile('');
    expect(none.diagnostics).toEqual([]);
    expect(none.ir!.evaluate).toBeNull();
    expect(validateIR(none.ir)).toEqual({ ok: true });
  });

  it('evaluate/not-a-number: the expression must be a number', () => {
    const r = compile('evaluate = me.life > opponent.life');
    expect(r.diagnostics.map((d) => [d.code, d.loc.line, d.loc.col])).toEqual([['evaluate/not-a-number', 10, 12]]);
    expect(r.diagnostics[0]!.message).toContain('true/false');
    expect(r.diagnostics[0]!.notes?.join(' ')).toContain('if … then 1 else 0');
    expect(codes('evaluate = me.hand')).toEqual(['evaluate/not-a-number']);
    expect(codes('evaluate = none')).toEqual(['evaluate/not-a-number']);
    // A wrong name is reported once, as what it is.
    expect(codes('evaluate = me.lfe')).toEqual(['type/not-a-member']);
    // `this`, `it` and `request` do not exist there.
    expect(codes('evaluate = this.power')).toEqual(['name/unknown']);
  });

  it('evaluate/duplicate: at most one per game, in one file or two', () => {
    const r = compile('evaluate = 1\nevaluate = 2');
    expect(r.diagnostics.map((d) => [d.code, d.loc.line, d.loc.col])).toEqual([['evaluate/duplicate', 11, 1]]);
    expect(r.diagnostics[0]!.notes?.join(' ')).toContain('g.grim:10:1');
    const two = compileGame({ sources: [{ path: 'g.grim', text: base + 'evaluate = 1' }, { path: 'h.grim', text: 'evaluate = 2' }] });
    expect(two.diagnostics.map((d) => [d.code, d.loc.file])).toEqual([['evaluate/duplicate', 'h.grim']]);
  });

  it('a revision replaces the base game’s evaluation with `override evaluate`, and is told so when it writes a second one', () => {
    const loadBase = (n: string) => (n === 'g' ? [{ path: 'g.grim', text: base + 'evaluate cite "base" = me.life' }] : undefined);
    const over = compileGame({ sources: [{ path: 'r.grim', text: 'revision g2 revises g { }\noverride evaluate cite "revised" = 2 * me.life' }], loadBase });
    expect(over.diagnostics).toEqual([]);
    expect(over.ir!.evaluate!.cite).toBe('revised');
    const twice = compileGame({ sources: [{ path: 'r.grim', text: 'revision g2 revises g { }\nevaluate = 2' }], loadBase });
    expect(twice.diagnostics.map((d) => d.code)).toEqual(['evaluate/duplicate']);
    expect(twice.diagnostics[0]!.notes?.join(' ')).toContain('override evaluate');
    const nothing = compileGame({ sources: [{ path: 'r.grim', text: 'revision g2 revises g { }\noverride evaluate = 2' }], loadBase: () => [{ path: 'g.grim', text: base }] });
    expect(nothing.diagnostics.map((d) => d.code)).toEqual(['revision/nothing-to-override']);
  });

  it('evaluate/impure: no statements, no draw at random — written there or in a function it calls', () => {
    const block = compile('evaluate { move me.hand to me.board }');
    expect(block.diagnostics.map((d) => [d.code, d.loc.line, d.loc.col])).toEqual([['evaluate/impure', 10, 10]]);
    expect(block.diagnostics[0]!.message).toContain('not statements');
    const random = compile('evaluate = me.life + random([1, 2])');
    expect(random.diagnostics.map((d) => [d.code, d.loc.col])).toEqual([['evaluate/impure', 22]]);
    const deep = compile('function luck(): number = random([0, 1])\nfunction hunch(p: player): number = p.life + luck()\nevaluate = count(me.hand where hunch(me) > 1)');
    expect(deep.diagnostics.map((d) => [d.code, d.loc.line, d.loc.col])).toEqual([['evaluate/impure', 12, 32]]);
    expect(deep.diagnostics[0]!.message).toContain("'hunch'");
    // Functions that do not draw are fine, however deep.
    expect(codes('function a(p: player): number = board_power(p) + 1\nevaluate = a(me) - a(opponent)')).toEqual([]);
  });
});

describe('evaluate: the engine', () => {
  const fixture = join(root, 'test', 'fixtures', 'evaluate');

  function tally(): GameIR {
    const r = compileGame({ sources: gameSources(fixture, 'tally')! });
    expect(r.diagnostics).toEqual([]);
    return r.ir!;
  }

  it('computes the fixture game’s evaluation exactly at each turn and at the end (fixtures/evaluate: Tally)', () => {
    const seen: number[][] = [];
    const engine = new Engine(tally(), {
      seed: 1,
      log: true,
      onLog: (e, g) => {
        if (e.kind === 'turn') seen.push(g.players.map((p) => g.evaluate(p)!));
      },
    });
    const result = engine.run(() => 0);
    expect(result!.reason).toBe('the game reached 3 turns');
    // Turn 1 starts: both hands hold One and Two. 0 + 0 − 0 + 2.
    // Turn 2 starts: p1 played One (strength 2) and scored 1. p1: 100 + 20 − 0 + 1; p2: −100 + 0 − 2 + 2.
    // Turn 3 starts: p2 played One and scored 2. p1: −100 + 20 − 2 + 1; p2: 100 + 20 − 2 + 1.
    expect(seen).toEqual([
      [2, 2],
      [121, -100],
      [-81, 119],
    ]);
    // The end: p1 played Two (strength 4) and scored 3 more. p1: 200 + 60 − 2 + 0; p2: −200 + 20 − 6 + 1.
    expect(engine.players.map((p) => engine.evaluate(p))).toEqual([258, -185]);
  });

  it('reads the state and changes nothing: the same hash, log and score when asked again', () => {
    const engine = new Engine(tally(), { seed: 1, log: true });
    engine.run(() => 0);
    const hash = engine.hash;
    const logLength = engine.log.length;
    const [p1, p2] = engine.players;
    expect([engine.evaluate(p1!), engine.evaluate(p2!), engine.evaluate(p1!)]).toEqual([258, -185, 258]);
    expect(engine.hash).toBe(hash);
    expect(engine.log.length).toBe(logLength);
  });

  it('is null for a game that declares none', () => {
    const engine = new Engine(compile('').ir!, { seed: 1 });
    expect(engine.evaluate(engine.players[0]!)).toBeNull();
  });

  const games: [string, string | undefined][] = [
    ['trump', 'master'],
    ['trump', 'light'],
    ['summon-magic', undefined],
    ['t-magic', undefined],
    ['spimate', undefined],
    ['vanilla', undefined],
    ['skirmish', undefined],
  ];

  it.each(games)('%s (%s): a finite number for both players after random turns, the same for either side with the sign turned', (game, format) => {
    const ir = compiledGame(game);
    expect(ir.evaluate).not.toBeNull();
    for (const seed of [1, 2, 3, 4]) {
      for (const stopAt of [0, 20, 80]) {
        const engine = new Engine(ir, { seed, format });
        const rng = new Rng(seed * 31 + stopAt);
        let asked = 0;
        engine.run((d: Decision) => {
          if (asked++ >= stopAt) throw new StopRun(d);
          return rng.below(d.count);
        });
        const [a, b] = engine.players.map((p) => engine.evaluate(p));
        expect(Number.isFinite(a), `${game} seed ${seed} after ${stopAt} decisions`).toBe(true);
        expect(Number.isFinite(b)).toBe(true);
        // Each game's evaluation is "mine minus the opponent's": symmetric.
        expect(a! + b!).toBe(0);
      }
    }
  });

  it.each(games)('%s (%s): at the end of random games, the winner mostly scores higher than the loser', (game, format) => {
    const ir = compiledGame(game);
    let higher = 0;
    let decided = 0;
    for (let seed = 1; seed <= 20; seed++) {
      const engine = new Engine(ir, { seed, format });
      const rng = new Rng(seed);
      const result = engine.run((d: Decision) => rng.below(d.count))!;
      const winner = engine.players.find((p) => p.name === result.winner);
      const loser = engine.players.find((p) => p.name === result.loser);
      if (!winner || !loser) continue;
      decided++;
      if (engine.evaluate(winner)! > engine.evaluate(loser)!) higher++;
    }
    // A heuristic, not the rules: a game may be lost with more on the table (both decks empty, the
    // turn player's deck-out). But never mostly.
    expect(decided).toBeGreaterThanOrEqual(10);
    expect(higher / decided).toBeGreaterThanOrEqual(0.75);
  });
});
