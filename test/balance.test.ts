/**
 * The balance lab (issue 13): what the runtime tallies in a game (runtime/tally.ts), the
 * statistics against published values (balance/statistics.ts), the fold's invariants over real
 * games, and `grimoire balance` end to end — the same report and hash on any number of threads,
 * equal to `grimoire play`'s hash, and `--vs` against a revision that changes one action's cost.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { compileGame } from '../compiler/compile.ts';
import { Engine } from '../runtime/engine.ts';
import { playBatch } from '../runtime/batch.ts';
import { foldBalance } from '../balance/fold.ts';
import type { BalanceComparison, BalanceReport } from '../balance/report.ts';
import { adjust, distribution, pairedMeanDifference, pairedRateDifference, rate, rateDifference, wilson, type Difference } from '../balance/statistics.ts';
import { compiledGame, root } from './helpers.ts';
import { grimoireInProcess } from './grimoire-in-process.ts';

// A small game whose every move is known: each player draws Spark, Blaze and Dud (Extra stays
// in the deck, Token is made straight into the hand); the turn's own rules discard a Dud in hand
// at the end of the turn; Strip discards the first card of the opponent's hand.
const tallyGame = `
game tallytest "Tally test" { version "1" players 2 max turns 2 }
zone deck per player hidden ordered "Deck"
zone hand per player private "Hand"
zone field per player public ordered "Field"
zone discard per player public "Discard"
card type Card { attr power: number }
card Spark "Spark": Card { power = 1 }
card Blaze "Blaze": Card { power = 2 }
card Dud "Dud": Card { power = 0 }
card Extra "Extra": Card { power = 3 }
card Token "Token": Card { power = 5 }
setup {
  for each p in players {
    create 1 of Spark in p.deck
    create 1 of Blaze in p.deck
    create 1 of Dud in p.deck
    create 1 of Extra in p.deck
    move top(p.deck, 3) to p.hand
    create 1 of Token in p.field
  }
  set active = first(players)
}
turn {
  window main passable
  move active.hand where it.power == 0 to active.discard
}
action Play "Play a card" {
  speed immediate
  when me == active
  using c: 1 from me.hand
  effect { move c to me.field }
}
action Strip "Strip" {
  speed immediate
  when me == active and not is_empty(opponent.hand)
  effect { move first(opponent.hand) to opponent.discard }
}
`;

describe('the tally of one game (runtime/tally.ts)', () => {
  it('counts deck, drawn, played and used by the definitions of docs/balance.md', () => {
    const r = compileGame({ sources: [{ path: 'rules/tallytest/game.grim', text: tallyGame }] });
    expect(r.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const ir = r.ir!;
    const engine = new Engine(ir, { seed: 1, tally: true });
    // p1 plays Spark and Blaze, strips one card of p2's hand, passes; p2 passes.
    const script = ['Play', 'Spark', 'Play', 'Blaze', 'Strip', 'pass', 'pass'];
    let next = 0;
    engine.run((d) => {
      const i = d.options.findIndex((o) => o.label === script[next]);
      if (i < 0) throw new Error(`step ${next}: '${script[next]}' is not among ${d.options.map((o) => o.label).join(' | ')}`);
      next++;
      return i;
    });
    expect(next).toBe(script.length);
    const c = engine.counts()!;
    const names = (list: number[]) => list.map((d) => ir.cards[d]!.name);
    // The token was never in the deck; Extra never left it: in the deck, not drawn.
    expect(names(c.pile[0]!)).toEqual(['Spark', 'Blaze', 'Dud', 'Extra']);
    expect(names(c.drawn[0]!)).toEqual(['Spark', 'Blaze', 'Dud']);
    expect(names(c.drawn[1]!)).toEqual(['Spark', 'Blaze', 'Dud']);
    // p1's Dud was discarded by the turn's rules, not played; p2's cards were stripped by p1 or discarded by the rules.
    expect(names(c.played[0]!)).toEqual(['Spark', 'Blaze']);
    expect(names(c.played[1]!)).toEqual([]);
    const used = (p: number) => c.used[p]!.map(([a, n]) => `${ir.actions[a]!.name}:${n}`);
    expect(used(0)).toEqual(['Play:2', 'Strip:1']);
    expect(used(1)).toEqual([]);
    // Without a tally the engine counts nothing.
    expect(new Engine(ir, { seed: 1 }).counts()).toBeNull();
  });

  it('a shared hidden pile is every player\'s deck, and a card drawn from it counts for the player who drew it', () => {
    const shared = `
game sharedtest "Shared pile" { version "1" players 2 max turns 2 }
zone pile shared hidden ordered "Pile"
zone hand per player private "Hand"
zone field per player public ordered "Field"
card type Card { attr power: number }
card A "A": Card { power = 1 }
card B "B": Card { power = 2 }
card C "C": Card { power = 3 }
card D "D": Card { power = 4 }
card T "T": Card { power = 5 }
setup {
  create 1 of A in pile
  create 1 of B in pile
  create 1 of C in pile
  create 1 of D in pile
  for each p in players {
    move top(pile, 2) to p.hand
    create 1 of T in p.hand
  }
  set active = first(players)
}
turn { window main passable }
action Play "Play a card" {
  speed immediate
  when me == active
  using c: 1 from me.hand
  effect { move c to me.field }
}
`;
    const r = compileGame({ sources: [{ path: 'rules/sharedtest/game.grim', text: shared }] });
    expect(r.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const ir = r.ir!;
    const engine = new Engine(ir, { seed: 1, tally: true });
    // Each player plays everything they can, the token T included.
    engine.run((d) => Math.max(0, d.options.findIndex((o) => o.label !== 'pass')));
    const c = engine.counts()!;
    const names = (list: number[]) => list.map((d) => ir.cards[d]!.name);
    expect(names(c.pile[0]!)).toEqual(['A', 'B', 'C', 'D']);
    expect(names(c.pile[1]!)).toEqual(['A', 'B', 'C', 'D']);
    expect(names(c.drawn[0]!)).toEqual(['A', 'B']);
    expect(names(c.drawn[1]!)).toEqual(['C', 'D']);
    // T was made in the hand, never in a deck: it counts for no one, though it was played.
    expect(names(c.played[0]!)).toEqual(['A', 'B']);
    expect(names(c.played[1]!)).toEqual(['C', 'D']);
  });

  it('changes no game: the hashes of 60 games of each seed game are the same with and without it', () => {
    for (const game of ['trump', 'summon-magic', 't-magic', 'spimate']) {
      const ir = compiledGame(game);
      const plain = playBatch(ir, 1, 60).map((g) => g.hash);
      const tallied = playBatch(ir, 1, 60, { tally: true });
      expect(tallied.map((g) => g.hash), game).toEqual(plain);
      for (const g of tallied) {
        for (let p = 0; p < 2; p++) {
          const deck = new Set(g.counts!.pile[p]);
          // A drawn card came from the player's deck.
          expect(g.counts!.drawn[p]!.every((d) => deck.has(d)), game).toBe(true);
        }
      }
    }
  });
});

describe('the statistics (balance/statistics.ts) against published values', () => {
  it('Wilson and Newcombe intervals', () => {
    const [lo, hi] = wilson(0, 10);
    expect(lo).toBe(0);
    expect(hi).toBeCloseTo(0.2775, 4);
    // Newcombe (1998), example (a): 56/70 against 48/80, method 10: 0.0524 to 0.3339.
    const d = rateDifference(rate(56, 70), rate(48, 80));
    expect(d.diff).toBeCloseTo(0.2, 4);
    expect(d.ci95[0]).toBeCloseTo(0.0524, 3);
    expect(d.ci95[1]).toBeCloseTo(0.3339, 3);
    expect(d.p).toBeLessThan(0.05);
    // An empty group compares nothing.
    expect(rateDifference(rate(3, 5), rate(0, 0))).toMatchObject({ diff: 0, p: 1, significant: false, ci95: [-1, 1] });
  });

  it('McNemar (exact under 25 discordant pairs), the paired t, Benjamini–Hochberg', () => {
    // 2 against 8 discordant pairs: two-sided exact p = 2 · (1 + 10 + 45) / 1024.
    expect(pairedRateDifference(2, 8, 100).p).toBeCloseTo(0.1094, 4);
    expect(pairedRateDifference(2, 8, 100).diff).toBeCloseTo(0.06, 4);
    expect(pairedRateDifference(0, 0, 100).p).toBe(1);
    // b − a = 1, 2, 3, 4: mean 2.5, t = 3.873 on 3 degrees of freedom, p = 0.0305, CI 2.5 ± 3.182 · 0.6455.
    const t = pairedMeanDifference([0, 0, 0, 0], [1, 2, 3, 4]);
    expect(t.diff).toBe(2.5);
    expect(t.p).toBeCloseTo(0.0305, 3);
    expect(t.ci95[0]).toBeCloseTo(0.446, 2);
    expect(t.ci95[1]).toBeCloseTo(4.554, 2);
    const family: Difference[] = [0.01, 0.04, 0.03, 0.005].map((p) => ({ diff: 0, ci95: [0, 0], p, q: 1, significant: false }));
    adjust(family);
    family.forEach((d, i) => expect(d.q).toBeCloseTo([0.02, 0.04, 0.04, 0.02][i]!, 12));
    expect(family.every((d) => d.significant)).toBe(true);
    // The correction sees unrounded p-values: one test at p = 0.00034 among 150 gets q = 0.051,
    // not flagged (rounded to 0.0003 first, it would get 0.045 and be).
    const many: Difference[] = Array.from({ length: 150 }, (_, i) => ({ diff: 0, ci95: [0, 0], p: i === 0 ? 0.00034 : 0.9, q: 1, significant: false }));
    adjust(many);
    expect(many[0]!.q).toBeCloseTo(0.051, 6);
    expect(many.some((d) => d.significant)).toBe(false);
  });

  it("a paired rate's interval agrees with McNemar's test when few seeds changed (Bonett–Price)", () => {
    // 5 of 1,000 seeds changed, all one way: exact p = 0.0625, so the interval must reach zero.
    const d = pairedRateDifference(0, 5, 1000);
    expect(d.p).toBeCloseTo(0.0625, 4);
    expect(d.ci95[0]).toBeLessThanOrEqual(0);
    // 60 against 20 of 1,000: clearly a change, and the interval says so.
    const e = pairedRateDifference(20, 60, 1000);
    expect(e.p).toBeLessThan(0.001);
    expect(e.ci95[0]).toBeGreaterThan(0);
  });

  it('a distribution: mean, median, 95th percentile and whole-number bins that hold every value', () => {
    const values = Array.from({ length: 100 }, (_, i) => 10 + (i % 20));
    const d = distribution(values);
    expect(d.mean).toBe(19.5);
    expect(d.min).toBe(10);
    expect(d.max).toBe(29);
    expect(d.histogram.reduce((s, b) => s + b.count, 0)).toBe(100);
    expect(d.histogram.every((b) => Number.isInteger(b.from) && b.to > b.from)).toBe(true);
  });
});

describe('the fold (balance/fold.ts) over real games', () => {
  it('adds up: seats, ends and card counts agree with the games', () => {
    const ir = compiledGame('t-magic');
    const games = playBatch(ir, 1, 200, { tally: true });
    const settings = { game: 't-magic', title: '', format: ir.game.defaultFormat, params: {}, agents: { p1: 'random', p2: 'random' }, seed: 1, games: 200, rules: 'x' };
    const r = foldBalance(ir, settings, games);
    expect(r.counted + r.errors).toBe(200);
    const wins = r.seats.players.reduce((s, p) => s + p.wins.k, 0);
    expect(wins + r.seats.draws.k).toBe(r.counted);
    expect(r.seats.firstPlayer.n).toBe(r.counted);
    // The first player's wins, counted from the games themselves: the winner is the seat that played first.
    const firstWon = games.filter((g) => g.counts && g.counts.first >= 0 && g.winner === r.seats.players[g.counts.first]!.seat).length;
    expect(firstWon).toBeGreaterThan(0);
    expect(r.seats.firstPlayer.k).toBe(firstWon);
    expect(r.endReasons.reduce((s, e) => s + e.games.k, 0)).toBe(r.counted);
    for (const c of r.cards) {
      expect(c.winWhenDrawn.n + c.winWhenNotDrawn.n).toBe(c.inDeck);
      expect(c.winWhenDrawn.k + c.winWhenNotDrawn.k).toBe(c.ownerWin.k);
      expect(c.played.k).toBeLessThanOrEqual(c.drawn.k);
      expect(c.winWhenDrawn.ci95[0]).toBeLessThanOrEqual(c.winWhenDrawn.rate);
    }
    // A card's effect is null exactly when one of its groups is empty; a standout needs its effect.
    for (const c of r.cards) {
      expect(c.drawnEffect === null).toBe(c.winWhenDrawn.n === 0 || c.winWhenNotDrawn.n === 0);
      expect(c.winWhenOpening!.n + c.winWhenNotOpening!.n).toBe(c.inDeck);
      expect(c.opening!.k).toBeLessThanOrEqual(c.drawn.k);
      if (c.drawnEffect === null) expect(c.standout.drawn).toBeNull();
      // Every card is in a deck, and a deck lists its cards.
      expect(c.decks.length).toBeGreaterThan(0);
      for (const deck of c.decks) expect(r.decks.find((d) => d.deck === deck)!.cards).toContain(c.card);
    }
    expect(r.decks.reduce((s, d) => s + d.pairs, 0)).toBe(r.counted * 2);
    // Against the deck: an interval that excludes zero goes with p < 0.05, and the reverse.
    for (const c of r.cards)
      for (const d of [c.standout.opening, c.standout.drawn, c.standout.played]) {
        if (d === null || Math.abs(d.p - 0.05) < 0.005) continue;
        expect(d.ci95[0] > 0 || d.ci95[1] < 0, `${c.card}: ${JSON.stringify(d)}`).toBe(d.p < 0.05);
      }
    for (const a of r.actions) expect(a.usedBy.k).toBeLessThanOrEqual(r.counted * 2);
    expect(r.length.turns.histogram.reduce((s, b) => s + b.count, 0)).toBe(r.counted);
    expect(r.randomPlay).toBe(true);
  });

  it('lists the end reasons most frequent first, equal counts by name, whatever order the games met them in', () => {
    const ir = compiledGame('t-magic');
    // Seven games relabelled: met in the order zeta, beta, alpha, gamma; zeta ended one game, the others two each.
    const reasons = ['zeta', 'beta', 'alpha', 'beta', 'alpha', 'gamma', 'gamma'];
    const games = playBatch(ir, 1, reasons.length, { tally: true }).map((g, i) => ({ ...g, reason: reasons[i]! }));
    const settings = { game: 't-magic', title: '', format: ir.game.defaultFormat, params: {}, agents: { p1: 'random', p2: 'random' }, seed: 1, games: reasons.length, rules: 'x' };
    const r = foldBalance(ir, settings, games);
    expect(r.counted).toBe(reasons.length);
    expect(r.endReasons.map((e) => [e.reason, e.games.k])).toEqual([
      ['alpha', 2],
      ['beta', 2],
      ['gamma', 2],
      ['zeta', 1],
    ]);
  });
});

// In this process (grimoire-in-process.ts); through cli/bin.js where the bundle's worker threads
// or an exit code as a shell sees it are what is tested.
const grimoire = (args: string[], env: Record<string, string> = {}) => grimoireInProcess(args, { cwd: root, env: { ...process.env, ...env } });
const grimoireProcess = (args: string[], env: Record<string, string> = {}) => spawnSync(process.execPath, [join(root, 'cli/bin.js'), ...args], { cwd: root, encoding: 'utf8', timeout: 300_000, env: { ...process.env, ...env } });
const withoutTiming = (json: string) => {
  const { timing: _, ...rest } = JSON.parse(json) as { timing: unknown };
  return rest;
};

describe('grimoire balance', () => {
  it('gives the same report on one thread and on two; its hash is grimoire play\'s', async () => {
    const one = await grimoire(['balance', 'trump', '--games', '300', '--seed', '5', '--workers', '1', '--values', 'none', '--json']);
    const two = grimoireProcess(['balance', 'trump', '--games', '300', '--seed', '5', '--workers', '2', '--values', 'none', '--json']);
    expect(one.status, one.stderr).toBe(0);
    expect(two.status, two.stderr).toBe(0);
    expect(withoutTiming(two.stdout)).toEqual(withoutTiming(one.stdout));
    const r = JSON.parse(one.stdout) as BalanceReport & { timing: { gamesPerMinute: number; played: number } };
    expect(r).toMatchObject({ kind: 'report', games: 300, settings: { game: 'trump', seed: 5, games: 300, agents: { p1: 'random', p2: 'random' } }, randomPlay: true });
    expect(r.timing.gamesPerMinute).toBeGreaterThan(0);
    // Without replacement values, the games played are the report's.
    expect(r.timing.played).toBe(300);
    expect(r.cards.length).toBeGreaterThan(40);
    expect(r.actions.some((a) => a.action === '兵士召喚')).toBe(true);
    const play = JSON.parse((await grimoire(['play', 'trump', '--games', '300', '--seed', '5', '--json'])).stdout);
    expect(r.hash).toBe(play.hash);
  });

  it('says what it measured for people, rates with intervals, and random play as such', async () => {
    const r = await grimoire(['balance', 't-magic', '--games', '100', '--values', 'none']);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/p1 \(random\) won \d+\.\d% \(95% CI \d+\.\d%–\d+\.\d%, n = 100\)/);
    expect(r.stdout).toContain('Random play');
    expect(r.stdout).toContain('How games end');
    expect(r.stdout).toMatch(/turns: mean [\d.]+, median [\d.]+, 95th percentile/);
  });

  it('refuses what it cannot do, with the way out (exit 2, no stack trace)', async () => {
    const both = grimoireProcess(['balance', 'trump', '--vs', 'trump', '--vs-param', 'jokers=1']);
    expect(both.status).toBe(2);
    expect(both.stderr).toContain('--vs and --vs-param cannot go together');
    const param = await grimoire(['balance', 'trump', '--vs-param', 'jokerz=1']);
    expect(param.status).toBe(2);
    expect(param.stderr).toContain("--vs-param: unknown parameter 'jokerz'");
    expect(param.stderr).not.toMatch(/\n\s+at /);
    // A text parameter's value is one of its readings: a misspelt one would silently play the default.
    const value = await grimoire(['balance', 'trump', '--vs-param', 'damage_mode=pointz']);
    expect(value.status).toBe(2);
    expect(value.stderr).toContain("--vs-param: parameter 'damage_mode' is one of 'mill', 'points', got 'pointz'");
    const game = await grimoire(['balance', 'trump', '--vs', 'trumpp']);
    expect(game.status).toBe(2);
    expect(game.stderr).toContain("unknown game 'trumpp'");
  });

  it('leaves an --html file alone when an argument is refused, and writes it when the run is done', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'grimoire-html-'));
    try {
      const file = join(dir, 'report.html');
      writeFileSync(file, 'precious');
      const bad = await grimoire(['balance', 't-magic', '--games', '5', '--html', file, '--vs-param', 'nosuch=1']);
      expect(bad.status).toBe(2);
      expect(readFileSync(file, 'utf8')).toBe('precious');
      const good = await grimoire(['balance', 't-magic', '--games', '5', '--values', 'none', '--html', file]);
      expect(good.status, good.stderr).toBe(0);
      expect(readFileSync(file, 'utf8')).toMatch(/^<!doctype html>/i);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('says what changed, or that nothing did — never both', async () => {
    const moved = await grimoire(['balance', 't-magic', '--vs-param', 'inactivity_rounds=1', '--games', '200']);
    expect(moved.status, moved.stderr).toBe(0);
    expect(moved.stdout).toMatch(/What changed — [1-9]\d* of \d+ metrics moved significantly/);
    expect(moved.stdout).not.toContain('nothing: every difference');
    const one = await grimoire(['balance', 't-magic', '--vs-param', 'inactivity_rounds=1', '--games', '1', '--json']);
    expect(one.status, one.stderr).toBe(0);
    // One seed estimates no spread: no mean is compared, and the JSON has no empty numbers.
    expect(one.stdout).not.toContain('null,null');
    const c = JSON.parse(one.stdout) as BalanceComparison;
    expect(c.changes.some((x) => x.test === 'paired-t')).toBe(false);
    const text = await grimoire(['balance', 't-magic', '--vs-param', 'inactivity_rounds=1', '--games', '1']);
    expect(text.stdout).toContain('nothing: every difference');
  });

  describe('--vs a revision of trump whose 兵士召喚 no longer drives a barrier', () => {
    const project = mkdtempSync(join(tmpdir(), 'grimoire-balance-'));
    afterAll(() => rmSync(project, { recursive: true, force: true }));
    mkdirSync(join(project, 'rules', 'trump_cheap'), { recursive: true });
    mkdirSync(join(project, 'cards'));
    symlinkSync(join(root, 'rules', 'trump'), join(project, 'rules', 'trump'));
    symlinkSync(join(root, 'cards', 'trump'), join(project, 'cards', 'trump'));
    const revision = readFileSync(join(root, 'test', 'revision.test.ts'), 'utf8').match(/const revisionText = `([\s\S]*?)`;/)![1]!.replace('trump_draft', 'trump_cheap').replace('remove action 剣の雨', '');
    writeFileSync(join(project, 'rules', 'trump_cheap', 'revision.grim'), revision);

    it('plays the same seeds under both, pairs them, and marks the changes that are significant', async () => {
      const r = await grimoire(['balance', 'trump', '--vs', 'trump_cheap', '--games', '400', '--seed', '1', '--json'], { GRIMOIRE_ROOT: project });
      expect(r.status, r.stderr).toBe(0);
      const c = JSON.parse(r.stdout) as BalanceComparison;
      expect(c.kind).toBe('comparison');
      expect(c.paired).toBe(true);
      expect(c.base.settings.seed).toBe(c.other.settings.seed);
      expect(c.other.settings.game).toBe('trump_cheap');
      expect(c.base.settings.rules).not.toBe(c.other.settings.rules);
      // The cheaper summon is used more: a large, significant change, tested seed by seed.
      const uses = c.changes.find((x) => x.metric === 'actions.兵士召喚.perGame')!;
      expect(uses.test).toBe('paired-t');
      expect(uses.other).toBeGreaterThan(uses.base);
      expect(uses.change.significant).toBe(true);
      expect(uses.change.ci95[0]).toBeGreaterThan(0);
      // Seats are compared per seed (McNemar); significant changes come first.
      expect(c.changes.find((x) => x.metric === 'seats.p1.wins')!.test).toBe('mcnemar');
      const firstQuiet = c.changes.findIndex((x) => !x.change.significant);
      expect(c.changes.slice(firstQuiet).every((x) => !x.change.significant)).toBe(true);
      // The base side is the plain balance report of trump.
      const alone = JSON.parse((await grimoire(['balance', 'trump', '--games', '400', '--seed', '1', '--values', 'none', '--json'], { GRIMOIRE_ROOT: project })).stdout);
      expect(c.base.hash).toBe(alone.hash);
      expect(c.base.cards).toEqual(alone.cards);
    });

    it('--vs-param compares two readings of a rule parameter on the same seeds', async () => {
      const r = await grimoire(['balance', 'trump', '--vs-param', 'opening_hand=7', '--games', '200', '--json'], { GRIMOIRE_ROOT: project });
      expect(r.status, r.stderr).toBe(0);
      const c = JSON.parse(r.stdout) as BalanceComparison;
      expect(c.otherLabel).toContain('opening_hand=7');
      expect(c.base.settings.params.opening_hand).toBe(5);
      expect(c.other.settings.params.opening_hand).toBe(7);
      expect(c.changes.length).toBeGreaterThan(10);
    });
  });
});
