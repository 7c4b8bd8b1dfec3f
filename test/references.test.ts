// Find all references and rename (compiler/references.ts) on the repository's games: every use
// and the definition, across files, never a word in a comment or a string; locals kept apart
// from game-level names and from each other; a rename's edits compile; refusals say why.
import { describe, expect, it } from 'vitest';
import { compileGame, parseSources, type SourceText } from '../compiler/compile.ts';
import { gameSources } from '../compiler/project.ts';
import { applyEdits, GameNames, validName, type RenameResult } from '../compiler/references.ts';
import { tokenize } from '../grammar/lexer.ts';
import { Rng } from '../runtime/rng.ts';
import { root } from './helpers.ts';

const vanilla = gameSources(root, 'vanilla')!;
const trump = gameSources(root, 'trump')!;
const sm = gameSources(root, 'summon-magic')!;
const namesOf = (sources: SourceText[]) => new GameNames({ sources, files: parseSources(sources).files });
const vanillaNames = namesOf(vanilla);
const sweepAll = process.env.RENAME_SWEEP === 'all';
const sweepSeed = Number(process.env.RENAME_SWEEP_SEED ?? 31);
const SWEEP_PER_KIND = 3;
const trumpNames = namesOf(trump);

const textOf = (sources: SourceText[], path: string) => sources.find((s) => s.path === path)!.text;
/** The offset of the `nth` (0-based) occurrence of `needle` in a file, plus `shift`. */
function offsetOf(sources: SourceText[], path: string, needle: string, shift = 0, nth = 0): number {
  const text = textOf(sources, path);
  let at = text.indexOf(needle);
  for (let i = 0; i < nth; i++) at = text.indexOf(needle, at + 1);
  expect(at, `${needle} in ${path}`).toBeGreaterThanOrEqual(0);
  return at + shift;
}
const where = (r: { loc: { file: string; line: number } }) => `${r.loc.file}:${r.loc.line}`;

/** The names (identifier tokens) of a file: what is code, not comment or string. */
const codeNames = (text: string) => tokenize(text).tokens.filter((t) => /Identifier|^Kw_/.test(t.tokenType.name)).map((t) => t.image);

function renamed(sources: SourceText[], r: RenameResult): SourceText[] {
  if ('refused' in r) throw new Error(r.refused);
  const changed = applyEdits(sources, r.edits);
  return sources.map((s) => ({ path: s.path, text: changed.get(s.path) ?? s.text }));
}

describe('find all references', () => {
  it('finds vanilla’s `tapped` state: its definition and every `.tapped` in the rules, none in comments or strings', () => {
    const r = vanillaNames.referencesAt('rules/vanilla/game.grim', offsetOf(vanilla, 'rules/vanilla/game.grim', 'state tapped', 7))!;
    expect(r.target).toMatchObject({ kind: 'game', word: 'tapped' });
    expect(r.references.filter((x) => x.definition).map(where)).toEqual(['rules/vanilla/game.grim:38']);
    // Every `.tapped` written in the game's files, found by hand.
    const uses: string[] = [];
    for (const s of vanilla) s.text.split('\n').forEach((l, i) => /\.tapped\b/.test(l) && uses.push(`${s.path}:${i + 1}`));
    expect(uses.length).toBeGreaterThanOrEqual(4);
    expect(r.references.filter((x) => !x.definition).map(where).sort()).toEqual(uses.sort());
    for (const x of r.references) {
      const text = textOf(vanilla, x.loc.file);
      expect(text.slice(x.loc.offset, x.loc.endOffset)).toBe('tapped');
      expect(x.definition || text[x.loc.offset - 1] === '.').toBe(true);
    }
    // The word is in comments and citations too: those are not references.
    const written = vanilla.reduce((n, s) => n + (s.text.match(/\btapped\b/g)?.length ?? 0), 0);
    expect(written).toBeGreaterThan(r.references.length);
  });

  it('finds the same definitions as go to definition, across files, from a use as from the definition', () => {
    const fromUse = trumpNames.referencesAt('rules/trump/summons.grim', offsetOf(trump, 'rules/trump/summons.grim', 'do damage(me, 1)', 4))!;
    expect(fromUse.target.kind === 'game' && fromUse.target.defs.map((d) => [d.kind, d.loc.file])).toEqual([['procedure', 'rules/trump/functions.grim']]);
    const fromDef = trumpNames.referencesAt('rules/trump/functions.grim', offsetOf(trump, 'rules/trump/functions.grim', 'procedure damage(', 11))!;
    expect(fromDef.references.map(where)).toEqual(fromUse.references.map(where));
    expect(new Set(fromUse.references.map((x) => x.loc.file)).size).toBeGreaterThan(1);
    // A zone after `me.`, and one cursor place at the end of the word.
    const hand = trumpNames.referencesAt('rules/trump/summons.grim', offsetOf(trump, 'rules/trump/summons.grim', 'me.hand', 7))!;
    expect(hand.target.kind === 'game' && hand.target.defs.map((d) => d.kind)).toEqual(['zone']);
    expect(new Set(hand.references.map((x) => x.loc.file)).size).toBeGreaterThanOrEqual(4);
  });

  it('keeps a local apart: a `for each c` in one declaration is not another declaration’s `c`', () => {
    const turn = 'rules/vanilla/turn.grim';
    const r = vanillaNames.referencesAt(turn, offsetOf(vanilla, turn, 'for each c in me.board', 9))!;
    expect(r.target).toMatchObject({ kind: 'local', word: 'c', local: { how: 'for each', loc: { line: 24 } } });
    const lines = r.references.map((x) => x.loc.line);
    expect(lines[0]).toBe(24);
    expect(lines.length).toBeGreaterThanOrEqual(3);
    expect(Math.max(...lines)).toBeLessThan(30); // the untap block only
    const other = vanillaNames.referencesAt(turn, offsetOf(vanilla, turn, 'for each c in may_attack(me)', 9))!;
    expect(other.references.every((x) => x.loc.line >= 63)).toBe(true);
    expect(other.references.some((x) => lines.includes(x.loc.line))).toBe(false);
  });

  it('resolves a parameter to itself, not to a game-level name', () => {
    const f = 'rules/trump/functions.grim';
    const r = trumpNames.referencesAt(f, offsetOf(trump, f, 'procedure damage(p', 17))!;
    expect(r.target).toMatchObject({ kind: 'local', local: { how: 'parameter' } });
    expect(r.references.every((x) => x.loc.file === f)).toBe(true);
    expect(r.references.length).toBeGreaterThanOrEqual(2);
    expect(r.references[0]!.definition).toBe(true);
  });

  it('finds a card’s own ability from its definition (one written with a template); nothing in strings, comments or built-ins', () => {
    const names = namesOf(sm);
    const r = names.referencesAt('cards/summon-magic/named.grim', offsetOf(sm, 'cards/summon-magic/named.grim', '攻 斬撃', 2))!;
    expect(r.target.kind === 'game' && r.target.defs.map((d) => d.name)).toEqual(['モルファンの新米騎士.斬撃']);
    const f = 'rules/vanilla/game.grim';
    expect(vanillaNames.referencesAt(f, offsetOf(vanilla, f, 'An attacker becomes tapped', 22))).toBeUndefined(); // a comment
    expect(vanillaNames.referencesAt(f, offsetOf(vanilla, f, '「Two players', 3))).toBeUndefined(); // a string
    const t = 'rules/vanilla/turn.grim';
    expect(vanillaNames.referencesAt(t, offsetOf(vanilla, t, 'me.board', 1))).toBeUndefined(); // a built-in
  });
});

describe('rename', () => {
  it('renames a state everywhere; the game still compiles and the old name is gone from the code', () => {
    const r = vanillaNames.rename('rules/vanilla/turn.grim', offsetOf(vanilla, 'rules/vanilla/turn.grim', 'c.tapped', 3), 'exhausted');
    const after = renamed(vanilla, r);
    expect(compileGame({ sources: after }).diagnostics).toEqual([]);
    for (const s of after) expect(codeNames(s.text)).not.toContain('tapped');
    expect(after.some((s) => codeNames(s.text).includes('exhausted'))).toBe(true);
    // Comments and citations keep their words.
    expect(textOf(after, 'rules/vanilla/game.grim')).toContain('An attacker becomes tapped.');
  });

  it('renames a zone used in several files, and a Japanese name', () => {
    const r = trumpNames.rename('rules/trump/game.grim', offsetOf(trump, 'rules/trump/game.grim', 'zone hand', 6), '手札');
    expect(new Set(!('refused' in r) ? r.edits.map((e) => e.loc.file) : []).size).toBeGreaterThanOrEqual(4);
    const after = renamed(trump, r);
    expect(compileGame({ sources: after }).diagnostics).toEqual([]);
    for (const s of after) expect(codeNames(s.text)).not.toContain('hand');
  });

  it('an ability’s own name is the ability, even where a game-level name is spelt the same', () => {
    const sp = gameSources(root, 'spimate')!;
    const names = namesOf(sp);
    const f = 'cards/spimate/cards.grim';
    // 落とし穴's `action 防衛`, on a card whose timing is the enum value 防衛.
    const r = names.referencesAt(f, offsetOf(sp, f, 'action 防衛', 7))!;
    expect(r.target.kind === 'game' && r.target.defs.map((d) => d.name)).toEqual(['落とし穴.防衛']);
    const e = names.referencesAt(f, offsetOf(sp, f, 'timing = 防衛', 9))!;
    expect(e.target.kind === 'game' && e.target.defs.map((d) => d.kind)).toEqual(['enum value']);
    expect(e.references.some((x) => x.loc.offset === offsetOf(sp, f, 'action 防衛', 7))).toBe(false);
  });

  it('a window’s name is not a use of a definition spelt the same (t-magic’s `window attack` and card field `attack`)', () => {
    const tm = gameSources(root, 't-magic')!;
    const names = namesOf(tm);
    const turn = 'rules/t-magic/turn.grim';
    const r = names.rename('rules/t-magic/game.grim', offsetOf(tm, 'rules/t-magic/game.grim', 'attr attack', 5), 'power');
    const after = renamed(tm, r);
    // A scenario starts in a window by its name (`start: attack`): renaming the field must not rename it.
    expect(textOf(after, turn)).toContain('window attack passable open');
    expect(compileGame({ sources: after }).ir).toBeDefined();
  });

  it('renames a local only in its own block', () => {
    const turn = 'rules/vanilla/turn.grim';
    const r = vanillaNames.rename(turn, offsetOf(vanilla, turn, 'for each c in me.board', 9), 'creature');
    const after = renamed(vanilla, r);
    expect(compileGame({ sources: after }).diagnostics).toEqual([]);
    const text = textOf(after, turn);
    expect(text).toContain('for each creature in me.board');
    expect(text).toContain('for each c in may_attack(me)');
    expect(text).toContain('one decision per creature of mine'); // the citation is not touched
  });

  // Every definition and local of vanilla, and of trump a seeded sample: RENAME_SWEEP_PER_KIND
  // places of each kind (a definition's kind; a local's binding word: let, for each, choose…), so
  // every kind of place is still renamed — a rename that misses a kind's uses fails here. The
  // whole of trump (~430 compiles) runs with RENAME_SWEEP=all (`npm run bench:rename-sweep`).
  it(`renames every definition and every local of vanilla, and ${sweepAll ? 'of trump' : `${SWEEP_PER_KIND} of each kind of trump's (seed ${sweepSeed})`}: each time the game still compiles`, () => {
    for (const [sources, names, sampled] of [[vanilla, vanillaNames, false], [trump, trumpNames, !sweepAll]] as const) {
      const byKind = new Map<string, [string, { file: string; offset: number }][]>();
      const add = (kind: string, name: string, at: { file: string; offset: number }) => byKind.set(kind, [...(byKind.get(kind) ?? []), [name, at]]);
      const defined = new Set<string>();
      // (The card value `labels` is what `has` reads by name: its rename is refused, below.)
      for (const d of names.index.all) {
        if (d.kind === 'game' || d.name === 'labels' || defined.has(d.name)) continue;
        defined.add(d.name);
        add(d.kind, d.name, d.loc);
      }
      for (const s of sources) {
        // Every `let`, `for each`, `choose`, parameter… binding: the word after the binding keyword or `(`.
        for (const m of s.text.matchAll(/(\blet |\bfor each |\bchoose |\busing |\btarget |[(,] ?)([a-z_]\w*)(?= ?[:=]| in )/g)) {
          const offset = m.index + m[0].length - m[2]!.length;
          const t = names.targetAt(s.path, offset).target;
          if (t?.kind === 'local') add(`local (${m[1]!.trim() || ','})`, `${s.path}:${offset}`, { file: s.path, offset });
        }
      }
      const rng = new Rng(sweepSeed);
      const places = [...byKind.values()].flatMap((list) => {
        if (!sampled) return list;
        // A seeded partial Fisher–Yates: SWEEP_PER_KIND of the kind's places.
        const l = [...list];
        for (let i = 0; i < Math.min(SWEEP_PER_KIND, l.length); i++) {
          const j = i + rng.below(l.length - i);
          [l[i], l[j]] = [l[j]!, l[i]!];
        }
        return l.slice(0, SWEEP_PER_KIND);
      });
      expect(byKind.size).toBeGreaterThan(sampled ? 15 : 7);
      expect(places.length).toBeGreaterThan(50);
      for (const [name, at] of places) {
        const after = renamed(sources, names.rename(at.file, at.offset, 'zz_renamed'));
        const problems = compileGame({ sources: after }).diagnostics.map((d) => `${d.loc.file}:${d.loc.line}:${d.loc.col} ${d.message}`);
        expect(problems, `renaming ${name}`).toEqual([]);
      }
    }
  });

  it('refuses a clash, an invalid name, a keyword, and a name the game does not define', () => {
    const game = 'rules/trump/game.grim';
    const labels = trumpNames.index.all.find((d) => d.name === 'labels' && d.kind === 'card field')!;
    expect(trumpNames.rename(labels.loc.file, labels.loc.offset, 'keywords')).toMatchObject({ refused: expect.stringMatching(/'labels' is the card value that `c has L`/) });
    const hand = offsetOf(trump, game, 'zone hand', 6);
    expect(trumpNames.rename(game, hand, 'graveyard')).toMatchObject({ refused: expect.stringMatching(/'graveyard' already names the zone graveyard \(rules\/trump\/game\.grim:\d+:\d+\)/) });
    expect(trumpNames.rename(game, hand, 'two words')).toMatchObject({ refused: expect.stringMatching(/not a valid name/) });
    expect(trumpNames.rename(game, hand, '1st')).toMatchObject({ refused: expect.stringMatching(/not a valid name/) });
    expect(trumpNames.rename(game, hand, 'a.b')).toMatchObject({ refused: expect.stringMatching(/not a valid name/) });
    expect(trumpNames.rename(game, hand, 'x // y')).toMatchObject({ refused: expect.stringMatching(/not a valid name/) });
    expect(trumpNames.rename(game, hand, '"x"')).toMatchObject({ refused: expect.stringMatching(/not a valid name/) });
    expect(trumpNames.rename(game, hand, 'turn')).toMatchObject({ refused: expect.stringMatching(/keyword.*`turn`/) });
    expect(trumpNames.rename(game, hand, 'hand')).toMatchObject({ edits: [] }); // the same name: nothing to change
    // A use that a local of the new name would capture.
    const turn = 'rules/vanilla/turn.grim';
    expect(vanillaNames.rename(turn, offsetOf(vanilla, turn, 'may_attack(me)', 1), 'c')).toMatchObject({ refused: expect.stringMatching(/'c' is a local name at rules\/vanilla\/turn\.grim:63/) });
    // A local renamed to a game-level name, or to another local in scope.
    expect(vanillaNames.rename(turn, offsetOf(vanilla, turn, 'for each c in me.board', 9), 'hand')).toMatchObject({ refused: expect.stringMatching(/already names the zone hand/) });
    // Nothing the game defines here.
    expect(vanillaNames.renameLocation(turn, offsetOf(vanilla, turn, 'me.board', 1))).toMatchObject({ refused: expect.stringMatching(/'me' is not defined by this game/) });
    expect(vanillaNames.renameLocation('rules/vanilla/game.grim', 2)).toMatchObject({ refused: expect.stringMatching(/comments and strings/) });
  });

  it('reads a new name with the lexer: a name, a quoted keyword, nothing else', () => {
    expect(validName('手札')).toEqual({ name: '手札', text: '手札' });
    expect(validName(' ♠K ')).toEqual({ name: '♠K', text: '♠K' });
    expect(validName('`end`')).toEqual({ name: 'end', text: '`end`' });
    expect(validName('end')).toHaveProperty('refused');
    expect(validName('')).toHaveProperty('refused');
    expect(validName('a-b')).toHaveProperty('refused');
  });

  it('gives the place a rename starts at: the whole word', () => {
    const f = 'rules/trump/summons.grim';
    const at = trumpNames.renameLocation(f, offsetOf(trump, f, 'me.hand', 5));
    expect(at).toMatchObject({ text: 'hand', loc: { file: f } });
    if (!('refused' in at)) expect(textOf(trump, f).slice(at.loc.offset, at.loc.endOffset)).toBe('hand');
  });
});
