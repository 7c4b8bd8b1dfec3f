// Deck lists in scenarios (issue 28, part 3): the language's `deck check` (parsed, compiled to
// IR, evaluated by the runtime; docs/language.md, "What a legal deck is"), a scenario's `decks:`
// made in place of the rules' decks (EngineOptions.decks), and the deck check's verdict asked by
// `deck_legal` / `deck_reason` (docs/scenarios.md). The mistakes of a `decks:` map are tested
// with the other scenario mistakes in scenario-check.test.ts.
import { describe, expect, it } from 'vitest';
import { parseFile } from '../grammar/parse.ts';
import { compileGame, resolveGame } from '../compiler/compile.ts';
import { diffGames } from '../compiler/diff.ts';
import { runScenario } from '../scenario/run.ts';
import type { GameIR } from '../compiler/ir.ts';
import { validateIR } from '../compiler/validate-ir.ts';
import { Engine, StopRun, type Decision, type DeckList } from '../runtime/engine.ts';
import { runScenarioInRepo } from '../scenario/files.ts';
import { faqEntry } from '../scenario/faq.ts';
import { gameSources } from '../compiler/project.ts';
import { runCasebook } from '../playground/src/worker/casebook-run.ts';
import { compareCasebooks } from '../playground/src/worker/casebook.ts';
import { readFileSync, readdirSync } from 'node:fs';
import { compiledGame, root } from './helpers.ts';
import { logText } from '../scenario/log-words.ts';

const base = `
game g "G" { players 2 }
zone deck per player hidden ordered
zone extra per player private
zone hand per player private
zone table shared public
card type C { attr rare: bool = false }
card A: C { }
card B: C { }
card R: C { rare = true }
procedure build(p: player) { create 3 of A in p.deck }
procedure two(p: player, q: player) { }
turn { }
`;

const check = `
deck check cite "G-1 decks" {
  main deck
  side extra
  build build
  require count(me.deck) >= 3 cite "G-1.1 three cards or more" reason "the deck holds fewer than 3 cards"
  for each c in me.deck + me.extra
    require count((me.deck + me.extra) where it.name == c.name) <= 2
    cite "G-1.2 two of a name"
    reason "more than 2 cards named " + c.name
  require not any(me.deck, it.rare) cite "G-1.3 rares in the extra only" reason "a rare card is in the deck"
}
`;

function compile(extra: string) {
  return compileGame({ sources: [{ path: 'g.grim', text: base + extra }] });
}

const where = (r: ReturnType<typeof compile>) => r.diagnostics.map((d) => [d.code, d.loc.line, d.loc.col]);

/** Names of the cards of a zone, in order. */
const names = (e: Engine, player: number, zone: string) => e.players[player]!.zones[e.ir.zones.findIndex((z) => z.name === zone)]!.cards.map((c) => c.name);

/** A deck list by card name and count, as EngineOptions.decks takes it (definitions, in order). */
function list(ir: GameIR, main: [string, number][], side: [string, number][] = []): DeckList {
  const defs = (xs: [string, number][]) => xs.flatMap(([n, k]) => Array.from({ length: k }, () => ir.cards.findIndex((c) => c.name === n)));
  return { main: defs(main), side: defs(side) };
}

/** Plays from setup to the first decision and stops there. */
function toFirstDecision(e: Engine): Decision | null {
  let first: Decision | null = null;
  e.run((d) => {
    first = d;
    throw new StopRun(d);
  });
  return first;
}

describe('deck check: the language', () => {
  it('parses `deck check` (deck is a plain word: a zone may be called deck, and a zone declaration may end before it)', () => {
    const r = parseFile('g.grim', base + check);
    expect(r.diagnostics).toEqual([]);
    const d = r.ast.decls.find((x) => x.kind === 'deckCheck');
    if (!d || d.kind !== 'deckCheck') throw new Error('no deck check');
    expect([d.main?.text, d.side?.text, d.build?.text, d.cite]).toEqual(['deck', 'extra', 'build', 'G-1 decks']);
    expect(d.requirements.map((q) => [q.each?.name.text ?? null, q.cite, q.loc.line])).toEqual([
      [null, 'G-1.1 three cards or more', 19],
      ['c', 'G-1.2 two of a name', 20],
      [null, 'G-1.3 rares in the extra only', 24],
    ]);
    expect([d.keyword.line, d.keyword.col, d.keyword.endCol]).toEqual([15, 1, 10]);
    // A stray word where `require` belongs is said at its place.
    const stray = parseFile('g.grim', base + 'deck check { main deck\n  requir count(me.deck) > 0 reason "x" }');
    expect(stray.diagnostics.map((x) => [x.code, x.loc.line, x.loc.col])).toEqual([['syntax/unknown-word', 15, 3]]);
    expect(stray.diagnostics[0]!.message).toBe("'requir' is not a deck check word; did you mean 'require'? (deck check words: main, side, build, require)");
  });

  it('compiles to valid IR: zones, the building procedure, each requirement with its cite and place', () => {
    const r = compile(check);
    expect(r.diagnostics).toEqual([]);
    expect(validateIR(r.ir)).toEqual({ ok: true });
    const dc = r.ir!.deckCheck!;
    expect([dc.main, dc.side, dc.build, dc.cite]).toEqual([0, 1, 0, 'G-1 decks']);
    expect(dc.requirements.map((q) => [q.each !== null, q.cite, q.loc[1]])).toEqual([
      [false, 'G-1.1 three cards or more', 19],
      [true, 'G-1.2 two of a name', 20],
      [false, 'G-1.3 rares in the extra only', 24],
    ]);
    // No deck check: no field in the IR (the games without one are unchanged).
    expect('deckCheck' in compile('').ir!).toBe(false);
  });

  it('reports deck/zone, deck/build, deck/duplicate and deck/no-check at their places', () => {
    expect(where(compile('deck check { require true reason "x" }'))).toEqual([['deck/zone', 14, 1]]);
    expect(where(compile('deck check { main dek }'))).toEqual([['deck/zone', 14, 19]]);
    expect(compile('deck check { main dek }').diagnostics[0]!.notes).toEqual(["did you mean 'deck'?"]);
    expect(where(compile('deck check { main table }'))).toEqual([['deck/zone', 14, 19]]);
    expect(where(compile('deck check { main deck side tabel }'))).toEqual([['deck/zone', 14, 29]]);
    expect(where(compile('deck check { main deck build bild }'))).toEqual([['deck/build', 14, 30]]);
    expect(where(compile('deck check { main deck build two }'))).toEqual([['deck/build', 14, 30]]);
    expect(where(compile('deck check { main deck }\ndeck check { main deck }'))).toEqual([['deck/duplicate', 15, 1]]);
    expect(where(compile('function f(p: player): text = deck_problem(p)'))).toEqual([['deck/no-check', 14, 31]]);
    // A requirement is a truth value, its reason a text.
    expect(compile('deck check { main deck require count(me.deck) reason "x" }').diagnostics.map((d) => d.code)).toEqual(['type/mismatch']);
    expect(compile('deck check { main deck require true reason 3 }').diagnostics.map((d) => d.code)).toEqual(['type/mismatch']);
  });

  it('the runtime: the verdict is the first broken requirement, with its reason and cite; deck_problem(p) reads it', () => {
    const ir = compile(check + 'function problem(p: player): text = deck_problem(p)').ir!;
    const verdict = (main: [string, number][], side: [string, number][] = []) => {
      const e = new Engine(ir, { seed: 1 });
      e.makeDeckList(e.players[0]!, list(ir, main, side));
      return e.deckVerdict(e.players[0]!);
    };
    expect(verdict([['A', 2], ['B', 1]])).toEqual({ legal: true });
    expect(verdict([['A', 2]])).toMatchObject({ legal: false, reason: 'the deck holds fewer than 3 cards', cite: 'G-1.1 three cards or more' });
    expect(verdict([['A', 2], ['B', 1]], [['A', 1]])).toMatchObject({ legal: false, reason: 'more than 2 cards named A', cite: 'G-1.2 two of a name' });
    expect(verdict([['A', 2], ['R', 1]])).toMatchObject({ legal: false, reason: 'a rare card is in the deck' });
    expect(verdict([['A', 2], ['B', 1]], [['R', 1]])).toEqual({ legal: true });
    // Without a deck check: no verdict.
    expect(new Engine(compile('').ir!, { seed: 1 }).deckVerdict(new Engine(compile('').ir!, { seed: 1 }).players[0]!)).toBeNull();
  });

  it('EngineOptions.decks: the build procedure makes a listed player’s list instead; the other player gets the rules’ deck', () => {
    const ir = compile(check + 'setup { for each p in players { do build(p) } }').ir!;
    const e = new Engine(ir, { seed: 1, log: true, decks: { p1: list(ir, [['B', 2], ['A', 1]], [['R', 1]]) } });
    e.run(() => 0);
    expect(names(e, 0, 'deck')).toEqual(['B', 'B', 'A']);
    expect(names(e, 0, 'extra')).toEqual(['R']);
    expect(names(e, 1, 'deck')).toEqual(['A', 'A', 'A']);
    expect(e.log.some((x) => logText(x) === 'p1 plays the deck list given: 3 cards in p1.deck, and 1 in p1.extra' && x.cite === 'G-1 decks')).toBe(true);
  });
});

describe('deck lists in the seed games with a copy limit', () => {
  const run = (file: string, text: string) => runScenarioInRepo(root, file, text);
  const scenario = (game: string, decks: string, expect: string, extra = '') => `name: x\ngame: ${game}\n${extra}decks:\n${decks}expect:\n${expect}`;

  it('Spimate (SP-1.3, two of a name in the deck and the EX together): legal and illegal lists, and the list is the deck the setup deals from', () => {
    const main = '      見習い剣士: 2\n      火竜の子: 2\n      石の巨人: 2\n      森の賢者: 2\n      雷撃: 2\n';
    const legal = run('a.yaml', scenario('spimate', `  p1:\n    main:\n${main}    side:\n      竜帝: 2\n`, '  deck_legal: { p1: true }\n  winner: none\n'));
    expect(legal.failures).toEqual([]);
    const three = run('b.yaml', scenario('spimate', `  p1:\n    main:\n${main}    side:\n      雷撃: 1\n`, '  deck_legal: { p1: false }\n  deck_reason: { p1: "more than 2 cards named 雷撃" }\n  winner: p2\n'));
    expect(three.failures).toEqual([]);
    expect(three.events.some((e) => logText(e).includes('breaks a requirement') && e.cite.includes('SP-1.3'))).toBe(true);
    // A wrong expectation fails, saying what the deck check found and citing the rule.
    const wrong = run('c.yaml', scenario('spimate', `  p1:\n    main:\n${main}    side:\n      雷撃: 1\n`, '  deck_legal: { p1: true }\n'));
    expect(wrong.failures).toHaveLength(1);
    // The FAQ's position is the deck list (the game starts at setup).
    const text = scenario('spimate', `  p1:\n    main:\n${main}    side:\n      雷撃: 1\n`, '  deck_legal: { p1: false }\n');
    expect(faqEntry(text, run('d.yaml', text), 'v').position).toEqual({
      turn: null,
      active: null,
      start: 'setup',
      sides: [{ side: 'p1', vars: [], zones: [{ zone: 'deck list (main)', cards: ['見習い剣士 ×2', '火竜の子 ×2', '石の巨人 ×2', '森の賢者 ×2', '雷撃 ×2'] }, { zone: 'deck list (side)', cards: ['雷撃 ×1'] }] }],
    });
    expect(wrong.failures[0]).toMatch(/^deck_legal p1 should be true but the deck check rejects p1's deck: more than 2 cards named 雷撃 \(SP-1\.3\) — SP-1 · SP-1\.3 「/);
    // The setup deals from the list: at its first decision (SP-4.2, a card chosen from the deck), p1's deck is the list, in order.
    const ir = compiledGame('spimate');
    const e = new Engine(ir, { seed: 1, decks: { p1: list(ir, [['雷撃', 1], ['見習い剣士', 2], ['火竜の子', 2], ['石の巨人', 2], ['森の賢者', 2]], [['竜帝', 1]]) } });
    const d = toFirstDecision(e);
    // (p2, with the larger deck, goes first and chooses first: SP-4.1.)
    expect(d?.player.name).toBe('p2');
    expect(names(e, 0, 'deck')).toEqual(['雷撃', '見習い剣士', '見習い剣士', '火竜の子', '火竜の子', '石の巨人', '石の巨人', '森の賢者', '森の賢者']);
    expect(names(e, 0, 'EX')).toEqual(['竜帝']);
    expect(names(e, 1, 'deck')).toHaveLength(25);
  });

  it('T-magic (TM-1.2, one of a name): legal and illegal lists, and the cards dealt are the list’s', () => {
    const a = ['EmberCub', 'Wisp', 'BoneKnight', 'RuleHound', 'ThunderHawk', 'StoneGiant', 'GhostLantern', 'TrickFox', 'YoungDragon', 'Slime', 'MiserMole', 'StormEagle', 'Fireball', 'RaiseDead', 'Quake', 'Recall', 'SummonCircle', 'AnchorChain', 'Volcano', 'FlameBrand', 'Pitfall', 'Mirage', 'CounterSpike'];
    const yaml = (cards: [string, number][]) => `  p1:\n    main:\n${cards.map(([n, k]) => `      ${n}: ${k}\n`).join('')}`;
    const legal = run('a.yaml', scenario('t-magic', yaml(a.map((n) => [n, 1])), '  deck_legal: { p1: true }\n  winner: none\n'));
    expect(legal.failures).toEqual([]);
    const two: [string, number][] = a.slice(0, -1).map((n) => [n, n === 'Wisp' ? 2 : 1]);
    const illegal = run('b.yaml', scenario('t-magic', yaml(two), '  deck_legal: { p1: false }\n  deck_reason: { p1: "more than 1 card named Wisp (TM-1.2)" }\n  winner: p2\n  reason: "invalid deck"\n'));
    expect(illegal.failures).toEqual([]);
    const ir = compiledGame('t-magic');
    const e = new Engine(ir, { seed: 1, decks: { p1: list(ir, a.map((n) => [n, 1])) } });
    toFirstDecision(e);
    // Shuffled and dealt (TM-4.2): the deck, hand and MZ hold the list's 23 cards between them.
    const dealt = [...names(e, 0, 'deck'), ...names(e, 0, 'hand'), ...names(e, 0, 'MZ'), ...names(e, 0, 'RZ'), ...names(e, 0, 'field'), ...names(e, 0, 'graveyard')];
    expect(dealt.sort()).toEqual([...a].sort());
  });

  it('Summon & Magic (SM-1.2, three of a name; SM-1.a, the side deck too): legal and illegal lists, and the list is the deck chosen and the side deck', () => {
    const ir = compiledGame('summon-magic');
    const deckA: string[] = [];
    const deckB: string[] = [];
    // The rules' own two decks, as lists (each is legal).
    const decide = (label: string) => (d: Decision) => {
      const i = d.options.findIndex((o) => o.label === label);
      if (i < 0) throw new StopRun(d);
      return i;
    };
    const byChoice = (label: string, into: string[]) => {
      const g = new Engine(ir, { seed: 1, params: { shuffle_before_boost: false, opening_hand: 0 } });
      g.run(decide(label));
      into.push(...names(g, 0, 'deck'));
    };
    byChoice('デッキA', deckA);
    byChoice('デッキB', deckB);
    expect([deckA.length, deckB.length]).toEqual([37, 37]);
    const counted = (xs: string[]) => [...new Map(xs.map((n) => [n, xs.filter((x) => x === n).length])).entries()];
    const yaml = (main: string[], side: string[]) => `  p1:\n    main:\n${counted(main).map(([n, k]) => `      ${n}: ${k}\n`).join('')}    side:\n${counted(side).map(([n, k]) => `      ${n}: ${k}\n`).join('')}`;
    const steps = 'steps:\n  - p2: { mode: デッキB }\n';
    const legal = run('a.yaml', scenario('summon-magic', yaml(deckA, deckB), '  deck_legal: { p1: true }\n  winner: none\n').replace('expect:', `${steps}expect:`));
    expect(legal.failures).toEqual([]);
    const four = [...deckA.filter((n) => n !== '不屈の祭壇' && n !== '猪突の槍兵'), '騎士ヴォーエン', '騎士ヴォーエン'];
    const illegal = run('b.yaml', scenario('summon-magic', yaml(four, deckB), '  deck_legal: { p1: false }\n  deck_reason: { p1: "more than 3 cards named 騎士ヴォーエン in the deck" }\n  winner: p2\n').replace('expect:', `${steps}expect:`));
    expect(illegal.failures).toEqual([]);
    const badSide = run('c.yaml', scenario('summon-magic', yaml(deckB, four), '  deck_reason: { p1: "in the side deck" }\n').replace('expect:', `${steps}expect:`));
    expect(badSide.failures).toEqual([]);
    // The deck played is the list's main, in order (no shuffle before the Boost), the side deck its side.
    const g = new Engine(ir, { seed: 1, params: { shuffle_before_boost: false, opening_hand: 0 }, decks: { p1: list(ir, counted(deckB), counted(deckA)) } });
    g.run(decide('デッキA'));
    expect(names(g, 0, 'deck')).toEqual(counted(deckB).flatMap(([n, k]) => Array.from({ length: k }, () => n)));
    expect(names(g, 0, 'side').sort()).toEqual([...deckA].sort());
  });
});

describe('deck lists in the playground (Run all: playground/src/worker/casebook-run.ts)', () => {
  it('Spimate’s deck-list rulings pass there; a copy limit of 3 instead of 2 changes exactly the rulings about it', () => {
    const dir = 'rules/spimate/rulings';
    const rulings = readdirSync(`${root}/${dir}`)
      .filter((f) => f.startsWith('r-sp-31-'))
      .sort()
      .map((f) => ({ path: `${dir}/${f}`, text: readFileSync(`${root}/${dir}/${f}`, 'utf8') }));
    const original = runCasebook(compiledGame('spimate'), 'spimate', rulings, 100_000);
    expect(original.filter((r) => r.outcome !== 'pass')).toEqual([]);
    const from = 'require count((me.deck + me.EX) where it.name == c.name) <= c.copy_limit';
    const sources = gameSources(root, 'spimate')!.map((x) => (x.text.includes(from) ? { ...x, text: x.text.replace(from, `${from} + 1`) } : x));
    const edited = compileGame({ sources });
    expect(edited.diagnostics).toEqual([]);
    const compared = compareCasebooks(runCasebook(edited.ir!, 'spimate', rulings, 100_000), original);
    expect(compared.filter((r) => r.changed).map((r) => r.path.slice(dir.length + 1))).toEqual(['r-sp-31-e_three_copies.yaml', 'r-sp-31-j_three_in_deck.yaml']);
  });
});

describe('deck check in a revision', () => {
  // Spimate with a copy limit of 3: the whole deck check overridden, as a revision writes it.
  const spimate = () => gameSources(root, 'spimate')!;
  const base = spimate().find((x) => x.path.endsWith('special.grim'))!.text;
  const check = base.slice(base.indexOf('deck check cite'), base.indexOf('\n}\n', base.indexOf('deck check cite')) + 3);
  const revised = `revision spimate_three revises spimate { }\noverride ${check.replace('<= c.copy_limit', '<= c.copy_limit + 1').replace('more than 2 cards named', 'more than 3 cards named')}`;
  const loadBase = (n: string) => (n === 'spimate' ? spimate() : undefined);

  it('`override deck check` replaces the base game’s; the copy-limit rulings change, the others hold; grimoire diff shows it', () => {
    const r = compileGame({ sources: [{ path: 'rules/spimate_three/revision.grim', text: revised }], loadBase });
    expect(r.diagnostics).toEqual([]);
    const dir = 'rules/spimate/rulings';
    const outcomes = readdirSync(`${root}/${dir}`)
      .filter((f) => f.startsWith('r-sp-31-'))
      .sort()
      .map((f) => [f, runScenario(f, readFileSync(`${root}/${dir}/${f}`, 'utf8'), { ir: r.ir! }).passed] as const);
    expect(outcomes.filter(([, passed]) => !passed).map(([f]) => f)).toEqual(['r-sp-31-e_three_copies.yaml', 'r-sp-31-j_three_in_deck.yaml']);
    const version = (name: string, sources: { path: string; text: string }[]) => {
      const v = resolveGame({ sources, loadBase });
      return { name, decls: v.decls!, sources: v.sources };
    };
    const d = diffGames(version('spimate', spimate()), version('spimate_three', [{ path: 'rules/spimate_three/revision.grim', text: revised }]));
    expect(d.definitions.map((c) => `${c.change} ${c.kind}`)).toEqual(['changed deck check']);
    expect(d.definitions[0]!.after!.text).toContain('<= c.copy_limit + 1');
    // A second deck check without `override` is refused, saying how to write it.
    const twice = compileGame({ sources: [{ path: 'r.grim', text: `revision spimate_x revises spimate { }\n${check}` }], loadBase });
    expect(twice.diagnostics.map((x) => x.code)).toEqual(['deck/duplicate']);
    expect(twice.diagnostics[0]!.notes?.join(' ')).toContain('override deck check');
  });
});
