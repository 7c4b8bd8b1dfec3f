// Generated JavaScript (runtime/codegen.ts, runtime/codegen-statements.ts): it plays exactly the
// games the closures play, and no text from the rules ever becomes code.
import { afterEach, describe, expect, it } from 'vitest';
import type { Expr, GameIR, Stmt } from '../compiler/ir.ts';
import { listGames } from '../compiler/project.ts';
import { codegen } from '../runtime/compile.ts';
import { exprSource, functionSource } from '../runtime/codegen-functions.ts';
import { bodySource, generatable, keepsZoneLists } from '../runtime/codegen-statements.ts';
import { newEngine, playOn } from '../runtime/play.ts';
import { compiledGame, root } from './helpers.ts';
import { logText } from '../scenario/log-words.ts';

/** Every piece of code the engine generates for a game: [what, source]. */
function allSources(ir: GameIR): [string, string][] {
  const out: [string, string][] = [];
  const expr = (what: string, e: Expr | null) => {
    if (e) out.push([what, exprSource(e, ir).source]);
  };
  const body = (what: string, stmts: Stmt[], locals: 'vars' | 'frame', slots: number, params = 0, cite = '') => out.push([what, bodySource(stmts, { locals, slots, params, cite }, ir).source]);
  body('setup', ir.setup.body, 'vars', ir.setup.slots);
  body('turn', ir.turn.body, 'vars', ir.turn.slots);
  ir.checks.forEach((k, i) => body(`check ${i}`, k.body, 'vars', k.slots));
  ir.procedures.forEach((p) => body(`procedure ${p.name}`, p.body, 'vars', p.slots, p.params.length, p.cite));
  ir.functions.forEach((f) => out.push([`function ${f.name}`, functionSource(f.body, f.params.length, ir).source]));
  for (const a of ir.actions) {
    body(`action ${a.name}`, a.effect, 'frame', a.slots);
    a.when.forEach((w) => expr(`when of ${a.name}`, w));
    expr(`condition of ${a.name}`, a.condition);
    expr(`controller of ${a.name}`, a.controller);
    for (const s of a.steps) {
      if (s.kind === 'cost') body(`cost of ${a.name}`, s.body, 'frame', a.slots);
      else [s.from, s.min, s.max, s.suchThat].forEach((e) => expr(`pick of ${a.name}`, e));
    }
  }
  for (const t of ir.cardTypes) {
    t.values.forEach((v) => expr(`value of ${t.name}`, v.expr));
    t.stateInits.forEach((v) => expr(`state of ${t.name}`, v.init));
  }
  for (const v of [...ir.playerStates, ...ir.globalStates, ...(ir.requestStates ?? [])]) expr(`state ${v.name}`, v.init);
  for (const a of ir.auras ?? []) [a.targets, a.by].forEach((e) => expr(`aura ${a.name}`, e));
  return out;
}

/** The IR with every text the rules wrote (names, titles, texts, prompts, cites, literals) replaced by a marker. */
function marked(ir: GameIR): GameIR {
  let n = 0;
  const textKeys = new Set(['name', 'title', 'text', 'prompt', 'cite', 'label', 'reason', 'note']);
  const walk = (x: unknown): unknown => {
    if (Array.isArray(x)) return x.map(walk);
    if (x === null || typeof x !== 'object') return x;
    const o = x as Record<string, unknown>;
    const copy: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(o)) {
      const literal = k === 'value' && (o.kind === 'lit' || 'alternatives' in o);
      // (A builtin's `name` is a word of the language — me, it, turn… — not the rules' text.)
      const text = textKeys.has(k) && o.kind !== 'builtin';
      copy[k] = typeof v === 'string' && (text || literal) ? `MARK${n++}'"\`);` : walk(v);
    }
    return copy;
  };
  return walk(ir) as GameIR;
}

describe('generated code', () => {
  afterEach(() => {
    codegen.statements = true;
  });

  for (const game of listGames(root)) {
    it(`${game}: statements generated or as closures play the same games`, () => {
      const ir = compiledGame(game);
      const format = game === 'trump' ? 'master' : undefined;
      const play = (generated: boolean, log: boolean) => {
        codegen.statements = generated;
        const engine = newEngine(ir, 1, { format, log });
        return Array.from({ length: log ? 5 : 40 }, (_, i) => {
          const g = playOn(engine, i + 1, { format, log });
          return { hash: g.hash, turns: g.turns, decisions: g.decisions, result: g.result, log: log ? g.engine.log.map((e) => `${e.kind} ${logText(e)} ${e.cite}`) : [] };
        });
      };
      expect(play(true, false)).toEqual(play(false, false));
      // With the log kept: the same log, cites included.
      expect(play(true, true)).toEqual(play(false, true));
    });

    it(`${game}: no text from the rules becomes code`, () => {
      const sources = allSources(marked(compiledGame(game)));
      expect(sources.length).toBeGreaterThan(0);
      for (const [what, source] of sources) {
        // No string literal at all: every text is in the constants table.
        expect(source, what).not.toMatch(/["'`]|MARK/);
      }
    });
  }

  it('`for each` walks a zone in place only when its body cannot change a zone', () => {
    const loc: [number, number, number] = [0, 1, 1];
    const card = { kind: 'lit', value: null } as unknown as Expr;
    const set: Stmt = { kind: 'setCard', card, field: 0, value: { kind: 'lit', value: true }, loc };
    const move: Stmt = { kind: 'move', cards: card, to: card, position: 'default', face: 'default', loc };
    const proc: Stmt = { kind: 'callProc', proc: 0, args: [], loc };
    expect(keepsZoneLists([set, { kind: 'if', cond: card, then: [set], else: [], loc }])).toBe(true);
    expect(keepsZoneLists([set, { kind: 'if', cond: card, then: [], else: [move], loc }])).toBe(false);
    expect(keepsZoneLists([{ kind: 'cite', text: '', body: [proc], loc }])).toBe(false);
    // In Vanilla, the untap loop walks the board itself; the loop that moves dead creatures does not.
    const turn = bodySource(compiledGame('vanilla').turn.body, { locals: 'vars', slots: compiledGame('vanilla').turn.slots, params: 0, cite: '' }, compiledGame('vanilla')).source;
    expect(turn).toMatch(/const x\d+ = \(t\d+ \? t\d+\.cards : \[\]\);/);
    expect(turn).toMatch(/const x\d+ = H\.stable\(/);
  });

  it('a statement the generator does not know makes the body closures', () => {
    expect(generatable([{ kind: 'endTurn', loc: [0, 1, 1] }])).toBe(true);
    expect(generatable([{ kind: 'if', cond: { kind: 'lit', value: true }, then: [{ kind: 'someday' } as unknown as Stmt], else: [], loc: [0, 1, 1] }])).toBe(false);
  });
});
