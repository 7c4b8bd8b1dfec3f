// Plain cards in a compile's parse (grammar/packed-card.ts): their names and values are packed,
// and read through the AST's interface they equal the nodes an editor's parse holds. A compile of
// cards with mistakes in their values, or revised, reports what the editor reports, at the same
// places, and gives the same IR.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { reparseFile } from '../grammar/reparse.ts';
import { PackedValue, TokenName } from '../grammar/packed-card.ts';
import type * as A from '../grammar/ast.ts';
import { checkGame, compileGame } from '../compiler/compile.ts';
import { generatePool } from '../bench/gen-pool.ts';
import { Rng } from '../runtime/rng.ts';
import { root } from './helpers.ts';

function grimFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? grimFiles(p) : p.endsWith('.grim') ? [p] : [];
  });
}

/** A name as its readers see it. */
const nameSeen = (n: A.Name) => ({ text: n.text, loc: { ...n.loc } });

/** A card's head and values as their readers see them (through the interface: getters read). */
function cardSeen(c: A.CardDecl): unknown {
  return {
    name: nameSeen(c.name),
    type: nameSeen(c.type),
    title: c.title,
    cite: c.cite,
    override: c.override,
    loc: c.loc,
    printed: c.printed,
    values: c.values.map((v) => ({ name: nameSeen(v.name), value: JSON.parse(JSON.stringify(v.value)) as unknown })),
    abilities: c.abilities.map((a) => nameSeen(a.name)),
  };
}

/** The cards of a file both ways: an editor's parse and a compile's; and how many values the compile's packed. */
function bothParses(path: string, text: string): { editor: unknown[]; compile: unknown[]; packed: number; values: number } {
  const editor = reparseFile(path, text, null, false);
  const compile = reparseFile(path, text, null, true);
  expect(compile.diagnostics, path).toEqual(editor.diagnostics);
  const cards = (ds: A.Decl[]) => ds.filter((d): d is A.CardDecl => d.kind === 'card');
  const packedCards = cards(compile.ast.decls);
  const packed = packedCards.flatMap((c) => c.values).filter((v) => v instanceof PackedValue).length;
  // An editor's parse never packs: tools walk, copy and serialize its trees.
  expect(cards(editor.ast.decls).some((c) => c.name instanceof TokenName || c.values.some((v) => v instanceof PackedValue)), path).toBe(false);
  return { editor: cards(editor.ast.decls).map(cardSeen), compile: packedCards.map(cardSeen), packed, values: packedCards.reduce((n, c) => n + c.values.length, 0) };
}

const files = [...grimFiles(join(root, 'rules')), ...grimFiles(join(root, 'cards'))].map((p) => ({ path: p, text: readFileSync(p, 'utf8') }));

describe('packed plain cards', () => {
  it('read as the nodes an editor parse holds, on every rules and cards file and on a generated pool', () => {
    let packed = 0;
    for (const f of files) {
      const r = bothParses(f.path, f.text);
      expect(r.compile, f.path).toEqual(r.editor);
      packed += r.packed;
    }
    // The seed games' plain cards are packed (not a comparison of two ordinary parses).
    expect(packed).toBeGreaterThan(100);
    const pool = bothParses('pool.grim', generatePool(500));
    expect(pool.compile).toEqual(pool.editor);
    // Every card of the pool is plain but those whose ability is met for the first or second
    // time (repeats.ts): the rules read those, and make ordinary nodes.
    expect(pool.packed / pool.values).toBeGreaterThan(0.8);
    expect(pool.values).toBeGreaterThan(2000);
  });

  it('read every plain form: numbers, strings with escapes, names, true, false, none, lists over lines, quoted names', () => {
    const text = [
      'card A "A": T { cost = 3 s = "a \\"b\\" c" flag = true off = false gone = none el = fire kw = [速攻, 飛行] empty = [] nums = [1,',
      '    2, "x"] }',
      'card `end` "E": `odd type` cite "§1" { text = 1 `type` = [a] text "Printed." }',
      'override card D: T { big = 123456789 }',
      '',
    ].join('\n');
    const r = bothParses('f.grim', text);
    expect(r.compile).toEqual(r.editor);
    expect(r.editor).toHaveLength(3);
    expect(r.packed).toBe(12);
    expect(r.values).toBe(12);
    const list = r.compile[0] as { values: { value: { kind: string; loc: A.Loc } }[] };
    // The list written over two lines ends on the second.
    expect(list.values[8]!.value).toMatchObject({ kind: 'list', loc: { line: 1, endLine: 2 } });
  });

  it('give a fresh range and expression at each read: a reader that changes one changes nothing else', () => {
    const card = reparseFile('f.grim', 'card A: T { cost = 3 kw = [x] }\n', null, true).ast.decls[0] as A.CardDecl;
    const v = card.values[0]!;
    expect(v).toBeInstanceOf(PackedValue);
    const loc = v.name.loc;
    loc.line = 99;
    expect(v.name.loc.line).toBe(1);
    const e = v.value as { value: number };
    e.value = 7;
    expect(v.value).toMatchObject({ kind: 'number', value: 3 });
    expect(card.values[1]!.value).not.toBe(card.values[1]!.value);
  });

  it('compile cards with mistakes in their values to the diagnostics an editor gets, at the same places', () => {
    // Mistakes a designer makes in plain values: a misspelt attr, a value of the wrong type, an
    // unknown enum value or label, an attr left out, an attr given twice.
    const mistakes: [RegExp, string][] = [
      [/cost = /, 'cots = '],
      [/cost = \d+/, 'cost = "three"'],
      [/element = \w+/, 'element = flame'],
      [/keywords = \[[^\]]*\]/, 'keywords = [速さ]'],
      [/ power = \d+/, ''],
      [/ toughness = (\d+)/, ' toughness = $1 toughness = true'],
      [/power = \d+/, 'power = fire'],
    ];
    const rng = new Rng(7);
    const pool = generatePool(600).split('\n').map((line) => {
      if (!line.startsWith('card C') || rng.below(4) > 0) return line;
      const [pattern, by] = mistakes[rng.below(mistakes.length)]!;
      return line.replace(pattern, by);
    }).join('\n');
    const input = { sources: [{ path: 'pool.grim', text: pool }] };
    const compiled = compileGame(input);
    const checked = checkGame(input);
    const said = (ds: typeof compiled.diagnostics) => ds.map((d) => `${d.loc.file}:${d.loc.line}:${d.loc.col}-${d.loc.endLine}:${d.loc.endCol} ${d.severity} ${d.code} ${d.message}`);
    expect(said(compiled.diagnostics)).toEqual(said(checked.diagnostics));
    // Each kind of mistake was made and reported.
    const codes = new Set(compiled.diagnostics.map((d) => d.code));
    for (const code of ['card/unknown-attr', 'card/missing-attr', 'type/mismatch', 'name/unknown']) expect(codes).toContain(code);
    expect(compiled.diagnostics.length).toBeGreaterThan(80);
    expect(compiled.ir).toBeUndefined();
  });

  it('compile a revision of a pool to the IR and diagnostics an editor gets: cards amended, overridden, removed, an attr removed or made a state', () => {
    const pool = generatePool(300);
    const amends = [5, 17, 40].map((n) => `amend card C${String(n).padStart(5, '0')} { cost = 9 keywords = [飛行] }`);
    const overrides = [8, 9].map((n) => `override card C${String(n).padStart(5, '0')} "Again": Creature { cost = 1 power = 1 toughness = 1 element = water keywords = [] }`);
    // (Cards the revision writes do not print an attr it makes a state: that would be an error.)
    const revision = (typeChange: string, unprinted = '') =>
      ['revision pool2 "Pool 2" revises pool {\n  version "2"\n}', typeChange, ...[...amends, ...overrides, 'remove card C00011', 'card Z1 "New": Creature { cost = 2 power = 2 toughness = 2 element = fire keywords = [] }'].map((l) => (unprinted ? l.replace(new RegExp(` ${unprinted} = \\d+`), '') : l)), ''].join('\n');
    const both = (typeChange: string, unprinted = '') => {
      const input = { sources: [{ path: 'rules/pool2/revision.grim', text: revision(typeChange, unprinted) }], loadBase: (n: string) => (n === 'pool' ? [{ path: 'rules/pool/pool.grim', text: pool }] : undefined) };
      const compiled = compileGame(input);
      const checked = checkGame(input);
      expect(JSON.stringify(compiled.ir), typeChange).toBe(JSON.stringify(checked.ir));
      expect(compiled.diagnostics.map((d) => `${d.loc.file}:${d.loc.line}:${d.loc.col} ${d.code} ${d.message}`), typeChange).toEqual(checked.diagnostics.map((d) => `${d.loc.file}:${d.loc.line}:${d.loc.col} ${d.code} ${d.message}`));
      return compiled;
    };
    const plain = both('');
    expect(plain.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    // The amended card's values: the amend's, the others kept from the packed base card.
    const c5 = plain.ir!.cards.find((c) => c.name === 'C00005')!;
    const field = (name: string) => plain.ir!.cardFields.findIndex((f) => f.name === name);
    expect(c5.attrs.find((a) => a.field === field('cost'))!.value).toBe(9);
    expect(plain.ir!.cards.some((c) => c.name === 'C00011')).toBe(false);
    // An attr made a state: the cards' printed values of it are kept and no longer read (`unread`).
    const state = both('amend card type Creature {\n  state toughness: number = 1\n}', 'toughness');
    expect(state.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(state.ir!.cards.every((c) => !c.attrs.some((a) => a.field === field('toughness')))).toBe(true);
    // An attr removed that the rules still read: one error at the remove, naming each use.
    expect(both('amend card type Creature {\n  remove attr element\n}').diagnostics.filter((d) => d.severity === 'error').map((d) => d.code)).toEqual(['revision/removed-still-used']);
  });
});
