// Repeated abilities in a compile (grammar/repeats.ts, compiler/repeated-abilities.ts): a compile's
// parse lets copies of an ability share its clauses, and the lowering lowers them once and moves
// the IR. An editor's check copies every tree whole and lowers each ability on its own. Both must
// give the same IR and the same diagnostics, at the same places.
import { describe, expect, it } from 'vitest';
import { checkGame, compileGame, parseSources, type CompileInput, type SourceText } from '../compiler/compile.ts';
import { Rng } from '../runtime/rng.ts';
import { gameSources, listGames } from '../compiler/project.ts';
import { declarationCuts } from '../grammar/reparse.ts';
import type * as A from '../grammar/ast.ts';
import { clausesOf } from '../grammar/repeats.ts';
import { generatePool } from '../bench/gen-pool.ts';
import { playBatch } from '../runtime/batch.ts';
import type { GameIR } from '../compiler/ir.ts';
import { root } from './helpers.ts';

/** Freezes every object and array of `o`: a change to any of them then throws (ESM is strict). */
function deepFreeze(o: unknown): void {
  if (typeof o !== 'object' || o === null || Object.isFrozen(o)) return;
  Object.freeze(o);
  for (const v of Object.values(o)) deepFreeze(v);
}

/** Where and what each diagnostic says. */
const said = (ds: { code: string; severity?: string; message: string; loc: { file: string; line: number; col: number } }[]) => ds.map((d) => `${d.loc.file}:${d.loc.line}:${d.loc.col} ${d.severity ?? 'error'} ${d.code} ${d.message}`);

/** A compile and an editor's check of the same input agree: IR (as JSON, keys in order) and diagnostics. */
function bothWaysAgree(input: CompileInput, what: string): ReturnType<typeof compileGame> {
  const compiled = compileGame(input);
  const checked = checkGame(input);
  expect(JSON.stringify(compiled.ir), what).toBe(JSON.stringify(checked.ir));
  expect(said(compiled.diagnostics), what).toEqual(said(checked.diagnostics));
  return compiled;
}

/** The card abilities of a compile's parse. */
function abilities(text: string): A.ActionDecl[] {
  const files = parseSources([{ path: 'pool.grim', text }], undefined, true).files;
  return files.flatMap((f) => f.decls).flatMap((d) => (d.kind === 'card' ? d.abilities : []));
}

const base = generatePool(0);

/**
 * A game's file with every card written `times` more times under other names (`card X_d1 …`), some
 * of them with a card state of their own: the seed games' abilities, templates, auras, `instead`,
 * events and prompts repeated, which a compile lowers once.
 */
function repeated(s: SourceText, times: number, rng: Rng): SourceText {
  const cuts = declarationCuts(s.text);
  const pieces: string[] = [];
  const extra: string[] = [];
  for (let i = 0; i < cuts.length; i++) {
    const piece = s.text.slice(cuts[i]!.offset, i + 1 < cuts.length ? cuts[i + 1]!.offset : s.text.length);
    pieces.push(piece);
    const m = /^card (?!type\b)(\S+)/.exec(piece);
    if (!m || m[1]!.startsWith('`')) continue;
    for (let k = 1; k <= times; k++) {
      const again = piece.replace(/^card (\S+)/, `card $1_d${k}`).replace(/\n*$/, '\n');
      extra.push(rng.below(10) < 3 ? again.replace('{', '{ state zz_own: number = 0 ') : again);
    }
  }
  return { path: s.path, text: pieces.join('') + '\n' + extra.join('') };
}
const card = (name: string, more: string, ability: string) => `card ${name}: Creature { cost = 1 power = 1 toughness = 1 element = fire keywords = []${more}\n  ${ability}\n}`;

describe('repeated abilities, lowered once', () => {
  it('give the IR and the diagnostics an editor gets, on every game and on a generated pool', () => {
    for (const game of listGames(root)) bothWaysAgree({ sources: gameSources(root, game)!, loadBase: (n) => gameSources(root, n) }, game);
    const pool = generatePool(3000, 7);
    const copies = abilities(pool);
    // Most of the pool's abilities are copies that share clauses: the case this is for.
    expect(copies.filter((a) => a.moved).length).toBeGreaterThan(0.9 * copies.length);
    const r = bothWaysAgree({ sources: [{ path: 'pool.grim', text: pool }] }, 'pool');
    expect(r.ir!.actions.filter((a) => a.source >= 0).length).toBe(copies.length);
  });

  it('share clauses in a compile, and clausesOf gives each copy its own, where it stands', () => {
    const ability = 'action 強化 "+1 attack" { while in board when me == active effect { modify this.attack by 1 until end of turn } }';
    const text = [base, ...['A', 'B', 'C', 'D'].map((n) => card(n, '', ability))].join('\n');
    const [a, b, c, d] = abilities(text);
    // The first two are parsed, the third and fourth copied from the second's tree.
    expect(a!.moved).toBeUndefined();
    expect(b!.moved).toBeUndefined();
    expect(c!.clauses).toBe(d!.clauses);
    expect(c!.moved!.line).toBe(c!.name.loc.line - b!.name.loc.line);
    const whole = parseSources([{ path: 'pool.grim', text }]).files.flatMap((f) => f.decls).flatMap((x) => (x.kind === 'card' ? x.abilities : []));
    expect(clausesOf(d!)).toStrictEqual(whole[3]!.clauses);
    expect(clausesOf(c!)).toStrictEqual(whole[2]!.clauses);
  });

  it('on cards with own states, and with an error on some copies: each lowered where it stands', () => {
    const ability = 'action 使う "Use" { while in board when me == active effect { set this.uses = this.uses + 1 } }';
    const withState = ' state uses: number = 0';
    // R has no state `uses`: its copy is an error, at R's line; P, Q and S read their own state.
    const text = [base, card('P', withState, ability), card('Q', withState, ability), card('R', '', ability), card('R2', '', ability), card('S', withState, ability)].join('\n');
    const r = bothWaysAgree({ sources: [{ path: 'pool.grim', text }] }, 'own states');
    const errors = r.diagnostics.filter((d) => d.severity !== 'warning');
    const lines = text.split('\n');
    expect(errors.map((e) => lines[e.loc.line - 1]!.trim().startsWith('action 使う') && lines[e.loc.line - 2]!.startsWith('card R')).every(Boolean)).toBe(true);
    expect(new Set(errors.map((e) => e.loc.line)).size).toBe(2);
    // Without the two errors, the same text compiles, and each card's ability sets its own field.
    const fine = [base, card('P', withState, ability), card('Q', withState, ability), card('S', withState, ability), card('T', withState, ability)].join('\n');
    const ir = bothWaysAgree({ sources: [{ path: 'pool.grim', text: fine }] }, 'own states, fine').ir!;
    const fieldSet = (name: string) => JSON.stringify(ir.actions.find((a) => a.name === `${name}.使う`)!.effect).match(/"field":(\d+)/)![1];
    expect(new Set(['P', 'Q', 'S', 'T'].map(fieldSet)).size).toBe(4);
  });

  it('an amended copy in a revision is its own ability; the other copies stay the base text', () => {
    const ability = 'action 強化 "+1 attack" { while in board when me == active effect { modify this.attack by 1 until end of turn } }';
    const baseText = [base, ...['A', 'B', 'C', 'D', 'E'].map((n) => card(n, '', ability))].join('\n');
    const revision = 'revision pool_2 "Pool 2" revises pool { }\namend card D { amend ability 強化 cite "2.0: twice a turn" { limit 2 per turn } }\n';
    const input: CompileInput = { sources: [{ path: 'revision.grim', text: revision }], loadBase: (n) => (n === 'pool' ? [{ path: 'pool.grim', text: baseText }] : undefined) };
    const ir = bothWaysAgree(input, 'revision').ir!;
    const of = (name: string) => ir.actions.find((a) => a.name === `${name}.強化`)!;
    expect(of('D').cite).toBe('2.0: twice a turn');
    expect(of('D').limit).toBe(2);
    for (const n of ['C', 'E']) {
      expect(of(n).cite).toBe('');
      expect(of(n).limit).toBe(-1);
    }
  });

  it('share the parts of their IR without a place, which nothing changes: every game plays on a frozen IR', () => {
    const ability = 'action 強化 "+1 attack" { while in board when me == active and not this.tapped cost { set this.tapped = true } effect { modify this.attack by 1 until end of turn } }';
    const text = [base, ...['A', 'B', 'C', 'D', 'E'].map((n) => card(n, '', ability))].join('\n');
    const ir = bothWaysAgree({ sources: [{ path: 'pool.grim', text }] }, 'shared parts').ir!;
    // C, the first copy, is lowered; D and E are its IR moved, and share what holds no place.
    const [c, d] = ['D', 'E'].map((n) => ir.actions.find((a) => a.name === `${n}.強化`)!);
    // Copies share their conditions (no place in them), but not their own arrays or statements.
    expect(c!.when[0]).toBe(d!.when[0]);
    expect(c!.when).not.toBe(d!.when);
    expect(c!.sharedLimits).not.toBe(d!.sharedLimits);
    expect(c!.effect[0]).not.toBe(d!.effect[0]);
    const games: [string, GameIR][] = listGames(root).map((g) => [g, compileGame({ sources: gameSources(root, g)!, loadBase: (n) => gameSources(root, n) }).ir!]);
    games.push(['pool', compileGame({ sources: [{ path: 'pool.grim', text: generatePool(300, 3) }] }).ir!]);
    for (const [game, gameIR] of games) {
      deepFreeze(gameIR);
      const played = playBatch(gameIR, 1, 1, { agents: { p1: 'mcts:10', p2: 'random' } });
      expect(played.map((g) => g.error), game).toEqual([null]);
    }
  });

  it('on every seed game with each card written four times: the IR an editor gets, and it plays frozen', () => {
    const rng = new Rng(11);
    let copies = 0;
    for (const game of listGames(root)) {
      // Made once per game: both compiles must read the same text.
      const made = new Map<string, SourceText[] | undefined>();
      const load = (n: string) => (made.has(n) ? made.get(n) : made.set(n, gameSources(root, n)?.map((s) => repeated(s, 3, rng))).get(n));
      const sources = load(game)!;
      copies += sources.reduce((n, s) => n + abilities(s.text).filter((a) => a.moved).length, 0);
      const ir = bothWaysAgree({ sources, loadBase: load }, `${game}, each card four times`).ir!;
      deepFreeze(ir);
      expect(playBatch(ir, 1, 3, {}).map((g) => g.error), game).toEqual([null, null, null]);
    }
    // The seed games' own abilities, repeated, not only the generated pool's.
    expect(copies).toBeGreaterThan(300);
  });
});
