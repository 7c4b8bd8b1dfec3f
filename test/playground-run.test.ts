// The playground's run worker, without the browser: a scenario's verdict per expectation, a
// random game that is the one `grimoire play` plays, boards replayed at a step (as the judge or
// a player sees them), and the limits that keep a runaway rules loop from freezing anything.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileGame } from '../compiler/compile.ts';
import { gameSources } from '../compiler/project.ts';
import type { GameIR } from '../compiler/ir.ts';
import type { PlayerView } from '../runtime/view.ts';
import { newEngine, playGame, playOn } from '../runtime/play.ts';
import { simulate, type Simulation } from '../playground/src/worker/simulate.ts';
import { boardsAround } from '../playground/src/worker/boards.ts';
import { LOG_HEAD, LOG_TAIL } from '../playground/src/worker/trace.ts';
import { checkChoice, choiceLabel, keptChoice, variantsOf, type GameVariants } from '../playground/src/worker/variants.ts';
import { compiledGame, root } from './helpers.ts';

const soldierPath = 'rules/trump/rulings/r-tr-02-soldier-vs-soldier.yaml';
const soldier = readFileSync(`${root}/${soldierPath}`, 'utf8');
const scenario = (text: string, ir: GameIR = compiledGame('trump')): Simulation => ({ what: 'scenario', ir, game: 'trump', path: soldierPath, text, maxSteps: 100_000 });

/** trump whose turn calls a procedure that never ends (`while true`), logging or not. */
function loopingTrump(body: string): GameIR {
  const sources = gameSources(root, 'trump')!.map((s) =>
    s.path === 'rules/trump/setup.grim'
      ? { ...s, text: s.text.replace('  perform ドロー by active\n', '  perform ドロー by active\n  do forever(active)\n') + `\nprocedure forever(p: player) {\n  while true {\n${body}\n  }\n}\n` }
      : s,
  );
  const r = compileGame({ sources });
  if (!r.ir) throw new Error(r.diagnostics.map((d) => d.message).join('\n'));
  return r.ir;
}

describe('playground run worker', () => {
  it('runs a scenario: PASS, each expectation with its label, each step with its rule and place', () => {
    const r = simulate(scenario(soldier));
    expect(r.problem).toBeNull();
    expect(r.scenario?.passed).toBe(true);
    expect(r.scenario?.expectations.map((x) => [x.label, x.passed])).toEqual([
      ['p2.graveyard: [♡5]', true],
      ['p1.field: [♠7]', true],
      ['cards ♠7: { charged: false }', true],
      ['count p2.life: 2', true],
    ]);
    const declare = r.log.find((s) => s.kind === 'declare')!;
    expect(declare.file).toBe('rules/trump/basic.grim');
    expect(declare.cite).toMatch(/^TR-12\.1/);
    expect(readFileSync(`${root}/${declare.file}`, 'utf8').split('\n')[declare.line - 1]).toMatch(/action アタック/);
    expect(r.players).toEqual(['p1', 'p2']);
  });

  it('reports a failing expectation with its own failure text, and checks of steps', () => {
    const r = simulate(scenario(soldier.replace('p2.graveyard: [♡5]', 'p2.graveyard: []')));
    expect(r.scenario?.passed).toBe(false);
    const failed = r.scenario!.expectations.filter((x) => !x.passed);
    expect(failed).toEqual([{ at: 'expect', label: 'p2.graveyard: []', words: "p2's graveyard holds nothing", passed: false, failures: ['p2.graveyard should be [] but is [♡5]'] }]);
    expect(r.scenario!.otherFailures).toEqual([]);
  });

  it('says what is wrong with the scenario itself: YAML, an unknown zone, another game', () => {
    expect(simulate(scenario('name: x\n  bad: [\n')).problem?.kind).toBe('yaml');
    const zone = simulate(scenario(soldier.replace('p2.graveyard: [♡5]', 'p2.gravey: [♡5]')));
    expect(zone.problem).toMatchObject({ kind: 'scenario', message: expect.stringMatching(/unknown zone 'gravey'/) });
    expect(simulate(scenario(soldier.replace('game: trump', 'game: spimate'))).problem).toMatchObject({ kind: 'rules', message: expect.stringMatching(/written for the game 'spimate'/) });
  });

  it('plays the random game `grimoire play` plays for that seed, and watching it changes nothing', () => {
    const ir = compiledGame('trump');
    const r = simulate({ what: 'game', ir, game: 'trump', seed: 7, maxSteps: 1_000_000 });
    const g = playGame(ir, 7);
    expect(r.problem).toBeNull();
    expect(r.result).toEqual({ winner: g.result.winner, reason: g.result.reason });
    expect([r.turns, r.decisions]).toEqual([g.turns, g.decisions]);
    const watched = playGame(ir, 7, { log: true, onLog: (_, engine) => void engine.view(null) });
    expect(watched.hash).toBe(g.hash);
  });

  it('replays a run for the boards around a step; a player sees counts where the judge sees cards', () => {
    const ir = compiledGame('trump');
    const sim: Simulation = { what: 'game', ir, game: 'trump', seed: 5, maxSteps: 1_000_000 };
    const r = simulate(sim);
    const step = r.log.findIndex((s) => s.turn === 5);
    const judge = boardsAround(sim, step, 'judge', 3);
    expect(judge.map((b) => b.step)).toEqual([step - 3, step - 2, step - 1, step, step + 1, step + 2, step + 3]);
    const at = (boards: { step: number; view: PlayerView }[]) => boards.find((b) => b.step === step)!.view;
    const zone = (v: PlayerView, label: string) => [...v.players.flatMap((p) => p.zones), ...v.shared].find((z) => z.label === label)!;
    expect(at(judge).viewer).toBe('judge');
    expect(zone(at(judge), 'p2.hand').cards).not.toBeNull();
    const p1 = boardsAround(sim, step, 'p1', 0);
    expect(p1.map((b) => b.step)).toEqual([step]);
    // p1 sees how many cards p2 holds, and names only those revealed to p1 (none, or a few).
    const named = (v: PlayerView, label: string) => (zone(v, label).cards ?? []).filter((c) => c.name !== undefined).length;
    const p2Hand = zone(at(judge), 'p2.hand').count;
    expect(p2Hand).toBeGreaterThan(0);
    expect(named(at(judge), 'p2.hand')).toBe(p2Hand);
    expect(zone(at(p1), 'p2.hand').count).toBe(p2Hand);
    expect(named(at(p1), 'p2.hand')).toBeLessThan(p2Hand);
    expect(named(at(p1), 'p1.hand')).toBe(zone(at(judge), 'p1.hand').count);
    expect(zone(at(p1), 'p1.life').cards).toBeNull();
    // The last step's board is the final position.
    const last = r.log.at(-1)!.seq;
    const end = boardsAround(sim, last, 'judge', 2);
    expect(end.at(-1)).toMatchObject({ step: last, view: { result: { winner: r.result!.winner } } });
  });

  it('stops an endless rules loop at the step limit, in words, and keeps the log small', () => {
    const ir = loopingTrump('    log "again"');
    const sim: Simulation = { what: 'game', ir, game: 'trump', seed: 7, maxSteps: 20_000 };
    const r = simulate(sim);
    expect(r.problem).toMatchObject({ kind: 'limit', message: expect.stringMatching(/stopped after 20000 steps/) });
    expect(r.result?.reason).toMatch(/^stopped after 20000 steps/);
    expect(r.log.length).toBe(LOG_HEAD + LOG_TAIL);
    expect(r.omitted).toEqual({ after: LOG_HEAD - 1, count: r.log.at(-1)!.seq + 1 - LOG_HEAD - LOG_TAIL });
    expect(r.log.at(-2)).toMatchObject({ text: 'again', file: 'rules/trump/setup.grim' });
    const boards = boardsAround(sim, r.log.at(-1)!.seq, 'judge', 1);
    expect(boards.map((b) => b.step)).toEqual([r.log.at(-2)!.seq, r.log.at(-1)!.seq]);
  });

  it('stops a loop that logs nothing at the step limit too', () => {
    const r = simulate({ what: 'game', ir: loopingTrump(''), game: 'trump', seed: 1, maxSteps: 50_000 });
    expect(r.problem?.kind).toBe('limit');
  });

  it('lists a game\'s formats in order with the default, and each parameter with its default, alternatives, note and cite', () => {
    const ir = compiledGame('trump');
    const v = variantsOf(ir);
    expect(v.formats.map((f) => f.name)).toEqual(ir.game.formats.map((f) => f.name));
    expect(v.defaultFormat).toBe(ir.game.defaultFormat);
    expect(v.params.map((p) => p.name)).toEqual(ir.params.map((p) => p.name));
    const hand = v.params.find((p) => p.name === 'opening_hand')!;
    expect(hand).toMatchObject({ type: 'number', value: 5, alternatives: [7, 4, 3] });
    expect(hand.note).toMatch(/opening hand/);
    expect(hand.cite).toMatch(/^TR-1\.b/);
    // Plain data: it crosses from the compile worker to the page.
    expect(structuredClone(v)).toEqual(v);
  });

  it('plays the game `grimoire play --format F --param name=value` plays, names them in the report, and replays the boards with them', () => {
    const ir = compiledGame('trump');
    const format = ir.game.formats.find((f) => f.name !== ir.game.defaultFormat)!.name;
    const params = { opening_hand: 7, first_turn_draw: true }; // the second is a default: not reported
    const sim: Simulation = { what: 'game', ir, game: 'trump', seed: 3, maxSteps: 1_000_000, format, params };
    const r = simulate(sim);
    const g = playGame(ir, 3, { format, params });
    expect(r.problem).toBeNull();
    expect(r.result).toEqual({ winner: g.result.winner, reason: g.result.reason });
    expect([r.turns, r.decisions]).toEqual([g.turns, g.decisions]);
    expect([r.format, r.params]).toEqual([format, { opening_hand: 7 }]);
    expect(choiceLabel(r.format, r.params)).toBe(`${format}, opening_hand=7`);
    // The engine `newEngine` makes with the same options plays the same game, and the options matter.
    const e = playOn(newEngine(ir, 3, { format, params: { opening_hand: 7 } }), 3, { format, params: { opening_hand: 7 } });
    expect([e.hash, e.turns, e.decisions]).toEqual([g.hash, g.turns, g.decisions]);
    expect(playGame(ir, 3).hash).not.toBe(g.hash);
    // The default run names the default format and no parameter.
    const plain = simulate({ ...sim, format: undefined, params: undefined });
    expect([plain.format, plain.params]).toEqual([ir.game.defaultFormat, {}]);
    // Stepping replays the same game: the board at a step is the one the runtime had there.
    const step = r.log.findIndex((s) => s.turn === 2);
    let expected: PlayerView | null = null;
    playGame(ir, 3, { format, params, log: true, onLog: (ev, engine) => void (ev.seq - 1 === step && (expected = engine.view(null))) });
    expect(expected).not.toBeNull();
    expect(boardsAround(sim, step, 'judge', 0)).toEqual([{ step, view: expected }]);
    const defaultBoard = boardsAround({ ...sim, format: undefined, params: undefined }, step, 'judge', 0)[0]?.view;
    expect(defaultBoard).not.toEqual(expected);
  });

  it('refuses, in words, a format or a parameter the rules do not have, and a value that is not allowed', () => {
    const ir = compiledGame('trump');
    const game = (format: string | undefined, params: Record<string, number | boolean | string>) => simulate({ what: 'game', ir, game: 'trump', seed: 1, maxSteps: 1000, format, params });
    const formats = ir.game.formats.map((f) => f.name).join(', ');
    expect(game('blitz', {})).toMatchObject({ problem: { kind: 'options', message: `The format 'blitz' is not one of this game's formats (${formats}); choose another.` }, log: [], result: null });
    expect(game(undefined, { openinghand: 7 }).problem).toMatchObject({ kind: 'options', message: expect.stringMatching(/no parameter 'openinghand'.*opening_hand/) });
    expect(game(undefined, { opening_hand: 6 }).problem).toMatchObject({ kind: 'options', message: "The parameter 'opening_hand' cannot be 6: its values are 5 (default), 7, 4, 3." });
    expect(game(undefined, { opening_hand: '7' }).problem?.message).toBe(`The parameter 'opening_hand' is a whole number; "7" is not.`);
    expect(game(undefined, { first_turn_draw: 1 }).problem?.message).toMatch(/'first_turn_draw' is true or false/);
  });

  it('keeps a choice across an edit of the rules, dropping what the edit removed', () => {
    const v = variantsOf(compiledGame('trump'));
    const other = v.formats.find((f) => f.name !== v.defaultFormat)!.name;
    const choice = { format: other, params: { opening_hand: 7, jokers: 0 } };
    expect(keptChoice(v, choice)).toEqual(choice);
    expect(checkChoice(v, choice)).toEqual({ format: other, params: { opening_hand: 7, jokers: 0 } });
    // The edit removes `jokers` and the chosen format, and makes 7 the default opening hand.
    const edited: GameVariants = {
      ...v,
      formats: v.formats.filter((f) => f.name !== other),
      params: v.params.filter((p) => p.name !== 'jokers').map((p) => (p.name === 'opening_hand' ? { ...p, value: 7, alternatives: [5] } : p)),
    };
    expect(keptChoice(edited, choice)).toEqual({ params: {} });
    expect(keptChoice(edited, { params: { opening_hand: 5, first_player: 'first_seat' } })).toEqual({ params: { opening_hand: 5, first_player: 'first_seat' } });
  });
});
