/**
 * Why not, inside a choice (runtime/why-not-choice.ts, `grimoire why-not --card`): at a pick or a
 * mode asked while a rule runs — a blocker, a square, a fusion target — why a card is not among
 * the options (the filter that excluded it, inside the game functions it calls, with the values
 * it read) and why a mode's closed options are closed; and over random games, the explanation
 * agrees with the options the engine offers and leaves the game as it was.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RandomAgent } from '../runtime/agents/basic.ts';
import { Engine } from '../runtime/engine.ts';
import { Card } from '../runtime/model.ts';
import { asList } from '../runtime/context.ts';
import { playGame } from '../runtime/play.ts';
import { whyNotScenario } from '../scenario/why-not.ts';
import { compiledGame, root } from './helpers.ts';
import { grimoireInProcess } from './grimoire-in-process.ts';
import { argWords, words } from '../scenario/log-words.ts';
import { compileGame } from '../compiler/compile.ts';

const blockRuling = 'rules/trump/rulings/r-tr-12b-driven-cannot-block-choice.yaml';
const at = (file: string, step: number, cards: string[] = [], player = 'p2') =>
  whyNotScenario(file, readFileSync(join(root, file), 'utf8'), { rules: (g) => compiledGame(g), step, player, cards });

describe('why is a card not among the options of a choice inside a rule', () => {
  it('a driven barrier at the mode "block this attacker with": not a free blocker, because it is not charged — under each option that picks a card', () => {
    const r = at(blockRuling, 2, ['◇8']);
    expect(r.decision?.prompt).toBe('block this attacker with');
    const c = r.choice!;
    expect(c.kind).toBe('mode');
    expect(c.at).toEqual({ file: 'rules/trump/functions.grim', line: 323, col: expect.any(Number) });
    expect(c.closed).toEqual([]);
    const v = c.cards.find((x) => x.card.startsWith('◇8'))!;
    expect(v.offered).toBe(false);
    expect(v.reasons).toHaveLength(2);
    expect(v.reasons[0]).toMatch(/^option "barrier", choose b from free_blockers\(p2\) where 防壁\(it\): ◇8 is not in free_blockers\(p2\); in free_blockers: ◇8 is in p2\.field, but it\.charged is false for ◇8$/);
    expect(v.reasons[1]).toMatch(/^option "soldiers", /);
    expect(v.cites.map((x) => x.name)).toEqual(['free_blockers']);
    expect(v.cites[0]!.cite).toContain('ドライブ状態のキャラクターは指定できない');
  });

  it('at the pick of the blocking barrier: a named card offered or not; with none named, the cards the filter rejected, with the values it read', () => {
    const named = at(blockRuling, 4, ['♣4', '◇10']).choice!;
    expect(named.kind).toBe('pick');
    expect(named.statement).toBe('choose b from free_blockers(p2) where 防壁(it)');
    expect(named.cards.map((x) => [x.card, x.offered])).toEqual([['♣4 (p2.field)', true], ['◇10 (p2.field)', false]]);
    const all = at(blockRuling, 4).choice!;
    const soldier = all.cards.find((x) => x.card.startsWith('◇5'))!;
    expect(soldier.offered).toBe(false);
    expect(soldier.reasons).toEqual(['◇5 is in free_blockers(p2), but 防壁(it) is false for ◇5 — in 防壁: ◇5.role == "barrier" — read "soldier" == "barrier"']);
    // The offered ones are not listed as rejected.
    expect(all.cards.some((x) => x.card.startsWith('♣4') || x.card.startsWith('♡2'))).toBe(false);
  });

  it('a closed option says which condition closed it, and why for each card it read', () => {
    const r = at('test/fixtures/why-not/trump-no-free-soldier.yaml', 1);
    expect(r.decision?.options).toEqual(['none', 'barrier']);
    expect(r.choice!.closed).toEqual([{ label: 'soldiers', reason: 'when any(free_blockers(p2), 兵士(it)) is false — ♣4: 兵士(it) is false — in 兵士: ♣4.role == "soldier" — read "barrier" == "soldier"' }]);
  });

  it('in another game: a square taken by a card closes its option, naming the card (Spimate)', () => {
    const r = at('rules/spimate/rulings/r-sp-22-fusion-destroyed.yaml', 4, [], 'p1');
    expect(r.choice!.closed).toEqual([{ label: '後衛・左', reason: expect.stringMatching(/^when square_free\(p1, "back", 1\) is false — in square_free: not any\(p1\.field, .*\) — it holds for FUSE$/) }]);
  });

  it('a card the rules know but no zone holds is said to be absent', () => {
    const r = at(blockRuling, 4, ['◇9']);
    expect(r.choice!.cards).toEqual([{ card: '◇9', offered: false, reasons: ['no ◇9 is in this game: the rules know the card, but no zone holds one'], cites: [] }]);
  });
});

describe('why a card is not among the options: a filter that is an `or`', () => {
  // A pick whose `where` is an `or`: a card refused fails every alternative, and the reason says
  // so for each — the alternative and the values it read.
  const game = `
game g "G" { players 2 max turns 2 }
enum Suit { red, black }
zone hand per player private ordered
card type C { attr suit: Suit attr rank: number }
card B2: C { suit = black rank = 2 }
card B3: C { suit = black rank = 3 }
card R1: C { suit = red rank = 1 }
setup { for each p in players { create every C in p.hand } }
turn { choose x: 1 from active.hand where it.rank >= 3 or it.suit == red "a high or red card" }
`;
  it('names each alternative with what it read, for the card that fails both', () => {
    const r = compileGame({ sources: [{ path: 'g.grim', text: game }] });
    if (!r.ir) throw new Error(r.diagnostics.map((d) => d.message).join('\n'));
    const e = new Engine(r.ir, { seed: 1, inspectable: true });
    let asked = 0;
    e.run((d) => {
      if (d.kind !== 'pick' || asked++ > 0) return 0;
      // B3 (rank 3) and R1 (red) pass one alternative each; B2 (black, rank 2) passes neither.
      expect(d.options.map((o) => o.label).sort()).toEqual(['B3', 'R1']);
      const why = e.whyNotInChoice(d, ['B2', 'B3'])!;
      // (The other player's copies lie in their own hand: not the chooser's candidates either.)
      const mine = why.cards.filter((c) => argWords(c.card).endsWith(`(${d.player.name}.hand)`));
      expect(mine.map((c) => [argWords(c.card), c.offered])).toEqual([[`B2 (${d.player.name}.hand)`, false], [`B3 (${d.player.name}.hand)`, true]]);
      const reasons = mine[0]!.reasons.map((x) => argWords(x));
      expect(reasons).toHaveLength(1);
      const [head, alts] = reasons[0]!.split(' — none of ');
      // (An enum value is shown as a text, as the other reasons show it: `"barrier"`.)
      expect(head).toBe('B2 is in active.hand, but it.rank >= 3 or it.suit == "red" is false for B2');
      // Each alternative, with the values it compared, and that none holds.
      expect(alts).toBe('it.rank >= 3 — read 2 >= 3; it.suit == "red" — read "black" == "red" holds');
      return 0;
    });
    expect(asked).toBeGreaterThan(0);
  });
});

describe('why a card is not among the options: a filter with `all(list, test)`, and a list that cannot be read alone', () => {
  /** The reasons of each card the pick's filter rejected (none named), at the first pick of `game`, in words. */
  const rejected = (game: string, offered: string[]): Record<string, string[]> => {
    const r = compileGame({ sources: [{ path: 'g.grim', text: game }] });
    if (!r.ir) throw new Error(r.diagnostics.map((d) => d.message).join('\n'));
    const e = new Engine(r.ir, { seed: 1, inspectable: true });
    let out: Record<string, string[]> | null = null;
    e.run((d) => {
      if (d.kind !== 'pick' || out) return 0;
      expect(d.options.map((o) => o.label).sort()).toEqual(offered);
      out = Object.fromEntries(e.whyNotInChoice(d, [])!.cards.map((c) => [argWords(c.card), c.reasons.map((x) => argWords(x))]));
      return 0;
    });
    if (!out) throw new Error('no pick was asked');
    return out;
  };

  it('names the cards of the list that fail the test, not those that pass it, each with the values it read; after four, how many more', () => {
    // A hand card is offered when it outranks every card of the pile (ranks 2 3 5 7 8 9).
    const game = `
game g "G" { players 2 max turns 2 }
zone hand per player private ordered
zone pile per player ordered
card type C { attr rank: number }
card type P { attr rank: number }
card H1: C { rank = 1 }
card H5: C { rank = 5 }
card H6: C { rank = 6 }
card H10: C { rank = 10 }
card H12: C { rank = 12 }
card P2: P { rank = 2 }
card P3: P { rank = 3 }
card P5: P { rank = 5 }
card P7: P { rank = 7 }
card P8: P { rank = 8 }
card P9: P { rank = 9 }
function outranks(c: card): bool = all(active.pile, c.rank > it.rank)
setup { for each p in players { create every C in p.hand create every P in p.pile } }
turn { choose x: 1 from active.hand where outranks(it) "a card" }
`;
    const why = rejected(game, ['H10', 'H12']);
    expect(Object.keys(why)).toEqual(['H1 (p1.hand)', 'H5 (p1.hand)', 'H6 (p1.hand)']);
    const head = (c: string) => `${c} is in active.hand, but outranks(it) is false for ${c} — in outranks: all(active.pile, ${c}.rank > it.rank) — `;
    const fails = (c: string, rank: number, p: string) => `${p}: ${c}.rank > it.rank is false — read ${rank} > ${p.slice(1)}`;
    // H6 outranks P2, P3 and P5: only P7, P8 and P9 are named.
    expect(why['H6 (p1.hand)']).toEqual([head('H6') + ['P7', 'P8', 'P9'].map((p) => fails('H6', 6, p)).join('; ')]);
    // H5 fails exactly four: all named, no "more".
    expect(why['H5 (p1.hand)']).toEqual([head('H5') + ['P5', 'P7', 'P8', 'P9'].map((p) => fails('H5', 5, p)).join('; ')]);
    // H1 outranks none: the first four, and how many more.
    expect(why['H1 (p1.hand)']).toEqual([head('H1') + ['P2', 'P3', 'P5', 'P7'].map((p) => fails('H1', 1, p)).join('; ') + '; and 2 more']);
  });

  /** A hand of H1, H6 and H7 (ranks 1, 6, 7) and an empty spare pile per player; the turn is each test's. */
  const handAndSpare = `
game g "G" { players 2 max turns 2 }
zone hand per player private ordered
zone spare per player ordered
card type C { attr rank: number }
card H1: C { rank = 1 }
card H6: C { rank = 6 }
card H7: C { rank = 7 }
setup { for each p in players { create every C in p.hand } }`;

  it('a list that cannot be read alone is named without values, never said to be empty; an item whose test cannot be read is not said to fail it; an empty list is said to be', () => {
    // The spare pile is empty: the second alternative's `any` reads it and is false — its list is
    // said to be empty. The engine never reads the third alternative's `any` and `all` (`and`
    // stops at `not is_empty`): read alone, their list is `other(none)`'s hand, which cannot be
    // read; the last `all`'s list can, but its test cannot for any card (`other(none)` again):
    // the reason names those parts as parts it cannot read (never as false), and says nothing of
    // their lists or items.
    const game = `${handAndSpare}
turn { choose x: 1 from active.hand where it.rank >= 6 or any(active.spare, it.rank > 0) or (not is_empty(active.spare) and any(other(owner(first(active.spare))).hand, it.rank > 0) and all(other(owner(first(active.spare))).hand, it.rank > 0) and all(active.hand, other(owner(host(it))) == active)) "a card" }
`;
    const why = rejected(game, ['H6', 'H7']);
    const list = 'other(owner(first(active.spare))).hand';
    const third = `not is_empty(active.spare) and any(${list}, it.rank > 0) and all(${list}, it.rank > 0) and all(active.hand, other(owner(host(it))) == active)`;
    const pred = `it.rank >= 6 or any(active.spare, it.rank > 0) or ${third}`;
    expect(why).toEqual({
      'H1 (p1.hand)': [
        `H1 is in active.hand, but ${pred} is false for H1 — none of it.rank >= 6 — read 1 >= 6; any(active.spare, it.rank > 0) — active.spare is empty; ${third} — not is_empty(active.spare) is false; any(${list}, it.rank > 0) cannot be read here; all(${list}, it.rank > 0) cannot be read here; all(active.hand, other(owner(host(it))) == active) cannot be read here holds`,
      ],
    });
    expect(JSON.stringify(why).match(/is empty/g)).toEqual(['is empty']);
  });

  it("a filter's part that cannot be read alone is not given as the reason a card was left out; the part read as false is", () => {
    const game = `${handAndSpare}
turn { choose x: 1 from active.hand where it.rank >= 6 and (it.rank >= 6 or any(other(owner(first(active.spare))).hand, it.rank > 0)) "a card" }
`;
    // For H1 the engine stops at the first part; the second, read alone for H1, reaches the
    // empty spare pile's first card's owner — which cannot be read.
    expect(rejected(game, ['H6', 'H7'])).toEqual({ 'H1 (p1.hand)': ['H1 is in active.hand, but it.rank >= 6 is false for H1 — read 1 >= 6'] });
  });
  it('an `all` over players names the failing ones, with no reason of a card; `all_same` is not explained as an `all`', () => {
    const game = `
game g "G" { players 2 max turns 2 }
zone hand per player private ordered
card type C { attr rank: number }
card H1: C { rank = 1 }
card H6: C { rank = 6 }
card H7: C { rank = 7 }
setup { for each p in players { create every C in p.hand } }
turn { choose x: 1 from active.hand where it.rank >= 6 or all(players, it != active) or all_same(active.hand, it.rank > 6) "a card" }
`;
    const pred = 'it.rank >= 6 or all(players, it != active) or all_same(active.hand, it.rank > 6)';
    // all_same(…) is false (H7 alone is above 6): it says nothing more — its items failing `it.rank > 6` are not why.
    expect(rejected(game, ['H6', 'H7'])).toEqual({
      'H1 (p1.hand)': [`H1 is in active.hand, but ${pred} is false for H1 — none of it.rank >= 6 — read 1 >= 6; all(players, it != active) — p1: it != active is false; all_same(active.hand, it.rank > 6) holds`],
    });
  });
});

describe('grimoire why-not --card', () => {
  const grimoire = (...args: string[]) => grimoireInProcess(args, { cwd: root });
  it('prints the choice, its rule, and each card with its reasons and the cites of the functions they went into', async () => {
    const r = await grimoire('why-not', blockRuling, '--step', '2', '--player', 'p2', '--card', '◇8');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('the choice: choose one of "none"');
    expect(r.stdout).toContain('[rules/trump/functions.grim:323]');
    expect(r.stdout).toContain('not offered ◇8 (p2.field)');
    expect(r.stdout).toContain('but it.charged is false for ◇8');
    expect(r.stdout).toContain('free_blockers: TR-12.2');
    // The answer is about the choice: the player's actions are not listed after it.
    expect(r.stdout).not.toContain('refused    エンド');
  });
  it('refuses, with what to do: a trigger named as an action, a card at an action decision, a card not in the game', async () => {
    const trigger = await grimoire('why-not', blockRuling, '--player', 'p2', '--action', 'ブロック');
    expect(trigger.status).toBe(2);
    expect(trigger.stderr).toContain('ブロック is a trigger: no player declares it');
    expect(trigger.stderr).toContain('--step N');
    const free = await grimoire('why-not', blockRuling, '--player', 'p2', '--card', '◇8');
    expect(free.status).toBe(2);
    expect(free.stderr).toContain('stop at the choice with --step N');
    const typo = await grimoire('why-not', blockRuling, '--step', '2', '--player', 'p2', '--card', '◇ 8');
    expect(typo.status).toBe(2);
    expect(typo.stderr).toMatch(/no card '◇ 8' in trump; did you mean '◇8'/);
  });
});

describe('why not in a choice agrees with the engine', () => {
  // At every pick asked inside a rule in random games: each card among the options is said to be
  // offered, each card of the choice's candidates that is not is given a reason, and the game
  // plays on exactly as it would without the questions.
  for (const [game, seeds] of [['trump', 3], ['summon-magic', 2], ['t-magic', 2], ['spimate', 3]] as const) {
    it(`${game}: ${seeds} random games`, () => {
      const ir = compiledGame(game);
      let points = 0;
      for (let seed = 1; seed <= seeds; seed++) {
        const e = new Engine(ir, { seed, inspectable: true });
        const random = e.players.map((_, i) => new RandomAgent(seed * 31 + i));
        e.run((d) => {
          if ((d.kind === 'pick' || d.kind === 'mode') && d.ctx) {
            const names = [...new Set(d.options.flatMap((o) => asList(o.value as never)).filter((v): v is Card => v instanceof Card).map((c) => c.name))];
            const r = e.whyNotInChoice(d, names);
            if (r) {
              points++;
              for (const v of r.cards) {
                // A name may be shared by several copies; each copy is judged alone.
                if (!v.offered) expect(v.reasons.length).toBeGreaterThan(0);
              }
              const offeredNames = new Set(r.cards.filter((v) => v.offered).map((v) => argWords(v.card).split(' (')[0]));
              if (d.kind === 'pick') for (const n of names) expect(offeredNames.has(n), `${n} at "${d.prompt}"`).toBe(true);
              const labels = d.options.map((o) => o.label);
              for (const o of r.closed) {
                expect(labels).not.toContain(o.label);
                expect(words(o.reason)).toMatch(/^when .+ is false/);
              }
              if (d.kind === 'pick') {
                expect(r.closed).toEqual([]);
                // With no card named: the candidates the filter rejected, none of them offered, each with a reason.
                for (const v of e.whyNotInChoice(d, [])!.cards) {
                  expect(v.offered).toBe(false);
                  expect(v.reasons.length).toBeGreaterThan(0);
                }
              }
            }
          }
          return random[d.player.index]!.byCount(d.count);
        });
        const plain = playGame(ir, seed, { draws: 'listed' });
        expect(e.hash).toBe(plain.hash);
        expect(e.result).toEqual(plain.result);
      }
      expect(points).toBeGreaterThan(3);
    });
  }
});
