// A scenario is checked against the compiled game before it runs (scenario/check.ts): every
// mistake of a file at once, each at its YAML line:col with a stable code and the fix; a file
// with mistakes is not run. The cases: `role: hero`, `expcet:`, a misspelt parameter,
// `starting_life: lots`, `board: Healer`, a ruling that asserts nothing.
import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../compiler/diagnostics.ts';
import { checkScenarioInRepo, runScenarioInRepo } from '../scenario/files.ts';
import { scenarioDiagnosticCodes } from '../scenario/diagnostics.ts';
import { root } from './helpers.ts';

/** `line:col` (1-based) of the `nth` occurrence of `needle` in `text`. */
function at(text: string, needle: string, nth = 0): string {
  let i = text.indexOf(needle);
  for (let k = 0; k < nth; k++) i = text.indexOf(needle, i + 1);
  expect(i, needle).toBeGreaterThanOrEqual(0);
  const before = text.slice(0, i).split('\n');
  return `${before.length}:${before.at(-1)!.length + 1}`;
}

const check = (text: string, file = 'test.yaml') => checkScenarioInRepo(root, file, text);
const brief = (ds: Diagnostic[]) => ds.map((d) => `${d.loc.line}:${d.loc.col} ${d.code}`);
/** Every code a test below has seen: each code of the catalogue must be reachable. */
const seen = new Set<string>();
const mistakes = (text: string) => {
  const ds = check(text);
  for (const d of ds) seen.add(d.code);
  return ds;
};

const trumpPosition = (field: string, extra = '') => `name: "a position"
game: trump
state:
  active: p1
  p1:
    field:
${field}
    life: [♠3, ♡9, ◇J]
  p2:
    field:
      - { card: ♡5, role: soldier }
steps:
  - p1: エンド
${extra || 'expect:\n  p2.field: [♡5]\n'}`;

describe('scenario check (scenario/check.ts)', () => {
  it("refuses `role: hero`: a value the game has no name for, at its line and column, and the scenario does not run", () => {
    const text = trumpPosition('      - { card: ♠Q, role: hero }');
    const ds = mistakes(text);
    expect(brief(ds)).toEqual([`${at(text, 'hero')} scenario/unknown-value`]);
    expect(ds[0]!.message).toMatch(/'role' is a Role value, and Role has no value 'hero'; its values are unassigned, soldier, barrier/);
    expect(ds[0]!.loc.endCol - ds[0]!.loc.col + 1).toBe('hero'.length);
    const o = runScenarioInRepo(root, 'test.yaml', text);
    expect(o.passed).toBe(false);
    expect(o.error?.kind).toBe('scenario');
    expect(o.events).toEqual([]); // nothing ran
    expect(o.failures).toEqual([expect.stringContaining(`test.yaml:${at(text, 'hero')}: state 'role' is a Role value`)]);
    // The title instead of the name: the name is suggested.
    const title = mistakes(trumpPosition('      - { card: ♠Q, role: 兵士 }'));
    expect(title[0]!.notes).toEqual(["'兵士' is the title of soldier: write soldier"]);
    // The same position written right runs.
    const right = runScenarioInRepo(root, 'test.yaml', trumpPosition('      - { card: ♠Q, role: soldier }'));
    expect(right.diagnostics).toEqual([]);
    expect(right.failures).toEqual([]);
    expect(right.events.length).toBeGreaterThan(0);
  });

  it('reports every mistake of a file at once, in the order written, each with its place and a did-you-mean', () => {
    const text = `name: "many mistakes"
game: trump
format: mastr
params: { blackjack_ace: sfot, opening_hnad: 7, opening_hand: lots }
start: mian
state:
  active: p3
  turn: soon
  p1:
    field:
      - { card: ♠Q, role: soldier, charged: maybe, rle: barrier }
      - { card: ♠R }
      - { role: soldier }
    hand: ♠3
    graveyrd: [♠4]
    vars: { force_totl: 1, force_total: many }
  p2:
    field: [♡5]
  globals: { bj_done: nope }
steps:
  - p1: pass
  - p3: pass
  - { p1: pass, p2: pass }
expect:
  p2.field: [♡5, ♡55]
  count: { p2.hand: -1 }
  cards: { ♡5: { role: hero } }
  winner: p4
`;
    const ds = mistakes(text);
    expect(brief(ds)).toEqual([
      `${at(text, 'mastr')} scenario/unknown-name`,
      `${at(text, 'sfot')} scenario/unknown-value`,
      `${at(text, 'opening_hnad')} scenario/unknown-name`,
      `${at(text, 'lots')} scenario/wrong-type`,
      `${at(text, 'mian')} scenario/unknown-name`,
      `${at(text, 'p3')} scenario/unknown-name`,
      `${at(text, 'soon')} scenario/wrong-type`,
      `${at(text, 'maybe')} scenario/wrong-type`,
      `${at(text, 'rle')} scenario/unknown-key`,
      `${at(text, '♠R')} scenario/unknown-name`,
      `${at(text, '{ role: soldier }')} scenario/missing-key`,
      `${at(text, '♠3')} scenario/wrong-type`,
      `${at(text, 'graveyrd')} scenario/unknown-name`,
      `${at(text, 'force_totl')} scenario/unknown-name`,
      `${at(text, 'many', 1)} scenario/wrong-type`,
      `${at(text, 'nope')} scenario/wrong-type`,
      `${at(text, 'p3', 1)} scenario/unknown-name`,
      `${at(text, '{ p1: pass, p2: pass }')} scenario/wrong-type`,
      `${at(text, '♡55')} scenario/unknown-name`,
      `${at(text, '-1')} scenario/wrong-type`,
      `${at(text, 'hero')} scenario/unknown-value`,
      `${at(text, 'p4')} scenario/unknown-name`,
    ]);
    const note = (needle: string) => ds.find((d) => d.loc.line === Number(at(text, needle).split(':')[0]) && d.loc.col === Number(at(text, needle).split(':')[1]))!.notes;
    expect(note('mastr')).toEqual(["did you mean 'master'?"]);
    expect(note('sfot')).toEqual(["did you mean 'soft'?"]);
    expect(note('opening_hnad')).toEqual(["did you mean 'opening_hand'?"]);
    expect(note('mian')).toEqual(["did you mean 'main'?"]);
    expect(note('rle')).toEqual(["did you mean 'role'?"]);
    expect(note('graveyrd')).toEqual(["did you mean 'graveyard'?"]);
    expect(note('force_totl')).toEqual(["did you mean 'force_total'?"]);
    for (const d of ds) expect(d.loc.file).toBe('test.yaml');
    // The runner refuses it with all of them, and runs nothing.
    const o = runScenarioInRepo(root, 'test.yaml', text);
    expect(o.failures).toHaveLength(ds.length);
    expect(o.events).toEqual([]);
  });

  it('the issue’s scenario keys: a misspelt expect, a misspelt parameter, text for a number, one card for a list', () => {
    const expcet = trumpPosition('      - { card: ♠Q, role: soldier }', 'expcet:\n  p2.field: [♡5]\n');
    const e = mistakes(expcet);
    expect(brief(e)).toEqual([`${at(expcet, 'expcet')} scenario/unknown-key`, `1:1 scenario/asserts-nothing`]);
    expect(e[0]!.notes).toEqual(["did you mean 'expect'?"]);
    // Before the check, this ruling passed with nothing checked.
    expect(runScenarioInRepo(root, 'test.yaml', expcet).passed).toBe(false);

    const skirmish = (params: string, board: string) => `name: "skirmish"
game: skirmish
params: ${params}
state:
  active: p1
  p1:
    board: ${board}
    deck: [Soldier]
  p2:
    deck: [Soldier]
steps:
  - p1: pass
expect:
  vars: { p2.life: 10 }
`;
    const life = skirmish('{ starting_lfe: 20 }', '[Healer]');
    expect(brief(mistakes(life))).toEqual([`${at(life, 'starting_lfe')} scenario/unknown-name`]);
    const lots = skirmish('{ starting_life: lots }', 'Healer');
    const l = mistakes(lots);
    expect(brief(l)).toEqual([`${at(lots, 'lots')} scenario/wrong-type`, `${at(lots, 'Healer')} scenario/wrong-type`]);
    expect(l[0]!.message).toBe("parameter 'starting_life' is a number, not text 'lots'");
    expect(l[1]!.message).toBe("the zone 'p1.board' is a list, not text 'Healer': write [Healer]");
    expect(runScenarioInRepo(root, 'test.yaml', skirmish('{ starting_life: 10 }', '[Healer]')).failures).toEqual([]);
  });

  it('a text parameter takes its default, an alternative, or a text the rules compare it with (spimate’s sample decks)', () => {
    const decks = (d: string) => `name: x\ngame: spimate\nparams: { decks: ${d} }\nstart: setup\nexpect: { winner: none }\n`;
    expect(mistakes(decks('A_mirror'))).toEqual([]);
    const typo = decks('A_mirorr');
    const ds = mistakes(typo);
    expect(brief(ds)).toEqual([`${at(typo, 'A_mirorr')} scenario/unknown-value`]);
    expect(ds[0]!.notes).toEqual(["did you mean 'A_mirror'?"]);
  });

  it('a ruling must assert something: no expect and no check step is a mistake; a check step alone is enough', () => {
    const none = trumpPosition('      - { card: ♠Q, role: soldier }', ' ');
    expect(brief(mistakes(none))).toEqual(['1:1 scenario/asserts-nothing']);
    expect(mistakes(none)[0]!.message).toMatch(/a ruling must assert something/);
    const onlyOrdered = trumpPosition('      - { card: ♠Q, role: soldier }', 'expect:\n  ordered: true\n');
    expect(brief(mistakes(onlyOrdered))).toEqual([`${at(onlyOrdered, 'expect')} scenario/asserts-nothing`]);
    const checkStep = trumpPosition('      - { card: ♠Q, role: soldier }', '  - check: { p2.field: [♡5] }\n');
    expect(mistakes(checkStep)).toEqual([]);
  });

  it('names in steps: a misspelt action or ability is refused before the run, with did-you-mean; every word an option can carry is accepted', () => {
    const skirmish = (answers: string) => `name: "steps"
game: skirmish
state:
  active: p1
  p1:
    hand: [Archer]
    deck: [Soldier]
  p2:
    deck: [Soldier]
steps:
${answers}
expect:
  p1.board: [Archer]
`;
    const typo = skirmish('  - p1: Plya\n  - p1: pass\n');
    const ds = mistakes(typo);
    expect(brief(ds)).toEqual([`${at(typo, 'Plya')} scenario/unknown-name`]);
    expect(ds[0]!.message).toMatch(/'Plya' is no option this game can offer/);
    expect(ds[0]!.notes).toEqual(["did you mean 'Play'?"]);
    const ability = skirmish('  - p1: Archer.Volly\n');
    expect(mistakes(ability)[0]!.notes).toEqual(["did you mean 'Archer.Volley'?"]);
    // In a chosen list and a mode, too.
    expect(brief(mistakes(skirmish('  - p1: [Archr]\n')))).toEqual([`${at(skirmish('  - p1: [Archr]\n'), 'Archr')} scenario/unknown-name`]);
    // What the engine may label an option with: actions, told-apart copies, cards, players, numbers, pass, optional triggers' answers.
    for (const ok of ['Play', 'Attack (2)', 'Archer.Volley', 'Archer', 'p2', '3', 'pass', 'none', 'decline', '[Archer, Soldier]', 'Archer.Volley (Archer)'])
      expect(mistakes(skirmish(`  - p1: ${ok}\n`)), ok).toEqual([]);
  });

  it("a card's owner may differ from the zone's player (a stolen card): references name it by its owner; an unknown owner is a mistake", () => {
    const text = (owner: string, blocking: string) => trumpPosition(`      - { card: ♠Q, role: soldier, blocking: ${blocking} }`).replace('      - { card: ♡5, role: soldier }', `      - { card: ♡5, role: soldier, owner: ${owner} }`);
    expect(mistakes(text('p1', 'p1:♡5'))).toEqual([]);
    // Owned by p1, it is no longer p2's ♡5.
    const byZone = text('p1', 'p2:♡5');
    expect(brief(mistakes(byZone))).toEqual([`${at(byZone, 'p2:♡5')} scenario/card-reference`]);
    const bad = text('p3', 'p2:♡5');
    expect(brief(mistakes(bad))).toContain(`${at(bad, 'p3')} scenario/unknown-name`);
  });

  it('card references: a card-valued state names exactly one card of the position; zones in the right place', () => {
    const text = (blocking: string) =>
      trumpPosition(`      - { card: ♠Q, role: soldier, blocking: ${blocking} }\n      - { card: ♠K, role: soldier }`);
    expect(mistakes(text('p2:♡5'))).toEqual([]);
    const missing = text('p2:♡6');
    expect(brief(mistakes(missing))).toEqual([`${at(missing, 'p2:♡6')} scenario/card-reference`]);
    const unknown = text('♡66');
    expect(brief(mistakes(unknown))).toEqual([`${at(unknown, '♡66')} scenario/unknown-name`]);
    const twice = `${trumpPosition('      - { card: ♠Q, role: soldier, blocking: ♡5 }')}`.replace('  p2:\n    field:\n', '  p2:\n    hand: [♡5]\n    field:\n');
    const t = mistakes(twice);
    expect(brief(t)).toEqual([`${at(twice, '♡5 }')} scenario/card-reference`]);
    expect(t[0]!.message).toMatch(/'♡5' names 2 cards of the position; write p2:♡5/);
    // A shared zone under a player, a per-player zone in expect without its player.
    const place = trumpPosition('      - { card: ♠Q, role: soldier }', 'expect:\n  field: [♡5]\n');
    expect(brief(mistakes(place))).toEqual([`${at(place, 'field: [♡5]')} scenario/wrong-place`]);
    expect(mistakes(place)[0]!.message).toBe("'field' is a zone of each player: write p1.field or p2.field");
    const setup = 'name: x\ngame: trump\nstart: setup\nstate: { active: p1 }\nexpect: { winner: none }\n';
    expect(brief(mistakes(setup))).toEqual([`${at(setup, 'state')} scenario/wrong-place`]);
    const attr = trumpPosition('      - { card: ♠Q, suit: heart }');
    expect(brief(mistakes(attr))).toEqual([`${at(attr, 'suit')} scenario/wrong-place`]);
  });

  it('YAML errors are reported at their place; an unknown or missing game names the games', () => {
    const yaml = 'name: x\ngame: trump\nstate: [\n';
    const y = mistakes(yaml);
    expect(y.length).toBeGreaterThan(0);
    expect(y.every((d) => d.code === 'scenario/yaml' && d.loc.line >= 3)).toBe(true);
    const game = 'name: x\ngame: trunp\nexpect: { winner: none }\n';
    const g = mistakes(game);
    expect(brief(g)).toEqual([`${at(game, 'trunp')} scenario/unknown-name`]);
    expect(g[0]!.notes).toEqual(["did you mean 'trump'?"]);
    expect(brief(mistakes('name: x\nexpect: { winner: none }\n'))).toEqual(['1:1 scenario/missing-key']);
  });

  it('deck lists (decks:): every card checked against the game’s cards, every count a whole number of 1 or more, at its place', () => {
    const spimate = (decks: string, extra = '', expect = 'expect: { deck_legal: { p1: true } }\n') => `name: x\ngame: spimate\n${extra}decks:\n${decks}${expect}`;
    const good = spimate('  p1:\n    main: { 見習い剣士: 2, 火竜の子: 2, 雷撃: 1 }\n    side: { 竜帝: 2 }\n');
    expect(mistakes(good)).toEqual([]);
    // An unknown card, with the nearest; counts 0, 2.5 and a word.
    const bad = spimate('  p1:\n    main: { 見習い剣: 2, 火竜の子: 0, 雷撃: 2.5, 石の巨人: two }\n');
    const b = mistakes(bad);
    expect(brief(b)).toEqual([`${at(bad, '見習い剣')} scenario/unknown-name`, `${at(bad, '0')} scenario/deck-count`, `${at(bad, '2.5')} scenario/deck-count`, `${at(bad, 'two')} scenario/deck-count`]);
    expect(b[0]!.message).toBe("unknown card '見習い剣': spimate has no card of that name");
    expect(b[0]!.notes).toEqual(["did you mean '見習い剣士'?"]);
    expect(b[1]!.message).toBe('decks p1.main: how many of 火竜の子 is a whole number, 1 or more, not the number 0');
    // An unknown player, a part that is neither main nor side, a list with no main.
    // (Spimate plays up to four: p5 is no player of it.)
    const shape = spimate('  p5:\n    main: { 雷撃: 1 }\n  p1:\n    mian: { 雷撃: 1 }\n');
    const s = mistakes(shape);
    expect(brief(s)).toEqual([`${at(shape, 'p5')} scenario/unknown-name`, `${at(shape, 'mian')} scenario/unknown-key`, `${at(shape, 'p1:')} scenario/missing-key`]);
    expect(s[1]!.notes).toEqual(["did you mean 'main'?"]);
    // A deck list starts at setup: not with a state, nor another start.
    const withState = spimate('  p1:\n    main: { 雷撃: 1 }\n', 'state: { active: p1 }\n');
    expect(brief(mistakes(withState))).toEqual([`${at(withState, 'state')} scenario/wrong-place`]);
    const withStart = spimate('  p1:\n    main: { 雷撃: 1 }\n', 'start: turn\n');
    expect(brief(mistakes(withStart))).toEqual([`${at(withStart, 'start')} scenario/wrong-place`]);
    expect(mistakes(spimate('  p1:\n    main: { 雷撃: 1 }\n', 'start: setup\n'))).toEqual([]);
    // A deck expectation names a player the scenario gives a list.
    const other = spimate('  p1:\n    main: { 雷撃: 1 }\n', '', 'expect: { deck_legal: { p2: true }, deck_reason: { p5: x } }\n');
    expect(brief(mistakes(other))).toEqual([`${at(other, 'p5')} scenario/unknown-name`, `${at(other, 'p2')} scenario/wrong-place`]);
    // T-magic's deck check has no side zone; trump has no deck check at all.
    const side = 'name: x\ngame: t-magic\ndecks:\n  p1:\n    main: { Wisp: 1 }\n    side: { Slime: 1 }\nexpect: { winner: p2 }\n';
    expect(brief(mistakes(side))).toEqual([`${at(side, 'side')} scenario/no-deck-check`]);
    const trump = 'name: x\ngame: trump\ndecks:\n  p1:\n    main: { ♠A: 1 }\nexpect: { deck_legal: { p1: true } }\n';
    const t = mistakes(trump);
    expect(brief(t)).toEqual([`${at(trump, 'decks')} scenario/no-deck-check`, `${at(trump, 'deck_legal')} scenario/no-deck-check`]);
    expect(t[0]!.message).toMatch(/^trump declares no deck check, so a deck list has no zone to fill/);
  });

  it('a tactics puzzle: an agent answers its steps, its right and wrong answers are written out (scenario/puzzle)', () => {
    const puzzle = (steps: string, body: string) => `name: x\ngame: trump\nstate:\n  active: p1\n  p1:\n    field:\n      - { card: ♠7, role: soldier }\n    life: [♠3]\n  p2:\n    life: [♣2]\nsteps:\n${steps}expect: { winner: p1 }\npuzzle:\n${body}`;
    const agentStep = '  - p1: { agent: "mcts:50" }\n';
    expect(mistakes(puzzle(agentStep, '  right:\n    - p1: アタック\n  wrong:\n    - - p1: エンド\n'))).toEqual([]);
    // No agent in the steps: nobody is asked to find the answer.
    const noAgent = puzzle('  - p1: アタック\n', '  right:\n    - p1: アタック\n  wrong:\n    - - p1: エンド\n');
    const d = mistakes(noAgent);
    expect(brief(d)).toEqual([`${at(noAgent, 'puzzle')} scenario/puzzle`]);
    expect(d[0]!.message).toMatch(/agent/);
    // An agent in a script, an empty list of wrong answers, a misspelt key, a missing one.
    const agentInRight = puzzle(agentStep, '  right:\n    - p1: { agent: first }\n  wrong: []\n');
    expect(brief(mistakes(agentInRight))).toEqual([`${at(agentInRight, '- p1: { agent: first }')} scenario/puzzle`, `${at(agentInRight, '[]')} scenario/puzzle`]);
    const misspelt = puzzle(agentStep, '  rigth:\n    - p1: アタック\n');
    expect(brief(mistakes(misspelt))).toEqual([`${at(misspelt, 'rigth')} scenario/unknown-key`, `${at(misspelt, 'rigth')} scenario/missing-key`, `${at(misspelt, 'rigth')} scenario/missing-key`]);
  });

  it('every code of the catalogue is reported by some mistake above', () => {
    expect([...seen].sort()).toEqual(Object.keys(scenarioDiagnosticCodes).sort());
  });
});
